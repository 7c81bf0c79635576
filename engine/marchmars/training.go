package marchmars

import "github.com/moongym/moongym/engine/jumping"

// Special training: each marine is dealt a card and keeps one of its two
// abilities for the game. The texts list the abilities, not the cards: the
// English list, two by two, is taken as its 6 cards, and the Spanish adds a
// 7th (explorer, assault soldier) (see docs/rules/march-mars.md).
const (
	abNone = iota
	abOrbital
	abFusion
	abCommunications
	abMultiShot
	abDrone
	abSniper
	abKamikaze
	abInjector
	abPrecog
	abRanger
	abJetPack
	abTeleport
	abExplorer
	abAssault
	numAbilities
)

var abilityNames = [numAbilities]string{"none", "orbital-bombing", "fusion-cannon", "communications",
	"multi-shot", "drone", "sniper", "kamikaze", "power-up-injector", "precog", "ranger", "jet-pack",
	"teleportation", "explorer", "assault-soldier"}

// trainingCards are the cards, two abilities each; the 7th is Spanish.
var trainingCards = [7][2]int8{
	{abOrbital, abFusion}, {abCommunications, abMultiShot}, {abDrone, abSniper},
	{abKamikaze, abInjector}, {abPrecog, abRanger}, {abJetPack, abTeleport}, {abExplorer, abAssault},
}

// cardInDeck: the card is in this edition's deck (the 7th is Spanish).
func (g *Game) cardInDeck(c int) bool { return c != 6 || g.edition == editionES }

// has reports whether marine a trained ability ab.
func (s *State) has(a, ab int) bool { return a >= 0 && a < s.g.n && int(s.ability[a]) == ab }

// shotHits is the hits of a shot with the dice of value v: 1 each; fusion
// cannon 1s 2 hits and 3s none; the assault soldier adds one in close
// combat (its own box).
func (s *State) shotHits(a, v, d int) int {
	n := s.count(v)
	if s.has(a, abFusion) {
		switch v {
		case 1:
			n *= 2
		case 3:
			n = 0
		}
	}
	if d == 0 && s.has(a, abAssault) {
		n++
	}
	return n
}

// sniping: the sniper's 2s and 3s each kill one alien of any colour.
func (s *State) sniping(a, v int) bool { return s.has(a, abSniper) && v >= 2 }

// commsReroll: with communications, the shared-box reroll reaches every
// marine on the same terrain card, for the trained marine's rolls and its
// companions'.
func (s *State) commsReroll(a int) bool {
	g := s.g
	k := g.slotOf(int(s.mar[a].X))
	if k < 0 {
		return false
	}
	for m := 0; m < g.n; m++ {
		if m != a && !s.mar[m].Gone && g.slotOf(int(s.mar[m].X)) == k && (s.has(a, abCommunications) || s.has(m, abCommunications)) {
			return true
		}
	}
	return false
}

// trainingActions: before the first die is placed, the injector (6 dice
// now, 3 next turn) and the orbital bombing (once a game: a card cleared).
func (s *State) trainingActions(a int, dst []int32) []int32 {
	if s.nAssigned != 0 {
		return dst
	}
	if s.has(a, abInjector) && s.dice < 6 {
		dst = append(dst, aInject)
	}
	if s.canKamikaze(a) {
		for c := 0; c < jumping.NumColours; c++ {
			dst = append(dst, int32(aKamikaze+c))
		}
	}
	if s.canPrecog(a) {
		dst = append(dst, aPrecog)
	}
	if s.has(a, abOrbital) && !s.orbitalUsed {
		for k := 0; k < s.g.slots(); k++ {
			st := s.g.slotStart[k]
			if s.regionAliens(st, st+s.g.width-1) > 0 {
				dst = append(dst, int32(aOrbital+k))
			}
		}
	}
	return dst
}

// training applies the injector or the orbital bombing.
func (s *State) training(a, x int) {
	if x == aInject {
		s.dice = 6
		s.injected[a] = true
		return
	}
	s.orbitalUsed = true
	s.acted = true // the bombing is the marine's action: no Command Center this turn
	st := s.g.slotStart[x-aOrbital]
	for col := st; col < st+s.g.width; col++ {
		for l := 0; l < s.g.height; l++ {
			for c := 0; c < numAlienColours; c++ {
				for k := int8(0); k < s.aliens[col][l][c]; k++ {
					s.earn(a, c)
				}
				s.dead[c] += s.aliens[col][l][c]
				s.aliens[col][l][c] = 0
			}
		}
	}
}

// droneDice are the pairs of colours the drone may roll: blue, black, white.
var droneDice = [6][2]int8{{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 2}, {2, 2}}

// drone rolls the drone's two dice of pair k; its shot is chosen like an
// action's, shots only. Spanish: even engaged ("Puedes usar el dron aun
// estando cuerpo a cuerpo"); English: the text has no such exception, so
// with aliens on its marine only its 1s fire, at them (close combat).
func (s *State) drone(a, k int) {
	ms := &s.mar[a]
	s.nDice = 2
	s.dieCol[0], s.dieCol[1] = droneDice[k][0], droneDice[k][1]
	s.dieFace[0], s.dieFace[1] = 0, 0
	s.droneShot, s.teamUsed = true, false
	s.engaged = s.g.edition == editionEN && s.boxAliens(int(ms.X), int(ms.L)) > 0
	s.push(kDroneEnd, a, 0, 0)
	s.push(kChoose, a, 0, 0)
	s.push(kRoll, 0, 1, 0)
	s.push(kRoll, 0, 0, 0)
}

// droneEnd: a skull among the drone's dice calls a wave too (not for a
// ranger); the marine's turn is over.
func (s *State) droneEnd(a int) {
	skull := jumping.FaceSkull(s.dieFace[0]) || jumping.FaceSkull(s.dieFace[1])
	if side := s.g.sideOf(int(s.mar[a].X)); skull && side >= 0 && !s.has(a, abRanger) {
		s.push(kWave, 0, side, 0)
	}
	s.droneShot, s.nDice, s.active = false, 0, -1
}
