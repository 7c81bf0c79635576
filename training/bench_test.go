package training_test

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/models/graph"
	"github.com/moongym/moongym/training"
)

// BenchmarkLearnerStep measures training throughput (Gorgonia forward and
// backward plus AdamW) on batches of 128, in samples per second: the
// tictactoe conv net, a small tictactoe MLP and the planet-cubes MLP (the
// default architectures) and lunar-rally's conv net (its default
// architecture on 117 planes of 10 x 24), each on gonum's BLAS and on the kernels
// (graph.UseBLAS), side by side in one run. samples/s is per second of wall
// time, cpu-samples/s per second of the process's CPU time (every thread,
// the garbage collector's too), which other work on the machine hardly
// moves.
func BenchmarkLearnerStep(b *testing.B) {
	ttt := tictactoe.Game{}
	pc, err := engine.Load("planet-cubes", nil)
	if err != nil {
		b.Fatal(err)
	}
	lr, err := engine.Load("lunar-rally", nil)
	if err != nil {
		b.Fatal(err)
	}
	defer graph.UseBLAS(graph.BLASInUse())
	for _, c := range []struct {
		name string
		g    engine.Game
		arch models.Arch
	}{
		{"tictactoe-conv", ttt, models.DefaultArch(models.ShapesOf(ttt))},
		{"tictactoe-mlp64", ttt, models.Arch{Kind: models.KindMLP, Width: 64, Depth: 2, ValueHidden: 32}},
		{"planet-cubes-mlp", pc, models.DefaultArch(models.ShapesOf(pc))},
		{"lunar-rally-conv", lr, models.DefaultArch(models.ShapesOf(lr))},
	} {
		for _, blasName := range []string{graph.BLASGonum, graph.BLASKernels} {
			b.Run(c.name+"/blas="+blasName, func(b *testing.B) {
				if err := graph.UseBLAS(blasName); err != nil {
					b.Fatal(err)
				}
				l, r, rng := newBenchLearner(b, c.g, c.arch)
				defer l.Close()
				b.ResetTimer()
				cpu0 := processCPU()
				if _, err := l.Train(r, b.N, rng); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(benchBatch*b.N)/b.Elapsed().Seconds(), "samples/s")
				if cpu1 := processCPU(); cpu0 >= 0 && cpu1 >= 0 {
					// Samples per CPU second: steady under other load.
					b.ReportMetric(float64(benchBatch*b.N)/(cpu1-cpu0), "cpu-samples/s")
				}
			})
		}
		// Both paths in turn, by blocks of two steps with a garbage
		// collection (not timed) before each, so that the ratio holds under
		// a varying machine load and neither path pays for the other's
		// garbage; speedup is the median of the blocks' time ratios.
		b.Run(c.name+"/side-by-side", func(b *testing.B) {
			var ls [2]*training.Learner
			var rs [2]*training.Replay
			var rngs [2]*rand.Rand
			names := [2]string{graph.BLASGonum, graph.BLASKernels}
			for i, name := range names {
				if err := graph.UseBLAS(name); err != nil {
					b.Fatal(err)
				}
				ls[i], rs[i], rngs[i] = newBenchLearner(b, c.g, c.arch)
				defer ls[i].Close()
			}
			var took [2]time.Duration
			var ratios []float64
			b.ResetTimer()
			const block = 2
			for n := 0; n < b.N; n += block {
				steps := min(block, b.N-n)
				var t [2]time.Duration
				for i, name := range names {
					if err := graph.UseBLAS(name); err != nil {
						b.Fatal(err)
					}
					runtime.GC()
					t0 := time.Now()
					if _, err := ls[i].Train(rs[i], steps, rngs[i]); err != nil {
						b.Fatal(err)
					}
					t[i] = time.Since(t0)
					took[i] += t[i]
				}
				ratios = append(ratios, t[0].Seconds()/t[1].Seconds())
			}
			b.ReportMetric(float64(benchBatch*b.N)/took[0].Seconds(), "gonum-samples/s")
			b.ReportMetric(float64(benchBatch*b.N)/took[1].Seconds(), "kernels-samples/s")
			// The median of the blocks' ratios: a block slowed down by other
			// work on the machine does not move it.
			slices.Sort(ratios)
			b.ReportMetric(ratios[len(ratios)/2], "speedup")
		})
	}
}

const benchBatch = 128

// newBenchLearner makes a learner of a fresh network on a replay buffer of
// random positions, warmed up by one step.
func newBenchLearner(b *testing.B, g engine.Game, arch models.Arch) (*training.Learner, *training.Replay, *rand.Rand) {
	const batch = benchBatch
	m, err := models.NewModel(g, arch, 1)
	if err != nil {
		b.Fatal(err)
	}
	s := m.Net.Shapes
	r := training.NewReplay(256, s.ObsSize(), s.Actions, s.Players)
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 256; i++ {
		smp := training.Sample{Obs: make([]float32, s.ObsSize()), Mask: make([]float32, s.Actions),
			Policy: make([]float32, s.Actions), Value: make([]float32, s.Players)}
		for j := range smp.Obs {
			smp.Obs[j] = float32(rng.IntN(2))
		}
		for j := range smp.Mask {
			smp.Mask[j] = 1
		}
		smp.Policy[rng.IntN(s.Actions)] = 1
		smp.Value[rng.IntN(s.Players)] = 1
		if err := r.Add(smp); err != nil {
			b.Fatal(err)
		}
	}
	l, err := training.NewLearner(m.Net, training.NewAdam(m.Net, 1e-3, 1e-4), r, batch)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := l.Train(r, 1, rng); err != nil { // warm up
		b.Fatal(err)
	}
	return l, r, rng
}
