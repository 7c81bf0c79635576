package welcomemoon

// astraLevels[level-1][action] is what a card of that action gives ASTRA
// (solo-astra.md 1): points in A2-A8, track boxes in A1.
var astraLevels = [8][numActs]int{
	{2, 3, 2, 3, 1, 4}, // 1 Katherine
	{2, 3, 3, 2, 4, 3}, // 2 Alexei
	{5, 4, 2, 2, 2, 3}, // 3 Margaret
	{2, 6, 4, 3, 3, 2}, // 4 Franklin
	{4, 4, 4, 4, 4, 3}, // 5 Sergei
	{6, 2, 4, 5, 4, 4}, // 6 Stephanie
	{5, 4, 3, 6, 5, 4}, // 7 Thomas
	{5, 3, 6, 3, 6, 6}, // 8 Peggy
}

var astraNames = [8]string{"Katherine", "Alexei", "Margaret", "Franklin", "Sergei", "Stephanie", "Thomas", "Peggy"}

// astraCard resolves ASTRA effect card x (0 A, 1 B, 2 C) as it is revealed
// (solo-astra.md 5). It reports whether the player must pick a target.
func (s *State) astraCard(x int8) bool {
	defer s.syncPub() // outside a turn every sheet is public
	l := s.lay()
	if s.deck.pass[0] >= 1 && s.sh[0].mdone&(1<<x) == 0 {
		s.mtaken |= 1 << x // 2nd draw: ASTRA takes mission x
	}
	if l.astraCards&(1<<x) == 0 {
		return false
	}
	if l.astraError {
		s.markError(0)
	}
	s.ctx.reset()
	if len(l.astraBoxes) > 0 {
		s.push(effAstra, x)
	}
	l.r.astraCard(s, x)
	s.cur = 0
	return s.runAstra()
}

// runAstra resolves the pending effects of an ASTRA card until one needs
// the player's choice (phase phAstra; it reports true) or none is left.
func (s *State) runAstra() bool {
	if s.settle(0) {
		s.phase = phAstra
		return true
	}
	s.ctx.reset()
	s.phase = phChance
	return false
}

// astraTargetOK: box t of the ASTRA card's list is still available.
func (s *State) astraTargetOK(t int) bool {
	l := s.lay()
	if t >= len(l.astraBoxes) {
		return false
	}
	id := l.astraBoxes[t]
	return !s.sh[0].cross.has(id) && !s.sh[0].circ.has(id)
}

func (s *State) applyAstra(t int) {
	e := s.ctx.pend[0]
	s.pop()
	s.applyTarget(0, e, t)
	more := s.runAstra()
	s.syncPub()
	if !more {
		s.advanceChance()
	}
}

// astraScore is ASTRA's score (solo-astra.md 2 and 4): the adventure's
// astraScore hook.
func (s *State) astraScore() int { return s.lay().r.astraScore(s) }
