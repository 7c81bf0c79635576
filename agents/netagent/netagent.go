// Package netagent registers the agents that play with a trained
// policy-value network (a models file):
//
//	net:model=FILE            the raw policy, no search: the most likely
//	                          legal action (temp>0 samples instead)
//	az:model=FILE,sims=200    AlphaZero-style: MCTS (PUCT) with the network
//	                          as evaluator, the most visited move
//	az:model=FILE,sims=16,gumbel=1
//	                          Gumbel AlphaZero root instead (sequential
//	                          halving over gumbelm actions, no Gumbel noise):
//	                          strong with few simulations, for networks
//	                          trained with gumbel=1 (cscale=C: the scale of
//	                          the values against the priors, as in training)
//
// The model file must be for the game being played (same name, parameters
// and shapes); anything else is an error that says what differs.
// model=builtin takes the model embedded in the binary for the game and
// its configuration (parameters), if one was shipped (see
// models.LoadBuiltin; the error lists the configurations that have one).
package netagent

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/agents/mctsagent"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

// DefaultCPUCT is the az agent's exploration constant (values scaled to
// [0, 1], as mcts.Config takes it).
const DefaultCPUCT = 1.5

// Bounds a server accepts (agents.Option.Max, agents.CheckBounds) for the
// az agent's options that scale memory or one simulation's cost.
const (
	// MaxBatch bounds batch, the leaves of one network call. A batch's
	// own buffers are small (about 120 KB a row for the largest built-in
	// network, lunar-rally's), but models.Evaluator splits a batch of 24
	// rows or more over the cores, each part with a Predictor of its own
	// (about 22 MB for lunar-rally's network): 32 rows make at most two.
	// The docs and built-in opponents use the default 8.
	MaxBatch = 32
	// MaxPlayout bounds playout, the network's own moves played from each
	// leaf: a leaf costs playout+1 network evaluations, so one network
	// call of a search costs at most (MaxPlayout+1)*MaxBatch rows, a few
	// tens of milliseconds, between two of which a search can be stopped.
	// The docs use 3 and 6.
	MaxPlayout = 32
)

