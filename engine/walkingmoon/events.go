package walkingmoon

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

var _ engine.EventLogger = (*State)(nil)

// Effects says what an action did: each astronaut's jump (column/level
// before and after), Sputniks taken, crashes (stunned), recoveries,
// finishes, a new round and the end: all public (the cards are not told).
func (s *State) Effects(after engine.State) []string {
	var ev []string
	t, ok := after.(*State)
	if !ok || t.g != s.g {
		return ev
	}
	g := s.g
	for a := 0; a < g.na; a++ {
		a0, a1 := &s.ast[a], &t.ast[a]
		n := g.astroName(a)
		if a0.X != a1.X || a0.L != a1.L {
			ev = append(ev, n+" moves "+strconv.Itoa(int(a0.X))+"/"+strconv.Itoa(int(a0.L))+" -> "+strconv.Itoa(int(a1.X))+"/"+strconv.Itoa(int(a1.L)))
		}
		if d := a1.Sputnik - a0.Sputnik; d > 0 {
			ev = append(ev, n+" takes "+strconv.Itoa(int(d))+" Sputnik(s)")
		}
		if a1.Stunned && !a0.Stunned {
			ev = append(ev, n+" crashes and is stunned")
		}
		if !a1.Stunned && a0.Stunned {
			ev = append(ev, n+" recovers")
		}
		if a1.Finished && !a0.Finished {
			ev = append(ev, n+" crosses the finish line, #"+strconv.Itoa(int(a1.FinishPos)))
		}
	}
	if t.round != s.round {
		ev = append(ev, "round "+strconv.Itoa(int(t.round))+" begins")
	}
	if t.IsTerminal() && !s.IsTerminal() {
		sc := t.Scores(nil)
		line := "game over, points:"
		for p, v := range sc {
			line += " p" + strconv.Itoa(p) + " " + strconv.FormatFloat(v, 'f', -1, 64)
		}
		ev = append(ev, line)
	}
	return ev
}
