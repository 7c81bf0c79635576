package graph

import (
	"fmt"
	"hash"
	"hash/fnv"
	"math"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/moongym/moongym/models/internal/im2col"
	"github.com/moongym/moongym/models/kernels"
)

// The conv trunk keeps activations pixel-major: a [batch*h*w, channels]
// matrix. A 3x3 convolution (padding 1, stride 1, no bias), with the
// residual input added and the ReLU where the trunk has them, is one
// Gorgonia op, conv3Op, whose forward pass and gradients are blocks of
// patch rows (im2col.Patches, ordered (ky, kx, channel) as in play)
// multiplied on the kernels, block by block, so that a block of patches
// stays in cache while its product runs and the whole patch matrix
// (megabytes: 129 MB for lunar-rally's first layer at batch 128) is never
// written to memory:
//
//   - forward: y = max(patches(x)·Wᵀ + r, 0), W the [out, in, 3, 3]
//     filter laid out [(ky, kx, in), out], r the residual input (if any);
//   - the ReLU's gradient: g = dY where y > 0, else 0; r's gradient is g;
//   - filter gradient: dWᵀ = Σ over blocks of patches(x)ᵀ·g, accumulated
//     in C, both read in place;
//   - input gradient: dx = patches(g)·F, F the filter flipped (tap 8-t for
//     tap t) laid out [(ky, kx, out), in]: the transposed convolution is a
//     convolution of g, again rows of patches and a product; none for
//     the first layer, whose input is the observation.
//
// Gorgonia's own Conv2d works on NCHW with a general im2col and transposes
// around its product, and its matrix product differentiates both operands
// (the observation's gradient too): on these boards those dominated a
// training step, and its elementwise ReLU and addition (and their
// gradients) a seventh of what was left.

// convLayer is one 3x3 convolution of a graph: its sizes and the buffers
// its ops share. The ops of one graph run one at a time (a TapeMachine is
// sequential), so one patch buffer serves them all.
type convLayer struct {
	convSpec
	cout    int
	patches []float32
	filt    []float32 // the filter as [(ky, kx, in), out] or flipped [(ky, kx, out), in]
	acc     []float32 // the filter's gradient as [(ky, kx, in), out]
	// The implicit passes (implicit.go): the input with a border, made by
	// the forward pass and read again by the filter gradient, g with a
	// border, made by the ReLU's gradient for the input gradient, their
	// segments and tiles, and a block of g in panels when cout is not a
	// multiple of the tile.
	xpad, gpad, bpart []float32
	xpadOf, gpadOf    *float32 // the x and g that xpad and gpad were made from, for one use
	explicit          bool     // the explicit passes whatever the sizes (tests)
	segs              [3][]kernels.Segs
	ts                [3]tileSet // a block's tiles by image row class
	fts               tileSet    // the filter gradient's tiles
	colOff            []int      // panelFilter's columns
	fsegs             kernels.Segs
	// The ops' outputs, made on their first run and reused.
	y, g, dw, dx outBuf
}

// convSpec describes a 3x3 convolution of a conv trunk.
type convSpec struct {
	name               string // the filter's weight name (unique in a graph)
	batch, h, w, cin   int
	gradX, relu, resid bool // x needs its gradient (not the observation); ReLU; a residual input
	// x comes with a border of one zero pixel around each image
	// (im2col.Pad's layout): the observation, written so by setInputs
	// when the layer's passes are implicit.
	padded bool
}

// outBuf is an op's output tensor, made on the first run.
type outBuf struct{ t *tensor.Dense }

func (b *outBuf) get(s ...int) *tensor.Dense {
	if b.t == nil {
		b.t = tensor.New(tensor.Of(tensor.Float32), tensor.WithShape(s...))
	}
	return b.t
}

func (l *convLayer) rows() int { return l.batch * l.h * l.w }

