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
	if alpha == 1 && kn.SgemmBlockK(m, k) < k {
		if transB {
			checkB(b, ldb, n, k)
		} else {
			checkB(b, ldb, k, n)
		}
		kn.sgemmBlocked(s, transA, transB, m, n, k, a, lda, b, ldb, beta, c, ldc)
		return
	}
	var bs bsrc
	if transB {
		np := (n + kn.nr - 1) / kn.nr
		s.packed = grow(s.packed, np*k*kn.nr)
		packB(kn.nr, k, n, b, ldb, true, s.packed)
		bs.panels = s.packed
	} else {
		// Whole panels straight from B; only a partial last one is packed.
		checkB(b, ldb, k, n)
		bs.b, bs.ldb = b, ldb
		if j0 := n - n%kn.nr; j0 < n {
			s.packed = grow(s.packed, k*kn.nr)
			packB(kn.nr, k, n-j0, b[j0:], ldb, false, s.packed)
			bs.tail = s.packed
		}
	}
	if alpha == 1 && beta == 1 {
		// C += A·B: the micro-kernel adds C's old value (flagAcc).
		kn.run(s, m, k, n, a, lda, transA, bs, nil, flagAcc, c, ldc, 1, 1, true)
		return
	}
	kn.run(s, m, k, n, a, lda, transA, bs, nil, 0, c, ldc, alpha, beta, alpha == 1 && beta == 0)
}

// checkB checks a row-major B of r rows and c columns, rows ldb apart.
func checkB(b []float32, ldb, r, c int) {
	if len(b) < (r-1)*ldb+c || ldb < c {
		panic(fmt.Sprintf("kernels: Sgemm B of %d floats for %dx%d (ldb %d)", len(b), r, c, ldb))
	}
}

// blockK is the depth of one block of the blocked product (sgemmBlocked):
// a panel of B over a block (blockK rows of 16 or 32 floats, 16-32 KB)
// stays in the first-level cache while the row tiles of A go by.
const blockK = 256

// deepK is the depth from which a product is blocked whatever its rows: a
// panel of B (deepK·nr floats, 0.5-1 MB) would no longer stay in the
// second-level cache. From 2·blockK, a product is blocked when at least
// four row tiles share each block of B (a training batch, a block of
// convolution patches). Blocking changes the order of a sum, so a blocked
// row of C can differ in its last bits from the same row computed in a
// product of fewer rows; Mul and MulAdd, play's products, never block and
// stay batch invariant, and so does Sgemm below 2·blockK.
const deepK = 32 * blockK

// sgemmBlocked is Sgemm with alpha 1 for a deep product (large k), such as
// the first layer of a conv net (k = 9 x 117 for lunar-rally) or a weight
// gradient over a whole batch of pixels. Without blocks, every row tile
// streamed a whole panel of B (k·nr floats, up to megabytes) from memory. Here k is cut into blocks of blockK and the
// micro-kernel adds each block's products to C (flagAcc). With A
// transposed, each block of op(A) is packed into row tiles (mr floats per
// k, contiguous) and every panel of B, read in place (packed when B is
// transposed or the panel partial), meets every tile; with A row-major, A
// is read in place and each block of B is packed once. Each output is the
// sum of its blocks in increasing k, each block's sum in increasing k: the
// same inputs give the same bits every time.
func (kn *Kernel) sgemmBlocked(s *scratch, transA, transB bool, m, n, k int, a []float32, lda int,
	b []float32, ldb int, beta float32, c []float32, ldc int) {
	if beta != 1 {
		for i := 0; i < m; i++ {
			row := c[i*ldc : i*ldc+n]
			if beta == 0 {
				clear(row)
				continue
			}
			for j := range row {
				row[j] *= beta
			}
		}
	}
	mr, nr := kn.mr, kn.nr
	np := (n + nr - 1) / nr
	mt := (m + mr - 1) / mr
	s.tile = grow(s.tile, mr*nr)
	for p0 := 0; p0 < k; p0 += blockK {
		kb := min(blockK, k-p0)
		if !transA {
			// A in place (or a partial tile padded); B packed.
			s.packed = grow(s.packed, np*kb*nr)
			packBlock(nr, kb, n, b, ldb, p0, transB, s.packed)
			for i0 := 0; i0 < m; i0 += mr {
				ap, stride, kstride := &a[min(i0, m-1)*lda+p0], lda, 1
				if m-i0 < mr {
					s.pad = grow(s.pad, kb*mr)
					packTile(mr, kb, a, lda, i0, m-i0, p0, s.pad)
					ap, stride, kstride = &s.pad[0], 1, mr
				}
				for j0 := 0; j0 < n; j0 += nr {
					kn.addTile(s, kb, ap, stride, kstride, &s.packed[j0*kb], nr, c, ldc, i0, j0, min(mr, m-i0), min(nr, n-j0))
				}
			}
			continue
		}
		// op(A)'s block packed as tiles; B's whole panels in place.
		s.pad = grow(s.pad, mt*kb*mr)
		packTilesT(mr, kb, a, lda, m, p0, s.pad)
		for j0 := 0; j0 < n; j0 += nr {
			cols := min(nr, n-j0)
			var bp *float32
			bstride := nr
			if !transB && cols == nr {
				bp, bstride = &b[p0*ldb+j0], ldb
			} else {
				s.packed = grow(s.packed, kb*nr)
				packBlock(nr, kb, cols, b[j0*ldbStep(transB, ldb):], ldb, p0, transB, s.packed)
				bp = &s.packed[0]
			}
			for t := 0; t < mt; t++ {
				kn.addTile(s, kb, &s.pad[t*kb*mr], 1, mr, bp, bstride, c, ldc, t*mr, j0, min(mr, m-t*mr), cols)
			}
		}
	}
}

