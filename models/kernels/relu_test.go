package kernels

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestReLUGrad compares ReLUGrad on every path with the definition (dy
// where y > 0, else +0, a NaN with its sign bit clear counting as
// positive), bit for bit, on lengths around the vector width and on the
// values where a sign trick can go wrong.
func TestReLUGrad(t *testing.T) {
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, math.SmallestNonzeroFloat32,
		-math.SmallestNonzeroFloat32, math.MaxFloat32, -math.MaxFloat32, float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), -float32(math.NaN())}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, kn := range Available() {
		for _, n := range []int{0, 1, 7, 8, 9, 16, 31, 100} {
			dy, y := randMat(rng, n), make([]float32, n)
			for i := range y {
				y[i] = special[rng.IntN(len(special))]
			}
			g := randMat(rng, n)
			kn.ReLUGrad(g, dy, y)
			for i := range y {
				want := float32(0)
				if y[i] > 0 || y[i] != y[i] && math.Float32bits(y[i])>>31 == 0 {
					want = dy[i]
				}
				if math.Float32bits(g[i]) != math.Float32bits(want) {
					t.Fatalf("%s n=%d: g[%d] = %v for y %v and dy %v, want %v", kn.Name(), n, i, g[i], y[i], dy[i], want)
				}
			}
		}
	}
}
