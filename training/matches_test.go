package training_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/training"
)

// recordingMatches plays the matches here, records them, and fails the
// match at index fail (-1: none).
type recordingMatches struct {
	local   training.LocalMatches
	matches []training.Match
	fail    int
}

var errMatch = errors.New("match failed")

func (r *recordingMatches) Play(m training.Match) (arena.AgentStats, error) {
	r.matches = append(r.matches, m)
	if len(r.matches)-1 == r.fail {
		return arena.AgentStats{}, errMatch
	}
	return r.local.Play(m)
}

// TestMatchSource: a run whose evaluation matches go through a
// MatchSource is the local run (metrics with the win rates and their
// intervals, best.safetensors); the matches are those of the evaluation,
// and a match's error stops the run with it.
func TestMatchSource(t *testing.T) {
	g := tictactoe.Game{}
	cfg := tinyConfig(t)
	runs := make([]*training.Trainer, 2)
	src := &recordingMatches{local: training.LocalMatches{Game: g}, fail: -1}
	for k := range runs {
		tr, err := training.NewTrainer(g, cfg, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		defer tr.Close()
		if k == 1 {
			tr.Matches = src
		}
		runTo(t, tr, 4)
		runs[k] = tr
	}
	a, _ := training.MetricsCSV(stripTimes(runs[0].Metrics()))
	b, _ := training.MetricsCSV(stripTimes(runs[1].Metrics()))
	if string(a) != string(b) {
		t.Fatalf("metrics with a match source:\n%s\nwant\n%s", b, a)
	}
	best := make([][]byte, 2)
	for k, tr := range runs {
		data, err := os.ReadFile(filepath.Join(tr.Dir, training.BestFile))
		if err != nil {
			t.Fatal(err)
		}
		best[k] = data
	}
	if string(best[0]) != string(best[1]) {
		t.Fatal("best.safetensors differs with a match source")
	}
	// Iterations 2 and 4: random and heuristic, then the previous network.
	want := []struct {
		it   int64
		opp  string
		prev bool
	}{{2, "random", false}, {2, "heuristic", false}, {4, "random", false}, {4, "heuristic", false}, {4, "previous net", true}}
	if len(src.matches) != len(want) {
		t.Fatalf("%d matches, want %d", len(src.matches), len(want))
	}
	for i, w := range want {
		m := src.matches[i]
		if m.Iteration != w.it || m.Opponent.Name != w.opp || (m.Opponent.Net != nil) != w.prev ||
			m.Games != cfg.EvalGames || m.Search != cfg.EvalSearch() || m.Name != "net" {
			t.Errorf("match %d: %+v", i, m)
		}
	}

	src = &recordingMatches{local: training.LocalMatches{Game: g}, fail: 1}
	tr, err := training.NewTrainer(g, cfg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	tr.Matches = src
	if err := tr.Step(); err != nil {
		t.Fatal(err)
	}
	if err := tr.Step(); !errors.Is(err, errMatch) {
		t.Fatalf("a failed match gave %v", err)
	}
}
