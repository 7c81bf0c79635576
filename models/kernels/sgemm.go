package kernels

import "fmt"

// Sgemm is BLAS's single-precision general matrix multiply on the path:
// C = alpha·op(A)·op(B) + beta·C, with op(X) = X or its transpose, all
// matrices row-major; op(A) is m x k, op(B) k x n, C m x n. As in BLAS,
// C is not read when beta is 0. A, transposed or not, is read in place; so
// is B's row-major part that fills whole panels of the micro-kernel, and
// the rest (a transposed B, a last partial panel) is packed into buffers
// reused from call to call.
func (kn *Kernel) Sgemm(transA, transB bool, m, n, k int, alpha float32, a []float32, lda int,
	b []float32, ldb int, beta float32, c []float32, ldc int) {
	if m == 0 || n == 0 {
		return
	}
	if alpha == 0 || k == 0 {
		for i := 0; i < m; i++ {
			row := c[i*ldc : i*ldc+n]
			if beta == 0 {
				clear(row)
			} else if beta != 1 {
				for j := range row {
					row[j] *= beta
				}
			}
		}
		return
	}
	s := getScratch()
	defer putScratch(s)
	checkDims("Sgemm", m, n, k, a, lda, transA, c, ldc)
	var bs bsrc
	if transB {
		np := (n + kn.nr - 1) / kn.nr
		s.packed = grow(s.packed, np*k*kn.nr)
		packB(kn.nr, k, n, b, ldb, true, s.packed)
		bs.panels = s.packed
	} else {
		// Whole panels straight from B; only a partial last one is packed.
		if len(b) < (k-1)*ldb+n || ldb < n {
			panic(fmt.Sprintf("kernels: Sgemm B of %d floats for %dx%d (ldb %d)", len(b), k, n, ldb))
		}
		bs.b, bs.ldb = b, ldb
		if j0 := n - n%kn.nr; j0 < n {
			s.packed = grow(s.packed, k*kn.nr)
			packB(kn.nr, k, n-j0, b[j0:], ldb, false, s.packed)
			bs.tail = s.packed
		}
	}
	kn.run(s, m, k, n, a, lda, transA, bs, nil, 0, c, ldc, alpha, beta, alpha == 1 && beta == 0)
}
