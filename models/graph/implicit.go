package graph

import (
	"math"

	"github.com/moongym/moongym/models/internal/im2col"
	"github.com/moongym/moongym/models/kernels"
)

// Implicit convolutions. With a border of zeros around each image
// (im2col.Pad), a pixel's patch row is three runs of 3c adjacent floats,
// one per row of the filter, and a tile of consecutive pixels of one image
// row reads them at a stride of c: the kernels' segmented micro-kernel
// (kernels.SegTile) multiplies the padded image in place, and no patch is
// copied. The filter's gradient sums over pixels along runs of an image
// row the same way, a tile being 3c consecutive floats of a run.
//
// The passes keep the explicit path's arithmetic bit for bit: the same
// blocks of patch rows (patchRows), each output's sum in increasing k cut
// where Sgemm cuts it (kernels.SgemmBlockK), the filter gradient's sums
// accumulated block after block. A filter row whose taps all fall in the
// border (the first or last image row) is left out: its products are zeros
// added to a sum that is never -0, which changes nothing.

// implicit reports whether the layer's passes read padded images in place.
func (l *convLayer) implicit() bool {
	return l.padded || !l.explicit && implicitConv(l.batch, l.w, l.cin, l.cout)
}

// implicitConv reports whether the convolutions of a batch of images w
// pixels wide from cin to cout channels take the implicit passes: a run
// (3 cin floats) must be at least a tile of the filter gradient, and a
// tile of pixels either consecutive pixels of an image row (w at least a
// tile) or one pixel of consecutive images (the batch at least a tile),
// which needs sums Sgemm never cuts (kernels.SgemmBlockK) since a tile then
// spans blocks of patch rows.
func implicitConv(batch, w, cin, cout int) bool {
	kn := kernels.Default()
	mr, _ := kn.Tile()
	uncut := func(k int) bool { return kn.SgemmBlockK(math.MaxInt, k) == k }
	return 3*cin >= mr && (w >= mr || batch >= mr && uncut(9*cin) && uncut(9*cout))
}

// xLen is the size of the layer's input: rows x cin, or padded.
func (l *convLayer) xLen() int {
	if l.padded {
		return im2col.PaddedLen(l.batch, l.h, l.w, l.cin)
	}
	return l.rows() * l.cin
}

// pad writes x (c channels) into buf with a border of one zero pixel
// (im2col.Pad).
func (l *convLayer) pad(buf *[]float32, x []float32, c int) []float32 {
	im2col.Pad(l.padBuf(buf, c), x, l.batch, l.h, l.w, c)
	return *buf
}

// padBuf is buf, made on first use (border zero) for the layer's images
// of c channels with a border.
func (l *convLayer) padBuf(buf *[]float32, c int) []float32 {
	if n := im2col.PaddedLen(l.batch, l.h, l.w, c); len(*buf) != n {
		*buf = make([]float32, n)
	}
	return *buf
}

// panelFilter lays out the [cout, cin, 3, 3] filter f as the right operand
// of a segmented product, in panels of nr columns (zero-padded): rows
// (t, ci) and columns o, or flipped, rows (t, o) = tap 8-t and columns ci.
func (l *convLayer) panelFilter(f []float32, flip bool) []float32 {
	_, nr := kernels.Default().Tile()
	cin, cout := l.cin, l.cout
	rows, cols := 9*cin, cout
	if flip {
		rows, cols = 9*cout, cin
	}
	np := (cols + nr - 1) / nr
	l.filt = grow(l.filt, np*rows*nr)
	if cols%nr != 0 {
		clear(l.filt)
	}
	// Where column j starts: its panel, its place in the panel.
	l.colOff = l.colOff[:0]
	for j := 0; j < cols; j++ {
		l.colOff = append(l.colOff, (j/nr)*rows*nr+j%nr)
	}
	for o := 0; o < cout; o++ {
		for ci := 0; ci < cin; ci++ {
			src := f[(o*cin+ci)*9:][:9]
			if flip {
				at := l.colOff[ci] + o*nr
				for t, v := range src {
					l.filt[at+(8-t)*cout*nr] = v
				}
				continue
			}
			at := l.colOff[o] + ci*nr
			for t, v := range src {
				l.filt[at+t*cin*nr] = v
			}
		}
	}
	return l.filt
}

