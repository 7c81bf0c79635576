package mcts

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine/tictactoe"
)

// TestRunBudget: RunBudget makes the simulations it is given, without
// root noise when asked gives what a search configured that way gives, and
// leaves the configuration as it was for the next Run.
func TestRunBudget(t *testing.T) {
	g := tictactoe.Game{}
	st := play(g, 4)
	for _, gumbel := range []bool{false, true} {
		base := Config{Sims: 40, CPUCT: 1.5, DirichletAlpha: 0.5, DirichletEpsilon: 0.25, Gumbel: gumbel, Seed: 3, BatchSize: 2}
		name := fmt.Sprintf("gumbel %v", gumbel)
		same := func(a, b Result) bool {
			return a.Action == b.Action && a.Sims == b.Sims && slices.Equal(a.Visits, b.Visits) && slices.Equal(a.Policy, b.Policy)
		}
		run := func(cfg Config) Result {
			r, err := mustSearch(t, g, NewRolloutEvaluator(g, 2), cfg).Run(st)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		cheap := base
		cheap.Sims, cheap.DirichletEpsilon, cheap.GumbelNoNoise = 6, 0, true
		s := mustSearch(t, g, NewRolloutEvaluator(g, 2), base)
		r, err := s.RunBudget(st, 6, true)
		if err != nil {
			t.Fatal(err)
		}
		if r.Sims != 6 || !same(r, run(cheap)) {
			t.Errorf("%s: RunBudget(6, no noise) = %+v, want what a 6-simulation search without noise gives", name, r)
		}
		if s.Config() != mustSearch(t, g, NewRolloutEvaluator(g, 2), base).Config() {
			t.Errorf("%s: RunBudget changed the configuration to %+v", name, s.Config())
		}
		s.Reset()
		if r, err := s.Run(st); err != nil || r.Sims != base.Sims {
			t.Errorf("%s: Run after RunBudget made %d simulations (%v), want %d", name, r.Sims, err, base.Sims)
		}
		// With noise kept, the noise changes the result for some seed.
		noisy := false
		for seed := uint64(0); seed < 8 && !noisy; seed++ {
			c := base
			c.Seed = seed
			s := mustSearch(t, g, NewRolloutEvaluator(g, 2), c)
			a, err1 := s.RunBudget(st, 12, false)
			s.Reset()
			b, err2 := s.RunBudget(st, 12, true)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			noisy = !same(a, b) || !slices.Equal(a.Visits, b.Visits)
		}
		if !noisy {
			t.Errorf("%s: dropping the root noise never changed the search", name)
		}
		if _, err := s.RunBudget(st, 0, true); !errors.Is(err, ErrBadConfig) {
			t.Errorf("%s: a budget of 0: %v", name, err)
		}
	}
}
