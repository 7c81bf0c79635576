package kernels

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func randMat(rng *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(rng.NormFloat64())
	}
	return v
}

// refGemm is C = alpha·op(A)·op(B) + beta·C in float64.
func refGemm(tA, tB bool, m, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) []float64 {
	out := make([]float64, m*n)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var s float64
			for p := 0; p < k; p++ {
				var av, bv float32
				if tA {
					av = a[p*lda+i]
				} else {
					av = a[i*lda+p]
				}
				if tB {
					bv = b[j*ldb+p]
				} else {
					bv = b[p*ldb+j]
				}
				s += float64(av) * float64(bv)
			}
			s *= float64(alpha)
			if beta != 0 {
				s += float64(beta) * float64(c[i*ldc+j])
			}
			out[i*n+j] = s
		}
	}
	return out
}

// near checks got against want with a tolerance scaled by the size of the
// sum (k terms of unit size).
func near(t *testing.T, what string, got []float32, ldc int, want []float64, m, n, k int) {
	t.Helper()
	tol := 1e-5 * float64(k+1)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			g, w := float64(got[i*ldc+j]), want[i*n+j]
			if d := math.Abs(g - w); d > tol || math.IsNaN(g) {
				t.Fatalf("%s: C[%d,%d] = %v, want %v (diff %g > %g)", what, i, j, g, w, d, tol)
			}
		}
	}
}

var sizes = []int{1, 2, 3, 5, 7, 11, 12, 13, 16, 17, 31, 32, 33, 47, 64, 65, 100}

func TestMulMatchesReference(t *testing.T) {
	for _, kn := range Available() {
		t.Run(kn.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			for trial := 0; trial < 120; trial++ {
				m, n, k := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
				if trial%10 == 0 {
					k = 0
				}
				lda, ldc := k+rng.IntN(3), n+rng.IntN(3)
				a, b := randMat(rng, m*lda+1), randMat(rng, k*n)
				var bias []float32
				if trial%2 == 0 {
					bias = randMat(rng, n)
				}
				relu := trial%3 == 0
				add := trial%4 == 1
				c := randMat(rng, m*ldc)
				old := append([]float32(nil), c...)
				if add {
					kn.Pack(k, n, b, bias).MulAdd(m, a, lda, c, ldc, relu)
				} else {
					kn.Pack(k, n, b, bias).Mul(m, a, lda, c, ldc, relu)
				}
				want := refGemm(false, false, m, n, k, 1, a, lda, b, n, 0, nil, 0)
				for i := 0; i < m; i++ {
					for j := 0; j < n; j++ {
						if bias != nil {
							want[i*n+j] += float64(bias[j])
						}
						if add {
							want[i*n+j] += float64(old[i*ldc+j])
						}
						if relu && want[i*n+j] < 0 {
							want[i*n+j] = 0
						}
					}
				}
				near(t, fmt.Sprintf("m=%d n=%d k=%d bias=%v relu=%v add=%v", m, n, k, bias != nil, relu, add), c, ldc, want, m, n, k)
			}
		})
	}
}

// gemmCase is a random Sgemm case: op(A) m x k and op(B) k x n stored
// transposed or not with leading dimensions of one float more or not, and
// C, all NaN when beta is 0 (C is then not read).
type gemmCase struct {
	tA, tB        bool
	m, n, k       int
	lda, ldb, ldc int
	a, b, c       []float32
}

func newGemmCase(rng *rand.Rand, tA, tB bool, m, n, k int, beta float32) gemmCase {
	ar, ac := m, k
	if tA {
		ar, ac = k, m
	}
	br, bc := k, n
	if tB {
		br, bc = n, k
	}
	g := gemmCase{tA: tA, tB: tB, m: m, n: n, k: k, lda: ac + rng.IntN(2), ldb: bc + rng.IntN(2), ldc: n + rng.IntN(2)}
	g.a, g.b, g.c = randMat(rng, ar*g.lda), randMat(rng, br*g.ldb), randMat(rng, m*g.ldc)
	if beta == 0 {
		for i := range g.c {
			g.c[i] = float32(math.NaN()) // not read when beta is 0
		}
	}
	return g
}

