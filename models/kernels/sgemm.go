package kernels

// Sgemm is BLAS's single-precision general matrix multiply on the path:
// C = alpha·op(A)·op(B) + beta·C, with op(X) = X or its transpose, all
// matrices row-major; op(A) is m x k, op(B) k x n, C m x n. As in BLAS,
// C is not read when beta is 0. B is packed (and A transposed, if asked)
// on every call, into buffers reused from call to call.
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
	if transA {
		// A is k x m: make op(A) row-major.
		s.aT = grow(s.aT, m*k)
		transpose(k, m, a, lda, s.aT)
		a, lda = s.aT, k
	}
	checkDims("Sgemm", m, n, k, a, lda, c, ldc)
	np := (n + kn.nr - 1) / kn.nr
	s.packed = grow(s.packed, np*k*kn.nr)
	packB(kn.nr, k, n, b, ldb, transB, s.packed)
	kn.run(s, m, k, n, a, lda, s.packed, nil, 0, c, ldc, alpha, beta, alpha == 1 && beta == 0)
}

// transpose writes the transpose of the rows x cols matrix a (rows lda
// apart) into dst (cols x rows, packed), by blocks that stay in cache.
func transpose(rows, cols int, a []float32, lda int, dst []float32) {
	const bs = 16
	for r0 := 0; r0 < rows; r0 += bs {
		r1 := min(r0+bs, rows)
		for c0 := 0; c0 < cols; c0 += bs {
			c1 := min(c0+bs, cols)
			for r := r0; r < r1; r++ {
				row := a[r*lda+c0 : r*lda+c1]
				for j, v := range row {
					dst[(c0+j)*rows+r] = v
				}
			}
		}
	}
}
