package mctsagent

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
)

// stopsSoon runs f under a context with a 50 ms deadline and checks that
// it returns within 2 s with an error wrapping context.DeadlineExceeded.
func stopsSoon(t *testing.T, what string, f func(ctx context.Context) error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := f(ctx)
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("%s: stopped %v after it started, its deadline was 50ms", what, took)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("%s: %v, want an error wrapping context.DeadlineExceeded", what, err)
	}
}

// TestSearchStops: a search of 2^30 simulations (plain, of 32 rollouts
// in batches of 64, with the heuristic in information-set mode) stops at
// its context's deadline, through ActContext and PolicyContext, keeps no
// tree, and the agent plays on afterwards (its wall-clock cap, maxtime,
// is longer than the deadline, so only the context stops the first two).
func TestSearchStops(t *testing.T) {
	g := tictactoe.Game{}
	st := g.NewInitialState()
	for _, spec := range []string{
		"mcts:sims=1073741824,maxtime=300ms",
		"mcts:sims=1073741824,rollouts=32,batch=64,reuse=true,maxtime=300ms",
		"mcts:sims=1073741824,uct=true,evaluator=heuristic,mode=infoset,maxtime=300ms",
	} {
		a, err := agents.New(g, spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		stopsSoon(t, spec+": ActContext", func(ctx context.Context) error {
			_, err := agents.ActContext(ctx, a, st)
			return err
		})
		stopsSoon(t, spec+": PolicyContext", func(ctx context.Context) error {
			_, err := agents.PolicyContext(ctx, a.(agents.Policier), st)
			return err
		})
		if n := a.(*Agent).Search().RootVisits(); n != 0 {
			t.Errorf("%s: %d root visits kept after a stopped search", spec, n)
		}
		if act, err := a.Act(st); err != nil || !engine.IsLegal(st, act) {
			t.Errorf("%s: after a stopped search, Act gives %v, %v", spec, act, err)
		}
	}
	// A done context is an error before any search, even for a forced move.
	a, _ := agents.New(g, "mcts:sims=10", 1)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := agents.ActContext(done, a, play(0, 1, 2, 4, 3, 5, 7, 6)); !errors.Is(err, context.Canceled) {
		t.Errorf("forced move under a done context: %v", err)
	}
}

// TestContextIsPlain: under a context that is never done, ActContext
// plays Act's moves (same seeds, same games).
func TestContextIsPlain(t *testing.T) {
	g := tictactoe.Game{}
	for _, spec := range []string{"mcts:sims=100,temperature=1,seed=3", "mcts:sims=100,reuse=true,batch=4,seed=3", "greedy:seed=3"} {
		var games [2][]engine.Action
		for i := range games {
			a, err := agents.New(g, spec, 1)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := agents.New(g, spec, 2)
			s := g.NewInitialState()
			for !s.IsTerminal() {
				ag := []agents.Agent{a, b}[s.CurrentPlayer()]
				var act engine.Action
				if i == 0 {
					act, err = ag.Act(s)
				} else {
					act, err = agents.ActContext(context.Background(), ag, s)
				}
				if err != nil {
					t.Fatal(err)
				}
				games[i] = append(games[i], act)
				s.Apply(act)
			}
		}
		if !slices.Equal(games[0], games[1]) {
			t.Errorf("%s: Act plays %v, ActContext %v", spec, games[0], games[1])
		}
	}
}

// hidden is tic-tac-toe that says it has hidden information, so that the
// greedy agent resamples worlds (plain copies) for it.
type hidden struct{ tictactoe.Game }

func (hidden) Spec() engine.Spec {
	s := tictactoe.Game{}.Spec()
	s.Name = "test-hidden-tictactoe"
	s.Information = engine.ImperfectInformation
	return s
}

// TestGreedyStops: a greedy move over a billion worlds stops while it
// resamples them, and one over a thousand worlds with a slow evaluation
// while it values them.
func TestGreedyStops(t *testing.T) {
	st := hidden{}.NewInitialState()
	cheap := func(s engine.State, dst []float64) []float64 { return append(dst[:0], 0, 0) }
	slow := func(s engine.State, dst []float64) []float64 {
		time.Sleep(100 * time.Microsecond)
		return append(dst[:0], 0, 0)
	}
	for _, tc := range []struct {
		what   string
		eval   func(engine.State, []float64) []float64
		worlds int
	}{{"resampling", cheap, 1 << 30}, {"valuing", slow, 1000}} {
		gr, err := NewGreedy(hidden{}, tc.eval, tc.worlds, 1)
		if err != nil {
			t.Fatal(err)
		}
		stopsSoon(t, tc.what, func(ctx context.Context) error {
			_, err := agents.ActContext(ctx, gr, st)
			return err
		})
	}
}

// TestBounds: the mcts and greedy agents' defaults are within the bounds
// a server accepts, and the requests that exhausted a server are refused.
func TestBounds(t *testing.T) {
	for _, spec := range []string{"mcts", "greedy", "mcts:batch=64,rollouts=32", "greedy:worlds=256"} {
		if err := agents.CheckBounds(spec); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
	for _, spec := range []string{"mcts:sims=2,batch=100000000", "mcts:sims=1,rollouts=2000000000", "greedy:worlds=1000000000", "mcts:batch=65", "mcts:rollouts=33", "greedy:worlds=257"} {
		if err := agents.CheckBounds(spec); !errors.Is(err, agents.ErrBadSpec) || !strings.Contains(err.Error(), "over the bound") {
			t.Errorf("%s: %v, want an error over the bound", spec, err)
		}
	}
}
