package marchmars

import "github.com/moongym/moongym/engine/jumping"

// Support from the LZ: a marine in the LZ that does nothing else this turn
// (Spanish: and has no alien on it) may use the Command Center instead of
// programming its dice: tactical crash support, the missile battery, or the
// bait.

// Missiles: English High impact (3 hits) and Seeking (2 hits, one die may
// be rolled again); Spanish perforante (3 hits) and fragmentación (1 hit on
// every box of the column hit and of the two beside it).
const (
	missileHeavy = 0
	missileLight = 1
)

// canSupport reports whether marine a may use the Command Center now: in
// the LZ, having done nothing this turn ("doing nothing more (like move or
// fight)"; ES "que no haga ninguna acción durante el turno"): no die
// programmed, no move (an equipment card's), no orbital bombing, no kill
// with the laser knife.
func (s *State) canSupport(a int) bool {
	ms := &s.mar[a]
	if s.nAssigned != 0 || s.moved || s.acted || s.g.sideOf(int(ms.X)) >= 0 {
		return false
	}
	return s.g.edition == editionEN || s.boxAliens(int(ms.X), int(ms.L)) == 0
}

// supportActions appends the Command Center's options (after the
// programme's keys: they are numbered higher).
func (s *State) supportActions(a int, dst []int32) []int32 {
	if !s.canSupport(a) {
		return dst
	}
	for m := 0; m < s.g.n; m++ {
		if s.mar[m].Crashed && !s.mar[m].Gone {
			dst = append(dst, int32(aTactical+m))
		}
	}
	dst = append(dst, aMissile+missileHeavy, aMissile+missileLight, aBait)
	return dst
}

// support applies a Command Center option chosen by a; its turn ends
// with it (no action, no drone).
func (s *State) support(a, x int) {
	s.nActs = 0
	s.commanded = true
	switch {
	case x >= aTactical && x < aMissile:
		s.mar[x-aTactical].Crashed = false
	case x >= aMissile && x < aBait:
		s.push(kBeacon, a, x-aMissile, 0)
	case x == aBait:
		s.bait = int8(a)
	}
}

// fire rolls the two wave dice of a missile with beacon b.
func (s *State) fire(a, kind, b int) {
	s.nDice = 2
	s.dieCol = [maxDice]int8{jumping.White, jumping.White}
	s.dieFace = [maxDice]int8{}
	s.push(kAim, a, kind, b)
	if kind == missileLight && s.g.edition == editionEN {
		s.push(kMissileDie, a, 0, 0)
	}
	s.push(kWaveDie, 0, 1, 0)
	s.push(kWaveDie, 0, 0, 0)
}

// missileTarget is the column a missile aimed from beacon b in direction d
// (0 left, 1 right) falls on, and whether it may be aimed there: on the
// board, with aliens in reach.
func (s *State) missileTarget(kind, b, d int) (int, bool) {
	dist := jumping.FaceValue(s.dieFace[0]) + jumping.FaceValue(s.dieFace[1])
	x := int(s.mar[b].X) - dist
	if d == 1 {
		x = int(s.mar[b].X) + dist
	}
	if x < 0 || x >= s.g.cols {
		return x, false
	}
	if kind == missileLight && s.g.edition == editionES {
		return x, s.regionAliens(max(0, x-1), min(s.g.cols-1, x+1)) > 0
	}
	return x, s.regionAliens(x, x) > 0
}

// impact: the missile falls on column x.
func (s *State) impact(a, kind, x int) {
	s.sniper = false
	if kind == missileLight && s.g.edition == editionES {
		// fragmentation: one hit on every box of three columns
		for c := max(0, x-1); c <= min(s.g.cols-1, x+1); c++ {
			for l := 0; l < s.g.height; l++ {
				if s.aliens[c][l][yellow] > 0 {
					s.shotX, s.shotL, s.hits = int8(c), int8(l), 1
					s.kill(yellow)
				}
			}
		}
		s.hits = 0
		return
	}
	s.hits = 3
	if kind == missileLight {
		s.hits = 2
	}
	s.aimAt(a, x, 0, 0, false)
}