func init() {
	agents.Register(agents.Info{
		Name: "net",
		Doc:  "a trained network's raw policy, no search",
		Options: []agents.Option{
			{Name: "model", Default: "", Doc: "model file (made by moongym train or export), or builtin: the model shipped for the game"},
			{Name: "temp", Default: "0", Doc: "0 plays the most likely action; > 0 samples from the policy sharpened by 1/temp"},
			cacheOption,
			{Name: "seed", Default: "", Doc: "random seed for temp > 0 (default: the one the caller gives)"},
		},
		New: func(ctx agents.Context) (agents.Agent, error) {
			m, err := loadModel(ctx)
			if err != nil {
				return nil, err
			}
			temp, err := ctx.Opts.Float("temp")
			if err != nil {
				return nil, err
			}
			cache, err := cacheBytes(ctx.Opts)
			if err != nil {
				return nil, err
			}
			return newNet(ctx.Game, m.Net, temp, ctx.Seed, cache)
		},
	})
	agents.Register(agents.Info{
		Name: "az",
		Doc:  "AlphaZero-style search: MCTS with a trained network as evaluator",
		Options: []agents.Option{
			{Name: "model", Default: "", Doc: "model file (made by moongym train or export), or builtin: the model shipped for the game"},
			{Name: "sims", Default: "200", Doc: "simulations per move"},
			{Name: "c", Default: fmt.Sprint(DefaultCPUCT), Doc: "PUCT exploration constant (values scaled to [0,1])"},
			{Name: "batch", Default: "8", Doc: "leaves per network call (virtual loss)", Max: MaxBatch},
			{Name: "gumbel", Default: "0", Doc: "1: Gumbel AlphaZero root (sequential halving, no Gumbel noise) instead of PUCT; c is then unused"},
			// gumbelm has no bound: the search considers at most the legal
			// actions, and its buffers are sized by the game's actions.
			{Name: "gumbelm", Default: "16", Doc: "gumbel=1: root actions considered (the m largest priors)"},
			{Name: "cscale", Default: "1", Doc: "gumbel=1: the scale of the values against the priors (the paper's 1; a network trained with cscale=C plays best with it)"},
			cacheOption,
			{Name: "playout", Default: "0", Doc: "value each leaf after this many more decisions of the network's most likely moves (0: at the leaf; costs playout+1 evaluations a leaf)", Max: MaxPlayout},
			{Name: "seed", Default: "", Doc: "random seed (default: the one the caller gives)"},
		},
		New: func(ctx agents.Context) (agents.Agent, error) {
			m, err := loadModel(ctx)
			if err != nil {
				return nil, err
			}
			sims, err := ctx.Opts.Int("sims")
			if err != nil {
				return nil, err
			}
			c, err := ctx.Opts.Float("c")
			if err != nil {
				return nil, err
			}
			batch, err := ctx.Opts.Int("batch")
			if err != nil {
				return nil, err
			}
			gumbel, err := ctx.Opts.Bool("gumbel")
			if err != nil {
				return nil, err
			}
			gm, err := ctx.Opts.Int("gumbelm")
			if err != nil {
				return nil, err
			}
			if gm < 1 {
				return nil, fmt.Errorf("%w: gumbelm=%d, want at least 1", agents.ErrBadSpec, gm)
			}
			cs, err := ctx.Opts.Float("cscale")
			if err != nil {
				return nil, err
			}
			if !(cs > 0) || math.IsInf(cs, 1) {
				return nil, fmt.Errorf("%w: cscale=%v, want a finite number above 0", agents.ErrBadSpec, cs)
			}
			playout, err := ctx.Opts.Int("playout")
			if err != nil {
				return nil, err
			}
			cache, err := cacheBytes(ctx.Opts)
			if err != nil {
				return nil, err
			}
			if playout < 0 {
				return nil, fmt.Errorf("%w: playout=%d, want 0 or more", agents.ErrBadSpec, playout)
			}
			cfg := mcts.Config{
				Sims: sims, CPUCT: c, BatchSize: batch, Seed: ctx.Seed,
				Gumbel: gumbel, GumbelM: gm, GumbelCScale: cs, GumbelNoNoise: true,
			}
			return newAZ(ctx.Game, m.Net, cfg, playout, cache)
		},
	})
}

func loadModel(ctx agents.Context) (*models.Model, error) {
	path := ctx.Opts["model"]
	switch path {
	case "":
		return nil, fmt.Errorf("%w: model=FILE (or model=%s) is required", agents.ErrBadSpec, models.Builtin)
	case models.Builtin:
		return models.LoadBuiltin(ctx.Game)
	}
	return models.LoadFor(path, ctx.Game)
}

// evalCache is the number of positions an agent's evaluator remembers.
const evalCache = 1 << 16

// cacheOption bounds the memory of an agent's evaluation cache, in MiB. A
// server (seat) bounds it by its own limit, as it bounds sims: the cache
// lives as long as the agent's seat, so it multiplies with the sessions.
var cacheOption = agents.Option{Name: "cache", Default: strconv.Itoa(models.DefaultCacheBytes >> 20),
	Doc: "MiB the network's evaluations of positions are remembered in, within a move and from move to move (0: none); saves time, changes no move"}

// cacheBytes reads the cache option.
func cacheBytes(o agents.Options) (int64, error) {
	mib, err := o.Int("cache")
	if err != nil {
		return 0, err
	}
	if mib < 0 {
		return 0, fmt.Errorf("%w: cache=%d, want 0 or more (MiB)", agents.ErrBadSpec, mib)
	}
	return int64(mib) << 20, nil
}

// NewAZ makes a search agent with net as its evaluator.
func NewAZ(g engine.Game, net *models.Network, cfg mcts.Config) (*mctsagent.Agent, error) {
	return NewAZPlayout(g, net, cfg, 0)
}

