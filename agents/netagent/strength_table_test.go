package netagent_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

var updateStrength = flag.Bool("update", false, "TestBuiltinStrengthTable: rewrite docs/benchmarks/builtin-models.md and models/opponents/strength.json from the tournament records")

// The tournament records (TestBuiltinStrength -strength.out), the table
// made of them, and the strengths the CLI shows (embedded beside the
// models).
var (
	strengthRecords = filepath.Join("..", "..", "docs", "benchmarks", "builtin")
	strengthTable   = filepath.Join("..", "..", "docs", "benchmarks", "builtin-models.md")
	strengthJSON    = filepath.Join("..", "..", "models", "opponents", models.StrengthFile)
)

// TestBuiltinStrengthTable generates the table of the built-in models
// (every configuration each plays: its file, dtype, size and measured
// strength) and the strengths "moongym games NAME" shows, from the model
// files' metadata and the tournament records of docs/benchmarks/builtin
// (judged as TestBuiltinStrength judges them), and fails where the
// committed table or strength.json differ from what the files and records
// give (run with -update to rewrite them). A record counts only for the
// weights it was played with (weightsSHA256): a network changed since its
// tournament shows as not measured.
func TestBuiltinStrengthTable(t *testing.T) {
	all, err := models.BuiltinModels()
	if err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t)
	rows := []models.Strength{}
	var md strings.Builder
	var total int64
	files := map[string]bool{}
	md.WriteString(tableHeader)
	md.WriteString("| game | configuration | model file | dtype | bytes | measure | result | bar |\n|---|---|---|---|---:|---|---|---|\n")
	held, configs := 0, 0
	holds := map[string]bool{} // by game and Params.String: a model plays it, and whether it holds its bar
	for _, b := range all {
		g := loadBuiltinGame(t, b)
		m, err := models.LoadBuiltin(g)
		if err != nil {
			t.Fatal(err)
		}
		size, err := models.BuiltinFileSize(b.File)
		if err != nil {
			t.Fatal(err)
		}
		if !files[b.File] {
			files[b.File] = true
			total += size
		}
		configs++
		sum := weightsSHA256(t, b.File)
		reps := map[string]*arena.Report{}
		for _, r := range recs {
			if r.File == b.File && r.Params == b.Params.String() && r.SHA256 == sum {
				reps[r.Agent] = r.Report
			}
		}
		config := cmp.Or(b.Params.ApartFrom(g.Spec()), "defaults")
		if b.Covered {
			config += " (covered)"
		}
		result, bar := "no record of a tournament with these weights (its documented result: models/opponents/README.md)", ""
		if b.Game == "tictactoe" {
			result, bar = "draws every game against the heuristic, and loses none to any reply (TestAZNeverLoses)", "holds"
			held++
		} else if s, ok := judge(measureOf(g), reps); ok {
			s.File, s.Params = b.File, b.Params.String()
			rows = append(rows, s)
			result, bar = s.Summary, "under it"
			if s.Holds {
				bar = "holds"
				held++
			}
		}
		fmt.Fprintf(&md, "| %s | %s | %s | %s | %d | %s | %s | %s |\n", b.Game, config, b.File, m.Dtype, size, measureOf(g), result, bar)
		holds[b.Game+" "+b.Params.String()] = bar == "holds"
	}
	fmt.Fprintf(&md, "\n%d configurations with a model, %d of them measured above their bar; %d model files, %d bytes (%.1f MiB) in all.\n", configs, held, len(files), total, float64(total)/(1<<20))
	writeCoverage(t, &md, holds)
	js, err := json.MarshalIndent(rows, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	js = append(js, '\n')
	for _, f := range []struct {
		path string
		data []byte
	}{{strengthTable, []byte(md.String())}, {strengthJSON, js}} {
		if *updateStrength {
			if err := os.WriteFile(f.path, f.data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, err := os.ReadFile(f.path)
		if err != nil || !bytes.Equal(old, f.data) {
			t.Errorf("%s is not what the model files and docs/benchmarks/builtin give (%v): go test ./agents/netagent -run TestBuiltinStrengthTable -args -update", f.path, err)
		}
	}
}

// writeCoverage writes the section that counts every configuration of
// every game (configurations) and names those without a model; holds has
// the configurations with one, by "GAME PARAMS", each of which must be
// among them.
func writeCoverage(t *testing.T, md *strings.Builder, holds map[string]bool) {
	t.Helper()
	md.WriteString(coverageHeader)
	md.WriteString("| game | configurations | with a model | measured above the bar | without a model |\n|---|---:|---:|---:|---:|\n")
	var missing strings.Builder
	listed := map[string]bool{}
	all, with, above := 0, 0, 0
	for _, game := range engine.Names() {
		g, err := engine.Load(game, nil)
		if err != nil {
			t.Fatal(err)
		}
		var none []string
		n, w, a := 0, 0, 0
		for _, p := range configurations(t, game) {
			key := game + " " + p.String()
			listed[key] = true
			n++
			h, ok := holds[key]
			switch {
			case !ok:
				none = append(none, cmp.Or(p.ApartFrom(g.Spec()), "defaults"))
			case h:
				w++
				a++
			default:
				w++
			}
		}
		fmt.Fprintf(md, "| %s | %d | %d | %d | %d |\n", game, n, w, a, len(none))
		if len(none) > 0 {
			fmt.Fprintf(&missing, "- **%s**: %s.\n", game, strings.Join(none, "; "))
		}
		all, with, above = all+n, with+w, above+a
	}
	fmt.Fprintf(md, "| all | %d | %d | %d | %d |\n", all, with, above, all-with)
	if missing.Len() > 0 {
		md.WriteString("\nWithout a model (`az:model=builtin` fails there with an error that lists the configurations that have one):\n\n")
		md.WriteString(missing.String())
	}
	for key := range holds {
		if !listed[key] {
			t.Errorf("the built-in model of %s plays a configuration outside the game's configurations (configurationAxes)", key)
		}
	}
}

// readRecords reads every tournament record of docs/benchmarks/builtin.
func readRecords(t *testing.T) []strengthRecord {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(strengthRecords, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []strengthRecord
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var r strengthRecord
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil || r.Report == nil {
			t.Fatalf("%s: not a tournament record: %v", p, err)
		}
		if _, err := engine.ParseParams(r.Params); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out = append(out, r)
	}
	return out
}

const coverageHeader = `
## Every configuration

A configuration is a combination of the parameters that change what the game
is: the number of players; welcome-moon's adventure, and ASTRA's level in its
solo game (players=1); walking-moon's rules and edition; lunar-rally's scenario
map; march-mars's edition and difficulty. The other parameters (optional rules,
round limits, data files) are at their defaults.

`

const tableHeader = `# Built-in models: every configuration, its file and its strength

Generated by ` + "`go test ./agents/netagent -run TestBuiltinStrengthTable -args -update`" + `
from the model files' metadata and the tournament records in
[builtin/](builtin/), which ` + "`go test ./agents/netagent -run TestBuiltinStrength -timeout 0 -args -strength -strength.out ../../docs/benchmarks/builtin`" + `
writes (` + "`-strength.only REGEXP`" + ` plays the configurations whose "FILE PARAMS" match;
with ` + "`-v`" + ` it logs each tournament's progress at every tenth of its games).
A record counts only for the weights it was played with (the SHA-256 of the
network as loaded; metadata such as covers does not change it): a network
changed since, or not played since the records began, shows no result here
(models/opponents/README.md has what its own tournaments gave). A configuration marked *covered* is played
by a model trained for another configuration of the game with the same shapes
(its metadata's ` + "`covers`" + `, written by ` + "`moongym export --covers`" + `), measured there as the
others are. The bars, by measure (every game against the game's heuristic):

- **duel** (two players): ` + "`az:model=builtin,sims=100`" + `'s win rate with its 95% interval
  above 0.55, and the raw network's (` + "`net:model=builtin`" + `) above 0.5; 400 games (1,000
  where declared before playing), the first 6 decisions random, seats rotated.
- **among** (more seats): one ` + "`az`" + ` seat among heuristics, 400 games, seats rotated,
  6 random opening decisions: its mean rank's interval better than the
  heuristic seats' pooled mean rank.
- **solo** (against ASTRA): ` + "`az`" + ` and the heuristic on the same 400 game seeds: az's
  mean score and win rate both above the heuristic's.
- **team** (March on Mars): the team of ` + "`az:model=builtin,sims=400`" + ` in every seat and
  the heuristic team on the same game seeds (4,000 each): the two win-rate
  intervals apart.

`
