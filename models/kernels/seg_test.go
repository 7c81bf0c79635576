package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// segCase is a random segmented tile: A and B with segments at random
// offsets (some empty), in the layout SegTile reads.
type segCase struct {
	s        Segs
	a, b     []float32
	a0, lda  int
	b0       int
	ka, ldb  int
	segments [][3]int
}

func newSegCase(rng *rand.Rand, kn *Kernel, nseg int) segCase {
	mr, nr := kn.Tile()
	sc := segCase{ka: 1 + rng.IntN(5), ldb: nr + rng.IntN(9), lda: 1 + rng.IntN(40), a0: rng.IntN(7), b0: rng.IntN(5)}
	sc.a = randMat(rng, sc.a0+(mr-1)*sc.lda+4000)
	sc.b = randMat(rng, sc.b0+6000)
	// Zeros in A, as a convolution's border and ReLU outputs have.
	for i := range sc.a {
		if rng.IntN(4) == 0 {
			sc.a[i] = 0
		}
	}
	sc.s.Reset(sc.ka, sc.ldb)
	for range nseg {
		n := rng.IntN(40)
		if rng.IntN(5) == 0 {
			n = 0
		}
		ao := rng.IntN(3000 - 40*5)
		bo := rng.IntN(6000 - 40*sc.ldb - nr)
		sc.s.Add(ao, bo, n)
		sc.segments = append(sc.segments, [3]int{ao, bo, n})
	}
	return sc
}

// gather writes the tile's rows of A and B's rows as plain matrices (A mr x
// K row-major, B K x nr), k in the segments' order.
func (sc segCase) gather(kn *Kernel) (ag, bg []float32, k int) {
	mr, nr := kn.Tile()
	k = sc.s.K()
	ag, bg = make([]float32, mr*max(k, 1)), make([]float32, max(k, 1)*nr)
	p := 0
	for _, sg := range sc.segments {
		for q := 0; q < sg[2]; q++ {
			for i := 0; i < mr; i++ {
				ag[i*k+p] = sc.a[sc.a0+i*sc.lda+sg[0]+q*sc.ka]
			}
			copy(bg[p*nr:(p+1)*nr], sc.b[sc.b0+sg[1]+q*sc.ldb:])
			p++
		}
	}
	return ag, bg, k
}

// TestSegTileMatchesReference: a segmented tile is, bit for bit, the plain
// micro-kernel over the gathered rows of A and B (the same sums in the same
// order), and near a float64 reference; partial tiles store only their rows
// and columns, with and without C's old value and the ReLU.
func TestSegTileMatchesReference(t *testing.T) {
	for _, kn := range Available() {
		mr, nr := kn.Tile()
		rng := rand.New(rand.NewPCG(7, uint64(mr)))
		for it := 0; it < 60; it++ {
			sc := newSegCase(rng, kn, rng.IntN(6))
			add, relu := it%2 == 1, it%3 == 0
			r0, r1, cols := 0, mr, nr
			if it%4 == 3 {
				r0, r1, cols = rng.IntN(mr), mr, 1+rng.IntN(nr)
				r1 = r0 + 1 + rng.IntN(mr-r0)
			}
			ldc := nr + rng.IntN(5)
			c0 := rng.IntN(3)
			c := randMat(rng, c0+mr*ldc)
			old := append([]float32(nil), c...)
			kn.SegTile(&sc.s, sc.a, sc.a0, sc.lda, sc.b, sc.b0, c, c0, ldc, r0, r1, cols, add, relu)

			ag, bg, k := sc.gather(kn)
			want := make([]float32, mr*nr)
			flags := 0
			if relu {
				flags |= flagReLU
			}
			for i := 0; i < mr; i++ {
				copy(want[i*nr:(i+1)*nr], old[c0+i*ldc:])
			}
			if add {
				flags |= flagAcc
			}
			kn.micro(k, &ag[0], k, 1, &bg[0], nr, nil, &want[0], nr, flags)
			what := fmt.Sprintf("%s case %d (%d segments, k %d, rows %d..%d, %d columns, add %v, relu %v)",
				kn.Name(), it, len(sc.segments), k, r0, r1, cols, add, relu)
			for i := 0; i < mr; i++ {
				for j := 0; j < nr; j++ {
					got := c[c0+i*ldc+j]
					w := want[i*nr+j]
					if i < r0 || i >= r1 || j >= cols {
						w = old[c0+i*ldc+j] // not stored
					} else {
						// The float64 reference.
						ref := 0.0
						for p := 0; p < k; p++ {
							ref += float64(ag[i*k+p]) * float64(bg[p*nr+j])
						}
						if add {
							ref += float64(old[c0+i*ldc+j])
						}
						if relu {
							ref = math.Max(ref, 0)
						}
						if math.Abs(float64(got)-ref) > 1e-4*(1+math.Sqrt(float64(k))) {
							t.Fatalf("%s: C[%d][%d] = %v, reference %v", what, i, j, got, ref)
						}
					}
					if math.Float32bits(got) != math.Float32bits(w) {
						t.Fatalf("%s: C[%d][%d] = %v, micro-kernel on the gathered rows %v", what, i, j, got, w)
					}
				}
			}
		}
	}
}

