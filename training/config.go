package training

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

// ErrBadConfig: a training parameter is unknown or out of range.
var ErrBadConfig = errors.New("bad training config")

// Config is a training run's settings. The `param` tags are the names
// ParseConfig reads ("games=64,sims=100").
type Config struct {
	// Network architecture (see models.Arch); empty Kind: the default for
	// the game's observation shape.
	Kind        string `param:"kind" doc:"network trunk: mlp or conv (default: conv for [C,H,W] observations)"`
	Width       int    `param:"width" doc:"hidden units (mlp) or channels (conv); 0: default"`
	Depth       int    `param:"depth" doc:"residual blocks; -1: default"`
	ValueHidden int    `param:"value" doc:"value head hidden units; 0: default"`

	// Self-play.
	Games       int     `param:"games" doc:"self-play games per iteration"`
	Parallel    int     `param:"parallel" doc:"games played at once (their network queries are batched together)"`
	Groups      int     `param:"groups" doc:"groups of the parallel games, each with its own batches: one group's batch is evaluated while the others search (0: 2)"`
	Shards      int     `param:"shards" doc:"1: each group evaluates with its own network evaluator and cache, nothing shared between the cores; 0: one evaluator for all groups, each batch split over the cores (the games are the same either way)"`
	Sims        int     `param:"sims" doc:"MCTS simulations per move"`
	LeafBatch   int     `param:"leafbatch" doc:"leaves per search per network query (virtual loss)"`
	CPUCT       float64 `param:"cpuct" doc:"PUCT exploration constant (values scaled to [0,1])"`
	Alpha       float64 `param:"alpha" doc:"Dirichlet noise alpha at the root"`
	Epsilon     float64 `param:"eps" doc:"Dirichlet noise weight at the root"`
	TempMoves   int     `param:"tempmoves" doc:"moves per game played in proportion to visit counts; later moves take the most visited (PUCT only)"`
	Gumbel      int     `param:"gumbel" doc:"1: Gumbel AlphaZero search in self-play and evaluation (sequential halving, improved-policy targets; cpuct, alpha, eps and tempmoves unused); 0: PUCT"`
	GumbelM     int     `param:"gumbelm" doc:"Gumbel: root actions sampled (Gumbel-top-m)"`
	CVisit      float64 `param:"cvisit" doc:"Gumbel: c_visit of sigma(q) = (c_visit + max N) * c_scale * q"`
	CScale      float64 `param:"cscale" doc:"Gumbel: c_scale of sigma(q)"`
	FullProb    float64 `param:"fullprob" doc:"playout cap randomization: probability of a full search (sims, root noise, recorded); the other moves get a cheap one (cheapsims, no noise, played, not recorded); 1: off"`
	CheapSims   int     `param:"cheapsims" doc:"simulations of a cheap search (fullprob < 1)"`
	MaxBatch    int     `param:"maxbatch" doc:"most positions per network forward pass in self-play"`
	CacheSize   int     `param:"cache" doc:"network outputs remembered per iteration"`
	BufferSize  int     `param:"buffer" doc:"replay buffer capacity, in positions"`
	BatchSize   int     `param:"batch" doc:"training batch size"`
	Steps       int     `param:"steps" doc:"optimizer steps per iteration"`
	MinSamples  int     `param:"minsamples" doc:"positions in the buffer before training starts"`
	LR          float64 `param:"lr" doc:"Adam learning rate"`
	WeightDecay float64 `param:"wd" doc:"decoupled weight decay (AdamW) per step, times lr"`
	Margin      float64 `param:"margin" doc:"weight of the final score margin in the value targets (self-play and imitate): (1-margin) x result + margin x tanh((points - the others' mean) / marginscale), points being the final state's training.Standing where it has one (lunar-rally: path steps its best rover got towards the finish; march-mars: the team's progress toward the MMM, 0-8, 9 for a win), in a cooperative game tanh(points / marginscale), in a solo game against the game (training.SoloOpponent, welcome-moon's ASTRA) tanh((points - its score) / marginscale); 0: the result only"`
	MarginScale float64 `param:"marginscale" doc:"points of score margin that make tanh 0.76 (margin > 0)"`
	MarginAhead int     `param:"marginahead" doc:"with margin > 0, in a competitive game whose states have a training.Standing (lunar-rally): read the margin of the standing this many decisions after each position (the final state's where the game ends sooner) instead of the final one; 0: the final one"`

	// Evaluation and bookkeeping.
	EvalEvery int    `param:"evalevery" doc:"evaluate every this many iterations (0: never)"`
	EvalGames int    `param:"evalgames" doc:"games per opponent per evaluation, seats rotated"`
	EvalSims  int    `param:"evalsims" doc:"simulations of the evaluated az agent, with the run's search (PUCT, or Gumbel without noise); 0: the raw net policy"`
	EvalOpen  int    `param:"evalopening" doc:"random decisions opening each evaluation game against the heuristic and the previous network"`
	CkptEvery int    `param:"ckptevery" doc:"checkpoint every this many iterations"`
	Seed      uint64 `param:"seed" doc:"seed of the run"`
}

