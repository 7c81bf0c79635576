package graph

import (
	"math"
	"testing"
)

// TestPositive checks the ReLU's branchless mask against x > 0 on the
// values where a sign trick can go wrong.
func TestPositive(t *testing.T) {
	for _, x := range []float32{0, float32(math.Copysign(0, -1)), 1, -1, math.SmallestNonzeroFloat32,
		-math.SmallestNonzeroFloat32, math.MaxFloat32, -math.MaxFloat32, float32(math.Inf(1)), float32(math.Inf(-1))} {
		want := uint32(0)
		if x > 0 {
			want = ^uint32(0)
		}
		if got := positive(x); got != want {
			t.Errorf("positive(%v) = %#x, want %#x", x, got, want)
		}
	}
}
