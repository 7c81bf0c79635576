package netagent_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/agents"
)

// Every option of every registered agent (agents/all, imported by
// builtin_test.go) is sorted here by whether one request can make it
// scale a move's memory or the cost of one simulation; a new option must
// be added to one list or the other.
var (
	// workScaling options must have a bound (agents.Option.Max).
	workScaling = []string{"batch", "rollouts", "worlds", "playout"}
	// unscaled options have none: sims and cache are bounded by the
	// server's --max-sims and --max-cache; gumbelm is clamped to the legal actions and sizes
	// nothing; maxtime only shortens a search; the numbers (c, temperature,
	// alpha, eps, temp, cscale) are refused by the factories when not
	// finite; model names a file (the server's AllowFiles) or builtin.
	unscaled = []string{"seed", "sims", "c", "uct", "evaluator", "temperature", "alpha", "eps", "reuse", "mode", "maxtime", "model", "temp", "gumbel", "gumbelm", "cscale", "cache"}
)

// TestEveryScalingOptionIsBounded: the options that scale work or memory
// have a bound, the others none, and every default is within its bound.
func TestEveryScalingOptionIsBounded(t *testing.T) {
	for _, info := range agents.Registered() {
		for _, o := range info.Options {
			switch {
			case slices.Contains(workScaling, o.Name) && o.Max <= 0:
				t.Errorf("%s: option %s scales work or memory but has no Max", info.Name, o.Name)
			case slices.Contains(unscaled, o.Name) && o.Max != 0:
				t.Errorf("%s: option %s has Max %d but is listed as unscaled", info.Name, o.Name, o.Max)
			case !slices.Contains(workScaling, o.Name) && !slices.Contains(unscaled, o.Name):
				t.Errorf("%s: option %s is new: decide whether it scales a move's work or memory, give it a Max if so, and list it in bounds_test.go", info.Name, o.Name)
			}
			if o.Max > 0 {
				if n, err := strconv.ParseInt(o.Default, 10, 64); err != nil || n > o.Max || n < 0 {
					t.Errorf("%s: option %s's default %q is not an integer in [0, %d]", info.Name, o.Name, o.Default, o.Max)
				}
			}
		}
		if err := agents.CheckBounds(info.Name); err != nil {
			t.Errorf("%s with its defaults: %v", info.Name, err)
		}
	}
}

// TestDocumentedSpecsWithinBounds: every agent spec the docs, the README
// and the built-in opponents' README write is within the bounds a server
// accepts (placeholders such as playout=N are skipped), unless the page
// shows the server refusing it with CheckBounds's message.
func TestDocumentedSpecsWithinBounds(t *testing.T) {
	root := filepath.Join("..", "..")
	var files []string
	for _, f := range []string{"README.md", filepath.Join("models", "opponents", "README.md")} {
		files = append(files, filepath.Join(root, f))
	}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, info := range agents.Registered() {
		if len(info.Options) > 0 {
			names = append(names, regexp.QuoteMeta(info.Name))
		}
	}
	spec := regexp.MustCompile(`\b(` + strings.Join(names, "|") + `):[A-Za-z0-9_.=,/+-]+`)
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, list := range spec.FindAllString(string(b), -1) {
			for _, s := range splitAgents(strings.TrimRight(list, ".,")) {
				err := agents.CheckBounds(s)
				if err != nil && strings.Contains(err.Error(), "over the bound") && !showsRefusal(string(b), err) {
					t.Errorf("%s: %s: %v", f, s, err)
				}
				if err == nil {
					checked++
				}
			}
		}
	}
	over := agents.CheckBounds("mcts:batch=65")
	if showsRefusal("mcts:batch=65", over) || !showsRefusal(`"message":"bad agent spec: mcts: batch=65 is over the bound 64 this server accepts (batch \u003c= 64)"`, over) {
		t.Errorf("showsRefusal is wrong about %v", over)
	}
	if checked < 100 {
		t.Errorf("only %d agent specs found in the docs: is the pattern right?", checked)
	}
}

// splitAgents cuts a comma-separated list of agent specs, as --agents
// takes it ("az:model=M,sims=100,heuristic"): a part with a colon or
// without "=" starts a new spec, the others are options of the current one.
func splitAgents(list string) []string {
	var out []string
	for _, part := range strings.Split(list, ",") {
		if len(out) == 0 || strings.Contains(part, ":") || !strings.Contains(part, "=") {
			out = append(out, part)
		} else {
			out[len(out)-1] += "," + part
		}
	}
	return out
}

// showsRefusal: page quotes err's message (from the agent's name to the
// bound, which JSON output leaves unescaped), as an example of a spec the
// server refuses.
func showsRefusal(page string, err error) bool {
	msg := strings.TrimPrefix(err.Error(), agents.ErrBadSpec.Error()+": ")
	msg, _, _ = strings.Cut(msg, " this server accepts")
	return strings.Contains(page, msg)
}
