package mcts

import (
	"fmt"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts/internal/testgames"
)

// strictEvaluator fails when the search hands it a chance node or a
// terminal state, and counts its calls.
type strictEvaluator struct {
	inner Evaluator
	calls int
}

func (e *strictEvaluator) Evaluate(states []engine.State, out []Evaluation) error {
	e.calls++
	for _, s := range states {
		if p := s.CurrentPlayer(); p < 0 {
			return fmt.Errorf("evaluator called at a %s node: %v", p, s)
		}
	}
	return e.inner.Evaluate(states, out)
}

func kuhnSearch(t *testing.T, mode Mode, seed uint64) *Search {
	t.Helper()
	g := testgames.Kuhn{}
	s, err := New(g, &strictEvaluator{inner: NewRolloutEvaluator(g, seed)}, Config{Sims: 2000, CPUCT: 1.4, UCT: true, Seed: seed, Mode: mode})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestInfoSetIgnoresHiddenInformation: two states that differ only in the
// card the searching player cannot see give the same visit distribution and
// the same move, for both seats. The same test in PerfectMode (which looks
// at the hidden card) must find a difference, or it would prove nothing.
func TestInfoSetIgnoresHiddenInformation(t *testing.T) {
	k := testgames.Kuhn{}
	for _, tc := range []struct {
		name string
		a, b engine.State // differ only in the other player's card
	}{
		{"p0 holds Q, opening", k.Deal(1, 0), k.Deal(1, 2)},
		{"p1 holds Q, facing a bet", k.Deal(0, 1, testgames.Bet), k.Deal(2, 1, testgames.Bet)},
		{"p0 holds Q, facing a bet after passing", k.Deal(1, 0, testgames.Pass, testgames.Bet), k.Deal(1, 2, testgames.Pass, testgames.Bet)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			me := tc.a.CurrentPlayer()
			if me != tc.b.CurrentPlayer() || me < 0 {
				t.Fatalf("bad test states %v %v", tc.a, tc.b)
			}
			for seed := uint64(1); seed <= 3; seed++ {
				ra, err := kuhnSearch(t, AutoMode, seed).Run(tc.a)
				if err != nil {
					t.Fatal(err)
				}
				rb, err := kuhnSearch(t, AutoMode, seed).Run(tc.b)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(ra.Visits, rb.Visits) || ra.Action != rb.Action || !slices.Equal(ra.Values, rb.Values) {
					t.Errorf("seed %d: hidden card changes the search: %v %v vs %v %v", seed, ra.Visits, ra.Values, rb.Visits, rb.Values)
				}
			}
			pa, _ := kuhnSearch(t, PerfectMode, 1).Run(tc.a)
			pb, _ := kuhnSearch(t, PerfectMode, 1).Run(tc.b)
			if slices.Equal(pa.Visits, pb.Visits) && pa.Action == pb.Action && slices.Equal(pa.Values, pb.Values) {
				t.Errorf("perfect-information search ignores the hidden card too: the test cannot fail")
			}
		})
	}
}

// TestInfoSetKuhnPlay: facing a bet, the information-set search calls with
// the King and folds the Jack (dominant choices), whatever the hidden card.
func TestInfoSetKuhnPlay(t *testing.T) {
	k := testgames.Kuhn{}
	for _, tc := range []struct {
		st   engine.State
		want engine.Action
	}{
		{k.Deal(0, 2, testgames.Bet), testgames.Bet},
		{k.Deal(1, 2, testgames.Bet), testgames.Bet},
		{k.Deal(1, 0, testgames.Bet), testgames.Pass},
		{k.Deal(2, 0, testgames.Bet), testgames.Pass},
		{k.Deal(2, 0, testgames.Pass, testgames.Bet), testgames.Bet},
		{k.Deal(0, 2, testgames.Pass, testgames.Bet), testgames.Pass},
	} {
		s := kuhnSearch(t, AutoMode, 1)
		r, err := s.Run(tc.st)
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != tc.want {
			t.Errorf("%v: plays %s, want %s (visits %v)", tc.st, tc.st.ActionString(r.Action), tc.st.ActionString(tc.want), r.Visits)
		}
	}
}
