package kernels

import (
	"math"
	"unsafe"
)

// Sparse rows. A board game's observation is mostly zeros (a few hundred
// nonzero features of thousands), and the first layer's weights are then
// read almost entirely to be multiplied by zero: for March on Mars, 7,085
// inputs and 3.6 MB of weights per row of which about 200 rows matter.
// Packed.Mul therefore computes rows of A that are mostly zeros from their
// nonzero entries only, on the paths whose arithmetic allows it without
// changing a bit: on the FMA paths an output is +0, then one fused
// multiply-add per k in increasing k; a zero entry's multiply-add adds a
// signed zero to a sum that is never -0 (it starts at +0 and round to
// nearest gives +0 for an exact zero sum), so it changes nothing, provided
// the weight is finite. The sparse kernel does the remaining multiply-adds
// in the same order with the same epilogue, so the result is the dense
// one bit for bit (TestSparseMatchesDense checks it on every path).

// sparseMinK is the smallest K for which Mul looks for sparse rows:
// below it, scanning a row costs more than its multiply-adds save.
const sparseMinK = 256

// sparseDensity: Mul takes the sparse path when at most 1/sparseDensity
// of the entries of every row of A are nonzero.
const sparseDensity = 8

// sparseChunk is the number of columns the path's sparse kernel computes
// at once (8 vectors), or 0 if it has none (the generic path skips zero
// entries inside its dense loop already).
func (kn *Kernel) sparseChunk() int {
	switch kn.id {
	case idAVX512:
		return 128
	case idAVX2:
		return 64
	}
	return 0
}

// sparseRow computes one row of a chunk of columns from the n nonzero
// entries of A's row (idx, val): b is the chunk's first column in B's
// row-major copy (rows ldb floats apart), bias its bias.
func (kn *Kernel) sparseRow(n int, idx []int32, val []float32, b []float32, ldb int, bias, c *float32, flags int) {
	var ip *int32
	var vp *float32
	if n > 0 {
		ip, vp = &idx[0], &val[0]
	}
	switch kn.id {
	case idAVX512:
		sparseAVX512(n, ip, vp, &b[0], ldb, bias, c, flags)
	default:
		sparseAVX2(n, ip, vp, &b[0], ldb, bias, c, flags)
	}
}

// packRows makes the sparse path's copy of B, row-major with rows padded
// with zeros to a whole number of chunks (a nonzero entry's weights are
// then a few consecutive cache lines), and its bias padded alike; nothing
// when the path has no sparse kernel, K is small, or a weight is not
// finite.
func (p *Packed) packRows(b, bias []float32) {
	w := p.kern.sparseChunk()
	if w == 0 || p.k < sparseMinK || !allFinite(b[:p.k*p.n]) {
		return
	}
	p.ldr = (p.n + w - 1) / w * w
	p.rows = make([]float32, p.k*p.ldr)
	for r := 0; r < p.k; r++ {
		copy(p.rows[r*p.ldr:], b[r*p.n:(r+1)*p.n])
	}
	if bias != nil {
		p.rbias = make([]float32, p.ldr)
		copy(p.rbias, bias)
	}
}

// allFinite reports whether no weight is an infinity or a NaN (a zero
// entry times an infinite weight is a NaN the sparse path would skip).
func allFinite(b []float32) bool {
	for _, v := range b {
		if math.IsInf(float64(v), 0) || math.IsNaN(float64(v)) {
			return false
		}
	}
	return true
}

// nonzeros appends the indices and values of the entries of row whose
// value is not ±0, in increasing order, and stops early (reporting false)
// once more than limit have been appended in all. Four entries are tested
// at a time: most are zero.
func nonzeros(row []float32, idx []int32, val []float32, limit int) ([]int32, []float32, bool) {
	const abs = 0x7fffffff7fffffff
	n4 := len(row) / 4
	var quads []uint64
	if n4 > 0 {
		quads = unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(row))), 2*n4)
	}
	for q := 0; q < n4; q++ {
		if (quads[2*q]|quads[2*q+1])&abs == 0 {
			continue
		}
		for i := 4 * q; i < 4*q+4; i++ {
			if math.Float32bits(row[i])&0x7fffffff != 0 {
				idx, val = append(idx, int32(i)), append(val, row[i])
			}
		}
		if len(idx) > limit {
			return idx, val, false
		}
	}
	for i := 4 * n4; i < len(row); i++ {
		if math.Float32bits(row[i])&0x7fffffff != 0 {
			idx, val = append(idx, int32(i)), append(val, row[i])
		}
	}
	return idx, val, len(idx) <= limit
}

// mulSparse computes C = A·P (+ bias) (+ C) (ReLU) row by row from A's
// nonzero entries, if the path allows it and A is sparse enough; it
// reports whether it did.
func (p *Packed) mulSparse(s *scratch, m int, a []float32, lda int, c []float32, ldc int, flags int) bool {
	kn := p.kern
	if p.rows == nil || m == 0 || p.n == 0 {
		return false
	}
	// All rows' entries first (s.off[i] is where row i's begin), giving up
	// as soon as one row has too many: a dense input costs a fraction of
	// its first row's scan.
	s.idx, s.val, s.off = s.idx[:0], s.val[:0], s.off[:0]
	for i := 0; i < m; i++ {
		s.off = append(s.off, len(s.idx))
		var ok bool
		if s.idx, s.val, ok = nonzeros(a[i*lda:i*lda+p.k], s.idx, s.val, len(s.idx)+p.k/sparseDensity); !ok {
			return false
		}
	}
	s.off = append(s.off, len(s.idx))
	w := kn.sparseChunk()
	s.tile = grow(s.tile, w)
	for i := 0; i < m; i++ {
		idx, val := s.idx[s.off[i]:s.off[i+1]], s.val[s.off[i]:s.off[i+1]]
		for j0 := 0; j0 < p.n; j0 += w {
			cols := min(w, p.n-j0)
			var biasp *float32
			if flags&flagBias != 0 {
				biasp = &p.rbias[j0]
			}
			b, row := p.rows[j0:], c[i*ldc+j0:]
			switch {
			case cols == w:
				kn.sparseRow(len(idx), idx, val, b, p.ldr, biasp, &row[0], flags)
			case flags&flagAcc != 0:
				// As the dense driver: (sum + bias) + c, then the ReLU.
				kn.sparseRow(len(idx), idx, val, b, p.ldr, biasp, &s.tile[0], flags&flagBias)
				addStore(s.tile[:cols], row, flags&flagReLU != 0)
			default:
				kn.sparseRow(len(idx), idx, val, b, p.ldr, biasp, &s.tile[0], flags)
				copy(row[:cols], s.tile[:cols])
			}
		}
	}
	return true
}
