package tictactoe

import "github.com/moongym/moongym/engine"

var _ engine.EventLogger = (*State)(nil)

// Events says who marked which cell, and a win or a draw it made.
func (s *State) Events(a engine.Action, after engine.State) []string {
	t, ok := after.(*State)
	if !ok || a < 0 || a > 8 {
		return []string{s.ActionString(a)}
	}
	ev := []string{string("XO"[s.turn]) + " marks " + cellNames[a]}
	switch {
	case t.winner != 0:
		ev = append(ev, string(".XO"[t.winner])+" completes a line and wins")
	case t.moves == 9:
		ev = append(ev, "the board is full: a draw")
	}
	return ev
}

// EventsFor is Events: nothing is hidden.
func (s *State) EventsFor(_ engine.Player, a engine.Action, after engine.State) []string {
	return s.Events(a, after)
}
