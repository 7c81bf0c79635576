package kernels

import "unsafe"

// Tile of the generic path.
const genericMR, genericNR = 4, 16

// microGeneric is the pure-Go micro-kernel, with the same order of
// operations per output as the assembly ones (but a separate multiply and
// add where they fuse them).
func microGeneric(k int, a *float32, lda, ka int, b *float32, ldb int, bias, c *float32, ldc, flags int) {
	var acc [genericMR][genericNR]float32
	if k > 0 {
		as := unsafe.Slice(a, (genericMR-1)*lda+(k-1)*ka+1)
		bs := unsafe.Slice(b, (k-1)*ldb+genericNR)
		for p := 0; p < k; p++ {
			br := (*[genericNR]float32)(bs[p*ldb:])
			for i := range acc {
				x := as[i*lda+p*ka]
				ai := &acc[i]
				for j := range ai {
					ai[j] += x * br[j]
				}
			}
		}
	}
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