// rowSegs makes, for the pixels of image rows whose filter rows ky0..ky1-1
// fall inside the image, the segments of a patch row of c channels cut
// into blocks of kb (one Segs per block) for a product by panels of k rows
// of nr floats.
func rowSegs(dst []kernels.Segs, ky0, ky1, c, kb, pw, nr int) []kernels.Segs {
	k := 9 * c
	nb := (k + kb - 1) / kb
	if cap(dst) < nb {
		dst = make([]kernels.Segs, nb)
	}
	dst = dst[:nb]
	for bi := range dst {
		s := &dst[bi]
		s.Reset(1, nr)
		for ky := ky0; ky < ky1; ky++ {
			lo, hi := max(ky*3*c, bi*kb), min((ky+1)*3*c, (bi+1)*kb)
			if lo < hi {
				s.Add(ky*pw*c+lo-ky*3*c, lo*nr, hi-lo)
			}
		}
	}
	return dst
}

// implicitProduct computes out = patches(pad)·B (+ out with add; then the
// ReLU with relu) for every pixel, pad the padded images (c channels) and
// B [9c, n] in panels (panelFilter).
func (l *convLayer) implicitProduct(pad []float32, c int, fp []float32, n int, out []float32, add, relu bool) {
	kn := kernels.Default()
	mr, nr := kn.Tile()
	h, pw := l.h, l.w+2
	k, m := 9*c, l.rows()
	if l.w < mr {
		l.imageProduct(pad, c, fp, n, out, add, relu)
		return
	}
	bm := patchRows(k, m)
	kb := -1
	for g0 := 0; g0 < m; g0 += bm {
		rows := min(bm, m-g0)
		if b := kn.SgemmBlockK(rows, k); b != kb {
			kb = b
			// Image rows by which filter rows are inside: the first, the
			// inner ones, the last (one row: only the middle filter row).
			l.segs[0] = rowSegs(l.segs[0], 1, min(3, h+1), c, kb, pw, nr)
			l.segs[1] = rowSegs(l.segs[1], 0, 3, c, kb, pw, nr)
			l.segs[2] = rowSegs(l.segs[2], max(0, 2-h), 2, c, kb, pw, nr)
		}
		l.blockTiles(g0, rows, c, n)
		// Panel by panel and block of k by block, every tile of the block:
		// a panel's block of B stays in the first-level cache while the
		// tiles go by; each output still adds its k-blocks in order.
		for j0 := 0; j0 < n; j0 += nr {
			last := len(l.segs[1]) - 1
			for bi := range l.segs[1] {
				for cl := range l.ts {
					l.ts[cl].run(&l.segs[cl][bi], pad, c, fp, (j0/nr)*k*nr, out, j0, n, min(nr, n-j0),
						add || bi > 0, relu && bi == last)
				}
			}
		}
	}
}

// imageProduct is implicitProduct for images narrower than a tile: a tile
// is one pixel of mr consecutive images (the last tile ending at the
// batch's end, keeping only its new rows), each output one uncut sum.
func (l *convLayer) imageProduct(pad []float32, c int, fp []float32, n int, out []float32, add, relu bool) {
	kn := kernels.Default()
	mr, nr := kn.Tile()
	h, w, pw := l.h, l.w, l.w+2
	k := 9 * c
	l.segs[0] = rowSegs(l.segs[0], 1, min(3, h+1), c, k, pw, nr)
	l.segs[1] = rowSegs(l.segs[1], 0, 3, c, k, pw, nr)
	l.segs[2] = rowSegs(l.segs[2], max(0, 2-h), 2, c, k, pw, nr)
	for cl := range l.ts {
		l.ts[cl].reset()
	}
	for b0 := 0; b0 < l.batch; b0 += mr {
		bs := min(b0, l.batch-mr)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				l.ts[rowClass(y, h)].add(((bs*(h+2)+y)*pw+x)*c, ((bs*h+y)*w+x)*n, b0-bs, mr, mr)
			}
		}
	}
	lda, ldc := (h+2)*pw*c, h*w*n
	for j0 := 0; j0 < n; j0 += nr {
		for cl := range l.ts {
			l.ts[cl].run(&l.segs[cl][0], pad, lda, fp, (j0/nr)*k*nr, out, j0, ldc, min(nr, n-j0), add, relu)
		}
	}
}

// rowClass is which filter rows of an image row y (of h) fall inside the
// image: 0 for the first row, 2 for the last, 1 for the inner ones.
func rowClass(y, h int) int {
	switch {
	case y == 0:
		return 0
	case y == h-1:
		return 2
	}
	return 1
}

// tileSet is tiles of a product: the whole ones as (A's offset, C's offset)
// pairs for kernels.SegTiles, the partial ones (rows r0..r1-1 kept) apart.
type tileSet struct {
	at   []int
	part []partTile
}

type partTile struct{ a0, c0, r0, r1 int }

func (ts *tileSet) reset() { ts.at, ts.part = ts.at[:0], ts.part[:0] }