// conv3 applies the convolution sp of pixel-major x (sp.cin channels) by
// the [cout, cin, 3, 3] filter node, adding res (nil for none, else [rows,
// cout]) before the ReLU.
func conv3(sp convSpec, x, filter, res *G.Node) (*G.Node, error) {
	sh := filter.Shape()
	if len(sh) != 4 || sh[1] != sp.cin || sh[2] != 3 || sh[3] != 3 {
		return nil, fmt.Errorf("%w: filter %s of shape %v for %d channels", ErrBadInput, sp.name, sh, sp.cin)
	}
	sp.resid = res != nil
	op := conv3Op{&convLayer{convSpec: sp, cout: sh[0]}}
	if res != nil {
		return G.ApplyOp(op, x, filter, res)
	}
	return G.ApplyOp(op, x, filter)
}

// layoutFilter writes the [cout, cin, 3, 3] filter f as the product's right
// operand: [(t, ci), o] = f[o, ci, t], or flipped for the input gradient,
// [(t, o), ci] = f[o, ci, 8-t].
func (l *convLayer) layoutFilter(f []float32, flip bool) []float32 {
	cin, cout := l.cin, l.cout
	l.filt = grow(l.filt, 9*cin*cout)
	for o := 0; o < cout; o++ {
		for ci := 0; ci < cin; ci++ {
			src := f[(o*cin+ci)*9:][:9]
			for t, v := range src {
				if flip {
					l.filt[((8-t)*cout+o)*cin+ci] = v
				} else {
					l.filt[(t*cin+ci)*cout+o] = v
				}
			}
		}
	}
	return l.filt
}

// product runs out = patches(in)·B (+ out with add) over every block of
// rows: in has c channels, B is [9c, n].
func (l *convLayer) product(in []float32, c int, b []float32, n int, out []float32, add bool) {
	beta := float32(0)
	if add {
		beta = 1
	}
	k, m := 9*c, l.rows()
	bm := patchRows(k, m)
	l.patches = grow(l.patches, bm*k)
	kn := kernels.Default()
	for g0 := 0; g0 < m; g0 += bm {
		rows := min(bm, m-g0)
		im2col.Patches(l.patches, in, g0, rows, l.h, l.w, c)
		kn.Sgemm(false, false, rows, n, k, 1, l.patches, k, b, n, beta, out[g0*n:], n)
	}
}

// patchRows is how many rows of k floats make a block of patches in
// training: up to 768 KiB (eight times play's block, im2col.Rows) and at
// most 252 rows. The filter gradient is a product as deep as the block: at
// 252 rows it still runs unblocked with both operands in place (about 93%
// of the AVX2 path's peak on lunar-rally's shapes, against 60% for deeper
// blocked products, BenchmarkSgemmTraining); the forward product reads
// each block of the filter for many row tiles.
func patchRows(k, m int) int { return min(im2col.Rows(8*im2col.Block, k, m), 252) }

func grow(b []float32, n int) []float32 {
	if cap(b) < n {
		return make([]float32, n)
	}
	return b[:n]
}

// conv3Op is the forward convolution: inputs x [rows, cin], the filter
// [cout, cin, 3, 3] and the residual input [rows, cout] if any; output
// [rows, cout].
type conv3Op struct{ *convLayer }

func (op conv3Op) Arity() int {
	if op.resid {
		return 3
	}
	return 2
}
func (op conv3Op) Type() hm.Type {
	a := hm.TypeVariable('a')
	x, f := G.TensorType{Dims: 2, Of: a}, G.TensorType{Dims: 4, Of: a}
	if op.resid {
		return hm.NewFnType(x, f, x, x)
	}
	return hm.NewFnType(x, f, x)
}
func (op conv3Op) InferShape(...G.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{op.rows(), op.cout}, nil
}
func (op conv3Op) Do(inputs ...G.Value) (G.Value, error) {
	return op.UsePreallocDo(op.y.get(op.rows(), op.cout), inputs...)
}
func (op conv3Op) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	sizes := []int{op.xLen(), op.cout * op.cin * 9}
	if op.resid {
		sizes = append(sizes, op.rows()*op.cout)
	}
	d, err := floats(op, prealloc, inputs, sizes...)
	if err != nil {
		return nil, err
	}
	var r []float32
	if op.resid {
		r = d.in[2]
	}
	op.forward(d.in[0], d.in[1], r, d.out)
	return prealloc, nil
}

