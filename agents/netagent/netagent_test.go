package netagent_test

import (
	"context"
	"errors"
	"flag"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/agents"
	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/planetcubes"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

var allReplies = flag.Bool("all-replies", false, "TestAZNeverLoses: let the opponent try every legal move, not only the minimax-optimal ones")

func writeModel(t *testing.T, g engine.Game) string {
	t.Helper()
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 8, Depth: 1, ValueHidden: 4}, 3)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.safetensors")
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSpecs(t *testing.T) {
	g := tictactoe.Game{}
	path := writeModel(t, g)
	for _, spec := range []string{"net:model=" + path, "net:model=" + path + ",temp=1", "az:model=" + path + ",sims=8", "net:model=builtin", "az:model=builtin,sims=4", "az:model=" + path + ",sims=8,gumbel=1,gumbelm=3"} {
		a, err := agents.New(g, spec, 1)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		s := g.NewInitialState()
		for !s.IsTerminal() {
			act, err := a.Act(s)
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			if err := engine.ApplyChecked(s, act); err != nil {
				t.Fatalf("%s played an illegal move: %v", spec, err)
			}
		}
	}
	bad := []struct {
		spec string
		want error
	}{
		{"net", agents.ErrBadSpec},
		{"az:sims=3", agents.ErrBadSpec},
		{"net:model=" + path + ",temp=-1", agents.ErrBadSpec},
		{"az:model=" + path + ",sims=0", agents.ErrBadSpec},
		{"az:model=" + path + ",gumbel=2", agents.ErrBadSpec},
		{"az:model=" + path + ",gumbel=1,gumbelm=0", agents.ErrBadSpec},
		{"az:model=" + path + ",gumbel=1,cscale=0", agents.ErrBadSpec},
		{"az:model=" + path + ",gumbel=1,cscale=-1", agents.ErrBadSpec},
		{"az:model=" + path + ",playout=-1", agents.ErrBadSpec},
		{"az:model=" + path + ",playout=two", agents.ErrBadSpec},
		// Numbers that made NaN scores or priors.
		{"net:model=" + path + ",temp=Inf", agents.ErrBadSpec},
		{"net:model=" + path + ",temp=NaN", agents.ErrBadSpec},
		{"az:model=" + path + ",gumbel=1,cscale=Inf", agents.ErrBadSpec},
		{"az:model=" + path + ",gumbel=1,cscale=NaN", agents.ErrBadSpec},
		{"az:model=" + path + ",c=Inf", agents.ErrBadSpec},
		{"az:model=" + path + ",batch=-2", agents.ErrBadSpec},
		{"net:model=" + filepath.Join(t.TempDir(), "missing"), nil},
	}
	for _, b := range bad {
		_, err := agents.New(g, b.spec, 1)
		if err == nil || (b.want != nil && !errors.Is(err, b.want)) {
			t.Errorf("%s: %v, want %v", b.spec, err, b.want)
		}
	}
}

