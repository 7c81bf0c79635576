package mcts

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts/internal/testgames"
)

// exactEvaluator gives every leaf its exact value (from value, seat 0's
// exact value of a two-player zero-sum state) and a prior of favour on
// action bias (when legal), the rest spread evenly over the legal actions.
type exactEvaluator struct {
	value func(engine.State) float64
	bias  engine.Action
	favor float32
}

func (e *exactEvaluator) Evaluate(states []engine.State, out []Evaluation) error {
	for i, st := range states {
		clear(out[i].Priors)
		legal := st.LegalActions(nil)
		fav := e.favor > 0 && len(legal) > 1 && slices.Contains(legal, e.bias)
		for _, a := range legal {
			switch {
			case !fav:
				out[i].Priors[a] = 1 / float32(len(legal))
			case a == e.bias:
				out[i].Priors[a] = e.favor
			default:
				out[i].Priors[a] = (1 - e.favor) / float32(len(legal)-1)
			}
		}
		v := e.value(st)
		out[i].Values[0], out[i].Values[1] = float32(v), float32(-v)
	}
	return nil
}

func tictactoeExact() func(engine.State) float64 {
	memo := map[string]float64{}
	return func(s engine.State) float64 { return minimax(s, memo) }
}

// checkPolicy checks that p is a distribution over the legal actions of st.
func checkPolicy(t *testing.T, name string, st engine.State, p []float32) {
	t.Helper()
	if p == nil {
		t.Fatalf("%s: no improved policy", name)
	}
	sum := 0.0
	for a, x := range p {
		if x < 0 || x > 0 && !engine.IsLegal(st, engine.Action(a)) {
			t.Errorf("%s: policy %v on action %d (legal %v)", name, x, a, st.LegalActions(nil))
		}
		sum += float64(x)
	}
	if math.Abs(sum-1) > 1e-5 {
		t.Errorf("%s: policy sums to %v", name, sum)
	}
}

// TestGumbelFindsWinWithFewSims: X (0, 1) against O (3, 4), X to move. The
// prior puts 0.9 on the block at 5; the win is at 2. With an exact value
// evaluator and 8 to 16 simulations, Gumbel plays the win, for every seed,
// and its improved policy moves mass from the prior's favourite to the win.
func TestGumbelFindsWinWithFewSims(t *testing.T) {
	g := tictactoe.Game{}
	st := play(g, 0, 3, 1, 4)
	ev := &exactEvaluator{value: tictactoeExact(), bias: 5, favor: 0.9}
	prior := float32(0.1) / 4
	for _, sims := range []int{8, 12, 16} {
		for seed := uint64(0); seed < 20; seed++ {
			s := mustSearch(t, g, ev, Config{Sims: sims, Gumbel: true, Seed: seed})
			r, err := s.Run(st)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("sims %d seed %d", sims, seed)
			if r.Action != 2 {
				t.Errorf("%s: plays %d, want the win at 2 (policy %.3f)", name, r.Action, r.Policy)
			}
			checkPolicy(t, name, st, r.Policy)
			if r.Policy[2] <= prior || r.Policy[5] >= 0.9 || r.Policy[2] <= r.Policy[5] {
				t.Errorf("%s: improved policy %.3f does not favour the win over the prior", name, r.Policy)
			}
			if r.Sims != sims {
				t.Errorf("%s: %d simulations made", name, r.Sims)
			}
		}
	}
	// PUCT with the same budget follows the prior: the test can fail.
	s := mustSearch(t, g, ev, Config{Sims: 8, CPUCT: 1.4})
	if r, _ := s.Run(st); r.Action == 2 {
		t.Logf("note: PUCT with 8 simulations also finds the win")
	}
}

