package walkingmoon

import "github.com/moongym/moongym/engine/jumping"

// Task kinds. The rules run as a stack of tasks: automatic tasks do their
// work and push the tasks that follow; decision and chance tasks wait on top
// of the stack for an action.
const (
	kSetupCard     = iota // chance: the lunar card of slot B
	kSetupToken           // chance: the token of box B
	kDraw                 // chance: astronaut A draws an action card (B=1: a second card)
	kDealRound            // auto: the round's card draw for astronaut A
	kKeep                 // decision: A keeps or discards a card
	kRoundStart           // auto: order of play, turns
	kTurn                 // auto: astronaut A's turn begins
	kWindow               // auto: ask card holders to play at timing B about astronaut A
	kPrompt               // decision: holder A may play its card (timing B, about astronaut C)
	kNoInstr              // decision: holder A removes a die from the pool
	kProgram              // decision: A spreads its dice over the jumps
	kJump                 // auto: A rolls its programmed jump B
	kRollDie              // chance: die B of the roll
	kRollAll              // auto: roll every die of the roll again
	kChoose               // decision: A picks a result and a path (B: purpose)
	kJumpEnd              // auto: after A's jump (B: purpose)
	kContinue             // decision: A rolls the next jump or stops
	kTurnEnd              // auto: end of A's turn
	kRoundEnd             // auto: end-of-round cards, counters
	kRoundCounters        // auto: Earth Control to the last, handicap to the first
	kRoundFinish          // auto: the game ends or the next round starts
	kColour               // decision: A picks the colour of a single-die jump (B: purpose)
	kRob                  // decision: A robs or sabotages an astronaut in its box
	kExchange             // decision: A exchanges counters with its own astronaut C
	kToken                // auto: the special box under A acts
	kSpend                // decision: A spends Sputniks to advance
	kHalve                // auto: A loses half its Sputniks
	kTeam                 // decision: A picks the partner of Teamwork
	kFreeAdv              // decision: A takes the free advance of a special box or stays
	numKinds
)

var kindNames = [numKinds]string{"setup-card", "setup-token", "draw", "deal-round", "keep", "round-start",
	"turn", "window", "prompt", "no-instructions", "program", "jump", "roll-die", "roll-all", "choose",
	"jump-end", "continue", "turn-end", "round-end", "round-counters", "round-finish", "colour", "rob",
	"exchange", "token", "spend", "halve", "team", "free-advance"}

// Purposes of a jump.
const (
	purposeMain  = iota // a programmed jump of the turn
	purposeExtra        // the Extra jump action card
	purposeToken        // the jump special box
	numPurposes
)

func isChance(kind int) bool {
	return kind == kSetupCard || kind == kSetupToken || kind == kDraw || kind == kRollDie
}

func isDecision(kind int) bool {
	switch kind {
	case kKeep, kPrompt, kNoInstr, kProgram, kChoose, kContinue, kColour, kRob, kExchange, kSpend, kTeam, kFreeAdv:
		return true
	}
	return false
}

// setup places the pawns on the start box, the first player on top, and
// queues the dealing of the board.
func (s *State) setup() {
	g := s.g
	for k := range s.slots {
		s.slots[k] = -1
	}
	for k := range s.tokens {
		s.tokens[k] = -1
	}
	s.active, s.mover, s.lastKey = -1, -1, -1
	for a := 0; a < maxAstro; a++ {
		s.ast[a] = astro{Card: noCard, Card2: noCard}
		if a < g.na {
			s.ast[a].X, s.ast[a].L = 0, int8(g.plain)
			s.ast[a].Stack = int16(g.na - a)
		}
	}
	s.stackSeq = int16(g.na)
	s.supplySp, s.supplyEC = g.supplySp, g.supplyEC
	s.deck = g.deck
	s.push(kRoundStart, 0, 0, 0)
	if g.advanced {
		for a := g.na - 1; a >= 0; a-- {
			if g.holds(a) {
				s.push(kDraw, a, 0, 0)
			}
		}
		for k := numBetween - 1; k >= 0; k-- {
			s.push(kSetupToken, 0, k, 0)
		}
	}
	for k := numSlots - 1; k >= 0; k-- {
		s.push(kSetupCard, 0, k, 0)
	}
	s.advance()
}

