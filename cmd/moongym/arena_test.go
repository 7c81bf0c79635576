package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

func TestSplitAgents(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"mcts,random", []string{"mcts", "random"}},
		{"mcts:sims=800,c=1.4,random", []string{"mcts:sims=800,c=1.4", "random"}},
		{"random,seed=3,mcts:sims=5", []string{"random:seed=3", "mcts:sims=5"}},
		{" a , b ,", []string{"a", "b"}},
		{"", nil},
	} {
		if got := splitAgents(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("splitAgents(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestArenaCommand(t *testing.T) {
	dir := t.TempDir()
	js, recs := filepath.Join(dir, "out.json"), filepath.Join(dir, "games.jsonl")
	out, err := run(t, "", "arena", "tictactoe", "--agents", "mcts:sims=100,random", "--games", "10", "--seed", "3", "--json", js, "--records", recs, "--quiet")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "mcts:sims=100") || !strings.Contains(out, "WIN RATE") || !strings.Contains(out, "SEAT 1") {
		t.Errorf("table:\n%s", out)
	}
	data, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Game   string `json:"game"`
		Games  int    `json:"games"`
		Agents []struct {
			Spec      string    `json:"spec"`
			Wins      *int      `json:"wins"`
			Losses    *int      `json:"losses"`
			Draws     *int      `json:"draws"`
			WinRate   *float64  `json:"win_rate"`
			CI95      []float64 `json:"ci95"`
			MeanScore *float64  `json:"mean_score"`
		} `json:"agents"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Game != "tictactoe" || rep.Games != 10 || len(rep.Agents) != 2 {
		t.Fatalf("report %+v", rep)
	}
	for _, a := range rep.Agents {
		if a.Wins == nil || a.Losses == nil || a.Draws == nil || a.WinRate == nil || len(a.CI95) != 2 || a.MeanScore == nil {
			t.Errorf("agent %q lacks fields: %s", a.Spec, data)
		}
	}
	f, err := os.Open(recs)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := engine.ReadRecords(f)
	if err != nil || len(records) != 10 {
		t.Fatalf("%d records, %v", len(records), err)
	}
	for _, r := range records {
		if _, s, err := r.Replay(); err != nil || !s.IsTerminal() || !slices.Equal(s.Returns(nil), r.Returns) {
			t.Errorf("record does not replay: %v", err)
		}
	}
	if _, err := run(t, "", "arena", "tictactoe", "--games", "2"); err == nil {
		t.Errorf("no --agents accepted")
	}
	if _, err := run(t, "", "arena", "tictactoe", "--agents", "nosuch,random", "--games", "2", "--quiet"); err == nil {
		t.Errorf("unknown agent accepted")
	}
}

// TestArenaOpening: --opening varies the games of deterministic agents
// and is reported in the table and the JSON.
func TestArenaOpening(t *testing.T) {
	dir := t.TempDir()
	js, recs := filepath.Join(dir, "out.json"), filepath.Join(dir, "games.jsonl")
	out, err := run(t, "", "arena", "tictactoe", "--agents", "mcts:sims=20,random", "--games", "12", "--opening", "3", "--json", js, "--records", recs, "--quiet")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "first 3 decisions random") {
		t.Errorf("table does not say the opening:\n%s", out)
	}
	data, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Opening int `json:"opening"`
	}
	if err := json.Unmarshal(data, &rep); err != nil || rep.Opening != 3 {
		t.Errorf("JSON opening %d, %v", rep.Opening, err)
	}
	if _, err := run(t, "", "arena", "tictactoe", "--agents", "random", "--games", "2", "--opening", "-1", "--quiet"); err == nil {
		t.Errorf("negative --opening accepted")
	}
}

// TestArenaPairwise: with more agents than seats the table and the JSON
// report say who beat whom.
func TestArenaPairwise(t *testing.T) {
	js := filepath.Join(t.TempDir(), "out.json")
	out, err := run(t, "", "arena", "tictactoe", "--agents", "heuristic,random,greedy", "--games", "12", "--json", js, "--quiet")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !regexp.MustCompile(`(?m)^random +\d+-\d+-\d+ [01]\.\d{3} +- +\d+-\d+-\d+ [01]\.\d{3}$`).MatchString(out) {
		t.Errorf("no pairwise table:\n%s", out)
	}
	data, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Pairwise []struct {
			Agents [2]int `json:"agents"`
			Games  int    `json:"games"`
		} `json:"pairwise"`
	}
	if err := json.Unmarshal(data, &rep); err != nil || len(rep.Pairwise) != 3 || rep.Pairwise[0].Games != 4 {
		t.Fatalf("%v: %s", err, data)
	}
}
