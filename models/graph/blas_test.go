package graph_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"

	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/models/graph"
	"github.com/moongym/moongym/models/internal/modeltest"
	"github.com/moongym/moongym/models/kernels"
)

func randVec(rng *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(rng.NormFloat64())
	}
	return v
}

// TestKernelBLASMatchesGonum compares Sgemm and Sgemv of the kernels BLAS,
// on every path, with gonum's.
func TestKernelBLASMatchesGonum(t *testing.T) {
	ref := gonum.Implementation{}
	trans := []blas.Transpose{blas.NoTrans, blas.Trans}
	for _, kn := range kernels.Available() {
		b := graph.KernelBLAS{K: kn}
		rng := rand.New(rand.NewPCG(1, 1))
		for trial := 0; trial < 60; trial++ {
			m, n, k := 1+rng.IntN(40), 1+rng.IntN(40), 1+rng.IntN(40)
			tA, tB := trans[rng.IntN(2)], trans[rng.IntN(2)]
			alpha, beta := float32(rng.IntN(3))-0.5, float32(rng.IntN(2))
			lda, ldb := k, n
			if tA == blas.Trans {
				lda = m
			}
			if tB == blas.Trans {
				ldb = k
			}
			a, bb, c := randVec(rng, m*k), randVec(rng, k*n), randVec(rng, m*n)
			want := append([]float32(nil), c...)
			ref.Sgemm(tA, tB, m, n, k, alpha, a, lda, bb, ldb, beta, want, n)
			b.Sgemm(tA, tB, m, n, k, alpha, a, lda, bb, ldb, beta, c, n)
			vecNear(t, fmt.Sprintf("%s Sgemm %v %v %dx%dx%d", kn.Name(), tA, tB, m, n, k), c, want, k)

			x, y, av := randVec(rng, max(m, n)), randVec(rng, max(m, n)), randVec(rng, m*n)
			ty := tA
			ylen := m
			if ty == blas.Trans {
				ylen = n
			}
			wy := append([]float32(nil), y...)
			ref.Sgemv(ty, m, n, alpha, av, n, x, 1, beta, wy, 1)
			b.Sgemv(ty, m, n, alpha, av, n, x, 1, beta, y, 1)
			vecNear(t, fmt.Sprintf("%s Sgemv %v %dx%d", kn.Name(), ty, m, n), y[:ylen], wy[:ylen], max(m, n))
		}
	}
}

func vecNear(t *testing.T, what string, got, want []float32, k int) {
	t.Helper()
	for i := range want {
		if d := math.Abs(float64(got[i] - want[i])); d > 1e-5*float64(k+1) || math.IsNaN(d) {
			t.Fatalf("%s: element %d is %v, gonum gives %v", what, i, got[i], want[i])
		}
	}
}

func TestUseBLAS(t *testing.T) {
	defer graph.UseBLAS(graph.BLASInUse())
	if err := graph.UseBLAS("mkl"); !errors.Is(err, graph.ErrUnknownBLAS) {
		t.Errorf("UseBLAS(mkl) = %v, want ErrUnknownBLAS", err)
	}
	for _, name := range []string{graph.BLASGonum, graph.BLASKernels} {
		if err := graph.UseBLAS(name); err != nil || graph.BLASInUse() != name {
			t.Errorf("UseBLAS(%s) = %v, in use %s", name, err, graph.BLASInUse())
		}
	}
}

// TestPathsAgree builds every test network on both paths (kernels with the
// pixel-major conv trunk, gonum with Gorgonia's Conv2d) in one process and
// compares the forward pass, the losses and the gradients.
func TestPathsAgree(t *testing.T) {
	defer graph.UseBLAS(graph.BLASInUse())
	// conv-blocks has more pixel rows than one block of patches (720 rows,
	// blocks of 540 and 444), so that the convolutions' blocks and the
	// filter gradient's accumulation over them are checked too.
	cases := append(slices.Clone(testCases), modeltest.Case{Name: "conv-blocks",
		Shapes: models.Shapes{Obs: []int{20, 12, 12}, Actions: 6, Players: 2},
		Arch:   models.Arch{Kind: models.KindConv, Width: 24, Depth: 1, ValueHidden: 8}})
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			net, err := models.NewNetwork(tc.Shapes, tc.Arch, 13)
			if err != nil {
				t.Fatal(err)
			}
			const rows = 5
			obs, mask := modeltest.RandomBatch(tc.Shapes, rows, 3)
			tp, tv := modeltest.RandomTargets(tc.Shapes, rows, mask, 4)
			type result struct {
				pol, val []float32
				loss     graph.Losses
				grads    [][]float32
			}
			run := func(name string) result {
				if err := graph.UseBLAS(name); err != nil {
					t.Fatal(err)
				}
				var r result
				fg, err := graph.New(net, rows, false)
				if err != nil {
					t.Fatal(err)
				}
				defer fg.Close()
				r.pol, r.val = make([]float32, rows*tc.Shapes.Actions), make([]float32, rows*tc.Shapes.Players)
				if err := fg.Forward(obs, mask, r.pol, r.val); err != nil {
					t.Fatal(err)
				}
				tg, err := graph.New(net, rows, true)
				if err != nil {
					t.Fatal(err)
				}
				defer tg.Close()
				// Two steps: the second's gradients must not carry the
				// first's.
				for range 2 {
					if r.loss, err = tg.Step(obs, mask, tp, tv); err != nil {
						t.Fatal(err)
					}
				}
				gs, err := tg.Grads()
				if err != nil {
					t.Fatal(err)
				}
				for _, g := range gs {
					r.grads = append(r.grads, append([]float32(nil), g...))
				}
				return r
			}
			old, cur := run(graph.BLASGonum), run(graph.BLASKernels)
			closeTo(t, "policy", cur.pol, old.pol, 1e-5)
			closeTo(t, "values", cur.val, old.val, 1e-5)
			if d := math.Abs(cur.loss.Total - old.loss.Total); d > 1e-5 {
				t.Fatalf("loss %v on kernels, %v on gonum", cur.loss.Total, old.loss.Total)
			}
			for i := range old.grads {
				closeTo(t, fmt.Sprintf("gradient of %s", net.Weights[i].Name), cur.grads[i], old.grads[i], 1e-4)
			}
		})
	}
}
