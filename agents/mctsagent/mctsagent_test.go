package mctsagent

import (
	"errors"
	"math"
	"testing"

	"github.com/moongym/moongym/agents"
	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts"
)

func play(actions ...engine.Action) engine.State {
	s := tictactoe.Game{}.NewInitialState()
	for _, a := range actions {
		s.Apply(a)
	}
	return s
}

func TestRegistryListsOptions(t *testing.T) {
	info, err := agents.Lookup("mcts")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"sims": "1600", "c": "1.4", "uct": "false", "evaluator": "rollout", "rollouts": "2", "temperature": "0", "seed": ""}
	for _, o := range info.Options {
		if d, ok := want[o.Name]; ok && d != o.Default {
			t.Errorf("option %s default %q, want %q", o.Name, o.Default, d)
		}
		delete(want, o.Name)
	}
	if len(want) > 0 {
		t.Errorf("options missing: %v", want)
	}
	if _, err := agents.Lookup("greedy"); err != nil {
		t.Error(err)
	}
}

func TestSpecs(t *testing.T) {
	g := tictactoe.Game{}
	for _, tc := range []struct {
		spec string
		err  error
	}{
		{"mcts", nil},
		{"mcts:sims=800,c=1.4,seed=1", nil},
		{"mcts:uct=true,evaluator=heuristic,temperature=1,alpha=0.3,eps=0.25,batch=4,reuse=true,mode=infoset,maxtime=1s", nil},
		{"mcts:sims=0", agents.ErrBadSpec},
		{"mcts:sims=many", agents.ErrBadSpec},
		{"mcts:evaluator=oracle", agents.ErrBadSpec},
		{"mcts:mode=psychic", agents.ErrBadSpec},
		{"mcts:rollouts=0", agents.ErrBadSpec},
		{"mcts:maxtime=soon", agents.ErrBadSpec},
		{"mcts:depth=3", agents.ErrBadSpec},
		{"greedy", nil},
		{"greedy:worlds=0", agents.ErrBadSpec},
		// Numbers that made NaN scores or priors, and negative ones.
		{"mcts:c=Inf", agents.ErrBadSpec},
		{"mcts:c=NaN", agents.ErrBadSpec},
		{"mcts:c=-1", agents.ErrBadSpec},
		{"mcts:temperature=Inf", agents.ErrBadSpec},
		{"mcts:temperature=NaN", agents.ErrBadSpec},
		{"mcts:alpha=Inf,eps=0.25", agents.ErrBadSpec},
		{"mcts:alpha=NaN,eps=0.25", agents.ErrBadSpec},
		{"mcts:alpha=0.3,eps=NaN", agents.ErrBadSpec},
		{"mcts:alpha=0.3,eps=1.5", agents.ErrBadSpec},
		{"mcts:batch=-1", agents.ErrBadSpec},
		{"mcts:rollouts=-3", agents.ErrBadSpec},
		{"mcts:maxtime=-1s", agents.ErrBadSpec},
		{"mcts:maxtime=99999999999h", agents.ErrBadSpec},
		{"mcts:c=1e999", agents.ErrBadSpec},
		{"greedy:worlds=-1", agents.ErrBadSpec},
		// Extreme finite numbers are played (TestExtremeNumbersPlay).
		{"mcts:c=1e308,temperature=1e-300,alpha=1e308,eps=1,maxtime=2562047h", nil},
	} {
		_, err := agents.New(g, tc.spec, 1)
		if tc.err == nil && err != nil || tc.err != nil && !errors.Is(err, tc.err) {
			t.Errorf("%s: err %v, want %v", tc.spec, err, tc.err)
		}
	}
}

// noHeuristic is tic-tac-toe under another name, which has no heuristic.
type noHeuristic struct{ tictactoe.Game }

func (noHeuristic) Spec() engine.Spec {
	s := tictactoe.Game{}.Spec()
	s.Name = "test-no-heuristic"
	return s
}

func TestNoHeuristic(t *testing.T) {
	for _, spec := range []string{"greedy", "mcts:evaluator=heuristic"} {
		if _, err := agents.New(noHeuristic{}, spec, 1); !errors.Is(err, agents.ErrNoHeuristic) {
			t.Errorf("%s on a game without heuristic: err %v, want ErrNoHeuristic", spec, err)
		}
	}
}

