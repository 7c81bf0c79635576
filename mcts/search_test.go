package mcts

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts/internal/testgames"
)

func mustSearch(t testing.TB, g engine.Game, ev Evaluator, cfg Config) *Search {
	t.Helper()
	s, err := New(g, ev, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func play(g engine.Game, actions ...engine.Action) engine.State {
	s := g.NewInitialState()
	for _, a := range actions {
		s.Apply(a)
	}
	return s
}

func TestConfigErrors(t *testing.T) {
	g := tictactoe.Game{}
	ev := NewRolloutEvaluator(g, 1)
	for _, cfg := range []Config{
		{Sims: 0},
		{Sims: 10, CPUCT: -1},
		{Sims: 10, CPUCT: math.NaN()},
		{Sims: 10, MaxTime: -time.Second},
		{Sims: 10, DirichletEpsilon: 1.5},
		{Sims: 10, DirichletAlpha: -1},
		{Sims: 10, Temperature: -1},
		{Sims: 10, BatchSize: -1},
		{Sims: 10, Mode: 7},
		// Non-finite numbers: NaN or infinite scores and priors.
		{Sims: 10, CPUCT: math.Inf(1)},
		{Sims: 10, Temperature: math.Inf(1)},
		{Sims: 10, Temperature: math.NaN()},
		{Sims: 10, DirichletAlpha: math.Inf(1), DirichletEpsilon: 0.25},
		{Sims: 10, DirichletAlpha: math.NaN(), DirichletEpsilon: 0.25},
		{Sims: 10, DirichletAlpha: 0.3, DirichletEpsilon: math.NaN()},
		{Sims: 10, Gumbel: true, GumbelCScale: math.Inf(1)},
		{Sims: 10, Gumbel: true, GumbelCVisit: math.Inf(1)},
		{Sims: 10, Gumbel: true, GumbelCScale: math.NaN()},
	} {
		if _, err := New(g, ev, cfg); !errors.Is(err, ErrBadConfig) {
			t.Errorf("%+v: err %v, want ErrBadConfig", cfg, err)
		}
	}
	if _, err := New(g, nil, Config{Sims: 1}); !errors.Is(err, ErrBadConfig) {
		t.Errorf("nil evaluator: err %v", err)
	}
	s := mustSearch(t, g, ev, Config{Sims: 10})
	if s.Config().BatchSize != 1 {
		t.Errorf("default BatchSize %d, want 1", s.Config().BatchSize)
	}
}

func TestRunNotDecision(t *testing.T) {
	g := tictactoe.Game{}
	s := mustSearch(t, g, NewRolloutEvaluator(g, 1), Config{Sims: 10})
	if _, err := s.Run(play(g, 0, 3, 1, 4, 2)); !errors.Is(err, ErrNotDecision) {
		t.Errorf("terminal: err %v", err)
	}
	d := testgames.DiceRace{Goal: 8, MaxTurns: 10}
	st := d.NewState(0, 0, 0, 0)
	st.Apply(testgames.Roll)
	s = mustSearch(t, d, NewRolloutEvaluator(d, 1), Config{Sims: 10})
	if _, err := s.Run(st); !errors.Is(err, ErrNotDecision) {
		t.Errorf("chance node: err %v", err)
	}
}

type failingEvaluator struct{ bad bool }

func (f failingEvaluator) Evaluate(states []engine.State, out []Evaluation) error {
	if f.bad {
		out[0].Values = out[0].Values[:1]
		return nil
	}
	return errors.New("out of coffee")
}

func TestEvaluatorErrors(t *testing.T) {
	g := tictactoe.Game{}
	for _, ev := range []Evaluator{failingEvaluator{}, failingEvaluator{bad: true}} {
		s := mustSearch(t, g, ev, Config{Sims: 10})
		if _, err := s.Run(g.NewInitialState()); !errors.Is(err, ErrEvaluator) {
			t.Errorf("%+v: err %v, want ErrEvaluator", ev, err)
		}
	}
}

func TestResultShape(t *testing.T) {
	g := tictactoe.Game{}
	st := play(g, 4, 0)
	before, _ := st.MarshalJSON()
	s := mustSearch(t, g, NewRolloutEvaluator(g, 1), Config{Sims: 300, CPUCT: 1.4})
	r, err := s.Run(st)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := st.MarshalJSON()
	if string(before) != string(after) {
		t.Errorf("Run modified its state")
	}
	if len(r.Visits) != g.NumActions() || len(r.Values) != g.NumPlayers() || r.Sims != 300 {
		t.Fatalf("result shape: %d visits, %d values, %d sims", len(r.Visits), len(r.Values), r.Sims)
	}
	sum := float32(0)
	for a, v := range r.Visits {
		if v < 0 || (v > 0 && !engine.IsLegal(st, engine.Action(a))) {
			t.Errorf("visit %v on action %d", v, a)
		}
		sum += v
	}
	if math.Abs(float64(sum)-1) > 1e-5 {
		t.Errorf("visits sum to %v", sum)
	}
	if math.Abs(r.Values[0]+r.Values[1]) > 1e-9 {
		t.Errorf("zero-sum values %v", r.Values)
	}
}

func TestReproducible(t *testing.T) {
	for _, tc := range []struct {
		g  engine.Game
		st engine.State
	}{
		{tictactoe.Game{}, play(tictactoe.Game{})},
		{testgames.DiceRace{Goal: 12, MaxTurns: 20}, testgames.DiceRace{Goal: 12, MaxTurns: 20}.NewInitialState()},
		{testgames.Kuhn{}, testgames.Kuhn{}.Deal(1, 2)},
	} {
		run := func(seed uint64) Result {
			cfg := Config{Sims: 500, CPUCT: 1.4, Seed: seed, BatchSize: 4, DirichletAlpha: 0.3, DirichletEpsilon: 0.25, Temperature: 1}
			r, err := mustSearch(t, tc.g, NewRolloutEvaluator(tc.g, seed), cfg).Run(tc.st)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		a, b, c := run(1), run(1), run(2)
		if !slices.Equal(a.Visits, b.Visits) || !slices.Equal(a.Values, b.Values) || a.Action != b.Action {
			t.Errorf("%s: same seed, different results", tc.g.Spec().Name)
		}
		if slices.Equal(a.Visits, c.Visits) {
			t.Errorf("%s: seeds 1 and 2 give the same visits", tc.g.Spec().Name)
		}
	}
}

// TestWinsAndBlocks: in positions with one winning or one saving move, every
// configuration finds it.
func TestWinsAndBlocks(t *testing.T) {
	g := tictactoe.Game{}
	for _, tc := range []struct {
		moves []engine.Action
		want  engine.Action
	}{
		{[]engine.Action{0, 3, 1, 4}, 2}, // X wins at c1
		{[]engine.Action{0, 3, 8, 4}, 5}, // X must block at c2
		{[]engine.Action{4, 0, 8, 2}, 1}, // O wins at b1
		{[]engine.Action{0, 4, 1}, 2},    // O must block at c1
	} {
		for _, cfg := range []Config{
			{Sims: 200, CPUCT: 1.4},
			{Sims: 200, CPUCT: 1.4, UCT: true},
			{Sims: 200, CPUCT: 1.4, BatchSize: 8},
			{Sims: 200, CPUCT: 1.4, Mode: InfoSetMode},
			{Sims: 200, CPUCT: 1.4, UCT: true, Mode: InfoSetMode, BatchSize: 4},
		} {
			r, err := mustSearch(t, g, NewRolloutEvaluator(g, 1), cfg).Run(play(g, tc.moves...))
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != tc.want {
				t.Errorf("%v with %+v: plays %d, want %d (visits %v)", tc.moves, cfg, r.Action, tc.want, r.Visits)
			}
		}
	}
}

// countingEvaluator counts calls and states.
type countingEvaluator struct {
	inner        Evaluator
	calls, total int
	maxBatch     int
}

func (c *countingEvaluator) Evaluate(states []engine.State, out []Evaluation) error {
	c.calls++
	c.total += len(states)
	c.maxBatch = max(c.maxBatch, len(states))
	return c.inner.Evaluate(states, out)
}

func TestBatching(t *testing.T) {
	g := testgames.DiceRace{Goal: 30, MaxTurns: 40}
	ev := &countingEvaluator{inner: NewRolloutEvaluator(g, 1)}
	s := mustSearch(t, g, ev, Config{Sims: 401, CPUCT: 1.4, BatchSize: 16})
	r, err := s.Run(g.NewInitialState())
	if err != nil {
		t.Fatal(err)
	}
	if r.Sims != 401 || ev.maxBatch != 16 || ev.total > 401 {
		t.Errorf("sims %d, max batch %d, states evaluated %d", r.Sims, ev.maxBatch, ev.total)
	}
	// One call for the root, then 25 batches of 16.
	if ev.calls != 26 {
		t.Errorf("%d evaluator calls, want 26", ev.calls)
	}
}

func TestMaxTime(t *testing.T) {
	g := testgames.DiceRace{Goal: 100, MaxTurns: 120}
	s := mustSearch(t, g, NewRolloutEvaluator(g, 1), Config{Sims: 1 << 30, CPUCT: 1.4, MaxTime: 20 * time.Millisecond})
	start := time.Now()
	r, err := s.Run(g.NewInitialState())
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second || r.Sims >= 1<<30 || r.Sims < 1 {
		t.Errorf("capped run took %v and %d sims", d, r.Sims)
	}
}

func TestReuse(t *testing.T) {
	g := tictactoe.Game{}
	s := mustSearch(t, g, NewRolloutEvaluator(g, 1), Config{Sims: 400, CPUCT: 1.4, Reuse: true})
	st := g.NewInitialState()
	r, err := s.Run(st)
	if err != nil {
		t.Fatal(err)
	}
	st.Apply(r.Action)
	s.Advance(r.Action)
	reply := engine.Action(0)
	if r.Action == 0 {
		reply = 1
	}
	st.Apply(reply)
	s.Advance(reply)
	kept := s.t.nodes[s.root].visits
	if kept == 0 {
		t.Fatalf("nothing kept after Advance")
	}
	r2, err := s.Run(st)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.t.nodes[s.root].visits; got != kept+400 {
		t.Errorf("root visits %d after reuse, want %d + 400", got, kept)
	}
	if r2.Sims != 400 {
		t.Errorf("Sims %d", r2.Sims)
	}
	// The subtree must match a tree built afresh in shape: visits of the
	// root's edges add up to the root's visits, less the simulations that
	// ended at the root itself.
	sum := int32(0)
	for e := s.t.nodes[s.root].firstEdge; e != none; e = s.t.edges[e].next {
		sum += s.t.edges[e].visits
	}
	if sum > s.t.nodes[s.root].visits {
		t.Errorf("edge visits %d exceed root visits %d", sum, s.t.nodes[s.root].visits)
	}
	// Without Advance, Run finds the new position below the root.
	prev := s.t.nodes[s.root].visits
	r3 := r2.Action
	st.Apply(r3)
	var reply2 engine.Action
	for e := s.t.nodes[s.root].firstEdge; e != none; e = s.t.edges[e].next {
		if s.t.edges[e].action == r3 {
			c := s.t.edges[e].child
			reply2 = s.t.edges[s.t.nodes[c].firstEdge].action
			kept = s.t.nodes[s.t.edges[s.t.nodes[c].firstEdge].child].visits
		}
	}
	st.Apply(reply2)
	if _, err := s.Run(st); err != nil {
		t.Fatal(err)
	}
	if got := s.t.nodes[s.root].visits; got != kept+400 || kept == 0 || prev == 0 {
		t.Errorf("root visits %d after finding the position, want %d + 400", got, kept)
	}
	// A state that is not below the root starts afresh.
	other := play(g, 8, 7, 6)
	if _, err := s.Run(other); err != nil {
		t.Fatal(err)
	}
	if got := s.t.nodes[s.root].visits; got != 400 {
		t.Errorf("root visits %d on a new position, want 400", got)
	}
}

func TestNoiseAndTemperature(t *testing.T) {
	g := tictactoe.Game{}
	st := g.NewInitialState()
	plain, _ := mustSearch(t, g, NewRolloutEvaluator(g, 1), Config{Sims: 400, CPUCT: 1.4, Seed: 1}).Run(st)
	s := mustSearch(t, g, NewRolloutEvaluator(g, 1), Config{Sims: 400, CPUCT: 1.4, Seed: 1, DirichletAlpha: 0.3, DirichletEpsilon: 0.5})
	noisy, _ := s.Run(st)
	if slices.Equal(plain.Visits, noisy.Visits) {
		t.Errorf("noise changes nothing")
	}
	for e := s.t.nodes[s.root].firstEdge; e != none; e = s.t.edges[e].next {
		if p := s.t.edges[e].prior; math.Abs(float64(p)-1.0/9) > 1e-6 {
			t.Errorf("root prior %v not restored after the noise", p)
		}
	}
	// Temperature 1 samples moves in proportion to visits.
	s = mustSearch(t, g, NewRolloutEvaluator(g, 1), Config{Sims: 400, CPUCT: 1.4, Seed: 1, Temperature: 1})
	r, _ := s.Run(st)
	counts := make([]float64, g.NumActions())
	const n = 20000
	for i := 0; i < n; i++ {
		counts[s.sampleTemperature(s.t.nodes[s.root].firstEdge, -1)]++
	}
	for a := range counts {
		if d := math.Abs(counts[a]/n - float64(r.Visits[a])); d > 0.02 {
			t.Errorf("action %d drawn %.3f of the time, visits %.3f", a, counts[a]/n, r.Visits[a])
		}
	}
}

func TestDirichlet(t *testing.T) {
	s := mustSearch(t, tictactoe.Game{}, NewRolloutEvaluator(tictactoe.Game{}, 1), Config{Sims: 1})
	const k, n = 4, 4000
	var mean [k]float64
	buf := make([]float64, k)
	for i := 0; i < n; i++ {
		dirichlet(s.rng, 0.3, buf)
		sum := 0.0
		for j, x := range buf {
			if x < 0 {
				t.Fatalf("negative component %v", x)
			}
			sum += x
			mean[j] += x / n
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("sums to %v", sum)
		}
	}
	for _, m := range mean {
		if math.Abs(m-1.0/k) > 0.03 {
			t.Errorf("component mean %v, want %v", m, 1.0/k)
		}
	}
}

// TestNoAllocPerSimulation: in steady state a perfect-information search
// allocates only its Result (two slices), whatever the number of
// simulations; the information-set search adds what Resample allocates.
func TestNoAllocPerSimulation(t *testing.T) {
	for _, tc := range []struct {
		g     engine.Game
		st    engine.State
		batch int
		max   float64
	}{
		{tictactoe.Game{}, tictactoe.Game{}.NewInitialState(), 1, 2},
		{tictactoe.Game{}, tictactoe.Game{}.NewInitialState(), 8, 2},
		{testgames.DiceRace{Goal: 20, MaxTurns: 30}, testgames.DiceRace{Goal: 20, MaxTurns: 30}.NewInitialState(), 1, 2},
	} {
		s := mustSearch(t, tc.g, NewRolloutEvaluator(tc.g, 1), Config{Sims: 2000, CPUCT: 1.4, BatchSize: tc.batch})
		if _, err := s.Run(tc.st); err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(5, func() {
			s.Reset()
			if _, err := s.Run(tc.st); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > tc.max {
			t.Errorf("%s batch %d: %v allocations per Run of 2000 simulations, want <= %v", tc.g.Spec().Name, tc.batch, allocs, tc.max)
		}
	}
}

// TestCopyInto: the search copies a state that is an engine.Copier in
// place, without allocating, and clones any other.
func TestCopyInto(t *testing.T) {
	g := tictactoe.Game{}
	src := play(g, 4, 0, 8)
	dst := g.NewInitialState()
	if got := engine.CopyInto(dst, src); got != dst || got.String() != src.String() {
		t.Errorf("copy in place failed: %v", got)
	}
	if n := testing.AllocsPerRun(10, func() { engine.CopyInto(dst, src) }); n != 0 {
		t.Errorf("copy allocates %v", n)
	}
	race := testgames.DiceRace{Goal: 20, MaxTurns: 30}
	rs := race.NewState(7, 11, 1, 5)
	if got := engine.CopyInto(rs, rs); got != rs || got.String() != race.NewState(7, 11, 1, 5).String() {
		t.Errorf("copy onto itself gave %v", got)
	}
	if got := engine.CopyInto(dst, rs); got == dst || got.String() != rs.String() {
		t.Errorf("a state of another game is not cloned: %v", got)
	}
	plain := &deepState{cells: []int{1, 2}}
	if got := engine.CopyInto(&deepState{}, plain).(*deepState); got == plain || len(got.cells) != 2 {
		t.Errorf("a state that is no Copier is not cloned: %+v", got)
	}
}

// deepState clones its slice and has no CopyFrom.
type deepState struct {
	engine.State
	cells []int
}

func (s *deepState) Clone() engine.State {
	return &deepState{cells: append([]int(nil), s.cells...)}
}

// TestRolloutListsLegal: the rollout evaluator keeps the legal actions of
// the states of its last call, which the search reads instead of listing
// them again, and has none for the states it was not given.
func TestRolloutListsLegal(t *testing.T) {
	g := tictactoe.Game{}
	ev := NewRolloutEvaluator(g, 1)
	states := []engine.State{play(g, 4), play(g, 0, 1, 2, 3)}
	out := make([]Evaluation, len(states))
	for i := range out {
		out[i] = Evaluation{Priors: make([]float32, g.NumActions()), Values: make([]float32, g.NumPlayers())}
	}
	for round := 0; round < 2; round++ {
		if err := ev.Evaluate(states[:2-round], out); err != nil {
			t.Fatal(err)
		}
		for i, st := range states[:2-round] {
			if got, want := ev.listedLegal(i), st.LegalActions(nil); !slices.Equal(got, want) {
				t.Errorf("round %d state %d: listed %v, want %v", round, i, got, want)
			}
		}
		if got := ev.listedLegal(2 - round); got != nil {
			t.Errorf("round %d: state %d not evaluated, listed %v", round, 2-round, got)
		}
	}
	var _ legalLister = ev
	if _, ok := Evaluator(failingEvaluator{}).(legalLister); ok {
		t.Errorf("failingEvaluator lists legal actions")
	}
}

// TestUCTWidensInOrder checks the invariant UCT selection relies on in a
// perfect-information search: at a node passed through k times, the first
// min(k, edges) edges have been visited and the others not, after searches
// with batches, with reuse and with the solver at work.
func TestUCTWidensInOrder(t *testing.T) {
	for _, tc := range []struct {
		g   engine.Game
		cfg Config
	}{
		{tictactoe.Game{}, Config{Sims: 3000, CPUCT: 1.4, UCT: true, Seed: 3}},
		{tictactoe.Game{}, Config{Sims: 500, CPUCT: 1.4, UCT: true, Seed: 4, BatchSize: 8, Reuse: true}},
		{testgames.DiceRace{Goal: 12, MaxTurns: 20}, Config{Sims: 2000, CPUCT: 1.4, UCT: true, Seed: 5, BatchSize: 3}},
	} {
		s := mustSearch(t, tc.g, NewRolloutEvaluator(tc.g, 1), tc.cfg)
		st := tc.g.NewInitialState()
		for move := 0; move < 3 && !st.IsTerminal(); move++ {
			if st.CurrentPlayer() == engine.Chance {
				a := st.ChanceOutcomes(nil)[0].Action
				st.Apply(a)
				s.Advance(a)
				continue
			}
			r, err := s.Run(st)
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for n := range s.t.nodes {
				nd := &s.t.nodes[n]
				if nd.player < 0 || !nd.expanded {
					continue
				}
				for i := int32(0); i < nd.nedges; i++ {
					ed := &s.t.edges[nd.firstEdge+i]
					if visited := ed.visits > 0; visited != (i < nd.passes) {
						t.Fatalf("%s move %d: node %d passed %d times, edge %d has %d visits", tc.g.Spec().Name, move, n, nd.passes, i, ed.visits)
					}
				}
				checked++
			}
			if checked < 10 {
				t.Errorf("%s: only %d nodes checked", tc.g.Spec().Name, checked)
			}
			st.Apply(r.Action)
			s.Advance(r.Action)
		}
	}
}

// TestLnTable: the table of logarithms gives math.Log's very numbers, below
// and above its bound, in any order of growth.
func TestLnTable(t *testing.T) {
	s := mustSearch(t, tictactoe.Game{}, NewRolloutEvaluator(tictactoe.Game{}, 1), Config{Sims: 1})
	for _, n := range []int32{1, 2, 1023, 1024, 1025, 5000, 3, logTableMax - 1, logTableMax, logTableMax + 7, 1 << 30, 0, 77777} {
		if got, want := s.ln(n), math.Log(float64(n)); got != want {
			t.Errorf("ln(%d) = %v, want %v", n, got, want)
		}
	}
	if len(s.logs) != logTableMax {
		t.Errorf("table of %d entries, want %d", len(s.logs), logTableMax)
	}
}

// TestIntN: intN and float64Of draw what rand.Rand's IntN and Float64 draw
// from the same source, for powers of two and other bounds alike,
// interleaved with other draws.
func TestIntN(t *testing.T) {
	ref := rand.New(rand.NewPCG(7, 8))
	p := rand.NewPCG(7, 8)
	mine := rand.New(p)
	for i := 0; i < 200000; i++ {
		n := 1 + i%37
		if i%1000 == 999 {
			n = math.MaxInt/2 + i // large bounds, where the rejection loop runs
		}
		if a, b := ref.IntN(n), intN(p, n); a != b {
			t.Fatalf("draw %d, n=%d: rand.Rand gives %d, intN %d", i, n, a, b)
		}
		if i%5 == 0 && ref.Float64() != mine.Float64() {
			t.Fatalf("draw %d: the shared source drifted", i)
		}
		if i%7 == 0 {
			if a, b := ref.Float64(), float64Of(p); a != b {
				t.Fatalf("draw %d: rand.Rand's Float64 gives %v, float64Of %v", i, a, b)
			}
		}
	}
}