// check runs the case on kn and compares C with the float64 reference.
func (g gemmCase) check(t *testing.T, kn *Kernel, alpha, beta float32) {
	t.Helper()
	want := refGemm(g.tA, g.tB, g.m, g.n, g.k, alpha, g.a, g.lda, g.b, g.ldb, beta, g.c, g.ldc)
	kn.Sgemm(g.tA, g.tB, g.m, g.n, g.k, alpha, g.a, g.lda, g.b, g.ldb, beta, g.c, g.ldc)
	near(t, fmt.Sprintf("tA=%v tB=%v m=%d n=%d k=%d alpha=%v beta=%v", g.tA, g.tB, g.m, g.n, g.k, alpha, beta), g.c, g.ldc, want, g.m, g.n, g.k)
}

func TestSgemmMatchesReference(t *testing.T) {
	for _, kn := range Available() {
		t.Run(kn.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 4))
			for trial := 0; trial < 160; trial++ {
				m, n, k := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
				tA, tB := rng.IntN(2) == 0, rng.IntN(2) == 0
				alpha := []float32{1, 0.5, -2, 0}[rng.IntN(4)]
				beta := []float32{0, 1, 0.25}[rng.IntN(3)]
				newGemmCase(rng, tA, tB, m, n, k, beta).check(t, kn, alpha, beta)
			}
		})
	}
}

// TestSgemmBlockedMatchesReference covers the deep products that take the
// blocked path (k over 2·blockK with 4 row tiles, or over deepK): k at
// and around the block boundaries, whole and partial tiles, both
// transposes and betas.
func TestSgemmBlockedMatchesReference(t *testing.T) {
	deep := []int{2*blockK + 1, 3*blockK - 1, 3 * blockK, 3*blockK + 3, deepK + 1, deepK + blockK + 17}
	for _, kn := range Available() {
		t.Run(kn.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 8))
			for trial := 0; trial < 40; trial++ {
				m, n, k := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))], deep[rng.IntN(len(deep))]
				tA, tB := trial%2 == 0, rng.IntN(2) == 0
				beta := []float32{0, 1, 0.25}[rng.IntN(3)]
				g := newGemmCase(rng, tA, tB, m, n, k, beta)
				g.check(t, kn, 1, beta)
				a, b, c, lda, ldb, ldc := g.a, g.b, g.c, g.lda, g.ldb, g.ldc
				if beta == 0 {
					// The same call gives the same bits, whatever C held.
					again := randMat(rng, m*ldc)
					kn.Sgemm(tA, tB, m, n, k, 1, a, lda, b, ldb, 0, again, ldc)
					for i := 0; i < m; i++ {
						for j := 0; j < n; j++ {
							if x, y := again[i*ldc+j], c[i*ldc+j]; math.Float32bits(x) != math.Float32bits(y) {
								t.Fatalf("tA=%v m=%d n=%d k=%d: a second call gives C[%d,%d] = %v, then %v", tA, m, n, k, i, j, y, x)
							}
						}
					}
				}
			}
		})
	}
}

// TestPathsAgree compares every path with the generic one.
func TestPathsAgree(t *testing.T) {
	gen, err := Lookup(Generic)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 40; trial++ {
		m, n, k := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
		a, b, bias := randMat(rng, m*k), randMat(rng, k*n), randMat(rng, n)
		want := make([]float32, m*n)
		gen.Pack(k, n, b, bias).Mul(m, a, k, want, n, true)
		w64 := make([]float64, len(want))
		for i, v := range want {
			w64[i] = float64(v)
		}
		for _, kn := range Available() {
			got := make([]float32, m*n)
			kn.Pack(k, n, b, bias).Mul(m, a, k, got, n, true)
			near(t, fmt.Sprintf("%s vs generic, m=%d n=%d k=%d", kn.Name(), m, n, k), got, n, w64, m, n, k)
		}
	}
}

