package marchmars

import (
	"math/bits"

	"github.com/moongym/moongym/engine/jumping"
)

// Equipment (Spanish edition): 8 cards, one of each. They are unlocked when
// turn 5 begins with no defender killed (baby level: from the start;
// sergeant: never); then every blue or red alien a marine kills draws it a
// card. The first marine to enter the hidden tunnel box draws one even while
// the deck is locked. A card is used during its holder's turn and then
// discarded; it can be given to a companion in the same box; an empty deck
// is made again from the discards.
const (
	eqAmulet  = iota // reroll any number of dice of an action (even the bomb)
	eqBullets        // one more hit to a shot
	eqBoots          // rocket boots: a diagonal climb of one box
	eqChip           // neural chip: turn the training card over, for good
	eqKnife          // laser knife: kill an alien in one's own box
	eqRope           // a diagonal descent of one box
	eqMount          // a straight advance of one box
	eqRailgun        // a shot's 2s make 2 hits each
	numEquipment
)

var equipmentNames = [numEquipment]string{"amulet", "bullets", "rocket-boots", "neural-chip",
	"laser-knife", "rope", "mount", "rail-gun"}

// allEquipment is the full deck as a set (bit e: card e).
const allEquipment = 1<<numEquipment - 1

// holds reports whether marine a holds card e.
func (s *State) holds(a, e int) bool { return a >= 0 && a < s.g.n && s.hand[a]>>e&1 != 0 }

// discardCard: marine a used card e.
func (s *State) discardCard(a, e int) {
	s.hand[a] &^= 1 << e
	s.discard |= 1 << e
}

// earn: marine a (-1 none) killed an alien of colour c; a blue or a red
// draws it a card once the equipment is unlocked.
func (s *State) earn(a, c int) {
	if a >= 0 && s.g.equipment && s.equipOpen && c != yellow {
		s.push(kEquip, a, 0, 0)
	}
}

// enterHidden: marine a entered the hidden box; the first one draws a card.
func (s *State) enterHidden(a int) {
	if s.g.equipment && !s.hiddenTaken {
		s.hiddenTaken = true
		s.push(kEquip, a, 0, 0)
	}
}

// drawEquipment: an empty deck is shuffled again from the discards; with
// no card left anywhere but in hands, nothing is drawn.
func (s *State) drawEquipment(t task) {
	if s.deck == 0 && s.discard != 0 {
		s.deck, s.discard = s.discard, 0
		s.again(t)
	}
}

// equipmentOutcomes lists the cards of the deck, equally likely.
func (s *State) equipmentOutcomes(dst []int32) []int32 {
	for e := 0; e < numEquipment; e++ {
		if s.deck>>e&1 != 0 {
			dst = append(dst, int32(e))
		}
	}
	return dst
}

// canEquipMove: a move with equipment needs no alien in the marine's box
// (close combat), unless it has the jet pack.
func (s *State) canEquipMove(a int) bool {
	ms := &s.mar[a]
	return s.boxAliens(int(ms.X), int(ms.L)) == 0 || s.has(a, abJetPack)
}

// equipmentActions appends the cards marine a may use now, in a task of
// kind k (program, choose, continue, hit), in action order.
func (s *State) equipmentActions(a, k int, t task, dst []int32) []int32 {
	if !s.g.equipment || s.hand[a] == 0 || int(s.active) != a || s.flying {
		return dst
	}
	ms := &s.mar[a]
	if k == kChoose && s.holds(a, eqAmulet) && !s.precog && s.nDice > 0 {
		dst = append(dst, aAmulet)
	}
	if k == kHit {
		if s.holds(a, eqBullets) {
			dst = append(dst, aBullets)
		}
		if s.holds(a, eqRailgun) && t.B == 2 && !s.sniper {
			dst = append(dst, aRailgun)
		}
		return dst
	}
	if s.canEquipMove(a) {
		for i, e := range [3]int{eqBoots, eqRope, eqMount} {
			if s.holds(a, e) {
				dst = append(dst, int32(aEquipMove+2*i), int32(aEquipMove+2*i+1))
			}
		}
	}
	if s.holds(a, eqChip) && s.trainCard[a] >= 0 && s.ability[a] != abNone {
		dst = append(dst, aChip)
	}
	if s.holds(a, eqKnife) {
		for c := 0; c < numAlienColours; c++ {
			if s.aliens[ms.X][ms.L][c] > 0 {
				dst = append(dst, int32(aKnife+c))
			}
		}
	}
	if k != kChoose && s.companion(a, int(ms.X), int(ms.L)) {
		for e := 0; e < numEquipment; e++ {
			if s.holds(a, e) {
				dst = append(dst, int32(aGive+e))
			}
		}
	}
	return dst
}

