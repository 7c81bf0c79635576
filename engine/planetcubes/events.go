package planetcubes

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

var _ engine.EventLogger = (*State)(nil)

// Effects says what an action did: each cube that entered, moved, gained a
// life or a weapon, was hit or destroyed, the points each team scored, a
// new round and the end.
func (s *State) Effects(after engine.State) []string {
	var ev []string
	t, ok := after.(*State)
	if !ok || t.g != s.g {
		return ev
	}
	g := s.g
	name := func(p int8) string { return g.board.Planets[p].Name }
	for team := 0; team < g.n; team++ {
		for i := range s.pieces[team] {
			p0, p1 := s.pieces[team][i], t.pieces[team][i]
			n := PieceName(team, i)
			switch {
			case p0.lives == 0 && p1.lives > 0:
				ev = append(ev, "cube "+n+" enters on "+name(p1.planet))
				continue
			case p0.lives > 0 && p1.lives == 0:
				ev = append(ev, "cube "+n+" is destroyed on "+name(p0.planet))
				continue
			case p1.lives == 0:
				continue
			}
			if p0.planet != p1.planet {
				ev = append(ev, "cube "+n+" moves from "+name(p0.planet)+" to "+name(p1.planet))
			}
			switch {
			case p1.lives < p0.lives:
				ev = append(ev, "cube "+n+" is hit: "+strconv.Itoa(int(p1.lives))+" life left")
			case p1.lives > p0.lives:
				ev = append(ev, "cube "+n+" gains a life")
			}
			if p1.weapon != p0.weapon {
				ev = append(ev, "cube "+n+" now has a "+p1.weapon.String()+"-range weapon")
			}
		}
		if d := t.score[team] - s.score[team]; d != 0 {
			ev = append(ev, teamColours[team]+" scores "+strconv.Itoa(int(d))+" ("+strconv.Itoa(int(t.score[team]))+" in all)")
		}
	}
	if t.round != s.round && !t.over {
		ev = append(ev, "round "+strconv.Itoa(int(t.round))+" begins")
	}
	if t.over && !s.over {
		ev = append(ev, t.statusLine())
	}
	return ev
}
