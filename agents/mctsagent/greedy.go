package mctsagent

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

func init() {
	agents.Register(agents.Info{
		Name: "greedy",
		Doc:  "one-ply search with the game's heuristic evaluation",
		Options: []agents.Option{
			{Name: "worlds", Default: "8", Doc: "worlds resampled from the player's information (hidden-information games)", Max: MaxWorlds},
			{Name: "seed", Default: "", Doc: "random seed for tie-breaks and resampling (default: the one the caller gives)"},
		},
		New: func(ctx agents.Context) (agents.Agent, error) {
			worlds, err := ctx.Opts.Int("worlds")
			if err != nil {
				return nil, err
			}
			h, err := agents.HeuristicFor(ctx.Game.Spec().Name)
			if err != nil {
				return nil, err
			}
			if h.Evaluate == nil {
				return nil, fmt.Errorf("%w: the heuristic of %s has no Evaluate", agents.ErrNoHeuristic, ctx.Game.Spec().Name)
			}
			return NewGreedy(ctx.Game, h.Evaluate, worlds, ctx.Seed)
		},
	})
}

// MaxWorlds is the bound a server accepts (agents.Option.Max) for the
// greedy agent's worlds: the resampled states a move holds at once (a few
// kilobytes each) and evaluates every legal action in. ActContext looks at
// its context between worlds, so the time a move takes is the request's
// business; memory is what the bound keeps small.
const MaxWorlds = 256

// maxChanceLeaves bounds the exact expectation over the chance outcomes that
// follow a move; beyond it the greedy agent samples chanceSamples outcomes.
const (
	maxChanceLeaves = 256
	chanceSamples   = 16
)

// Greedy plays the action whose resulting state the evaluation function
// scores best for the player to move. Chance nodes after the move are
// averaged over (exactly when there are few outcomes, by sampling
// otherwise); in a hidden-information game the scores are averaged over
// worlds drawn with State.Resample, so the choice uses only what the player
// may know. Ties are broken at random.
type Greedy struct {
	game   engine.Game
	eval   mcts.ValueFunc
	worlds int
	rng    *rand.Rand
	vals   []float64
	outs   []engine.Outcome
}

var (
	_ agents.Agent        = (*Greedy)(nil)
	_ agents.ContextActor = (*Greedy)(nil)
)

// NewGreedy makes a greedy agent for g from an evaluation function.
func NewGreedy(g engine.Game, eval mcts.ValueFunc, worlds int, seed uint64) (*Greedy, error) {
	if eval == nil {
		return nil, fmt.Errorf("%w: nil evaluation function", agents.ErrNoHeuristic)
	}
	if worlds < 1 {
		return nil, fmt.Errorf("%w: worlds=%d, want at least 1", agents.ErrBadSpec, worlds)
	}
	return &Greedy{game: g, eval: eval, worlds: worlds, rng: agents.NewRNG(seed)}, nil
}

// Act picks the best-scoring legal action.
func (g *Greedy) Act(s engine.State) (engine.Action, error) {
	return g.ActContext(context.Background(), s)
}

// ActContext is Act that stops when ctx is done, with an error wrapping
// ctx.Err(): it looks at ctx before each world it resamples and before
// each action it values in a world (at most maxChanceLeaves evaluations).
func (g *Greedy) ActContext(ctx context.Context, s engine.State) (engine.Action, error) {
	if err := agents.CheckToAct(s); err != nil {
		return 0, err
	}
	stopped := func() error {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("greedy move stopped: %w", err)
		}
		return nil
	}
	me := s.CurrentPlayer()
	legal := s.LegalActions(nil)
	worlds := []engine.State{s}
	if g.game.Spec().Information == engine.ImperfectInformation {
		worlds = worlds[:0]
		for i := 0; i < g.worlds; i++ {
			if err := stopped(); err != nil {
				return 0, err
			}
			worlds = append(worlds, s.Resample(me, g.rng))
		}
	}
	best, bestV, ties := legal[0], 0.0, 0
	for i, a := range legal {
		v := 0.0
		for _, w := range worlds {
			if err := stopped(); err != nil {
				return 0, err
			}
			c := w.Clone()
			c.Apply(a)
			v += g.value(c, me, maxChanceLeaves)
		}
		v /= float64(len(worlds))
		switch {
		case i == 0 || v > bestV:
			best, bestV, ties = a, v, 1
		case v == bestV:
			ties++
			if g.rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best, nil
}

// value is the evaluation of s for player me, averaged over the chance
// outcomes that s starts with: exactly while the number of leaves stays
// within budget, else over chanceSamples sampled lines.
func (g *Greedy) value(s engine.State, me engine.Player, budget int) float64 {
	if s.CurrentPlayer() != engine.Chance {
		return g.leaf(s, me)
	}
	outs := s.ChanceOutcomes(nil)
	if len(outs) > budget {
		v := 0.0
		for i := 0; i < chanceSamples; i++ {
			c := s.Clone()
			for c.CurrentPlayer() == engine.Chance {
				g.outs = c.ChanceOutcomes(g.outs)
				c.Apply(engine.SampleOutcome(g.outs, g.rng.Float64()))
			}
			v += g.leaf(c, me)
		}
		return v / chanceSamples
	}
	v := 0.0
	for _, o := range outs {
		c := s.Clone()
		c.Apply(o.Action)
		v += o.Prob * g.value(c, me, budget/len(outs))
	}
	return v
}

func (g *Greedy) leaf(s engine.State, me engine.Player) float64 {
	g.vals = g.eval(s, g.vals)
	if int(me) >= len(g.vals) {
		return 0
	}
	return g.vals[me]
}
