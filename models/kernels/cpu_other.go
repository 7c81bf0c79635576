//go:build !amd64

package kernels

// Only the generic path exists off amd64; the assembly entry points are
// never called there.

func supported(id kernelID) bool { return id == idGeneric }

func gemmAVX512(k int, a *float32, lda, ka int, b *float32, ldb int, bias, c *float32, ldc, flags int) {
	panic("kernels: avx512 path on a non-amd64 build")
}

func gemmAVX2(k int, a *float32, lda, ka int, b *float32, ldb int, bias, c *float32, ldc, flags int) {
	panic("kernels: avx2 path on a non-amd64 build")
}

func fmaLoopAVX512(n int) { panic("kernels: avx512 path on a non-amd64 build") }

func fmaLoopAVX2(n int) { panic("kernels: avx2 path on a non-amd64 build") }

func sparseAVX512(n int, idx *int32, val *float32, b *float32, ldb int, bias *float32, c *float32, flags int) {
	panic("kernels: avx512 path on a non-amd64 build")
}

func sparseAVX2(n int, idx *int32, val *float32, b *float32, ldb int, bias *float32, c *float32, flags int) {
	panic("kernels: avx2 path on a non-amd64 build")
}

func segAVX512(ntile int, tiles *int, nseg int, seg *int, a *float32, lda, ka int, b *float32, ldb int, bias, c *float32, ldc, flags int) {
	panic("kernels: avx512 path on a non-amd64 build")
}

func segAVX2(ntile int, tiles *int, nseg int, seg *int, a *float32, lda, ka int, b *float32, ldb int, bias, c *float32, ldc, flags int) {
	panic("kernels: avx2 path on a non-amd64 build")
}

func reluGradAVX2(n int, dst, dy, y *float32) { panic("kernels: avx2 path on a non-amd64 build") }

func transposeAVX2(n int, src *float32, lds int, dst *float32, ldd int) {
	panic("kernels: avx2 path on a non-amd64 build")
}
