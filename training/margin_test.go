package training

import (
	"math"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

// TestFinalValues: with margin 0 the values are the scaled returns; with
// margin w they blend in tanh((points - the others' mean) / scale); with
// one seat, the margin over the game's own score (SoloOpponent: welcome-moon's
// ASTRA), ignored where the state keeps none.
func TestFinalValues(t *testing.T) {
	g, err := engine.Load("welcome-moon", engine.Params{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	_, s := enginetest.RandomRecord(g, 3)
	if !s.IsTerminal() {
		t.Fatal("the random game did not end")
	}
	ret, pts := s.Returns(nil), s.Scores(nil)
	lo, hi := g.MinUtility(), g.MaxUtility()
	if pts[0] == pts[1] && pts[1] == pts[2] {
		t.Fatalf("equal scores %v: the test needs a margin", pts)
	}
	for _, tc := range []struct{ margin, scale float64 }{{0, 20}, {0.5, 20}, {1, 10}} {
		got := finalValues(g, s, tc.margin, tc.scale)
		for k := range got {
			r := 2*(ret[k]-lo)/(hi-lo) - 1
			m := pts[k] - (pts[0]+pts[1]+pts[2]-pts[k])/2
			want := (1-tc.margin)*r + tc.margin*math.Tanh(m/tc.scale)
			if math.Abs(got[k]-want) > 1e-12 {
				t.Errorf("margin %v scale %v seat %d: %v, want %v (returns %v, points %v)", tc.margin, tc.scale, k, got[k], want, ret, pts)
			}
		}
	}
	// a cooperative game: the team's points (march-mars: its Standing,
	// the progress toward the MMM), not a margin (0 there)
	g, err = engine.Load("march-mars", engine.Params{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	_, s = enginetest.RandomRecord(g, 1)
	ret, pts = s.Returns(nil), marginPoints(s)
	lo, hi = g.MinUtility(), g.MaxUtility()
	if pts[0] == 0 {
		t.Fatalf("points %v: the test needs points", pts)
	}
	got := finalValues(g, s, 0.5, 4)
	for k := range got {
		want := 0.5*(2*(ret[k]-lo)/(hi-lo)-1) + 0.5*math.Tanh(pts[k]/4)
		if math.Abs(got[k]-want) > 1e-12 {
			t.Errorf("march-mars seat %d: %v, want %v (returns %v, points %v)", k, got[k], want, ret, pts)
		}
	}
	// solo welcome-moon: the margin over ASTRA's score
	g, err = engine.Load("welcome-moon", engine.Params{"players": "1"})
	if err != nil {
		t.Fatal(err)
	}
	_, s = enginetest.RandomRecord(g, 2)
	o, ok := s.(SoloOpponent)
	if !ok {
		t.Fatal("a welcome-moon state is not a SoloOpponent")
	}
	ret, pts = s.Returns(nil), s.Scores(nil)
	if pts[0] == o.OpponentScore() {
		t.Fatalf("points %v against ASTRA's %v: the test needs a margin", pts, o.OpponentScore())
	}
	got = finalValues(g, s, 0.5, 20)
	r := 2*(ret[0]-g.MinUtility())/(g.MaxUtility()-g.MinUtility()) - 1
	if want := 0.5*r + 0.5*math.Tanh((pts[0]-o.OpponentScore())/20); len(got) != 1 || math.Abs(got[0]-want) > 1e-12 {
		t.Errorf("solo: %v, want [%v] (return %v, points %v, ASTRA %v)", got, want, ret, pts, o.OpponentScore())
	}
	// one seat, no score of the game's own: the return alone
	if got := finalValues(g, struct{ engine.State }{s}, 0.5, 20); len(got) != 1 || got[0] != r {
		t.Errorf("solo without SoloOpponent: %v, want [%v]", got, r)
	}
	dst := make([]float32, 3)
	valueTargets([]float64{0.1, 0.2, 0.3}, 1, dst)
	if dst[0] != 0.2 || dst[1] != 0.3 || dst[2] != 0.1 {
		t.Errorf("valueTargets from seat 1: %v, want [0.2 0.3 0.1]", dst)
	}
}

// TestMarginChecked: out-of-range margins are refused by both configs.
func TestMarginChecked(t *testing.T) {
	for _, set := range []string{"margin=1.5", "margin=-0.1", "margin=0.5,marginscale=0"} {
		if _, err := ParseConfig(set, DefaultConfig()); err == nil {
			t.Errorf("%s accepted", set)
		}
	}
	if _, err := ParseConfig("margin=0.5,marginscale=30", DefaultConfig()); err != nil {
		t.Errorf("margin=0.5,marginscale=30: %v", err)
	}
	ic := DefaultImitateConfig()
	ic.Margin = 0.5
	if err := ic.check(); err == nil {
		t.Error("imitation margin without a scale accepted")
	}
	ic.MarginScale = 20
	if err := ic.check(); err != nil {
		t.Error(err)
	}
}
