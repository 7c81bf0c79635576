package mcts

import (
	"context"
	"errors"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts/internal/testgames"
)

// contextCase is a search configuration of the RunContext tests, with the
// position it searches.
type contextCase struct {
	name string
	g    engine.Game
	st   engine.State
	cfg  Config
}

func contextCases() []contextCase {
	race := testgames.DiceRace{Goal: 30, MaxTurns: 60}
	kuhn := testgames.Kuhn{}
	ttt := tictactoe.Game{}
	return []contextCase{
		{"race-puct", race, race.NewInitialState(), Config{CPUCT: 1.4}},
		{"race-uct-batch8", race, race.NewInitialState(), Config{CPUCT: 1.4, UCT: true, BatchSize: 8}},
		{"race-puct-noise-reuse", race, race.NewInitialState(), Config{CPUCT: 1.4, DirichletAlpha: 0.3, DirichletEpsilon: 0.25, Reuse: true}},
		{"ttt-puct", ttt, ttt.NewInitialState(), Config{CPUCT: 1.4, Temperature: 1}},
		{"kuhn-infoset", kuhn, kuhn.Deal(1, 2), Config{CPUCT: 1.4, BatchSize: 4}},
		{"race-gumbel", race, race.NewInitialState(), Config{Gumbel: true}},
		{"race-gumbel-batch4", race, race.NewInitialState(), Config{Gumbel: true, BatchSize: 4, GumbelNoNoise: true}},
		{"kuhn-gumbel-infoset", kuhn, kuhn.Deal(2, 0), Config{Gumbel: true}},
	}
}

// TestRunContextStops: a search of 2^30 simulations under a 50 ms
// deadline stops soon after it with an error wrapping
// context.DeadlineExceeded, drops its tree, and runs normally afterwards.
func TestRunContextStops(t *testing.T) {
	for _, tc := range contextCases() {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.cfg
			cfg.Sims, cfg.Seed = 1<<30, 1
			s := mustSearch(t, tc.g, NewRolloutEvaluator(tc.g, 1), cfg)
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			start := time.Now()
			r, err := s.RunContext(ctx, tc.st)
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("the search stopped %v after it started, its deadline was 50ms", took)
			}
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("err %v (result %+v), want one wrapping context.DeadlineExceeded", err, r)
			}
			if n := s.RootVisits(); n != 0 {
				t.Errorf("%d root visits kept after a stopped search, want none", n)
			}
			// The same search, with a budget it can finish.
			r, err = s.RunBudget(tc.st, 200, false)
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, tc.st, s, r, 200)
		})
	}
}

// checkResult checks a finished search of sims simulations from a fresh
// tree: the counts add up and the move is legal.
func checkResult(t *testing.T, st engine.State, s *Search, r Result, sims int) {
	t.Helper()
	if r.Sims != sims || s.RootVisits() != sims {
		t.Errorf("%d simulations, %d root visits, want %d", r.Sims, s.RootVisits(), sims)
	}
	if !engine.IsLegal(st, r.Action) {
		t.Errorf("illegal action %d", r.Action)
	}
	sum := 0.0
	for _, v := range r.Visits {
		sum += float64(v)
	}
	if math.Abs(sum-1) > 1e-5 {
		t.Errorf("visits sum to %v", sum)
	}
	if s.Config().Gumbel {
		sum = 0
		for _, p := range r.Policy {
			sum += float64(p)
		}
		if math.Abs(sum-1) > 1e-5 {
			t.Errorf("Gumbel policy sums to %v", sum)
		}
	}
}

// TestRunContextDone: a context done before the search starts gives its
// error at once and leaves the search as it was (a kept tree stays).
func TestRunContextDone(t *testing.T) {
	g := tictactoe.Game{}
	s := mustSearch(t, g, NewRolloutEvaluator(g, 1), Config{Sims: 300, CPUCT: 1.4, Reuse: true, Seed: 1})
	st := g.NewInitialState()
	if _, err := s.Run(st); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.RunContext(ctx, st); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want one wrapping context.Canceled", err)
	}
	if n := s.RootVisits(); n != 300 {
		t.Errorf("%d root visits after a search refused, want the 300 kept", n)
	}
}

// TestRunContextIsRun: under a context that is not done, RunContext gives
// Run's results bit for bit (the same seeds, the same lines of play, tree
// reuse included).
func TestRunContextIsRun(t *testing.T) {
	for _, tc := range contextCases() {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.cfg
			cfg.Sims, cfg.Seed = 150, 3
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			runs := []func(s *Search, st engine.State) (Result, error){
				func(s *Search, st engine.State) (Result, error) { return s.Run(st) },
				func(s *Search, st engine.State) (Result, error) { return s.RunContext(context.Background(), st) },
				func(s *Search, st engine.State) (Result, error) { return s.RunContext(ctx, st) },
			}
			var want []Result
			for i, run := range runs {
				s := mustSearch(t, tc.g, NewRolloutEvaluator(tc.g, 1), cfg)
				st := tc.st.Clone()
				var got []Result
				for move := 0; move < 4 && !st.IsTerminal(); move++ {
					if st.CurrentPlayer() == engine.Chance {
						a := st.ChanceOutcomes(nil)[0].Action
						s.Advance(a)
						st.Apply(a)
						continue
					}
					r, err := run(s, st)
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, r)
					s.Advance(r.Action)
					st.Apply(r.Action)
				}
				if i == 0 {
					want = got
				} else if !reflect.DeepEqual(got, want) {
					t.Errorf("run %d: results differ from Run's:\n%+v\n%+v", i, got, want)
				}
			}
		})
	}
}

// TestRunContextNoAllocPerSimulation: a context that can be cancelled
// (but is not) adds no allocation to a search.
func TestRunContextNoAllocPerSimulation(t *testing.T) {
	g := tictactoe.Game{}
	st := g.NewInitialState()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, cfg := range []Config{{Sims: 2000, CPUCT: 1.4}, {Sims: 2000, Gumbel: true, BatchSize: 8}} {
		s := mustSearch(t, g, NewRolloutEvaluator(g, 1), cfg)
		for range 3 {
			if _, err := s.RunContext(ctx, st); err != nil {
				t.Fatal(err)
			}
		}
		max := 2.0
		if cfg.Gumbel {
			max = 3 // and Result.Policy
		}
		if allocs := testing.AllocsPerRun(5, func() {
			s.Reset()
			if _, err := s.RunContext(ctx, st); err != nil {
				t.Fatal(err)
			}
		}); allocs > max {
			t.Errorf("%+v: %v allocations per RunContext of 2000 simulations, want <= %v", cfg, allocs, max)
		}
	}
}

// TestHugeBatchErrs: a batch too large to allocate is a config error, not
// a panic (the command line applies no server bound).
func TestHugeBatchErrs(t *testing.T) {
	g := tictactoe.Game{}
	for _, b := range []int{MaxBatchSize + 1, 1 << 62} {
		if _, err := New(g, NewRolloutEvaluator(g, 1), Config{Sims: 10, CPUCT: 1.4, BatchSize: b}); !errors.Is(err, ErrBadConfig) {
			t.Errorf("BatchSize %d: %v, want ErrBadConfig", b, err)
		}
	}
	if _, err := New(g, NewRolloutEvaluator(g, 1), Config{Sims: 10, CPUCT: 1.4, BatchSize: MaxBatchSize}); err != nil {
		t.Errorf("BatchSize %d: %v", MaxBatchSize, err)
	}
}
