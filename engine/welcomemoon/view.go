package welcomemoon

import (
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
)

var _ engine.PlayerViewer = (*State)(nil)

// StringFor draws the state as seat p may see it. While the players choose,
// p's own sheet is drawn as it is (with this turn's choice written if p
// has made it) and every other sheet as it was at the start of the turn;
// the last line says whose turn it is without showing what that player is
// doing, unless it is p. Between turns and at the end everything is
// public, as String draws it. A p that is not a seat sees every sheet as
// at the start of the turn.
func (s *State) StringFor(p engine.Player) string {
	full := s.String()
	if s.phase != phDecide || int(p) == int(s.cur) {
		return full // String shows exactly the sheet of the player to act
	}
	// String shows the sheet of the seat in s.cur as it is: draw a copy
	// whose cur is p, then replace the line that says what cur is doing.
	c := *s
	c.cur = -1
	if p >= 0 && int(p) < s.g.players {
		c.cur = int8(p)
	}
	body := c.String()
	return body[:strings.LastIndexByte(body, '\n')+1] + "p" + strconv.Itoa(int(s.cur)) + " to play (hidden until the end of the turn)"
}

// hiddenChoice is how the others see any decision of the player choosing:
// which combination, number, space or effect it is, and even which step,
// stay secret until the turn ends.
const hiddenChoice = "a secret choice (revealed at the end of the turn)"

// ActionStringFor names action a as seat p sees it being played. Every
// decision of another player during the turn is hiddenChoice; the owner
// sees the full name. Card flips, mission draws and ASTRA's crossing-off
// (solo) are public and named in full.
func (s *State) ActionStringFor(p engine.Player, a engine.Action) string {
	if s.phase == phDecide && int(p) != int(s.cur) {
		return hiddenChoice
	}
	if s.phase == phIncident && int(p) != int(s.cur) && s.ctx.npend > 0 {
		// A6 phase 5: the sheets show the result; the choice is named by
		// its step only (two orders of infections can end the same, and a
		// mission choice stays secret until the end of the turn)
		return "phase 5: " + effNames[s.ctx.pend[0].kind]
	}
	return s.ActionString(a)
}
