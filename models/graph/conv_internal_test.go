package graph

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gorgonia.org/tensor"

	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/models/kernels"
)

// TestPositive checks the ReLU's branchless mask against x > 0 on the
// values where a sign trick can go wrong.
func TestPositive(t *testing.T) {
	for _, x := range []float32{0, float32(math.Copysign(0, -1)), 1, -1, math.SmallestNonzeroFloat32,
		-math.SmallestNonzeroFloat32, math.MaxFloat32, -math.MaxFloat32, float32(math.Inf(1)), float32(math.Inf(-1))} {
		want := uint32(0)
		if x > 0 {
			want = ^uint32(0)
		}
		if got := positive(x); got != want {
			t.Errorf("positive(%v) = %#x, want %#x", x, got, want)
		}
	}
}

// TestImplicitMatchesExplicit: the implicit passes (padded images read in
// place) give the explicit ones' results bit for bit: the forward pass
// with and without a residual input, the filter gradient and the input
// gradient, on images as wide as a tile and wider (a partial last tile),
// one and two rows high, blocks of patch rows that split image rows, a
// depth Sgemm cuts into blocks (9 x 60 > 512), widths that are not a
// multiple of the tile's columns, and images narrower than a tile.
func TestImplicitMatchesExplicit(t *testing.T) {
	mr, nr := kernels.Default().Tile()
	for _, c := range []struct{ batch, h, w, cin, cout int }{
		{3, 4, mr, 3, nr},
		{2, 1, mr + 1, 5, nr + 8},
		{5, 2, 2*mr + 3, 60, 20},
		{9, 7, mr + 5, 40, 2 * nr},
		{128, 10, 24, 117, 32},
		// Narrower than a tile: tiles of one pixel of consecutive images.
		{128, 3, 3, 3, 32},
		{mr + 1, 2, 1, 8, 20},
		{2*mr + 1, 1, mr - 1, 32, nr},
	} {
		t.Run(fmt.Sprintf("%dx%dx%dx%d-%d", c.batch, c.h, c.w, c.cin, c.cout), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(c.cin), uint64(c.w)))
			fill := func(n int, zeros bool) []float32 {
				v := make([]float32, n)
				for i := range v {
					if !zeros || rng.IntN(3) > 0 {
						v[i] = float32(rng.NormFloat64())
					}
				}
				return v
			}
			sp := convSpec{name: "t", batch: c.batch, h: c.h, w: c.w, cin: c.cin, gradX: true, relu: true}
			imp, exp := &convLayer{convSpec: sp, cout: c.cout}, &convLayer{convSpec: sp, cout: c.cout}
			exp.explicit = true
			if !imp.implicit() {
				if 3*c.cin < mr {
					// A run of 3 cin floats narrower than the tile's rows (cin 3
					// on AVX-512's 12 rows): implicitConv leaves the layer to
					// the explicit passes, as it should.
					t.Skipf("3 x %d input channels < %s's %d tile rows: the explicit passes apply", c.cin, kernels.Default().Name(), mr)
				}
				t.Fatal("the implicit passes do not apply")
			}
			rows := imp.rows()
			x, f, g, r := fill(rows*c.cin, true), fill(c.cout*c.cin*9, false), fill(rows*c.cout, true), fill(rows*c.cout, true)
			for _, resid := range [][]float32{nil, r} {
				y1, y2 := make([]float32, rows*c.cout), make([]float32, rows*c.cout)
				imp.forward(x, f, resid, y1)
				exp.forward(x, f, resid, y2)
				sameBits(t, fmt.Sprintf("forward (residual %v)", resid != nil), y1, y2)
			}
			dw1, dw2 := make([]float32, len(f)), make([]float32, len(f))
			imp.filterGrad(x, g, dw1)
			exp.filterGrad(x, g, dw2)
			sameBits(t, "filter gradient", dw1, dw2)
			dx1, dx2 := make([]float32, rows*c.cin), make([]float32, rows*c.cin)
			imp.inputGrad(g, f, dx1)
			exp.inputGrad(g, f, dx2)
			sameBits(t, "input gradient", dx1, dx2)
			// Through the ReLU's gradient, which writes g with a border for
			// the implicit input gradient.
			dy, y := fill(rows*c.cout, false), fill(rows*c.cout, true)
			var gs [2][]float32
			for i, l := range []*convLayer{imp, exp} {
				out := tensor.New(tensor.WithShape(rows, c.cout), tensor.WithBacking(make([]float32, rows*c.cout)))
				in := func(v []float32) *tensor.Dense {
					return tensor.New(tensor.WithShape(rows, c.cout), tensor.WithBacking(v))
				}
				if _, err := (reluGradOp{l}).UsePreallocDo(out, in(dy), in(y)); err != nil {
					t.Fatal(err)
				}
				gs[i] = out.Data().([]float32)
			}
			sameBits(t, "ReLU's gradient", gs[0], gs[1])
			imp.inputGrad(gs[0], f, dx1)
			exp.inputGrad(gs[1], f, dx2)
			sameBits(t, "input gradient after the ReLU's", dx1, dx2)
		})
	}
}

