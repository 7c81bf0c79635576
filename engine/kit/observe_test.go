package kit_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine/kit"
)

func nans(n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(math.NaN())
	}
	return s
}

func TestObsWritesEverySection(t *testing.T) {
	dst := nans(10)
	o := kit.NewObs("a-game", dst)
	board := o.Next("board", 4)
	board[2] = 5
	o.OneHot("phase", 1, 3)
	o.OneHot("none", -1, 1)
	o.Put(0.5)
	o.Flag(true)
	if o.Written() != 10 {
		t.Fatalf("Written = %d", o.Written())
	}
	o.Done()
	if want := []float32{0, 0, 5, 0, 0, 1, 0, 0, 0.5, 1}; !slices.Equal(dst, want) {
		t.Fatalf("wrote %v, want %v", dst, want)
	}
}

func TestObsDoneCatchesSizes(t *testing.T) {
	for _, n := range []int{3, 5} { // declared larger, and the sections overrunning it
		func() {
			defer func() {
				r := recover()
				if n == 5 {
					if msg, _ := r.(string); !strings.Contains(msg, "a-game: Observe wrote 4 values of 5") || !strings.Contains(msg, `"tail"`) {
						t.Errorf("declared 5, wrote 4: recovered %v", r)
					}
				} else if r == nil {
					t.Errorf("declared 3, wrote 4: no panic")
				}
			}()
			o := kit.NewObs("a-game", nans(n))
			o.Next("head", 2)
			o.Next("tail", 2)
			o.Done()
		}()
	}
}

func TestObsDoesNotAllocate(t *testing.T) {
	dst := nans(64)
	if n := testing.AllocsPerRun(100, func() {
		o := kit.NewObs("a-game", dst)
		o.Next("planes", 60)
		o.OneHot("kind", 2, 3)
		o.Flag(false)
		o.Done()
	}); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}
