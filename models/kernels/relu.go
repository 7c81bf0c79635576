package kernels

import (
	"fmt"
	"math"
)

// ReLUGrad writes the ReLU's gradient given the ReLU's output y: g = dy
// where y > 0, else +0, for len(dy) floats. It is branchless (the signs of
// a layer's outputs are what a branch predictor cannot guess): y's bits
// taken as an integer select dy when they are positive and nonzero, which
// is y > 0, plus NaNs whose sign bit is clear. g may be dy. It does not
// allocate.
func (kn *Kernel) ReLUGrad(g, dy, y []float32) {
	n := len(dy)
	if len(g) < n || len(y) < n {
		panic(fmt.Sprintf("kernels: ReLUGrad of %d floats into %d with %d outputs", n, len(g), len(y)))
	}
	i := 0
	if kn.id != idGeneric && n >= 8 {
		// Both assembly paths have AVX2.
		i = n &^ 7
		reluGradAVX2(i, &g[0], &dy[0], &y[0])
	}
	for ; i < n; i++ {
		g[i] = math.Float32frombits(math.Float32bits(dy[i]) & positiveMask(y[i]))
	}
}

// positiveMask is all ones when x's bits, as a signed integer, are positive
// and nonzero (x > 0, or a NaN with its sign bit clear), else zero.
func positiveMask(x float32) uint32 {
	b := int32(math.Float32bits(x))
	return uint32((-b &^ b) >> 31)
}
