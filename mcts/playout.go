package mcts

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/moongym/moongym/engine"
)

// PlayoutEvaluator wraps an evaluator (a network's, say) so that a leaf is
// valued where its own policy leads: the leaf's priors are the inner
// evaluator's, and its values those the inner evaluator gives the state
// reached by playing Depth more decisions from the leaf, each the most
// probable legal action of the inner evaluator's priors there (the lower
// action of equals; chance outcomes drawn by their probabilities), or the
// returns where the game ends sooner.
//
// It is for games whose positions the value head cannot tell apart until
// some later event resolves them: in Lunar Rally the cards a player
// programs move nothing until every seat has programmed and the rovers
// execute, so the children of a programming decision look alike to a value
// head that observes them from the next seat to decide, which cannot see
// the card (docs/benchmarks/learning.md, "lunar-rally"). A playout of the
// rest of the programming carries each card to its execution. The cost is
// Depth+1 inner evaluations a leaf instead of one.
//
// Evaluate is safe for concurrent use when the inner evaluator is (calls
// are serialised: the playouts share one random generator, so that a
// search with a fixed configuration and seed is reproducible).
type PlayoutEvaluator struct {
	inner Evaluator
	depth int
	game  engine.Game

	mu       sync.Mutex
	pcg      *rand.PCG
	scratch  []engine.State // one playout state per leaf of the batch
	live     []engine.State // the playouts still going, in leaf order
	liveIdx  []int          // live[k] is the playout of leaf liveIdx[k]
	out      []Evaluation   // the inner evaluator's answers for live
	legal    []engine.Action
	outcomes []engine.Outcome
	ret      []float64
}

var _ Evaluator = (*PlayoutEvaluator)(nil)

// NewPlayoutEvaluator wraps inner with playouts of depth decisions for game
// g, their chance outcomes drawn from a generator seeded with seed. depth
// 0 gives inner's values unchanged; a negative depth is an error wrapping
// ErrBadConfig.
func NewPlayoutEvaluator(g engine.Game, inner Evaluator, depth int, seed uint64) (*PlayoutEvaluator, error) {
	if depth < 0 {
		return nil, fmt.Errorf("%w: playout depth %d, want 0 or more", ErrBadConfig, depth)
	}
	if inner == nil {
		return nil, fmt.Errorf("%w: playout evaluator without an inner evaluator", ErrBadConfig)
	}
	return &PlayoutEvaluator{
		inner: inner, depth: depth, game: g,
		pcg:      rand.NewPCG(seed, 0x706c6179),
		legal:    make([]engine.Action, 0, max(g.NumActions(), g.MaxChanceOutcomes())),
		outcomes: make([]engine.Outcome, 0, g.MaxChanceOutcomes()+1),
		ret:      make([]float64, 0, g.NumPlayers()),
	}, nil
}

// Depth is the number of decisions played from each leaf.
func (p *PlayoutEvaluator) Depth() int { return p.depth }

// Evaluate implements Evaluator: priors of the leaves, values at the ends
// of their playouts.
func (p *PlayoutEvaluator) Evaluate(states []engine.State, out []Evaluation) error {
	if len(out) != len(states) {
		return fmt.Errorf("%w: %d states, %d outputs", ErrEvaluator, len(states), len(out))
	}
	if err := p.inner.Evaluate(states, out); err != nil {
		return err
	}
	if p.depth == 0 || len(states) == 0 {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.scratch) < len(states) {
		p.scratch = append(p.scratch, nil)
	}
	// A playout for every leaf at a decision (the search evaluates no other).
	p.live, p.liveIdx = p.live[:0], p.liveIdx[:0]
	for i, st := range states {
		if st.IsTerminal() || st.CurrentPlayer() == engine.Chance {
			continue
		}
		p.scratch[i] = engine.CopyInto(p.scratch[i], st)
		p.live, p.liveIdx = append(p.live, p.scratch[i]), append(p.liveIdx, i)
	}
	for step := 1; ; step++ {
		// One move of each playout: the most probable by the priors of
		// its position, the leaf's own for the first.
		for j, s := range p.live {
			priors := out[p.liveIdx[j]].Priors
			if step > 1 {
				priors = p.out[j].Priors
			}
			s.Apply(p.greedy(s, priors))
			if err := p.settle(s); err != nil {
				return err
			}
		}
		// The playouts that ended take the returns as values.
		k := 0
		for j, s := range p.live {
			if s.IsTerminal() {
				p.ret = s.Returns(p.ret)
				for q, v := range p.ret {
					out[p.liveIdx[j]].Values[q] = float32(v)
				}
				continue
			}
			p.live[k], p.liveIdx[k] = s, p.liveIdx[j]
			k++
		}
		p.live, p.liveIdx = p.live[:k], p.liveIdx[:k]
		if len(p.live) == 0 {
			return nil
		}
		p.grow(len(p.live))
		if err := p.inner.Evaluate(p.live, p.out[:len(p.live)]); err != nil {
			return err
		}
		if step == p.depth {
			for j, i := range p.liveIdx {
				copy(out[i].Values, p.out[j].Values)
			}
			return nil
		}
	}
}

// greedy is the legal action of s with the largest prior (the lower of
// equals).
func (p *PlayoutEvaluator) greedy(s engine.State, priors []float32) engine.Action {
	p.legal = s.LegalActions(p.legal)
	best := p.legal[0]
	for _, a := range p.legal[1:] {
		if priors[a] > priors[best] {
			best = a
		}
	}
	return best
}

// settle plays the chance nodes s stands on, drawing their outcomes.
func (p *PlayoutEvaluator) settle(s engine.State) error {
	for n := 0; s.CurrentPlayer() == engine.Chance; n++ {
		if n > p.game.MaxGameLength() {
			return fmt.Errorf("%w: %d chance nodes in a row", ErrRolloutTooLong, n)
		}
		p.outcomes = s.ChanceOutcomes(p.outcomes)
		s.Apply(engine.SampleOutcome(p.outcomes, float64Of(p.pcg)))
	}
	return nil
}

// grow sizes the inner evaluator's answer buffers for n playouts.
func (p *PlayoutEvaluator) grow(n int) {
	for len(p.out) < n {
		p.out = append(p.out, Evaluation{
			Priors: make([]float32, p.game.NumActions()),
			Values: make([]float32, p.game.NumPlayers()),
		})
	}
}
