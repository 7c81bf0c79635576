package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// BenchmarkMul multiplies at the shapes of the conv nets' 3x3 layers (K =
// 9 x 32 channels, N = 32) and a dense layer, on every path, and reports
// GFLOP/s and the share of the path's FMA-loop peak measured in the same
// run.
func BenchmarkMul(b *testing.B) {
	for _, kn := range Available() {
		peak := kn.PeakGFLOPS(100 * time.Millisecond)
		for _, s := range [][3]int{{576, 288, 32}, {15360, 288, 32}, {64, 128, 128}} {
			m, k, n := s[0], s[1], s[2]
			b.Run(fmt.Sprintf("%s/m%d-k%d-n%d", kn.Name(), m, k, n), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 1))
				p := kn.Pack(k, n, randMat(rng, k*n), randMat(rng, n))
				a, c := randMat(rng, m*k), make([]float32, m*n)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					p.Mul(m, a, k, c, n, true)
				}
				gf := 2 * float64(m*n*k) * float64(b.N) / b.Elapsed().Seconds() / 1e9
				b.ReportMetric(gf, "GFLOP/s")
				if peak > 0 {
					b.ReportMetric(100*gf/peak, "%peak")
				}
			})
		}
	}
}
