// Package kernels is moongym's float32 matrix multiplication: a GEMM with
// micro-kernels in Go assembly for AVX-512 and for AVX2 with FMA (generated
// with avo, see internal/gen), and a pure-Go fallback for other CPUs and
// architectures. The models' forward pass (models.Predictor) and, through a
// BLAS adapter, Gorgonia's training graph run on it.
//
// A Kernel is one code path. Default is the best one this CPU supports,
// chosen once at start-up; the environment variable MOONGYM_KERNEL
// (avx512, avx2 or generic) forces one, so that every path can be run and
// compared on one machine. Lookup and Available give any path by name.
//
// # Batch invariance
//
// A row of the output is bit-identical whatever the number of rows computed
// with it and whatever its position among them. The tiles are chosen from N
// and K only, never from M; K is never split; every row of a micro-kernel's
// tile goes through the same instructions (zero, one multiply-add per k in
// increasing k, then the bias, then the ReLU); rows left over at the end
// are computed by a full tile that overlaps the previous one (or, when
// there are fewer rows than a tile, by a full tile over zero-padded
// copies), never by a kernel with another order of operations. Different
// paths may differ from each other in the last bits (a fused multiply-add
// rounds once, a multiply and an add twice); each path is invariant on its
// own.
package kernels

//go:generate go run ./internal/gen -out gemm_amd64.s -stubs gemm_amd64.go -pkg kernels
