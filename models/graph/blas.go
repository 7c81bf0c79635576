package graph

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
	G "gorgonia.org/gorgonia"

	"github.com/moongym/moongym/models/kernels"
)

// EnvBLAS is the environment variable that picks the path training graphs
// run on, read once at start-up. "kernels" (the default) routes Gorgonia's
// float32 matrix products through package kernels, and builds the conv
// trunk as pixel-major convolutions on the kernels (conv.go). "gonum" is the
// old path, for comparison: gonum's pure-Go BLAS and Gorgonia's Conv2d.
// Both compute the same function (tests check them against each other).
const EnvBLAS = "MOONGYM_BLAS"

// Names of the BLAS choices.
const (
	BLASKernels = "kernels"
	BLASGonum   = "gonum"
)

// ErrUnknownBLAS: a BLAS name that is neither kernels nor gonum.
var ErrUnknownBLAS = errors.New("unknown BLAS")

// KernelBLAS is gonum's BLAS with the single-precision matrix-matrix and
// matrix-vector products (Sgemm, Sgemv) done by a kernels path.
type KernelBLAS struct {
	gonum.Implementation
	K *kernels.Kernel
}

// Sgemm computes C = alpha·op(A)·op(B) + beta·C on the kernels.
func (b KernelBLAS) Sgemm(tA, tB blas.Transpose, m, n, k int, alpha float32, a []float32, lda int,
	bm []float32, ldb int, beta float32, c []float32, ldc int) {
	b.K.Sgemm(tA != blas.NoTrans, tB != blas.NoTrans, m, n, k, alpha, a, lda, bm, ldb, beta, c, ldc)
}

// Sgemv computes y = alpha·op(A)·x + beta·y; with unit strides it is a
// GEMM with one column, otherwise gonum's.
func (b KernelBLAS) Sgemv(tA blas.Transpose, m, n int, alpha float32, a []float32, lda int,
	x []float32, incX int, beta float32, y []float32, incY int) {
	if incX != 1 || incY != 1 {
		b.Implementation.Sgemv(tA, m, n, alpha, a, lda, x, incX, beta, y, incY)
		return
	}
	if tA == blas.NoTrans {
		// y (m x 1) = A (m x n) · x (n x 1)
		b.K.Sgemm(false, false, m, 1, n, alpha, a, lda, x, 1, beta, y, 1)
		return
	}
	// y (n) = Aᵀ·x: as a row, yᵀ (1 x n) = xᵀ (1 x m) · A (m x n).
	b.K.Sgemm(false, false, 1, n, m, alpha, x, m, a, lda, beta, y, n)
}

var (
	blasInUse = BLASKernels
	envErr    error
)

func init() {
	name := strings.TrimSpace(os.Getenv(EnvBLAS))
	if name == "" {
		name = BLASKernels
	}
	if envErr = UseBLAS(name); envErr != nil {
		// An unknown name falls back to the default; EnvError says why.
		envErr = errors.Join(envErr, UseBLAS(BLASKernels))
	}
}

// BLASInUse is the name of the BLAS Gorgonia runs on.
func BLASInUse() string { return blasInUse }

// EnvError is why EnvBLAS was ignored at start-up (an unknown name), or
// nil.
func EnvError() error { return envErr }

// UseBLAS switches the BLAS of Gorgonia (for the whole process) to
// "kernels" (on kernels.Default) or "gonum", and the way graphs made after
// it build their conv trunk (see EnvBLAS). init calls it with EnvBLAS;
// benchmarks that compare the two in one run call it between runs. It must
// not be called while a graph is running.
func UseBLAS(name string) error {
	switch name {
	case BLASKernels:
		G.Use(KernelBLAS{K: kernels.Default()})
	case BLASGonum:
		G.Use(gonum.Implementation{})
	default:
		return fmt.Errorf("%w: %s=%q (want %s or %s)", ErrUnknownBLAS, EnvBLAS, name, BLASKernels, BLASGonum)
	}
	blasInUse = name
	return nil
}
