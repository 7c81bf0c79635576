package kernels

import (
	"fmt"
	"sync"
)

// Packed is a K x N matrix (weights) laid out for one path's micro-kernel:
// panels of NR columns (the last one padded with zeros), each K rows of NR
// floats, and an optional bias of N floats. Pack it once, multiply by it
// many times; it is safe for concurrent use.
type Packed struct {
	kern   *Kernel
	k, n   int
	panels []float32
	bias   []float32 // padded to a whole number of panels; nil: no bias
	// The sparse path's copy of B (see packRows): row-major, rows ldr
	// floats apart, and its bias; nil when the path does not use it.
	rows, rbias []float32
	ldr         int
}

// Pack lays out b, a K x N row-major matrix, and bias (N floats, or nil)
// for the path. It copies: later changes to b or bias are not seen.
func (kn *Kernel) Pack(k, n int, b, bias []float32) *Packed {
	if k < 0 || n < 0 || len(b) < k*n || (bias != nil && len(bias) != n) {
		panic(fmt.Sprintf("kernels: Pack(%d, %d) of %d floats with a bias of %d", k, n, len(b), len(bias)))
	}
	p := &Packed{kern: kn, k: k, n: n}
	np := (n + kn.nr - 1) / kn.nr
	p.panels = make([]float32, np*k*kn.nr)
	packB(kn.nr, k, n, b, n, false, p.panels)
	if bias != nil {
		p.bias = make([]float32, np*kn.nr)
		copy(p.bias, bias)
	}
	p.packRows(b, bias)
	return p
}

// Kernel is the path the matrix was packed for.
func (p *Packed) Kernel() *Kernel { return p.kern }

// Dims are K and N.
func (p *Packed) Dims() (k, n int) { return p.k, p.n }

// packB writes B (K x N, element (r, j) at b[r*ldb+j], or b[j*ldb+r] when
// trans) as panels of nr columns into dst.
func packB(nr, k, n int, b []float32, ldb int, trans bool, dst []float32) {
	for j0 := 0; j0 < n; j0 += nr {
		cols := min(nr, n-j0)
		panel := dst[j0*k : j0*k+k*nr]
		if trans {
			// Read B's rows (op(B)'s columns) whole; the panel is small.
			if cols < nr {
				clear(panel)
			}
			for j := 0; j < cols; j++ {
				src := b[(j0+j)*ldb : (j0+j)*ldb+k]
				for r, v := range src {
					panel[r*nr+j] = v
				}
			}
			continue
		}
		for r := 0; r < k; r++ {
			row := panel[r*nr : r*nr+nr]
			copy(row, b[r*ldb+j0:r*ldb+j0+cols])
			clear(row[cols:])
		}
	}
}

// Mul computes C = A·P (+ bias) (then max(x, 0) with relu) for m rows: A
// is m x K with rows lda floats apart, C m x N with rows ldc floats apart.
// A row of C depends only on the same row of A (see the package doc). It
// does not allocate once warm.
func (p *Packed) Mul(m int, a []float32, lda int, c []float32, ldc int, relu bool) {
	p.mul(m, a, lda, c, ldc, relu, false)
}

// MulAdd is Mul adding C's old value before the ReLU: C = A·P (+ bias) +
// C, then max(x, 0) with relu; a residual connection in one pass. A must
// not overlap C.
func (p *Packed) MulAdd(m int, a []float32, lda int, c []float32, ldc int, relu bool) {
	p.mul(m, a, lda, c, ldc, relu, true)
}

// flags are the micro-kernel flags of a product by p.
func (p *Packed) flags(relu, add bool) int {
	flags := 0
	if relu {
		flags |= flagReLU
	}
	if add {
		flags |= flagAcc
	}
	if p.bias != nil {
		flags |= flagBias
	}
	return flags
}

func (p *Packed) mul(m int, a []float32, lda int, c []float32, ldc int, relu, add bool) {
	checkDims("Mul", m, p.n, p.k, a, lda, false, c, ldc)
	flags := p.flags(relu, add)
	s := getScratch()
	if !p.mulSparse(s, m, a, lda, c, ldc, flags) {
		p.kern.run(s, m, p.k, p.n, a, lda, false, bsrc{panels: p.panels}, p.bias, flags, c, ldc, 1, 0, true)
	}
	putScratch(s)
}

// checkDims checks the sizes of A (m x k, or k x m when transA) and C.
func checkDims(op string, m, n, k int, a []float32, lda int, transA bool, c []float32, ldc int) {
	ar, ac := m, k
	if transA {
		ar, ac = k, m
	}
	if m < 0 || n < 0 || k < 0 || lda < ac || ldc < n ||
		(ar > 0 && ac > 0 && len(a) < (ar-1)*lda+ac) || (m > 0 && n > 0 && len(c) < (m-1)*ldc+n) {
		panic(fmt.Sprintf("kernels: %s of %dx%d by %dx%d: A has %d floats (lda %d), C %d (ldc %d)",
			op, m, k, k, n, len(a), lda, len(c), ldc))
	}
}

