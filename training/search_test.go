package training_test

import (
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// search is one decision's search in self-play, as SetOnSearch reports it.
type search struct {
	full   bool
	r      mcts.Result
	played engine.Action
}

// playWatched plays n tictactoe games of iteration 1 one at a time with
// settings over tinyConfig, and returns them with every search made, in
// order.
func playWatched(t *testing.T, settings string, n int) (training.Config, []training.GameResult, []search) {
	t.Helper()
	cfg, err := training.ParseConfig(settings, tinyConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Parallel = 1
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, 5)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := models.NewEvaluator(g, m.Net, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var searches []search
	sp := &training.SelfPlay{Game: g, Cfg: cfg}
	training.SetOnSearch(sp, func(full bool, r mcts.Result, played engine.Action) {
		mu.Lock()
		searches = append(searches, search{full, r, played})
		mu.Unlock()
	})
	res, err := sp.Play(ev, 1, n)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, res, searches
}

// fullTargets checks that the recorded positions of the games are, in
// order, exactly the full searches, each with target(r) as its policy
// target, and returns the number of decisions.
func fullTargets(t *testing.T, name string, games []training.GameResult, searches []search, target func(mcts.Result) []float32) int {
	t.Helper()
	var full [][]float32
	for _, s := range searches {
		if s.full {
			full = append(full, target(s.r))
		}
	}
	var recorded [][]float32
	decisions := 0
	for _, gr := range games {
		decisions += gr.Moves
		for _, smp := range gr.Samples {
			recorded = append(recorded, smp.Policy)
			sum := 0.0
			for a, p := range smp.Policy {
				if p > 0 && smp.Mask[a] == 0 {
					t.Fatalf("%s: policy target on an illegal action", name)
				}
				sum += float64(p)
			}
			if math.Abs(sum-1) > 1e-5 {
				t.Fatalf("%s: policy target sums to %v", name, sum)
			}
		}
	}
	if decisions != len(searches) {
		t.Fatalf("%s: %d decisions but %d searches", name, decisions, len(searches))
	}
	if !slices.EqualFunc(recorded, full, slices.Equal) {
		t.Fatalf("%s: the %d recorded policy targets are not the %d full searches' targets", name, len(recorded), len(full))
	}
	return decisions
}

// TestSelfPlayGumbel: with gumbel=1 every search is a Gumbel one (it has
// an improved policy), the recorded target is that improved policy, and
// the move played is the search's choice even within tempmoves; under
// PUCT the targets are the visit counts and tempmoves samples moves.
func TestSelfPlayGumbel(t *testing.T) {
	cfg, games, searches := playWatched(t, "gumbel=1,gumbelm=4,sims=8,tempmoves=9", 12)
	fullTargets(t, "gumbel", games, searches, func(r mcts.Result) []float32 { return r.Policy })
	differ := false
	for _, s := range searches {
		if s.r.Policy == nil || s.r.Sims != cfg.Sims {
			t.Fatalf("gumbel: a search with policy %v and %d simulations, want a Gumbel search of %d", s.r.Policy, s.r.Sims, cfg.Sims)
		}
		if s.played != s.r.Action {
			t.Fatalf("gumbel: played %d, the search chose %d", s.played, s.r.Action)
		}
		differ = differ || !slices.Equal(s.r.Policy, s.r.Visits)
	}
	if !differ {
		t.Fatal("gumbel: improved policies equal to the visit counts: nothing tells the targets apart")
	}
	_, games, searches = playWatched(t, "sims=8,tempmoves=9", 12)
	fullTargets(t, "puct", games, searches, func(r mcts.Result) []float32 { return r.Visits })
	sampled := false
	for _, s := range searches {
		if s.r.Policy != nil {
			t.Fatal("puct: a search with an improved policy")
		}
		sampled = sampled || s.played != s.r.Action
	}
	if !sampled {
		t.Fatal("puct: tempmoves=9 never played another move than the most visited")
	}
}

// TestPlayoutCap: with fullprob < 1 some searches are cheap (cheapsims
// simulations), the others full (sims), and only the full ones are
// recorded, for PUCT and Gumbel; with fullprob=1 every search is full.
func TestPlayoutCap(t *testing.T) {
	for _, mode := range []string{"", "gumbel=1,gumbelm=4,"} {
		target := func(r mcts.Result) []float32 { return r.Visits }
		if mode != "" {
			target = func(r mcts.Result) []float32 { return r.Policy }
		}
		cfg, games, searches := playWatched(t, mode+"sims=12,fullprob=0.3,cheapsims=3", 16)
		decisions := fullTargets(t, mode+"capped", games, searches, target)
		full := 0
		for _, s := range searches {
			want := cfg.CheapSims
			if s.full {
				full++
				want = cfg.Sims
			}
			if s.r.Sims != want {
				t.Fatalf("%scapped: a search (full %v) of %d simulations, want %d", mode, s.full, s.r.Sims, want)
			}
		}
		// 16 games of 5 to 9 decisions: about 0.3 of them full.
		if full == 0 || full > decisions/2 {
			t.Fatalf("%scapped: %d full searches of %d with fullprob 0.3", mode, full, decisions)
		}
		_, games, searches = playWatched(t, mode+"sims=12", 16)
		decisions = fullTargets(t, mode+"uncapped", games, searches, target)
		for _, s := range searches {
			if !s.full || s.r.Sims != 12 {
				t.Fatalf("%suncapped: a search (full %v) of %d simulations", mode, s.full, s.r.Sims)
			}
		}
		if decisions != len(searches) {
			t.Fatalf("%suncapped: %d recorded of %d decisions", mode, len(searches), decisions)
		}
	}
}

// TestEvalSearchFollowsRun: evaluation with evalsims > 0 searches with the
// run's kind of search, without root noise.
func TestEvalSearchFollowsRun(t *testing.T) {
	for _, tc := range []struct {
		settings string
		gumbel   bool
	}{{"evalsims=16", false}, {"evalsims=16,gumbel=1,gumbelm=6,cvisit=30,cscale=0.5", true}} {
		cfg, err := training.ParseConfig(tc.settings, training.DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		s := cfg.EvalSearch()
		if s.Sims != 16 || s.Gumbel != tc.gumbel || s.CPUCT != cfg.CPUCT || s.DirichletEpsilon != 0 || !s.GumbelNoNoise {
			t.Errorf("%s: evaluation search %+v", tc.settings, s)
		}
		if tc.gumbel && (s.GumbelM != 6 || s.GumbelCVisit != 30 || s.GumbelCScale != 0.5) {
			t.Errorf("%s: Gumbel settings not passed on: %+v", tc.settings, s)
		}
		sp := training.SelfPlaySearch(cfg, 7)
		if sp.Gumbel != tc.gumbel || sp.Sims != cfg.Sims || sp.Seed != 7 || sp.DirichletEpsilon != cfg.Epsilon || sp.Mode != mcts.AutoMode {
			t.Errorf("%s: self-play search %+v", tc.settings, sp)
		}
	}
}

func TestSearchSettingsErrors(t *testing.T) {
	for _, bad := range []string{"gumbel=2", "gumbel=-1", "gumbelm=-1", "cvisit=-1", "cscale=-2", "fullprob=0", "fullprob=1.5",
		"fullprob=0.5,cheapsims=0", "fullprob=0.5,cheapsims=100,sims=64"} {
		if _, err := training.ParseConfig(bad, training.DefaultConfig()); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
	if _, err := training.ParseConfig("fullprob=0.25,cheapsims=64,sims=64,gumbel=1,gumbelm=2", training.DefaultConfig()); err != nil {
		t.Errorf("valid settings refused: %v", err)
	}
}
