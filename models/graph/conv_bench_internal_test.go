package graph

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/moongym/moongym/models/kernels"
)

// BenchmarkConv3 times the three passes of one 3x3 convolution of
// lunar-rally's conv net at batch 128 (10 x 24 boards, 30,720 pixel rows):
// the first layer (117 planes to 32 channels) and a residual layer (32 to
// 32), on the default kernels path, implicit (the padded image read in
// place, what training runs) and explicit (blocks of patches), in GFLOP/s
// and in % of the path's peak (its FMA-chain loop, timed just before each
// pass).
func BenchmarkConv3(b *testing.B) {
	const batch, h, w = 128, 10, 24
	for _, c := range []struct {
		cin      int
		explicit bool
	}{{117, false}, {117, true}, {32, false}, {32, true}} {
		cin := c.cin
		l := &convLayer{convSpec: convSpec{name: "bench", batch: batch, h: h, w: w, cin: cin, gradX: true, relu: true},
			cout: 32, explicit: c.explicit}
		kind := "implicit"
		if c.explicit {
			kind = "explicit"
		}
		rng := rand.New(rand.NewPCG(1, 2))
		fill := func(n int) []float32 {
			v := make([]float32, n)
			for i := range v {
				v[i] = float32(rng.IntN(2))
			}
			return v
		}
		rows := l.rows()
		x, f, g := fill(rows*cin), fill(32*cin*9), fill(rows*32)
		y, dx, dw := make([]float32, rows*32), make([]float32, rows*cin), make([]float32, 32*cin*9)
		flops := 2 * float64(rows) * float64(9*cin) * 32
		for _, pass := range []struct {
			name string
			run  func()
		}{
			{"forward", func() { l.forward(x, f, nil, y) }},
			{"filter-grad", func() { l.filterGrad(x, g, dw) }},
			{"input-grad", func() { l.inputGrad(g, f, dx) }},
		} {
			b.Run(fmt.Sprintf("in%d/%s/%s", cin, kind, pass.name), func(b *testing.B) {
				kn := kernels.Default()
				var took, peak time.Duration
				var peakFlops int64
				rounds := 1
				if fl := kn.FMALoop(1); fl > 0 {
					rounds = max(1, int(flops)/int(fl))
				}
				pass.run()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					peakFlops += kn.FMALoop(rounds)
					t1 := time.Now()
					pass.run()
					took += time.Since(t1)
					peak += t1.Sub(t0)
				}
				rate := flops * float64(b.N) / took.Seconds()
				b.ReportMetric(rate/1e9, "GFLOP/s")
				if peakFlops > 0 {
					b.ReportMetric(100*rate/(float64(peakFlops)/peak.Seconds()), "%peak")
				}
			})
		}
	}
}
