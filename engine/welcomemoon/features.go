package welcomemoon

// Derived features of the observation: what the sheet still takes and what
// the choices of the turn would cost (docs/rules/welcome-moon.md,
// "Observation tensor"). They are functions of what the observer sees, given
// so that a network need not rediscover the zones of a sheet.

const (
	// lossScale normalizes the slack a choice loses (one space's own 18
	// values plus what it takes from its neighbours).
	lossScale = 60
	// comboFeats are the features per combination of the turn's pick.
	comboFeats = 4
	// maxCombos is the most combinations a pick offers (solo).
	maxCombos = 6
)

// slackOf is State.Slack of sheet sh: the (empty space, value) pairs where
// the value could still be written, ignoring the A1 floors. It is
// openAt summed over the spaces, in one sweep each way along every zone
// instead of a scan per space (the solo lookahead reads it after every
// move it tries).
func (s *State) slackOf(sh *sheet) int {
	l := s.lay()
	var lo, hi [maxSpaces]int8
	for sp := range l.nSpaces {
		lo[sp], hi[sp] = minValue-1, maxValue+1
	}
	wall := func(k int8) bool { return l.wallBase > 0 && sh.cross.has(int16(l.wallBase+int(k))) }
	for zi := range l.zones {
		z := l.zones[zi].spaces
		cur := int8(minValue - 1) // the nearest number before, less one
		for j, sp := range z {
			if j > 0 && wall(z[j-1]+1) {
				cur = minValue - 1
			}
			lo[sp] = max(lo[sp], cur)
			if n := sh.num[sp]; n != empty && n != xMark {
				cur = n - 1
			}
		}
		cur = maxValue + 1 // the nearest number after, less one
		for j := len(z) - 1; j >= 0; j-- {
			sp := z[j]
			if j < len(z)-1 && wall(z[j+1]) {
				cur = maxValue + 1
			}
			hi[sp] = min(hi[sp], cur)
			if n := sh.num[sp]; n != empty && n != xMark {
				cur = n - 1
			}
		}
	}
	n := 0
	for sp := range l.nSpaces {
		if sh.num[sp] == empty {
			n += max(0, int(hi[sp]-lo[sp])-1)
		}
	}
	return n
}

// openAt is how many values still fit empty space sp (0 if it is filled).
func (s *State) openAt(sh *sheet, sp int8) int {
	if sh.num[sp] != empty {
		return 0
	}
	lo, hi := s.bounds(sh, sp)
	return max(0, int(hi-lo)-1)
}

// zoneSlack is the open pairs of sp and of the other spaces of its zones:
// all that writing in sp can change.
func (s *State) zoneSlack(sh *sheet, sp int8) int {
	l := s.lay()
	n := s.openAt(sh, sp)
	for k := 0; k < 2; k++ {
		zi := l.spaceZone[sp][k]
		if zi < 0 {
			break
		}
		for _, o := range l.zones[zi].spaces {
			if o != sp {
				n += s.openAt(sh, o)
			}
		}
	}
	return n
}

// slackLoss is how many open pairs writing v in empty space sp of sh closes.
func (s *State) slackLoss(sh *sheet, sp, v int8) int {
	before := s.zoneSlack(sh, sp)
	c := *sh
	c.num[sp] = v + 1
	return before - s.zoneSlack(&c, sp)
}

// comboOptions are, for number n with action act on sh (within p's reach),
// the (space, value) pairs that may be written and the least slack one of
// them loses (-1 if none).
// t is the slackTable of sh.
func (s *State) comboOptions(p int, sh *sheet, t *slackTable, n, act int8) (pairs, least int) {
	least = -1
	m := s.span(p, act)
	for d := -m; d <= m; d++ {
		v := n + d
		for sp := int8(0); int(sp) < s.lay().nSpaces; sp++ {
			if !s.spaceOKIn(sh, t, sp, v, act) {
				continue
			}
			pairs++
			if loss := s.slackLossIn(sh, t, sp, v); least < 0 || loss < least {
				least = loss
			}
		}
	}
	return pairs, least
}

// unit clips x/scale into [0, 1].
func unit(x, scale float64) float32 {
	return float32(min(1, max(0, x/scale)))
}

// observeSpaces writes, for every empty space of sh, the lowest and highest
// value that still fit it (/18; 0 for a filled space), then the sheet's
// open pairs over 18 per space.
func (s *State) observeSpaces(sh *sheet, o []float32) {
	l := s.lay()
	for sp := int8(0); int(sp) < l.nSpaces; sp++ {
		if sh.num[sp] != empty {
			continue
		}
		lo, hi := s.bounds(sh, sp)
		o[2*sp] = unit(float64(lo+1), 18)
		o[2*sp+1] = unit(float64(hi), 18)
	}
	o[2*l.nSpaces] = unit(float64(s.slackOf(sh)), float64(18*l.nSpaces))
}

// The progress-gain slots (each combination's best gain, each space's
// gain) are 0 for now. A gain was measured by applying the move to a copy of
// the state, and what follows the move (the end of the turn, with the
// sabotages and races of the other seats' writes this turn) reads what the
// observer cannot see yet: the conformance suite's Resample check caught a
// 3-player Adventure 1 game whose observation changed with the others'
// hidden writes. A gain read from the observer's own sheet alone (the
// rockets of the quarter a write completes) was tried and did not make the
// imitated network stronger (docs/benchmarks/learning.md), so the slots
// stay zero.

// observeChoices writes what the observer's current decision offers on the
// sheet sh it writes on. Choosing a combination: per combination, whether
// its number can be written with its own action, how many (space, value)
// pairs take it, 1 - 0.9 x the least slack one of them loses (/60) and its
// best progress gain (reserved, 0). Choosing a space: per space, 1 - 0.9 x
// the slack lost by writing the number there (/60; 0 where it may not go),
// then per space its progress gain (reserved, 0), then per space 1 where it
// keeps the most slack (ties all marked).
func (s *State) observeChoices(p int, sh *sheet, o []float32) {
	l := s.lay()
	var t slackTable
	switch s.sub {
	case subChoose:
		t.fill(s, sh)
		for c := 0; c < s.numCombos(); c++ {
			numC, actC := s.combo(c)
			if numC < 0 || actC < 0 || isAstraCard(numC) || isAstraCard(actC) {
				continue
			}
			pairs, least := s.comboOptions(p, sh, &t, cardNum[numC], cardAct[actC])
			if pairs == 0 {
				continue
			}
			f := o[comboFeats*c:]
			f[0] = 1
			f[1] = unit(float64(pairs), float64(l.nSpaces))
			f[2] = 1 - 0.9*unit(float64(least), lossScale)
		}
	case subSpace:
		t.fill(s, sh)
		o = o[comboFeats*maxCombos:]
		var bestKeep float32 = -1
		for sp := int8(0); int(sp) < l.nSpaces; sp++ {
			if v := s.nearest(p, sh, sp); v >= 0 {
				keep := 1 - 0.9*unit(float64(s.slackLossIn(sh, &t, sp, v)), lossScale)
				o[sp] = keep
				bestKeep = max(bestKeep, keep)
			}
		}
		for sp := 0; sp < l.nSpaces; sp++ {
			if o[sp] > 0 && o[sp] == bestKeep {
				o[2*maxSpaces+sp] = 1
			}
		}
	}
}
