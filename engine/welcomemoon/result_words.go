package welcomemoon

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

var _ engine.Resulter = (*State)(nil)

// Result says how the game ended for seat p: solo, the score against
// ASTRA's ("You beat ASTRA 82 to 75."); with more players, the place and
// the points (engine.ResultText: the returns rank by points, then fewer
// System Errors).
func (s *State) Result(p engine.Player) string {
	if s.phase != phOver {
		return ""
	}
	if !s.g.solo() {
		return engine.ResultText(s, p)
	}
	me, astra := strconv.Itoa(s.Score(0)), strconv.Itoa(s.AstraScore())
	r := s.Returns(nil)[0]
	switch {
	case p != 0:
		switch {
		case r > 0:
			return "p0 beat ASTRA " + me + " to " + astra + "."
		case r < 0:
			return "ASTRA beat p0 " + astra + " to " + me + "."
		}
		return "p0 and ASTRA tied at " + me + "."
	case r > 0:
		return "You beat ASTRA " + me + " to " + astra + "."
	case r < 0:
		return "ASTRA beat you " + astra + " to " + me + "."
	}
	return "You tied with ASTRA at " + me + "."
}
