package training_test

import (
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// BenchmarkLearnerStep measures training throughput (Gorgonia forward and
// backward plus AdamW) on tictactoe batches of 128, in samples per second.
func BenchmarkLearnerStep(b *testing.B) {
	g := tictactoe.Game{}
	for _, arch := range []models.Arch{
		models.DefaultArch(models.ShapesOf(g)),
		{Kind: models.KindMLP, Width: 64, Depth: 2, ValueHidden: 32},
	} {
		b.Run(arch.Kind, func(b *testing.B) {
			m, err := models.NewModel(g, arch, 1)
			if err != nil {
				b.Fatal(err)
			}
			r := training.NewReplay(256, 27, 9, 2)
			rng := rand.New(rand.NewPCG(1, 1))
			for i := 0; i < 256; i++ {
				s := training.Sample{Obs: make([]float32, 27), Mask: make([]float32, 9), Policy: make([]float32, 9), Value: []float32{1, -1}}
				for j := range s.Obs {
					s.Obs[j] = float32(rng.IntN(2))
				}
				for j := range s.Mask {
					s.Mask[j] = 1
				}
				s.Policy[rng.IntN(9)] = 1
				if err := r.Add(s); err != nil {
					b.Fatal(err)
				}
			}
			l, err := training.NewLearner(m.Net, training.NewAdam(m.Net, 1e-3, 1e-4), r, 128)
			if err != nil {
				b.Fatal(err)
			}
			defer l.Close()
			b.ResetTimer()
			if _, err := l.Train(r, b.N, rng); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(128*b.N)/b.Elapsed().Seconds(), "samples/s")
		})
	}
}
