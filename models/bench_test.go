package models_test

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/models/graph"
	"github.com/moongym/moongym/models/internal/modeltest"
	"github.com/moongym/moongym/models/kernels"
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
				benchPredictor(b, net, rows)
			})
		}
	}
}

func benchPredictor(b *testing.B, net *models.Network, rows int) {
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
}

// convNets are the conv nets of the inference benchmarks: the default
// architecture on tictactoe and on lunar-rally (observation [117, 10, 24]
// since the path, lookahead and rating planes; [80, 10, 24] in kernels.md).
func convNets(b *testing.B) []struct {
	name string
	net  *models.Network
} {
	var out []struct {
		name string
		net  *models.Network
	}
	for _, name := range []string{"tictactoe", "lunar-rally"} {
		g, err := engine.Load(name, nil)
		if err != nil {
			b.Fatal(err)
		}
		s := models.ShapesOf(g)
		net, err := models.NewNetwork(s, models.DefaultArch(s), 1)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, struct {
			name string
			net  *models.Network
		}{name, net})
	}
	return out
}

// flopsPerSample counts the multiply-adds (as 2 flops) of a conv net's
// forward pass for one sample.
func flopsPerSample(n *models.Network) float64 {
	s, a := n.Shapes, n.Arch
	hw := s.Obs[1] * s.Obs[2]
	f := a.Width
	macs := hw * 9 * s.Obs[0] * f        // input 3x3 conv
	macs += a.Depth * 2 * hw * 9 * f * f // residual 3x3 convs
	macs += hw * f * 3                   // heads' 1x1 convs
	macs += 2 * hw * s.Actions           // policy dense
	macs += hw*a.ValueHidden + a.ValueHidden*s.Players
	return 2 * float64(macs)
}

