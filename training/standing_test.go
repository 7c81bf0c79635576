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

// TestStandingsAhead: with marginahead, the position at decision d reads
// the margin of the standing ahead decisions later (the final values where
// the game ends sooner); without margin, ahead, a Standing or a competitive
// game there is no recorder, and the values are the final ones.
func TestStandingsAhead(t *testing.T) {
	g, err := engine.Load("lunar-rally", engine.Params{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	rec, end := enginetest.RandomRecord(g, 3)
	if newStandings(g, end, 0, 5) != nil || newStandings(g, end, 0.5, 0) != nil || newStandings(g, struct{ engine.State }{end}, 0.5, 5) != nil {
		t.Error("a recorder without margin, ahead or a Standing")
	}
	mm, err := engine.Load("march-mars", engine.Params{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	if newStandings(mm, mm.NewInitialState(), 0.5, 5) != nil {
		t.Error("a recorder in a cooperative game")
	}
	const ahead, margin, scale = 6, 0.5, 3
	tr := newStandings(g, end, margin, ahead)
	s := g.NewInitialState()
	var legal []engine.Action
	for _, a := range rec.Actions {
		if s.CurrentPlayer() != engine.Chance {
			if legal = s.LegalActions(legal); len(legal) > 1 {
				tr.record(s)
			}
		}
		s.Apply(a)
	}
	n := len(tr.rows)
	if n < 3*ahead {
		t.Fatalf("%d decisions: the test needs a longer game", n)
	}
	final := finalValues(g, end, margin, scale)
	ret := end.Returns(nil)
	lo, hi := g.MinUtility(), g.MaxUtility()
	differ := 0
	for d := range n {
		got := tr.values(g, end, d, margin, scale, final)
		want := final
		if d+ahead < n {
			pts := tr.rows[d+ahead]
			want = make([]float64, 2)
			for k := range want {
				want[k] = (1-margin)*(2*(ret[k]-lo)/(hi-lo)-1) + margin*math.Tanh((pts[k]-pts[1-k])/scale)
			}
		}
		for k := range want {
			if math.Abs(got[k]-want[k]) > 1e-12 {
				t.Fatalf("decision %d of %d seat %d: %v, want %v", d, n, k, got, want)
			}
		}
		if !slices.Equal(got, final) {
			differ++
		}
	}
	if differ == 0 {
		t.Error("no position's values differ from the final ones: nothing tested")
	}
	var none *standings
	none.record(end)
	if got := none.values(g, end, 0, margin, scale, final); !slices.Equal(got, final) {
		t.Errorf("no recorder: %v, want the final %v", got, final)
	}
}
