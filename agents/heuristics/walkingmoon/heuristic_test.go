package walkingmoon_test

import (
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/agents"
	_ "github.com/moongym/moongym/agents/heuristics/walkingmoon"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/walkingmoon"
)

var long = flag.Bool("long", false, "play the long heuristic-versus-random measurement")

func start(t *testing.T, params engine.Params, names ...string) engine.State {
	t.Helper()
	g := engine.MustLoad(wm.Name, params)
	s := g.NewInitialState()
	for _, n := range append([]string{"card1", "card2", "card3", "card4", "card5"}, names...) {
		a, err := engine.ParseAction(s, n)
		if err != nil {
			t.Fatalf("%s: %v\n%s", n, err, s)
		}
		s.Apply(a)
	}
	return s
}

func act(t *testing.T, s engine.State) string {
	t.Helper()
	return decide(t, s.Game(), s, 1)
}

func TestSensibleChoices(t *testing.T) {
	basic := engine.Params{"players": "3"}
	cases := []struct {
		name   string
		params engine.Params
		moves  []string
		want   []string
	}{
		// from the start: blue 2 lands on a circle, blue 3 on a hazardous box
		{"safe landing over the farther hazard", basic,
			[]string{"j1-blue", "j1-blue", "j1-black", "j1-black", "blue2", "blue3", "black1", "black1"}, []string{"blue2"}},
		// blue 4 passes the Sputnik of column 4 and lands there safely
		{"take the Sputnik", basic,
			[]string{"j1-blue", "j1-blue", "j1-black", "j1-black", "blue1", "blue4", "black1", "black1"}, []string{"blue4"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, c.params, c.moves...)
			got := act(t, s)
			ok := false
			for _, w := range c.want {
				ok = ok || got == w
			}
			if !ok {
				t.Errorf("chose %s, want one of %v\n%s", got, c.want, s)
			}
		})
	}
}

func TestRobsTheRichest(t *testing.T) {
	g := engine.MustLoad(wm.Name, engine.Params{"players": "3", "rules": "advanced"})
	data := `{"cards":[1,2,3,4,5],"tokens":["reroll","sputnik2","spend","ec"],"astronauts":[` +
		`{"pos":[2,1],"stack":6,"sputnik":0,"ec":0,"handicap":0},` +
		`{"pos":[2,1],"stack":4,"sputnik":3,"ec":0,"handicap":0},` +
		`{"pos":[2,1],"stack":5,"sputnik":1,"ec":0,"handicap":0}],` +
		`"round":1,"order":[0,1,2],"stack_seq":6,"finishers":0,"supply":{"sputnik":26,"ec":10},` +
		`"deck":[3,2,3,2,2,2,0,0],"played":[0,0,0,0,0,0,0,0],"secret":[0,0,0,0,0,0,0,0],` +
		`"turn":{"active":0,"dice":4,"pool":[2,2,2],"program":[[2,2,0],[0,0,0],[0,0,0]],"assigned":4,"last_key":1,"jumps":1,"jump":0,"jumps_done":0},` +
		`"roll":{"mover":0,"dice":["blue2","blue1","black1","black1"],"free_done":0},"exchange":{"done":false,"flags":0},` +
		`"tasks":[{"kind":"round-end","a":0,"b":0,"c":0},{"kind":"turn-end","a":0,"b":0,"c":0},{"kind":"jump-end","a":0,"b":0,"c":0},{"kind":"rob","a":0,"b":0,"c":0}]}`
	s, err := g.DecodeState([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if got := act(t, s); got != "rob-p1" {
		t.Errorf("robbed %s, want rob-p1 (3 Sputniks)", got)
	}
}

// TestBeatsRandom plays the heuristic against random players, seats
// rotated, and checks its win rate with a 95% interval. -long plays more.
func TestBeatsRandom(t *testing.T) {
	games := 24
	if *long {
		games = 300
	}
	for _, params := range []engine.Params{
		{"players": "3", "rules": "basic", "edition": "en"},
		{"players": "4", "rules": "advanced", "edition": "es"},
	} {
		g := engine.MustLoad(wm.Name, params)
		n := g.NumPlayers()
		wins := 0
		for i := 0; i < games; i++ {
			seat := i % n
			seats := make([]agents.Agent, n)
			for k := range seats {
				spec := "random"
				if k == seat {
					spec = "heuristic"
				}
				a, err := agents.New(g, spec, uint64(1000*i+k))
				if err != nil {
					t.Fatal(err)
				}
				seats[k] = a
			}
			rec, _, err := agents.PlayGame(g, seats, agents.NewRNG(uint64(i)))
			if err != nil {
				t.Fatal(err)
			}
			if rec.Returns[seat] == 1 {
				wins++
			}
		}
		lo, hi := wilson(wins, games)
		t.Logf("%v: heuristic won %d/%d, 95%% Wilson interval [%.2f, %.2f] (a random seat: %.2f)", params, wins, games, lo, hi, 1/float64(n))
		if lo <= 1/float64(n) {
			t.Errorf("heuristic does not beat random: [%.2f, %.2f]", lo, hi)
		}
	}
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (float64, float64) {
	const z = 1.96
	p, nf := float64(k)/float64(n), float64(n)
	c := (p + z*z/(2*nf)) / (1 + z*z/nf)
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / (1 + z*z/nf)
	return c - h, c + h
}

// TestDecidesFromWhatItSees: the heuristic's decision does not change when
// State.Resample redraws what its seat cannot see (the other seats' action
// cards, the deck and the face-down discards).
func TestDecidesFromWhatItSees(t *testing.T) {
	for _, params := range []engine.Params{
		{"players": "3", "rules": "advanced", "edition": "en"},
		{"players": "2", "rules": "advanced", "edition": "es"},
	} {
		g := engine.MustLoad(wm.Name, params)
		rng := rand.New(rand.NewPCG(5, 8))
		checked, differ := 0, 0
		for game := 0; game < 2; game++ {
			s := g.NewInitialState()
			for step := 0; !s.IsTerminal() && step < 600; step++ {
				p := s.CurrentPlayer()
				if p == engine.Chance {
					s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
					continue
				}
				legal := s.LegalActions(nil)
				if len(legal) > 1 && step%5 == 0 {
					seed := uint64(step)
					want := decide(t, g, s, seed)
					for k := 0; k < 3; k++ {
						r := s.Resample(p, rng)
						for a := 0; a < r.(*wm.State).NumAstronauts(); a++ {
							if r.(*wm.State).Seat(a) == int(p) && r.(*wm.State).Card(a) != s.(*wm.State).Card(a) {
								t.Fatalf("Resample changed the seat's own card")
							}
						}
						if got := decide(t, g, r, seed); got != want {
							differ++
							t.Errorf("%v step %d: %s on the real state, %s on a resampled one\n%s", params, step, want, got, s)
						}
					}
					checked++
				}
				s.Apply(legal[rng.IntN(len(legal))])
			}
		}
		if checked < 20 {
			t.Errorf("%v: only %d decisions checked", params, checked)
		}
		t.Logf("%v: %d decisions checked against 3 resamples each, %d differ", params, checked, differ)
	}
}

// decide is the action name a heuristic seeded with seed picks in s.
func decide(t *testing.T, g engine.Game, s engine.State, seed uint64) string {
	t.Helper()
	h, err := agents.New(g, "heuristic", seed)
	if err != nil {
		t.Fatal(err)
	}
	a, err := h.Act(s)
	if err != nil {
		t.Fatal(err)
	}
	return s.ActionString(a)
}
