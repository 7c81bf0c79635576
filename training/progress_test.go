package training_test

import (
	"testing"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// TestSelfPlayOnGame: OnGame is told of every finished game, one call at a
// time, counting up to the number of games, whatever the parallelism.
func TestSelfPlayOnGame(t *testing.T) {
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, parallel := range []int{1, 4} {
		cfg := tinyConfig(t)
		cfg.Parallel = parallel
		ev, err := models.NewEvaluator(g, m.Net, 0)
		if err != nil {
			t.Fatal(err)
		}
		var calls []int
		sp := training.SelfPlay{Game: g, Cfg: cfg, OnGame: func(done, total int) {
			if total != 7 {
				t.Errorf("total %d, want 7", total)
			}
			calls = append(calls, done) // one call at a time: no race
		}}
		if _, err := sp.Play(ev, 1, 7); err != nil {
			t.Fatal(err)
		}
		if len(calls) != 7 {
			t.Fatalf("parallel %d: %d calls, want 7", parallel, len(calls))
		}
		for i, d := range calls {
			if d != i+1 {
				t.Fatalf("parallel %d: calls %v, want 1..7 in order", parallel, calls)
			}
		}
	}
}
