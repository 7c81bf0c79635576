package tictactoe

import "github.com/moongym/moongym/engine"

var _ engine.EventLogger = (*State)(nil)

// Effects says who marked which cell, and the win or the draw it made.
func (s *State) Effects(after engine.State) []string {
	t, ok := after.(*State)
	if !ok || t.moves != s.moves+1 {
		return nil
	}
	for i := range s.board {
		if s.board[i] == 0 && t.board[i] != 0 {
			ev := []string{string(".XO"[t.board[i]]) + " marks " + cellNames[i]}
			switch {
			case t.winner != 0:
				ev = append(ev, string(".XO"[t.winner])+" completes a line and wins")
			case t.moves == 9:
				ev = append(ev, "the board is full: a draw")
			}
			return ev
		}
	}
	return nil
}
