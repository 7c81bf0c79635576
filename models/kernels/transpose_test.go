package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestTranspose8 compares Transpose8 on every path with the definition,
// for several block counts and strides; what lies outside the blocks in
// dst is left alone.
func TestTranspose8(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, kn := range Available() {
		for _, c := range []struct{ n, lds, ldd int }{{1, 8, 8}, {2, 10, 19}, {14, 240, 117}, {3, 9, 30}} {
			src := randMat(rng, (8*c.n-1)*c.lds+8)
			dst := randMat(rng, 7*c.ldd+8*c.n+3)
			want := append([]float32(nil), dst...)
			for j := 0; j < 8*c.n; j++ {
				for p := 0; p < 8; p++ {
					want[p*c.ldd+j] = src[j*c.lds+p]
				}
			}
			kn.Transpose8(c.n, src, c.lds, dst, c.ldd)
			sameBits(t, fmt.Sprintf("%s %+v", kn.Name(), c), dst, want)
		}
	}
}
