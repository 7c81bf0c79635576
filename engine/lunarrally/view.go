package lunarrally

import (
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
)

var _ engine.PlayerViewer = (*State)(nil)

// StringFor draws the state as seat p may see it: the map, every rover, the
// cards on p's own control boards and face-down cards ("?") on everyone
// else's, then what is being decided. Once the game is over every card is
// shown, as String does. A p that is not a seat sees no programmed card.
func (s *State) StringFor(p engine.Player) string {
	full := s.String()
	if s.stage == stageFirst || s.stage == stageOver || int(s.actor) == int(p) {
		return full // String already shows exactly the actor's cards
	}
	// String shows the cards of the seat in s.actor: draw a copy whose
	// actor is p, then put back the line that says who decides what.
	c := *s
	c.actor = -1
	if p >= 0 && int(p) < s.g.players {
		c.actor = int8(p)
	}
	body := c.String()
	return body[:strings.LastIndexByte(body, '\n')+1] + full[strings.LastIndexByte(full, '\n')+1:]
}

// ActionStringFor names action a as seat p sees it being played: a card
// programmed by another player is face down, so p is told only which
// rover and phase it goes on ("a face-down card on G1 phase 2"); starts,
// facings, the throw for the first player (public: the observation shows
// who places first) and p's own cards are named in full.
func (s *State) ActionStringFor(p engine.Player, a engine.Action) string {
	if s.stage == stageProgram && int(s.actor) != int(p) && a >= 0 && a < NumCards {
		return "a face-down card on " + roverName(int(s.target)) + " phase " + strconv.Itoa(int(s.phase)+1)
	}
	return s.ActionString(a)
}

// roverName is the short name of rover i as the map draws it: colour
// initial and rover number, e.g. "G1".
func roverName(i int) string { return Colours[i/2][:1] + strconv.Itoa(i%2+1) }
