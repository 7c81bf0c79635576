package arena

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
)

// gatedAgent plays the first legal action once its gate opens.
type gatedAgent struct{ gate <-chan struct{} }

func (a gatedAgent) Act(s engine.State) (engine.Action, error) {
	<-a.gate
	return s.LegalActions(nil)[0], nil
}

// searchingAgent stands for a search that only a context stops: its Act
// never returns, its ActContext returns when ctx is done.
type searchingAgent struct{}

func (searchingAgent) Act(engine.State) (engine.Action, error) { select {} }

func (searchingAgent) ActContext(ctx context.Context, _ engine.State) (engine.Action, error) {
	<-ctx.Done()
	return 0, ctx.Err()
}

// runWithin runs the tournament and fails the test if it takes longer
// than d.
func runWithin(t *testing.T, d time.Duration, ctx context.Context, cfg Config) ([]GameResult, error) {
	t.Helper()
	type out struct {
		res []GameResult
		err error
	}
	c := make(chan out, 1)
	go func() {
		res, err := Run(ctx, cfg)
		c <- out{res, err}
	}()
	select {
	case o := <-c:
		return o.res, o.err
	case <-time.After(d):
		t.Fatalf("Run did not return within %v", d)
		return nil, nil
	}
}

// TestDrainFinishesGamesInFlight: closing Drain starts no further game;
// the games in flight are played to their end and counted, and the error
// is a *StopError that says so. GameStarted and GameEnded see every game
// played.
func TestDrainFinishesGamesInFlight(t *testing.T) {
	g := tictactoe.Game{}
	gate, drain := make(chan struct{}), make(chan struct{})
	var once sync.Once
	var started, ended atomic.Int64
	ent := Entrant{Name: "gated", New: func(uint64) (agents.Agent, error) { return gatedAgent{gate}, nil }}
	cfg := Config{Game: g, Entrants: []Entrant{ent, SpecEntrant(g, "random")}, Games: 20, Seed: 1, Parallel: 3, Drain: drain,
		GameStarted: func(int) {
			if started.Add(1) == 3 { // every worker busy
				once.Do(func() { close(drain); close(gate) })
			}
		},
		GameEnded: func(_ int, err error) {
			if err != nil {
				t.Errorf("a game in flight failed: %v", err)
			}
			ended.Add(1)
		},
	}
	res, err := runWithin(t, 10*time.Second, context.Background(), cfg)
	var se *StopError
	if !errors.As(err, &se) || !errors.Is(err, ErrStopped) || se.Cause != nil {
		t.Fatalf("err %v, want a *StopError without cause", err)
	}
	if len(res) != 3 || se.Finished != 3 || se.Stopped != 0 || se.Games != 20 || started.Load() != 3 || ended.Load() != 3 {
		t.Fatalf("%d games returned, %+v, %d started, %d ended: want the 3 in flight finished", len(res), *se, started.Load(), ended.Load())
	}
	for i, r := range res {
		if r.Index != i || r.Record == nil {
			t.Errorf("game %d: %+v", i, r)
		}
	}
}

// TestContextStopsGamesInFlight: when Run's context ends, the games in
// flight are stopped through agents.ActContext (a search that would never
// end on its own gives up), they are not counted, and the *StopError says
// how many were stopped; the games finished before are returned.
func TestContextStopsGamesInFlight(t *testing.T) {
	g := tictactoe.Game{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Agent 0 searches forever; agents 1 and 2 are quick, so the games
	// between them finish (Seating with 3 agents and 2 seats).
	var made atomic.Int64
	slow := Entrant{Name: "search", New: func(uint64) (agents.Agent, error) { made.Add(1); return searchingAgent{}, nil }}
	var inFlight, ended atomic.Int64
	cfg := Config{Game: g, Entrants: []Entrant{slow, SpecEntrant(g, "random"), SpecEntrant(g, "greedy")}, Games: 30, Seed: 1, Parallel: 2,
		GameStarted: func(int) { inFlight.Add(1) },
		GameEnded:   func(int, error) { inFlight.Add(-1); ended.Add(1) },
	}
	go func() {
		// Both workers on a game with the searcher: two games in flight
		// and none ending for a while (a quick game takes microseconds).
		last, quiet := int64(-1), time.Now()
		for {
			if e := ended.Load(); e != last {
				last, quiet = e, time.Now()
			}
			if made.Load() >= 3 && inFlight.Load() == 2 && time.Since(quiet) > 100*time.Millisecond {
				break
			}
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	res, err := runWithin(t, 10*time.Second, ctx, cfg)
	var se *StopError
	if !errors.As(err, &se) || !errors.Is(err, ErrStopped) || !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want a *StopError caused by the context", err)
	}
	if se.Stopped != 2 || se.Finished != len(res) || se.Finished+se.Stopped > 30 {
		t.Fatalf("%+v with %d games returned: want 2 stopped in flight", *se, len(res))
	}
	for _, r := range res {
		for _, a := range r.Seats {
			if a == 0 {
				t.Errorf("game %d with the searcher counted", r.Index)
			}
		}
	}
}

// TestContextStopsSearches: a real search (mcts with a budget of a
// billion simulations) in flight stops soon after the context ends.
func TestContextStopsSearches(t *testing.T) {
	g := tictactoe.Game{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var started atomic.Int64
	cfg := Config{Game: g, Agents: []string{"mcts:sims=1000000000", "random"}, Games: 4, Seed: 1, Parallel: 2,
		GameStarted: func(int) {
			if started.Add(1) == 2 {
				go func() { time.Sleep(50 * time.Millisecond); cancel() }()
			}
		},
	}
	res, err := runWithin(t, 20*time.Second, ctx, cfg)
	var se *StopError
	if !errors.As(err, &se) || !errors.Is(err, context.Canceled) || len(res) != 0 || se.Stopped != 2 {
		t.Fatalf("%d games, err %v: want both games in flight stopped", len(res), err)
	}
}
