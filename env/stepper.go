package env

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/seeds"
)

// Sentinels of a Stepper's Step before an episode or after its end; both
// wrap ErrNotReset.
var (
	ErrNotStarted  = fmt.Errorf("%w: no episode started: call reset() first", ErrNotReset)
	ErrEpisodeOver = fmt.Errorf("%w: the episode is over: call reset() to start a new one", ErrNotReset)
)

// Stepper is the episode under an Env, and under the C API's environments:
// the state, the chance generator seeded by Reset (chance resolved as it
// comes), the rewards as each seat's change of return since the last step,
// truncation after maxSteps decisions, an illegal action refused with
// nothing changed. It writes into the caller's buffers and keeps its own,
// so that a step allocates nothing of its own.
type Stepper struct {
	game     engine.Game
	maxSteps int
	st       engine.State
	pcg      rand.PCG
	rng      *rand.Rand
	steps    int
	done     bool
	returns  []float64
	now      []float64
	outcomes []engine.Outcome
	legal    []engine.Action
}

// NewStepper is a stepper of g that truncates an episode after maxSteps
// decisions (0: never), its buffers made at their largest. It has no
// episode until Reset.
func NewStepper(g engine.Game, maxSteps int) *Stepper {
	s := &Stepper{game: g, maxSteps: maxSteps, done: true}
	s.rng = rand.New(&s.pcg)
	s.returns = make([]float64, g.NumPlayers())
	s.now = make([]float64, 0, g.NumPlayers())
	s.outcomes = make([]engine.Outcome, 0, g.MaxChanceOutcomes())
	s.legal = make([]engine.Action, 0, max(g.NumActions(), g.MaxChanceOutcomes()))
	return s
}

// Game is the stepper's game.
func (s *Stepper) Game() engine.Game { return s.game }

// State is the current state (nil before the first Reset): the stepper's
// own, to be cloned before it is changed.
func (s *Stepper) State() engine.State { return s.st }

// Steps is the number of decisions played since Reset or SetState.
func (s *Stepper) Steps() int { return s.steps }

// Done reports whether the episode has ended (or none was started).
func (s *Stepper) Done() bool { return s.done }

// Reset starts an episode whose chance outcomes come from seed (the PCG
// stream seeds.StreamEnv): the initial state with its chance resolved.
func (s *Stepper) Reset(seed uint64) {
	s.st = s.game.NewInitialState()
	s.pcg.Seed(seed, seeds.StreamEnv)
	s.steps = 0
	s.done = false
	clear(s.returns)
	s.resolveChance()
}

// SetState goes on from st: chance still drawn from the generator as the
// last Reset seeded it, the step count from zero, a chance node resolved at
// once, the rewards of the following steps counted from the returns of the
// state so reached.
func (s *Stepper) SetState(st engine.State) {
	s.st = st
	s.steps = 0
	s.resolveChance()
	s.returns = s.st.Returns(s.returns[:0])
	s.done = s.st.IsTerminal()
}

func (s *Stepper) resolveChance() {
	for s.st.CurrentPlayer() == engine.Chance {
		s.outcomes = s.st.ChanceOutcomes(s.outcomes)
		s.st.Apply(engine.SampleOutcome(s.outcomes, s.rng.Float64()))
	}
}

// Step plays act for the seat to act and writes every seat's reward into
// rewards (NumPlayers long). An illegal action is refused with
// engine.ApplyChecked's error and changes nothing; a Step before Reset or
// after the end gives ErrNotStarted or ErrEpisodeOver.
func (s *Stepper) Step(act engine.Action, rewards []float64) (terminated, truncated bool, err error) {
	if s.st == nil {
		return false, false, ErrNotStarted
	}
	if s.done {
		return false, false, ErrEpisodeOver
	}
	var ok bool
	if s.legal, ok = LegalIn(s.st, act, s.legal); !ok {
		return false, false, engine.ApplyChecked(s.st, act)
	}
	terminated, truncated = s.ApplyLegal(act, rewards)
	return terminated, truncated, nil
}

// ApplyLegal is Step for an action the caller knows is legal (the C API's
// vector environment checks it against the mask it wrote): the action,
// chance resolved, the rewards since the last step, the flags.
func (s *Stepper) ApplyLegal(act engine.Action, rewards []float64) (terminated, truncated bool) {
	s.st.Apply(act)
	s.steps++
	s.resolveChance()
	s.now = s.st.Returns(s.now)
	for i, r := range s.now {
		rewards[i] = r - s.returns[i]
	}
	s.returns, s.now = s.now, s.returns
	terminated = s.st.IsTerminal()
	truncated = !terminated && s.maxSteps > 0 && s.steps >= s.maxSteps
	s.done = terminated || truncated
	return terminated, truncated
}

// Clone is an independent copy: the state, the chance generator (the copy
// draws what the original would), the returns and the step count.
func (s *Stepper) Clone() *Stepper {
	c := *s
	c.rng = rand.New(&c.pcg)
	if s.st != nil {
		c.st = s.st.Clone()
	}
	c.returns = slices.Clone(s.returns)
	c.now = slices.Clone(s.now)
	c.outcomes, c.legal = nil, nil
	return &c
}

// LegalIn is engine.IsLegal with a buffer the caller keeps (engine.IsLegal's
// own escapes to the heap at every call); it returns the buffer for reuse.
func LegalIn(st engine.State, act engine.Action, buf []engine.Action) ([]engine.Action, bool) {
	buf = st.LegalActions(buf)
	_, ok := slices.BinarySearch(buf, act)
	return buf, ok
}
