package kernels

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

// Sentinel errors; test for them with errors.Is.
var (
	// ErrUnknownKernel: no code path has that name.
	ErrUnknownKernel = errors.New("unknown kernel")
	// ErrUnsupported: this CPU cannot run that code path.
	ErrUnsupported = errors.New("kernel not supported on this CPU")
)

// EnvKernel is the environment variable that forces a code path.
const EnvKernel = "MOONGYM_KERNEL"

// Names of the code paths.
const (
	AVX512  = "avx512"
	AVX2    = "avx2"
	Generic = "generic"
)

// Flags of a micro-kernel call (the generator uses the same values).
const (
	flagReLU = 1
	flagBias = 2
	flagAcc  = 4
)

type kernelID int

const (
	idGeneric kernelID = iota
	idAVX2
	idAVX512
)

// Kernel is one code path of the GEMM: a micro-kernel computing tiles of
// MR rows and NR columns. Kernels are immutable and safe for concurrent
// use.
type Kernel struct {
	id     kernelID
	name   string
	mr, nr int
	// flopsPerRound is what one round of the FMA-chain loop computes; 0
	// when the path has none.
	flopsPerRound int
}

var all = []*Kernel{
	{id: idAVX512, name: AVX512, mr: 12, nr: 32, flopsPerRound: 12 * 16 * 2},
	{id: idAVX2, name: AVX2, mr: 6, nr: 16, flopsPerRound: 12 * 8 * 2},
	{id: idGeneric, name: Generic, mr: 4, nr: 16},
}

// chosen is the default path, set once in init from the CPU and EnvKernel.
var (
	chosen *Kernel
	envErr error
)

func init() { chosen, envErr = choose(os.Getenv(EnvKernel)) }

// choose is the path for a value of EnvKernel: the one it names, or the
// fastest available (with an error saying why, if it names none that runs
// here).
func choose(env string) (*Kernel, error) {
	best := Available()[0]
	v := strings.TrimSpace(env)
	if v == "" {
		return best, nil
	}
	k, err := Lookup(v)
	if err != nil {
		return best, fmt.Errorf("kernels: %s=%q: %w (using %s)", EnvKernel, v, err, best.name)
	}
	return k, nil
}

// Default is the path in use: the fastest this CPU supports, or the one
// EnvKernel names.
func Default() *Kernel { return chosen }

// EnvError is the reason EnvKernel was ignored, or nil.
func EnvError() error { return envErr }

// Available lists the paths this CPU supports, fastest first; the last is
// always the generic one.
func Available() []*Kernel {
	var ks []*Kernel
	for _, k := range all {
		if supported(k.id) {
			ks = append(ks, k)
		}
	}
	return ks
}

// Lookup finds a path by name; it fails if this CPU cannot run it.
func Lookup(name string) (*Kernel, error) {
	for _, k := range all {
		if k.name == name {
			if !supported(k.id) {
				return nil, fmt.Errorf("%w: %s", ErrUnsupported, name)
			}
			return k, nil
		}
	}
	return nil, fmt.Errorf("%w: %q (want %s, %s or %s)", ErrUnknownKernel, name, AVX512, AVX2, Generic)
}

// Name is the path's name (avx512, avx2 or generic).
func (k *Kernel) Name() string { return k.name }

// Tile is the micro-kernel's tile: rows and columns.
func (k *Kernel) Tile() (mr, nr int) { return k.mr, k.nr }

// String is the path's name and tile.
func (k *Kernel) String() string { return fmt.Sprintf("%s (%dx%d)", k.name, k.mr, k.nr) }

// micro computes one mr x nr tile: c = a·b (+ bias) (+ c) (ReLU), where a has mr
// rows of k floats, element (i, p) at a[i*lda + p*ka], b is k rows of nr
// floats ldb apart (a packed panel, or B read in place),
// bias nr floats (read only with flagBias), c mr rows of nr floats ldc
// apart. The switch (not a function value) keeps the pointers from
// escaping.
func (kn *Kernel) micro(k int, a *float32, lda, ka int, b *float32, ldb int, bias, c *float32, ldc, flags int) {
	switch kn.id {
	case idAVX512:
		gemmAVX512(k, a, lda, ka, b, ldb, bias, c, ldc, flags)
	case idAVX2:
		gemmAVX2(k, a, lda, ka, b, ldb, bias, c, ldc, flags)
	default:
		microGeneric(k, a, lda, ka, b, ldb, bias, c, ldc, flags)
	}
}

// FMALoop runs n rounds of the path's FMA-chain loop (independent fused
// multiply-adds, no memory traffic) and returns the floating-point
// operations it did, to measure the core's peak rate. It returns 0 for a
// path with no such loop (generic).
func (kn *Kernel) FMALoop(n int) int64 {
	switch kn.id {
	case idAVX512:
		fmaLoopAVX512(n)
	case idAVX2:
		fmaLoopAVX2(n)
	default:
		return 0
	}
	return int64(n) * int64(kn.flopsPerRound)
}

// PeakGFLOPS runs the FMA-chain loop for about d and returns the rate it
// reached in GFLOP/s: the path's peak on one core, for reporting a
// kernel's speed as a share of it. It returns 0 for the generic path.
func (kn *Kernel) PeakGFLOPS(d time.Duration) float64 {
	if kn.flopsPerRound == 0 {
		return 0
	}
	const rounds = 1 << 16
	var flops int64
	start := time.Now()
	for time.Since(start) < d {
		flops += kn.FMALoop(rounds)
	}
	return float64(flops) / time.Since(start).Seconds() / 1e9
}
