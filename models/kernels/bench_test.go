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
				flops := 2 * float64(m*n*k)
				rounds := 0
				if f := kn.FMALoop(1); f > 0 {
					rounds = max(1, int(flops)/int(f))
				}
				var shares []float64
				var tMul time.Duration
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					fl := kn.FMALoop(rounds)
					t1 := time.Now()
					p.Mul(m, a, k, c, n, true)
					t2 := time.Now()
					tMul += t2.Sub(t1)
					if fl > 0 {
						shares = append(shares, 100*(flops/t2.Sub(t1).Seconds())/(float64(fl)/t1.Sub(t0).Seconds()))
					}
				}
				b.ReportMetric(flops*float64(b.N)/tMul.Seconds()/1e9, "GFLOP/s")
				if len(shares) > 0 {
					slices.Sort(shares)
					b.ReportMetric(shares[len(shares)/2], "%peak")
				}
			})
		}
	}
}