// ldbStep is how far B's storage moves per column of op(B): one float, or
// a row of the transposed B.
func ldbStep(transB bool, ldb int) int {
	if transB {
		return ldb
	}
	return 1
}

// addTile adds one tile's products over a block to C (rows x cols of it at
// row i0, column j0): straight into C for a whole tile, through s.tile for
// a partial one.
func (kn *Kernel) addTile(s *scratch, kb int, ap *float32, stride, kstride int, bp *float32, ldb int,
	c []float32, ldc, i0, j0, rows, cols int) {
	mr, nr := kn.mr, kn.nr
	if rows == mr && cols == nr {
		kn.micro(kb, ap, stride, kstride, bp, ldb, nil, &c[i0*ldc+j0], ldc, flagAcc)
		return
	}
	kn.micro(kb, ap, stride, kstride, bp, ldb, nil, &s.tile[0], nr, 0)
	for t := 0; t < rows; t++ {
		row := c[(i0+t)*ldc+j0 : (i0+t)*ldc+j0+cols]
		for j, v := range s.tile[t*nr : t*nr+cols] {
			row[j] += v
		}
	}
}

// packBlock packs rows p0..p0+kb-1 of op(B) (n columns; B row-major with
// rows ldb apart, or transposed) into panels of nr columns.
func packBlock(nr, kb, n int, b []float32, ldb, p0 int, transB bool, dst []float32) {
	if transB {
		packB(nr, kb, n, b[p0:], ldb, true, dst)
		return
	}
	packB(nr, kb, n, b[p0*ldb:], ldb, false, dst)
}

// packTilesT packs every row of op(A), A stored transposed (element (i, p)
// at a[p*lda+i], m rows), over k = p0..p0+kb-1 into tiles of kb groups of
// mr floats, tile t at dst[t*kb*mr:] (rows past m zero): packTile's layout
// for all the tiles, reading each stored row once (tile by tile, a narrow
// A's rows were each read once per tile, a cache line apiece).
func packTilesT(mr, kb int, a []float32, lda, m, p0 int, dst []float32) {
	full, rem := m/mr, m%mr
	for p := 0; p < kb; p++ {
		src := a[(p0+p)*lda:][:m]
		for t := 0; t < full; t++ {
			d, r := dst[(t*kb+p)*mr:][:mr], src[t*mr:][:mr]
			switch mr {
			case 6:
				*(*[6]float32)(d) = *(*[6]float32)(r)
			case 12:
				*(*[12]float32)(d) = *(*[12]float32)(r)
			default:
				copy(d, r)
			}
		}
		if rem > 0 {
			d := dst[(full*kb+p)*mr:][:mr]
			clear(d[copy(d, src[full*mr:]):])
		}
	}
}

// packTile packs rows i0..i0+rows-1 of a row-major A (rows lda floats
// apart) over k = p0..p0+kb-1 into dst as kb groups of mr floats (rows
// past the end zero).
func packTile(mr, kb int, a []float32, lda int, i0, rows, p0 int, dst []float32) {
	dst = dst[:kb*mr]
	clear(dst)
	for r := 0; r < rows; r++ {
		src := a[(i0+r)*lda+p0 : (i0+r)*lda+p0+kb]
		for p, v := range src {
			dst[p*mr+r] = v
		}
	}
}
