package kernels

import "unsafe"

// Tile of the generic path.
const genericMR, genericNR = 4, 16

// microGeneric is the pure-Go micro-kernel, with the same order of
// operations per output as the assembly ones (but a separate multiply and
// add where they fuse them, and zero inputs skipped, which changes no sum).
func microGeneric(k int, a *float32, lda, ka int, b *float32, ldb int, bias, c *float32, ldc, flags int) {
	var acc [genericMR][genericNR]float32
	if k > 0 {
		as := unsafe.Slice(a, (genericMR-1)*lda+(k-1)*ka+1)
		bs := unsafe.Slice(b, (k-1)*ldb+genericNR)
		// One row at a time, its 16 sums in scalar variables (registers):
		// each still adds its products in increasing k.
		for i := range acc {
			var c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15 float32
			for p := 0; p < k; p++ {
				br := (*[genericNR]float32)(bs[p*ldb:])
				x := as[i*lda+p*ka]
				if x == 0 {
					// Adds exactly nothing (the sums start at +0 and
					// weights are finite): ReLU outputs and board planes
					// are mostly zeros.
					continue
				}
				c0 += x * br[0]
				c1 += x * br[1]
				c2 += x * br[2]
				c3 += x * br[3]
				c4 += x * br[4]
				c5 += x * br[5]
				c6 += x * br[6]
				c7 += x * br[7]
				c8 += x * br[8]
				c9 += x * br[9]
				c10 += x * br[10]
				c11 += x * br[11]
				c12 += x * br[12]
				c13 += x * br[13]
				c14 += x * br[14]
				c15 += x * br[15]
			}
			acc[i][0] = c0
			acc[i][1] = c1
			acc[i][2] = c2
			acc[i][3] = c3
			acc[i][4] = c4
			acc[i][5] = c5
			acc[i][6] = c6
			acc[i][7] = c7
			acc[i][8] = c8
			acc[i][9] = c9
			acc[i][10] = c10
			acc[i][11] = c11
			acc[i][12] = c12
			acc[i][13] = c13
			acc[i][14] = c14
			acc[i][15] = c15
		}
	}
	finishGeneric(&acc, bias, c, ldc, flags)
}

// finishGeneric is the generic path's epilogue: the bias (flagBias), C's
// old value (flagAcc), max(x, 0) (flagReLU), in that order, then the
// store into C (rows ldc floats apart).
func finishGeneric(acc *[genericMR][genericNR]float32, bias, c *float32, ldc, flags int) {
	if flags&flagBias != 0 {
		bb := (*[genericNR]float32)(unsafe.Slice(bias, genericNR))
		for i := range acc {
			for j := range acc[i] {
				acc[i][j] += bb[j]
			}
		}
	}
	relu := flags&flagReLU != 0
	cs := unsafe.Slice(c, (genericMR-1)*ldc+genericNR)
	if flags&flagAcc != 0 {
		for i := range acc {
			row := cs[i*ldc : i*ldc+genericNR]
			for j := range acc[i] {
				acc[i][j] += row[j]
			}
		}
	}
	for i := range acc {
		row := cs[i*ldc : i*ldc+genericNR]
		for j, v := range acc[i] {
			if relu && !(v > 0) {
				v = 0
			}
			row[j] = v
		}
	}
}
