// Package im2col lays out the 3x3 patches (padding 1, stride 1) of
// pixel-major images as rows, so that a convolution is one matrix product:
// the forward pass of play (models.Predictor) and of training
// (models/graph) share it.
package im2col

// Block is the size in floats of a block of patch rows that stays in cache
// (96 KiB) while a product consumes it.
const Block = 24576

// Rows is how many patch rows of k floats make a block of size floats: at
// least 24, a multiple of 12 (whole tiles of every kernel path), at most m.
func Rows(size, k, m int) int {
	bm := max(size/k, 24)
	bm -= bm % 12
	return min(bm, m)
}

// Patches writes the 3x3 (padding 1) patches of n pixels, from pixel g0
// on, of pixel-major images (h x w pixels, c channels each, one after the
// other in in) as rows of 9*c floats ordered (ky, kx, channel). Within a
// patch row the three pixels are adjacent in the image, so an inner pixel
// takes three copies.
func Patches(dst, in []float32, g0, n, h, w, c int) {
	hw, k := h*w, 9*c
	for i := 0; i < n; i++ {
		g := g0 + i
		img := in[(g/hw)*hw*c:][:hw*c]
		pos := g % hw
		y, x := pos/w, pos%w
		row := dst[i*k : (i+1)*k]
		for ky := 0; ky < 3; ky++ {
			seg := row[ky*3*c : (ky+1)*3*c]
			sy := y + ky - 1
			if sy < 0 || sy >= h {
				clear(seg)
				continue
			}
			if x >= 1 && x+1 < w {
				copy(seg, img[(sy*w+x-1)*c:(sy*w+x+2)*c])
				continue
			}
			for kx := 0; kx < 3; kx++ {
				sx := x + kx - 1
				if sx < 0 || sx >= w {
					clear(seg[kx*c : (kx+1)*c])
				} else {
					copy(seg[kx*c:(kx+1)*c], img[(sy*w+sx)*c:(sy*w+sx+1)*c])
				}
			}
		}
	}
}

// PaddedLen is the size in floats of n images of h x w pixels (c channels)
// with a border of one pixel (Pad's layout).
func PaddedLen(n, h, w, c int) int { return n * (h + 2) * (w + 2) * c }

// Pad writes n pixel-major images (h x w pixels of c channels, one after
// the other in in) into dst with a border of one pixel around each: (h+2)
// x (w+2) pixels per image, row by row, the image's pixel (y, x) at (y+1,
// x+1). It writes only the images' pixels: the border of dst must be zero
// already (as made, or cleared once), and stays so. With that border, a
// patch row of pixel (y, x) (Patches) is three runs of 3c floats, the
// padded rows y, y+1 and y+2 from pixel x on.
func Pad(dst, in []float32, n, h, w, c int) {
	pw, row := w+2, w*c
	for i := 0; i < n*h; i++ {
		img, y := i/h, i%h
		copy(dst[((img*(h+2)+y+1)*pw+1)*c:][:row], in[i*row:(i+1)*row])
	}
}
