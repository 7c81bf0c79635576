package marchmars

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

var _ engine.Resulter = (*State)(nil)

// Result says how the team's game ended, the same for every seat (March
// on Mars is cooperative): the MMM blown up on turn t, or the base fallen
// (the third attack on the LZ), or the turns run out.
func (s *State) Result(engine.Player) string {
	if !s.IsTerminal() {
		return ""
	}
	turn := " on turn " + strconv.Itoa(int(s.turn)) + "."
	switch {
	case s.result > 0:
		return "The team won: the MMM was blown up" + turn
	case s.attacks >= 3:
		return "The team lost: the Landing Zone fell to the third attack" + turn
	}
	return "The team lost: the MMM still stands after " + strconv.Itoa(maxTurns) + " turns."
}
