package agents_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/tictactoe"
)

func TestParseSpec(t *testing.T) {
	cases := []struct {
		spec, name string
		opts       agents.Options
		bad        bool
	}{
		{"random", "random", agents.Options{}, false},
		{"random:seed=3", "random", agents.Options{"seed": "3"}, false},
		{" mcts : sims=800 , c=1.4 ", "mcts", agents.Options{"sims": "800", "c": "1.4"}, false},
		{"", "", nil, true},
		{":seed=1", "", nil, true},
		{"random:seed", "", nil, true},
		{"random:seed=1,seed=2", "", nil, true},
	}
	for _, c := range cases {
		name, opts, err := agents.ParseSpec(c.spec)
		if c.bad {
			if !errors.Is(err, agents.ErrBadSpec) {
				t.Errorf("%q: got %v, want ErrBadSpec", c.spec, err)
			}
			continue
		}
		if err != nil || name != c.name || len(opts) != len(c.opts) {
			t.Errorf("%q: got %q %v %v", c.spec, name, opts, err)
		}
		for k, v := range c.opts {
			if opts[k] != v {
				t.Errorf("%q: option %s = %q, want %q", c.spec, k, opts[k], v)
			}
		}
	}
}

func TestNewErrorsListWhatIsKnown(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	_, err := agents.New(g, "alphago", 1)
	if !errors.Is(err, agents.ErrUnknownAgent) || !strings.Contains(err.Error(), "random (seed=)") {
		t.Errorf("unknown agent: %v", err)
	}
	_, err = agents.New(g, "random:depth=2", 1)
	if !errors.Is(err, agents.ErrBadSpec) || !strings.Contains(err.Error(), "seed (default") {
		t.Errorf("unknown option: %v", err)
	}
	_, err = agents.New(g, "random:seed=-1", 1)
	if !errors.Is(err, agents.ErrBadSpec) {
		t.Errorf("bad seed: %v", err)
	}
	_, err = agents.New(g, "heuristic", 1)
	if !errors.Is(err, agents.ErrNoHeuristic) {
		t.Errorf("no heuristic registered in this test binary: %v", err)
	}
	_, err = agents.New(g, "expert", 1)
	if !errors.Is(err, agents.ErrNoExpert) || !strings.Contains(err.Error(), "tictactoe (games with one:") {
		t.Errorf("no expert registered in this test binary: %v", err)
	}
}

func TestRandomIsSeededAndLegal(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	play := func(spec string, seed uint64) []engine.Action {
		a, err := agents.New(g, spec, seed)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := agents.New(g, spec, seed+100)
		rec, s, err := agents.PlayGame(g, []agents.Agent{a, b}, rand.New(rand.NewPCG(1, 2)))
		if err != nil || !s.IsTerminal() || len(rec.Returns) != 2 {
			t.Fatalf("PlayGame: %v", err)
		}
		return rec.Actions
	}
	if !slices.Equal(play("random", 5), play("random", 5)) {
		t.Error("same seed, different game")
	}
	if slices.Equal(play("random", 5), play("random", 6)) && slices.Equal(play("random", 7), play("random", 8)) {
		t.Error("different seeds, same games")
	}
	if !slices.Equal(play("random:seed=9", 1), play("random:seed=9", 2)) {
		t.Error("the spec's seed option does not override the caller's seed")
	}
}

func TestRandomPolicyAndNotToAct(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	r := agents.NewRandom(1)
	pol, err := r.Policy(g.NewInitialState())
	if err != nil || len(pol) != 9 || pol[0].Prob != 1.0/9 {
		t.Fatalf("policy %v %v", pol, err)
	}
	s, _ := engine.ReplayActions(g, []engine.Action{0, 3, 1, 4, 2})
	if _, err := r.Act(s); !errors.Is(err, agents.ErrNotToAct) {
		t.Fatalf("terminal: %v", err)
	}
}

type illegalAgent struct{}

func (illegalAgent) Act(engine.State) (engine.Action, error) { return 99, nil }

func TestPlayGameRefusesIllegalMoves(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	_, _, err := agents.PlayGame(g, []agents.Agent{agents.NewRandom(1), illegalAgent{}}, rand.New(rand.NewPCG(1, 2)))
	if !errors.Is(err, engine.ErrIllegalAction) || !strings.Contains(err.Error(), "seat 1") {
		t.Fatalf("got %v", err)
	}
	_, _, err = agents.PlayGame(g, []agents.Agent{agents.NewRandom(1)}, rand.New(rand.NewPCG(1, 2)))
	if !errors.Is(err, agents.ErrBadSpec) {
		t.Fatalf("wrong seat count: %v", err)
	}
}

func TestPolicyOver(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	s := g.NewInitialState()
	s.Apply(4)
	dense := []float32{0.5, 0, 0, 0, 0.9, 0, 0, 0, 0.5}
	pol := agents.PolicyOver(s, dense)
	if len(pol) != 8 || pol[0] != (agents.ActionProb{Action: 0, Prob: 0.5}) || pol[7] != (agents.ActionProb{Action: 8, Prob: 0.5}) {
		t.Fatalf("policy %v: want the 8 legal cells, sorted, with their dense values", pol)
	}
	for _, p := range pol {
		if p.Action == 4 {
			t.Fatal("the occupied cell is in the policy")
		}
	}
}
