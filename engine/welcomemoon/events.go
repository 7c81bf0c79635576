package welcomemoon

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

var _ engine.EventLogger = (*State)(nil)

// Events says what action a did: who chose what (or which card was
// flipped), then, when it ends a turn, the missions accomplished, the
// scores, and how the game ended.
func (s *State) Events(a engine.Action, after engine.State) []string {
	return s.events(s.ActionString(a), after)
}

// EventsFor is Events as seat p sees it: another player's choices during
// the turn are a secret (ActionStringFor); what a turn's end reveals is
// public.
func (s *State) EventsFor(p engine.Player, a engine.Action, after engine.State) []string {
	return s.events(s.ActionStringFor(p, a), after)
}

func (s *State) events(name string, after engine.State) []string {
	who := "chance"
	if p := s.CurrentPlayer(); p >= 0 {
		who = p.String()
	}
	ev := []string{who + ": " + name}
	t, ok := after.(*State)
	if !ok || t.g != s.g || (t.turn == s.turn && t.phase != phOver) {
		return ev
	}
	// A turn ended: everything written is public now.
	l := t.lay()
	for k := 0; k < 3; k++ {
		if t.mtaken&(1<<k) != 0 && s.mtaken&(1<<k) == 0 && t.mission[k] >= 0 {
			ev = append(ev, "mission "+string(rune('A'+k))+" accomplished: "+l.missions[k][t.mission[k]].text)
		}
	}
	line := "scores:"
	for p := range t.g.players {
		line += " p" + strconv.Itoa(p) + " " + strconv.Itoa(t.Score(p))
	}
	if t.g.solo() {
		line += " ASTRA " + strconv.Itoa(t.astraScore())
	}
	ev = append(ev, line)
	if t.phase == phOver {
		ev = append(ev, "game over ("+endNames[t.ended]+")")
	} else {
		ev = append(ev, "turn "+strconv.Itoa(int(t.turn)+1)+" begins")
	}
	return ev
}
