package tictactoe_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
)

// playEvents applies cells in order and returns the events of the last one.
func playEvents(t *testing.T, cells ...engine.Action) []string {
	t.Helper()
	s := tictactoe.Game{}.NewInitialState()
	var ev []string
	for _, a := range cells {
		after := s.Clone()
		after.Apply(a)
		ev = engine.Events(s, a, after)
		if evp := engine.EventsFor(1, s, a, after); !slices.Equal(ev, evp) {
			t.Errorf("EventsFor(p1) %q differs from Events %q in a perfect-information game", evp, ev)
		}
		s = after
	}
	return ev
}

func TestEvents(t *testing.T) {
	for _, c := range []struct {
		name  string
		cells []engine.Action
		want  []string
	}{
		{"first mark", []engine.Action{4}, []string{"p0: b2", "X marks b2"}},
		{"O answers", []engine.Action{4, 0}, []string{"p1: a1", "O marks a1"}},
		{"X wins", []engine.Action{0, 3, 1, 4, 2}, []string{"p0: c1", "X marks c1", "X completes a line and wins"}},
		{"draw", []engine.Action{0, 1, 2, 4, 3, 5, 7, 6, 8}, []string{"p0: c3", "X marks c3", "the board is full: a draw"}},
	} {
		if got := playEvents(t, c.cells...); !slices.Equal(got, c.want) {
			t.Errorf("%s: events %q, want %q", c.name, got, c.want)
		}
	}
}

// The events of an action: who played what, then its effects, derived from
// the states before and after it.
func ExampleState_Effects() {
	s := tictactoe.Game{}.NewInitialState()
	for _, a := range []engine.Action{0, 3, 1, 4} {
		s.Apply(a)
	}
	after := s.Clone()
	after.Apply(2)
	fmt.Println(engine.Events(s, 2, after))
	// Output: [p0: c1 X marks c1 X completes a line and wins]
}