// advance runs automatic tasks until a decision or chance node is on top or
// the game is over.
func (s *State) advance() {
	for {
		t, ok := s.stack.Top()
		if !ok || s.waiting(t) {
			return
		}
		s.stack.Pop()
		s.run(t)
	}
}

// waiting reports whether t needs an action (a chance outcome or a decision
// that has at least one legal action).
func (s *State) waiting(t task) bool {
	k := int(t.Kind)
	switch {
	case isChance(k):
		var buf [maxCards]outcome
		return len(s.outcomes(t, buf[:0])) > 0
	case isDecision(k):
		var buf [numActions]int32
		return len(s.decisions(t, buf[:0])) > 0
	}
	return false
}

// run does the work of an automatic task (decisions and chance nodes that
// have nothing to choose from are skipped).
func (s *State) run(t task) {
	g := s.g
	a := int(t.A)
	if a < 0 || a >= g.na {
		a = 0
	}
	switch int(t.Kind) {
	case kDraw:
		if s.total(&s.deck) == 0 {
			for i := range s.deck {
				s.deck[i] += s.played[i] + s.secret[i]
				s.played[i], s.secret[i] = 0, 0
			}
			if s.total(&s.deck) > 0 {
				s.push(kDraw, a, int(t.B), 0)
			}
		}
	case kDealRound:
		s.dealRound(a)
	case kRoundStart:
		s.roundStart()
	case kTurn:
		s.turnStart(a)
	case kWindow:
		s.openWindow(int(t.B), int(t.A))
	case kJump:
		s.startJump(a, int(t.B))
	case kRollAll:
		for i := int(s.nDice) - 1; i >= 0; i-- {
			s.push(kRollDie, 0, i, 0)
		}
	case kJumpEnd:
		if t.B == purposeMain {
			s.jumpsDone++
			as := &s.ast[a]
			if !as.Stunned && !as.Finished && s.jump+1 < s.nJumps {
				s.push(kContinue, a, 0, 0)
			}
		}
	case kTurnEnd:
		as := &s.ast[a]
		if g.advanced && g.edition == editionEN && s.jumpsDone == 3 && !as.Stunned {
			s.gainEC(a)
		}
		s.active = -1
	case kRoundEnd:
		s.push(kRoundFinish, 0, 0, 0)
		s.push(kRoundCounters, 0, 0, 0)
		if g.window[tmEndRound] {
			for i := int(s.nOrder) - 1; i >= 0; i-- {
				h := int(s.order[i])
				if s.eligible(h, tmEndRound, -1) {
					s.push(kPrompt, h, tmEndRound, -1)
				}
			}
		}
	case kRoundCounters:
		s.roundCounters()
	case kRoundFinish:
		if s.finishers == 0 {
			s.push(kRoundStart, 0, 0, 0)
		}
	case kToken:
		s.tokenEffect(a)
	case kHalve:
		as := &s.ast[a]
		lose := as.Sputnik / 2
		as.Sputnik -= lose
		s.supplySp += lose
	}
}

func (s *State) total(c *[numCardTypes]int8) int {
	n := 0
	for _, v := range c {
		n += int(v)
	}
	return n
}

func (s *State) dealRound(a int) {
	as := &s.ast[a]
	if as.Finished {
		return
	}
	switch {
	case as.Card == noCard:
		s.push(kDraw, a, 0, 0)
	case s.g.edition == editionEN:
		s.push(kKeep, a, 0, 0)
		s.push(kDraw, a, 1, 0)
	default:
		s.push(kKeep, a, 0, 0)
	}
}

