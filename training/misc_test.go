package training_test

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
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
	for _, bad := range []string{"games=0", "nope=1", "games", "games=x", "eps=2", "games=1,games=2", "batch=999999"} {
		if _, err := training.ParseConfig(bad, base); !errors.Is(err, training.ErrBadConfig) {
			t.Errorf("%q: %v, want ErrBadConfig", bad, err)
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
		{Iteration: 2, Games: 20, PolicyLoss: 1.5, ValueLoss: 0.5, TotalLoss: 2, VsRandom: 0.75, VsHeuristic: 0.5, VsPrevious: math.NaN()},
	}
	csv, err := training.MetricsCSV(rows)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "iteration,elapsed_s,games") {
		t.Fatalf("csv:\n%s", csv)
	}
	if want := "2,0,20,0,0,0,0,0,1.5,0.5,2,0.75,0.5,"; lines[2] != want {
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

func TestPlayMatch(t *testing.T) {
	g := tictactoe.Game{}
	h := training.SpecFactory(g, "heuristic")
	r := training.SpecFactory(g, "random")
	m, err := training.PlayMatch(g, h, r, 200, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if m.Games != 200 || m.Wins+m.Draws+m.Losses != 200 || m.Low > m.Score || m.High < m.Score {
		t.Fatalf("inconsistent match %v", m)
	}
	if m.Low < 0.7 {
		t.Fatalf("heuristic vs random: %v, want a clear win", m)
	}
	again, _ := training.PlayMatch(g, h, r, 200, 0, 1)
	if again != m {
		t.Fatalf("same seed, other result: %v vs %v", again, m)
	}
	rr, err := training.PlayMatch(g, r, r, 400, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if rr.Low > 0.5 || rr.High < 0.5 {
		t.Fatalf("random vs random with seats rotated: %v, want 0.5 inside the interval", rr)
	}
	if _, err := training.PlayMatch(g, training.SpecFactory(g, "nope"), r, 2, 0, 1); err == nil {
		t.Fatal("unknown agent accepted")
	}
}
