package training_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/moongym/moongym/agents"
	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/planetcubes"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/training"
)

func TestParseConfig(t *testing.T) {
	base := training.DefaultConfig()
	c, err := training.ParseConfig("games=10, sims=20,lr=0.01,kind=mlp,seed=7", base)
	if err != nil {
		t.Fatal(err)
	}
	if c.Games != 10 || c.Sims != 20 || c.LR != 0.01 || c.Kind != "mlp" || c.Seed != 7 || c.Steps != base.Steps {
		t.Fatalf("parsed %+v", c)
	}
	again, err := training.ParseConfig(c.String(), training.Config{})
	if err != nil || again != c {
		t.Fatalf("String does not round-trip: %v\n%+v\n%+v", err, again, c)
	}
	for _, bad := range []struct{ in, want string }{
		{"games=0", "games=0, want >= 1"},
		{"nope=1", `unknown parameter "nope" (known: alpha, batch, buffer,`},
		{"games", `"games" is not name=value`},
		{"games=x", `games="x" is not an integer`},
		{"seed=-1", `seed="-1" is not an unsigned integer`},
		{"lr=fast", `lr="fast" is not a finite number`},
		{"cpuct=Inf", `cpuct="Inf" is not a finite number`},
		{"alpha=NaN", `alpha="NaN" is not a finite number`},
		{"eps=2", "eps=2, want in [0, 1]"},
		{"games=1,games=2", "games given twice"},
		{"batch=999999", "want >= batch"},
	} {
		_, err := training.ParseConfig(bad.in, base)
		if !errors.Is(err, training.ErrBadConfig) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: %v, want ErrBadConfig saying %q", bad.in, err, bad.want)
		}
	}
	if _, err := (training.Config{Kind: "conv"}).Arch(ttShapes()); err != nil {
		t.Errorf("conv on tictactoe: %v", err)
	}
	if _, err := (training.Config{Kind: "rnn"}).Arch(ttShapes()); err == nil {
		t.Error("kind=rnn accepted")
	}
}

func TestMetricsFiles(t *testing.T) {
	rows := []training.Row{
		{Iteration: 1, Games: 10, PolicyLoss: math.NaN(), ValueLoss: math.NaN(), TotalLoss: math.NaN(), VsRandom: math.NaN(), VsHeuristic: math.NaN(), VsPrevious: math.NaN()},
		{Iteration: 2, Games: 20, PolicyLoss: 1.5, ValueLoss: 0.5, TotalLoss: 2, VsRandom: 0.75, VsRandomLow: 0.5, VsRandomHigh: 0.9,
			VsHeuristic: 0.5, VsHeuristicLow: 0.25, VsHeuristicHigh: 0.75, VsPrevious: math.NaN(), VsPreviousLow: math.NaN(), VsPreviousHigh: math.NaN()},
	}
	csv, err := training.MetricsCSV(rows)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "iteration,elapsed_s,games") {
		t.Fatalf("csv:\n%s", csv)
	}
	if want := "iteration,elapsed_s,games,samples,steps,buffer,games_per_s,samples_per_s,policy_loss,value_loss,total_loss," +
		"vs_random,vs_random_lo,vs_random_hi,vs_heuristic,vs_heuristic_lo,vs_heuristic_hi,vs_previous,vs_previous_lo,vs_previous_hi," +
		"elo_vs_heuristic,elo_vs_heuristic_lo,elo_vs_heuristic_hi"; lines[0] != want {
		t.Fatalf("header %q, want %q", lines[0], want)
	}
	if want := "2,0,20,0,0,0,0,0,1.5,0.5,2,0.75,0.5,0.9,0.5,0.25,0.75,,,,0,-190.849,190.849"; lines[2] != want {
		t.Fatalf("row %q, want %q", lines[2], want)
	}
	png, err := training.MetricsPNG(rows, "tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatal("plot is not a PNG")
	}
}

