package welcomemoon

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
)

var _ engine.ActionLabeler = (*State)(nil)

// ActionLabel says what a choice of the seat to act does: the card pair
// taken ("7 Robot (pile 1)", solo "7 Robot (number of card 1, action of
// card 2)"), a System Error, the Astronaut's adjustment ("write 9 (7+2)"),
// the space a number goes in ("write 7 on space 12 (zone F3)"), and the
// targets of the effects. Chance outcomes keep their names.
func (s *State) ActionLabel(a engine.Action) string {
	switch s.phase {
	case phChance, phOver:
		return ""
	case phAstra, phIncident:
		if s.ctx.npend == 0 {
			return ""
		}
		if a == aSkip {
			return s.skipWords(s.ctx.pend[0])
		}
		return s.targetWords(s.ctx.pend[0], int(a)-aTarget)
	}
	switch {
	case a >= aPick && a < aError:
		c, w := int(a-aPick)/7, int(a-aPick)%7
		if c >= s.numCombos() {
			return ""
		}
		numC, actC := s.combo(c)
		if numC == noCard || actC == noCard {
			return ""
		}
		l := "take " + strconv.Itoa(int(cardNum[numC])) + " " + actNames[cardAct[actC]]
		if w > 0 {
			l = "take " + strconv.Itoa(int(cardNum[numC])) + " as a wild " + actNames[w-1]
		}
		if s.g.solo() {
			return l + " (cards " + strconv.Itoa(int(soloPairs[c][0])+1) + "+" + strconv.Itoa(int(soloPairs[c][1])+1) + ")"
		}
		return l + " (pair " + strconv.Itoa(c+1) + ")"
	case a == aError:
		return "take a System Error (write no number)"
	case a >= aModifier && a < aTarget:
		d := int(a - aModifier - 2)
		v := int(s.ctx.value)
		switch {
		case d > 0:
			return "Astronaut: write " + strconv.Itoa(v+d) + " (" + strconv.Itoa(v) + "+" + strconv.Itoa(d) + ")"
		case d < 0:
			return "Astronaut: write " + strconv.Itoa(v+d) + " (" + strconv.Itoa(v) + strconv.Itoa(d) + ")"
		}
		return "Astronaut: keep " + strconv.Itoa(v)
	case a >= aTarget && a < aSkip:
		t := int(a - aTarget)
		if s.sub == subSpace {
			return "write " + strconv.Itoa(int(s.ctx.value)) + " on space " + strconv.Itoa(t+1) + s.zoneWords(t)
		}
		if s.sub == subEffect && s.ctx.npend > 0 {
			return s.targetWords(s.ctx.pend[0], t)
		}
	case a == aSkip:
		if s.sub == subEffect && s.ctx.npend > 0 {
			return s.skipWords(s.ctx.pend[0])
		}
		return "skip this step"
	}
	return ""
}

// zoneWords names the zone of space t: " (zone F3)", "" where there is
// only one.
func (s *State) zoneWords(t int) string {
	l := s.lay()
	if t < 0 || t >= l.nSpaces || len(l.zones) < 2 {
		return ""
	}
	z := l.spaceZone[t][0]
	if z < 0 || int(z) >= len(l.zones) {
		return ""
	}
	return " (zone " + l.zones[z].name + ")"
}

// skipWords says what declining the optional effect e does.
func (s *State) skipWords(e effect) string {
	switch e.kind {
	case effPlanX:
		return "Planning: write no X"
	case effEnergy:
		return "Energy: do not circle the energy"
	case effMission:
		return "mission " + string(rune('A'+e.arg)) + ": not this turn"
	case effMoon:
		return "no moon"
	}
	return "skip the " + effNames[e.kind]
}

// targetWords says what choosing target t of effect e does.
func (s *State) targetWords(e effect, t int) string {
	if t < 0 || t >= numTarget {
		return ""
	}
	switch e.kind {
	case effXBonus, effPlanX:
		return "write an X on space " + strconv.Itoa(t+1) + s.zoneWords(t)
	case effErrCard:
		if t < 3 {
			return "ASTRA gets card " + strconv.Itoa(t+1) + " (" + cardName(s.deck.shown[t]) + ")"
		}
	case effGive:
		if t == 0 {
			return "give the third card to ASTRA"
		}
		return "spend a Solo bonus to discard the third card"
	case effMission:
		if t == 0 {
			return "accomplish mission " + string(rune('A'+e.arg)) + " at the end of the turn"
		}
	case effAstra:
		if l := s.lay(); t < len(l.astraBoxes) {
			return "cross off " + astraBoxName(l, t) + " for ASTRA"
		}
	default:
		if n := s.lay().rules().targetName(s, e, t); n != "" {
			return targetWords(effNames[e.kind], n)
		}
	}
	return ""
}

// targetPhrases write the adventures' target names (targetName) as words.
var targetPhrases = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`^activate (\S+)$`), "rocket activation in quarter $1"},
	{regexp.MustCompile(`^activate-(green|blue)$`), "activate a $1 virus"},
	{regexp.MustCompile(`^circle-energy$`), "circle the energy"},
	{regexp.MustCompile(`^wall-(\d+)\|(\d+)$`), "build the wall between spaces $1 and $2"},
	{regexp.MustCompile(`^robot-(.+)$`), "place a robot on $1"},
	{regexp.MustCompile(`^plant-(.+)$`), "place a plant on $1"},
	{regexp.MustCompile(`^tunnel-(.+)-(.+)$`), "dig the tunnel $1 to $2"},
	{regexp.MustCompile(`^upgrade-(.+)$`), "upgrade the $1"},
	{regexp.MustCompile(`^(\w+)-(above|below)$`), "$1: the box $2"},
	{regexp.MustCompile(`^energy-(.+)$`), "energy for $1"},
	{regexp.MustCompile(`^build-dome-(\w+)$`), "build dome section $1"},
	{regexp.MustCompile(`^split-dome-(\w+)$`), "split dome section $1"},
	{regexp.MustCompile(`^grey-virus-(\d+)$`), "the grey virus on space $1"},
	{regexp.MustCompile(`^infect-(\d+)$`), "infect space $1"},
	{regexp.MustCompile(`^close-(\S+)-(\S+)$`), "close the walkway $1 to $2"},
	{regexp.MustCompile(`^cross-#(\d+)$`), "cross propagation symbol #$1"},
	{regexp.MustCompile(`^airlock-(\S+)-(\S+)$`), "activate the airlock $1 to $2"},
	{regexp.MustCompile(`^moon-(\S+)-(\d+)$`), "moon $2 of planet $1"},
	{regexp.MustCompile(`^astra-moon-(.+)$`), "ASTRA's moon insignia on $1"},
	{regexp.MustCompile(`^astra-(.+)$`), "ASTRA's insignia on $1"},
}

// targetWords writes an adventure's target name as words ("wall-3|4" is
// "build the wall between spaces 3 and 4"), else as the effect and the
// name without dashes.
func targetWords(eff, name string) string {
	for _, p := range targetPhrases {
		if p.re.MatchString(name) {
			return p.re.ReplaceAllString(name, p.with)
		}
	}
	return eff + ": " + strings.ReplaceAll(name, "-", " ")
}
