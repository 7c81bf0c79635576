package main

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/env"
)

// envStream is the PCG stream env.Env seeds its chance generator with;
// aec uses the same so that both play the same episode for a seed.
const envStream = 0x656e76

// aec steps a multi-agent game as env.Env does — chance resolved from a
// generator seeded by reset, rewards the change in each seat's return,
// truncation after maxSteps decisions, illegal actions refused with nothing
// changed — but writes into the caller's buffers instead of returning fresh
// observations and infos, so a step does not allocate. (env.Env.Step
// allocates the observation, mask, rewards, scores and legal actions at
// every step: 77 KB for lunar-rally.) TestAECMatchesEnv plays every game
// through both and checks that they agree.
type aec struct {
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

func newAEC(g engine.Game, maxSteps int) *aec {
	a := &aec{game: g, maxSteps: maxSteps, done: true}
	a.rng = rand.New(&a.pcg)
	a.returns = make([]float64, g.NumPlayers())
	a.now = make([]float64, 0, g.NumPlayers())
	return a
}

func (a *aec) reset(seed uint64) {
	a.st = a.game.NewInitialState()
	a.pcg.Seed(seed, envStream)
	a.steps = 0
	a.done = false
	clear(a.returns)
	a.resolveChance()
}

func (a *aec) resolveChance() {
	for a.st.CurrentPlayer() == engine.Chance {
		a.outcomes = a.st.ChanceOutcomes(a.outcomes)
		a.st.Apply(engine.SampleOutcome(a.outcomes, a.rng.Float64()))
	}
}

// step plays act for the seat to act and writes every seat's reward.
func (a *aec) step(act engine.Action, rewards []float64) (terminated, truncated bool, err error) {
	if a.st == nil || a.done {
		return false, false, fmt.Errorf("%w: call Reset first", env.ErrNotReset)
	}
	// A refused action goes through engine.ApplyChecked for its message.
	var ok bool
	if a.legal, ok = isLegal(a.st, act, a.legal); !ok {
		return false, false, engine.ApplyChecked(a.st, act)
	}
	a.st.Apply(act)
	a.steps++
	a.resolveChance()
	a.now = a.st.Returns(a.now)
	for i, r := range a.now {
		rewards[i] = r - a.returns[i]
	}
	a.returns, a.now = a.now, a.returns
	terminated = a.st.IsTerminal()
	truncated = !terminated && a.maxSteps > 0 && a.steps >= a.maxSteps
	a.done = terminated || truncated
	return terminated, truncated, nil
}

// isLegal is engine.IsLegal with a buffer the caller keeps (engine.IsLegal's
// own escapes to the heap at every call); it returns the buffer for reuse.
func isLegal(st engine.State, act engine.Action, buf []engine.Action) ([]engine.Action, bool) {
	buf = st.LegalActions(buf)
	_, ok := slices.BinarySearch(buf, act)
	return buf, ok
}