func TestAgentsFindTheWin(t *testing.T) {
	g := tictactoe.Game{}
	st := play(0, 3, 1, 4) // X wins at c1 (2)
	for _, spec := range []string{"mcts:sims=200,seed=1", "mcts:sims=200,uct=true,seed=1", "mcts:sims=100,evaluator=heuristic", "greedy:seed=1"} {
		a, err := agents.New(g, spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		act, err := a.Act(st)
		if err != nil {
			t.Fatal(err)
		}
		if act != 2 {
			t.Errorf("%s plays %d, want 2", spec, act)
		}
	}
}

func TestPolicy(t *testing.T) {
	g := tictactoe.Game{}
	a, err := agents.New(g, "mcts:sims=300", 1)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := a.(agents.Policier)
	if !ok {
		t.Fatalf("mcts agent is not a Policier")
	}
	st := play(4)
	pol, err := p.Policy(st)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for i, ap := range pol {
		if i > 0 && ap.Action <= pol[i-1].Action || !engine.IsLegal(st, ap.Action) {
			t.Errorf("policy not sorted over legal actions: %v", pol)
		}
		sum += ap.Prob
	}
	if len(pol) != 8 || math.Abs(sum-1) > 1e-5 {
		t.Errorf("policy %v sums to %v", pol, sum)
	}
	if _, err := p.Policy(play(0, 3, 1, 4, 2)); !errors.Is(err, agents.ErrNotToAct) {
		t.Errorf("policy at a terminal state: %v", err)
	}
}

func TestForcedMoveAndReuse(t *testing.T) {
	g := tictactoe.Game{}
	ag, err := New(g, mcts.NewRolloutEvaluator(g, 1), mcts.Config{Sims: 200, CPUCT: 1.4, Reuse: true})
	if err != nil {
		t.Fatal(err)
	}
	// One empty cell: no search needed.
	st := play(0, 1, 2, 4, 3, 5, 7, 6)
	if a, err := ag.Act(st); err != nil || a != 8 {
		t.Errorf("forced move: %d %v", a, err)
	}
	// A whole game with reuse on plays legal moves.
	s := g.NewInitialState()
	for !s.IsTerminal() {
		a, err := ag.Act(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := engine.ApplyChecked(s, a); err != nil {
			t.Fatal(err)
		}
	}
}

func TestGreedyEvaluatesEachMove(t *testing.T) {
	// The value function is called once per legal move (no chance here).
	g := tictactoe.Game{}
	calls := 0
	gr, err := NewGreedy(g, func(s engine.State, dst []float64) []float64 {
		calls++
		return append(dst[:0], 0, 0)
	}, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gr.Act(g.NewInitialState()); err != nil {
		t.Fatal(err)
	}
	if calls != 9 {
		t.Errorf("%d evaluations for 9 moves, want 9", calls)
	}
	if _, err := NewGreedy(g, nil, 1, 1); !errors.Is(err, agents.ErrNoHeuristic) {
		t.Errorf("nil evaluation: %v", err)
	}
}

// TestAgentReusesTree checks that with reuse=true the agent keeps the
// subtree of its previous search across its own moves (it sees only the
// positions where it moves), and that without it every move starts afresh.
func TestAgentReusesTree(t *testing.T) {
	g := tictactoe.Game{}
	for _, tc := range []struct {
		spec  string
		reuse bool
	}{
		{"mcts:sims=400,reuse=true,seed=1", true},
		{"mcts:sims=400,seed=1", false},
	} {
		a, err := agents.New(g, tc.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		ag := a.(*Agent)
		s := g.NewInitialState()
		act, err := ag.Act(s)
		if err != nil {
			t.Fatal(err)
		}
		// Act moved the root past its own move: the subtree is kept.
		if kept := ag.Search().RootVisits(); tc.reuse && kept == 0 || !tc.reuse && kept != 0 {
			t.Errorf("%s: %d visits kept after the first move", tc.spec, kept)
		}
		s.Apply(act)
		s.Apply(s.LegalActions(nil)[0]) // the opponent's reply, unseen by the agent
		// Policy runs the same search as Act (without playing): with reuse
		// it finds the new position in the kept tree and adds 400 visits.
		if _, err := ag.Policy(s); err != nil {
			t.Fatal(err)
		}
		got := ag.Search().RootVisits()
		if tc.reuse && got <= 400 || !tc.reuse && got != 400 {
			t.Errorf("%s: root visits %d at the second move, want %s", tc.spec, got, map[bool]string{true: "> 400", false: "400"}[tc.reuse])
		}
	}
}

// TestExtremeNumbersPlay: the extreme finite values the options take
// neither panic nor leave the legal moves.
func TestExtremeNumbersPlay(t *testing.T) {
	g := tictactoe.Game{}
	st := play(4)
	for _, spec := range []string{
		"mcts:sims=50,c=1e308", "mcts:sims=50,uct=true,c=1e308", "mcts:sims=50,c=0",
		"mcts:sims=50,temperature=1e308", "mcts:sims=50,temperature=1e-300", "mcts:sims=50,temperature=5e-324",
		"mcts:sims=50,alpha=1e308,eps=1", "mcts:sims=50,alpha=5e-324,eps=1",
		"mcts:sims=50,maxtime=2562047h", "mcts:sims=50,maxtime=1ns",
	} {
		a, err := agents.New(g, spec, 1)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if act, err := a.Act(st); err != nil || !engine.IsLegal(st, act) {
			t.Errorf("%s: %v %v", spec, act, err)
		}
	}
}