// add adds a tile whose rows start at a0 in A and c0 in C, keeping rows
// r0..r1-1 of mr.
func (ts *tileSet) add(a0, c0, r0, r1, mr int) {
	if r0 == 0 && r1 == mr {
		ts.at = append(ts.at, a0, c0)
		return
	}
	ts.part = append(ts.part, partTile{a0, c0, r0, r1})
}

// run computes the set's tiles over s, rows of A lda floats apart,
// into columns j0..j0+cols-1 of out (rows ldc apart), B from b0.
func (ts *tileSet) run(s *kernels.Segs, a []float32, lda int, b []float32, b0 int, out []float32, j0, ldc, cols int,
	add, relu bool) {
	kn := kernels.Default()
	mr, nr := kn.Tile()
	if cols == nr {
		kn.SegTiles(s, ts.at, a, lda, b, b0, out[j0:], ldc, add, relu)
	} else {
		for p := 0; p < len(ts.at); p += 2 {
			kn.SegTile(s, a, ts.at[p], lda, b, b0, out, ts.at[p+1]+j0, ldc, 0, mr, cols, add, relu)
		}
	}
	for _, t := range ts.part {
		kn.SegTile(s, a, t.a0, lda, b, b0, out, t.c0+j0, ldc, t.r0, t.r1, cols, add, relu)
	}
}

// blockTiles sorts the tiles of pixels g0..g0+rows-1 (c input channels, n
// output channels) into l.ts by image row class: the runs of the block
// within one image row, by tiles of mr pixels, the last one ending at the
// row's end and keeping only its new rows.
func (l *convLayer) blockTiles(g0, rows, c, n int) {
	mr, _ := kernels.Default().Tile()
	h, w, pw, hw := l.h, l.w, l.w+2, l.h*l.w
	for cl := range l.ts {
		l.ts[cl].reset()
	}
	for p := g0; p < g0+rows; {
		img, pos := p/hw, p%hw
		y, x := pos/w, pos%w
		end := x + min(w-x, g0+rows-p)
		ts := &l.ts[rowClass(y, h)]
		for x0 := x; x0 < end; x0 += mr {
			xs := min(x0, w-mr)
			ts.add(((img*(h+2)+y)*pw+xs)*c, ((img*h+y)*w+xs)*n, x0-xs, min(mr, end-xs), mr)
		}
		p += end - x
	}
}

// implicitFilterGrad writes the filter's gradient as [(t, ci), o] into
// l.acc from the padded input pad and g [rows, cout].
func (l *convLayer) implicitFilterGrad(pad, g []float32) {
	kn := kernels.Default()
	mr, nr := kn.Tile()
	cin, cout := l.cin, l.cout
	h, w, pw, hw := l.h, l.w, l.w+2, l.h*l.w
	k, m := 9*cin, l.rows()
	bm := patchRows(k, m)
	l.acc = grow(l.acc, k*cout)
	for g0 := 0; g0 < m; g0 += bm {
		rows := min(bm, m-g0)
		// B: g's rows of the block, whole panels in place; if cout is not
		// a multiple of nr, the block packed in panels of nr.
		b, b0, ldb, pstride := g, g0*cout, cout, nr
		if cout%nr != 0 {
			np := (cout + nr - 1) / nr
			l.bpart = grow(l.bpart, np*rows*nr)
			for r := 0; r < rows; r++ {
				src := g[(g0+r)*cout:][:cout]
				for j0 := 0; j0 < cout; j0 += nr {
					dst := l.bpart[((j0/nr)*rows+r)*nr:][:nr]
					clear(dst[copy(dst, src[j0:min(j0+nr, cout)]):])
				}
			}
			b, b0, ldb, pstride = l.bpart, 0, nr, rows*nr
		}
		for ky := 0; ky < 3; ky++ {
			s := &l.fsegs
			s.Reset(cin, ldb)
			// Runs of the block's pixels within one image row whose source
			// row y+ky-1 is inside the image.
			for p := g0; p < g0+rows; {
				img, pos := p/hw, p%hw
				y, x := pos/w, pos%w
				n := min(w-x, g0+rows-p)
				if sy := y + ky - 1; sy >= 0 && sy < h {
					s.Add(((img*(h+2)+y+ky)*pw+x)*cin, (p-g0)*ldb, n)
				}
				p += n
			}
			// Panel by panel, every tile: the panel's block of g stays in
			// the first-level cache.
			ts := &l.fts
			ts.reset()
			for i0 := 0; i0 < 3*cin; i0 += mr {
				is := min(i0, 3*cin-mr)
				ts.add(is, (ky*3*cin+is)*cout, i0-is, mr, mr)
			}
			for j0 := 0; j0 < cout; j0 += nr {
				ts.run(s, pad, 1, b, b0+(j0/nr)*pstride, l.acc, j0, cout, min(nr, cout-j0), g0 > 0, false)
			}
		}
	}
}
