package models_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	"github.com/moongym/moongym/models"
)

func loadGame(t *testing.T, name, params string) engine.Game {
	t.Helper()
	p, err := engine.ParseParams(params)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Load(name, p)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// decisionStates plays random games of g and keeps every k-th decision
// state (at most n).
func decisionStates(g engine.Game, n, k int, seed uint64) []engine.State {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []engine.State
	var legal []engine.Action
	var outs []engine.Outcome
	for i := 0; len(out) < n; {
		s := g.NewInitialState()
		for !s.IsTerminal() && len(out) < n {
			if s.CurrentPlayer() == engine.Chance {
				outs = s.ChanceOutcomes(outs)
				s.Apply(engine.SampleOutcome(outs, rng.Float64()))
				continue
			}
			if i++; i%k == 0 {
				out = append(out, s.Clone())
			}
			legal = s.LegalActions(legal)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
	return out
}

// TestSeatView: a 2-player welcome-moon network evaluates 4-player states
// by reading the observer's sheet, the next seat's and the global section
// (the predictor on that input, checked here by hand), its opponent's
// value going to every other seat.
func TestSeatView(t *testing.T) {
	g2 := loadGame(t, "welcome-moon", "players=2")
	g4 := loadGame(t, "welcome-moon", "players=4")
	per, sec, glob, ok := engine.ObservationSeats(g4)
	if !ok || sec != 4 {
		t.Fatalf("ObservationSeats(4 players) = %d, %d, %d, %v", per, sec, glob, ok)
	}
	if p2, s2, gl2, _ := engine.ObservationSeats(g2); p2 != per || s2 != 2 || gl2 != glob {
		t.Fatalf("2 players: sections %d x %d + %d, 4 players %d x %d + %d", p2, s2, gl2, per, sec, glob)
	}
	checkSeatView(t, g2, g4, 7, func(full, in []float32) {
		copy(in, full[:2*per])
		copy(in[2*per:], full[4*per:])
	})
}

// TestSeatViewSlots: a 2-marine March on Mars network evaluates 3-marine
// states, whose observation of fixed seat slots has its shape, by reading
// the observation as it is; its partner's value goes to the third seat
// too.
func TestSeatViewSlots(t *testing.T) {
	g2 := loadGame(t, "march-mars", "players=2")
	g3 := loadGame(t, "march-mars", "players=3")
	m, err := models.NewModel(g2, models.Arch{Kind: models.KindMLP, Width: 8, Depth: 1, ValueHidden: 4}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if proj, err := m.Net.Shapes.Projection(g3); err != nil || proj != nil {
		t.Fatalf("Projection(3 marines) = %v, %v; want none: the observation is the input", proj != nil, err)
	}
	checkSeatView(t, g2, g3, 5, func(full, in []float32) { copy(in, full) })
}

// checkSeatView: a small 2-seat network of g2, its value biases
// asymmetric, evaluates decision states of g (every k-th of random games)
// through its seat view: each prior is the network's on input(the
// observation), each seat p+k within the view gets value k and every other
// seat the opponent's value; the states have several seats to move.
func checkSeatView(t *testing.T, g2, g engine.Game, k int, input func(full, in []float32)) {
	t.Helper()
	m, err := models.NewModel(g2, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, 5)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := m.Net.Weight("value.b2")
	b2.Data[0], b2.Data[1] = 0.7, -0.4 // asymmetric: a wrong seat shows
	if err := m.Net.Shapes.Reads(g); err != nil {
		t.Fatalf("Reads(%d players): %v", g.NumPlayers(), err)
	}
	ev, err := models.NewEvaluator(g, m.Net, 0)
	if err != nil {
		t.Fatal(err)
	}
	states := decisionStates(g, 12, k, 1)
	out := newEvals(len(states), g)
	if err := ev.Evaluate(states, out); err != nil {
		t.Fatal(err)
	}
	pred := m.Net.NewPredictor()
	full := make([]float32, engine.ObservationSize(g))
	in := make([]float32, engine.ObservationSize(g2))
	na, n := g.NumActions(), g.NumPlayers()
	lo, hi := float32(g.MinUtility()), float32(g.MaxUtility())
	seen := map[engine.Player]bool{}
	for i, s := range states {
		p := s.CurrentPlayer()
		seen[p] = true
		s.Observe(p, full)
		input(full, in)
		mask := make([]float32, na)
		for _, a := range s.LegalActions(nil) {
			mask[a] = 1
		}
		pol, val := make([]float32, na), make([]float32, 2)
		if err := pred.Predict(1, in, mask, pol, val); err != nil {
			t.Fatal(err)
		}
		for a := range pol {
			if pol[a] != out[i].Priors[a] {
				t.Fatalf("state %d action %d: prior %v, the network on the view %v", i, a, out[i].Priors[a], pol[a])
			}
		}
		for k := range n {
			want := lo + (val[min(k, 1)]+1)/2*(hi-lo)
			if got := out[i].Values[(int(p)+k)%n]; got != want {
				t.Fatalf("state %d (seat %d to move): seat %d's value %v, want %v", i, p, (int(p)+k)%n, got, want)
			}
		}
	}
	if len(seen) < 2 {
		t.Fatalf("the states had %d seats to move, want several", len(seen))
	}
}

// TestSeatViewRefused: no seat view where the game has neither seat
// sections nor slots (even with the network's shape), fewer seats than the
// network, other sections or another shape; the model's Check
// still wants the configuration among its own.
func TestSeatViewRefused(t *testing.T) {
	wm2 := loadGame(t, "welcome-moon", "players=2")
	wm4 := loadGame(t, "welcome-moon", "players=4")
	net := func(g engine.Game) *models.Model {
		m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 8, Depth: 1, ValueHidden: 4}, 1)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, c := range []struct {
		name string
		net  engine.Game
		game engine.Game
	}{
		{"more seats than the game", wm4, wm2},
		{"another adventure's sections", wm2, loadGame(t, "welcome-moon", "adventure=2,players=4")},
		{"solo", wm2, loadGame(t, "welcome-moon", "players=1")},
		{"no seat sections or slots, the same shape", loadGame(t, "walking-moon", "players=2"), loadGame(t, "walking-moon", "players=4")},
		{"seat slots, more seats than the game", loadGame(t, "march-mars", "players=3"), loadGame(t, "march-mars", "players=2")},
		{"seat slots, another map", loadGame(t, "march-mars", "players=3"), loadGame(t, "march-mars", "players=4")},
	} {
		m := net(c.net)
		if err := m.Net.Shapes.Reads(c.game); !errors.Is(err, models.ErrWrongGame) {
			t.Errorf("%s: Reads = %v, want ErrWrongGame", c.name, err)
		}
		if _, err := models.NewEvaluator(c.game, m.Net, 0); !errors.Is(err, models.ErrWrongGame) {
			t.Errorf("%s: NewEvaluator = %v, want ErrWrongGame", c.name, err)
		}
	}
	m := net(wm2)
	if err := m.Check(wm4); !errors.Is(err, models.ErrWrongGame) {
		t.Errorf("Check of a configuration the model does not cover = %v, want ErrWrongGame", err)
	}
	m.Covers = []engine.Params{wm4.Params().Clone()}
	if err := m.Check(wm4); err != nil {
		t.Errorf("Check of a covered 4-player configuration: %v", err)
	}
}
