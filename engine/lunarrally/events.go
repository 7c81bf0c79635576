package lunarrally

import (
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
)

var _ engine.EventLogger = (*State)(nil)

// Effects says what the execution an action may trigger did to each rover
// (the program it revealed, moves, turns, shields lost or repaired,
// missiles, destruction) and how the game ended: all public.
func (s *State) Effects(after engine.State) []string {
	var ev []string
	t, ok := after.(*State)
	if !ok || t.g != s.g {
		return ev
	}
	b := s.g.board
	for i := 0; i < 2*s.g.players; i++ {
		r0, r1 := &s.rovers[i], &t.rovers[i]
		n := roverWords(i)
		// A destroyed rover's program is not in the observations: the
		// events keep to what the seats observe.
		if r1.Shown != r0.Shown && r1.Shown != emptyProgram && r1.Status == Racing {
			cards := make([]string, 0, MaxPhases)
			for _, c := range r1.Shown {
				if c != NoCard {
					cards = append(cards, cardWords[c])
				}
			}
			ev = append(ev, n+" executes "+strings.Join(cards, ", "))
		}
		switch {
		case r0.Status == Racing && r1.Status == Destroyed:
			ev = append(ev, n+" is destroyed")
			continue
		case r0.Status != Racing && r1.Status == Racing:
			ev = append(ev, n+" enters at "+b.CellName(int(r1.Pos))+" facing "+dirWords[r1.Heading])
			continue
		case r1.Status != Racing:
			continue
		}
		if r1.Pos != r0.Pos {
			ev = append(ev, n+" moves from "+b.CellName(int(r0.Pos))+" to "+b.CellName(int(r1.Pos)))
		}
		if r1.Heading != r0.Heading {
			ev = append(ev, n+" turns to face "+dirWords[r1.Heading])
		}
		switch d := int(r1.Shields) - int(r0.Shields); {
		case d < 0:
			ev = append(ev, n+" is hit: loses "+count(-d, "shield")+", "+strconv.Itoa(int(r1.Shields))+" left")
		case d > 0:
			ev = append(ev, n+" is repaired: +"+count(d, "shield"))
		}
		switch d := int(r1.Missiles) - int(r0.Missiles); {
		case d < 0:
			ev = append(ev, n+" fires a missile")
		case d > 0:
			ev = append(ev, n+" picks up "+count(d, "missile"))
		}
		if r1.Armed && !r0.Armed {
			ev = append(ev, n+" arms its weapons")
		}
	}
	if t.turn != s.turn {
		ev = append(ev, "turn "+strconv.Itoa(int(t.turn))+" begins")
	}
	if t.stage == stageOver && s.stage != stageOver {
		ev = append(ev, t.statusLine())
	}
	return ev
}

// count writes n things: "1 shield", "2 shields".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}
