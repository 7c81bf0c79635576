package mcts

import (
	"errors"
	"hash/fnv"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts/internal/testgames"
)

// hashValue is a value function that tells every position apart: seat 0
// gets a number in [-1, 1] from the hash of the state's JSON, seat 1 its
// opposite.
func hashValue(s engine.State, dst []float64) []float64 {
	b, err := s.MarshalJSON()
	if err != nil {
		panic(err)
	}
	h := fnv.New64a()
	h.Write(b)
	v := float64(h.Sum64()%2001)/1000 - 1
	return append(dst[:0], v, -v)
}

func newEvals(g engine.Game, n int) []Evaluation {
	out := make([]Evaluation, n)
	for i := range out {
		out[i] = Evaluation{Priors: make([]float32, g.NumActions()), Values: make([]float32, g.NumPlayers())}
	}
	return out
}

func mustPlayout(t *testing.T, g engine.Game, inner Evaluator, depth int, seed uint64) *PlayoutEvaluator {
	t.Helper()
	p, err := NewPlayoutEvaluator(g, inner, depth, seed)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPlayoutValues: each leaf keeps its own priors and gets the values of
// the position `depth` decisions on, every decision the most probable legal
// action (uniform priors: the lowest), or the returns where the game ends
// first; depth 0 is the inner evaluator itself.
func TestPlayoutValues(t *testing.T) {
	g := tictactoe.Game{}
	inner := NewValueEvaluator(g, hashValue)
	leaves := []engine.State{
		play(g), play(g, 4), play(g, 4, 0), play(g, 0, 8, 2, 6), play(g, 4, 0, 8, 2, 6), play(g, 1, 0, 4, 3),
	}
	for depth := 0; depth <= 9; depth++ {
		p := mustPlayout(t, g, inner, depth, 1)
		got := newEvals(g, len(leaves))
		if err := p.Evaluate(leaves, got); err != nil {
			t.Fatal(err)
		}
		want := newEvals(g, len(leaves))
		if err := inner.Evaluate(leaves, want); err != nil {
			t.Fatal(err)
		}
		for i, leaf := range leaves {
			if !slices.Equal(got[i].Priors, want[i].Priors) {
				t.Errorf("depth %d, leaf %d: priors %v, want the leaf's %v", depth, i, got[i].Priors, want[i].Priors)
			}
			s := leaf.Clone()
			for k := 0; k < depth && !s.IsTerminal(); k++ {
				s.Apply(s.LegalActions(nil)[0])
			}
			var vals []float64
			if s.IsTerminal() {
				vals = s.Returns(nil)
			} else {
				vals = hashValue(s, nil)
			}
			for q, v := range vals {
				if got[i].Values[q] != float32(v) {
					t.Errorf("depth %d, leaf %d: values %v, want %v (the position %d moves on)", depth, i, got[i].Values, vals, depth)
					break
				}
			}
		}
	}
	// The leaves are not touched.
	if s := play(g, 4, 0); leaves[2].String() != s.String() {
		t.Errorf("a leaf changed:\n%s", leaves[2])
	}
}

// rollFirst prefers Roll, then Risk: its playouts meet chance nodes.
type rollFirst struct{}

func (rollFirst) Evaluate(states []engine.State, out []Evaluation) error {
	for i := range states {
		clear(out[i].Priors)
		out[i].Priors[testgames.Roll], out[i].Priors[testgames.Risk] = 0.7, 0.3
		out[i].Values[0], out[i].Values[1] = 0.25, -0.25
	}
	return nil
}

// TestPlayoutChance: playouts draw chance outcomes with the evaluator's own
// seeded generator: the same seed, the same values; played to the end,
// every value is a return.
func TestPlayoutChance(t *testing.T) {
	g := testgames.DiceRace{Goal: 12, MaxTurns: 20}
	leaves := []engine.State{g.NewState(0, 0, 0, 0), g.NewState(3, 5, 1, 2), g.NewState(0, 0, 0, 0), g.NewState(9, 10, 0, 6)}
	run := func(seed uint64, depth int, leaves []engine.State) [][]float32 {
		p := mustPlayout(t, g, rollFirst{}, depth, seed)
		var all [][]float32
		for range 5 {
			out := newEvals(g, len(leaves))
			if err := p.Evaluate(leaves, out); err != nil {
				t.Fatal(err)
			}
			for _, ev := range out {
				all = append(all, slices.Clone(ev.Values))
			}
		}
		return all
	}
	a, b := run(7, g.MaxGameLength(), leaves), run(7, g.MaxGameLength(), leaves)
	if !slices.EqualFunc(a, b, slices.Equal) {
		t.Errorf("the same seed gave other values:\n%v\n%v", a, b)
	}
	distinct := map[float32]bool{}
	for _, v := range a {
		if (v[0] != 1 && v[0] != -1 && v[0] != 0) || v[0] != -v[1] {
			t.Fatalf("values %v after a playout to the end, want returns", v)
		}
		distinct[v[0]] = true
	}
	if len(distinct) < 2 {
		t.Errorf("20 playouts with dice all ended %v: the chance draws do not vary", a[0])
	}
	for _, v := range run(7, 1, leaves[:3]) { // one move from these: never the end, the inner values
		if v[0] != 0.25 || v[1] != -0.25 {
			t.Fatalf("depth 1: values %v, want the inner evaluator's", v)
		}
	}
}

// TestPlayoutSearch: a search with a playout evaluator is reproducible and
// finds tictactoe's immediate win.
func TestPlayoutSearch(t *testing.T) {
	g := tictactoe.Game{}
	st := play(g, 0, 3, 1, 4) // X to play 2 and win
	var first Result
	for k := range 2 {
		p := mustPlayout(t, g, NewValueEvaluator(g, hashValue), 2, 1)
		r, err := mustSearch(t, g, p, Config{Sims: 200, Seed: 3}).Run(st)
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != 2 {
			t.Errorf("played %d, want the win at 2", r.Action)
		}
		if k == 0 {
			first = r
		} else if !slices.Equal(first.Visits, r.Visits) {
			t.Errorf("visits %v, then %v with the same seed", first.Visits, r.Visits)
		}
	}
}

func TestPlayoutErrors(t *testing.T) {
	g := tictactoe.Game{}
	if _, err := NewPlayoutEvaluator(g, NewValueEvaluator(g, hashValue), -1, 1); !errors.Is(err, ErrBadConfig) {
		t.Errorf("depth -1: %v, want ErrBadConfig", err)
	}
	if _, err := NewPlayoutEvaluator(g, nil, 2, 1); !errors.Is(err, ErrBadConfig) {
		t.Errorf("no inner evaluator: %v, want ErrBadConfig", err)
	}
	p := mustPlayout(t, g, NewValueEvaluator(g, hashValue), 2, 1)
	if err := p.Evaluate([]engine.State{play(g)}, nil); !errors.Is(err, ErrEvaluator) {
		t.Errorf("no outputs: %v, want ErrEvaluator", err)
	}
	p = mustPlayout(t, g, failingEvaluator{}, 2, 1)
	if err := p.Evaluate([]engine.State{play(g)}, newEvals(g, 1)); err == nil {
		t.Error("the inner evaluator's error was lost")
	}
}

// uniformEvaluator gives uniform priors and values of 0 without
// allocating (ValueEvaluator's value function call does).
type uniformEvaluator struct{ legal []engine.Action }

func (u *uniformEvaluator) Evaluate(states []engine.State, out []Evaluation) error {
	for i, st := range states {
		clear(out[i].Priors)
		clear(out[i].Values)
		u.legal = st.LegalActions(u.legal)
		for _, a := range u.legal {
			out[i].Priors[a] = 1 / float32(len(u.legal))
		}
	}
	return nil
}

// TestPlayoutNoAlloc: once its buffers have grown, a playout evaluation of
// a batch of flat states allocates nothing of its own.
func TestPlayoutNoAlloc(t *testing.T) {
	g := tictactoe.Game{}
	p := mustPlayout(t, g, &uniformEvaluator{}, 4, 1)
	leaves := []engine.State{play(g), play(g, 4), play(g, 4, 0), play(g, 0, 8, 2, 6)}
	out := newEvals(g, len(leaves))
	if err := p.Evaluate(leaves, out); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() {
		if err := p.Evaluate(leaves, out); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("%v allocations per Evaluate", n)
	}
}

// BenchmarkPlayoutEvaluator: a batch of 8 tictactoe leaves, each played 4
// decisions on (5 inner evaluations a leaf).
func BenchmarkPlayoutEvaluator(b *testing.B) {
	g := tictactoe.Game{}
	p, err := NewPlayoutEvaluator(g, &uniformEvaluator{}, 4, 1)
	if err != nil {
		b.Fatal(err)
	}
	leaves := []engine.State{play(g), play(g, 4), play(g, 4, 0), play(g, 0, 8), play(g, 1), play(g, 2, 6), play(g, 8), play(g, 3, 5)}
	out := newEvals(g, len(leaves))
	b.ReportAllocs()
	for b.Loop() {
		if err := p.Evaluate(leaves, out); err != nil {
			b.Fatal(err)
		}
	}
}
