package marchmars

import (
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

var _ engine.ActionLabeler = (*State)(nil)

// sideWords are the directions of a move, a shot, a missile's fall.
var sideWords = [2]string{"left", "right"}

// words writes a name of the game's data (an ability, a card) as words:
// "power-up-injector" is "power-up injector", "rail-gun" "rail gun".
func words(name string) string {
	switch name {
	case "power-up-injector":
		return "power-up injector"
	case "multi-shot":
		return name
	}
	return strings.ReplaceAll(name, "-", " ")
}

// ActionLabel says what an action does, for the marine to act: where it
// lands, a die put on an action ("action 2: add a black die"), a move
// with its die and path ("move right: black 2, up at 1"), a shot, the
// abilities and equipment. A chance outcome is labelled where it is a
// die's roll.
func (s *State) ActionLabel(act engine.Action) string {
	t, ok := s.top()
	x := int(act)
	switch {
	case !ok:
		return ""
	case isChance(int(t.Kind)):
		if i := int(t.B); t.Kind == kRoll && i >= 0 && i < int(s.nDice) && x >= 0 && x < jumping.NumFaces {
			return "the " + jumping.ColourNames[s.dieCol[i]] + " die rolls " + jumping.FaceName(int8(x))
		}
		return ""
	}
	g := s.g
	switch {
	case x >= aPlace && x < aPick:
		return "land in box " + strconv.Itoa(x-aPlace+1) + " of the Landing Zone"
	case x >= aPick && x < aProgram:
		return "marine " + strconv.Itoa(x-aPick+1) + " plays next"
	case x >= aProgram && x < aMove:
		k := x - aProgram
		return jumping.ProgramWords("action", k/3, k%3)
	case x >= aMove && x < aShoot:
		k := x - aMove
		i, dir, m := k/32, (k%32)/16, k%16
		if i >= int(s.nDice) {
			return ""
		}
		return "move " + sideWords[dir] + ": " + jumping.MoveWords(int(s.dieCol[i]), s.dieFace[i], m)
	case x >= aShoot && x < aReroll:
		k := x - aShoot
		n := strconv.Itoa(k/3+1) + " hit"
		if k/3 > 0 {
			n += "s"
		}
		return "shoot " + n + [3]string{" in your own box", " to the left", " to the right"}[k%3]
	case x >= aReroll && x < aLZReroll:
		return "shared box: reroll " + s.dieWords(x-aReroll)
	case x >= aLZReroll && x < aBomb:
		return "LZ support: reroll " + s.dieWords(x-aLZReroll)
	case x == aBomb:
		return "bomb the MMM with these dice (9 or more)"
	case x == aLetGo:
		return "let the roll go: do nothing"
	case x >= aLevel && x < aKill:
		return "aim at level " + strconv.Itoa(x-aLevel) + " of the target column"
	case x >= aKill && x < aEndShot:
		return "kill a " + alienNames[x-aKill] + " alien"
	case x == aEndShot:
		return "end the shot (the hits left are lost)"
	case x == aStop:
		return "end the turn"
	case x == aRoll:
		return "roll the dice of the next action"
	case x >= aTactical && x < aMissile:
		return "tactical crash support: raise marine " + strconv.Itoa(x-aTactical+1)
	case x >= aMissile && x < aBait:
		if g.edition == editionEN {
			return [2]string{"fire the High Impact missile", "fire the Seeking missile"}[x-aMissile]
		}
		return [2]string{"fire the piercing missile", "fire the fragmentation missile"}[x-aMissile]
	case x == aBait:
		return "use the bait"
	case x >= aBeacon && x < aAim:
		return "aim the missile at marine " + strconv.Itoa(x-aBeacon+1) + "'s beacon"
	case x >= aAim && x < aKeepSide:
		return "the missile falls to the " + sideWords[x-aAim] + " of the beacon"
	case x == aKeepSide:
		return "keep the wave's side"
	case x == aRollSide:
		return "roll the wave's side again"
	case x == aFire:
		return "fire without a reroll"
	case x >= aAntenna && x < aAbility:
		return "antenna: reroll " + s.dieWords(x-aAntenna)
	case x >= aAbility && x < aInject:
		if t.A >= 0 && int(t.A) < g.n && s.trainCard[t.A] >= 0 {
			return "keep the ability " + words(abilityNames[trainingCards[s.trainCard[t.A]][x-aAbility]])
		}
		return "keep ability " + strconv.Itoa(x-aAbility+1) + " of the training card"
	case x == aInject:
		return "power-up injector: 6 dice this turn"
	case x >= aOrbital && x < aDrone:
		return "orbital bombing: clear the card in slot " + strconv.Itoa(x-aOrbital)
	case x >= aDrone && x < aNoDrone:
		d := droneDice[x-aDrone]
		if d[0] == d[1] {
			return "drone shot with two " + jumping.ColourNames[d[0]] + " dice"
		}
		return "drone shot with a " + jumping.ColourNames[d[0]] + " and a " + jumping.ColourNames[d[1]] + " die"
	case x == aNoDrone:
		return "no drone shot"
	case x == aJet:
		return "jet pack: this move combines two dice"
	case x == aExplore, x == aExplore+1:
		return "explorer: one more advance " + [2]string{"up", "down"}[x-aExplore]
	case x == aNoExplore:
		return "land without the explorer's advance"
	case x >= aKamikaze && x < aPrecog:
		return "kamikaze bomb, leaving out a " + jumping.ColourNames[x-aKamikaze] + " die"
	case x == aPrecog:
		return "precognition: roll the dice before programming"
	case x >= aPrecogDie && x < aPrecogAct:
		return "precognition: roll a " + jumping.ColourNames[x-aPrecogDie] + " die"
	case x >= aPrecogAct && x < aTeleport:
		return "precognition: put the die on action " + strconv.Itoa(x-aPrecogAct+1)
	case x >= aTeleport && x < aNoTeleport:
		return "teleport to the card in slot " + strconv.Itoa(x-aTeleport) + " (a blue die)"
	case x == aNoTeleport:
		return "no teleport: roll the action"
	case x == aAmulet:
		return "use the amulet: pick dice to reroll"
	case x >= aAmuletDie && x < aAmuletRoll:
		return "amulet: pick " + s.dieWords(x-aAmuletDie)
	case x == aAmuletRoll:
		return "amulet: roll the dice picked"
	case x == aBullets:
		return "bullets: one more hit"
	case x == aRailgun:
		return "rail gun: the shot's 2s hit twice"
	case x >= aEquipMove && x < aChip:
		k := x - aEquipMove
		return [3]string{"rocket boots", "rope", "mount"}[k/2] + ": one box " + sideWords[k%2]
	case x == aChip:
		return "neural chip: use the training card's other ability"
	case x >= aKnife && x < aGive:
		return "laser knife: kill a " + alienNames[x-aKnife] + " alien in your box"
	case x >= aGive && x < aGiveTo:
		return "give the " + words(equipmentNames[x-aGive]) + " to a companion"
	case x >= aGiveTo && x < numActions:
		return "give it to marine " + strconv.Itoa(x-aGiveTo+1)
	}
	return ""
}

// dieWords names rolled die i for people: "die 2 (black 3)".
func (s *State) dieWords(i int) string {
	if i < 0 || i >= int(s.nDice) {
		return "?"
	}
	return "die " + strconv.Itoa(i+1) + " (" + jumping.DieWords(int(s.dieCol[i]), s.dieFace[i]) + ")"
}
