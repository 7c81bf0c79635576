package kernels

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// BenchmarkMul multiplies at the shapes of the conv nets' 3x3 layers (K =
// 9 x 32 channels, N = 32) and of a dense layer, on every path, and
// reports GFLOP/s and, for the assembly paths, %peak: the median over the
// iterations of the GEMM's rate over that of the path's FMA-chain loop run
// just before it for as many flops (so that the share holds under a
// varying machine load).
func BenchmarkMul(b *testing.B) {
	for _, kn := range Available() {
		for _, s := range [][3]int{{576, 288, 32}, {15360, 288, 32}, {64, 128, 128}} {
			m, k, n := s[0], s[1], s[2]
			b.Run(fmt.Sprintf("%s/m%d-k%d-n%d", kn.Name(), m, k, n), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 1))
				p := kn.Pack(k, n, randMat(rng, k*n), randMat(rng, n))
				a, c := randMat(rng, m*k), make([]float32, m*n)
				ratePeak(b, kn, 2*float64(m*n*k), func() { p.Mul(m, a, k, c, n, true) })
			})
		}
	}
}

// BenchmarkSgemmTraining runs the products of a training step of
// lunar-rally's conv net (batch 128 of 10 x 24 boards) as models/graph's
// convolutions call Sgemm, one block of patch rows per call, on every
// path: the first layer (K = 117 x 9 = 1053, blocks of 180 rows) and a
// 32-channel layer (K = 288, blocks of 252 rows), forward (patches·W) and
// filter gradient (patchesᵀ·g, accumulated), and for contrast a deeper
// filter gradient of 336 rows taken the other way round (gᵀ·patches),
// which the blocked path serves worse; GFLOP/s and %peak as in
// BenchmarkMul.
func BenchmarkSgemmTraining(b *testing.B) {
	type shape struct {
		name          string
		tA            bool
		m, n, k       int
		lda, ldb, ldc int
		beta          float32
	}
	for _, kn := range Available() {
		for _, s := range []shape{
			{"forward-in", false, 180, 32, 1053, 1053, 32, 32, 0},
			{"forward-res", false, 252, 32, 288, 288, 32, 32, 0},
			{"wgrad-in", true, 1053, 32, 180, 1053, 32, 32, 1},
			{"wgrad-res", true, 288, 32, 252, 288, 32, 32, 1},
			{"wgrad-res-deep-blocked", true, 32, 288, 336, 32, 288, 288, 1},
		} {
			b.Run(kn.Name()+"/"+s.name, func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 1))
				ar := s.m
				if s.tA {
					ar = s.k
				}
				a, bm, c := randMat(rng, ar*s.lda), randMat(rng, s.k*s.ldb), make([]float32, s.m*s.ldc)
				const reps = 64 // calls per timing, as a layer makes
				ratePeak(b, kn, reps*2*float64(s.m*s.n*s.k), func() {
					for range reps {
						kn.Sgemm(s.tA, false, s.m, s.n, s.k, 1, a, s.lda, bm, s.ldb, s.beta, c, s.ldc)
					}
				})
			})
		}
	}
}

// ratePeak times run (flops floating-point operations) b.N times and
// reports GFLOP/s and, for the assembly paths, %peak: the median over the
// iterations of run's rate over that of the path's FMA-chain loop run just
// before it for as many flops (so that the share holds under a varying
// machine load).
func ratePeak(b *testing.B, kn *Kernel, flops float64, run func()) {
	rounds := 0
	if f := kn.FMALoop(1); f > 0 {
		rounds = max(1, int(flops)/int(f))
	}
	var shares []float64
	var took time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		fl := kn.FMALoop(rounds)
		t1 := time.Now()
		run()
		t2 := time.Now()
		took += t2.Sub(t1)
		if fl > 0 {
			shares = append(shares, 100*(flops/t2.Sub(t1).Seconds())/(float64(fl)/t1.Sub(t0).Seconds()))
		}
	}
	b.ReportMetric(flops*float64(b.N)/took.Seconds()/1e9, "GFLOP/s")
	if len(shares) > 0 {
		slices.Sort(shares)
		b.ReportMetric(shares[len(shares)/2], "%peak")
	}
}
