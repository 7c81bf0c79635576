package marchmars_test

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/agents"
	heuristic "github.com/moongym/moongym/agents/heuristics/marchmars"
	"github.com/moongym/moongym/engine"
	mm "github.com/moongym/moongym/engine/marchmars"
)

var verbose = flag.Bool("show", false, "print a heuristic game")

// play plays one game of the heuristic team; chance by the seed.
func play(t *testing.T, params engine.Params, seed uint64) *mm.State {
	t.Helper()
	return playTeam(t, "heuristic", params, seed)
}

// newChance is the random source of a test game's chance draws.
func newChance(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 7)) }

// playTeam plays one game of the agent spec's team (seeded by seed, every
// move checked legal, -show logs them), chance by the seed, and returns
// the final state.
func playTeam(tb testing.TB, spec string, params engine.Params, seed uint64) *mm.State {
	tb.Helper()
	g := engine.MustLoad(mm.Name, params)
	a, err := agents.New(g, spec, seed)
	if err != nil {
		tb.Fatal(err)
	}
	rng := newChance(seed)
	s := g.NewInitialState()
	for !s.IsTerminal() {
		var act engine.Action
		if s.CurrentPlayer() == engine.Chance {
			act = engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64())
		} else if act, err = a.Act(s); err != nil {
			tb.Fatal(err)
		}
		if *verbose {
			tb.Logf("%s", s.ActionString(act))
		}
		if err := engine.ApplyChecked(s, act); err != nil {
			tb.Fatal(err)
		}
	}
	if *verbose {
		tb.Logf("\n%s", s)
	}
	return s.(*mm.State)
}

func TestHeuristicPlays(t *testing.T) {
	s := play(t, engine.Params{"players": "4"}, 1)
	if s.Turn() < 1 {
		t.Errorf("game over at turn %d", s.Turn())
	}
}

// position decodes a state of 2 marines from its JSON form with a roll to
// choose from: marine 0 beside the left MMM (its defender dead), marine 1
// with it or in the LZ.
func position(t *testing.T, dice []string, together bool) engine.State {
	t.Helper()
	g := engine.MustLoad(mm.Name, engine.Params{"players": "2", "training": "off"})
	s := g.NewInitialState()
	for kind, _ := s.(*mm.State).Pending(); kind != "pick"; kind, _ = s.(*mm.State).Pending() {
		s.Apply(s.LegalActions(nil)[0]) // the setup, first choices
	}
	var j map[string]any
	data, _ := s.MarshalJSON()
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	j["aliens"] = []any{}
	lz0, _ := s.(*mm.State).LZ()
	second := []any{float64(lz0), 1.0}
	if together {
		second = []any{0.0, 1.0}
	}
	j["marines"] = []any{map[string]any{"pos": []any{0.0, 1.0}}, map[string]any{"pos": second}}
	active := j["active"].(map[string]any)
	active["marine"], active["dice"], active["assigned"], active["actions"] = 0.0, 4.0, 4.0, 1.0
	j["roll"] = map[string]any{"dice": dice}
	j["tasks"] = []any{map[string]any{"kind": "turn-end"}, map[string]any{"kind": "after"}, map[string]any{"kind": "choose"}}
	out, _ := json.Marshal(j)
	st, err := g.DecodeState(out)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func act1(t *testing.T, s engine.State) string {
	t.Helper()
	a, err := new(heuristic.Agent).Act(s)
	if err != nil {
		t.Fatal(err)
	}
	return s.ActionString(a)
}

func TestHeuristicBombs(t *testing.T) {
	// 4 + 3 + 1 + 1 = 9: bomb
	if got := act1(t, position(t, []string{"blue4", "blue3", "white1", "white1"}, false)); got != "bomb" {
		t.Errorf("sum 9: %s, want bomb", got)
	}
	// 8 alone: bomb anyway (no reroll at hand)
	if got := act1(t, position(t, []string{"blue3", "blue3", "white1", "white1"}, false)); got != "bomb" {
		t.Errorf("sum 8 alone: %s, want bomb", got)
	}
	// 8 with a companion: reroll the lowest die first
	if got := act1(t, position(t, []string{"blue3", "blue3", "white1", "white1"}, true)); got != "reroll-3-white1" {
		t.Errorf("sum 8 with a companion: %s, want reroll-3-white1", got)
	}
}

// decision decodes a 2-marine state (training on, after the setup) edited
// by edit, with marine a deciding a task of kind on top.
func decision(t *testing.T, edit func(j map[string]any), a int, kind string) engine.State {
	t.Helper()
	g := engine.MustLoad(mm.Name, engine.Params{"players": "2"})
	s := g.NewInitialState()
	for k, _ := s.(*mm.State).Pending(); k != "pick"; k, _ = s.(*mm.State).Pending() {
		s.Apply(s.LegalActions(nil)[0])
	}
	var j map[string]any
	data, _ := s.MarshalJSON()
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	j["aliens"] = []any{}
	active := j["active"].(map[string]any)
	active["marine"], active["dice"], active["assigned"], active["actions"], active["last_key"] = float64(a), 4.0, 0.0, 0.0, -1.0
	edit(j)
	j["tasks"] = []any{map[string]any{"kind": "turn-end"}, map[string]any{"kind": "action", "a": a},
		map[string]any{"kind": kind, "a": a}}
	out, _ := json.Marshal(j)
	st, err := g.DecodeState(out)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestHeuristicUsesTheNewRules(t *testing.T) {
	lz := func(j map[string]any) float64 {
		return j["marines"].([]any)[1].(map[string]any)["pos"].([]any)[0].(float64)
	}
	for _, c := range []struct {
		name   string
		marine int
		kind   string
		edit   func(j map[string]any)
		want   string
	}{
		{"the marcher keeps teleportation", 0, "ability", func(j map[string]any) {
			j["training"].([]any)[0] = map[string]any{"card": 5.0, "ability": "none"}
		}, "teleportation"},
		{"the holder keeps the orbital bombing", 1, "ability", func(j map[string]any) {
			j["training"].([]any)[1] = map[string]any{"card": 0.0, "ability": "none"}
		}, "orbital-bombing"},
		{"the kamikaze beside the MMM", 0, "program", func(j map[string]any) {
			j["training"].([]any)[0] = map[string]any{"card": 3.0, "ability": "kamikaze"}
			j["marines"].([]any)[0] = map[string]any{"pos": []any{0.0, 1.0}}
		}, "kamikaze-without-black"},
		{"the heavy missile at the defender", 1, "program", func(j map[string]any) {
			j["training"].([]any)[1] = map[string]any{"card": 0.0, "ability": "fusion-cannon"}
			j["marines"].([]any)[0] = map[string]any{"pos": []any{3.0, 1.0}}
			j["marines"].([]any)[1] = map[string]any{"pos": []any{lz(j), 1.0}}
			j["aliens"] = []any{map[string]any{"box": []any{0.0, 1.0}, "n": []any{0.0, 0.0, 1.0}}}
		}, "missile-high-impact"},
	} {
		s := decision(t, c.edit, c.marine, c.kind)
		if got := act1(t, s); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
