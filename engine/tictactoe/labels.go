package tictactoe

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

var _ engine.ActionLabeler = (*State)(nil)

// ActionLabel names a cell by row and column as a person reads the board,
// with the mark the player to move puts there: "X in row 2, column 2
// (centre)".
func (s *State) ActionLabel(a engine.Action) string {
	if a < 0 || a > 8 {
		return ""
	}
	l := string("XO"[s.turn]) + " in row " + strconv.Itoa(int(a)/3+1) + ", column " + strconv.Itoa(int(a)%3+1)
	if a == 4 {
		l += " (centre)"
	}
	return l
}
