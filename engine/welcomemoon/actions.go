package welcomemoon

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

// ActionString names an action in this state (see the action encoding in
// docs/rules/welcome-moon.md).
func (s *State) ActionString(a engine.Action) string {
	switch s.phase {
	case phChance:
		if s.nextMission() >= 0 {
			if a == 0 || a == 1 {
				k := s.nextMission()
				return "mission " + string(rune('A'+k)) + ": card " + strconv.Itoa(s.lay().missions[k][a].card)
			}
			return "?"
		}
		if a >= 0 && a < numCards {
			return "flip " + cardName(int8(a))
		}
		return "?"
	case phAstra, phIncident:
		if s.ctx.npend == 0 {
			return "?"
		}
		if a == aSkip {
			return s.skipName(s.ctx.pend[0])
		}
		return s.targetString(s.ctx.pend[0], int(a)-aTarget)
	case phOver:
		return "?"
	}
	switch {
	case a >= aPick && a < aError:
		c, w := int(a-aPick)/7, int(a-aPick)%7
		if c >= s.numCombos() {
			return "?"
		}
		numC, actC := s.combo(c)
		if numC == noCard || actC == noCard {
			return "?"
		}
		act := actNames[cardAct[actC]]
		if w > 0 {
			act = "wild-" + actNames[w-1]
		}
		return strconv.Itoa(int(cardNum[numC])) + " " + act + " " + s.comboTag(c)
	case a == aError:
		return "system-error"
	case a >= aModifier && a < aTarget:
		d := int(a - aModifier - 2)
		if d >= 0 {
			return "+" + strconv.Itoa(d)
		}
		return strconv.Itoa(d)
	case a >= aTarget && a < aSkip:
		t := int(a - aTarget)
		if s.sub == subSpace {
			return "space-" + strconv.Itoa(t+1)
		}
		if s.sub == subEffect && s.ctx.npend > 0 {
			return s.targetString(s.ctx.pend[0], t)
		}
	case a == aSkip:
		if s.sub == subEffect && s.ctx.npend > 0 {
			return s.skipName(s.ctx.pend[0])
		}
		return "skip"
	}
	return "?"
}

// skipName names declining the optional effect e.
func (s *State) skipName(e effect) string {
	switch e.kind {
	case effPlanX:
		return "no-x"
	case effEnergy:
		return "no-energy"
	case effMission:
		return "decline-" + string(rune('A'+e.arg))
	case effMoon:
		return "no-moon"
	}
	return "skip"
}

// comboTag names combination c: [c1]..[c3], or in solo [n1a2]: the number
// of revealed card 1 with the action of revealed card 2.
func (s *State) comboTag(c int) string {
	if s.g.solo() {
		return "[n" + strconv.Itoa(int(soloPairs[c][0])+1) + "a" + strconv.Itoa(int(soloPairs[c][1])+1) + "]"
	}
	return "[c" + strconv.Itoa(c+1) + "]"
}

func (s *State) targetString(e effect, t int) string {
	if t < 0 || t >= numTarget {
		return "?"
	}
	switch e.kind {
	case effXBonus, effPlanX:
		return "x-" + strconv.Itoa(t+1)
	case effErrCard:
		if t < 3 {
			return "astra-gets-" + strconv.Itoa(t+1) + " " + cardName(s.deck.shown[t])
		}
	case effGive:
		if t == 0 {
			return "give-to-astra"
		}
		return "use-solo-bonus"
	case effMission:
		if t == 0 {
			return "accomplish-" + string(rune('A'+e.arg))
		}
	case effAstra:
		if l := s.lay(); t < len(l.astraBoxes) {
			return "cross-" + astraBoxName(l, t)
		}
	default:
		if n := s.lay().rules().targetName(s, e, t); n != "" {
			return n
		}
	}
	return "?"
}