// NewAZPlayout makes a search agent whose leaves are valued after depth
// more decisions of the network's most likely moves (mcts.PlayoutEvaluator,
// its chance draws seeded from cfg.Seed); depth 0 values them where they
// stand, with the network alone, as NewAZ does.
func NewAZPlayout(g engine.Game, net *models.Network, cfg mcts.Config, depth int) (*mctsagent.Agent, error) {
	return newAZ(g, net, cfg, depth, models.DefaultCacheBytes)
}

// newAZ is NewAZPlayout with a cache of about cacheBytes.
func newAZ(g engine.Game, net *models.Network, cfg mcts.Config, depth int, cacheBytes int64) (*mctsagent.Agent, error) {
	ev, err := models.NewEvaluatorBytes(g, net, evalCache, cacheBytes)
	if err != nil {
		return nil, err
	}
	if depth == 0 {
		return mctsagent.New(g, ev, cfg)
	}
	pe, err := mcts.NewPlayoutEvaluator(g, ev, depth, cfg.Seed^0x706c6179)
	if err != nil {
		return nil, err
	}
	return mctsagent.New(g, pe, cfg)
}

// Net plays a network's policy without search.
type Net struct {
	ev   *models.Evaluator
	temp float64
	rng  *rand.Rand
	buf  []mcts.Evaluation
	st   []engine.State
}

var _ agents.Policier = (*Net)(nil)

// NewNet makes the raw-policy agent; temp 0 is greedy.
func NewNet(g engine.Game, net *models.Network, temp float64, seed uint64) (*Net, error) {
	return newNet(g, net, temp, seed, models.DefaultCacheBytes)
}

// newNet is NewNet with a cache of about cacheBytes.
func newNet(g engine.Game, net *models.Network, temp float64, seed uint64, cacheBytes int64) (*Net, error) {
	if !(temp >= 0) || math.IsInf(temp, 1) {
		return nil, fmt.Errorf("%w: temp=%v, want a finite number >= 0", agents.ErrBadSpec, temp)
	}
	ev, err := models.NewEvaluatorBytes(g, net, evalCache, cacheBytes)
	if err != nil {
		return nil, err
	}
	return &Net{
		ev: ev, temp: temp, rng: agents.NewRNG(seed),
		buf: []mcts.Evaluation{{Priors: make([]float32, g.NumActions()), Values: make([]float32, g.NumPlayers())}},
		st:  make([]engine.State, 1),
	}, nil
}

func (n *Net) evaluate(s engine.State) (mcts.Evaluation, error) {
	if err := agents.CheckToAct(s); err != nil {
		return mcts.Evaluation{}, err
	}
	n.st[0] = s
	err := n.ev.Evaluate(n.st, n.buf)
	n.st[0] = nil
	return n.buf[0], err
}

// Act plays the most likely legal action (ties to the lower action), or
// samples with temp > 0.
func (n *Net) Act(s engine.State) (engine.Action, error) {
	ev, err := n.evaluate(s)
	if err != nil {
		return 0, err
	}
	legal := s.LegalActions(nil)
	best := legal[0]
	for _, a := range legal {
		if ev.Priors[a] > ev.Priors[best] {
			best = a
		}
	}
	if n.temp == 0 {
		return best, nil
	}
	inv := 1 / n.temp
	weights := make([]float64, len(legal))
	sum := 0.0
	for i, a := range legal {
		if p := float64(ev.Priors[a]); p > 0 {
			weights[i] = math.Exp(inv * (math.Log(p) - math.Log(float64(ev.Priors[best]))))
			sum += weights[i]
		}
	}
	u := n.rng.Float64() * sum
	for i, w := range weights {
		if u -= w; u < 0 {
			return legal[i], nil
		}
	}
	return best, nil
}

// Policy is the network's policy over the legal actions.
func (n *Net) Policy(s engine.State) ([]agents.ActionProb, error) {
	ev, err := n.evaluate(s)
	if err != nil {
		return nil, err
	}
	return agents.PolicyOver(s, ev.Priors), nil
}

// Values are the network's values of s for every seat, in absolute seat
// order and the game's utility range.
func (n *Net) Values(s engine.State) ([]float32, error) {
	ev, err := n.evaluate(s)
	if err != nil {
		return nil, err
	}
	return append([]float32(nil), ev.Values...), nil
}
