package marchmars

import "github.com/moongym/moongym/engine/jumping"

// The special-training abilities that change a turn's flow: multi-shot,
// kamikaze, precog and teleportation (the jet pack and the explorer are
// strides of a move, in move.go). Their readings of the texts are in
// docs/rules/march-mars.md.

// Multi-shot: every value of the roll may fire, one value at a time, the
// dice of one value at one box (a roll's values, bit v of multiUsed, fire
// once each).

// shoot fires the dice of value v at direction d (0 own box, 1 left, 2
// right); a multi-shooter may then fire the roll's other values.
func (s *State) shoot(a, v, d int) {
	col, _ := s.target(a, v, d)
	s.hits = int8(s.shotHits(a, v, d))
	s.sniper = s.sniping(a, v)
	s.shot = true
	if s.has(a, abMultiShot) && !s.droneShot {
		s.multiUsed |= 1 << v
		s.push(kMulti, a, 0, 0)
	}
	s.aimAt(a, col, int(s.mar[a].L), v, d == 0)
}

// shots appends the shots of the roll (aShoot codes): the dice of one value
// at a box that far with aliens (1s also at one's own box), only its own
// box when engaged, no value a multi-shot fired already.
func (s *State) shots(a int, dst []int32) []int32 {
	for v := 1; v <= 3; v++ {
		if s.multiUsed>>v&1 != 0 {
			continue
		}
		for d := 0; d < 3; d++ {
			if (s.engaged && d != 0) || (s.has(a, abSniper) && s.moved) || s.shotHits(a, v, d) == 0 {
				continue
			}
			if _, ok := s.target(a, v, d); ok {
				dst = append(dst, int32(aShoot+3*(v-1)+d))
			}
		}
	}
	return dst
}

// Kamikaze: beside the MMM (its defender dead), instead of programming, 5
// of the 6 dice (every colour twice but the one left out) are thrown for
// the bomb, without rerolls; 9+ destroys the MMM, and the marine is out of
// the game either way. Spanish: even with aliens in its box.

// canKamikaze reports whether marine a may throw the kamikaze bomb now.
func (s *State) canKamikaze(a int) bool {
	ms := &s.mar[a]
	if !s.has(a, abKamikaze) || s.nAssigned != 0 || !s.besideMMM(a) {
		return false
	}
	return s.g.edition == editionES || s.boxAliens(int(ms.X), int(ms.L)) == 0
}

// kamikaze throws the 5 dice, leaving out one die of colour out.
func (s *State) kamikaze(a, out int) {
	s.nActs = 0
	s.nDice = 0
	for c := 0; c < jumping.NumColours; c++ {
		n := 2
		if c == out {
			n = 1
		}
		for k := 0; k < n; k++ {
			s.dieCol[s.nDice], s.dieFace[s.nDice] = int8(c), 0
			s.nDice++
		}
	}
	s.push(kKamikaze, a, 0, 0)
	for i := int(s.nDice) - 1; i >= 0; i-- {
		s.push(kRoll, 0, i, 0)
	}
}

// kamikazeEnd: the bomb goes off on 9+; the marine leaves the game, and a
// team with no marine left has lost.
func (s *State) kamikazeEnd(a int) {
	if s.bombSum() >= 9 {
		s.result = 1
		return
	}
	s.mar[a].Gone = true
	s.mar[a].Crashed = false
	if s.speaker() < 0 {
		s.result = -1
	}
}

// Precog: instead of programming, the marine picks its dice (colour by
// colour, in canonical order), rolls them all, then puts each rolled die on
// an action; the actions then play those faces, never rerolled. Not two
// turns in a row.

// canPrecog reports whether marine a may use precog now.
func (s *State) canPrecog(a int) bool {
	return s.has(a, abPrecog) && s.nAssigned == 0 && (s.precogTurn[a] == 0 || s.precogTurn[a] != s.turn-1)
}

// precogPicks lists the colours the next precog die may take: each colour
// twice at most, in non-decreasing colour order, where the dice left still
// fit.
func (s *State) precogPicks(dst []int32) []int32 {
	var used [jumping.NumColours]int
	last := 0
	for i := 0; i < int(s.nDice); i++ {
		used[s.dieCol[i]]++
		last = int(s.dieCol[i])
	}
	rest := int(s.dice-s.nAssigned) - 1 // dice still to pick after this one
	for c := last; c < jumping.NumColours; c++ {
		room := 1 - used[c]
		for c2 := c + 1; c2 < jumping.NumColours; c2++ {
			room += 2 - used[c2]
		}
		if used[c] < 2 && room >= rest {
			dst = append(dst, int32(aPrecogDie+c))
		}
	}
	return dst
}