// roundStart orders the astronauts still racing: farther first, then the
// upper level, then the one on top of a stack.
func (s *State) roundStart() {
	g := s.g
	if int(s.round) >= g.rounds {
		return
	}
	s.round++
	s.nOrder = 0
	minX := int8(127)
	for a := 0; a < g.na; a++ {
		if s.ast[a].Finished {
			continue
		}
		s.order[s.nOrder] = int8(a)
		s.nOrder++
		minX = min(minX, s.ast[a].X)
	}
	for i := 1; i < int(s.nOrder); i++ {
		for j := i; j > 0 && s.ahead(int(s.order[j]), int(s.order[j-1])); j-- {
			s.order[j], s.order[j-1] = s.order[j-1], s.order[j]
		}
	}
	for a := 0; a < g.na; a++ {
		s.ast[a].StartedLast = !s.ast[a].Finished && s.ast[a].X == minX
	}
	s.push(kRoundEnd, 0, 0, 0)
	for i := int(s.nOrder) - 1; i >= 0; i-- {
		s.push(kTurn, int(s.order[i]), 0, 0)
	}
	if g.advanced && s.round > 1 {
		for a := g.na - 1; a >= 0; a-- {
			if g.holds(a) {
				s.push(kDealRound, a, 0, 0)
			}
		}
	}
}

// ahead reports whether astronaut a plays before b: farther, higher, on top.
func (s *State) ahead(a, b int) bool {
	x, y := &s.ast[a], &s.ast[b]
	if x.X != y.X {
		return x.X > y.X
	}
	if x.L != y.L {
		return x.L > y.L
	}
	return x.Stack > y.Stack
}

// leading: in first position (or tied) by column.
func (s *State) leading(a int) bool {
	for b := 0; b < s.g.na; b++ {
		if s.ast[b].X > s.ast[a].X {
			return false
		}
	}
	return true
}

func (s *State) poolTotal() int8 { return s.pool[0] + s.pool[1] + s.pool[2] }

// turnStart: a stunned astronaut stands up with 2 dice; handicap counters
// are discarded for 3 dice; else 4. The worst state applies.
func (s *State) turnStart(a int) {
	g := s.g
	as := &s.ast[a]
	if as.Finished {
		return
	}
	s.active = int8(a)
	s.dice = 4
	if as.Handicap > 0 {
		s.dice = 3
		as.Handicap = 0
	}
	if as.Stunned {
		s.dice = 2
		as.Stunned = false
	}
	s.pool = [numColours]int8{2, 2, 2}
	s.prog = [3][numColours]int8{}
	s.nAssigned, s.lastKey, s.nJumps, s.jump, s.jumpsDone = 0, -1, 0, 0, 0
	s.push(kTurnEnd, a, 0, 0)
	s.push(kJump, a, 0, 0)
	if g.window[tmAfter] {
		s.push(kWindow, a, tmAfter, 0)
	}
	s.push(kProgram, a, 0, 0)
	if g.window[tmBefore] {
		s.push(kWindow, a, tmBefore, 0)
	}
}

// openWindow asks the holders who may play a card of this timing, in
// astronaut order after the target. Red cards act on the target alone, so
// with 2 players the seat is asked once (its card holder), not for each of
// its astronauts.
func (s *State) openWindow(tm, target int) {
	g := s.g
	n := g.na
	for i := n - 1; i >= 0; i-- {
		h := (target + 1 + i) % n
		if (tm == tmBefore || tm == tmMiscalc) && !g.holds(h) {
			continue
		}
		if s.eligible(h, tm, target) {
			s.push(kPrompt, h, tm, target)
		}
	}
}

// eligible: what everyone can see says that h's seat may play its card of
// timing tm for h, about target (-1: none). Whether the card fits is hidden.
func (s *State) eligible(h, tm, target int) bool {
	g := s.g
	as := &s.ast[h]
	if s.ast[g.holder(h)].Card == noCard {
		return false
	}
	if s.active >= 0 && g.seat(h) == g.seat(int(s.active)) {
		return false
	}
	if target >= 0 && g.seat(h) == g.seat(target) {
		return false
	}
	if !s.hiddenCopies(tm) {
		return false // every card of this timing lies face up: nobody can hold one
	}
	switch tm {
	case tmBefore, tmMiscalc, tmSanction:
		if target < 0 || s.sparedLast(target) {
			return false
		}
	case tmAfter, tmEndRound:
		if as.Finished || s.leading(h) {
			return false
		}
	case tmSlip:
		if as.Finished {
			return false
		}
	}
	return true
}

