package welcomemoon

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// Observation layout (a flat vector; docs/rules/welcome-moon.md):
//
//	per sheet, the observer's first then the others in turn order (the
//	seats' sheets; in an A8 solo game ASTRA's sheet second):
//	  3 per space: number/17 (if a number), 1 if X, 1 if empty
//	  circled marks, crossed marks (one per element id 0..maxID)
//	  3 missions done, 3 mission rewards/12, System Errors used / boxes,
//	  3 missions chosen this turn (own seat only: the others' are hidden)
//	  2 per space: lowest and highest value that still fit it /18 (if empty),
//	  open (space, value) pairs / (18 per space)
//	global:
//	  phase (5), step (5, observer's own turn only), acting seat relative (6)
//	  own turn in progress (observer only): pick (7), wild (6), value/17, action (6), pending effect (numEff)
//	  6 card slots x (15 number + 6 action + ASTRA card)
//	  deck: unseen (66), known pile contents (3x66), discards (3x66), first-pass cards left (3), reshuffles (3)
//	  missions: drawn card (3x2), high value gone (3)
//	  solo: ASTRA's cards by action (6), track/81, Solo bonus circled, spent, ASTRA score/150
//	  turn/64
//	  observer's own decision: per combination (6) can write, pairs/spaces,
//	  1-0.9 x least slack lost/60, best progress gain (reserved, 0); per space (64)
//	  1-0.9 x slack lost/60 if the number may go there; per space (64) its
//	  progress gain (reserved, 0); per space (64) 1 if it keeps the most slack
//	  Adventures 2-8: the turn lookahead (lookahead.go), per
//	  action (113) its value, then per action (113) 1 on the best
//
// obsSizes is the size of a sheet's section and of the global one, known
// before Observe writes (ObservationShape); Observe's Done checks that its
// sections add up to them.
func (g *Game) obsSizes() (perSeat, global int) {
	nm := g.lay.nMarks()
	perSeat = 3*g.lay.nSpaces + 2*nm + 10 + 2*g.lay.nSpaces + 1
	global = 5 + 5 + maxPlayers + 7 + 6 + 1 + 6 + int(numEff) + 6*22 + 7*numCards + 6 + 6 + 3 + 6 + 4 + 1 +
		comboFeats*maxCombos + 3*maxSpaces + g.lookSize()
	return
}

// nMarks is one more than the highest element id of the sheet.
func (l *layout) nMarks() int {
	n := 0
	for id := 0; id < markBits; id++ {
		if l.known.has(int16(id)) {
			n = id + 1
		}
	}
	return n
}

// ObservationShape is [N].
func (g *Game) ObservationShape() []int {
	ps, gl := g.obsSizes()
	return []int{ps*g.sheets() + gl}
}

// Observe writes what p may see: the sheet p writes on and p's missions as
// they are, the other sheets and missions as they were at the start of the
// turn (the others' choices of this turn are hidden),
// the cards and the deck.
func (s *State) Observe(p engine.Player, dst []float32) {
	g := s.g
	ps, gl := g.obsSizes()
	n := g.sheets()
	o := kit.NewObs(Name, dst[:ps*n+gl])
	nm := g.lay.nMarks()
	for k := 0; k < n; k++ {
		q := (int(p) + k) % n
		ms := &s.pub[q] // the owner's missions
		if q == int(p) {
			ms = &s.sh[q]
		}
		s.observeSheet(s.view(int(p), q), ms, nm, &o)
	}
	s.observeTurn(p, &o)
	s.observeCards(&o)
	if g.solo() {
		for _, k := range s.astra.cards {
			o.Put(float32(k) / 10)
		}
		o.Put(float32(s.astra.track) / 81)
		o.Put(float32(s.astra.bonus) / 8)
		o.Put(float32(s.astra.used) / 8)
		o.Put(float32(s.astraScore()) / 150)
	} else {
		o.Next("solo", 10)
	}
	o.Put(float32(s.turn) / 64)
	choices := o.Next("choices", comboFeats*maxCombos+3*maxSpaces)
	if s.phase == phDecide && s.cur == int8(p) {
		s.observeChoices(int(p), s.board(int(p)), choices)
	}
	look := o.Next("lookahead", g.lookSize())
	if g.lookahead() {
		s.observeLookahead(p, look)
	}
	o.Done()
}

