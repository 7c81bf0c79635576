package kernels

import "fmt"

// Transpose8 writes n blocks of 8 x 8 floats transposed: dst[p*ldd + 8j +
// i] = src[(8j+i)*lds + p] for block j < n, i and p < 8: 8n rows of src
// (8 floats each, lds apart) become the first 8n columns of 8 rows of dst
// (ldd apart). Channel planes in, pixel rows out: it makes a conv net's
// pixel-major input from an observation's planes. It does not allocate.
func (kn *Kernel) Transpose8(n int, src []float32, lds int, dst []float32, ldd int) {
	if n <= 0 {
		return
	}
	if lds < 8 || ldd < 8*n || len(src) < (8*n-1)*lds+8 || len(dst) < 7*ldd+8*n {
		panic(fmt.Sprintf("kernels: Transpose8 of %d blocks from %d floats (lds %d) into %d (ldd %d)", n, len(src), lds, len(dst), ldd))
	}
	if kn.id != idGeneric {
		// Both assembly paths have AVX.
		transposeAVX2(n, &src[0], lds, &dst[0], ldd)
		return
	}
	for j := 0; j < 8*n; j++ {
		row := src[j*lds : j*lds+8]
		for p, v := range row {
			dst[p*ldd+j] = v
		}
	}
}
