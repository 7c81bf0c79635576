package kernels

import (
	"fmt"
	"unsafe"
)

// Segmented products. A 3x3 convolution of a pixel-major image multiplies
// rows of patches by the filter, and a patch row is three runs of three
// adjacent pixels (one run per row of the filter) that lie in the image
// itself once it has a border of zeros: a micro-kernel whose k is cut
// into segments, each starting anywhere in A and in B, reads the image in
// place and no patch is ever copied (models/graph). The filter's gradient
// is a sum over pixels that runs along the image's rows the same way.
// Every output is +0, then one multiply-add per k of each segment in
// turn, then the epilogue of the plain micro-kernel: the same arithmetic
// as a product of the patch rows over the same k, in the same order.

// Segs is the k of a segmented product (Kernel.SegTile): runs of k, each
// with its own start in A and in B (offsets in floats from the tile's
// first row of A and from B's first column), along which A moves by ka
// floats and B by ldb floats per k. Reset it for a new product; it keeps
// its storage, so building one does not allocate once warm.
type Segs struct {
	tab     []int // (A's offset, B's offset, length) triples
	ka, ldb int
	k       int // total length
	aEnd    int // one past the largest offset of A read, from the tile's first row (0 when empty)
	bEnd    int // one past the largest offset of B's rows' first columns read (0 when empty)
}

// Reset empties s for steps of ka floats in A and ldb floats in B.
func (s *Segs) Reset(ka, ldb int) {
	if ka < 0 || ldb < 0 {
		panic(fmt.Sprintf("kernels: Segs.Reset(%d, %d)", ka, ldb))
	}
	s.tab, s.ka, s.ldb, s.k, s.aEnd, s.bEnd = s.tab[:0], ka, ldb, 0, 0, 0
}

// Add appends a segment of n steps starting at offset aOff of A and bOff
// of B; a segment of no step is left out.
func (s *Segs) Add(aOff, bOff, n int) {
	if aOff < 0 || bOff < 0 || n < 0 {
		panic(fmt.Sprintf("kernels: Segs.Add(%d, %d, %d)", aOff, bOff, n))
	}
	if n == 0 {
		return
	}
	s.tab = append(s.tab, aOff, bOff, n)
	s.k += n
	s.aEnd = max(s.aEnd, aOff+(n-1)*s.ka+1)
	s.bEnd = max(s.bEnd, bOff+(n-1)*s.ldb+1)
}

// K is the total number of steps.
func (s *Segs) K() int { return s.k }

// SegTile computes one tile (Tile: mr rows, nr columns) of C = A·B over the
// segments of s and stores its rows r0..r1-1 and columns 0..cols-1: row i
// of the tile reads A from a[a0+i*lda+off] for each segment's offset off
// (moving ka per k), B's k-th row is nr floats from b[b0+off] (moving ldb
// per k) and C's row i is at c[c0+i*ldc]. With add, C's old value is added
// (after the sum, as the micro-kernel does); with relu, max(x, 0) last.
// Every row of the tile is computed; the rows and columns not stored may
// be read past what they mean but never past the slices. It does not
// allocate.
func (kn *Kernel) SegTile(s *Segs, a []float32, a0, lda int, b []float32, b0 int,
	c []float32, c0, ldc, r0, r1, cols int, add, relu bool) {
	mr, nr := kn.mr, kn.nr
	if r0 < 0 || r1 > mr || r0 >= r1 || cols < 1 || cols > nr || a0 < 0 || b0 < 0 || c0 < 0 || lda < 0 ||
		(s.k > 0 && (a0+(mr-1)*lda+s.aEnd > len(a) || b0+s.bEnd-1+nr > len(b))) ||
		c0+(r1-1)*ldc+cols > len(c) {
		panic(fmt.Sprintf("kernels: SegTile rows %d..%d, %d columns: A %d floats from %d (lda %d, to %d), B %d from %d (to %d), C %d from %d (ldc %d)",
			r0, r1, cols, len(a), a0, lda, s.aEnd, len(b), b0, s.bEnd, len(c), c0, ldc))
	}
	flags := tileFlags(add, relu)
	at := [2]int{a0, 0}
	if r0 == 0 && r1 == mr && cols == nr {
		kn.seg(s, at[:], a, lda, b, b0, &c[c0], ldc, flags)
		return
	}
	// A partial tile: through a tile on the stack, in the micro-kernel's
	// order (the sum, then C's old value, then the ReLU).
	var tile [12 * 32]float32
	if add {
		flags = 0
	}
	kn.seg(s, at[:], a, lda, b, b0, &tile[0], nr, flags)
	for i := r0; i < r1; i++ {
		t := tile[i*nr : i*nr+cols]
		if add {
			addStore(t, c[c0+i*ldc:], relu)
		} else {
			copy(c[c0+i*ldc:c0+i*ldc+cols], t)
		}
	}
}

