package walkingmoon

import (
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

var _ engine.ActionLabeler = (*State)(nil)

// cardWords are the action cards as their texts name them.
var cardWords = [numCardTypes]string{"Slipstream", "Cooperation", "Planning", "Extra jump", "Miscalculation", "No instructions", "Teamwork", "Sanction"}

// astroWords names astronaut a for people: "p1", "p0's astronaut b".
func (g *Game) astroWords(a int) string {
	if g.seats == 2 && a >= 0 && a < g.na {
		return "p" + strconv.Itoa(g.seat(a)) + "'s astronaut " + string(rune('a'+a/2))
	}
	return g.astroName(a)
}

// ActionLabel says what an action does, as the player to move sees it: a
// die put on a jump ("jump 2: add a blue die"), a rolled result with the
// box it leads to ("black 2, up at 1 → col 12 L3, +1 Sputnik": column
// and level, as the picture numbers them), the counters and cards. A chance outcome is labelled only where it is a die's roll
// (the others keep their names: a card drawn is not everyone's to see).
func (s *State) ActionLabel(act engine.Action) string {
	x := int(act)
	t, ok := s.top()
	if !ok {
		return ""
	}
	g := s.g
	if isChance(int(t.Kind)) {
		if i := int(t.B); t.Kind == kRollDie && i >= 0 && i < int(s.nDice) && x >= 0 && x < numFaces {
			return "the " + colourNames[s.dieCol[i]] + " die rolls " + faceName(int8(x))
		}
		return ""
	}
	card := func(a int) string {
		if a >= 0 && a < g.na && s.ast[g.holder(a)].Card >= 0 {
			return cardWords[s.ast[g.holder(a)].Card]
		}
		return "your card"
	}
	switch {
	case x >= aChoose && x < aProgram:
		i, m := x/16, x%16
		if i >= int(s.nDice) {
			return ""
		}
		col, face := int(s.dieCol[i]), s.dieFace[i]
		ld := s.simulate(int(t.A), col, face, m)
		l := jumping.MoveWords(col, face, m) + " → col " + strconv.Itoa(ld.X) + " L" + strconv.Itoa(ld.L)
		if ld.Finish {
			l = jumping.MoveWords(col, face, m) + " → the finish"
		}
		if ld.Sputniks > 0 {
			l += ", +" + strconv.Itoa(ld.Sputniks) + " Sputnik"
			if ld.Sputniks > 1 {
				l += "s"
			}
		}
		if ld.Crash {
			l += ", crash"
		}
		return l
	case x >= aProgram && x < aStop:
		k := x - aProgram
		return jumping.ProgramWords("jump", k/3, k%3)
	case x == aStop:
		return "stop here: end the turn"
	case x == aRoll:
		return "roll the dice of jump " + strconv.Itoa(int(s.jump)+2)
	case x == aECDie:
		return "spend 1 Earth Control for an extra die"
	case x >= aECReroll && x < aReroll:
		return "spend 1 Earth Control: reroll " + s.dieWords(x-aECReroll)
	case x >= aReroll && x < aRob:
		return "free reroll of " + s.dieWords(x-aReroll)
	case x >= aRob && x < aNoRob:
		v := x - aRob
		if v < g.na && s.ast[v].Sputnik > 0 {
			return "rob " + g.astroWords(v) + " of a Sputnik"
		}
		return "sabotage " + g.astroWords(v) + " (handicap counter)"
	case x == aNoRob:
		return "leave them alone"
	case x == aGiveSp:
		return "give a Sputnik to your other astronaut"
	case x == aTakeSp:
		return "take a Sputnik from your other astronaut"
	case x == aGiveEC:
		return "give an Earth Control to your other astronaut"
	case x == aTakeEC:
		return "take an Earth Control from your other astronaut"
	case x == aDone:
		if t.Kind == kSpend {
			return "stop spending Sputniks"
		}
		return "done exchanging"
	case x == aPass:
		return "keep " + card(int(t.A)) + " for later"
	case x == aPlay:
		return "play " + card(int(t.A))
	case x == aKeep:
		if a := int(t.A); g.edition == editionEN && a >= 0 && a < g.na && s.ast[a].Card >= 0 {
			return "keep " + cardWords[s.ast[a].Card] + ", discard the new card"
		}
		return "keep your card"
	case x == aTake:
		if a := int(t.A); g.edition == editionEN && a >= 0 && a < g.na && s.ast[a].Card2 >= 0 {
			return "take " + cardWords[s.ast[a].Card2] + ", discard yours"
		}
		return "discard your card and draw another"
	case x >= aRemove && x < aColour:
		return "No instructions: remove a " + colourNames[x-aRemove] + " die"
	case x >= aColour && x < aPartner:
		return "jump with a single " + colourNames[x-aColour] + " die"
	case x >= aPartner && x < aSpend:
		return "Teamwork: advance " + g.astroWords(x-aPartner) + " with you"
	case x == aSpend:
		return "spend a Sputnik: advance one more circle"
	case x == aFreeAdv:
		return "take the free advance"
	case x == aStay:
		return "stay where you are"
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
