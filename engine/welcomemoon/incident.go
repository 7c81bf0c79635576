package welcomemoon

// The phase 5 stage (phIncident): when an adventure's incidents need
// decisions (A6 propagations: which space each virus infects), every seat
// in turn resolves its own after all seats have played the turn; then each
// is asked about the missions its sheet meets, and the missions are
// checked. The stage is public: the turn's choices are revealed when it
// starts (syncPub) and every decision in it is seen at once.

// startIncidents begins a round of the stage with seat 0; s.prop holds
// each seat's propagations.
func (s *State) startIncidents() {
	s.syncPub()
	s.phase = phIncident
	s.sub = subChoose
	s.cur = 0
	s.beginIncident()
	s.runIncident()
}

// beginIncident queues seat cur's propagations, then its mission choices.
func (s *State) beginIncident() {
	s.ctx.reset()
	p := s.cur
	for range s.prop[p] {
		s.push(effPropagate, 0)
	}
	s.prop[p] = 0
	s.push(effAskMissions, 0)
}

// runIncident resolves the stage until a seat must choose; after the last
// seat it checks the missions and lets the adventure start another round
// (A6: a virus activated by a first accomplishment), or ends the turn.
func (s *State) runIncident() {
	for {
		if s.settle(int(s.cur)) {
			s.syncPub()
			return
		}
		if int(s.cur)+1 < s.g.players {
			s.cur++
			s.beginIncident()
			continue
		}
		s.syncPub()
		s.checkMissions()
		if s.lay().r.incidents(s) {
			return // a new round
		}
		s.closeTurnRound()
		return
	}
}

// applyIncident applies seat cur's decision in the stage.
func (s *State) applyIncident(a int) {
	e := s.ctx.pend[0]
	s.pop()
	if a != aSkip {
		s.applyTarget(int(s.cur), e, a-aTarget)
	}
	s.runIncident()
}
