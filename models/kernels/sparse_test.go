package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// sparseRows makes m rows of k entries of which about k/every are nonzero:
// normal values, exact opposites that cancel to zero, signed zeros.
func sparseRows(rng *rand.Rand, m, k, every int) []float32 {
	a := make([]float32, m*k)
	for i := range a {
		switch r := rng.IntN(every * 4); {
		case r == 0:
			a[i] = float32(rng.NormFloat64())
		case r == 1:
			a[i] = 1
		case r == 2:
			a[i] = float32(math.Copysign(0, -1))
		}
	}
	return a
}

// denseMul is Mul (or MulAdd) through the dense driver only.
func denseMul(p *Packed, m int, a []float32, c []float32, relu, add bool) {
	s := getScratch()
	p.kern.run(s, m, p.k, p.n, a, p.k, false, bsrc{panels: p.panels}, p.bias, p.flags(relu, add), c, p.n, 1, 0, true)
	putScratch(s)
}

// TestSparseMatchesDense: on every path, Mul and MulAdd of mostly-zero
// rows (the sparse path) give the dense driver's result bit for bit, with
// and without bias and ReLU, whole and partial panels, and sums that
// cancel to zero exactly.
func TestSparseMatchesDense(t *testing.T) {
	for _, kn := range Available() {
		t.Run(kn.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 4))
			for _, dims := range [][2]int{{256, 32}, {300, 70}, {700, 128}, {1000, 5}, {400, 200}, {257, 129}} {
				k, n := dims[0], dims[1]
				const m = 19
				w := randMat(rng, k*n)
				// Rows 0 and 1 of B are opposite: rows of A with a 1 in
				// both sum exactly to zero there.
				for j := 0; j < n; j++ {
					w[n+j] = -w[j]
				}
				a := sparseRows(rng, m, k, 20)
				for i := 0; i < m; i += 2 {
					a[i*k], a[i*k+1] = 1, 1
				}
				for _, bias := range [][]float32{nil, randMat(rng, n)} {
					p := kn.Pack(k, n, w, bias)
					for _, relu := range []bool{false, true} {
						for _, add := range []bool{false, true} {
							what := fmt.Sprintf("k=%d n=%d bias=%v relu=%v add=%v", k, n, bias != nil, relu, add)
							c0 := randMat(rng, m*n)
							want := append([]float32(nil), c0...)
							denseMul(p, m, a, want, relu, add)
							got := append([]float32(nil), c0...)
							s := getScratch()
							took := p.mulSparse(s, m, a, k, got, n, p.flags(relu, add))
							putScratch(s)
							if took != (kn.sparseChunk() > 0) {
								t.Fatalf("%s: sparse path taken %v, want %v", what, took, kn.sparseChunk() > 0)
							}
							if !took {
								continue
							}
							sameBits(t, what, got, want)
							// And through the public entry points.
							pub := append([]float32(nil), c0...)
							if add {
								p.MulAdd(m, a, k, pub, n, relu)
							} else {
								p.Mul(m, a, k, pub, n, relu)
							}
							sameBits(t, what+" (Mul)", pub, want)
						}
					}
				}
			}
		})
	}
}

// TestSparseDeclines: the sparse path is not taken for dense rows, small
// K, or weights with an infinity (0·inf is a NaN that skipping would lose),
// and Mul's result is then the dense one, NaNs included.
func TestSparseDeclines(t *testing.T) {
	for _, kn := range Available() {
		if kn.sparseChunk() == 0 {
			continue
		}
		rng := rand.New(rand.NewPCG(5, 6))
		const m, n = 4, 32
		try := func(what string, k int, w, a []float32, want bool) {
			t.Helper()
			p := kn.Pack(k, n, w, nil)
			got := make([]float32, m*n)
			s := getScratch()
			took := p.mulSparse(s, m, a, k, got, n, 0)
			putScratch(s)
			if took != want {
				t.Errorf("%s %s: sparse path taken %v, want %v", kn.Name(), what, took, want)
			}
			viaMul, dense := make([]float32, m*n), make([]float32, m*n)
			p.Mul(m, a, k, viaMul, n, false)
			denseMul(p, m, a, dense, false, false)
			sameBits(t, kn.Name()+" "+what, viaMul, dense)
		}
		k := 512
		try("sparse", k, randMat(rng, k*n), sparseRows(rng, m, k, 20), true)
		try("dense rows", k, randMat(rng, k*n), randMat(rng, m*k), false)
		try("small k", 64, randMat(rng, 64*n), sparseRows(rng, m, 64, 20), false)
		inf := randMat(rng, k*n)
		inf[3*n+1] = float32(math.Inf(1))
		try("infinite weight", k, inf, sparseRows(rng, m, k, 20), false)
	}
}

// BenchmarkSparseFirstLayer is a March on Mars first layer (7,085 inputs,
// about 200 nonzero, 128 outputs) over a batch of 8, sparse against dense.
func BenchmarkSparseFirstLayer(b *testing.B) {
	const k, n, m = 7085, 128, 8
	rng := rand.New(rand.NewPCG(1, 1))
	p := Default().Pack(k, n, randMat(rng, k*n), randMat(rng, n))
	a := sparseRows(rng, m, k, 9)
	c := make([]float32, m*n)
	b.Run("mul", func(b *testing.B) {
		for b.Loop() {
			p.Mul(m, a, k, c, n, true)
		}
	})
	b.Run("dense", func(b *testing.B) {
		for b.Loop() {
			denseMul(p, m, a, c, true, false)
		}
	})
}
