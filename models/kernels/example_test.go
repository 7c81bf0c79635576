package kernels_test

import (
	"fmt"

	"github.com/moongym/moongym/models/kernels"
)

// A dense layer with bias and ReLU: weights packed once, then applied to a
// batch of rows.
func ExamplePacked_Mul() {
	k := kernels.Default()
	w := []float32{ // 3 inputs x 2 outputs
		1, -1,
		2, 0,
		0, 1,
	}
	layer := k.Pack(3, 2, w, []float32{0.5, -4})
	x := []float32{ // 2 rows of 3 inputs
		1, 1, 1,
		0, 2, 0,
	}
	y := make([]float32, 2*2)
	layer.Mul(2, x, 3, y, 2, true)
	fmt.Println(y)
	// Output: [3.5 0 4.5 0]
}

// BLAS's general product, C = alpha·Aᵀ·B + beta·C.
func ExampleKernel_Sgemm() {
	a := []float32{1, 2, 3, 4} // 2 x 2, used transposed
	b := []float32{1, 0, 0, 1} // identity
	c := []float32{10, 10, 10, 10}
	kernels.Default().Sgemm(true, false, 2, 2, 2, 1, a, 2, b, 2, 1, c, 2)
	fmt.Println(c)
	// Output: [11 13 12 14]
}
