package welcomemoon

import "github.com/moongym/moongym/engine"

// The turn lookahead of the observation in Adventures 2-8
// (docs/rules/welcome-moon.md, "Observation tensor"): for every legal move
// of the observer's decision, where the rest of its turn leads when every
// later choice of the turn is the one-step best. An imitating network could
// not compute what a combination or an Adventure 2 wall is worth from the
// sheet's marks (docs/benchmarks/learning.md, "welcome-moon, solo"); the
// heuristic it imitates does exactly this computation (in Adventure 3 with
// other seats, by the expert's ExpertValue, the teacher there: expert.go;
// elsewhere ExpertValue is TurnValue). With other seats it
// is computed in the observer's view of the turn (lookView): the choices
// the other seats made this turn are put back to the start of the turn, so
// the block reads nothing the observer cannot see. Adventure 1 (whose
// shipped models read its observation) has no block.

const (
	// lookFeats are the lookahead values per action: 1 - (best - value)/20
	// clipped to [0.02, 1] for a legal move (0 for the others), then 1 on
	// the best moves.
	lookFeats = 2
	// lookScale is the value gap, in points, that the first feature spans.
	lookScale = 20
)

// lookahead reports whether the game's observation has the turn lookahead.
func (g *Game) lookahead() bool {
	return g.lay.adv >= 2
}

// lookSize is the size of the lookahead block (0 where there is none).
func (g *Game) lookSize() int {
	if !g.lookahead() {
		return 0
	}
	return lookFeats * numAction
}

// lookScratch are the copies of the state one lookahead plays on (pooled
// in Game.scratch, so that Observe does not allocate).
type lookScratch struct {
	view, move, step State
	legal            [numAction]engine.Action // finishTurn's (a Rule may keep it)
}

// A Rule decides a choice the one-turn evaluation cannot see (the
// heuristic's mission and energy rules), or leaves it to TurnValue (false).
type Rule func(s *State, p int, legal []engine.Action) (engine.Action, bool)

// FinishTurn plays p's remaining decisions of turn `turn`, each the move
// whose result TurnValue (value.go) judges best (the first of equals)
// unless rule (nil: none) decides it: the heuristic player's plan of the
// rest of a turn, and the lookahead's.
func (s *State) FinishTurn(p engine.Player, turn int, rule Rule) {
	s.FinishTurnBy(p, turn, rule, nil)
}

// FinishTurnBy is FinishTurn judging each step by ExpertValue with weights
// w (nil: by TurnValue, as FinishTurn): the expert player's plan of the
// rest of a turn.
func (s *State) FinishTurnBy(p engine.Player, turn int, rule Rule, w *ExpertWeights) {
	sc := s.g.scratch.Get().(*lookScratch)
	defer s.g.scratch.Put(sc)
	s.finishTurn(p, turn, rule, w, sc)
}

// value is ExpertValue by w, or TurnValue when w is nil.
func (s *State) value(p int, w *ExpertWeights) float64 {
	if w == nil {
		return s.TurnValue(p)
	}
	return s.ExpertValue(p, w)
}

// finishTurn is FinishTurnBy with sc's step and legal as scratch.
func (s *State) finishTurn(p engine.Player, turn int, rule Rule, w *ExpertWeights, sc *lookScratch) {
	c := &sc.step
	for !s.IsTerminal() && s.CurrentPlayer() == p && s.Turn() == turn {
		legal := s.LegalActions(sc.legal[:0])
		if rule != nil {
			if a, ok := rule(s, int(p), legal); ok {
				s.Apply(a)
				continue
			}
		}
		best, bestV := legal[0], 0.0
		for i, a := range legal {
			*c = *s
			c.Apply(a)
			if v := c.value(int(p), w); i == 0 || v > bestV {
				best, bestV = a, v
			}
		}
		s.Apply(best)
	}
}

// observeLookahead writes the lookahead block into o (lookSize values) when
// p is to decide.
func (s *State) observeLookahead(p engine.Player, o []float32) {
	if s.IsTerminal() || s.CurrentPlayer() != p {
		return
	}
	var buf [numAction]engine.Action
	legal := s.LegalActions(buf[:0])
	sc := s.g.scratch.Get().(*lookScratch)
	defer s.g.scratch.Put(sc)
	s.lookFrom(p, legal, s.lookView(p, &sc.view), o, sc)
}

// lookFrom writes the lookahead block of p's legal moves into o, each move
// played from v (p's view of s) on sc's scratch states.
func (s *State) lookFrom(p engine.Player, legal []engine.Action, v *State, o []float32, sc *lookScratch) {
	var vals [numAction]float64
	c := &sc.move
	best := 0.0
	w := DefaultExpertWeights()
	for i, a := range legal {
		*c = *v
		c.Apply(a)
		c.finishTurn(p, s.Turn(), nil, &w, sc)
		vals[i] = c.ExpertValue(int(p), &w)
		if i == 0 || vals[i] > best {
			best = vals[i]
		}
	}
	for i, a := range legal {
		o[a] = float32(max(0.02, 1-min(1, (best-vals[i])/lookScale)))
		if vals[i] >= best-1e-9 {
			o[numAction+int(a)] = 1
		}
	}
}

// lookView is the state as p sees it during its decision, in buf (or s
// itself, solo): every other seat's choices of this turn (the marks of the
// sheet it writes on and its mission choices) put back to the start of the
// turn, as Resample does before it redraws them. No other seat writes on
// p's sheet in a turn (advRules.playSheet), so p's own choices stay. The rest
// of p's turn played on the view, and its TurnValue, are then the same in
// every world p cannot tell apart.
func (s *State) lookView(p engine.Player, buf *State) *State {
	if s.g.solo() {
		return s
	}
	*buf = *s
	for q := range s.g.players {
		if q != int(p) {
			buf.hide(q)
		}
	}
	return buf
}
