package lunarrally

import "github.com/moongym/moongym/engine"

// Action layout: [0, 8) cards, [8, 8+S) start hexes, [8+S, 14+S) facings.

// CardAction is the action that programs card c.
func CardAction(c Card) engine.Action { return engine.Action(c) }

// StartAction is the action that places a rover on the k-th start hex.
func (g *Game) StartAction(k int) engine.Action { return engine.Action(NumCards + k) }

// FacingAction is the action that faces a placed rover in direction d.
func (g *Game) FacingAction(d int) engine.Action {
	return engine.Action(NumCards + g.board.nStarts + d)
}

// placeOrder is the rover placed k-th: Rover 1s from the first player to
// the left (seat order), then Rover 2s back to the right.
func (s *State) placeOrder(k int) int {
	n := s.g.players
	if k < n {
		return 2 * ((int(s.first) + k) % n)
	}
	return 2*((int(s.first)+2*n-1-k)%n) + 1
}

// needsReplacement reports whether a seat has lost both rovers.
func (s *State) needsReplacement(seat int) bool {
	return s.rovers[2*seat].Status == Destroyed && s.rovers[2*seat+1].Status == Destroyed
}

// groupMask is the set of rover kinds being programmed (bit 0 Rover 1, bit 1 Rover 2).
func (s *State) groupMask() int {
	if s.initial {
		return 3
	}
	return 1 << s.moon
}

// locate finds the next decision of the current stage and sets the cursor;
// false when the stage has none left.
func (s *State) locate() bool {
	n := s.g.players
	switch s.stage {
	case stagePlace, stageFace:
		if s.initial {
			placed := 0
			for i := 0; i < 2*n; i++ {
				if s.rovers[i].Status != Waiting {
					placed++
				}
			}
			if placed == 2*n {
				return false
			}
			s.target = int8(s.placeOrder(placed))
			s.actor = s.target / 2
			return true
		}
		// Replacements are placed like the Rover 1s at the start: from the
		// first player to the left, so no seat picks its start hex first
		// because of its number.
		for k := 0; k < n; k++ {
			if seat := (int(s.first) + k) % n; s.needsReplacement(seat) {
				s.target, s.actor = int8(2*seat), int8(seat)
				return true
			}
		}
		return false
	case stageProgram:
		mask := s.groupMask()
		for i := 0; i < 2*n; i++ {
			r := &s.rovers[i]
			if mask&(1<<(i%2)) == 0 || r.Status != Racing {
				continue
			}
			for p := int8(0); p < r.Phases; p++ {
				if r.Program[p] == NoCard {
					s.target, s.actor, s.phase = int8(i), int8(i/2), p
					return true
				}
			}
		}
	}
	return false
}

// advance moves on to the next decision, executing rovers as programs complete.
func (s *State) advance() {
	for {
		switch s.stage {
		case stagePlace, stageFace:
			if s.locate() {
				return
			}
			s.stage = stageProgram
		case stageProgram:
			if s.locate() {
				return
			}
			s.finishProgramming()
		default:
			return
		}
	}
}

// finishProgramming executes the next rovers and sets up their reprogramming.
func (s *State) finishProgramming() {
	if s.initial {
		s.initial = false
	} else {
		s.moon ^= 1
		if s.moon == 0 {
			s.turn++
		}
	}
	s.execute(int(s.moon))
	// The executed cards go back to their decks (they stay on view in Shown).
	for i := int(s.moon); i < 2*s.g.players; i += 2 {
		s.rovers[i].Program = emptyProgram
	}
	if s.end != endNone {
		s.stage = stageOver
		return
	}
	if s.moon == 1 && int(s.turn) >= s.g.turnLimit {
		s.end = endTurnLimit
		s.stage = stageOver
		return
	}
	s.stage = stageProgram
	if s.moon == 0 && s.g.replacement {
		s.stage = stagePlace
	}
}

// LegalActions lists the legal actions, sorted.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	b := s.g.board
	switch s.stage {
	case stageFirst:
		for i := 0; i < s.g.players; i++ {
			dst = append(dst, engine.Action(i))
		}
	case stagePlace:
		for k := 0; k < b.nStarts; k++ {
			if s.occupant(b.starts[k]) < 0 {
				dst = append(dst, engine.Action(NumCards+k))
			}
		}
	case stageFace:
		mask := b.facings[b.startSlot[s.pending]]
		for d := 0; d < 6; d++ {
			if mask&(1<<d) != 0 {
				dst = append(dst, engine.Action(NumCards+b.nStarts+d))
			}
		}
	case stageProgram:
		left := s.cardsLeft(int(s.target), int(s.phase))
		for c := 0; c < NumCards; c++ {
			if left[c] > 0 {
				dst = append(dst, engine.Action(c))
			}
		}
	}
	return dst
}

// cardsLeft counts the cards of rover i's deck not on phases before phase.
func (s *State) cardsLeft(i, phase int) [NumCards]int8 {
	left := Decks[i%2]
	for p := 0; p < phase; p++ {
		if c := s.rovers[i].Program[p]; c != NoCard {
			left[c]--
		}
	}
	return left
}

// ChanceOutcomes: the first player, uniformly.
func (s *State) ChanceOutcomes(dst []engine.Outcome) []engine.Outcome {
	dst = dst[:0]
	if s.stage != stageFirst {
		return dst
	}
	p := 1 / float64(s.g.players)
	for i := 0; i < s.g.players; i++ {
		dst = append(dst, engine.Outcome{Action: engine.Action(i), Prob: p})
	}
	return dst
}

// Apply plays a legal action.
func (s *State) Apply(a engine.Action) {
	b := s.g.board
	switch s.stage {
	case stageFirst:
		s.first = int8(a)
		s.stage = stagePlace
		s.advance()
	case stagePlace:
		s.pending = b.starts[int(a)-NumCards]
		s.stage = stageFace
	case stageFace:
		s.place(int(s.target), s.pending, int8(int(a)-NumCards-b.nStarts))
		s.pending = -1
		s.stage = stagePlace
		s.advance()
	case stageProgram:
		s.rovers[s.target].Program[s.phase] = Card(a)
		s.advance()
	}
}

// place puts a new, fully equipped rover on the board.
func (s *State) place(i int, cell int16, heading int8) {
	s.rovers[i] = Rover{
		Status: Racing, Pos: cell, Heading: heading, Phases: MaxPhases,
		Shields: MaxShields[i%2], Missiles: MaxMissiles[i%2],
		Program: emptyProgram, Shown: emptyProgram,
	}
}

// ActionString names an action: a card, a start hex or a facing.
func (s *State) ActionString(a engine.Action) string {
	b := s.g.board
	switch {
	case s.stage == stageFirst:
		if a >= 0 && int(a) < s.g.players {
			return engine.Player(a).String() + "-first"
		}
	case a >= 0 && a < NumCards:
		return Card(a).String()
	case int(a) < NumCards+b.nStarts && a >= 0:
		return b.CellName(int(b.starts[int(a)-NumCards]))
	case int(a) < NumCards+b.nStarts+6 && a >= 0:
		return dirNames[int(a)-NumCards-b.nStarts]
	}
	return "?"
}
