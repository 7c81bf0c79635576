package mcts

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// Sentinel errors of this package; test for them with errors.Is.
var (
	// ErrBadConfig: a Config value is out of range.
	ErrBadConfig = errors.New("bad search config")
	// ErrNotDecision: Run was given a terminal state or a chance node.
	ErrNotDecision = errors.New("state is not a decision node")
	// ErrEvaluator: the Evaluator failed or returned malformed output.
	ErrEvaluator = errors.New("evaluator failed")
	// ErrRolloutTooLong: a random rollout exceeded the game's MaxGameLength.
	ErrRolloutTooLong = errors.New("rollout exceeded MaxGameLength")
)

// Mode says how a Search treats hidden information.
type Mode int8

const (
	// AutoMode uses InfoSetMode for games whose spec says
	// ImperfectInformation and PerfectMode otherwise.
	AutoMode Mode = iota
	// PerfectMode searches the state it is given, hidden parts included.
	// On a hidden-information game this cheats; it exists as a baseline.
	PerfectMode
	// InfoSetMode resamples a world per simulation and keys the tree on the
	// searching player's information (see the package doc).
	InfoSetMode
)

func (m Mode) String() string {
	switch m {
	case AutoMode:
		return "auto"
	case PerfectMode:
		return "perfect"
	case InfoSetMode:
		return "infoset"
	}
	return fmt.Sprintf("mode(%d)", int8(m))
}

// Config sets up a Search. The zero value of every field but Sims is a
// sensible default (PUCT with CPUCT 0 means no exploration, so set it).
type Config struct {
	// Sims is the number of simulations per Run (the budget), at least 1.
	// Visits kept from a previous move by Reuse come on top.
	Sims int
	// MaxTime is an optional wall-clock cap on a Run on top of Sims (0 =
	// none). A capped Run is no longer reproducible.
	MaxTime time.Duration
	// CPUCT is the exploration constant c, for values scaled to [0, 1]. It
	// is used by both PUCT and UCT.
	CPUCT float64
	// UCT selects plain UCT (no priors) instead of PUCT.
	UCT bool
	// DirichletAlpha and DirichletEpsilon mix Dirichlet noise into the root
	// priors at every Run: P = (1-eps) P + eps Dir(alpha). Zero epsilon or
	// alpha means no noise.
	DirichletAlpha, DirichletEpsilon float64
	// Temperature picks Result.Action from the root visit counts with
	// probability proportional to visits^(1/Temperature); 0 takes the most
	// visited action (ties to the higher prior, then the lower action).
	Temperature float64
	// Seed seeds the search's random generator (chance sampling, noise,
	// world resampling, tie-breaks, temperature).
	Seed uint64
	// Reuse keeps the subtree of the chosen line between moves (see
	// Search.Advance). Only perfect-information searches reuse; an
	// information-set search starts afresh at every Run.
	Reuse bool
	// BatchSize (at most MaxBatchSize) is the number of leaves gathered (with virtual loss) per
	// Evaluator call; 0 means 1.
	BatchSize int
	// Mode chooses perfect-information or information-set search; the zero
	// value decides from the game's spec.
	Mode Mode
	// Gumbel turns on Gumbel AlphaZero (see gumbel.go): Gumbel-top-m
	// sampling and sequential halving at the root, the deterministic
	// improved-policy selection below it, and Result.Policy. Under Gumbel,
	// CPUCT, UCT, Dirichlet noise and Temperature are not used.
	Gumbel bool
	// GumbelM is the number of root actions sampled (0 means 16; at most
	// the number of legal actions is used).
	GumbelM int
	// GumbelCVisit and GumbelCScale set sigma(q) = (CVisit + max N) *
	// CScale * q; 0 means the paper's 50 and 1.
	GumbelCVisit, GumbelCScale float64
	// GumbelNoNoise drops the Gumbel noise at the root (evaluation play:
	// the search is then deterministic apart from chance and resampling).
	GumbelNoNoise bool
}

// finiteNonNeg: x is a number, not infinite, and not negative. (An
// infinite exploration constant, temperature, Dirichlet alpha or Gumbel
// scale makes NaN scores or priors: the search then degenerates silently.)
func finiteNonNeg(x float64) bool { return x >= 0 && !math.IsInf(x, 1) }

func (c *Config) check() error {
	switch {
	case c.Sims < 1:
		return fmt.Errorf("%w: Sims=%d, want at least 1", ErrBadConfig, c.Sims)
	case c.MaxTime < 0:
		return fmt.Errorf("%w: MaxTime=%v is negative", ErrBadConfig, c.MaxTime)
	case !finiteNonNeg(c.CPUCT):
		return fmt.Errorf("%w: CPUCT=%v, want a finite number >= 0", ErrBadConfig, c.CPUCT)
	case !finiteNonNeg(c.DirichletAlpha) || !(c.DirichletEpsilon >= 0 && c.DirichletEpsilon <= 1):
		return fmt.Errorf("%w: Dirichlet alpha=%v eps=%v, want a finite alpha >= 0 and eps in [0, 1]", ErrBadConfig, c.DirichletAlpha, c.DirichletEpsilon)
	case !finiteNonNeg(c.Temperature):
		return fmt.Errorf("%w: Temperature=%v, want a finite number >= 0", ErrBadConfig, c.Temperature)
	case c.BatchSize < 0:
		return fmt.Errorf("%w: BatchSize=%d is negative", ErrBadConfig, c.BatchSize)
	case c.BatchSize > MaxBatchSize:
		return fmt.Errorf("%w: BatchSize=%d is over %d (a batch's buffers are made at once)", ErrBadConfig, c.BatchSize, MaxBatchSize)
	case c.GumbelM < 0 || !finiteNonNeg(c.GumbelCVisit) || !finiteNonNeg(c.GumbelCScale):
		return fmt.Errorf("%w: Gumbel m=%d cvisit=%v cscale=%v, want finite values >= 0", ErrBadConfig, c.GumbelM, c.GumbelCVisit, c.GumbelCScale)
	case c.Mode < AutoMode || c.Mode > InfoSetMode:
		return fmt.Errorf("%w: unknown %v", ErrBadConfig, c.Mode)
	}
	if c.BatchSize == 0 {
		c.BatchSize = 1
	}
	if c.GumbelM == 0 {
		c.GumbelM = 16
	}
	if c.GumbelCVisit == 0 {
		c.GumbelCVisit = 50
	}
	if c.GumbelCScale == 0 {
		c.GumbelCScale = 1
	}
	return nil
}

// MaxBatchSize bounds Config.BatchSize for any caller (a server bounds it
// far lower, agents.Option.Max): the buffers of a batch are made at once,
// so a huge batch would fail to allocate instead of erring.
const MaxBatchSize = 1 << 16
