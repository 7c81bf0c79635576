package walkingmoon

import (
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

// The action space. Chance outcomes are indexed separately: a lunar card's
// index in the data, a token type, an action card type, a die face code.
const (
	aChoose    = 0   // + 16*die + path mask: pick a rolled result and its path
	aProgram   = 96  // + 3*jump + colour: put a die on a jump
	aStop      = 105 // stop before rolling the next jump
	aRoll      = 106 // roll the next jump
	aECDie     = 107 // spend 1 Earth Control for an extra die
	aECReroll  = 108 // + die: spend 1 Earth Control to reroll a die
	aReroll    = 114 // + die: reroll a die for free (special box)
	aRob       = 120 // + astronaut: rob or sabotage it
	aNoRob     = 125
	aGiveSp    = 126 // 2 players: exchange with one's own astronaut
	aTakeSp    = 127
	aGiveEC    = 128
	aTakeEC    = 129
	aDone      = 130
	aPass      = 131 // do not play the action card now
	aPlay      = 132 // play it
	aKeep      = 133 // keep the card in hand
	aTake      = 134 // English: keep the new card; Spanish: discard and draw
	aRemove    = 135 // + colour: No instructions removes a die
	aColour    = 138 // + colour: the die of a single-die jump
	aPartner   = 141 // + astronaut: the partner of Teamwork
	aSpend     = 146 // spend one Sputnik to advance one circle (aDone stops)
	aFreeAdv   = 147 // take the free advance of a special box
	aStay      = 148 // decline the free advance or the jump of a special box
	numActions = 149
)

// outcome is a chance outcome as numerator over denominator.
type outcome struct {
	a    int32
	n, d int32
}

// outcomes lists a chance task's outcomes.
func (s *State) outcomes(t task, dst []outcome) []outcome {
	g := s.g
	switch int(t.Kind) {
	case kSetupCard:
		hard := 0
		for k := 0; k < numSlots; k++ {
			if s.slots[k] >= 0 && g.data.Cards[s.slots[k]].Difficult {
				hard++
			}
		}
		n := int32(0)
		start := len(dst)
		for _, c := range g.cards {
			if s.cardPlaced(c) || (g.data.Cards[c].Difficult && hard >= g.difficult) {
				continue
			}
			dst = append(dst, outcome{int32(c), 1, 0})
			n++
		}
		for i := start; i < len(dst); i++ {
			dst[i].d = n
		}
	case kSetupToken:
		var left [numTokenTypes]int32
		tot := int32(0)
		for t := 0; t < numTokenTypes; t++ {
			left[t] = int32(g.tokens[t])
		}
		for _, k := range s.tokens {
			if k >= 0 {
				left[k]--
			}
		}
		for t := 0; t < numTokenTypes; t++ {
			if left[t] > 0 {
				tot += left[t]
			}
		}
		for t := 0; t < numTokenTypes; t++ {
			if left[t] > 0 {
				dst = append(dst, outcome{int32(t), left[t], tot})
			}
		}
	case kDraw:
		tot := int32(s.total(&s.deck))
		for t := 0; t < numCardTypes; t++ {
			if s.deck[t] > 0 {
				dst = append(dst, outcome{int32(t), int32(s.deck[t]), tot})
			}
		}
	case kRollDie:
		i := int(t.B)
		if i < 0 || i >= int(s.nDice) {
			return dst
		}
		var cnt [numFaces]int32
		for _, f := range g.data.Dice[s.dieCol[i]] {
			cnt[f]++
		}
		for f := 0; f < numFaces; f++ {
			if cnt[f] > 0 {
				dst = append(dst, outcome{int32(f), cnt[f], 6})
			}
		}
	}
	return dst
}

func (s *State) cardPlaced(c int8) bool {
	for _, k := range s.slots {
		if k == c {
			return true
		}
	}
	return false
}

// firstOf reports whether die i is the first rolled die with its colour and face.
func (s *State) firstOf(i int) bool {
	for j := 0; j < i; j++ {
		if s.dieCol[j] == s.dieCol[i] && s.dieFace[j] == s.dieFace[i] {
			return false
		}
	}
	return true
}

// pathMasks is the range of legal path masks for a die (shared jumping rules).
func pathMasks(col int, face int8) (lo, hi int) { return jumping.PathMasks(col, face) }

// decisions lists the legal actions of a decision task, sorted.
func (s *State) decisions(t task, dst []int32) []int32 {
	g := s.g
	a := int(t.A)
	if a < 0 || a >= g.na {
		return dst
	}
	as := &s.ast[a]
	switch int(t.Kind) {
	case kKeep:
		if g.edition == editionEN {
			if as.Card2 == noCard {
				return dst
			}
			dst = append(dst, aKeep)
			if as.Card2 != as.Card && as.Card != noCard {
				dst = append(dst, aTake)
			}
			return dst
		}
		if as.Card != noCard {
			dst = append(dst, aKeep, aTake)
		}
	case kPrompt:
		if s.ast[g.holder(a)].Card == noCard {
			return dst
		}
		dst = append(dst, aPass)
		if s.playable(a, int(t.B)) {
			dst = append(dst, aPlay)
		}
	case kNoInstr:
		for c := 0; c < numColours; c++ {
			if s.pool[c] == 2 {
				dst = append(dst, int32(aRemove+c))
			}
		}
	case kProgram:
		return s.programActions(as, dst)
	case kChoose:
		if s.mover != t.A {
			return dst
		}
		for i := 0; i < int(s.nDice); i++ {
			if !s.firstOf(i) {
				continue
			}
			lo, hi := pathMasks(int(s.dieCol[i]), s.dieFace[i])
			for m := lo; m <= hi; m++ {
				dst = append(dst, int32(aChoose+16*i+m))
			}
		}
		if len(dst) == 0 {
			return dst
		}
		if g.ecRules && as.EC > 0 {
			for i := 0; i < int(s.nDice); i++ {
				if s.firstOf(i) {
					dst = append(dst, int32(aECReroll+i))
				}
			}
		}
		if as.FreeReroll {
			for i := 0; i < int(s.nDice); i++ {
				if s.freeDone>>i&1 == 1 {
					continue
				}
				dup := false
				for j := 0; j < i; j++ {
					if s.freeDone>>j&1 == 0 && s.dieCol[j] == s.dieCol[i] && s.dieFace[j] == s.dieFace[i] {
						dup = true
					}
				}
				if !dup {
					dst = append(dst, int32(aReroll+i))
				}
			}
		}
	case kContinue:
		dst = append(dst, aStop, aRoll)
	case kColour:
		dst = append(dst, aColour, aColour+1, aColour+2)
		if t.B == purposeToken {
			dst = append(dst, aStay)
		}
	case kFreeAdv:
		if !as.Finished {
			dst = append(dst, aFreeAdv, aStay)
		}
	case kRob:
		if s.exchanged {
			return dst
		}
		for v := 0; v < g.na; v++ {
			if s.canRob(a, v) {
				dst = append(dst, int32(aRob+v))
			}
		}
		if len(dst) > 0 {
			dst = append(dst, aNoRob)
		}
	case kExchange:
		p := int(t.C)
		if p < 0 || p >= g.na || g.seat(p) != g.seat(a) || p == a {
			return dst
		}
		ps := &s.ast[p]
		if as.Sputnik > 0 && s.exFlags&2 == 0 {
			dst = append(dst, aGiveSp)
		}
		if ps.Sputnik > 0 && s.exFlags&1 == 0 {
			dst = append(dst, aTakeSp)
		}
		if as.EC > 0 && s.exFlags&8 == 0 {
			dst = append(dst, aGiveEC)
		}
		if ps.EC > 0 && s.exFlags&4 == 0 {
			dst = append(dst, aTakeEC)
		}
		dst = append(dst, aDone)
	case kSpend:
		if as.Sputnik > 0 && !as.Finished {
			dst = append(dst, aDone, aSpend)
		}
	case kTeam:
		for p := 0; p < g.na; p++ {
			if p != a && !s.ast[p].Finished {
				dst = append(dst, int32(aPartner+p))
			}
		}
	}
	return dst
}

// programActions: extra dice for Earth Control before the first die is
// placed; the dice as the shared jumping.ProgramKeys allows.
func (s *State) programActions(as *astro, dst []int32) []int32 {
	g := s.g
	if s.nAssigned >= s.dice {
		return dst
	}
	var avail [numColours]int
	for c := 0; c < numColours; c++ {
		avail[c] = int(s.pool[c])
		for j := 0; j < 3; j++ {
			avail[c] -= int(s.prog[j][c])
		}
	}
	rest := int(s.dice-s.nAssigned) - 1
	start := len(dst)
	dst = jumping.ProgramKeys(avail, rest, int(s.lastKey), int(s.nJumps), aProgram, dst)
	limit := min(int8(maxDice), s.poolTotal())
	if len(dst) > start && g.ecRules && as.EC > 0 && s.nAssigned == 0 && s.dice < limit {
		dst = append(dst, aECDie)
	}
	return dst
}

// LegalActions lists the legal actions or chance outcomes, sorted.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	t, ok := s.top()
	if !ok {
		return dst
	}
	if isChance(int(t.Kind)) {
		var buf [maxCards]outcome
		for _, o := range s.outcomes(t, buf[:0]) {
			dst = append(dst, engine.Action(o.a))
		}
		return dst
	}
	var buf [numActions]int32
	for _, a := range s.decisions(t, buf[:0]) {
		dst = append(dst, engine.Action(a))
	}
	return dst
}

