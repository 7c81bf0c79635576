package mctsagent

import (
	"context"
	"fmt"
	"time"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

func init() {
	agents.Register(agents.Info{
		Name: "mcts",
		Doc:  "Monte Carlo tree search (PUCT or UCT, max^n, information sets for hidden information)",
		Options: []agents.Option{
			{Name: "sims", Default: "1600", Doc: "simulations per move"},
			{Name: "c", Default: "1.4", Doc: "exploration constant (values scaled to [0,1])"},
			{Name: "uct", Default: "false", Doc: "plain UCT instead of PUCT with priors"},
			{Name: "evaluator", Default: "rollout", Doc: "leaf evaluation: rollout (random playouts) or heuristic (the game's heuristic Evaluate)"},
			{Name: "rollouts", Default: "2", Doc: "random playouts averaged per leaf (evaluator=rollout)", Max: MaxRollouts},
			{Name: "temperature", Default: "0", Doc: "move choice from visit counts: 0 = most visited"},
			{Name: "alpha", Default: "0", Doc: "Dirichlet noise alpha at the root (0 = no noise)"},
			{Name: "eps", Default: "0", Doc: "Dirichlet noise weight at the root"},
			{Name: "reuse", Default: "false", Doc: "keep the subtree between moves (perfect-information games)"},
			{Name: "batch", Default: "1", Doc: "leaves per evaluator call (virtual loss)", Max: MaxBatch},
			{Name: "mode", Default: "auto", Doc: "auto, perfect (sees hidden information: a cheating baseline) or infoset"},
			{Name: "maxtime", Default: "0", Doc: "wall-clock cap per move on top of sims, e.g. 500ms (0 = none; breaks reproducibility)"},
			{Name: "seed", Default: "", Doc: "random seed (default: the one the caller gives)"},
		},
		New: func(ctx agents.Context) (agents.Agent, error) {
			cfg, evName, rollouts, err := parseOptions(ctx.Opts)
			if err != nil {
				return nil, err
			}
			cfg.Seed = ctx.Seed
			var ev mcts.Evaluator
			switch evName {
			case "rollout":
				r := mcts.NewRolloutEvaluator(ctx.Game, ctx.Seed^0x5eed)
				r.Rollouts = rollouts
				ev = r
			case "heuristic":
				h, err := agents.HeuristicFor(ctx.Game.Spec().Name)
				if err != nil {
					return nil, err
				}
				if h.Evaluate == nil {
					return nil, fmt.Errorf("%w: the heuristic of %s has no Evaluate", agents.ErrNoHeuristic, ctx.Game.Spec().Name)
				}
				ev = mcts.NewValueEvaluator(ctx.Game, h.Evaluate)
			default:
				return nil, fmt.Errorf("%w: evaluator=%q, want rollout or heuristic", agents.ErrBadSpec, evName)
			}
			return New(ctx.Game, ev, cfg)
		},
	})
}

// Bounds a server accepts (agents.Option.Max, agents.CheckBounds) for the
// options of the "mcts" agent that scale one simulation's cost or a
// search's buffers. A search looks at its context between evaluator calls
// (mcts.Search.RunContext), so these bounds also bound how long a search
// runs on after its request is cancelled.
const (
	// MaxRollouts bounds rollouts: the random playouts of one leaf, each a
	// whole game. The docs use 1 to 4.
	MaxRollouts = 32
	// MaxBatch bounds batch: the leaves of one evaluator call, each with
	// its working state, path and evaluation buffers (kilobytes). With
	// MaxRollouts, one call plays at most 2,048 random games: about a
	// second for welcome-moon, the slowest registered game, on a loaded
	// 2-core machine. Batches do not help a rollout or heuristic evaluator
	// (they only spread the simulations by virtual loss); the docs use 4.
	MaxBatch = 64
)

func parseOptions(o agents.Options) (cfg mcts.Config, evaluator string, rollouts int, err error) {
	if cfg.Sims, err = o.Int("sims"); err != nil {
		return
	}
	if cfg.CPUCT, err = o.Float("c"); err != nil {
		return
	}
	if cfg.UCT, err = o.Bool("uct"); err != nil {
		return
	}
	if rollouts, err = o.Int("rollouts"); err != nil {
		return
	}
	if cfg.Temperature, err = o.Float("temperature"); err != nil {
		return
	}
	if cfg.DirichletAlpha, err = o.Float("alpha"); err != nil {
		return
	}
	if cfg.DirichletEpsilon, err = o.Float("eps"); err != nil {
		return
	}
	if cfg.Reuse, err = o.Bool("reuse"); err != nil {
		return
	}
	if cfg.BatchSize, err = o.Int("batch"); err != nil {
		return
	}
	switch o["mode"] {
	case "auto":
		cfg.Mode = mcts.AutoMode
	case "perfect":
		cfg.Mode = mcts.PerfectMode
	case "infoset":
		cfg.Mode = mcts.InfoSetMode
	default:
		err = fmt.Errorf("%w: mode=%q, want auto, perfect or infoset", agents.ErrBadSpec, o["mode"])
		return
	}
	if o["maxtime"] != "0" {
		if cfg.MaxTime, err = time.ParseDuration(o["maxtime"]); err != nil {
			err = fmt.Errorf("%w: maxtime=%q is not a duration like 500ms", agents.ErrBadSpec, o["maxtime"])
			return
		}
	}
	if rollouts < 1 {
		err = fmt.Errorf("%w: rollouts=%d, want at least 1", agents.ErrBadSpec, rollouts)
	}
	return cfg, o["evaluator"], rollouts, err
}

// Agent plays the moves of an mcts.Search.
type Agent struct {
	search *mcts.Search
	legal  []engine.Action
}

var (
	_ agents.Policier        = (*Agent)(nil)
	_ agents.ContextActor    = (*Agent)(nil)
	_ agents.ContextPolicier = (*Agent)(nil)
)

// New makes a search agent for g with evaluator ev. Config errors wrap
// agents.ErrBadSpec as well as mcts.ErrBadConfig.
func New(g engine.Game, ev mcts.Evaluator, cfg mcts.Config) (*Agent, error) {
	s, err := mcts.New(g, ev, cfg)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", agents.ErrBadSpec, err)
	}
	return &Agent{search: s}, nil
}