// hiddenCopies reports whether a card of timing tm may be in someone's hand
// as far as everyone can see: not every copy of such cards lies face up.
func (s *State) hiddenCopies(tm int) bool {
	g := s.g
	for c := 0; c < numCardTypes; c++ {
		if g.deck[c] > s.played[c] && g.timing(c) == tm {
			return true
		}
	}
	return false
}

// sparedLast reports whether red cards cannot be played against a: English,
// it started the round (the text's "turn") in last position; Spanish, it is
// in last position (or tied) now.
func (s *State) sparedLast(a int) bool {
	if s.g.edition == editionEN {
		return s.ast[a].StartedLast
	}
	for b := 0; b < s.g.na; b++ {
		if !s.ast[b].Finished && s.ast[b].X < s.ast[a].X {
			return false
		}
	}
	return true
}

// playable: the card of h's seat is of timing tm and can act now for h.
func (s *State) playable(h, tm int) bool {
	as := &s.ast[h]
	c := int(s.ast[s.g.holder(h)].Card)
	if c < 0 || c >= numCardTypes || s.g.timing(c) != tm {
		return false
	}
	switch c {
	case cardNoInstructions:
		return s.pool[0] == 2 || s.pool[1] == 2 || s.pool[2] == 2
	case cardPlanification, cardExtraJump, cardTeamwork:
		return !as.Finished && !s.leading(h)
	}
	return true
}

// playCard plays the card of h's seat for h: it goes face up to the
// discards and acts.
func (s *State) playCard(h, target int) {
	hs := &s.ast[s.g.holder(h)]
	c := int(hs.Card)
	hs.Card = noCard
	s.played[c]++
	switch c {
	case cardSlipstream:
		s.freeMove(h, 1, true)
	case cardCooperation:
		s.gainSputnik(h, 1)
	case cardPlanification:
		s.gainEC(h)
	case cardExtraJump:
		s.push(kColour, h, purposeExtra, 0)
	case cardMiscalculation:
		s.push(kRollAll, 0, 0, 0)
	case cardNoInstructions:
		s.push(kNoInstr, h, 0, target)
	case cardTeamwork:
		s.freeMove(h, 1, true)
		s.push(kTeam, h, 0, 0)
	case cardSanction:
		if target >= 0 {
			s.addHandicap(target)
		}
	}
}

func (s *State) addHandicap(a int) {
	if s.ast[a].Handicap < maxCounter {
		s.ast[a].Handicap++
	}
}

// gainEC gives an Earth Control counter from the supply; in the English
// edition never to an astronaut in first position.
func (s *State) gainEC(a int) {
	if !s.g.ecRules || s.supplyEC == 0 {
		return
	}
	if s.g.edition == editionEN && s.leading(a) {
		return
	}
	s.ast[a].EC++
	s.supplyEC--
}

func (s *State) gainSputnik(a, n int) {
	n = min(n, int(s.supplySp))
	s.ast[a].Sputnik += int8(n)
	s.supplySp -= int8(n)
}

// roundCounters: Earth Control to the last (or tied), a handicap counter to
// the first (or tied). Not after the final round.
func (s *State) roundCounters() {
	g := s.g
	if !g.ecRules || s.finishers > 0 {
		return
	}
	minX, maxX := int8(127), int8(-1)
	for a := 0; a < g.na; a++ {
		minX = min(minX, s.ast[a].X)
		maxX = max(maxX, s.ast[a].X)
	}
	for a := 0; a < g.na; a++ {
		if s.ast[a].X == minX {
			s.gainEC(a)
		}
	}
	for a := 0; a < g.na; a++ {
		if s.ast[a].X == maxX {
			s.addHandicap(a)
		}
	}
}