// TestSegTileChecksBounds: a segment reaching past A or B panics instead of
// reading outside the slices.
func TestSegTileChecksBounds(t *testing.T) {
	kn := Default()
	mr, nr := kn.Tile()
	a, b, c := make([]float32, 100+mr), make([]float32, 10*nr), make([]float32, mr*nr)
	for _, tc := range []struct {
		name   string
		aOff   int
		bOff   int
		n      int
		expect bool
	}{
		{"fits", 0, 0, 10, false},
		{"past A", 95, 0, 10, true},
		{"past B", 0, nr, 10, true},
	} {
		var s Segs
		s.Reset(1, nr)
		s.Add(tc.aOff, tc.bOff, tc.n)
		func() {
			defer func() {
				if r := recover(); (r != nil) != tc.expect {
					t.Errorf("%s: panic %v, want one: %v", tc.name, r, tc.expect)
				}
			}()
			kn.SegTile(&s, a, 0, 1, b, 0, c, 0, nr, 0, mr, nr, false, false)
		}()
	}
}

// TestSegTileDoesNotAllocate: building segments and computing tiles, whole
// and partial, allocate nothing once warm.
func TestSegTileDoesNotAllocate(t *testing.T) {
	kn := Default()
	mr, nr := kn.Tile()
	a, b, c := make([]float32, 400), make([]float32, 100*nr), make([]float32, mr*nr)
	var s Segs
	at := [4]int{0, 0, 1, 0}
	allocs := testing.AllocsPerRun(20, func() {
		s.Reset(1, nr)
		s.Add(0, 0, 30)
		s.Add(40, 30*nr, 30)
		kn.SegTile(&s, a, 0, 2, b, 0, c, 0, nr, 0, mr, nr, true, true)
		kn.SegTile(&s, a, 0, 2, b, 0, c, 0, nr, 1, mr, nr-1, true, true)
		kn.SegTiles(&s, at[:], a, 2, b, 0, c, nr, true, true)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run", allocs)
	}
}

// TestSegTilesMatchesSegTile: tiles computed in one SegTiles call are,
// bit for bit, those SegTile computes one at a time, with and without C's
// old value and the ReLU, with and without segments.
func TestSegTilesMatchesSegTile(t *testing.T) {
	for _, kn := range Available() {
		mr, nr := kn.Tile()
		rng := rand.New(rand.NewPCG(9, uint64(mr)))
		for it := 0; it < 20; it++ {
			sc := newSegCase(rng, kn, it%4)
			add, relu := it%2 == 1, it%3 == 0
			ldc := nr + rng.IntN(5)
			var at []int
			for range 1 + rng.IntN(7) {
				at = append(at, rng.IntN(40), rng.IntN(200))
			}
			c0 := randMat(rng, 200+mr*ldc)
			c1, c2 := append([]float32(nil), c0...), append([]float32(nil), c0...)
			kn.SegTiles(&sc.s, at, sc.a, sc.lda, sc.b, sc.b0, c1, ldc, add, relu)
			for p := 0; p < len(at); p += 2 {
				// Tiles whose rows of C overlap: SegTiles runs them in order.
				kn.SegTile(&sc.s, sc.a, at[p], sc.lda, sc.b, sc.b0, c2, at[p+1], ldc, 0, mr, nr, add, relu)
			}
			sameBits(t, fmt.Sprintf("%s case %d (%d tiles, k %d)", kn.Name(), it, len(at)/2, sc.s.K()), c1, c2)
		}
	}
}
