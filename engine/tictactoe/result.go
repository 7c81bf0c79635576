package tictactoe

import "github.com/moongym/moongym/engine"

var _ engine.Resulter = (*State)(nil)

// Result says who made a line, or that the board filled up.
func (s *State) Result(p engine.Player) string {
	if !s.IsTerminal() {
		return ""
	}
	if s.winner == 0 {
		return "A draw: the board is full and nobody made a line."
	}
	w := string(".XO"[s.winner])
	switch {
	case p < 0 || p > 1:
		return w + " won with three in a row."
	case int(p) == int(s.winner)-1:
		return "You (" + w + ") won with three in a row."
	}
	return "You lost: " + w + " made three in a row."
}
