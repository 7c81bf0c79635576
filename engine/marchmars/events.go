package marchmars

import (
	"fmt"

	"github.com/moongym/moongym/engine"
)

var _ engine.ActionEventLogger = (*State)(nil)

// ActionEffects tells in words what action a did, s being the state before
// it and after the state it led to: each roll, move, shot and kill, wave,
// deployment, attack on the base, the bomb and the end. Nothing is hidden
// in March on Mars, so every seat is told the same.
func (s *State) ActionEffects(a engine.Action, after engine.State) []string {
	t, ok := s.top()
	n, isMars := after.(*State)
	if !ok || !isMars {
		return nil
	}
	g := s.g
	x := int(a)
	var ev []string
	who := marineName(int(t.A))
	switch int(t.Kind) {
	case kCard:
		ev = append(ev, fmt.Sprintf("card %s dealt to slot %d", s.ActionString(a)[4:], t.B))
	case kRoll:
		ev = append(ev, fmt.Sprintf("%s rolls %s", marineName(int(s.active)), s.ActionString(a)))
	case kSide:
		ev = append(ev, fmt.Sprintf("the MMM sends a wave on the %s side", [2]string{"left", "right"}[x&1]))
	case kPlace:
		ev = append(ev, fmt.Sprintf("%s lands on LZ box %d", who, x-aPlace+1))
	case kPick:
		ev = append(ev, fmt.Sprintf("%s plays next", marineName(x-aPick)))
	case kChoose:
		switch {
		case x >= aMove && x < aShoot:
			m := &n.mar[t.A]
			e := fmt.Sprintf("%s %s to column %d level %d", who, s.ActionString(a), m.X, m.L)
			if m.Crashed {
				e += ": crashed"
			}
			ev = append(ev, e)
		case x >= aShoot && x < aReroll:
			ev = append(ev, fmt.Sprintf("%s shoots at column %d with %d hits", who, n.shotX, n.hits))
		case x == aBomb:
			e := fmt.Sprintf("%s sets the bomb: the dice sum %d", who, s.bombSum())
			if n.result > 0 {
				e += ": the MMM is destroyed"
			} else {
				e += ": not enough, the MMM stands"
			}
			ev = append(ev, e)
		case x == aLetGo:
			ev = append(ev, who+" lets the roll go")
		default:
			ev = append(ev, who+" "+s.ActionString(a))
		}
	case kHit:
		if x != aEndShot {
			ev = append(ev, fmt.Sprintf("%s kills a %s alien at (%d,%d)", who, alienNames[x-aKill], s.shotX, s.shotL))
		}
	}
	for m := 0; m < g.n; m++ {
		if s.mar[m].Crashed && !n.mar[m].Crashed && int(t.A) != m && int(t.Kind) == kChoose {
			ev = append(ev, marineName(m)+" is raised by "+who)
		}
	}
	if n.attacks > s.attacks {
		ev = append(ev, fmt.Sprintf("aliens in the LZ attack the base: %d/3 successful attacks", n.attacks))
	}
	for side := 0; side < 2; side++ {
		if d := total(n.incoming[side]) - total(s.incoming[side]); d > 0 {
			ev = append(ev, fmt.Sprintf("%d aliens reach the %s incoming-wave box", d, [2]string{"left", "right"}[side]))
		}
	}
	for k := 0; k < g.slots(); k++ {
		if d := n.regionAliens(g.slotStart[k], g.slotStart[k]+g.width-1) - s.regionAliens(g.slotStart[k], g.slotStart[k]+g.width-1); d > 0 {
			ev = append(ev, fmt.Sprintf("%d aliens deploy on card slot %d", d, k))
		}
	}
	if d := n.regionAliens(g.lzStart, g.lzEnd) - s.regionAliens(g.lzStart, g.lzEnd); d > 0 {
		ev = append(ev, fmt.Sprintf("%d aliens enter the LZ", d))
	}
	if n.IsTerminal() && !s.IsTerminal() {
		if n.result > 0 {
			ev = append(ev, "game over: the marines win")
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