// TestGumbelDeterministic: the same seed gives the same result, different
// seeds may differ, with and without batching; no noise means no seed
// dependence on a deterministic game.
func TestGumbelDeterministic(t *testing.T) {
	g := tictactoe.Game{}
	st := play(g, 4)
	for _, batch := range []int{1, 4} {
		run := func(seed uint64, noNoise bool) Result {
			s := mustSearch(t, g, NewRolloutEvaluator(g, 3), Config{Sims: 64, Gumbel: true, Seed: seed, BatchSize: batch, GumbelNoNoise: noNoise})
			r, err := s.Run(st)
			if err != nil {
				t.Fatal(err)
			}
			checkPolicy(t, fmt.Sprintf("batch %d", batch), st, r.Policy)
			return r
		}
		same := func(a, b Result) bool {
			return a.Action == b.Action && slices.Equal(a.Policy, b.Policy) && slices.Equal(a.Visits, b.Visits)
		}
		if a, b := run(7, false), run(7, false); !same(a, b) {
			t.Errorf("batch %d: seed 7 gives %v then %v", batch, a, b)
		}
		differ := false
		for seed := uint64(0); seed < 8 && !differ; seed++ {
			differ = !same(run(seed, false), run(seed+100, false))
		}
		if !differ {
			t.Errorf("batch %d: the seed changes nothing", batch)
		}
	}
}

// TestGumbelChance: on the dice race (chance nodes) with exact values and
// uniform priors, Gumbel with 100 simulations plays the expectimax move in
// the positions where it is clearly best (by 0.3 or more).
func TestGumbelChance(t *testing.T) {
	g := testgames.DiceRace{Goal: 8, MaxTurns: 12}
	memo := map[string]float64{}
	ev := &exactEvaluator{value: func(s engine.State) float64 { return expectimax(s, memo) }}
	checked := clearDiceRaceMoves(g, memo, 0.3, func(name string, st engine.State, best int, vals []float64) {
		r, err := mustSearch(t, g, ev, Config{Sims: 100, Gumbel: true, Seed: 5}).Run(st)
		if err != nil {
			t.Fatal(err)
		}
		checkPolicy(t, name, st, r.Policy)
		if int(r.Action) != best {
			t.Errorf("%s: plays %s, expectimax %s (values %.3f, policy %.2f)", name, st.ActionString(r.Action), st.ActionString(engine.Action(best)), vals, r.Policy)
		}
	})
	if checked < 10 {
		t.Errorf("only %d positions with a clear best move", checked)
	}
}

// TestGumbelInfoSet: in Kuhn poker the information-set Gumbel search plays
// the dominant choices, and the hidden card changes nothing.
func TestGumbelInfoSet(t *testing.T) {
	k := testgames.Kuhn{}
	search := func() *Search {
		return mustSearch(t, k, &strictEvaluator{inner: NewRolloutEvaluator(k, 1)}, Config{Sims: 400, Gumbel: true, Seed: 1})
	}
	for _, tc := range []struct {
		st, twin engine.State // twin differs in the hidden card only
		want     engine.Action
	}{
		{k.Deal(0, 2, testgames.Bet), k.Deal(1, 2, testgames.Bet), testgames.Bet},
		{k.Deal(2, 0, testgames.Bet), k.Deal(1, 0, testgames.Bet), testgames.Pass},
		{k.Deal(2, 0, testgames.Pass, testgames.Bet), k.Deal(2, 1, testgames.Pass, testgames.Bet), testgames.Bet},
	} {
		r, err := search().Run(tc.st)
		if err != nil {
			t.Fatal(err)
		}
		checkPolicy(t, tc.st.String(), tc.st, r.Policy)
		if r.Action != tc.want {
			t.Errorf("%v: plays %s, want %s (policy %v)", tc.st, tc.st.ActionString(r.Action), tc.st.ActionString(tc.want), r.Policy)
		}
		r2, err := search().Run(tc.twin)
		if err != nil {
			t.Fatal(err)
		}
		if r2.Action != r.Action || !slices.Equal(r.Policy, r2.Policy) {
			t.Errorf("%v: the hidden card changes the search: %v vs %v", tc.st, r.Policy, r2.Policy)
		}
	}
}

// TestGumbelNoAllocPerSim: a Gumbel Run allocates a fixed number of times
// (its result), however many simulations it makes.
func TestGumbelNoAllocPerSim(t *testing.T) {
	g := tictactoe.Game{}
	st := g.NewInitialState()
	for _, batch := range []int{1, 8} {
		s := mustSearch(t, g, NewRolloutEvaluator(g, 1), Config{Sims: 2000, Gumbel: true, BatchSize: batch})
		if _, err := s.Run(st); err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(5, func() {
			s.Reset()
			if _, err := s.Run(st); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > 12 {
			t.Errorf("batch %d: %v allocations per Run of 2000 simulations", batch, allocs)
		}
	}
}
