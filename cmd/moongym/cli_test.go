package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/moongym/moongym/engine"
)

// run executes the CLI with args and stdin, returning stdout and the error.
func run(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	resetFlags(root)
	var out bytes.Buffer
	root.SetArgs(args)
	root.SetIn(strings.NewReader(stdin))
	root.SetOut(&out)
	root.SetErr(&out)
	err := root.Execute()
	return out.String(), err
}

// resetFlags puts every flag back to its default: cobra keeps values
// between Execute calls.
func resetFlags(c *cobra.Command) {
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			// Set appends to a slice flag; Replace restores it.
			def := strings.Trim(f.DefValue, "[]")
			var vals []string
			if def != "" {
				vals = strings.Split(def, ",")
			}
			_ = sv.Replace(vals)
		} else {
			_ = f.Value.Set(f.DefValue)
		}
		f.Changed = false
	})
	for _, sub := range c.Commands() {
		resetFlags(sub)
	}
}

func TestGamesJSON(t *testing.T) {
	out, err := run(t, "", "games", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var games []map[string]any
	if err := json.Unmarshal([]byte(out), &games); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	found := false
	for _, g := range games {
		for _, k := range []string{"name", "title", "min_players", "max_players", "params"} {
			if _, ok := g[k]; !ok {
				t.Errorf("game %v lacks %q", g["name"], k)
			}
		}
		if _, isList := g["params"].([]any); !isList {
			t.Errorf("%v: params is %T, want a list", g["name"], g["params"])
		}
		found = found || g["name"] == "tictactoe"
	}
	if !found {
		t.Fatal("tictactoe not listed")
	}
}

func TestGamesTable(t *testing.T) {
	out, err := run(t, "", "games")
	// The help promises chance, information and utility kinds.
	if err != nil || !strings.Contains(out, "NAME") || !strings.Contains(out, "UTILITY") ||
		!regexp.MustCompile(`tictactoe +Tic-tac-toe +2 +deterministic +perfect +zero-sum +-`).MatchString(out) {
		t.Fatalf("%v\n%s", err, out)
	}
}

func TestPlayHumanWinsAndRecords(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "g.json")
	// The human (X) against itself-as-O: both seats human, so the moves are scripted.
	out, err := run(t, "a1\nnonsense\n42\na2\nb1\nb2\n1\n", "play", "tictactoe", "--seats", "human,human", "--seed", "1", "--record", rec)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"is not a legal action", "no action numbered 42", "X wins", "Returns [1 -1]", "record written"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	f, err := os.Open(rec)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := engine.ReadRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Actions) != 5 || r.Actions[4] != 2 {
		t.Fatalf("record actions %v", r.Actions)
	}
	replayed, err := run(t, "", "replay", rec)
	if err != nil || !strings.Contains(replayed, "move 5/5: p0 plays c1") || !strings.Contains(replayed, "Game over") {
		t.Fatalf("replay: %v\n%s", err, replayed)
	}
}

func TestPlayUndoAndQuit(t *testing.T) {
	out, err := run(t, "b2\nundo\nundo\nc3\nquit\n", "play", "tictactoe", "--seats", "human,random", "--seed", "4")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "undone: back to your move 1") || !strings.Contains(out, "nothing to undo") || !strings.Contains(out, "quitting") {
		t.Fatalf("%s", out)
	}
}

func TestPlayEndOfInputQuits(t *testing.T) {
	out, err := run(t, "", "play", "tictactoe", "--seed", "2")
	if err != nil || !strings.Contains(out, "end of input") {
		t.Fatalf("%v\n%s", err, out)
	}
}

func TestPlayAIOnly(t *testing.T) {
	out, err := run(t, "", "play", "tictactoe", "--seats", "heuristic,heuristic", "--seed", "9")
	if err != nil || !strings.Contains(out, "Game over") {
		t.Fatalf("%v\n%s", err, out)
	}
}

func TestPlayErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"play", "chess"}, "unknown game"},
		{[]string{"play"}, "games: lunar-rally, march-mars, planet-cubes, tictactoe"},
		{[]string{"play", "tictactoe", "--seats", "human"}, "has 1 seats, the game has 2"},
		{[]string{"play", "tictactoe", "--seats", "human,alphago"}, "unknown agent"},
		{[]string{"play", "tictactoe", "--params", "size=4"}, "unknown parameter"},
		{[]string{"play", "tictactoe", "--seats", "human,random:depth=3"}, "has no option"},
		{[]string{"replay", "/no/such/file"}, "no such file"},
	}
	for _, c := range cases {
		_, err := run(t, "", c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.args, err, c.want)
		}
	}
}

func TestReplayRejectsBadRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(path, []byte(`{"game":"tictactoe","params":{},"actions":[4,4]}`), 0o644)
	_, err := run(t, "", "replay", path)
	if err == nil || !strings.Contains(err.Error(), "action 2 of 2") {
		t.Fatalf("got %v", err)
	}
}

func TestSplitSpecs(t *testing.T) {
	got := splitSpecs("mcts:sims=10,c=2,random,heuristic:seed=3")
	want := []string{"mcts:sims=10,c=2", "random", "heuristic:seed=3"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q", got)
	}
}

func TestEveryCommandHasHelpAndExample(t *testing.T) {
	for _, c := range root.Commands() {
		if c.Name() == "help" || c.Name() == "completion" {
			continue
		}
		if c.Short == "" || c.Example == "" {
			t.Errorf("%s: Short %q, Example %q", c.Name(), c.Short, c.Example)
		}
	}
}

// TestPlayPartOfName: a word of an action's name, or its start, picks the
// action when no other legal action matches; several matches are listed.
func TestPlayPartOfName(t *testing.T) {
	// Welcome to the Moon opens with a choice of combinations named like
	// "9 Robot [c1]".
	out, err := run(t, "c2\nquit\n", "play", "welcome-moon", "--seats", "human,random", "--seed", "3")
	if err != nil || strings.Contains(out, "not a legal action") || !strings.Contains(out, "to play: write") {
		t.Fatalf("c2 did not pick a combination: %v\n%s", err, out)
	}
	out, err = run(t, "c\nquit\n", "play", "tictactoe", "--seats", "human,random", "--seed", "3")
	if err != nil || !strings.Contains(out, `"c" matches c1, c2, c3: type more`) {
		t.Fatalf("%v\n%s", err, out)
	}
}

// TestGamesOne: "games NAME" prints the description and every parameter
// with its range, default and doc.
func TestGamesOne(t *testing.T) {
	for _, spec := range engine.Games() {
		out, err := run(t, "", "games", spec.Name)
		if err != nil {
			t.Fatalf("%s: %v", spec.Name, err)
		}
		if !strings.Contains(strings.Join(strings.Fields(out), " "), spec.Description) {
			t.Errorf("%s: no description\n%s", spec.Name, out)
		}
		for _, p := range spec.Params {
			line := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(p.Name) + ` .*$`).FindString(out)
			for _, want := range []string{p.Kind.String(), p.Range(), p.Doc} {
				if !strings.Contains(line, want) {
					t.Errorf("%s: parameter %s lacks %q: %q", spec.Name, p.Name, want, line)
				}
			}
		}
	}
	out, err := run(t, "", "games", "planet-cubes")
	if err != nil || !regexp.MustCompile(`first +int +-1\.\.players-1 \(at most 5\) +-1 +first player`).MatchString(out) {
		t.Errorf("%v\n%s", err, out)
	}
	for _, want := range []string{`board +file +name or file`, `Built-in models \(`, `  defaults +planet-cubes\.safetensors`, `  players=4 +planet-cubes-p4\.safetensors`} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("games planet-cubes lacks %q:\n%s", want, out)
		}
	}
	out, err = run(t, "", "games", "planet-cubes", "--json")
	var spec map[string]any
	if err != nil || json.Unmarshal([]byte(out), &spec) != nil || spec["name"] != "planet-cubes" {
		t.Errorf("--json: %v\n%s", err, out)
	}
	if _, err := run(t, "", "games", "chess"); err == nil || !strings.Contains(err.Error(), "unknown game") {
		t.Errorf("chess: %v", err)
	}
}
