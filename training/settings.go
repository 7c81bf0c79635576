package training

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The training settings are one table (settings, below): each names a
// field of Config, documents it and says whether a run keeps it for life.
// Everything that reads or writes settings by name comes from it:
// ParseConfig (the "name=value,..." of --train, the recipes and Retune),
// Config.String (the form ParseConfig reads, which model files name in
// their provenance), Retune's refusal of the fixed settings, ParamHelp
// (train --help) and the settings table of docs/training.md (checked by
// TestSettingsDocumented). A field of Config without a row here fails
// TestSettingsCoverConfig.

// Setting describes one training setting.
type Setting struct {
	// Name is the setting's name in a settings string ("games").
	Name string
	// Doc says what it does.
	Doc string
	// Default is DefaultConfig's value, as String writes it.
	Default string
	// Fixed: a run keeps the setting for life (the network's shape, the
	// replay buffer, the batch size, the seed); Retune refuses to change
	// it.
	Fixed bool
}

// setting is a row of the table: the field it names, as a pointer into a
// Config (*int, *uint64, *float64, *string or *bool: settingValue's
// kinds).
type setting struct {
	name  string
	fixed bool
	field func(c *Config) any
	doc   string
	// quiet: String writes the setting only where it is not at its
	// default: a setting added after runs and model files recorded their
	// settings strings, so that theirs (and the same command's now) stay
	// as they were.
	quiet bool
}

// value is the setting's field of c, read and written as settings strings
// hold it.
func (s setting) value(c *Config) settingValue { return valueOf(s.field(c)) }

