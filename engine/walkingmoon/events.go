package walkingmoon

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

var _ engine.EventLogger = (*State)(nil)

// Effects says in words what an action did: each astronaut's jump (column
// and level before and after), Sputniks taken, crashes (stunned), recoveries,
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
		n := g.astroWords(a)
		if a0.X != a1.X || a0.L != a1.L {
			ev = append(ev, n+" moves from column "+strconv.Itoa(int(a0.X))+", level "+strconv.Itoa(int(a0.L))+
				" to column "+strconv.Itoa(int(a1.X))+", level "+strconv.Itoa(int(a1.L)))
		}
		if d := a1.Sputnik - a0.Sputnik; d > 0 {
			ev = append(ev, n+" takes "+sputniks(int(d)))
		}
		if a1.Stunned && !a0.Stunned {
			ev = append(ev, n+" crashes and is stunned")
		}
		if !a1.Stunned && a0.Stunned {
			ev = append(ev, n+" recovers")
		}
		if a1.Finished && !a0.Finished {
			ev = append(ev, n+" crosses the finish line, "+engine.Ordinal(int(a1.FinishPos)))
		}
	}
	if t.round != s.round {
		ev = append(ev, "round "+strconv.Itoa(int(t.round))+" begins")
	}
	if t.IsTerminal() && !s.IsTerminal() {
		sc := t.Scores(nil)
		line := "game over, points:"
		for p, v := range sc {
			if p > 0 {
				line += ","
			}
			line += " p" + strconv.Itoa(p) + " " + engine.Num(v)
		}
		ev = append(ev, line)
	}
	return ev
}

// sputniks writes a number of Sputniks: "1 Sputnik", "2 Sputniks".
func sputniks(n int) string {
	if n == 1 {
		return "1 Sputnik"
	}
	return strconv.Itoa(n) + " Sputniks"
}
