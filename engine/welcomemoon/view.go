package welcomemoon

import (
	"strings"

	"github.com/moongym/moongym/engine"
)

var (
	_ engine.PlayerViewer = (*State)(nil)
	_ engine.ToMoveViewer = (*State)(nil)
)

// CurrentPlayerFor is the player to act as seat p may know it. While the
// players choose (in secret, one seat after another in the engine), a seat
// other than the one choosing is told engine.Hidden: which seat chooses
// now would tell whether the seats before it needed follow-up decisions
// (an Astronaut modifier, an effect's target, a mission question), so what
// kind of combination they took. p knows when it is its own turn to choose,
// and that the others have all chosen when the turn ends. Card flips,
// ASTRA's cards, the A6 phase 5 and the end are public.
func (s *State) CurrentPlayerFor(p engine.Player) engine.Player {
	if s.phase == phDecide && int(p) != int(s.cur) {
		return engine.Hidden
	}
	return s.CurrentPlayer()
}

// hiddenTurn is the last line of StringFor while another seat chooses.
const hiddenTurn = "others to play (hidden until the end of the turn)"

// StringFor draws the state as seat p may see it. While the players choose,
// p's own sheet is drawn as it is (with this turn's choice written if p
// has made it) and every other sheet as it was at the start of the turn;
// the last line says that the others are choosing (hiddenTurn), without
// telling which of them, unless p is to choose. Between turns and at the
// end everything is public, as String draws it. A p that is not a seat
// sees every sheet as at the start of the turn.
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
	return body[:strings.LastIndexByte(body, '\n')+1] + hiddenTurn
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