// TestElo: the Elo difference of a win rate, held within ±1200 at 0 and 1.
func TestElo(t *testing.T) {
	for _, c := range []struct{ p, want float64 }{
		{0.5, 0}, {0.75, 190.849}, {0.25, -190.849}, {1, 1199.826}, {0, -1199.826}, {0.9, 381.697},
	} {
		if got := training.Elo(c.p); math.Abs(got-c.want) > 0.01 {
			t.Errorf("Elo(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	if !math.IsNaN(training.Elo(math.NaN())) {
		t.Error("Elo(NaN) is not NaN")
	}
}

// TestMetricsNoEvaluation: a run without evaluations (evalevery=0, the
// 2-player recipes) still gets a plot, whose lower panel says why it is
// empty; a row with any win rate counts as an evaluation.
func TestMetricsNoEvaluation(t *testing.T) {
	nan := math.NaN()
	row := func(r, h, p float64) training.Row {
		return training.Row{Iteration: 1, Games: 128, PolicyLoss: 0.7, ValueLoss: 0.8, TotalLoss: 1.5, VsRandom: r, VsHeuristic: h, VsPrevious: p}
	}
	for _, c := range []struct {
		name string
		rows []training.Row
		want bool
	}{
		{"no rows", nil, false},
		{"none evaluated", []training.Row{row(nan, nan, nan), row(nan, nan, nan)}, false},
		{"infinite is not a rate", []training.Row{row(math.Inf(1), nan, nan)}, false},
		{"vs random", []training.Row{row(nan, nan, nan), row(0.9, nan, nan)}, true},
		{"vs heuristic", []training.Row{row(nan, 0.5, nan)}, true},
		{"vs previous", []training.Row{row(nan, nan, 0.5)}, true},
	} {
		if got := training.HasEvaluation(c.rows); got != c.want {
			t.Errorf("%s: HasEvaluation %v, want %v", c.name, got, c.want)
		}
		png, err := training.MetricsPNG(c.rows, "welcome-moon")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Fatalf("%s: plot is not a PNG", c.name)
		}
	}
}

// TestEvalMatch: evaluation matches go through the arena: seats rotated,
// win rates with Wilson intervals, reproducible for a seed.
func TestEvalMatch(t *testing.T) {
	g := tictactoe.Game{}
	ctx := context.Background()
	h, r := arena.SpecEntrant(g, "heuristic"), arena.SpecEntrant(g, "random")
	m, err := training.EvalMatch(ctx, g, h, r, 200, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if m.Games != 200 || m.Wins+m.Draws+m.Losses != 200 || m.CI95[0] > m.WinRate || m.CI95[1] < m.WinRate {
		t.Fatalf("inconsistent match %+v", m)
	}
	if m.PerSeat[0].Games != 100 || m.PerSeat[1].Games != 100 {
		t.Fatalf("seats not rotated: %+v", m.PerSeat)
	}
	if lo, hi := arena.Wilson(m.WinRate, m.Games); lo != m.CI95[0] || hi != m.CI95[1] {
		t.Fatalf("interval %v, Wilson gives [%v, %v]", m.CI95, lo, hi)
	}
	if m.CI95[0] < 0.7 {
		t.Fatalf("heuristic vs random: %+v, want a clear win", m)
	}
	again, _ := training.EvalMatch(ctx, g, h, r, 200, 0, 1)
	if again.Wins != m.Wins || again.Draws != m.Draws || again.Losses != m.Losses {
		t.Fatalf("same seed, other result: %+v vs %+v", again, m)
	}
	rr, err := training.EvalMatch(ctx, g, r, r, 400, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if rr.CI95[0] > 0.5 || rr.CI95[1] < 0.5 {
		t.Fatalf("random vs random with seats rotated: %+v, want 0.5 inside the interval", rr)
	}
	if _, err := training.EvalMatch(ctx, g, arena.SpecEntrant(g, "nope"), r, 2, 0, 1); err == nil {
		t.Fatal("unknown agent accepted")
	}
}

// TestEvalMatchThreeSeats: with three seats the candidate holds one seat
// of every game, each seat a third of the games, the opponent the others.
func TestEvalMatchThreeSeats(t *testing.T) {
	g, err := engine.Load("planet-cubes", engine.Params{"players": "3", "rounds": "3"})
	if err != nil {
		t.Fatal(err)
	}
	var made atomic.Int64
	cand := arena.Entrant{Name: "cand", New: func(seed uint64) (agents.Agent, error) {
		made.Add(1)
		return agents.NewRandom(seed), nil
	}}
	m, err := training.EvalMatch(context.Background(), g, cand, arena.SpecEntrant(g, "random"), 6, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	if made.Load() != 7 || m.Games != 6 { // one per game and the arena's early check
		t.Fatalf("candidate made %d times, %d games", made.Load(), m.Games)
	}
	for s, ps := range m.PerSeat {
		if ps.Games != 2 {
			t.Fatalf("seat %d: %d games, want 2", s, ps.Games)
		}
	}
}

// BenchmarkMetricsPNG draws the plot of an 80-iteration run without
// evaluations (the 2-player recipes), as the trainer does every iteration.
func BenchmarkMetricsPNG(b *testing.B) {
	rows := make([]training.Row, 80)
	for i := range rows {
		rows[i] = training.Row{Iteration: int64(i + 1), Games: int64(128 * (i + 1)), PolicyLoss: 0.7 + float64(i)/400, ValueLoss: 0.8 - float64(i)/800,
			TotalLoss: 1.5, VsRandom: math.NaN(), VsHeuristic: math.NaN(), VsPrevious: math.NaN()}
	}
	for b.Loop() {
		if _, err := training.MetricsPNG(rows, "welcome-moon"); err != nil {
			b.Fatal(err)
		}
	}
}
