package training_test

import (
	"context"
	"testing"

	_ "github.com/moongym/moongym/agents/heuristics/planetcubes"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/training"
)

// BenchmarkHeuristicGames measures an imitation's game playing and
// recording (training.HeuristicGames: the heuristic's games, the keep
// draws, the positions' observations and targets), in games per second:
// planet-cubes, 2 players, every position and a tenth of them.
func BenchmarkHeuristicGames(b *testing.B) {
	g, err := engine.Load("planet-cubes", nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		keep float64
	}{{"all", 0}, {"keep0.1", 0.1}} {
		b.Run(c.name, func(b *testing.B) {
			cfg := training.ImitateConfig{Games: 8, Epsilon: 0.1, Smooth: 0.1, Epochs: 1, Seed: 1, Keep: c.keep}
			for b.Loop() {
				if _, _, err := training.HeuristicGames(context.Background(), g, cfg, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cfg.Games*b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