// observeSheet writes the section of one sheet: its marks sh (nm element
// ids) and the missions of its owner ms.
func (s *State) observeSheet(sh, ms *sheet, nm int, o *kit.Obs) {
	l := s.lay()
	spaces := o.Next("spaces", 3*l.nSpaces)
	for sp := 0; sp < l.nSpaces; sp++ {
		switch v := sh.num[sp]; v {
		case empty:
			spaces[3*sp+2] = 1
		case xMark:
			spaces[3*sp+1] = 1
		default:
			spaces[3*sp] = float32(v-1) / maxValue
		}
	}
	marks := o.Next("marks", 2*nm)
	for id := 0; id < nm; id++ {
		if sh.circ.has(int16(id)) {
			marks[id] = 1
		}
		if sh.cross.has(int16(id)) {
			marks[nm+id] = 1
		}
	}
	m := o.Next("missions", 10)
	for k := 0; k < 3; k++ {
		if ms.mdone&(1<<k) != 0 {
			m[k] = 1
			m[3+k] = float32(ms.mval[k]) / 12
		}
		if ms.mwant&(1<<k) != 0 {
			m[7+k] = 1
		}
	}
	m[6] = float32(s.errorsOn(sh)) / float32(len(l.errIDs))
	s.observeSpaces(sh, o.Next("open spaces", 2*l.nSpaces+1))
}

// observeTurn writes the phase, the step, the acting seat and the turn in
// progress.
func (s *State) observeTurn(p engine.Player, o *kit.Obs) {
	n := s.g.players
	own := s.phase == phDecide && s.cur == int8(p)
	step, acting := -1, -1
	if own {
		step = int(s.sub)
	}
	if s.phase == phDecide || s.phase == phAstra || s.phase == phIncident {
		acting = (int(s.cur) - int(p) + n) % n
	}
	o.OneHot("phase", int(s.phase), 5)
	o.OneHot("step", step, 5)
	o.OneHot("acting seat", acting, maxPlayers)
	pick, wild, value, act, pend := -1, -1, float32(0), -1, -1
	if own || s.phase == phAstra || (s.phase == phIncident && s.cur == int8(p)) {
		c := &s.ctx
		if s.sub != subChoose {
			pick = int(c.pick) + 1
		}
		wild, act = int(c.wild), int(c.act) // -1: none
		if c.value >= 0 {
			value = float32(c.value) / maxValue
		}
		if c.npend > 0 {
			pend = int(c.pend[0].kind)
		}
	}
	o.OneHot("pick", pick, 7)
	o.OneHot("wild", wild, 6)
	o.Put(value)
	o.OneHot("action", act, 6)
	o.OneHot("pending effect", pend, int(numEff))
}

// observeCards writes the card slots, the deck and the missions.
func (s *State) observeCards(o *kit.Obs) {
	slots := o.Next("card slots", 6*22)
	for i, c := range s.deck.shown {
		switch {
		case isAstraCard(c):
			slots[22*i+21] = 1
		case c >= 0:
			slots[22*i+int(cardNum[c])-1] = 1
			slots[22*i+15+int(cardAct[c])] = 1
		}
	}
	deck := o.Next("deck", 7*numCards)
	sets := [7]*cardSet{&s.deck.unseen, &s.deck.known[0], &s.deck.known[1], &s.deck.known[2], &s.deck.disc[0], &s.deck.disc[1], &s.deck.disc[2]}
	for k, set := range sets {
		for c := int8(0); c < numCards; c++ {
			if set.has(c) {
				deck[k*numCards+int(c)] = 1
			}
		}
	}
	for i := 0; i < 3; i++ {
		o.Put(float32(s.deck.left[i]) / numCards)
	}
	for i := 0; i < 3; i++ {
		o.Put(float32(s.deck.pass[i]) / 4)
	}
	for _, m := range s.mission {
		o.OneHot("missions", int(m), 2) // -1: not drawn yet
	}
	for k := range s.mission {
		o.Flag(s.mtaken&(1<<k) != 0)
	}
}

// ObservationSeats implements engine.SeatSections: one section per sheet
// (the observer's first; ASTRA's second in an Adventure 8 solo game), the
// global section after them, the same size with any number of seats.
func (g *Game) ObservationSeats() (perSeat, sections int) {
	ps, _ := g.obsSizes()
	return ps, g.sheets()
}