// scratch holds the buffers of one multiplication: a tile of C, zero-padded
// rows of A and packed B.
type scratch struct {
	tile   []float32
	pad    []float32
	packed []float32
	idx    []int32   // sparse rows' nonzero entries: indices,
	val    []float32 // values,
	off    []int     // and where each row's begin
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

func getScratch() *scratch  { return scratchPool.Get().(*scratch) }
func putScratch(s *scratch) { scratchPool.Put(s) }

func grow(b []float32, n int) []float32 {
	if cap(b) < n {
		return make([]float32, n)
	}
	return b[:n]
}

// run is the driver: tiles of mr rows by nr columns over C. With direct,
// whole tiles are stored straight into C (C = A·B + bias); otherwise every
// tile goes through s.tile and C = alpha·(A·B) + beta·C, which is also
// how partial tiles are written. With transA, A is stored transposed (k x
// m, rows lda apart).
func (kn *Kernel) run(s *scratch, m, k, n int, a []float32, lda int, transA bool, bs bsrc, bias []float32, flags int,
	c []float32, ldc int, alpha, beta float32, direct bool) {
	if m == 0 || n == 0 {
		return
	}
	mr, nr := kn.mr, kn.nr
	s.tile = grow(s.tile, mr*nr)
	if k == 0 {
		// No products: the tile is the bias (or zero), through the ReLU.
		clear(s.tile)
		var zero [1]float32
		for j0 := 0; j0 < n; j0 += nr {
			var bp *float32
			if flags&flagBias != 0 {
				bp = &bias[j0]
			}
			kn.micro(0, &zero[0], 0, 0, &zero[0], 0, bp, &s.tile[0], nr, flags&^(flagAcc|flagReLU))
			for i := 0; i < m; i++ {
				if flags&flagAcc != 0 {
					addStore(s.tile[:min(nr, n-j0)], c[i*ldc+j0:], flags&flagReLU != 0)
				} else {
					if flags&flagReLU != 0 {
						reluInPlace(s.tile[:nr])
					}
					kn.store(s.tile[:nr], c[i*ldc+j0:], min(nr, n-j0), alpha, beta)
				}
			}
		}
		return
	}
	rs, ks := lda, 1 // strides of A's rows and of k
	if transA {
		rs, ks = 1, lda
	}
	for i0 := 0; i0 < m; i0 += mr {
		rows := min(mr, m-i0)
		// The tile computes rows base..base+mr-1 of C and keeps rows
		// i0..i0+rows-1, that is tile rows skip..skip+rows-1.
		base, skip := i0, 0
		ap, stride, kstride := &a[i0*rs], rs, ks
		if rows < mr {
			if m >= mr {
				base = m - mr
				skip = i0 - base
				ap = &a[base*rs]
			} else {
				s.pad = grow(s.pad, mr*k)
				clear(s.pad)
				for r := 0; r < rows; r++ {
					row := s.pad[r*k : r*k+k]
					for p := range row {
						row[p] = a[(i0+r)*rs+p*ks]
					}
				}
				ap, stride, kstride = &s.pad[0], k, 1
			}
		}
		for j0 := 0; j0 < n; j0 += nr {
			cols := min(nr, n-j0)
			bp, ldb := bs.panel(j0, k, nr, n)
			var biasp *float32
			if flags&flagBias != 0 {
				biasp = &bias[j0]
			}
			if direct && rows == mr && cols == nr {
				kn.micro(k, ap, stride, kstride, bp, ldb, biasp, &c[i0*ldc+j0], ldc, flags)
				continue
			}
			if flags&flagAcc != 0 {
				// Same order as the micro-kernel: (sum + bias) + c, then
				// the ReLU.
				kn.micro(k, ap, stride, kstride, bp, ldb, biasp, &s.tile[0], nr, flags&flagBias)
				for t := skip; t < skip+rows; t++ {
					addStore(s.tile[t*nr:t*nr+cols], c[(base+t)*ldc+j0:], flags&flagReLU != 0)
				}
				continue
			}
			kn.micro(k, ap, stride, kstride, bp, ldb, biasp, &s.tile[0], nr, flags)
			for t := skip; t < skip+rows; t++ {
				kn.store(s.tile[t*nr:t*nr+nr], c[(base+t)*ldc+j0:], cols, alpha, beta)
			}
		}
	}
}

// store writes cols floats of a tile row into C: c = alpha·t + beta·c (c =
// alpha·t when beta is 0, whatever c held).
func (kn *Kernel) store(t, c []float32, cols int, alpha, beta float32) {
	t, c = t[:cols], c[:cols]
	switch {
	case alpha == 1 && beta == 0:
		copy(c, t)
	case beta == 0:
		for j, v := range t {
			c[j] = alpha * v
		}
	default:
		for j, v := range t {
			c[j] = alpha*v + beta*c[j]
		}
	}
}

// addStore sets c = t + c, then max(x, 0) with relu, as the micro-kernels
// do (a NaN becomes 0 as with VMAXPS).
func addStore(t, c []float32, relu bool) {
	c = c[:len(t)]
	for j, v := range t {
		v += c[j]
		if relu && !(v > 0) {
			v = 0
		}
		c[j] = v
	}
}

func reluInPlace(t []float32) {
	for j, v := range t {
		if !(v > 0) {
			t[j] = 0
		}
	}
}

// bsrc is where the micro-kernel reads B: packed panels (nr columns each,
// the last zero-padded), or a row-major B in place (rows ldb apart) for
// its whole panels, with only the last, partial panel packed (tail, k rows
// of nr floats).
type bsrc struct {
	panels []float32
	b      []float32
	ldb    int
	tail   []float32
}

// panel is the panel of columns j0..j0+nr-1 and its row stride.
func (bs bsrc) panel(j0, k, nr, n int) (*float32, int) {
	if bs.b == nil {
		return &bs.panels[j0*k], nr
	}
	if j0+nr <= n {
		return &bs.b[j0], bs.ldb
	}
	return &bs.tail[0], nr
}