// TestAZGumbelOption: gumbel=1 makes the az agent search with a Gumbel
// root without noise, gumbelm actions and cscale; by default it is PUCT.
func TestAZGumbelOption(t *testing.T) {
	g := tictactoe.Game{}
	path := writeModel(t, g)
	for _, tc := range []struct {
		spec   string
		gumbel bool
		m      int
		cscale float64
	}{{"az:model=" + path, false, 16, 1}, {"az:model=" + path + ",gumbel=1", true, 16, 1}, {"az:model=" + path + ",gumbel=true,gumbelm=5", true, 5, 1},
		{"az:model=" + path + ",gumbel=1,cscale=0.1", true, 16, 0.1}} {
		a, err := agents.New(g, tc.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		cfg := a.(interface{ Search() *mcts.Search }).Search().Config()
		if cfg.Gumbel != tc.gumbel || cfg.GumbelM != tc.m || cfg.GumbelCScale != tc.cscale || !cfg.GumbelNoNoise {
			t.Errorf("%s: search config %+v", tc.spec, cfg)
		}
	}
}

// TestAZPlayoutOption: playout=N values the search's leaves through an
// mcts.PlayoutEvaluator of depth N; by default (0) the network values them
// where they stand.
func TestAZPlayoutOption(t *testing.T) {
	g := tictactoe.Game{}
	path := writeModel(t, g)
	for _, tc := range []struct {
		spec  string
		depth int
	}{{"az:model=" + path, 0}, {"az:model=" + path + ",playout=0", 0}, {"az:model=" + path + ",playout=3", 3}} {
		a, err := agents.New(g, tc.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		ev := a.(interface{ Search() *mcts.Search }).Search().Evaluator()
		pe, ok := ev.(*mcts.PlayoutEvaluator)
		switch {
		case tc.depth == 0 && ok:
			t.Errorf("%s: a playout evaluator of depth %d", tc.spec, pe.Depth())
		case tc.depth > 0 && (!ok || pe.Depth() != tc.depth):
			t.Errorf("%s: evaluator %T, want a playout of depth %d", tc.spec, ev, tc.depth)
		}
		if _, _, err := agents.PlayGame(g, []agents.Agent{a, a}, rand.New(rand.NewPCG(1, 2))); err != nil {
			t.Errorf("%s: %v", tc.spec, err)
		}
	}
}

// otherGame is tictactoe under another name, to check that models are
// refused by the wrong game.
type otherGame struct{ tictactoe.Game }

func (otherGame) Spec() engine.Spec {
	s := tictactoe.Game{}.Spec()
	s.Name = "other"
	return s
}

func TestWrongGameRefused(t *testing.T) {
	path := writeModel(t, tictactoe.Game{})
	_, err := agents.New(otherGame{}, "net:model="+path, 1)
	if !errors.Is(err, models.ErrWrongGame) {
		t.Fatalf("model for tictactoe loaded for another game: %v", err)
	}
	if _, err := agents.New(otherGame{}, "az:model=builtin", 1); !errors.Is(err, models.ErrWrongGame) {
		t.Fatalf("builtin for a game without one: %v", err)
	}
}

// TestNetIsGreedyOverItsPolicy: the net agent plays the legal action of
// highest probability, and its policy covers exactly the legal actions.
func TestNetIsGreedyOverItsPolicy(t *testing.T) {
	g := tictactoe.Game{}
	m, err := models.LoadBuiltin(g)
	if err != nil {
		t.Fatal(err)
	}
	n, err := netagent.NewNet(g, m.Net, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	s.Apply(4)
	pol, err := n.Policy(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(pol) != 8 {
		t.Fatalf("policy over %d actions, want the 8 legal ones", len(pol))
	}
	best, sum := pol[0], 0.0
	for _, p := range pol {
		sum += p.Prob
		if p.Prob > best.Prob {
			best = p
		}
	}
	if sum < 0.999 || sum > 1.001 {
		t.Fatalf("policy sums to %v", sum)
	}
	a, err := n.Act(s)
	if err != nil || a != best.Action {
		t.Fatalf("Act = %v, %v; the most likely action is %v", a, err, best.Action)
	}
}

// TestAZNeverLoses plays the built-in tictactoe model's az agent
// (sims=200, and with a Gumbel root sims=64: at 16 and 32 it loses 3 and 2 lines) against every line of perfect
// play, as first and as second player: wherever the opponent has several
// minimax-optimal moves, every one is tried (with -all-replies, every legal
// move).
func TestAZNeverLoses(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every line of play")
	}
	g := tictactoe.Game{}
	m, err := models.LoadBuiltin(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"az:model=builtin,sims=200", "az:model=builtin,sims=64,gumbel=1"} {
		az, err := agents.New(g, spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		neverLoses(t, g, spec, az)
	}
	if _, err := netagent.NewAZ(g, m.Net, mcts.Config{Sims: 200, CPUCT: netagent.DefaultCPUCT, BatchSize: 8, Seed: 1}); err != nil {
		t.Fatal(err)
	}
}

func neverLoses(t *testing.T, g engine.Game, spec string, az agents.Agent) {
	t.Helper()
	var err error
	nm := negamax{}
	moves := map[string]engine.Action{}
	for seat := engine.Player(0); seat < 2; seat++ {
		var w, d, l int
		var walk func(s engine.State)
		walk = func(s engine.State) {
			if s.IsTerminal() {
				switch r := s.Returns(nil)[seat]; {
				case r > 0:
					w++
				case r < 0:
					l++
					t.Errorf("%s (seat %d) lost:\n%s", spec, seat, s)
				default:
					d++
				}
				return
			}
			if s.CurrentPlayer() == seat {
				key := s.String()
				a, ok := moves[key]
				if !ok {
					if a, err = az.Act(s); err != nil {
						t.Fatal(err)
					}
					moves[key] = a
				}
				c := s.Clone()
				c.Apply(a)
				walk(c)
				return
			}
			legal := s.LegalActions(nil)
			best := -2.0
			vals := make([]float64, len(legal))
			for i, a := range legal {
				c := s.Clone()
				c.Apply(a)
				vals[i] = -nm.value(c)
				best = max(best, vals[i])
			}
			for i, a := range legal {
				if vals[i] == best || *allReplies {
					c := s.Clone()
					c.Apply(a)
					walk(c)
				}
			}
		}
		walk(g.NewInitialState())
		t.Logf("%s as seat %d, opponent trying every optimal reply (every legal reply: %v): %d games, %d wins, %d draws, %d losses", spec, seat, *allReplies, w+d+l, w, d, l)
	}
}

// negamax memoises the value of a tictactoe state for the player to move
// under perfect play.
type negamax map[string]float64

func (nm negamax) value(s engine.State) float64 {
	if s.IsTerminal() {
		// A decided game was won by the player who just moved.
		if s.Returns(nil)[0] == 0 {
			return 0
		}
		return -1
	}
	key := s.String()
	if v, ok := nm[key]; ok {
		return v
	}
	best := -2.0
	for _, a := range s.LegalActions(nil) {
		c := s.Clone()
		c.Apply(a)
		best = max(best, -nm.value(c))
	}
	nm[key] = best
	return best
}

func TestNegamax(t *testing.T) {
	g := tictactoe.Game{}
	nm := negamax{}
	if v := nm.value(g.NewInitialState()); v != 0 {
		t.Fatalf("tictactoe is a draw, negamax says %v", v)
	}
	s := g.NewInitialState()
	for _, a := range []engine.Action{0, 4, 8} { // X corners, O centre, X opposite corner
		s.Apply(a)
	}
	if v := nm.value(s); v != 0 {
		t.Fatalf("O to move after X a1 O b2 X c3 draws with an edge; negamax %v", v)
	}
	s = g.NewInitialState()
	for _, a := range []engine.Action{0, 1, 4} { // X threatens a1-b2-c3 and more
		s.Apply(a)
	}
	if v := nm.value(s); v != -1 {
		t.Fatalf("O to move after X a1 O b1 X b2 is lost; negamax %v", v)
	}
}

// TestNetBeatsRandom: the built-in model's raw policy against random,
// seats rotated, with a 95% interval.
func TestNetBeatsRandom(t *testing.T) {
	g := tictactoe.Game{}
	m, err := models.LoadBuiltin(g)
	if err != nil {
		t.Fatal(err)
	}
	net := training.NetEntrant(g, "net:model=builtin", m.Net, 0, 0)
	match, err := training.EvalMatch(context.Background(), g, net, arena.SpecEntrant(g, "random"), 400, 0, 11)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("net vs random: +%d =%d -%d, win rate %.3f [%.3f, %.3f]", match.Wins, match.Draws, match.Losses, match.WinRate, match.CI95[0], match.CI95[1])
	if match.CI95[0] < 0.8 {
		t.Fatalf("net vs random %+v: want the 95%% interval above 0.8", match)
	}
}

// TestPlanetCubesBuiltinBeatsRandom: the shipped planet-cubes network
// (default parameters, 2 players) plays that game, and its raw policy
// beats random clearly, seats rotated, with a 95% interval.
func TestPlanetCubesBuiltinBeatsRandom(t *testing.T) {
	g, err := engine.Load("planet-cubes", nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := models.LoadBuiltin(g)
	if err != nil {
		t.Fatal(err)
	}
	net := training.NetEntrant(g, "net:model=builtin", m.Net, 0, 0)
	match, err := training.EvalMatch(context.Background(), g, net, arena.SpecEntrant(g, "random"), 60, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("planet-cubes net vs random: +%d =%d -%d, win rate %.3f [%.3f, %.3f]", match.Wins, match.Draws, match.Losses, match.WinRate, match.CI95[0], match.CI95[1])
	if match.CI95[0] < 0.8 {
		t.Fatalf("net vs random %+v: want the 95%% interval above 0.8", match)
	}
	g32, err := engine.Load("planet-cubes", engine.Params{"goal": "32"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := models.LoadBuiltin(g32); !errors.Is(err, models.ErrWrongGame) {
		t.Errorf("a model loaded for goal=32, which none was trained for: %v", err)
	}
}

// TestAZStops: az searches of 2^30 simulations, PUCT and Gumbel, with and
// without playouts, stop at their context's deadline.
func TestAZStops(t *testing.T) {
	g := tictactoe.Game{}
	path := writeModel(t, g)
	st := g.NewInitialState()
	for _, opts := range []string{"", ",gumbel=1", ",gumbel=1,batch=32,playout=32"} {
		spec := "az:model=" + path + ",sims=1073741824" + opts
		a, err := agents.New(g, spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, policy := range []bool{false, true} {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			start := time.Now()
			if policy {
				_, err = agents.PolicyContext(ctx, a.(agents.Policier), st)
			} else {
				_, err = agents.ActContext(ctx, a, st)
			}
			took := time.Since(start)
			cancel()
			if !errors.Is(err, context.DeadlineExceeded) || took > 2*time.Second {
				t.Errorf("%s (policy %v): %v after %v, want an error wrapping context.DeadlineExceeded within 2s", spec, policy, err, took)
			}
		}
	}
}

// TestAZBounds: the az agent's defaults and documented settings are within
// the bounds a server accepts; more is refused.
func TestAZBounds(t *testing.T) {
	for _, spec := range []string{"az:model=builtin", "az:model=x,batch=32,playout=32,gumbel=1,gumbelm=1000000", "az:model=x,sims=100,playout=6", "net:model=builtin,temp=1"} {
		if err := agents.CheckBounds(spec); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
	for _, spec := range []string{"az:model=x,batch=33", "az:model=x,playout=33", "az:model=x,batch=100000000"} {
		if err := agents.CheckBounds(spec); !errors.Is(err, agents.ErrBadSpec) || !strings.Contains(err.Error(), "over the bound") {
			t.Errorf("%s: %v, want an error over the bound", spec, err)
		}
	}
}