func sameBits(t *testing.T, what string, got, want []float32) {
	t.Helper()
	for i := range want {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("%s[%d] = %v, explicit %v", what, i, got[i], want[i])
		}
	}
}

// TestImplicitDoesNotAllocate: once warm, the implicit passes allocate
// nothing (their buffers, segments and tiles are kept by the layer).
func TestImplicitDoesNotAllocate(t *testing.T) {
	mr, _ := kernels.Default().Tile()
	for _, c := range []struct{ batch, h, w, cin, cout int }{{8, 4, mr + 2, 20, 24}, {2 * mr, 3, 3, 3, 32}} {
		l := &convLayer{convSpec: convSpec{name: "t", batch: c.batch, h: c.h, w: c.w, cin: c.cin, gradX: true, relu: true}, cout: c.cout}
		rows := l.rows()
		x, f, g := make([]float32, rows*c.cin), make([]float32, c.cout*c.cin*9), make([]float32, rows*c.cout)
		y, dw, dx := make([]float32, rows*c.cout), make([]float32, len(f)), make([]float32, rows*c.cin)
		pass := func() {
			l.forward(x, f, g, y)
			l.filterGrad(x, g, dw)
			l.inputGrad(g, f, dx)
		}
		pass()
		if n := testing.AllocsPerRun(5, pass); n != 0 {
			t.Errorf("%+v: %v allocations per pass", c, n)
		}
	}
}

// TestPixelMajor compares the observation's transposition with its
// definition, with and without the border, on planes of 8 pixels and more
// and fewer, and channel counts around a multiple of 8.
func TestPixelMajor(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, sz := range [][3]int{{117, 10, 24}, {8, 2, 8}, {20, 12, 12}, {3, 3, 3}, {9, 1, 17}} {
		for _, padded := range []bool{false, true} {
			c, h, w := sz[0], sz[1], sz[2]
			const batch = 3
			gr := &Graph{Batch: batch, net: &models.Network{Shapes: models.Shapes{Obs: []int{c, h, w}}}, obsPadded: padded}
			obs := make([]float32, batch*c*h*w)
			for i := range obs {
				obs[i] = float32(rng.NormFloat64())
			}
			ph, pw, off := h, w, 0
			if padded {
				ph, pw, off = h+2, w+2, 1
			}
			dst := make([]float32, batch*ph*pw*c)
			gr.pixelMajor(dst, obs)
			want := make([]float32, len(dst))
			for r := 0; r < batch; r++ {
				for ci := 0; ci < c; ci++ {
					for y := 0; y < h; y++ {
						for x := 0; x < w; x++ {
							want[((r*ph+y+off)*pw+x+off)*c+ci] = obs[((r*c+ci)*h+y)*w+x]
						}
					}
				}
			}
			sameBits(t, fmt.Sprintf("%v padded %v", sz, padded), dst, want)
		}
	}
}