// useEquipment applies card action x of marine a taken in task t (popped);
// the task is offered again unless the card ended the marine's turn (a
// crash) or replaced it (the amulet's reroll comes first).
func (s *State) useEquipment(t task, a, x int) {
	ms := &s.mar[a]
	switch {
	case x == aAmulet:
		s.discardCard(a, eqAmulet)
		s.again(t)
		s.push(kAmulet, a, 0, 0)
		return
	case x == aBullets:
		s.discardCard(a, eqBullets)
		s.hits++
	case x == aRailgun:
		s.discardCard(a, eqRailgun)
		s.hits += int8(s.count(2))
	case x >= aEquipMove && x < aChip:
		k := (x - aEquipMove) / 2
		s.discardCard(a, [3]int{eqBoots, eqRope, eqMount}[k])
		col := [3]int{jumping.Black, jumping.White, jumping.Blue}[k]
		hit := s.stride(a, col, 0, 1-k/2, 2*((x-aEquipMove)%2)-1)
		s.land(a, hit)
		if ms.Crashed {
			// the crash ends the turn: a programme's action and a rolled
			// action's kAfter end it below; a continue ends it here
			if int(t.Kind) == kContinue {
				s.endMarine()
			}
			return
		}
	case x == aChip:
		s.discardCard(a, eqChip)
		c := trainingCards[s.trainCard[a]]
		if s.ability[a] == c[0] {
			s.ability[a] = c[1]
		} else {
			s.ability[a] = c[0]
		}
	case x >= aKnife && x < aGive:
		s.discardCard(a, eqKnife)
		s.acted = true // a fight: no Command Center this turn
		s.shotX, s.shotL, s.sniper = ms.X, ms.L, false
		s.hits = int8(hitsToKill(x - aKnife))
		s.kill(x - aKnife)
		s.hits = 0
	case x >= aGive && x < aGiveTo:
		s.again(t)
		s.push(kGiveTo, a, x-aGive, 0)
		return
	}
	s.again(t)
}

// amuletPicks lists the dice the amulet may still reroll (one of identical
// unpicked dice) and, once one is picked, the roll.
func (s *State) amuletPicks(mask int, dst []int32) []int32 {
	for i := 0; i < int(s.nDice); i++ {
		if mask>>i&1 != 0 {
			continue
		}
		first := true
		for j := 0; j < i; j++ {
			if mask>>j&1 == 0 && s.dieCol[j] == s.dieCol[i] && s.dieFace[j] == s.dieFace[i] {
				first = false
			}
		}
		if first {
			dst = append(dst, int32(aAmuletDie+i))
		}
	}
	if mask != 0 {
		dst = append(dst, aAmuletRoll)
	}
	return dst
}

// amulet applies x to the amulet's task t: a die picked, or the roll of
// the picked dice.
func (s *State) amulet(t task, x int) {
	if x != aAmuletRoll {
		t.B |= 1 << (x - aAmuletDie)
		s.again(t)
		return
	}
	for i := int(s.nDice) - 1; i >= 0; i-- {
		if t.B>>i&1 != 0 {
			s.push(kRoll, 0, i, 0)
		}
	}
}

// giveTo lists the companions in marine a's box.
func (s *State) giveTo(a int, dst []int32) []int32 {
	ms := &s.mar[a]
	for m := 0; m < s.g.n; m++ {
		if m != a && !s.mar[m].Gone && s.mar[m].X == ms.X && s.mar[m].L == ms.L {
			dst = append(dst, int32(aGiveTo+m))
		}
	}
	return dst
}

// cards counts a set of cards.
func cards(set uint8) int { return bits.OnesCount8(set) }
