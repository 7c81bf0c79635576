package engine_test

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
)

// endState is a terminal state with given returns and scores.
type endState struct {
	engine.State
	ret, sc []float64
}

func (e endState) IsTerminal() bool { return e.ret != nil }
func (e endState) Returns(dst []float64) []float64 {
	return append(dst[:0], e.ret...)
}
func (e endState) Scores(dst []float64) []float64 { return append(dst[:0], e.sc...) }

func TestResultText(t *testing.T) {
	base := tictactoe.Game{}.NewInitialState()
	cases := []struct {
		ret, sc []float64
		p       engine.Player
		want    string
	}{
		{[]float64{1, -1}, []float64{64, 0}, 0, "You won 64-0."},
		{[]float64{1, -1}, []float64{64, 0}, 1, "You lost 0-64."},
		{[]float64{0, 0}, []float64{3, 3}, 1, "You drew 3-3."},
		{[]float64{-1, 1}, []float64{-10, 40}, 0, "You lost -10 to 40."},
		{[]float64{1, -1}, []float64{0, 0}, 0, "You won."},
		{[]float64{0, 0}, []float64{0, 0}, 0, "You drew."},
		{[]float64{-1, -1 / 3., 1 / 3., 1}, []float64{10, 31, 35, 40}, 1, "You came 3rd of 4 with 31 points (winner: p3, 40)."},
		{[]float64{-1, -1 / 3., 1 / 3., 1}, []float64{10, 31, 35, 40}, 3, "You won, 1st of 4 with 40 points."},
		{[]float64{1, 1, -1}, []float64{5, 5, 1}, 1, "You tied for 1st of 3 with 5 points."},
		{[]float64{1, 1, -1}, []float64{5, 5, 1}, 2, "You came 3rd of 3 with 1 point (winner: p0, 5)."},
		{[]float64{1}, []float64{82}, 0, "You won with 82 points."},
		{[]float64{-1}, []float64{0}, 0, "You lost."},
		{[]float64{0, 1, 0}, []float64{2, 7, 2}, engine.Player(7), "p1 won with 7 points."},
		{[]float64{0, 0}, []float64{2, 2}, engine.Player(-1), "A draw with 2 points."},
		{nil, nil, 0, ""}, // not over
	}
	for _, c := range cases {
		s := endState{base, c.ret, c.sc}
		if got := engine.ResultText(s, c.p); got != c.want {
			t.Errorf("ResultText(%v, %v, %v) = %q, want %q", c.ret, c.sc, c.p, got, c.want)
		}
		if got := engine.Result(s, c.p); got != c.want {
			t.Errorf("Result (no Resulter) = %q, want %q", got, c.want)
		}
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 111: "111th"} {
		if got := engine.Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestActionLabelFallsBack(t *testing.T) {
	s := tictactoe.Game{}.NewInitialState()
	if got, want := engine.ActionLabel(s, 4), "X in row 2, column 2 (centre)"; got != want {
		t.Errorf("ActionLabel = %q, want the game's %q", got, want)
	}
	// endState embeds the interface: no ActionLabel of its own.
	if got, want := engine.ActionLabel(endState{State: s}, 4), "b2"; got != want {
		t.Errorf("ActionLabel without a labeler = %q, want the name %q", got, want)
	}
}

func TestActionLabelFor(t *testing.T) {
	s := &secretState{tictactoe.Game{}.NewInitialState().(*tictactoe.State)}
	if got, want := engine.ActionLabelFor(s, 0, 4), engine.ActionLabel(s, 4); got != want {
		t.Errorf("the mover's label %q, want %q", got, want)
	}
	if got, want := engine.ActionLabelFor(s, 1, 4), engine.ActionStringFor(s, 1, 4); got != want {
		t.Errorf("another seat's label %q, want the name as it sees it %q", got, want)
	}
	// A game that hides nothing: every seat, and no seat, reads the label.
	open := tictactoe.Game{}.NewInitialState()
	for _, p := range []engine.Player{0, 1, engine.Terminal} {
		if got, want := engine.ActionLabelFor(open, p, 4), "X in row 2, column 2 (centre)"; got != want {
			t.Errorf("%s's label %q in a game without secrets, want %q", p, got, want)
		}
	}
}