// startJump sets up the roll of programmed jump j.
func (s *State) startJump(a, j int) {
	as := &s.ast[a]
	if as.Stunned || as.Finished || j >= int(s.nJumps) || j > 2 {
		return
	}
	s.jump = int8(j)
	s.mover, s.nDice, s.freeDone = int8(a), 0, 0
	for c := 0; c < numColours; c++ {
		for k := int8(0); k < s.prog[j][c] && s.nDice < maxDice; k++ {
			s.dieCol[s.nDice], s.dieFace[s.nDice] = int8(c), 0
			s.nDice++
		}
	}
	s.push(kJumpEnd, a, purposeMain, 0)
	s.push(kChoose, a, purposeMain, 0)
	if s.nDice >= 2 && s.g.window[tmMiscalc] {
		s.push(kWindow, a, tmMiscalc, 0)
	}
	for i := int(s.nDice) - 1; i >= 0; i-- {
		s.push(kRollDie, 0, i, 0)
	}
}

// startSingleJump: a jump with one die of colour c (Extra jump card, jump box).
func (s *State) startSingleJump(a, c, purpose int) {
	s.mover, s.nDice, s.freeDone = int8(a), 1, 0
	s.dieCol[0], s.dieFace[0] = int8(c), 0
	s.push(kJumpEnd, a, purpose, 0)
	s.push(kChoose, a, purpose, 0)
	s.push(kRollDie, 0, 0, 0)
}

// bestCircle is the circle of column x nearest to level l (the higher on a
// tie), or -1.
func (s *State) bestCircle(x, l int) int { return jumping.BestCircle(track{s}, x, l, s.g.height) }

func (s *State) place(a, x, l int) {
	as := &s.ast[a]
	as.X, as.L = int8(x), int8(l)
	s.stackSeq++
	as.Stack = s.stackSeq
}

func (s *State) finish(a int) {
	as := &s.ast[a]
	s.place(a, s.g.goal, s.g.plain)
	as.Finished = true
	s.finishers++
	as.FinishPos = s.finishers
}

// freeMove moves a to the next (dir>0) or previous circle: a free move, not
// a jump. Reaching the goal finishes the race. It collects a Sputnik on the
// box it ends on and, if activate, the special box there acts.
func (s *State) freeMove(a, dir int, activate bool) {
	g := s.g
	as := &s.ast[a]
	if as.Finished {
		return
	}
	x, l := int(as.X), int(as.L)
	moved := false
	for nx := x + dir; nx >= 0 && nx <= g.goal; nx += dir {
		if nx == g.goal {
			s.finish(a)
			return
		}
		if k := s.bestCircle(nx, l); k >= 0 {
			s.place(a, nx, k)
			moved = true
			break
		}
	}
	if !moved {
		return
	}
	if s.cell(int(as.X), int(as.L))&cellSputnik != 0 {
		s.gainSputnik(a, 1)
	}
	if activate {
		s.activate(a)
	}
}

// activate queues the special box under a, if any.
func (s *State) activate(a int) {
	if !s.g.advanced {
		return
	}
	if k := s.g.betweenIndex(int(s.ast[a].X)); k >= 0 && s.tokens[k] >= 0 && int(s.ast[a].L) == s.g.plain {
		s.push(kToken, a, 0, 0)
	}
}

// tokenEffect: the special box under a acts (even when a arrived crashed).
func (s *State) tokenEffect(a int) {
	as := &s.ast[a]
	k := s.g.betweenIndex(int(as.X))
	if k < 0 || s.tokens[k] < 0 || as.Finished {
		return
	}
	switch int(s.tokens[k]) {
	case tokenAdvance:
		s.push(kFreeAdv, a, 0, 0) // "you can advance": the astronaut may stay
	case tokenBack:
		s.freeMove(a, -1, true)
	case tokenSpend:
		s.push(kSpend, a, 0, 0)
	case tokenEC:
		s.gainEC(a)
	case tokenReroll:
		as.FreeReroll = true
	case tokenSputnik2:
		s.gainSputnik(a, 2)
	case tokenJump:
		if !as.Stunned {
			s.push(kColour, a, purposeToken, 0) // "puedes hacer un salto": may stay
		}
	}
}

