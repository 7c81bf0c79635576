package training

import (
	"math"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

// TestFinalValuesStanding: where the final state has a Standing
// (lunar-rally), the margin blend reads it instead of the Scores; without
// margin the values are the returns alone.
func TestFinalValuesStanding(t *testing.T) {
	g, err := engine.Load("lunar-rally", engine.Params{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	// the first random game whose standings differ, and not as the scores do
	var s engine.State
	var pts []float64
	for seed := uint64(1); seed <= 20 && s == nil; seed++ {
		_, end := enginetest.RandomRecord(g, seed)
		st, ok := end.(Standing)
		if !ok {
			t.Fatal("a lunar-rally state is not a Standing")
		}
		if p := st.Standing(nil); end.IsTerminal() && p[0] != p[1] && !slices.Equal(p, end.Scores(nil)) {
			s, pts = end, p
		}
	}
	if s == nil {
		t.Fatal("no random game of 20 ends with a margin in the standings")
	}
	ret := s.Returns(nil)
	lo, hi := g.MinUtility(), g.MaxUtility()
	for _, tc := range []struct{ margin, scale float64 }{{0, 5}, {0.5, 5}, {1, 3}} {
		got := finalValues(g, s, tc.margin, tc.scale)
		for k := range got {
			r := 2*(ret[k]-lo)/(hi-lo) - 1
			want := (1-tc.margin)*r + tc.margin*math.Tanh((pts[k]-pts[1-k])/tc.scale)
			if math.Abs(got[k]-want) > 1e-12 {
				t.Errorf("margin %v scale %v seat %d: %v, want %v (returns %v, standing %v)", tc.margin, tc.scale, k, got[k], want, ret, pts)
			}
		}
	}
	// the same state without its Standing: the scores' margin
	got := finalValues(g, struct{ engine.State }{s}, 1, 3)
	sc := s.Scores(nil)
	if want := math.Tanh((sc[0] - sc[1]) / 3); math.Abs(got[0]-want) > 1e-12 {
		t.Errorf("without Standing: %v, want seat 0 %v (scores %v)", got, want, sc)
	}
}
