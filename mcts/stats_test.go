package mcts

import (
	"math"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts/internal/testgames"
)

// TestRootStats: after a Run, RootStats agrees with the Result (visit
// shares, the chosen move first), its priors sum to 1, its Q are on the
// game's utility scale, and the principal line starts with the chosen
// move and is legal move by move. Reading them changes nothing: a second
// identical search gives the same Result.
func TestRootStats(t *testing.T) {
	g := tictactoe.Game{}
	st := g.NewInitialState()
	for _, a := range []engine.Action{0, 4, 1} { // X a1, O b2, X b1: O must block c1
		st.Apply(a)
	}
	newSearch := func() *Search {
		s, err := New(g, NewRolloutEvaluator(g, 3), Config{Sims: 400, CPUCT: 1.4, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := newSearch()
	if s.RootStats() != nil || s.PrincipalVariation(5) != nil {
		t.Fatal("stats before any Run")
	}
	r, err := s.Run(st)
	if err != nil {
		t.Fatal(err)
	}
	stats := s.RootStats()
	if len(stats) != len(st.LegalActions(nil)) {
		t.Fatalf("%d root actions, want %d", len(stats), len(st.LegalActions(nil)))
	}
	if stats[0].Action != r.Action {
		t.Errorf("first of RootStats is %d, the search chose %d", stats[0].Action, r.Action)
	}
	total, priors := 0, 0.0
	for i, e := range stats {
		total += e.Visits
		priors += e.Prior
		if i > 0 && e.Visits > stats[i-1].Visits {
			t.Errorf("RootStats not sorted by visits: %+v", stats)
		}
		if e.Visits > 0 && (math.IsNaN(e.Q) || e.Q < g.MinUtility() || e.Q > g.MaxUtility()) {
			t.Errorf("action %d: Q %v off the utility scale", e.Action, e.Q)
		}
	}
	if math.Abs(priors-1) > 1e-5 {
		t.Errorf("priors sum to %v", priors)
	}
	for _, e := range stats {
		if want := float64(e.Visits) / float64(total); math.Abs(float64(r.Visits[e.Action])-want) > 1e-6 {
			t.Errorf("action %d: share %v, Result says %v", e.Action, want, r.Visits[e.Action])
		}
	}
	pv := s.PrincipalVariation(9)
	if len(pv) < 2 || pv[0] != r.Action {
		t.Fatalf("principal variation %v, want at least two actions starting with %d", pv, r.Action)
	}
	w := st.Clone()
	for _, a := range pv {
		if err := engine.ApplyChecked(w, a); err != nil {
			t.Fatalf("principal variation %v: %v", pv, err)
		}
	}
	if l := s.Line(stats[1].Action, 1); !slices.Equal(l, []engine.Action{stats[1].Action}) {
		t.Errorf("Line(%d, 1) = %v", stats[1].Action, l)
	}
	if l := s.Line(0, 5); l != nil {
		t.Errorf("Line of an illegal action: %v", l)
	}
	r2, err := newSearch().Run(st)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Visits, r2.Visits) || r.Action != r2.Action {
		t.Error("a second search differs")
	}
}

// TestRootStatsInfoSet: in an information-set search (Kuhn poker) the
// stats and line exist and the line is legal in the root's own state.
func TestRootStatsInfoSet(t *testing.T) {
	k := testgames.Kuhn{}
	st := k.Deal(1, 0)
	s := kuhnSearch(t, AutoMode, 1)
	if _, err := s.Run(st); err != nil {
		t.Fatal(err)
	}
	stats := s.RootStats()
	if len(stats) != 2 || stats[0].Visits+stats[1].Visits != 1999 { // the first simulation expands the root
		t.Fatalf("stats %+v", stats)
	}
	pv := s.PrincipalVariation(4)
	if len(pv) == 0 || pv[0] != stats[0].Action {
		t.Fatalf("principal variation %v", pv)
	}
	w := st.Clone()
	for _, a := range pv {
		if err := engine.ApplyChecked(w, a); err != nil {
			t.Fatalf("principal variation %v: %v", pv, err)
		}
	}
}