// ChanceOutcomes lists the outcomes of a chance node with their probabilities.
func (s *State) ChanceOutcomes(dst []engine.Outcome) []engine.Outcome {
	dst = dst[:0]
	t, ok := s.top()
	if !ok || !isChance(int(t.Kind)) {
		return dst
	}
	var buf [maxCards]outcome
	for _, o := range s.outcomes(t, buf[:0]) {
		dst = append(dst, engine.Outcome{Action: engine.Action(o.a), Prob: float64(o.n) / float64(o.d)})
	}
	return dst
}

// Apply plays a legal action (trusted; see engine.ApplyChecked).
func (s *State) Apply(act engine.Action) {
	t, ok := s.top()
	if !ok {
		return
	}
	s.stack.Pop()
	s.apply(t, int(act))
	s.advance()
}

// apply does the effect of action x on task t, already popped. Tasks that
// take several actions push themselves back.
func (s *State) apply(t task, x int) {
	g := s.g
	a := int(t.A)
	as := &s.ast[a]
	switch int(t.Kind) {
	case kSetupCard:
		s.slots[t.B] = int8(x)
	case kSetupToken:
		s.tokens[t.B] = int8(x)
	case kDraw:
		s.deck[x]--
		if t.B == 1 {
			as.Card2 = int8(x)
		} else {
			as.Card = int8(x)
		}
	case kRollDie:
		s.dieFace[t.B] = int8(x)
	case kKeep:
		switch {
		case g.edition == editionEN && x == aKeep:
			s.secret[as.Card2]++
			as.Card2 = noCard
		case g.edition == editionEN:
			s.secret[as.Card]++
			as.Card, as.Card2 = as.Card2, noCard
		case x == aTake:
			s.secret[as.Card]++
			as.Card = noCard
			s.push(kDraw, a, 0, 0)
		}
	case kPrompt:
		if x == aPlay {
			s.playCard(a, int(t.C))
		}
	case kNoInstr:
		s.pool[x-aRemove]--
		s.dice = min(s.dice, s.poolTotal())
	case kProgram:
		if x == aECDie {
			as.EC--
			s.supplyEC++
			s.dice++
		} else {
			key := x - aProgram
			j, c := key/3, key%3
			s.prog[j][c]++
			s.nAssigned++
			s.lastKey = int8(key)
			s.nJumps = max(s.nJumps, int8(j+1))
		}
		if s.nAssigned < s.dice {
			s.stack.Again(t)
		}
	case kChoose:
		switch {
		case x < aProgram:
			i, m := x/16, x%16
			s.resolveJump(a, int(s.dieCol[i]), s.dieFace[i], m)
		case x < aReroll:
			as.EC--
			s.supplyEC++
			s.stack.Again(t)
			s.push(kRollDie, 0, x-aECReroll, 0)
		default:
			s.freeDone |= 1 << (x - aReroll)
			s.stack.Again(t)
			s.push(kRollDie, 0, x-aReroll, 0)
		}
	case kContinue:
		if x == aRoll {
			s.push(kJump, a, int(s.jump)+1, 0)
		}
	case kColour:
		if x != aStay {
			s.startSingleJump(a, x-aColour, int(t.B))
		}
	case kFreeAdv:
		if x == aFreeAdv {
			s.freeMove(a, 1, true)
		}
	case kRob:
		if x != aNoRob {
			s.rob(a, x-aRob)
		}
	case kExchange:
		p := &s.ast[t.C]
		switch x {
		case aGiveSp:
			as.Sputnik--
			p.Sputnik++
			s.exFlags |= 1
		case aTakeSp:
			as.Sputnik++
			p.Sputnik--
			s.exFlags |= 2
		case aGiveEC:
			as.EC--
			p.EC++
			s.exFlags |= 4
		case aTakeEC:
			as.EC++
			p.EC--
			s.exFlags |= 8
		}
		if x != aDone {
			s.exchanged = true
			s.stack.Again(t)
		}
	case kSpend:
		// One Sputnik a circle, asked again after each; the special box
		// where the spending ends acts (B=1: at least one was spent).
		if x == aSpend {
			as.Sputnik--
			s.supplySp++
			s.freeMove(a, 1, false)
			if as.Sputnik > 0 && !as.Finished {
				s.push(kSpend, a, 1, 0)
				return
			}
			s.activate(a)
		} else if t.B == 1 {
			s.activate(a)
		}
	case kTeam:
		s.freeMove(x-aPartner, 1, true)
	}
}