// SegTiles computes whole tiles (Tile: mr rows, nr columns, all stored)
// of C = A·B over the segments of s, one for each pair (A's offset, C's
// offset) of at: tile t's row i reads A from a[at[2t]+i*lda+off] for each
// segment's offset off and is stored at c[at[2t+1]+i*ldc]; B's k-th row is
// nr floats from b[b0+off], as in SegTile, whose arithmetic each tile
// has. One call runs them all, so that a tile costs no call of its own.
// It does not allocate.
func (kn *Kernel) SegTiles(s *Segs, at []int, a []float32, lda int, b []float32, b0 int,
	c []float32, ldc int, add, relu bool) {
	mr, nr := kn.mr, kn.nr
	n := len(at) / 2
	if n == 0 {
		return
	}
	amax, cmax, bad := 0, 0, len(at)%2 != 0 || lda < 0 || b0 < 0
	for t := 0; t < n; t++ {
		ao, co := at[2*t], at[2*t+1]
		bad = bad || ao < 0 || co < 0
		amax, cmax = max(amax, ao), max(cmax, co)
	}
	if bad || s.k > 0 && (amax+(mr-1)*lda+s.aEnd > len(a) || b0+s.bEnd-1+nr > len(b)) || cmax+(mr-1)*ldc+nr > len(c) {
		panic(fmt.Sprintf("kernels: SegTiles of %d tiles: A %d floats to %d (lda %d, segments to %d), B %d from %d (to %d), C %d to %d (ldc %d)",
			n, len(a), amax, lda, s.aEnd, len(b), b0, s.bEnd, len(c), cmax, ldc))
	}
	kn.seg(s, at, a, lda, b, b0, &c[0], ldc, tileFlags(add, relu))
}

func tileFlags(add, relu bool) int {
	flags := 0
	if add {
		flags |= flagAcc
	}
	if relu {
		flags |= flagReLU
	}
	return flags
}

// seg runs the path's segmented micro-kernel on whole tiles: at's pairs
// are the tiles' offsets in a and from c (rows ldc floats apart).
func (kn *Kernel) seg(s *Segs, at []int, a []float32, lda int, b []float32, b0 int, c *float32, ldc, flags int) {
	nseg := len(s.tab) / 3
	var tab *int
	var ap, bp *float32
	if nseg > 0 {
		tab, ap, bp = &s.tab[0], &a[0], &b[b0]
		b = b[b0:]
	}
	switch kn.id {
	case idAVX512:
		segAVX512(len(at)/2, &at[0], nseg, tab, ap, lda, s.ka, bp, s.ldb, nil, c, ldc, flags)
	case idAVX2:
		segAVX2(len(at)/2, &at[0], nseg, tab, ap, lda, s.ka, bp, s.ldb, nil, c, ldc, flags)
	default:
		cmax := 0
		for t := 1; t < len(at); t += 2 {
			cmax = max(cmax, at[t])
		}
		cs := unsafe.Slice(c, cmax+(genericMR-1)*ldc+genericNR)
		for t := 0; t < len(at); t += 2 {
			var as []float32
			if nseg > 0 {
				as = a[at[t]:]
			}
			segGeneric(s, as, lda, b, &cs[at[t+1]], ldc, flags)
		}
	}
}

// segGeneric is the generic path's segmented micro-kernel: microGeneric's
// arithmetic over the segments of s (A's tile from a, B from b).
func segGeneric(s *Segs, a []float32, lda int, b []float32, c *float32, ldc, flags int) {
	var acc [genericMR][genericNR]float32
	for i := range acc {
		sums := &acc[i]
		for t := 0; t < len(s.tab); t += 3 {
			ao, bo, n := i*lda+s.tab[t], s.tab[t+1], s.tab[t+2]
			for p := 0; p < n; p++ {
				x := a[ao+p*s.ka]
				if x == 0 {
					continue // adds exactly nothing, as in microGeneric
				}
				br := (*[genericNR]float32)(b[bo+p*s.ldb:])
				for j, v := range br {
					sums[j] += x * v
				}
			}
		}
	}
	finishGeneric(&acc, nil, c, ldc, flags)
}

// SgemmBlockK is the depth of the blocks into which Sgemm cuts the sum of
// a product of m rows, depth k and alpha 1 (k when it does not cut it):
// each block's sum, from zero, is added to C's running value in turn. A
// segmented product that cuts its k the same way gets Sgemm's bits.
func (kn *Kernel) SgemmBlockK(m, k int) int {
	if k > 2*blockK && m >= 4*kn.mr || k > deepK {
		return blockK
	}
	return k
}
