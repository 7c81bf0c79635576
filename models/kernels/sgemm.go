package kernels

// Sgemm is BLAS's single-precision general matrix multiply on the path:
// C = alpha·op(A)·op(B) + beta·C, with op(X) = X or its transpose, all
// matrices row-major; op(A) is m x k, op(B) k x n, C m x n. As in BLAS,
// C is not read when beta is 0. B is packed (and A transposed, if asked)
// on every call, into buffers reused from call to call; a transposed A is
// read in place.
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
	np := (n + kn.nr - 1) / kn.nr
	s.packed = grow(s.packed, np*k*kn.nr)
	packB(kn.nr, k, n, b, ldb, transB, s.packed)
	kn.run(s, m, k, n, a, lda, transA, s.packed, nil, 0, c, ldc, alpha, beta, alpha == 1 && beta == 0)
}