// astroName names astronaut a: p0..p4, or p0a, p1a, p0b, p1b with 2 players.
func (g *Game) astroName(a int) string {
	if a < 0 || a >= g.na {
		return "?"
	}
	n := "p" + strconv.Itoa(g.seat(a))
	if g.seats == 2 {
		n += string(rune('a' + a/2))
	}
	return n
}

func dieName(col int, face int8) string { return colourNames[col] + faceName(face) }

// ActionString names an action in this state.
func (s *State) ActionString(act engine.Action) string {
	x := int(act)
	t, ok := s.top()
	if !ok {
		return "?"
	}
	g := s.g
	switch int(t.Kind) {
	case kSetupCard:
		if x >= 0 && x < len(g.data.Cards) {
			return "card" + strconv.Itoa(g.data.Cards[x].ID)
		}
	case kSetupToken:
		if x >= 0 && x < numTokenTypes {
			return "token-" + tokenNames[x]
		}
	case kDraw:
		if x >= 0 && x < numCardTypes {
			return "draw-" + cardNames[x]
		}
	case kRollDie:
		if i := int(t.B); i >= 0 && i < int(s.nDice) && x >= 0 && x < numFaces {
			return dieName(int(s.dieCol[i]), int8(x))
		}
	}
	switch {
	case x >= aChoose && x < aProgram:
		i, m := x/16, x%16
		if i >= int(s.nDice) {
			return "?"
		}
		col := int(s.dieCol[i])
		n := dieName(col, s.dieFace[i])
		if col == blue {
			return n
		}
		var b strings.Builder
		b.WriteString(n)
		b.WriteByte(':')
		for k := 0; k < faceValue(s.dieFace[i]); k++ {
			switch {
			case m>>k&1 == 0:
				b.WriteByte('S')
			case col == black:
				b.WriteByte('U')
			default:
				b.WriteByte('D')
			}
		}
		return b.String()
	case x >= aProgram && x < aStop:
		k := x - aProgram
		return "j" + strconv.Itoa(k/3+1) + "-" + colourNames[k%3]
	case x == aStop:
		return "stop"
	case x == aRoll:
		return "roll"
	case x == aECDie:
		return "ec-die"
	case x >= aECReroll && x < aReroll:
		return "ec-reroll-" + s.dieLabel(x-aECReroll)
	case x >= aReroll && x < aRob:
		return "reroll-" + s.dieLabel(x-aReroll)
	case x >= aRob && x < aNoRob:
		v := x - aRob
		if v < g.na && s.ast[v].Sputnik > 0 {
			return "rob-" + g.astroName(v)
		}
		return "sabotage-" + g.astroName(v)
	case x == aNoRob:
		return "no-rob"
	case x == aGiveSp:
		return "give-sputnik"
	case x == aTakeSp:
		return "take-sputnik"
	case x == aGiveEC:
		return "give-ec"
	case x == aTakeEC:
		return "take-ec"
	case x == aDone:
		return "done"
	case x == aPass:
		return "pass"
	case x == aPlay:
		if a := int(t.A); a >= 0 && a < g.na && s.ast[g.holder(a)].Card >= 0 {
			return "play-" + cardNames[s.ast[g.holder(a)].Card]
		}
		return "play"
	case x == aKeep:
		if a := int(t.A); g.edition == editionEN && a >= 0 && a < g.na && s.ast[a].Card >= 0 {
			return "keep-" + cardNames[s.ast[a].Card]
		}
		return "keep"
	case x == aTake:
		if a := int(t.A); g.edition == editionEN && a >= 0 && a < g.na && s.ast[a].Card2 >= 0 {
			return "take-" + cardNames[s.ast[a].Card2]
		}
		return "swap"
	case x >= aRemove && x < aColour:
		return "remove-" + colourNames[x-aRemove]
	case x >= aColour && x < aPartner:
		return "jump-" + colourNames[x-aColour]
	case x >= aPartner && x < aSpend:
		return "with-" + g.astroName(x-aPartner)
	case x == aSpend:
		return "spend-1"
	case x == aFreeAdv:
		return "advance"
	case x == aStay:
		return "stay"
	}
	return "?"
}

func (s *State) dieLabel(i int) string {
	if i < 0 || i >= int(s.nDice) {
		return "?"
	}
	return strconv.Itoa(i+1) + "-" + dieName(int(s.dieCol[i]), s.dieFace[i])
}
