package lunarrally_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moongym/moongym/agents"
	h "github.com/moongym/moongym/agents/heuristics/lunarrally"
	"github.com/moongym/moongym/engine"
	lr "github.com/moongym/moongym/engine/lunarrally"
)

// reprogramming returns a state of a two-player game on scenario where the
// Rover 1s have executed once (still, left, right) and seat 0 is about to
// reprogram Rover 1, with the rovers moved by edit (rover index -> hex,
// heading).
func reprogramming(t *testing.T, scenario string, edit map[int][2]string) *lr.State {
	t.Helper()
	g, err := engine.Load(lr.Name, engine.Params{"scenario": scenario})
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	s.Apply(0)
	for s.(*lr.State).Turn() == 1 && s.(*lr.State).Moon() == 0 {
		if placing, _ := s.(*lr.State).Placing(); placing {
			s.Apply(s.LegalActions(nil)[0])
			continue
		}
		_, _, ph, _ := s.(*lr.State).Deciding()
		if ph < 0 {
			break
		}
		a, err := engine.ParseAction(s, []string{"still", "left", "right"}[ph])
		if err != nil {
			t.Fatal(err)
		}
		s.Apply(a)
		if st := s.(*lr.State); !st.IsTerminal() && st.Moon() == 0 && st.Rover(0, 0).Shown[0] != lr.NoCard {
			break
		}
	}
	data, _ := s.MarshalJSON()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	rovers := m["rovers"].([]any)
	for i, e := range edit {
		r := rovers[i].(map[string]any)
		r["hex"], r["heading"], r["armed"] = e[0], e[1], true
	}
	data, _ = json.Marshal(m)
	d, err := g.DecodeState(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	st := d.(*lr.State)
	if seat, r, ph, _ := st.Deciding(); seat != 0 || r != 0 || ph != 0 {
		t.Fatalf("not at seat 0 Rover 1 phase 1:\n%s", st)
	}
	return st
}

func plan(t *testing.T, s *lr.State) ([lr.MaxPhases]lr.Card, lr.Preview) {
	t.Helper()
	p := h.Plan(s, 0, 0, 0, rand.New(rand.NewPCG(1, 1)))
	return p, s.Preview(0, p)
}

func TestDrivesTowardTheFinish(t *testing.T) {
	// Green: open ground east of e6.
	s := reprogramming(t, "green", map[int][2]string{0: {"e6", "E"}})
	p, pv := plan(t, s)
	b := s.Game().(*lr.Game).Board()
	start, _ := b.ParseCell("e6")
	if b.FinishPath(pv.Pos) > b.FinishPath(start)-3 || pv.Damage != 0 {
		t.Errorf("program %v ends at %s (path %d from %d), damage %d: want 3 hexes of progress", p, b.CellName(pv.Pos), b.FinishPath(pv.Pos), b.FinishPath(start), pv.Damage)
	}
}

func TestAvoidsCratersAndDust(t *testing.T) {
	// Green: the crater h3/g4.. lies east of f4; dust l1-n2 north-east of k2.
	for _, c := range []struct{ at, heading string }{{"g3", "E"}, {"f4", "E"}, {"j2", "E"}} {
		s := reprogramming(t, "green", map[int][2]string{0: {c.at, c.heading}})
		p, pv := plan(t, s)
		b := s.Game().(*lr.Game).Board()
		if pv.Damage != 0 || b.At(pv.Pos) == lr.Dust || b.At(pv.Pos) == lr.Crater {
			t.Errorf("from %s %s: program %v ends on %s (terrain %d) with damage %d", c.at, c.heading, p, b.CellName(pv.Pos), b.At(pv.Pos), pv.Damage)
		}
	}
}

func TestShootsWhenAShotHits(t *testing.T) {
	// The opponent's Rover 1 five hexes straight ahead: out of ramming reach, in the line of fire.
	s := reprogramming(t, "green", map[int][2]string{0: {"e6", "E"}, 2: {"j6", "W"}})
	p, pv := plan(t, s)
	if pv.EnemyDamage == 0 || !(slices.Contains(p[:], lr.Laser) || slices.Contains(p[:], lr.Missile)) {
		t.Errorf("program %v deals %d damage; want a shot that hits", p, pv.EnemyDamage)
	}
	// Nobody in front: it does not waste a missile.
	s = reprogramming(t, "green", map[int][2]string{0: {"e6", "E"}})
	if p, _ := plan(t, s); slices.Contains(p[:], lr.Missile) {
		t.Errorf("program %v fires a missile at nothing", p)
	}
}

func TestPlacesNearTheFinish(t *testing.T) {
	// Yellow: the start line is the top row a1-h1, the finish the bottom right.
	g := engine.MustLoad(lr.Name, engine.Params{"scenario": "yellow"})
	s := g.NewInitialState()
	s.Apply(0)
	a, err := agents.New(g, "heuristic", 1)
	if err != nil {
		t.Fatal(err)
	}
	act, err := a.Act(s)
	if err != nil {
		t.Fatal(err)
	}
	b := g.(*lr.Game).Board()
	best := 1 << 30
	for _, c := range b.Starts() {
		best = min(best, b.FinishPath(c))
	}
	cell, _ := b.ParseCell(s.ActionString(act))
	if b.FinishPath(cell) != best {
		t.Errorf("placed on %s (path %d), the best start hex has path %d", s.ActionString(act), b.FinishPath(cell), best)
	}
}

// TestBeatsRandom plays the heuristic against random with seats rotated
// and checks it wins nearly every game (the full measurement is in
// docs/rules/lunar-rally.md).
func TestBeatsRandom(t *testing.T) {
	wins, games := 0, 20
	for i := 0; i < games; i++ {
		g := engine.MustLoad(lr.Name, engine.Params{"scenario": lr.Scenarios[i%4]})
		heur, _ := agents.New(g, "heuristic", uint64(i))
		rnd, _ := agents.New(g, "random", uint64(i))
		seats := []agents.Agent{heur, rnd}
		me := 0
		if i%2 == 1 {
			seats, me = []agents.Agent{rnd, heur}, 1
		}
		rec, _, err := agents.PlayGame(g, seats, rand.New(rand.NewPCG(uint64(i), 9)))
		if err != nil {
			t.Fatal(err)
		}
		if rec.Returns[me] > 0 {
			wins++
		}
	}
	if wins < games-1 {
		t.Errorf("heuristic won %d of %d against random", wins, games)
	}
}

func TestEvaluate(t *testing.T) {
	near := reprogramming(t, "green", map[int][2]string{0: {"t5", "E"}})
	v := h.Evaluate(near, nil)
	if len(v) != 2 || v[0] <= v[1] || v[0] > 1 || v[1] < -1 || v[0]+v[1] > 1e-9 || v[0]+v[1] < -1e-9 {
		t.Errorf("Evaluate %v: seat 0 is near the finish and should lead, values summing to 0", v)
	}
}

// TestRaceLength checks the heuristic finishes the race well within the
// turn limit against random on every scenario, and logs the mean number of
// turns (go test ./agents/heuristics/lunarrally -run TestRaceLength -v).
func TestRaceLength(t *testing.T) {
	const games = 20
	for _, sc := range lr.Scenarios {
		total, longest := 0, 0
		for i := 0; i < games; i++ {
			g := engine.MustLoad(lr.Name, engine.Params{"scenario": sc})
			heur, _ := agents.New(g, "heuristic", uint64(i))
			rnd, _ := agents.New(g, "random", uint64(i))
			_, s, err := agents.PlayGame(g, []agents.Agent{heur, rnd}, rand.New(rand.NewPCG(uint64(i), 1)))
			if err != nil {
				t.Fatal(err)
			}
			turns := s.(*lr.State).Turn()
			total += turns
			longest = max(longest, turns)
		}
		t.Logf("%s: mean %.1f turns, longest %d, over %d games", sc, float64(total)/games, longest, games)
		if longest > 20 {
			t.Errorf("%s: a race took %d turns", sc, longest)
		}
	}
}

// TestDecidesOnlyFromWhatItSees checks the heuristic picks the same action
// when the other players' hidden programs are redrawn.
func TestDecidesOnlyFromWhatItSees(t *testing.T) {
	g := engine.MustLoad(lr.Name, engine.Params{"players": "3", "scenario": "red"})
	rng := rand.New(rand.NewPCG(4, 4))
	s := g.NewInitialState()
	checked := 0
	for !s.IsTerminal() && checked < 150 {
		p := s.CurrentPlayer()
		if p == engine.Chance {
			s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
			continue
		}
		a1, _ := agents.New(g, "heuristic", 9)
		a2, _ := agents.New(g, "heuristic", 9)
		want, err := a1.Act(s)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := a2.Act(s.Resample(p, rng)); got != want {
			t.Fatalf("action %s on the state, %s on a resampled one", s.ActionString(want), s.ActionString(got))
		}
		s.Apply(want)
		checked++
	}
}