// forward writes the convolution of x by the filter f, plus r (nil for
// none), through the ReLU if the layer has one, into out.
func (l *convLayer) forward(x, f, r, out []float32) {
	if r != nil {
		copy(out, r)
	}
	if l.implicit() {
		pad := x
		if !l.padded {
			pad = l.pad(&l.xpad, x, l.cin)
			l.xpadOf = &x[0]
		}
		l.implicitProduct(pad, l.cin, l.panelFilter(f, false), l.cout, out, r != nil, l.relu)
		return
	}
	l.product(x, l.cin, l.layoutFilter(f, false), l.cout, out, r != nil)
	if l.relu {
		for i, v := range out {
			out[i] = math.Float32frombits(math.Float32bits(v) & positive(v))
		}
	}
}
func (op conv3Op) DiffWRT(n int) []bool {
	d := []bool{op.gradX, true, true}
	return d[:n]
}
func (op conv3Op) SymDiff(inputs G.Nodes, output, grad *G.Node) (G.Nodes, error) {
	g := grad
	if op.relu {
		var err error
		if g, err = G.ApplyOp(reluGradOp(op), grad, output); err != nil {
			return nil, err
		}
	}
	dw, err := G.ApplyOp(conv3FilterGradOp(op), inputs[0], g)
	if err != nil {
		return nil, err
	}
	var dx *G.Node
	if op.gradX {
		if dx, err = G.ApplyOp(conv3InputGradOp(op), g, inputs[1]); err != nil {
			return nil, err
		}
	}
	if op.resid {
		return G.Nodes{dx, dw, g}, nil
	}
	return G.Nodes{dx, dw}, nil
}
func (op conv3Op) ReturnsPtr() bool      { return false }
func (op conv3Op) CallsExtern() bool     { return false }
func (op conv3Op) OverwritesInput() int  { return -1 }
func (op conv3Op) WriteHash(h hash.Hash) { op.hash(h, "conv3") }
func (op conv3Op) Hashcode() uint32      { return hashOf(op) }
func (op conv3Op) String() string        { return op.describe("conv3x3") }
func (l *convLayer) hash(h hash.Hash, kind string) {
	fmt.Fprintf(h, "moongym-%s:%s", kind, l.describe(""))
}
func (l *convLayer) describe(kind string) string {
	return fmt.Sprintf("%s<%s %dx%dx%dx%d->%d relu=%v resid=%v>", kind, l.name, l.batch, l.h, l.w, l.cin, l.cout, l.relu, l.resid)
}

// positive is all ones where x > 0 (or a positive NaN), else zero (-0
// too): a branchless mask for the ReLU and its gradient, whose signs a
// branch predictor cannot guess (a third of the ReLU's time was
// mispredictions).
func positive(x float32) uint32 {
	b := int32(math.Float32bits(x))
	return uint32((-b &^ b) >> 31)
}

// reluGradOp is the ReLU's gradient: inputs dY and the convolution's
// output y (after the ReLU), both [rows, cout]; output g = dY where y > 0,
// else 0.
type reluGradOp struct{ *convLayer }

func (op reluGradOp) Arity() int { return 2 }
func (op reluGradOp) Type() hm.Type {
	x := G.TensorType{Dims: 2, Of: hm.TypeVariable('a')}
	return hm.NewFnType(x, x, x)
}
func (op reluGradOp) InferShape(...G.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{op.rows(), op.cout}, nil
}
func (op reluGradOp) Do(inputs ...G.Value) (G.Value, error) {
	return op.UsePreallocDo(op.g.get(op.rows(), op.cout), inputs...)
}
func (op reluGradOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	d, err := floats(op, prealloc, inputs, op.rows()*op.cout, op.rows()*op.cout)
	if err != nil {
		return nil, err
	}
	dy, y := d.in[0], d.in[1][:len(d.in[0])]
	if !op.gradX || !op.implicit() {
		reluGrad(d.out, dy, y)
		return prealloc, nil
	}
	// The input gradient reads g with a border: write it there too, image
	// row by image row, while the row is in cache.
	gpad := op.padBuf(&op.gpad, op.cout)
	row, pw := op.w*op.cout, op.w+2
	for i := 0; i < op.batch*op.h; i++ {
		img, r := i/op.h, i%op.h
		out := d.out[i*row : (i+1)*row]
		reluGrad(out, dy[i*row:(i+1)*row], y[i*row:(i+1)*row])
		copy(gpad[((img*(op.h+2)+r+1)*pw+1)*op.cout:][:row], out)
	}
	op.gpadOf = &d.out[0]
	return prealloc, nil
}