// DefaultConfig is a configuration that learns tic-tac-toe in a few
// minutes on two cores; bigger games want more games, sims and steps.
func DefaultConfig() Config {
	return Config{
		Depth:       -1,
		Games:       64,
		Parallel:    32,
		Groups:      2,
		Shards:      1,
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
// (a checkpoint from before the setting existed).
func (c Config) groups() int {
	if c.Groups <= 0 {
		return 2
	}
	return c.Groups
}

// fullProb is the probability of a full search: FullProb, or 1 (playout
// cap randomization off) where it is 0 (a checkpoint from before the
// setting existed).
func (c Config) fullProb() float64 {
	if c.FullProb <= 0 {
		return 1
	}
	return c.FullProb
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
		Gumbel: c.Gumbel == 1, GumbelM: c.GumbelM, GumbelCVisit: c.CVisit, GumbelCScale: c.CScale,
	}
}

// EvalSearch is the search of the az agent that evaluation plays when
// EvalSims > 0: the run's kind of search (PUCT or Gumbel) with EvalSims
// simulations, 8 leaves per network call and no root noise. Its Seed is
// left 0: SearchEntrant sets each game's.
func (c Config) EvalSearch() mcts.Config {
	return mcts.Config{
		Sims: c.EvalSims, CPUCT: c.CPUCT, BatchSize: 8,
		Gumbel: c.Gumbel == 1, GumbelM: c.GumbelM, GumbelCVisit: c.CVisit, GumbelCScale: c.CScale, GumbelNoNoise: true,
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
		check(c.Shards == 0 || c.Shards == 1, "shards", c.Shards, "0 or 1"),
		check(c.Sims >= 1, "sims", c.Sims, ">= 1"),
		check(c.LeafBatch >= 1, "leafbatch", c.LeafBatch, ">= 1"),
		check(c.CPUCT >= 0, "cpuct", c.CPUCT, ">= 0"),
		check(c.Alpha >= 0, "alpha", c.Alpha, ">= 0"),
		check(c.Epsilon >= 0 && c.Epsilon <= 1, "eps", c.Epsilon, "in [0, 1]"),
		check(c.TempMoves >= 0, "tempmoves", c.TempMoves, ">= 0"),
		check(c.Gumbel == 0 || c.Gumbel == 1, "gumbel", c.Gumbel, "0 or 1"),
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

// ParseConfig reads "name=value,..." over base. Unknown names are errors
// that list the known ones.
func ParseConfig(s string, base Config) (Config, error) {
	c := base
	v := reflect.ValueOf(&c).Elem()
	s = strings.TrimSpace(s)
	if s == "" {
		return c, c.Validate()
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(s, ",") {
		k, val, ok := strings.Cut(kv, "=")
		k, val = strings.TrimSpace(k), strings.TrimSpace(val)
		if !ok || k == "" {
			return c, fmt.Errorf("%w: %q is not name=value", ErrBadConfig, kv)
		}
		if seen[k] {
			return c, fmt.Errorf("%w: %s given twice", ErrBadConfig, k)
		}
		seen[k] = true
		f, ok := fieldByParam(v, k)
		if !ok {
			return c, fmt.Errorf("%w: unknown parameter %q (known: %s)", ErrBadConfig, k, strings.Join(ParamNames(), ", "))
		}
		var err error
		switch f.Kind() {
		case reflect.Int:
			var n int
			n, err = strconv.Atoi(val)
			f.SetInt(int64(n))
		case reflect.Uint64:
			var n uint64
			n, err = strconv.ParseUint(val, 10, 64)
			f.SetUint(n)
		case reflect.Float64:
			var x float64
			x, err = strconv.ParseFloat(val, 64)
			if math.IsInf(x, 0) || math.IsNaN(x) {
				err = strconv.ErrRange
			}
			f.SetFloat(x)
		case reflect.String:
			f.SetString(val)
		}
		if err != nil {
			want := map[reflect.Kind]string{reflect.Int: "an integer", reflect.Uint64: "an unsigned integer", reflect.Float64: "a finite number"}[f.Kind()]
			return c, fmt.Errorf("%w: %s=%q is not %s", ErrBadConfig, k, val, want)
		}
	}
	return c, c.Validate()
}

func fieldByParam(v reflect.Value, name string) (reflect.Value, bool) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		if p := t.Field(i).Tag.Get("param"); p == name && p != "-" {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

// ParamNames lists the parameter names ParseConfig knows, sorted.
func ParamNames() []string {
	var names []string
	t := reflect.TypeOf(Config{})
	for i := 0; i < t.NumField(); i++ {
		if p := t.Field(i).Tag.Get("param"); p != "" && p != "-" {
			names = append(names, p)
		}
	}
	sort.Strings(names)
	return names
}

// ParamHelp describes every parameter with its default, one a line.
func ParamHelp() string {
	var b strings.Builder
	d := reflect.ValueOf(DefaultConfig())
	t := d.Type()
	for i := 0; i < t.NumField(); i++ {
		p := t.Field(i).Tag.Get("param")
		if p == "" || p == "-" {
			continue
		}
		fmt.Fprintf(&b, "  %-11s %-8v %s\n", p, d.Field(i).Interface(), t.Field(i).Tag.Get("doc"))
	}
	return b.String()
}

// String writes the config in the form ParseConfig reads, every parameter.
func (c Config) String() string {
	var parts []string
	v := reflect.ValueOf(c)
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		p := t.Field(i).Tag.Get("param")
		if p == "" || p == "-" {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s=%v", p, v.Field(i).Interface()))
	}
	return strings.Join(parts, ",")
}