// Search is the agent's search, for inspection.
func (a *Agent) Search() *mcts.Search { return a.search }

// Act searches and plays the chosen move. A forced move (one legal action)
// is played without search. With reuse on, the next Act finds its position
// in the tree (mcts.Search.Run) and keeps the subtree.
func (a *Agent) Act(s engine.State) (engine.Action, error) {
	return a.ActContext(context.Background(), s)
}

// ActContext is Act that stops when ctx is done (the search looks at it
// every few dozen simulations, mcts.Search.RunContext) with an error
// wrapping ctx.Err(); a done ctx is an error before anything is done. A
// stopped search keeps no tree: the agent is ready for its next move.
func (a *Agent) ActContext(ctx context.Context, s engine.State) (engine.Action, error) {
	if err := agents.CheckToAct(s); err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("no search: %w", err)
	}
	a.legal = s.LegalActions(a.legal)
	if len(a.legal) == 1 {
		return a.legal[0], nil
	}
	r, err := a.search.RunContext(ctx, s)
	if err != nil {
		return 0, err
	}
	a.search.Advance(r.Action)
	return r.Action, nil
}

// Policy searches and returns the root visit distribution over s's legal
// actions.
func (a *Agent) Policy(s engine.State) ([]agents.ActionProb, error) {
	return a.PolicyContext(context.Background(), s)
}

// PolicyContext is Policy that stops when ctx is done, as ActContext does.
func (a *Agent) PolicyContext(ctx context.Context, s engine.State) ([]agents.ActionProb, error) {
	if err := agents.CheckToAct(s); err != nil {
		return nil, err
	}
	r, err := a.search.RunContext(ctx, s)
	if err != nil {
		return nil, err
	}
	return agents.PolicyOver(s, r.Visits), nil
}
