package mcts

import (
	"fmt"
	"math/rand/v2"

	"github.com/moongym/moongym/engine"
)

// RolloutEvaluator gives uniform priors over the legal actions and values
// from uniformly random playouts to the end of the game (chance outcomes
// drawn by their probabilities), averaged over Rollouts playouts.
//
// It is NOT safe for concurrent use: it owns a random generator and scratch
// buffers. Give each Search its own.
type RolloutEvaluator struct {
	// Rollouts is the number of playouts averaged per leaf; values below 1
	// count as 1.
	Rollouts int

	game     engine.Game
	pcg      *rand.PCG // the random source (intN, float64Of)
	scratch  engine.State
	legal    []engine.Action
	outcomes []engine.Outcome
	ret      []float64
	sum      []float64
	// listed[i] holds the legal actions of the i-th state of the last
	// Evaluate call, for the first nlisted states.
	listed  [][]engine.Action
	nlisted int
}

var (
	_ Evaluator   = (*RolloutEvaluator)(nil)
	_ legalLister = (*RolloutEvaluator)(nil)
)

// legalLister is an Evaluator that lists the legal actions of the states it
// evaluates and keeps the lists, so that the search, which expands those
// leaves right after the Evaluate call, need not list them again.
type legalLister interface {
	// listedLegal returns the legal actions of states[i] of the last
	// Evaluate call, in LegalActions order, or nil if it has none.
	listedLegal(i int) []engine.Action
}

func (r *RolloutEvaluator) listedLegal(i int) []engine.Action {
	if i >= r.nlisted {
		return nil
	}
	return r.listed[i]
}

// NewRolloutEvaluator makes a one-playout random-rollout evaluator for g,
// seeded with seed. It is not safe for concurrent use.
func NewRolloutEvaluator(g engine.Game, seed uint64) *RolloutEvaluator {
	return &RolloutEvaluator{
		Rollouts: 1,
		game:     g,
		pcg:      rand.NewPCG(seed, 0x726f6c6c),
		legal:    make([]engine.Action, 0, max(g.NumActions(), g.MaxChanceOutcomes())),
		outcomes: make([]engine.Outcome, 0, g.MaxChanceOutcomes()+1),
		ret:      make([]float64, 0, g.NumPlayers()),
		sum:      make([]float64, g.NumPlayers()),
	}
}

// Evaluate fills uniform priors and rollout values for each state.
func (r *RolloutEvaluator) Evaluate(states []engine.State, out []Evaluation) error {
	n := max(r.Rollouts, 1)
	r.nlisted = 0
	for i, st := range states {
		ev := &out[i]
		clear(ev.Priors)
		if i == len(r.listed) {
			r.listed = append(r.listed, make([]engine.Action, 0, cap(r.legal)))
		}
		legal := st.LegalActions(r.listed[i])
		r.listed[i] = legal
		r.nlisted = i + 1
		for _, a := range legal {
			ev.Priors[a] = 1 / float32(len(legal))
		}
		clear(r.sum)
		for k := 0; k < n; k++ {
			// The first playout's first move is drawn from the legal
			// actions just listed for the priors (they are st's).
			var first []engine.Action
			if k == 0 {
				first = legal
			}
			if err := r.playout(st, first); err != nil {
				return err
			}
			for p := range r.sum {
				r.sum[p] += r.ret[p]
			}
		}
		for p := range ev.Values {
			ev.Values[p] = float32(r.sum[p] / float64(n))
		}
	}
	return nil
}

// playout plays uniformly at random from a copy of st to the end and leaves
// the returns in r.ret. first, unless nil, holds st's legal actions.
func (r *RolloutEvaluator) playout(st engine.State, first []engine.Action) error {
	r.scratch = engine.CopyInto(r.scratch, st)
	s := r.scratch
	maxLen := r.game.MaxGameLength()
	for steps := 0; !s.IsTerminal(); steps++ {
		if steps > maxLen {
			return fmt.Errorf("%w: %d steps (%d allowed)", ErrRolloutTooLong, steps, maxLen)
		}
		if s.CurrentPlayer() == engine.Chance {
			r.outcomes = s.ChanceOutcomes(r.outcomes)
			s.Apply(engine.SampleOutcome(r.outcomes, float64Of(r.pcg)))
			continue
		}
		legal := first
		if steps > 0 || first == nil {
			r.legal = s.LegalActions(r.legal)
			legal = r.legal
		}
		s.Apply(legal[intN(r.pcg, len(legal))])
	}
	r.ret = s.Returns(r.ret)
	return nil
}

// ValueFunc scores a state for every seat (absolute seat order), like
// agents.Heuristic.Evaluate.
type ValueFunc func(s engine.State, dst []float64) []float64

// ValueEvaluator gives uniform priors and the values of a ValueFunc,
// clamped to the game's utility range. It is safe for concurrent use if its
// ValueFunc is; it keeps no state of its own besides the game.
type ValueEvaluator struct {
	game engine.Game
	fn   ValueFunc
}

var _ Evaluator = ValueEvaluator{}

// NewValueEvaluator wraps a value function (a game heuristic, say) as an
// Evaluator with uniform priors.
func NewValueEvaluator(g engine.Game, fn ValueFunc) ValueEvaluator {
	return ValueEvaluator{game: g, fn: fn}
}

// Evaluate fills uniform priors and fn's values for each state.
func (v ValueEvaluator) Evaluate(states []engine.State, out []Evaluation) error {
	var legalBuf [64]engine.Action
	var valBuf [8]float64
	lo, hi := v.game.MinUtility(), v.game.MaxUtility()
	for i, st := range states {
		ev := &out[i]
		clear(ev.Priors)
		legal := st.LegalActions(legalBuf[:0])
		for _, a := range legal {
			ev.Priors[a] = 1 / float32(len(legal))
		}
		vals := v.fn(st, valBuf[:0])
		if len(vals) != len(ev.Values) {
			return fmt.Errorf("%w: value function gave %d values for %d seats", ErrEvaluator, len(vals), len(ev.Values))
		}
		for p, x := range vals {
			ev.Values[p] = float32(min(max(x, lo), hi))
		}
	}
	return nil
}
