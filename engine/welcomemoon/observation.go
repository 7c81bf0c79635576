package welcomemoon

import "github.com/moongym/moongym/engine"

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
//	  solo, Adventures 2-4 only: the turn lookahead (lookahead.go), per
//	  action (113) its value, then per action (113) 1 on the best
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
	l := g.lay
	ps, _ := g.obsSizes()
	for i := range dst {
		dst[i] = 0
	}
	nm := l.nMarks()
	n := g.sheets()
	for k := 0; k < n; k++ {
		q := (int(p) + k) % n
		sh := s.view(int(p), q) // the marks
		ms := &s.pub[q]         // the owner's missions
		if q == int(p) {
			ms = &s.sh[q]
		}
		o := dst[k*ps : (k+1)*ps]
		for sp := 0; sp < l.nSpaces; sp++ {
			switch v := sh.num[sp]; v {
			case empty:
				o[3*sp+2] = 1
			case xMark:
				o[3*sp+1] = 1
			default:
				o[3*sp] = float32(v-1) / maxValue
			}
		}
		o = o[3*l.nSpaces:]
		for id := 0; id < nm; id++ {
			if sh.circ.has(int16(id)) {
				o[id] = 1
			}
			if sh.cross.has(int16(id)) {
				o[nm+id] = 1
			}
		}
		o = o[2*nm:]
		for m := 0; m < 3; m++ {
			if ms.mdone&(1<<m) != 0 {
				o[m] = 1
				o[3+m] = float32(ms.mval[m]) / 12
			}
			if ms.mwant&(1<<m) != 0 {
				o[7+m] = 1
			}
		}
		o[6] = float32(s.errorsOn(sh)) / float32(len(l.errIDs))
		s.observeSpaces(sh, o[10:])
	}
	o := dst[n*ps:]
	n = g.players
	o[s.phase] = 1
	o = o[5:]
	own := s.phase == phDecide && s.cur == int8(p)
	if own {
		o[s.sub] = 1
	}
	o = o[5:]
	if s.phase == phDecide || s.phase == phAstra || s.phase == phIncident {
		o[(int(s.cur)-int(p)+n)%n] = 1
	}
	o = o[maxPlayers:]
	if own || s.phase == phAstra || (s.phase == phIncident && s.cur == int8(p)) {
		c := &s.ctx
		if s.sub != subChoose {
			o[int(c.pick)+1] = 1
		}
		if c.wild >= 0 {
			o[7+c.wild] = 1
		}
		if c.value >= 0 {
			o[13] = float32(c.value) / maxValue
		}
		if c.act >= 0 {
			o[14+c.act] = 1
		}
		if c.npend > 0 {
			o[20+c.pend[0].kind] = 1
		}
	}
	o = o[20+int(numEff):]
	for i, c := range s.deck.shown {
		switch {
		case isAstraCard(c):
			o[22*i+21] = 1
		case c >= 0:
			o[22*i+int(cardNum[c])-1] = 1
			o[22*i+15+int(cardAct[c])] = 1
		}
	}
	o = o[6*22:]
	sets := [7]*cardSet{&s.deck.unseen, &s.deck.known[0], &s.deck.known[1], &s.deck.known[2], &s.deck.disc[0], &s.deck.disc[1], &s.deck.disc[2]}
	for k, set := range sets {
		for c := int8(0); c < numCards; c++ {
			if set.has(c) {
				o[k*numCards+int(c)] = 1
			}
		}
	}
	o = o[7*numCards:]
	for i := 0; i < 3; i++ {
		o[i] = float32(s.deck.left[i]) / numCards
		o[3+i] = float32(s.deck.pass[i]) / 4
	}
	o = o[6:]
	for k, m := range s.mission {
		if m >= 0 {
			o[2*k+int(m)] = 1
		}
		if s.mtaken&(1<<k) != 0 {
			o[6+k] = 1
		}
	}
	o = o[9:]
	if g.solo() {
		for a, k := range s.astra.cards {
			o[a] = float32(k) / 10
		}
		o[6] = float32(s.astra.track) / 81
		o[7] = float32(s.astra.bonus) / 8
		o[8] = float32(s.astra.used) / 8
		o[9] = float32(s.astraScore()) / 150
	}
	o = o[10:]
	o[0] = float32(s.turn) / 64
	if own {
		s.observeChoices(int(p), s.board(int(p)), o[1:])
	}
	if g.lookahead() {
		s.observeLookahead(p, o[1+comboFeats*maxCombos+3*maxSpaces:])
	}
}