// reluGrad writes g = dy where y > 0, else 0 (kernels.ReLUGrad: the same
// mask as positive, in vectors).
func reluGrad(g, dy, y []float32)           { kernels.Default().ReLUGrad(g, dy, y) }
func (op reluGradOp) ReturnsPtr() bool      { return false }
func (op reluGradOp) CallsExtern() bool     { return false }
func (op reluGradOp) OverwritesInput() int  { return -1 }
func (op reluGradOp) WriteHash(h hash.Hash) { op.hash(h, "conv3-relu") }
func (op reluGradOp) Hashcode() uint32      { return hashOf(op) }
func (op reluGradOp) String() string        { return op.describe("conv3x3-dReLU") }

// conv3FilterGradOp is the filter's gradient: inputs x [rows, cin] and g
// (the gradient before the ReLU) [rows, cout]; output [cout, cin, 3, 3].
type conv3FilterGradOp struct{ *convLayer }

func (op conv3FilterGradOp) Arity() int { return 2 }
func (op conv3FilterGradOp) Type() hm.Type {
	a := hm.TypeVariable('a')
	return hm.NewFnType(G.TensorType{Dims: 2, Of: a}, G.TensorType{Dims: 2, Of: a}, G.TensorType{Dims: 4, Of: a})
}
func (op conv3FilterGradOp) InferShape(...G.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{op.cout, op.cin, 3, 3}, nil
}
func (op conv3FilterGradOp) Do(inputs ...G.Value) (G.Value, error) {
	return op.UsePreallocDo(op.dw.get(op.cout, op.cin, 3, 3), inputs...)
}
func (op conv3FilterGradOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	d, err := floats(op, prealloc, inputs, op.xLen(), op.rows()*op.cout)
	if err != nil {
		return nil, err
	}
	op.filterGrad(d.in[0], d.in[1], d.out)
	return prealloc, nil
}
func (op conv3FilterGradOp) ReturnsPtr() bool      { return false }
func (op conv3FilterGradOp) CallsExtern() bool     { return false }
func (op conv3FilterGradOp) OverwritesInput() int  { return -1 }
func (op conv3FilterGradOp) WriteHash(h hash.Hash) { op.hash(h, "conv3-dw") }
func (op conv3FilterGradOp) Hashcode() uint32      { return hashOf(op) }
func (op conv3FilterGradOp) String() string        { return op.describe("conv3x3-dW") }

// filterGrad writes the filter's gradient [cout, cin, 3, 3] of input x
// and g, the gradient before the ReLU.
func (l *convLayer) filterGrad(x, g, out []float32) {
	cin, cout := l.cin, l.cout
	if l.implicit() {
		pad := l.xpad
		if l.padded {
			pad = x
		} else if l.xpadOf != &x[0] {
			pad = l.pad(&l.xpad, x, cin)
		}
		l.xpadOf = nil // made for this use only
		l.implicitFilterGrad(pad, g)
	} else {
		l.explicitFilterGrad(x, g)
	}
	for o := 0; o < cout; o++ {
		for ci := 0; ci < cin; ci++ {
			dst := out[(o*cin+ci)*9:][:9]
			for t := range dst {
				dst[t] = l.acc[(t*cin+ci)*cout+o]
			}
		}
	}
}