// BenchmarkPeak reports one core's fp32 peak (GFLOP/s) on the default
// kernel path, measured by an FMA-chain loop in assembly.
func BenchmarkPeak(b *testing.B) {
	k := kernels.Default()
	var flops int64
	for i := 0; i < b.N; i++ {
		flops += k.FMALoop(1 << 16)
	}
	if flops == 0 {
		b.Skip("the generic path has no FMA loop")
	}
	b.ReportMetric(float64(flops)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

// BenchmarkConvInference runs the default conv nets of tictactoe and
// lunar-rally through the fast predictor (at batch 1 and 64) and through
// Gorgonia's TapeMachine as it was before the kernels (models/graph with
// gonum's BLAS and Gorgonia's Conv2d: graph.BLASGonum), in samples/s; the
// predictor also in GFLOP/s. Under a varying machine load,
// BenchmarkConvInferenceSideBySide gives steadier ratios.
func BenchmarkConvInference(b *testing.B) {
	defer graph.UseBLAS(graph.BLASInUse())
	for _, c := range convNets(b) {
		for _, rows := range []int{1, 64} {
			b.Run(fmt.Sprintf("%s/predictor/batch%d", c.name, rows), func(b *testing.B) {
				benchPredictor(b, c.net, rows)
				gf := flopsPerSample(c.net) * float64(rows*b.N) / b.Elapsed().Seconds() / 1e9
				b.ReportMetric(gf, "GFLOP/s")
			})
			b.Run(fmt.Sprintf("%s/tape/batch%d", c.name, rows), func(b *testing.B) {
				if err := graph.UseBLAS(graph.BLASGonum); err != nil {
					b.Fatal(err)
				}
				s := c.net.Shapes
				obs, mask := modeltest.RandomBatch(s, rows, 1)
				pol, val := make([]float32, rows*s.Actions), make([]float32, rows*s.Players)
				gr, err := graph.New(c.net, rows, false)
				if err != nil {
					b.Fatal(err)
				}
				defer gr.Close()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := gr.Forward(obs, mask, pol, val); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(rows*b.N)/b.Elapsed().Seconds(), "samples/s")
			})
		}
	}
}

// BenchmarkConvInferenceSideBySide interleaves, in every iteration, the
// FMA-chain loop (as many flops as the predictor's batches), about 10 ms
// of batches through the predictor and one through Gorgonia's TapeMachine
// (as in BenchmarkConvInference),
// timing each, with a garbage collection (not timed) before each part, so
// that the ratios it reports hold under a varying machine load: %peak
// (predictor GFLOP/s over the FMA loop's), x-tape (TapeMachine time per
// batch over predictor time per batch), and the predictor's samples/s and
// GFLOP/s.
func BenchmarkConvInferenceSideBySide(b *testing.B) {
	// The TapeMachine as it was: gonum's BLAS, Gorgonia's Conv2d. The
	// predictor does not use Gorgonia's BLAS.
	defer graph.UseBLAS(graph.BLASInUse())
	if err := graph.UseBLAS(graph.BLASGonum); err != nil {
		b.Fatal(err)
	}
	k := kernels.Default()
	for _, c := range convNets(b) {
		for _, rows := range []int{1, 64} {
			b.Run(fmt.Sprintf("%s/batch%d", c.name, rows), func(b *testing.B) {
				s := c.net.Shapes
				obs, mask := modeltest.RandomBatch(s, rows, 1)
				pol, val := make([]float32, rows*s.Actions), make([]float32, rows*s.Players)
				p := c.net.NewPredictor()
				gr, err := graph.New(c.net, rows, false)
				if err != nil {
					b.Fatal(err)
				}
				defer gr.Close()
				// Enough predictor batches per iteration for about 10 ms.
				t0 := time.Now()
				if err := p.Predict(rows, obs, mask, pol, val); err != nil {
					b.Fatal(err)
				}
				sideReps := int(min(1000, max(4, 10*time.Millisecond/max(time.Since(t0), 1))))
				flops := flopsPerSample(c.net) * float64(rows)
				rounds := max(1, int(flops)*sideReps/max(1, int(k.FMALoop(1))))
				var tPred time.Duration
				var shares, xTape []float64
				for i := 0; i < b.N; i++ {
					runtime.GC()
					t0 := time.Now()
					fl := k.FMALoop(rounds)
					t1 := time.Now()
					for j := 0; j < sideReps; j++ {
						if err := p.Predict(rows, obs, mask, pol, val); err != nil {
							b.Fatal(err)
						}
					}
					t2 := time.Now()
					runtime.GC()
					t3 := time.Now()
					if err := gr.Forward(obs, mask, pol, val); err != nil {
						b.Fatal(err)
					}
					tt := time.Since(t3)
					tPred += t2.Sub(t1)
					// Per iteration: predictor rate over FMA-loop rate, and
					// TapeMachine time per batch over predictor time per batch.
					perBatch := t2.Sub(t1).Seconds() / float64(sideReps)
					if fl > 0 {
						shares = append(shares, 100*(flops/perBatch)/(float64(fl)/t1.Sub(t0).Seconds()))
					}
					xTape = append(xTape, tt.Seconds()/perBatch)
				}
				batches := float64(b.N * sideReps)
				b.ReportMetric(float64(rows)*batches/tPred.Seconds(), "samples/s")
				b.ReportMetric(flops*batches/tPred.Seconds()/1e9, "GFLOP/s")
				// Medians over the iterations: one slowed down by other work
				// on the machine does not move them.
				if len(shares) > 0 {
					b.ReportMetric(median(shares), "%peak")
				}
				b.ReportMetric(median(xTape), "x-tape")
			})
		}
	}
}

func median(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	return v[len(v)/2]
}

// BenchmarkDecode reads a model file of a built-in's size (an MLP 256x2
// over 4,500 inputs, about 1.4 million weights: a 6-player welcome-moon
// network) as F32, F16, Q8 and Q4: what loading a built-in model costs,
// and what the upcast or the dequantization adds to it.
func BenchmarkDecode(b *testing.B) {
	g := engine.MustLoad("welcome-moon", engine.Params{"players": "6", "adventure": "3"})
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 256, Depth: 2, ValueHidden: 64}, 1)
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range []string{models.DtypeF32, models.DtypeF16, models.DtypeQ8, models.DtypeQ4} {
		m.Dtype = d
		data := encode(b, m)
		b.Run(d, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := models.Decode(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEncodeQuant writes the same network as Q8 and as Q4: what
// "moongym export --dtype q8" and "--dtype q4" cost (Q4 tries 21 scales a
// block).
func BenchmarkEncodeQuant(b *testing.B) {
	g := engine.MustLoad("welcome-moon", engine.Params{"players": "6", "adventure": "3"})
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 256, Depth: 2, ValueHidden: 64}, 1)
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range []string{models.DtypeQ8, models.DtypeQ4} {
		m.Dtype = d
		b.Run(d, func(b *testing.B) {
			for b.Loop() {
				if err := m.Encode(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