// TestBatchInvariance checks, for every path, that a row's output is
// bit-identical whatever the rows computed with it and its position among
// them, and that a path gives the same bits every time.
func TestBatchInvariance(t *testing.T) {
	for _, kn := range Available() {
		t.Run(kn.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 8))
			for _, dims := range [][2]int{{9, 32}, {27, 9}, {288, 32}, {33, 17}, {1, 1}, {128, 100}} {
				k, n := dims[0], dims[1]
				const total = 70
				a := randMat(rng, total*k)
				p := kn.Pack(k, n, randMat(rng, k*n), randMat(rng, n))
				full := make([]float32, total*n)
				p.Mul(total, a, k, full, n, true)
				again := make([]float32, total*n)
				p.Mul(total, a, k, again, n, true)
				sameBits(t, "repeat", again, full)
				// Every window [start, start+m) of rows, computed alone.
				for _, m := range []int{1, 2, 5, kn.mr - 1, kn.mr, kn.mr + 1, 2*kn.mr + 3, 64} {
					for _, start := range []int{0, 1, 3, total - m} {
						if start+m > total || start < 0 {
							continue
						}
						got := make([]float32, m*n)
						p.Mul(m, a[start*k:], k, got, n, true)
						sameBits(t, fmt.Sprintf("k=%d n=%d rows %d..%d", k, n, start, start+m), got, full[start*n:(start+m)*n])
					}
				}
				// MulAdd too, over the same starting C.
				c0 := randMat(rng, total*n)
				fullAdd := append([]float32(nil), c0...)
				p.MulAdd(total, a, k, fullAdd, n, true)
				for _, m := range []int{1, kn.mr + 1, 2*kn.mr + 3} {
					got := append([]float32(nil), c0[7*n:(7+m)*n]...)
					p.MulAdd(m, a[7*k:], k, got, n, true)
					sameBits(t, fmt.Sprintf("MulAdd k=%d n=%d rows 7..%d", k, n, 7+m), got, fullAdd[7*n:(7+m)*n])
				}
				// Sgemm is invariant too.
				b := randMat(rng, k*n)
				sf := make([]float32, total*n)
				kn.Sgemm(false, false, total, n, k, 1, a, k, b, n, 0, sf, n)
				for _, m := range []int{1, kn.mr + 1, 13} {
					got := make([]float32, m*n)
					kn.Sgemm(false, false, m, n, k, 1, a[5*k:], k, b, n, 0, got, n)
					sameBits(t, fmt.Sprintf("sgemm k=%d n=%d rows 5..%d", k, n, 5+m), got, sf[5*n:(5+m)*n])
				}
				// And with A stored transposed (k x total): rows are columns.
				at := make([]float32, k*total)
				for i := 0; i < total; i++ {
					for p := 0; p < k; p++ {
						at[p*total+i] = a[i*k+p]
					}
				}
				tf := make([]float32, total*n)
				kn.Sgemm(true, false, total, n, k, 1, at, total, b, n, 0, tf, n)
				sameBits(t, fmt.Sprintf("sgemm transA k=%d n=%d", k, n), tf, sf)
				for _, m := range []int{1, kn.mr - 1, 2*kn.mr + 1} {
					got := make([]float32, m*n)
					kn.Sgemm(true, false, m, n, k, 1, at[3:], total, b, n, 0, got, n)
					sameBits(t, fmt.Sprintf("sgemm transA k=%d n=%d rows 3..%d", k, n, 3+m), got, sf[3*n:(3+m)*n])
				}
			}
		})
	}
}

func sameBits(t *testing.T, what string, got, want []float32) {
	t.Helper()
	for i := range want {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("%s: element %d is %v, want exactly %v", what, i, got[i], want[i])
		}
	}
}

func TestMulDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items under the race detector")
	}
	for _, kn := range Available() {
		rng := rand.New(rand.NewPCG(9, 9))
		p := kn.Pack(50, 40, randMat(rng, 50*40), randMat(rng, 40))
		a, c := randMat(rng, 31*50), make([]float32, 31*40)
		p.Mul(31, a, 50, c, 40, true)
		p.Mul(3, a, 50, c, 40, true)
		if n := testing.AllocsPerRun(20, func() {
			p.Mul(31, a, 50, c, 40, true)
			p.Mul(3, a, 50, c, 40, true)
		}); n != 0 {
			t.Errorf("%s: Mul allocates %v times per run", kn.Name(), n)
		}
		// And the sparse path (mostly-zero rows, K of 512).
		sp := kn.Pack(512, 40, randMat(rng, 512*40), randMat(rng, 40))
		sa := sparseRows(rng, 31, 512, 20)
		sp.Mul(31, sa, 512, c, 40, true)
		if n := testing.AllocsPerRun(20, func() {
			sp.Mul(31, sa, 512, c, 40, true)
			sp.MulAdd(3, sa, 512, c, 40, true)
		}); n != 0 {
			t.Errorf("%s: sparse Mul allocates %v times per run", kn.Name(), n)
		}
	}
}

func TestLookup(t *testing.T) {
	if _, err := Lookup("sse9"); !errors.Is(err, ErrUnknownKernel) {
		t.Errorf("Lookup(sse9) = %v, want ErrUnknownKernel", err)
	}
	av := Available()
	if av[len(av)-1].Name() != Generic {
		t.Errorf("last available path is %s, want generic", av[len(av)-1].Name())
	}
	for _, kn := range av {
		got, err := Lookup(kn.Name())
		if err != nil || got != kn {
			t.Errorf("Lookup(%s) = %v, %v", kn.Name(), got, err)
		}
	}
	if v := os.Getenv(EnvKernel); v != "" && EnvError() == nil && Default().Name() != v {
		t.Errorf("%s=%s but the default path is %s", EnvKernel, v, Default().Name())
	}
}

func TestChoose(t *testing.T) {
	best := Available()[0]
	for _, c := range []struct {
		env     string
		want    string
		wantErr error
	}{
		{"", best.Name(), nil},
		{" generic ", Generic, nil},
		{"sse9", best.Name(), ErrUnknownKernel},
	} {
		k, err := choose(c.env)
		if k.Name() != c.want || !errors.Is(err, c.wantErr) {
			t.Errorf("choose(%q) = %s, %v; want %s, %v", c.env, k.Name(), err, c.want, c.wantErr)
		}
	}
	for _, k := range all {
		got, err := choose(k.name)
		if supported(k.id) != (err == nil) || (err == nil && got != k) {
			t.Errorf("choose(%s) = %s, %v (supported: %v)", k.name, got.Name(), err, supported(k.id))
		}
	}
}

func TestFMALoop(t *testing.T) {
	for _, kn := range Available() {
		f := kn.FMALoop(10)
		if (kn.Name() == Generic) != (f == 0) {
			t.Errorf("%s: FMALoop(10) = %d flops", kn.Name(), f)
		}
	}
}

// TestGeneratedUpToDate re-runs the avo generator and compares its output
// with the committed files.
func TestGeneratedUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	dir := t.TempDir()
	s, stubs := filepath.Join(dir, "gemm_amd64.s"), filepath.Join(dir, "gemm_amd64.go")
	cmd := exec.Command("go", "run", "./internal/gen", "-out", s, "-stubs", stubs, "-pkg", "kernels")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generator: %v\n%s", err, out)
	}
	for _, f := range [][2]string{{s, "gemm_amd64.s"}, {stubs, "gemm_amd64.go"}} {
		got, err := os.ReadFile(f[0])
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(f[1])
		if err != nil {
			t.Fatal(err)
		}
		// The header names the command line, which has the temporary paths.
		if i := bytes.IndexByte(got, '\n'); i >= 0 {
			got = got[i:]
		}
		if i := bytes.IndexByte(want, '\n'); i >= 0 {
			want = want[i:]
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what internal/gen writes: run go generate ./models/kernels", f[1])
		}
	}
}