// explicitFilterGrad writes the filter's gradient as [(t, ci), o] into
// l.acc from blocks of patch rows of x.
func (l *convLayer) explicitFilterGrad(x, g []float32) {
	cin, cout := l.cin, l.cout
	k, m := 9*cin, l.rows()
	bm := patchRows(k, m)
	l.patches = grow(l.patches, bm*k)
	l.acc = grow(l.acc, k*cout)
	kn := kernels.Default()
	for g0 := 0; g0 < m; g0 += bm {
		rows := min(bm, m-g0)
		im2col.Patches(l.patches, x, g0, rows, l.h, l.w, cin)
		beta := float32(1)
		if g0 == 0 {
			beta = 0
		}
		// acc [(t, ci), o] += patchesᵀ [(t, ci), rows] · g [rows, o]:
		// patches and g read in place, as deep as the block.
		kn.Sgemm(true, false, k, cout, rows, 1, l.patches, k, g[g0*cout:], cout, beta, l.acc, cout)
	}
}

// conv3InputGradOp is the input's gradient: inputs g [rows, cout] and the
// filter; output [rows, cin].
type conv3InputGradOp struct{ *convLayer }

func (op conv3InputGradOp) Arity() int { return 2 }
func (op conv3InputGradOp) Type() hm.Type {
	a := hm.TypeVariable('a')
	return hm.NewFnType(G.TensorType{Dims: 2, Of: a}, G.TensorType{Dims: 4, Of: a}, G.TensorType{Dims: 2, Of: a})
}
func (op conv3InputGradOp) InferShape(...G.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{op.rows(), op.cin}, nil
}
func (op conv3InputGradOp) Do(inputs ...G.Value) (G.Value, error) {
	return op.UsePreallocDo(op.dx.get(op.rows(), op.cin), inputs...)
}
func (op conv3InputGradOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	d, err := floats(op, prealloc, inputs, op.rows()*op.cout, op.cout*op.cin*9)
	if err != nil {
		return nil, err
	}
	op.inputGrad(d.in[0], d.in[1], d.out)
	return prealloc, nil
}

// inputGrad writes the input's gradient of g by the filter f into out.
func (l *convLayer) inputGrad(g, f, out []float32) {
	if l.implicit() {
		pad := l.gpad
		if l.gpadOf != &g[0] {
			pad = l.pad(&l.gpad, g, l.cout)
		}
		l.gpadOf = nil // made for this use only
		l.implicitProduct(pad, l.cout, l.panelFilter(f, true), l.cin, out, false, false)
		return
	}
	l.product(g, l.cout, l.layoutFilter(f, true), l.cin, out, false)
}
func (op conv3InputGradOp) ReturnsPtr() bool      { return false }
func (op conv3InputGradOp) CallsExtern() bool     { return false }
func (op conv3InputGradOp) OverwritesInput() int  { return -1 }
func (op conv3InputGradOp) WriteHash(h hash.Hash) { op.hash(h, "conv3-dx") }
func (op conv3InputGradOp) Hashcode() uint32      { return hashOf(op) }
func (op conv3InputGradOp) String() string        { return op.describe("conv3x3-dX") }

// opData are an op's float32 inputs and output.
type opData struct {
	in  [][]float32
	out []float32
}

// floats reads the inputs of a conv op (of the given sizes) and its output
// (of the op's inferred shape).
func floats(op G.Op, prealloc G.Value, inputs []G.Value, sizes ...int) (opData, error) {
	var d opData
	s, _ := op.InferShape()
	out, ok := prealloc.Data().([]float32)
	if len(inputs) != len(sizes) || !ok || len(out) != s.TotalSize() {
		return d, fmt.Errorf("%w: %v with %d inputs into %v", ErrBadInput, op, len(inputs), prealloc.Shape())
	}
	d.out = out
	for i, n := range sizes {
		v, ok := inputs[i].Data().([]float32)
		if !ok || len(v) != n {
			return d, fmt.Errorf("%w: %v input %d of shape %v", ErrBadInput, op, i, inputs[i].Shape())
		}
		d.in = append(d.in, v)
	}
	return d, nil
}

func hashOf(op interface{ WriteHash(hash.Hash) }) uint32 {
	h := fnv.New32a()
	op.WriteHash(h)
	return h.Sum32()
}

var (
	_ G.SDOp            = conv3Op{}
	_ G.UsePreallocDoer = conv3Op{}
	_ G.UsePreallocDoer = conv3FilterGradOp{}
	_ G.UsePreallocDoer = conv3InputGradOp{}
	_ G.UsePreallocDoer = reluGradOp{}
)
