package lunarrally

import "math"

// Lookahead is what the best programs that put a card on the phase being
// programmed can achieve, per card, for the rover being programmed: each
// program that keeps the cards already down, puts the card on this phase and
// fills the later phases from what is left of the deck is previewed (as
// PreviewWith does, beside the guesses below), and per card the best of each
// quantity over those programs is kept. It reads nothing the rover's owner
// cannot see: the owner's own cards and the board. The other players'
// rovers that execute with it run the programs GuessOthers guesses for them
// (as the expert player previews), so that Hit and Safe count the shots of
// rovers that move.
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
	// Rating is how the best program with the card rates by the planner's
	// own score (ScoreProgram, previewed as the rest), against the best
	// program of all: 1 - (best - best with the card)/RatingSpan, clamped
	// to [0, 1]; 1 for the planner's choice, 0 for illegal cards. The other
	// quantities are each a best over the programs on its own; this one is
	// the best of their weighted sum, which the planner (the heuristic
	// beside guesses: the expert player) plays.
	Rating [NumCards]float32
	// Legal marks the cards that may go on the phase.
	Legal [NumCards]bool
}

// RatingSpan is the difference of ScoreProgram under which Lookahead.Rating
// reaches 0: six steps of path.
const RatingSpan = 60

// Lookahead evaluates the cards of the decision at hand; ok is false when
// no rover is being programmed. It does not allocate. The programs share
// their phases: each prefix is run once, not once per completion, and every
// program ends as Preview would have run it.
func (s *State) Lookahead() (la Lookahead, ok bool) {
	if s.stage != stageProgram {
		return la, false
	}
	w := lookWalker{i: int(s.target), phase: int(s.phase), phases: int(s.rovers[s.target].Phases), s: s}
	w.left = s.cardsLeft(w.i, w.phase)
	w.scale, w.board = float32(s.g.board.maxPath+1), s.g.board
	w.states[w.phase], w.before = s.previewStart(w.i)
	c := &w.states[w.phase]
	r := &c.rovers[w.i]
	for p := w.phase; p < MaxPhases; p++ {
		r.Program[p] = NoCard
	}
	gs := s.GuessOthers(w.i)
	w.mask = c.applyGuesses(w.i, &gs)
	for p := 0; p < w.phase && c.end == endNone; p++ {
		c.runPhase(p, w.mask)
	}
	w.start(w.left)
	w.walk(w.phase)
	w.finish()
	return w.la, true
}

// start marks the legal cards (those left) and the bests not yet found.
func (w *lookWalker) start(left [NumCards]int8) {
	for card := range w.la.Safe {
		w.la.Legal[card] = left[card] > 0
		w.la.Safe[card] = -1
		w.rating[card] = math.Inf(-1)
	}
}

// finish clamps Safe and turns the best scores into Rating.
func (w *lookWalker) finish() {
	best := math.Inf(-1)
	for card := range w.la.Safe {
		w.la.Safe[card] = max(0, w.la.Safe[card])
		best = max(best, w.rating[card])
	}
	for card, v := range w.rating {
		if w.la.Legal[card] && !math.IsInf(v, -1) {
			w.la.Rating[card] = float32(max(0, 1-(best-v)/RatingSpan))
		}
	}
}

// facingWorth is what facing along the path to the finish is worth in Close,
// in steps of path.
const facingWorth = 0.6

// lookWalker enumerates the completions of a program for Lookahead.
type lookWalker struct {
	la               Lookahead
	i, phase, phases int   // the rover, the phase being programmed, its phases
	mask             uint8 // the rovers executing: i and the guessed others
	left             [NumCards]int8
	first            Card // the card on the phase being programmed
	scale            float32
	board            *Board
	before           [maxRovers + 1]int
	rating           [NumCards]float64 // the best ScoreProgram per first card
	s                *State            // the state looked ahead from (its board and players)
	// states[p] is the preview\'s copy of the state with the phases before p run.
	states [MaxPhases + 1]State
}

// walk puts every card left on phase p of states[p] and goes on.
func (w *lookWalker) walk(p int) {
	c := &w.states[p]
	if p >= w.phases {
		end := *c
		for q := p; q < MaxPhases && end.end == endNone; q++ {
			end.runPhase(q, w.mask)
		}
		w.score(end.previewEnd(w.i, &w.before))
		return
	}
	for card := Card(0); card < NumCards; card++ {
		if w.left[card] == 0 {
			continue
		}
		if p == w.phase {
			w.first = card
		}
		w.left[card]--
		next := &w.states[p+1]
		*next = *c
		next.rovers[w.i].Program[p] = card
		if next.end == endNone {
			next.runPhase(p, w.mask)
		}
		w.walk(p + 1)
		w.left[card]++
	}
}

// score keeps the best of a program's preview for its first card.
func (w *lookWalker) score(pv Preview) {
	first, la, b := w.first, &w.la, w.board
	var close float32
	switch {
	case pv.Finished:
		close = 1
	case pv.Destroyed:
	default:
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
	w.rating[first] = max(w.rating[first], w.s.ScoreProgram(pv))
	la.Hit[first] = max(la.Hit[first], min(1, float32(pv.EnemyDamage)/3))
	la.Safe[first] = max(la.Safe[first], min(1, float32(3-pv.Damage)/3))
}
