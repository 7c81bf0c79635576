package im2col

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestPatches compares Patches with the definition, pixel by pixel and
// tap by tap, on boards with and without inner pixels (1 x 5, 3 x 1,
// 4 x 6), from every starting pixel, across image boundaries.
func TestPatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sz := range [][3]int{{1, 5, 2}, {3, 1, 3}, {4, 6, 1}, {2, 2, 4}} {
		h, w, c := sz[0], sz[1], sz[2]
		const images = 3
		in := make([]float32, images*h*w*c)
		for i := range in {
			in[i] = float32(rng.IntN(100) + 1)
		}
		m := images * h * w
		for _, g0 := range []int{0, 1, h*w - 1, m - 2} {
			n := min(h*w+3, m-g0)
			dst := make([]float32, n*9*c)
			for i := range dst {
				dst[i] = -1 // every entry must be written
			}
			Patches(dst, in, g0, n, h, w, c)
			for i := 0; i < n; i++ {
				g := g0 + i
				img, pos := g/(h*w), g%(h*w)
				y, x := pos/w, pos%w
				for ky := 0; ky < 3; ky++ {
					for kx := 0; kx < 3; kx++ {
						for ch := 0; ch < c; ch++ {
							want := float32(0)
							if sy, sx := y+ky-1, x+kx-1; sy >= 0 && sy < h && sx >= 0 && sx < w {
								want = in[((img*h+sy)*w+sx)*c+ch]
							}
							if got := dst[i*9*c+(ky*3+kx)*c+ch]; got != want {
								t.Fatalf("%s: pixel %d tap (%d,%d) channel %d = %v, want %v", fmt.Sprint(sz), g, ky, kx, ch, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestRows: blocks are whole tiles of every kernel path (a multiple of 12),
// at least 24 rows, at most the rows there are.
func TestRows(t *testing.T) {
	for _, c := range []struct{ size, k, m, want int }{
		{Block, 288, 100000, 84}, {Block, 27, 100000, 900}, {Block, 5000, 100000, 24}, {Block, 288, 50, 50}, {8 * Block, 1053, 1 << 20, 180},
	} {
		if got := Rows(c.size, c.k, c.m); got != c.want {
			t.Errorf("Rows(%d, %d, %d) = %d, want %d", c.size, c.k, c.m, got, c.want)
		}
	}
}

// TestPad: a padded image's runs are the patch rows Patches writes (each
// pixel's row of the filter ky is 3c floats from padded pixel (y+ky, x)),
// and the border stays zero.
func TestPad(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sz := range [][3]int{{1, 5, 2}, {3, 1, 3}, {4, 6, 1}, {2, 2, 4}} {
		h, w, c := sz[0], sz[1], sz[2]
		const images = 3
		in := make([]float32, images*h*w*c)
		for i := range in {
			in[i] = float32(rng.IntN(100) + 1)
		}
		pad := make([]float32, PaddedLen(images, h, w, c))
		Pad(pad, in, images, h, w, c)
		m, k := images*h*w, 9*c
		patches := make([]float32, m*k)
		Patches(patches, in, 0, m, h, w, c)
		for g := 0; g < m; g++ {
			img, pos := g/(h*w), g%(h*w)
			y, x := pos/w, pos%w
			for ky := 0; ky < 3; ky++ {
				run := pad[((img*(h+2)+y+ky)*(w+2)+x)*c:][:3*c]
				for i, v := range run {
					if want := patches[g*k+ky*3*c+i]; v != want {
						t.Fatalf("%v: pixel %d row %d of the filter, float %d = %v, patch %v", sz, g, ky, i, v, want)
					}
				}
			}
		}
		sum := float32(0)
		for _, v := range pad {
			sum += v
		}
		for _, v := range in {
			sum -= v
		}
		if sum != 0 {
			t.Fatalf("%v: the border is not zero", sz)
		}
	}
}