// precogPick adds a die of colour c; when the marine has picked all its
// dice they are rolled and put on the actions one by one.
func (s *State) precogPick(t task, c int) {
	a := int(t.A)
	s.dieCol[s.nDice], s.dieFace[s.nDice] = int8(c), 0
	s.nDice++
	s.nAssigned++
	if s.nAssigned < s.dice {
		s.again(t)
		return
	}
	s.push(kPrecogAct, a, 0, 0)
	for i := int(s.nDice) - 1; i >= 0; i-- {
		s.push(kRoll, 0, i, 0)
	}
}

// precogAct puts precog die i on action j; after the last die, the pool
// is kept for the actions.
func (s *State) precogAct(a, i, j int) {
	s.poolAct[i] = int8(j)
	s.prog[j][s.dieCol[i]]++
	s.nActs = max(s.nActs, int8(j+1))
	if i+1 < int(s.nDice) {
		s.push(kPrecogAct, a, i+1, 0)
		return
	}
	s.nPool = s.nDice
	s.poolCol, s.poolFace = s.dieCol, s.dieFace
	s.nDice = 0
}

// Teleportation: before an action with a blue die is rolled, the marine
// may teleport instead: it picks a card (Spanish: not a card next to the
// MMM while that side's defender stands), rolls one blue die and appears
// that many columns into the card from its LZ-side edge, at a level of its
// choice; a hazardous box crashes it. The action's other dice are not used.

// canTeleport reports whether marine a may teleport before action j: a
// blue die programmed on it, no alien on the marine, not by precog.
func (s *State) canTeleport(a, j int) bool {
	ms := &s.mar[a]
	return s.has(a, abTeleport) && !s.precog && s.prog[j][jumping.Blue] > 0 && s.boxAliens(int(ms.X), int(ms.L)) == 0
}

// teleportSlots lists the cards a teleporter may pick.
func (s *State) teleportSlots(dst []int32) []int32 {
	for k := 0; k < s.g.slots(); k++ {
		if s.g.edition == editionES && k == nearMMM(slotSide(k)) && s.defenderAlive(slotSide(k)) {
			continue
		}
		dst = append(dst, int32(aTeleport+k))
	}
	return dst
}

// teleportColumn is the column v boxes into slot k from its LZ-side edge.
func (g *Game) teleportColumn(k, v int) int {
	v = min(v, g.width)
	if slotSide(k) == 0 {
		return g.slotStart[k] + g.width - v
	}
	return g.slotStart[k] + v - 1
}

// teleport: x is a card (the blue die is rolled, then the level picked) or
// no teleport (the action is rolled).
func (s *State) teleport(a, j, x int) {
	if x == aNoTeleport {
		s.rollAction(a, j)
		return
	}
	s.nDice = 1
	s.dieCol[0], s.dieFace[0] = jumping.Blue, 0
	s.push(kTeleLand, a, x-aTeleport, 0)
	s.push(kRoll, 0, 0, 0)
}

// teleLevels lists the levels (aLevel codes) of the boxes of the column
// where a teleport to slot k with the rolled die appears.
func (s *State) teleLevels(k int, dst []int32) []int32 {
	x := s.g.teleportColumn(k, jumping.FaceValue(s.dieFace[0]))
	for l := 0; l < s.g.height; l++ {
		if c := s.cell(x, l) & jumping.Kind; c == jumping.Circle || c == jumping.Hazard {
			dst = append(dst, int32(aLevel+l))
		}
	}
	return dst
}

// teleLand puts the marine at level l of the teleport's column, and lands
// it there.
func (s *State) teleLand(a, k, l int) {
	ms := &s.mar[a]
	ms.X, ms.L = int8(s.g.teleportColumn(k, jumping.FaceValue(s.dieFace[0]))), int8(l)
	s.moved = true
	if s.cell(int(ms.X), l)&jumping.Marked != 0 {
		s.enterHidden(a)
	}
	s.land(a, false)
}
