package marchmars

import (
	"fmt"
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

var _ engine.EventLogger = (*State)(nil)

// Effects tells in words what the action that led from s to after did,
// from the difference of the two states (nothing is hidden): cards dealt,
// marines moved, crashed and raised, the roll, aliens killed, defenders and
// base upgrades lost, waves, deployments, attacks on the base, a new turn
// and the end.
func (s *State) Effects(after engine.State) []string {
	n, ok := after.(*State)
	if !ok || n.g != s.g {
		return nil
	}
	g := s.g
	var ev []string
	sides := [2]string{"left", "right"}
	for k := 0; k < g.slots(); k++ {
		if s.slots[k] < 0 && n.slots[k] >= 0 {
			ev = append(ev, fmt.Sprintf("card %d dealt to slot %d", g.data.Cards[n.slots[k]].ID, k))
		}
	}
	if n.turn != s.turn {
		ev = append(ev, fmt.Sprintf("turn %d begins", n.turn))
	}
	if n.equipOpen && !s.equipOpen {
		ev = append(ev, "High Command drops equipment: every blue or red alien killed draws a card")
	}
	if n.hiddenTaken && !s.hiddenTaken {
		ev = append(ev, "the hidden box is found")
	}
	if n.nDice > 0 && (s.nDice == 0 || n.dieCol != s.dieCol || n.dieFace != s.dieFace) {
		e := "dice:"
		for i := 0; i < int(n.nDice); i++ {
			if i > 0 {
				e += ","
			}
			e += " " + jumping.DieWords(int(n.dieCol[i]), n.dieFace[i])
		}
		ev = append(ev, e)
	}
	for m := 0; m < g.n; m++ {
		a, b := &s.mar[m], &n.mar[m]
		if a.X != b.X || a.L != b.L {
			ev = append(ev, fmt.Sprintf("%s moves to column %d, level %d", marineWords(m), b.X, b.L))
		}
		if b.Crashed && !a.Crashed {
			ev = append(ev, marineWords(m)+" crashes")
		}
		if a.Crashed && !b.Crashed && !b.Gone {
			ev = append(ev, marineWords(m)+" is raised")
		}
		if b.Gone && !a.Gone {
			ev = append(ev, marineWords(m)+" blows itself up beside the MMM and is out of the game (kamikaze)")
		}
		if s.ability[m] != n.ability[m] && s.ability[m] != abNone {
			ev = append(ev, marineWords(m)+" turns its training card: "+words(abilityNames[n.ability[m]]))
		}
		for e := 0; e < numEquipment; e++ {
			had, has := s.holds(m, e), n.holds(m, e)
			switch {
			case has && !had:
				ev = append(ev, marineWords(m)+" gets equipment: "+words(equipmentNames[e]))
			case had && !has && n.discard>>e&1 != 0:
				ev = append(ev, marineWords(m)+" uses equipment: "+words(equipmentNames[e]))
			}
		}
	}
	for k := 0; k < numAlienColours; k++ {
		if d := n.dead[k] - s.dead[k]; d > 0 {
			ev = append(ev, fmt.Sprintf("%d %s %s killed", d, alienNames[k], plural(int(d), "alien")))
		}
	}
	for side := 0; side < g.sides; side++ {
		if s.defenderAlive(side) && !n.defenderAlive(side) {
			ev = append(ev, "the "+sides[side]+" red defender falls")
		}
		if s.intact[side] && !n.intact[side] {
			ev = append(ev, "the "+sides[side]+" base (upgrade: "+upgradeNames[s.upgrade[side]]+") is destroyed")
		}
		if d := total(n.incoming[side]) - total(s.incoming[side]); d > 0 {
			ev = append(ev, fmt.Sprintf("%d aliens reach the %s incoming-wave box", d, sides[side]))
		}
	}
	if n.attacks > s.attacks {
		ev = append(ev, fmt.Sprintf("aliens in the LZ attack the base: %d/3 successful attacks", n.attacks))
	}
	for k := 0; k < g.slots(); k++ {
		x0, x1 := g.slotStart[k], g.slotStart[k]+g.width-1
		if d := n.regionAliens(x0, x1) - s.regionAliens(x0, x1); d > 0 {
			ev = append(ev, fmt.Sprintf("%d aliens deploy on card slot %d", d, k))
		}
	}
	if d := n.regionAliens(g.lzStart, g.lzEnd) - s.regionAliens(g.lzStart, g.lzEnd); d > 0 {
		ev = append(ev, fmt.Sprintf("%d aliens enter the LZ", d))
	}
	if n.IsTerminal() && !s.IsTerminal() {
		if n.result > 0 {
			ev = append(ev, "game over: the bomb goes off, the MMM is destroyed, the marines win")
		} else {
			ev = append(ev, "game over: the marines have lost")
		}
	}
	return ev
}

func total(a [numAlienColours]int8) int { return int(a[0]) + int(a[1]) + int(a[2]) }

// regionAliens counts the aliens in columns x0..x1.
func (s *State) regionAliens(x0, x1 int) int {
	n := 0
	for x := x0; x <= x1; x++ {
		for l := 0; l < s.g.height; l++ {
			n += s.boxAliens(x, l)
		}
	}
	return n
}

// marineWords names marine m for people: "marine 2".
func marineWords(m int) string { return "marine " + strconv.Itoa(m+1) }

// plural is thing, with an s unless n is 1.
func plural(n int, thing string) string {
	if n == 1 {
		return thing
	}
	return thing + "s"
}