// settings are the training settings, in the order String writes them.
var settings = []setting{
	// The network (see models.Arch).
	{"kind", true, func(c *Config) any { return &c.Kind }, "network trunk: mlp or conv (default: conv for [C,H,W] observations)", false},
	{"width", true, func(c *Config) any { return &c.Width }, "hidden units (mlp) or channels (conv); 0: default", false},
	{"depth", true, func(c *Config) any { return &c.Depth }, "residual blocks; -1: default", false},
	{"value", true, func(c *Config) any { return &c.ValueHidden }, "value head hidden units; 0: default", false},

	// Self-play and its search.
	{"games", false, func(c *Config) any { return &c.Games }, "self-play games per iteration", false},
	{"parallel", false, func(c *Config) any { return &c.Parallel }, "games played at once (their network queries are batched together)", false},
	{"groups", false, func(c *Config) any { return &c.Groups }, "groups of the parallel games, each with its own batches: one group's batch is evaluated while the others search (0: 2)", false},
	{"shards", false, func(c *Config) any { return &c.Shards }, "1: each group evaluates with its own network evaluator and cache, nothing shared between the cores; 0: one evaluator for all groups, each batch split over the cores (the games are the same either way)", false},
	{"sims", false, func(c *Config) any { return &c.Sims }, "MCTS simulations per move", false},
	{"leafbatch", false, func(c *Config) any { return &c.LeafBatch }, "leaves per search per network query (virtual loss)", false},
	{"cpuct", false, func(c *Config) any { return &c.CPUCT }, "PUCT exploration constant (values scaled to [0,1])", false},
	{"alpha", false, func(c *Config) any { return &c.Alpha }, "Dirichlet noise alpha at the root", false},
	{"eps", false, func(c *Config) any { return &c.Epsilon }, "Dirichlet noise weight at the root", false},
	{"tempmoves", false, func(c *Config) any { return &c.TempMoves }, "moves per game played in proportion to visit counts; later moves take the most visited (PUCT only)", false},
	{"gumbel", false, func(c *Config) any { return &c.Gumbel }, "1: Gumbel AlphaZero search in self-play and evaluation (sequential halving, improved-policy targets; cpuct, alpha, eps and tempmoves unused); 0: PUCT", false},
	{"gumbelm", false, func(c *Config) any { return &c.GumbelM }, "Gumbel: root actions sampled (Gumbel-top-m)", false},
	{"cvisit", false, func(c *Config) any { return &c.CVisit }, "Gumbel: c_visit of sigma(q) = (c_visit + max N) * c_scale * q", false},
	{"cscale", false, func(c *Config) any { return &c.CScale }, "Gumbel: c_scale of sigma(q)", false},
	{"fullprob", false, func(c *Config) any { return &c.FullProb }, "playout cap randomization: probability of a full search (sims, root noise, recorded); the other moves get a cheap one (cheapsims, no noise, played, not recorded); 1: off", false},
	{"cheapsims", false, func(c *Config) any { return &c.CheapSims }, "simulations of a cheap search (fullprob < 1)", false},
	{"maxbatch", false, func(c *Config) any { return &c.MaxBatch }, "most positions per network forward pass in self-play", false},
	{"cache", false, func(c *Config) any { return &c.CacheSize }, "network outputs remembered per iteration", false},

	// Learning.
	{"buffer", true, func(c *Config) any { return &c.BufferSize }, "replay buffer capacity, in positions", false},
	{"batch", true, func(c *Config) any { return &c.BatchSize }, "training batch size", false},
	{"steps", false, func(c *Config) any { return &c.Steps }, "optimizer steps per iteration", false},
	{"minsamples", false, func(c *Config) any { return &c.MinSamples }, "positions in the buffer before training starts", false},
	{"lr", false, func(c *Config) any { return &c.LR }, "Adam learning rate", false},
	{"wd", false, func(c *Config) any { return &c.WeightDecay }, "decoupled weight decay (AdamW) per step, times lr", false},
	{"margin", false, func(c *Config) any { return &c.Margin }, "weight of the final score margin in the value targets (self-play and imitate): (1-margin) x result + margin x tanh((points - the others' mean) / marginscale), points being the final state's training.Standing where it has one (lunar-rally: path steps its best rover got towards the finish; march-mars: the team's progress toward the MMM, 0-8, 9 for a win), in a cooperative game tanh(points / marginscale), in a solo game against the game (training.SoloOpponent, welcome-moon's ASTRA) tanh((points - its score) / marginscale); 0: the result only", false},
	{"marginscale", false, func(c *Config) any { return &c.MarginScale }, "points of score margin that make tanh 0.76 (margin > 0)", false},
	{"marginahead", false, func(c *Config) any { return &c.MarginAhead }, "with margin > 0, in a competitive game whose states have a training.Standing (lunar-rally): read the margin of the standing this many decisions after each position (the final state's where the game ends sooner) instead of the final one; 0: the final one", false},

	// Evaluation and bookkeeping.
	{"evalevery", false, func(c *Config) any { return &c.EvalEvery }, "evaluate every this many iterations (0: never)", false},
	{"evalgames", false, func(c *Config) any { return &c.EvalGames }, "games per opponent per evaluation, seats rotated", false},
	{"evalsims", false, func(c *Config) any { return &c.EvalSims }, "simulations of the evaluated az agent, with the run's search (PUCT, or Gumbel without noise); 0: the raw net policy", false},
	{"evalopening", false, func(c *Config) any { return &c.EvalOpen }, "random decisions opening each evaluation game against the heuristic and the previous network", false},
	{"keeplatest", false, func(c *Config) any { return &c.KeepLatest }, "1: the run's model is its latest network, and the evaluations only draw the curve (no best.safetensors); 0: the best evaluated network", true},
	{"ckptevery", false, func(c *Config) any { return &c.CkptEvery }, "checkpoint every this many iterations", false},
	{"seed", true, func(c *Config) any { return &c.Seed }, "seed of the run", false},
}

// lookupSetting is the setting named name.
func lookupSetting(name string) (setting, bool) {
	i := slices.IndexFunc(settings, func(s setting) bool { return s.name == name })
	if i < 0 {
		return setting{}, false
	}
	return settings[i], true
}

// Settings lists the training settings, in the order String writes them.
func Settings() []Setting {
	def := DefaultConfig()
	out := make([]Setting, len(settings))
	for i, s := range settings {
		out[i] = Setting{Name: s.name, Doc: s.doc, Default: s.value(&def).String(), Fixed: s.fixed}
	}
	return out
}

// ParseConfig reads "name=value,..." over base and validates the result.
// Unknown names are errors that list the known ones. A boolean setting
// (gumbel, shards) takes 1 or 0 as String writes it, or true or false.
func ParseConfig(s string, base Config) (Config, error) {
	c := base
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
		st, ok := lookupSetting(k)
		if !ok {
			return c, fmt.Errorf("%w: unknown parameter %q (known: %s)", ErrBadConfig, k, strings.Join(ParamNames(), ", "))
		}
		v := st.value(&c)
		if err := v.Set(val); err != nil {
			return c, fmt.Errorf("%w: %s=%q is not %s", ErrBadConfig, k, val, v.Type())
		}
	}
	return c, c.Validate()
}

