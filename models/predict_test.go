package models_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/models/internal/modeltest"
	"github.com/moongym/moongym/models/kernels"
)

// predictCases are modeltest's networks and two with widths and boards
// that are not multiples of any kernel tile.
var predictCases = append(append([]modeltest.Case(nil), modeltest.Cases...),
	modeltest.Case{Name: "conv-w33", Shapes: models.Shapes{Obs: []int{5, 6, 7}, Actions: 19, Players: 3},
		Arch: models.Arch{Kind: models.KindConv, Width: 33, Depth: 1, ValueHidden: 13}},
	modeltest.Case{Name: "mlp-w70", Shapes: models.Shapes{Obs: []int{41}, Actions: 37, Players: 2},
		Arch: models.Arch{Kind: models.KindMLP, Width: 70, Depth: 1, ValueHidden: 17}},
)

func perturbed(t *testing.T, tc modeltest.Case) *models.Network {
	t.Helper()
	net, err := models.NewNetwork(tc.Shapes, tc.Arch, 7)
	if err != nil {
		t.Fatal(err)
	}
	modeltest.Perturb(net, 3, 0.3)
	return net
}

// TestPredictorBatchInvariant checks on every kernel path that a row's
// policy and values are bit-identical whether it is computed alone or in a
// batch, at any position, and that the paths agree to 1e-5.
func TestPredictorBatchInvariant(t *testing.T) {
	const total = 29
	for _, tc := range predictCases {
		net := perturbed(t, tc)
		s := tc.Shapes
		d, na, np := s.ObsSize(), s.Actions, s.Players
		obs, mask := modeltest.RandomBatch(s, total, 9)
		var ref []float32
		for _, kn := range kernels.Available() {
			t.Run(tc.Name+"/"+kn.Name(), func(t *testing.T) {
				p := models.NewPredictorOn(net, kn)
				if p.Kernel() != kn {
					t.Fatalf("predictor runs on %s, want %s", p.Kernel().Name(), kn.Name())
				}
				pol, val := make([]float32, total*na), make([]float32, total*np)
				if err := p.Predict(total, obs, mask, pol, val); err != nil {
					t.Fatal(err)
				}
				for _, m := range []int{1, 2, 5, 12, 13} {
					for _, start := range []int{0, 1, 7, total - m} {
						if start+m > total {
							continue
						}
						q := models.NewPredictorOn(net, kn)
						pp, vv := make([]float32, m*na), make([]float32, m*np)
						if err := q.Predict(m, obs[start*d:(start+m)*d], mask[start*na:(start+m)*na], pp, vv); err != nil {
							t.Fatal(err)
						}
						what := fmt.Sprintf("rows %d..%d", start, start+m)
						sameBits(t, what+" policy", pp, pol[start*na:(start+m)*na])
						sameBits(t, what+" values", vv, val[start*np:(start+m)*np])
					}
				}
				out := append(append([]float32(nil), pol...), val...)
				if ref == nil {
					ref = out
					return
				}
				for i := range ref {
					if dd := math.Abs(float64(out[i] - ref[i])); dd > 1e-5 {
						t.Fatalf("output %d: %s gives %v, %s %v", i, kn.Name(), out[i], kernels.Available()[0].Name(), ref[i])
					}
				}
			})
		}
	}
}

func sameBits(t *testing.T, what string, got, want []float32) {
	t.Helper()
	for i := range want {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("%s: element %d is %v alone, %v in the batch", what, i, got[i], want[i])
		}
	}
}

// TestPredictDoesNotAllocate: once a predictor has seen a batch size, a
// batch of that size or smaller makes no allocation.
func TestPredictDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items under the race detector")
	}
	for _, tc := range predictCases {
		net := perturbed(t, tc)
		s := tc.Shapes
		obs, mask := modeltest.RandomBatch(s, 16, 1)
		pol, val := make([]float32, 16*s.Actions), make([]float32, 16*s.Players)
		p := net.NewPredictor()
		if err := p.Predict(16, obs, mask, pol, val); err != nil {
			t.Fatal(err)
		}
		n := testing.AllocsPerRun(10, func() {
			_ = p.Predict(16, obs, mask, pol, val)
			_ = p.Predict(3, obs[:3*s.ObsSize()], mask[:3*s.Actions], pol[:3*s.Actions], val[:3*s.Players])
		})
		if n != 0 {
			t.Errorf("%s: Predict allocates %v times per run", tc.Name, n)
		}
	}
}
