package models_test

import (
	"fmt"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/models/internal/modeltest"
)

// BenchmarkPredict measures the fast forward pass on tictactoe-shaped
// inputs, in samples per second, at batch 1 and batched.
func BenchmarkPredict(b *testing.B) {
	g := tictactoe.Game{}
	for _, arch := range []models.Arch{
		models.DefaultArch(models.ShapesOf(g)),
		{Kind: models.KindMLP, Width: 64, Depth: 2, ValueHidden: 32},
	} {
		net, err := models.NewNetwork(models.ShapesOf(g), arch, 1)
		if err != nil {
			b.Fatal(err)
		}
		for _, rows := range []int{1, 64} {
			b.Run(fmt.Sprintf("%s-w%d/batch%d", arch.Kind, arch.Width, rows), func(b *testing.B) {
				s := net.Shapes
				obs, mask := modeltest.RandomBatch(s, rows, 1)
				pol, val := make([]float32, rows*s.Actions), make([]float32, rows*s.Players)
				p := net.NewPredictor()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := p.Predict(rows, obs, mask, pol, val); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(rows*b.N)/b.Elapsed().Seconds(), "samples/s")
			})
		}
	}
}

// BenchmarkEvaluatorCached measures an evaluation that hits the cache.
func BenchmarkEvaluatorCached(b *testing.B) {
	g := tictactoe.Game{}
	m, _ := models.NewModel(g, models.DefaultArch(models.ShapesOf(g)), 1)
	ev, _ := models.NewEvaluator(g, m.Net, 1000)
	states := []engine.State{g.NewInitialState()}
	out := newEvals(1, g)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := ev.Evaluate(states, out); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "samples/s")
}
