package arena

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
)

// TestEntrantsMatchSpecs: a tournament of SpecEntrants plays exactly the
// games of the same specs given as Agents.
func TestEntrantsMatchSpecs(t *testing.T) {
	g := tictactoe.Game{}
	specs := []string{"mcts:sims=30", "random", "heuristic"}
	bySpec, err := Run(context.Background(), Config{Game: g, Agents: specs, Games: 9, Seed: 4, Parallel: 2})
	if err != nil {
		t.Fatal(err)
	}
	byEntrant, err := Run(context.Background(), Config{Game: g, Entrants: SpecEntrants(g, specs), Games: 9, Seed: 4, Parallel: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := range bySpec {
		a, b := bySpec[i], byEntrant[i]
		if a.Seed != b.Seed || !slices.Equal(a.Seats, b.Seats) || !slices.Equal(a.Record.Actions, b.Record.Actions) || !slices.Equal(a.Record.Seats, b.Record.Seats) {
			t.Fatalf("game %d: specs %v %v, entrants %v %v", i, a.Seats, a.Record.Actions, b.Seats, b.Record.Actions)
		}
	}
	if got := Names(SpecEntrants(g, specs)); !slices.Equal(got, specs) {
		t.Errorf("Names = %q", got)
	}
}

// countingAgent plays the lowest legal action and counts its moves.
type countingAgent struct{ moves *atomic.Int64 }

func (c countingAgent) Act(s engine.State) (engine.Action, error) {
	c.moves.Add(1)
	return s.LegalActions(nil)[0], nil
}

func TestCustomEntrant(t *testing.T) {
	g := tictactoe.Game{}
	var made, moves atomic.Int64
	seeds := make(chan uint64, 100)
	first := Entrant{Name: "first-legal", New: func(seed uint64) (agents.Agent, error) {
		made.Add(1)
		seeds <- seed
		return countingAgent{&moves}, nil
	}}
	cfg := Config{Game: g, Entrants: []Entrant{first, SpecEntrant(g, "heuristic")}, Games: 20, Seed: 7}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// One agent per game held (plus the early check), every move counted.
	if made.Load() != 21 {
		t.Errorf("constructor called %d times, want 21", made.Load())
	}
	close(seeds)
	distinct := map[uint64]bool{}
	for s := range seeds {
		distinct[s] = true
	}
	if len(distinct) != 21 {
		t.Errorf("%d distinct seeds over 21 agents", len(distinct))
	}
	var want int64
	for _, r := range res {
		if !slices.Contains(r.Record.Seats, "first-legal") || !slices.Contains(r.Record.Seats, "heuristic") {
			t.Fatalf("record seats %q", r.Record.Seats)
		}
		first := slices.Index(r.Seats, 0)
		for k := range r.Record.Actions {
			if k%2 == first {
				want++
			}
		}
	}
	if moves.Load() != want {
		t.Errorf("%d moves counted, records hold %d", moves.Load(), want)
	}
	rep, err := Summarize(g, Names(cfg.Entrants), cfg.Seed, res)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Agents[0].Spec != "first-legal" || !rep.Balanced || rep.Agents[1].WinRate < 0.9 {
		t.Errorf("report %+v", rep.Agents)
	}
}

func TestEntrantErrors(t *testing.T) {
	g := tictactoe.Game{}
	boom := errors.New("boom")
	failing := Entrant{Name: "fails", New: func(uint64) (agents.Agent, error) { return nil, boom }}
	for _, tc := range []struct {
		name string
		cfg  Config
		want error
	}{
		{"both", Config{Game: g, Agents: []string{"random"}, Entrants: []Entrant{SpecEntrant(g, "random")}, Games: 1}, ErrBadConfig},
		{"nil constructor", Config{Game: g, Entrants: []Entrant{{Name: "x"}}, Games: 1}, ErrBadConfig},
		{"too many", Config{Game: g, Entrants: SpecEntrants(g, slices.Repeat([]string{"random"}, 13)), Games: 1}, ErrBadConfig},
		{"negative opening", Config{Game: g, Agents: []string{"random"}, Games: 1, Opening: -1}, ErrBadConfig},
		{"constructor error", Config{Game: g, Entrants: []Entrant{failing, SpecEntrant(g, "random")}, Games: 2}, boom},
	} {
		if _, err := Run(context.Background(), tc.cfg); !errors.Is(err, tc.want) {
			t.Errorf("%s: err %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestOpening: random opening decisions vary the games of two
// deterministic agents, reproducibly and whatever the parallelism; without
// them two first-legal-move agents replay one game.
func TestOpening(t *testing.T) {
	g := tictactoe.Game{}
	distinct := func(res []GameResult) int {
		seen := map[string]bool{}
		for _, r := range res {
			seen[fmt.Sprint(r.Record.Actions)] = true
		}
		return len(seen)
	}
	var moves atomic.Int64
	firstLegal := Entrant{Name: "first-legal", New: func(uint64) (agents.Agent, error) { return countingAgent{&moves}, nil }}
	run := func(opening, par int) []GameResult {
		res, err := Run(context.Background(), Config{Game: g, Entrants: []Entrant{firstLegal, firstLegal}, Games: 40, Seed: 3, Parallel: par, Opening: opening})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if n := distinct(run(0, 2)); n != 1 {
		t.Errorf("opening 0: %d distinct games of deterministic agents, want 1", n)
	}
	a, b := run(2, 1), run(2, 4)
	if n := distinct(a); n < 10 {
		t.Errorf("opening 2: only %d distinct games in 40", n)
	}
	firsts := map[[2]engine.Action]bool{}
	for i := range a {
		if !slices.Equal(a[i].Record.Actions, b[i].Record.Actions) {
			t.Fatalf("game %d differs between parallel 1 and 4", i)
		}
		if _, final, err := a[i].Record.Replay(); err != nil || !slices.Equal(final.Returns(nil), a[i].Returns) {
			t.Fatalf("game %d does not replay: %v", i, err)
		}
		firsts[[2]engine.Action{a[i].Record.Actions[0], a[i].Record.Actions[1]}] = true
	}
	if len(firsts) < 10 {
		t.Errorf("only %d distinct two-move openings in 40 games", len(firsts))
	}
	// An opening longer than the game plays every move at random.
	if _, err := Run(context.Background(), Config{Game: g, Agents: []string{"heuristic"}, Games: 4, Seed: 1, Opening: 20}); err != nil {
		t.Fatal(err)
	}
}

// failingAgent fails at its first move.
type failingAgent struct{ err error }

func (f failingAgent) Act(engine.State) (engine.Action, error) { return 0, f.err }

// TestErrorMidTournament: an agent that fails in one game stops the
// tournament with an error naming that game (index, seed, agents by seat)
// and wrapping the agent's error, and the games finished before it are
// returned, not lost.
func TestErrorMidTournament(t *testing.T) {
	g := tictactoe.Game{}
	boom := errors.New("boom")
	var made atomic.Int64
	// The early check makes agent 1; games 0-4 make agents 2-6; the agent
	// of game 5 fails.
	flaky := Entrant{Name: "flaky", New: func(uint64) (agents.Agent, error) {
		if made.Add(1) == 7 {
			return failingAgent{boom}, nil
		}
		return countingAgent{new(atomic.Int64)}, nil
	}}
	cfg := Config{Game: g, Entrants: []Entrant{flaky, SpecEntrant(g, "random")}, Games: 10, Seed: 3, Parallel: 1}
	res, err := Run(context.Background(), cfg)
	if !errors.Is(err, boom) {
		t.Fatalf("err %v, want boom", err)
	}
	seat := slices.Index(Seating(5, 2, 2), 0)
	for _, part := range []string{"game 5 ", fmt.Sprintf("game seed %d", GameSeed(3, 5)), "agents by seat: ", fmt.Sprintf("seat %d: boom", seat)} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("error %q does not say %q", err, part)
		}
	}
	if len(res) != 5 {
		t.Fatalf("%d games returned with the error, want the 5 finished", len(res))
	}
	for i, r := range res {
		if r.Index != i || r.Record == nil || len(r.Returns) != 2 {
			t.Errorf("game %d: %+v", i, r)
		}
	}
}
