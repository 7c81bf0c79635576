package graph

import (
	"fmt"
	"hash"
	"hash/fnv"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// The conv trunk keeps activations pixel-major: a [batch*h*w, channels]
// matrix, so that a 3x3 convolution is im2colOp (to [batch*h*w,
// channels*9], column ci*9 + ky*3 + kx, the order of a [out, in, 3, 3]
// filter flattened to [out, in*9]) followed by one matrix product, which
// runs on the BLAS (package kernels by default). Gorgonia's own Conv2d
// works on NCHW with a general im2col and transposes around its product;
// on these small boards those dominated a training step. col2imOp is
// im2colOp's adjoint, its gradient.

// im2colOp is a 3x3, padding 1, stride 1 im2col over images of h x w
// pixels with c channels, pixel-major. out keeps its result tensor from run
// to run (a graph runs one pass at a time), so that a step allocates
// nothing here.
type im2colOp struct {
	batch, h, w, c int
	out            *outBuf
}

// outBuf is an op's output tensor, made on the first run.
type outBuf struct{ t *tensor.Dense }

func (b *outBuf) get(s tensor.Shape) *tensor.Dense {
	if b.t == nil {
		b.t = tensor.New(tensor.Of(tensor.Float32), tensor.WithShape(s...))
	}
	return b.t
}

func (op im2colOp) Arity() int { return 1 }

func (op im2colOp) Type() hm.Type {
	t := G.TensorType{Dims: 2, Of: hm.TypeVariable('a')}
	return hm.NewFnType(t, t)
}

func (op im2colOp) InferShape(...G.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{op.batch * op.h * op.w, op.c * 9}, nil
}

func (op im2colOp) Do(inputs ...G.Value) (G.Value, error) {
	s, _ := op.InferShape()
	return op.UsePreallocDo(op.out.get(s), inputs...)
}

func (op im2colOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	in, out, err := op.check(inputs, prealloc, op.c, op.c*9)
	if err != nil {
		return nil, err
	}
	h, w, c := op.h, op.w, op.c
	hw, k := h*w, c*9
	for r := 0; r < op.batch; r++ {
		img := in[r*hw*c : (r+1)*hw*c]
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				dst := out[((r*h+y)*w+x)*k:][:k]
				for ky := 0; ky < 3; ky++ {
					sy := y + ky - 1
					for kx := 0; kx < 3; kx++ {
						sx := x + kx - 1
						kk := ky*3 + kx
						if sy < 0 || sy >= h || sx < 0 || sx >= w {
							for ci := 0; ci < c; ci++ {
								dst[ci*9+kk] = 0
							}
							continue
						}
						src := img[(sy*w+sx)*c:][:c]
						for ci, v := range src {
							dst[ci*9+kk] = v
						}
					}
				}
			}
		}
	}
	return prealloc, nil
}

// check reads the input and output of im2col or col2im: float32 matrices of
// batch*h*w rows and inCols and outCols columns.
func (op im2colOp) check(inputs []G.Value, prealloc G.Value, inCols, outCols int) (in, out []float32, err error) {
	if len(inputs) != 1 {
		return nil, nil, fmt.Errorf("%w: %d inputs to %v", ErrBadInput, len(inputs), op)
	}
	rows := op.batch * op.h * op.w
	in, ok1 := inputs[0].Data().([]float32)
	out, ok2 := prealloc.Data().([]float32)
	if !ok1 || !ok2 || len(in) != rows*inCols || len(out) != rows*outCols {
		return nil, nil, fmt.Errorf("%w: %v on %v into %v", ErrBadInput, op, inputs[0].Shape(), prealloc.Shape())
	}
	return in, out, nil
}

func (op im2colOp) ReturnsPtr() bool     { return false }
func (op im2colOp) CallsExtern() bool    { return false }
func (op im2colOp) OverwritesInput() int { return -1 }
func (op im2colOp) WriteHash(h hash.Hash) {
	fmt.Fprintf(h, "moongym-im2col3:%d-%d-%d-%d", op.batch, op.h, op.w, op.c)
}
func (op im2colOp) Hashcode() uint32 { return hashOf(op) }
func (op im2colOp) String() string {
	return fmt.Sprintf("im2col3x3<%dx%dx%dx%d>", op.batch, op.h, op.w, op.c)
}

func (op im2colOp) DiffWRT(int) []bool { return []bool{true} }

func (op im2colOp) SymDiff(inputs G.Nodes, output, grad *G.Node) (G.Nodes, error) {
	n, err := G.ApplyOp(col2imOp{op.batch, op.h, op.w, op.c, &outBuf{}}, grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{n}, nil
}

// col2imOp adds each im2col column back to the pixel it was read from:
// the transpose of im2colOp.
type col2imOp im2colOp

func (op col2imOp) Arity() int       { return 1 }
func (op col2imOp) Type() hm.Type    { return im2colOp(op).Type() }
func (op col2imOp) String() string   { return "col2" + im2colOp(op).String()[len("im2"):] }
func (op col2imOp) Hashcode() uint32 { return hashOf(op) }
func (op col2imOp) WriteHash(h hash.Hash) {
	fmt.Fprintf(h, "moongym-col2im3:%d-%d-%d-%d", op.batch, op.h, op.w, op.c)
}
func (op col2imOp) ReturnsPtr() bool     { return false }
func (op col2imOp) CallsExtern() bool    { return false }
func (op col2imOp) OverwritesInput() int { return -1 }

func (op col2imOp) InferShape(...G.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{op.batch * op.h * op.w, op.c}, nil
}

func (op col2imOp) Do(inputs ...G.Value) (G.Value, error) {
	s, _ := op.InferShape()
	return op.UsePreallocDo(op.out.get(s), inputs...)
}

func (op col2imOp) UsePreallocDo(prealloc G.Value, inputs ...G.Value) (G.Value, error) {
	in, out, err := im2colOp(op).check(inputs, prealloc, op.c*9, op.c)
	if err != nil {
		return nil, err
	}
	clear(out)
	h, w, c := op.h, op.w, op.c
	hw, k := h*w, c*9
	for r := 0; r < op.batch; r++ {
		img := out[r*hw*c : (r+1)*hw*c]
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				src := in[((r*h+y)*w+x)*k:][:k]
				for ky := 0; ky < 3; ky++ {
					sy := y + ky - 1
					if sy < 0 || sy >= h {
						continue
					}
					for kx := 0; kx < 3; kx++ {
						sx := x + kx - 1
						if sx < 0 || sx >= w {
							continue
						}
						kk := ky*3 + kx
						dst := img[(sy*w+sx)*c:][:c]
						for ci := range dst {
							dst[ci] += src[ci*9+kk]
						}
					}
				}
			}
		}
	}
	return prealloc, nil
}

func hashOf(op interface{ WriteHash(hash.Hash) }) uint32 {
	h := fnv.New32a()
	op.WriteHash(h)
	return h.Sum32()
}

var (
	_ G.SDOp            = im2colOp{}
	_ G.UsePreallocDoer = im2colOp{}
	_ G.UsePreallocDoer = col2imOp{}
)