// track is the placed terrain as the shared jumping rules see it.
type track struct{ s *State }

func (t track) Cell(x, l int) uint8 { return t.s.cell(x, l) }

// Jump outcome summary, kept for tests and the heuristic.
type landing struct {
	X, L     int
	Crash    bool
	Finish   bool
	Sputniks int
}

// simulate computes where a jump from a's box would end without changing
// the state: the shared jumping rules forward, the goal ending the race.
func (s *State) simulate(a, col int, face int8, mask int) landing {
	as := &s.ast[a]
	ld := jumping.Land(track{s}, int(as.X), int(as.L), col, face, mask, 1, s.g.goal, s.g.height)
	if ld.Reached {
		return landing{s.g.goal, s.g.plain, ld.Crash, true, ld.Marks}
	}
	return landing{ld.X, ld.L, ld.Crash, false, ld.Marks}
}

// resolveJump moves a with the chosen result and queues what follows the
// landing: Cooperation, exchange, robbery, Slipstream, the special box, the
// loss of Sputniks after a crash.
func (s *State) resolveJump(a, col int, face int8, mask int) {
	g := s.g
	as := &s.ast[a]
	x0 := as.X
	ld := s.simulate(a, col, face, mask)
	as.FreeReroll = false
	if ld.Finish {
		s.finish(a)
	} else {
		s.place(a, ld.X, ld.L)
	}
	s.gainSputnik(a, ld.Sputniks)
	if ld.Crash {
		as.Stunned = true
		s.push(kHalve, a, 0, 0)
	}
	s.activate(a) // special boxes act even for a crashed astronaut
	// Slipstream: the astronauts a overtook. Spanish, also from o's column
	// ("porque estaba sobre ti"): on top of o, below it, on another level.
	if g.window[tmSlip] {
		for o := g.na - 1; o >= 0; o-- {
			ob := &s.ast[o]
			if o == a || ob.Finished || !s.eligible(o, tmSlip, a) {
				continue
			}
			behind := x0 < ob.X || (g.edition == editionES && x0 == ob.X)
			if behind && as.X > ob.X {
				s.push(kPrompt, o, tmSlip, a)
			}
		}
	}
	// A jump that hit rock on its first advance never left its box: it
	// landed on nobody, so it robs nobody and exchanges nothing.
	landed := ld.Finish || ld.X != int(x0)
	if landed && g.advanced && (g.edition == editionEN || !ld.Crash) && s.hasVictim(a) {
		s.push(kRob, a, 0, 0)
	}
	s.exchanged, s.exFlags = false, 0
	if landed && g.seats == 2 {
		p := (a + 2) % 4
		if s.ast[p].X == as.X && s.ast[p].L == as.L {
			s.push(kExchange, a, 0, p)
		}
	}
	if ld.Sputniks > 0 && g.window[tmCoop] {
		for i := g.na - 1; i >= 0; i-- {
			h := (a + 1 + i) % g.na
			if s.eligible(h, tmCoop, a) {
				s.push(kPrompt, h, tmCoop, a)
			}
		}
	}
}

// hasVictim: another seat's astronaut, still racing, is in a's box.
func (s *State) hasVictim(a int) bool {
	for v := 0; v < s.g.na; v++ {
		if s.canRob(a, v) {
			return true
		}
	}
	return false
}

func (s *State) canRob(a, v int) bool {
	g := s.g
	x, y := &s.ast[a], &s.ast[v]
	return v != a && g.seat(v) != g.seat(a) && !y.Finished && x.X == y.X && x.L == y.L
}

// rob takes a Sputnik from v, or gives v a handicap counter if it has none;
// v may answer with Sanction.
func (s *State) rob(a, v int) {
	y := &s.ast[v]
	if y.Sputnik > 0 {
		y.Sputnik--
		s.ast[a].Sputnik++
	} else {
		s.addHandicap(v)
	}
	if s.g.window[tmSanction] && s.eligible(v, tmSanction, a) {
		s.push(kPrompt, v, tmSanction, a)
	}
}
