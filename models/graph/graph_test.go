package graph_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/models/graph"
	"github.com/moongym/moongym/models/internal/modeltest"
)

// TestGradientsMatchFiniteDifferences checks Gorgonia's gradient of the
// training loss against central differences, for a sample of weights of
// every tensor.
func TestGradientsMatchFiniteDifferences(t *testing.T) {
	for _, tc := range testCases {
		t.Run(tc.Name, func(t *testing.T) {
			net, err := models.NewNetwork(tc.Shapes, tc.Arch, 11)
			if err != nil {
				t.Fatal(err)
			}
			const rows = 4
			obs, mask := modeltest.RandomBatch(tc.Shapes, rows, 1)
			tp, tv := modeltest.RandomTargets(tc.Shapes, rows, mask, 2)
			gr, err := graph.New(net, rows, true)
			if err != nil {
				t.Fatal(err)
			}
			defer gr.Close()
			if _, err := gr.Step(obs, mask, tp, tv); err != nil {
				t.Fatal(err)
			}
			grads, err := gr.Grads()
			if err != nil {
				t.Fatal(err)
			}
			analytic := make([][]float32, len(grads))
			for i, g := range grads {
				analytic[i] = append([]float32(nil), g...)
			}
			loss := func() float64 {
				l, err := gr.Step(obs, mask, tp, tv)
				if err != nil {
					t.Fatal(err)
				}
				return l.Total
			}
			rng := rand.New(rand.NewPCG(9, 9))
			checked, bad := 0, 0
			for ti, w := range net.Weights {
				nonzero := false
				for _, g := range analytic[ti] {
					nonzero = nonzero || g != 0
				}
				if !nonzero {
					t.Errorf("%s: the whole gradient is zero", w.Name)
				}
				for k := 0; k < 6; k++ {
					i := rng.IntN(len(w.Data))
					old := w.Data[i]
					const eps = 3e-3
					w.Data[i] = old + eps
					up := loss()
					w.Data[i] = old - eps
					down := loss()
					w.Data[i] = old
					num := (up - down) / (2 * eps)
					got := float64(analytic[ti][i])
					checked++
					if math.Abs(num-got) > 2e-3+0.05*math.Abs(num) {
						bad++
						t.Logf("%s[%d]: gradient %g, finite difference %g", w.Name, i, got, num)
					}
				}
			}
			// ReLU kinks can spoil a finite difference now and then.
			if bad > checked/10 {
				t.Fatalf("%d of %d gradients disagree with finite differences", bad, checked)
			}
		})
	}
}

// TestLossFallsOnFixedBatch: plain gradient descent on one batch must drive
// the loss down, so gradients reach every layer the right way round.
func TestLossFallsOnFixedBatch(t *testing.T) {
	for _, tc := range testCases {
		t.Run(tc.Name, func(t *testing.T) {
			net, err := models.NewNetwork(tc.Shapes, tc.Arch, 3)
			if err != nil {
				t.Fatal(err)
			}
			const rows = 8
			obs, mask := modeltest.RandomBatch(tc.Shapes, rows, 3)
			tp, tv := modeltest.RandomTargets(tc.Shapes, rows, mask, 4)
			gr, err := graph.New(net, rows, true)
			if err != nil {
				t.Fatal(err)
			}
			defer gr.Close()
			var first, last graph.Losses
			for step := 0; step < 300; step++ {
				l, err := gr.Step(obs, mask, tp, tv)
				if err != nil {
					t.Fatal(err)
				}
				if step == 0 {
					first = l
				}
				last = l
				grads, err := gr.Grads()
				if err != nil {
					t.Fatal(err)
				}
				for i, w := range net.Weights {
					for j := range w.Data {
						w.Data[j] -= 0.05 * grads[i][j]
					}
				}
			}
			if math.Abs(first.Total-(first.Policy+first.Value)) > 1e-4 {
				t.Fatalf("total loss %v is not policy %v + value %v", first.Total, first.Policy, first.Value)
			}
			// The policy loss cannot fall below the targets' entropy: compare
			// what is above it (the KL divergence).
			h := entropy(tp) / rows
			if kl0, kl := first.Policy-h, last.Policy-h; !(kl < 0.5*kl0) || !(last.Value < 0.5*first.Value) {
				t.Fatalf("loss did not fall: policy KL %.4f -> %.4f, value %.4f -> %.4f", kl0, kl, first.Value, last.Value)
			}
		})
	}
}

func entropy(p []float32) float64 {
	h := 0.0
	for _, x := range p {
		if x > 0 {
			h -= float64(x) * math.Log(float64(x))
		}
	}
	return h
}

// TestStepRepeatable: the same batch gives the same gradients, bit for bit,
// in one graph and in a second graph of the same network, on a conv net
// whose first layer (K = 9 x 120, 180 pixel rows) takes the kernels'
// blocked products.
func TestStepRepeatable(t *testing.T) {
	shapes := models.Shapes{Obs: []int{120, 6, 6}, Actions: 5, Players: 2}
	net, err := models.NewNetwork(shapes, models.Arch{Kind: models.KindConv, Width: 16, Depth: 1, ValueHidden: 8}, 3)
	if err != nil {
		t.Fatal(err)
	}
	const rows = 5
	obs, mask := modeltest.RandomBatch(shapes, rows, 1)
	tp, tv := modeltest.RandomTargets(shapes, rows, mask, 2)
	grads := func(g *graph.Graph) [][]float32 {
		if _, err := g.Step(obs, mask, tp, tv); err != nil {
			t.Fatal(err)
		}
		gs, err := g.Grads()
		if err != nil {
			t.Fatal(err)
		}
		var out [][]float32
		for _, x := range gs {
			out = append(out, slices.Clone(x))
		}
		return out
	}
	var runs [][][]float32
	for range 2 {
		g, err := graph.New(net, rows, true)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, grads(g), grads(g))
		g.Close()
	}
	for r := 1; r < len(runs); r++ {
		for i := range runs[0] {
			for j := range runs[0][i] {
				if math.Float32bits(runs[r][i][j]) != math.Float32bits(runs[0][i][j]) {
					t.Fatalf("run %d: gradient of %s[%d] is %v, first run %v", r, net.Weights[i].Name, j, runs[r][i][j], runs[0][i][j])
				}
			}
		}
	}
}