// String writes the config in the form ParseConfig reads, every setting
// in the table's order; booleans as 1 or 0.
func (c Config) String() string {
	def := DefaultConfig()
	parts := make([]string, 0, len(settings))
	for _, s := range settings {
		v := s.value(&c).String()
		if s.quiet && v == s.value(&def).String() {
			continue
		}
		parts = append(parts, s.name+"="+v)
	}
	return strings.Join(parts, ",")
}

// ParamNames lists the setting names ParseConfig knows, sorted.
func ParamNames() []string {
	names := make([]string, len(settings))
	for i, s := range settings {
		names[i] = s.name
	}
	slices.Sort(names)
	return names
}

// ParamHelp describes every setting with its default, one a line; the
// settings a run keeps for life say so.
func ParamHelp() string {
	var b strings.Builder
	for _, s := range Settings() {
		doc := s.Doc
		if s.Fixed {
			doc += " [fixed for the run]"
		}
		fmt.Fprintf(&b, "  %-11s %-8s %s\n", s.Name, s.Default, doc)
	}
	return b.String()
}

// changedSettings lists the settings whose values differ between a and b,
// in the table's order.
func changedSettings(a, b Config) []setting {
	var changed []setting
	for _, s := range settings {
		if s.value(&a).String() != s.value(&b).String() {
			changed = append(changed, s)
		}
	}
	return changed
}

// fixedNames lists the settings a run keeps for life.
func fixedNames() []string {
	var names []string
	for _, s := range settings {
		if s.fixed {
			names = append(names, s.name)
		}
	}
	return names
}

// settingValue is a setting's field in a Config, set from and written as
// the text of a settings string. Its methods are pflag.Value's: Type names
// what Set takes, for error messages.
type settingValue interface {
	Set(s string) error
	String() string
	Type() string
}

// valueOf is the settingValue of a field pointer; a field of another type
// is a programming error of the table (TestSettingsCoverConfig).
func valueOf(field any) settingValue {
	switch p := field.(type) {
	case *int:
		return (*intValue)(p)
	case *uint64:
		return (*uint64Value)(p)
	case *float64:
		return (*floatValue)(p)
	case *string:
		return (*stringValue)(p)
	case *bool:
		return (*boolValue)(p)
	}
	panic(fmt.Sprintf("training: a setting of type %T", field))
}

type (
	intValue    int
	uint64Value uint64
	floatValue  float64
	stringValue string
	boolValue   bool
)

func (v *intValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return err
	}
	*v = intValue(n)
	return nil
}
func (v *intValue) String() string { return strconv.Itoa(int(*v)) }
func (v *intValue) Type() string   { return "an integer" }

func (v *uint64Value) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return err
	}
	*v = uint64Value(n)
	return nil
}
func (v *uint64Value) String() string { return strconv.FormatUint(uint64(*v), 10) }
func (v *uint64Value) Type() string   { return "an unsigned integer" }

// Set takes a finite number: neither an infinity nor NaN.
func (v *floatValue) Set(s string) error {
	x, err := strconv.ParseFloat(s, 64)
	if err == nil && (math.IsInf(x, 0) || math.IsNaN(x)) {
		err = strconv.ErrRange
	}
	if err != nil {
		return err
	}
	*v = floatValue(x)
	return nil
}

// String is the shortest text that parses back to the same number (as
// fmt's %v writes it).
func (v *floatValue) String() string { return strconv.FormatFloat(float64(*v), 'g', -1, 64) }
func (v *floatValue) Type() string   { return "a finite number" }

func (v *stringValue) Set(s string) error { *v = stringValue(s); return nil }
func (v *stringValue) String() string     { return string(*v) }
func (v *stringValue) Type() string       { return "a string" }

// Set takes 1 or 0, as String writes them (and as the settings of runs
// made when the booleans were integers hold them), or any spelling of
// strconv.ParseBool (true, false, t, f...).
func (v *boolValue) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*v = boolValue(b)
	return nil
}

// String is 1 or 0: the spelling of the settings strings that recipes,
// docs, checkpoints and model files' provenance hold.
func (v *boolValue) String() string {
	if *v {
		return "1"
	}
	return "0"
}
func (v *boolValue) Type() string { return "1 or 0 (true or false)" }
