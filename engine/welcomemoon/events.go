package welcomemoon

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

var _ engine.EventLogger = (*State)(nil)

// Effects says, when an action ends a turn (everything written is public
// then), the missions accomplished, the scores, and the next turn or how the
// game ended; nothing during a turn, whose choices are secret.
func (s *State) Effects(after engine.State) []string {
	var ev []string
	t, ok := after.(*State)
	if !ok || t.g != s.g || (t.turn == s.turn && t.phase != phOver) {
		return nil
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
