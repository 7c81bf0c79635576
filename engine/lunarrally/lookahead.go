package lunarrally

// Lookahead is what the best programs that put a card on the phase being
// programmed can achieve, per card, for the rover being programmed: each
// program that keeps the cards already down, puts the card on this phase and
// fills the later phases from what is left of the deck is previewed (the
// rover alone on the board, as Preview does), and per card the best of each
// quantity over those programs is kept. It reads nothing the rover's owner
// cannot see: the owner's own cards and the board.
type Lookahead struct {
	// Close is 1 if the finish line can be reached, 0 if the rover is
	// destroyed or cut off from the finish, else 1 - path/(longest path + 1)
	// for the cheapest remaining path to the finish (Board.FinishPath).
	Close [NumCards]float32
	// Hit is the most shields and phases other players' rovers can lose,
	// divided by 3 and capped at 1.
	Hit [NumCards]float32
	// Safe is 1 - the least damage the rover can take (net of repairs),
	// divided by 3, clamped to [0, 1].
	Safe [NumCards]float32
	// Legal marks the cards that may go on the phase.
	Legal [NumCards]bool
}

// Lookahead evaluates the cards of the decision at hand; ok is false when
// no rover is being programmed. It does not allocate.
func (s *State) Lookahead() (la Lookahead, ok bool) {
	if s.stage != stageProgram {
		return la, false
	}
	w := lookWalker{s: s, la: &la, i: int(s.target), phase: int(s.phase)}
	w.left = s.cardsLeft(w.i, w.phase)
	w.prog = s.rovers[w.i].Program
	for p := w.phase; p < MaxPhases; p++ {
		w.prog[p] = NoCard
	}
	w.scale = float32(s.g.board.maxPath + 1)
	for c := range la.Safe {
		la.Legal[c] = w.left[c] > 0
		la.Safe[c] = -1
	}
	w.walk(w.phase)
	for c := range la.Safe {
		la.Safe[c] = max(0, la.Safe[c])
	}
	return la, true
}

// facingWorth is what facing along the path to the finish is worth in Close,
// in steps of path.
const facingWorth = 0.6

// lookWalker enumerates the completions of a program for Lookahead.
type lookWalker struct {
	s        *State
	la       *Lookahead
	i, phase int
	left     [NumCards]int8
	prog     [MaxPhases]Card
	scale    float32
}

func (w *lookWalker) walk(p int) {
	if p >= int(w.s.rovers[w.i].Phases) {
		w.score()
		return
	}
	for c := Card(0); c < NumCards; c++ {
		if w.left[c] == 0 {
			continue
		}
		w.left[c]--
		w.prog[p] = c
		w.walk(p + 1)
		w.prog[p] = NoCard
		w.left[c]++
	}
}

// score previews the program and keeps the best per first card.
func (w *lookWalker) score() {
	pv := w.s.Preview(w.i, w.prog)
	first, la := w.prog[w.phase], w.la
	var close float32
	switch {
	case pv.Finished:
		close = 1
	case pv.Destroyed:
	default:
		b := w.s.g.board
		if d := b.FinishPath(pv.Pos); d >= 0 {
			// Facing along the path saves a turn later: worth most of a step.
			along := float32(0)
			if np := b.FinishPath(b.Neighbor(pv.Pos, pv.Heading)); np >= 0 && np < d {
				along = facingWorth
			}
			close = min(1, 1-(float32(d)-along)/w.scale)
		}
	}
	la.Close[first] = max(la.Close[first], close)
	la.Hit[first] = max(la.Hit[first], min(1, float32(pv.EnemyDamage)/3))
	la.Safe[first] = max(la.Safe[first], min(1, float32(3-pv.Damage)/3))
}
