package training

import (
	"errors"
	"fmt"

	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

// ErrBadConfig: a training parameter is unknown or out of range.
var ErrBadConfig = errors.New("bad training config")

// Config is a training run's settings. Each field is a setting of the
// table in settings.go, which names it in settings strings ("games=64",
// ParseConfig, String), documents it (ParamHelp, Settings) and says
// whether a run keeps it for life (Retune).
type Config struct {
	// The network architecture (see models.Arch); empty Kind: the default
	// for the game's observation shape.
	Kind        string
	Width       int
	Depth       int
	ValueHidden int

	// Self-play and its search. Gumbel: Gumbel AlphaZero search instead
	// of PUCT; Shards: one network evaluator per self-play group instead
	// of one shared.
	Games     int
	Parallel  int
	Groups    int
	Shards    bool
	Sims      int
	LeafBatch int
	CPUCT     float64
	Alpha     float64
	Epsilon   float64
	TempMoves int
	Gumbel    bool
	GumbelM   int
	CVisit    float64
	CScale    float64
	FullProb  float64
	CheapSims int
	MaxBatch  int
	CacheSize int

	// Learning, and the value targets' score margin.
	BufferSize  int
	BatchSize   int
	Steps       int
	MinSamples  int
	LR          float64
	WeightDecay float64
	Margin      float64
	MarginScale float64
	MarginAhead int

	// Evaluation and bookkeeping. KeepLatest: the run's model is its
	// latest network, the evaluations only draw its curve (no
	// best.safetensors).
	EvalEvery  int
	EvalGames  int
	EvalSims   int
	EvalOpen   int
	KeepLatest bool
	CkptEvery  int
	Seed       uint64
}

// DefaultConfig is a configuration that learns tic-tac-toe in a few
// minutes on two cores; bigger games want more games, sims and steps.
func DefaultConfig() Config {
	return Config{
		Depth:       -1,
		Games:       64,
		Parallel:    32,
		Groups:      2,
		Shards:      true,
		Sims:        64,
		LeafBatch:   4,
		CPUCT:       1.5,
		Alpha:       0.5,
		Epsilon:     0.25,
		TempMoves:   4,
		GumbelM:     16,
		CVisit:      50,
		CScale:      1,
		FullProb:    1,
		CheapSims:   8,
		MaxBatch:    512,
		CacheSize:   1 << 16,
		BufferSize:  20000,
		BatchSize:   128,
		Steps:       40,
		MinSamples:  512,
		LR:          2e-3,
		WeightDecay: 1e-4,
		MarginScale: 20,
		EvalEvery:   5,
		EvalGames:   100,
		EvalSims:    0,
		EvalOpen:    2,
		CkptEvery:   1,
		Seed:        1,
	}
}

// groups is the number of self-play groups: Groups, or 2 where it is 0
// (the setting's documented meaning of 0).
func (c Config) groups() int {
	if c.Groups <= 0 {
		return 2
	}
	return c.Groups
}

// selfPlaySearch is the configuration of a self-play game's search, seeded
// seed: PUCT with Dirichlet noise, or Gumbel AlphaZero with Gumbel noise,
// reusing subtrees. Mode is left to mcts.AutoMode, which searches
// hidden-information games from the acting seat's information
// (mcts.InfoSetMode: a world drawn with State.Resample per simulation),
// never from the true state.
func (c Config) selfPlaySearch(seed uint64) mcts.Config {
	return mcts.Config{
		Sims: c.Sims, CPUCT: c.CPUCT, DirichletAlpha: c.Alpha, DirichletEpsilon: c.Epsilon,
		Seed: seed, Reuse: true, BatchSize: c.LeafBatch,
		Gumbel: c.Gumbel, GumbelM: c.GumbelM, GumbelCVisit: c.CVisit, GumbelCScale: c.CScale,
	}
}

// EvalSearch is the search of the az agent that evaluation plays when
// EvalSims > 0: the run's kind of search (PUCT or Gumbel) with EvalSims
// simulations, 8 leaves per network call and no root noise. Its Seed is
// left 0: SearchEntrant sets each game's.
func (c Config) EvalSearch() mcts.Config {
	return mcts.Config{
		Sims: c.EvalSims, CPUCT: c.CPUCT, BatchSize: 8,
		Gumbel: c.Gumbel, GumbelM: c.GumbelM, GumbelCVisit: c.CVisit, GumbelCScale: c.CScale, GumbelNoNoise: true,
	}
}

// Arch resolves the network architecture for the shapes.
func (c Config) Arch(s models.Shapes) (models.Arch, error) {
	a := models.DefaultArch(s)
	if c.Kind != "" && c.Kind != a.Kind {
		a = models.DefaultArch(models.Shapes{Obs: []int{1}})
		a.Kind = c.Kind
	}
	if c.Width > 0 {
		a.Width = c.Width
	}
	if c.Depth >= 0 {
		a.Depth = c.Depth
	}
	if c.ValueHidden > 0 {
		a.ValueHidden = c.ValueHidden
	}
	return a, a.Validate(s)
}

// Validate checks the ranges of the settings.
func (c Config) Validate() error {
	check := func(ok bool, name string, v any, want string) error {
		if !ok {
			return fmt.Errorf("%w: %s=%v, want %s", ErrBadConfig, name, v, want)
		}
		return nil
	}
	return errors.Join(
		check(c.Games >= 1, "games", c.Games, ">= 1"),
		check(c.Parallel >= 1, "parallel", c.Parallel, ">= 1"),
		check(c.Groups >= 0, "groups", c.Groups, ">= 0"),
		check(c.Sims >= 1, "sims", c.Sims, ">= 1"),
		check(c.LeafBatch >= 1, "leafbatch", c.LeafBatch, ">= 1"),
		check(c.CPUCT >= 0, "cpuct", c.CPUCT, ">= 0"),
		check(c.Alpha >= 0, "alpha", c.Alpha, ">= 0"),
		check(c.Epsilon >= 0 && c.Epsilon <= 1, "eps", c.Epsilon, "in [0, 1]"),
		check(c.TempMoves >= 0, "tempmoves", c.TempMoves, ">= 0"),
		check(c.GumbelM >= 0, "gumbelm", c.GumbelM, ">= 0 (0: 16)"),
		check(c.CVisit >= 0, "cvisit", c.CVisit, ">= 0 (0: 50)"),
		check(c.CScale >= 0, "cscale", c.CScale, ">= 0 (0: 1)"),
		check(c.FullProb > 0 && c.FullProb <= 1, "fullprob", c.FullProb, "in (0, 1]"),
		check(c.FullProb == 1 || (c.CheapSims >= 1 && c.CheapSims <= c.Sims), "cheapsims", c.CheapSims, "in [1, sims] when fullprob < 1"),
		check(c.MaxBatch >= 1, "maxbatch", c.MaxBatch, ">= 1"),
		check(c.CacheSize >= 0, "cache", c.CacheSize, ">= 0"),
		check(c.BufferSize >= c.BatchSize, "buffer", c.BufferSize, ">= batch"),
		check(c.BatchSize >= 1, "batch", c.BatchSize, ">= 1"),
		check(c.Steps >= 0, "steps", c.Steps, ">= 0"),
		check(c.MinSamples >= c.BatchSize, "minsamples", c.MinSamples, ">= batch"),
		check(c.LR > 0 && c.LR < 1, "lr", c.LR, "in (0, 1)"),
		check(c.WeightDecay >= 0 && c.WeightDecay < 1, "wd", c.WeightDecay, "in [0, 1)"),
		check(c.Margin >= 0 && c.Margin <= 1, "margin", c.Margin, "in [0, 1]"),
		check(c.Margin == 0 || c.MarginScale > 0, "marginscale", c.MarginScale, "> 0 when margin > 0"),
		check(c.MarginAhead >= 0, "marginahead", c.MarginAhead, ">= 0"),
		check(c.EvalEvery >= 0, "evalevery", c.EvalEvery, ">= 0"),
		check(c.EvalGames >= 0, "evalgames", c.EvalGames, ">= 0"),
		check(c.EvalSims >= 0, "evalsims", c.EvalSims, ">= 0"),
		check(c.EvalOpen >= 0, "evalopening", c.EvalOpen, ">= 0"),
		check(c.CkptEvery >= 1, "ckptevery", c.CkptEvery, ">= 1"),
	)
}
