package training_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/training"
)

// TestLongRun is a manual experiment: MOONGYM_LONGRUN=DIR runs tictactoe
// training there with MOONGYM_TRAIN settings for MOONGYM_MINUTES.
func TestLongRun(t *testing.T) {
	dir := os.Getenv("MOONGYM_LONGRUN")
	if dir == "" {
		t.Skip("set MOONGYM_LONGRUN=DIR to run")
	}
	cfg, err := training.ParseConfig(os.Getenv("MOONGYM_TRAIN"), training.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	minutes, _ := strconv.ParseFloat(os.Getenv("MOONGYM_MINUTES"), 64)
	tr, err := training.NewTrainer(tictactoe.Game{}, cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	tr.Progress = func(r training.Row) {
		t.Logf("it %d %.0fs games %d %.1f g/s %.0f s/s loss %.3f/%.3f rand %.2f heur %.2f prev %.2f",
			r.Iteration, r.Elapsed, r.Games, r.GamesPerSec, r.SamplesPerSec, r.PolicyLoss, r.ValueLoss, r.VsRandom, r.VsHeuristic, r.VsPrevious)
	}
	if err := tr.Run(context.Background(), 0, time.Now().Add(time.Duration(minutes*float64(time.Minute)))); err != nil {
		t.Fatal(err)
	}
}
