package welcomemoon_test

import (
	"encoding/json"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/welcomemoon"
)

// deal starts an A2 game for 2 players with missions 0,0,0, action cards
// acts and number cards nums (card ids of the folder's order, from 0).
func deal(t *testing.T, acts, nums [3]engine.Action) (engine.Game, engine.State) {
	t.Helper()
	g, err := wm.New(2, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	for _, a := range []engine.Action{0, 0, 0, acts[0], acts[1], acts[2], nums[0], nums[1], nums[2]} {
		if err := engine.ApplyChecked(s, a); err != nil {
			t.Fatal(err)
		}
	}
	return g, s
}

// edit changes seat 0's sheet in the JSON of s.
func edit(t *testing.T, g engine.Game, s engine.State, f func(sheet map[string]any)) engine.State {
	t.Helper()
	data, _ := s.MarshalJSON()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	f(m["sheets"].([]any)[0].(map[string]any))
	data, _ = json.Marshal(m)
	out, err := g.DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// playTurn lets the heuristic play seat 0's whole turn; it returns the names
// of its actions.
func playTurn(t *testing.T, g engine.Game, s engine.State) []string {
	t.Helper()
	h, err := agents.New(g, "heuristic", 1)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for s.CurrentPlayer() == 0 {
		a, err := h.Act(s)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, s.ActionString(a))
		if err := engine.ApplyChecked(s, a); err != nil {
			t.Fatal(err)
		}
	}
	return names
}

func spaceOf(names []string) int {
	for _, n := range names {
		var sp int
		if _, err := fmtSscanf(n, &sp); err == nil {
			return sp
		}
	}
	return -1
}

func TestKeepsZonesOpen(t *testing.T) {
	water := [3]engine.Action{4, 19, 27} // 3 Water, 6 Water, 7 Water
	cases := []struct {
		name   string
		nums   [3]engine.Action
		lo, hi int
	}{
		{"low numbers near Earth", [3]engine.Action{0, 1, 2}, 1, 3},          // 1, 1, 2
		{"high numbers near the Moon", [3]engine.Action{61, 62, 59}, 34, 36}, // 15, 15, 14
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, s := deal(t, water, c.nums)
			names := playTurn(t, g, s)
			if sp := spaceOf(names); sp < c.lo || sp > c.hi {
				t.Errorf("played %v: space %d, want %d..%d", names, sp, c.lo, c.hi)
			}
		})
	}
}

// TestTakesTheMultiplier: with S1's first robot crossed and 2 of its plants
// circled, a Robot completes S1 for x6 on those plants: the heuristic takes it.
func TestTakesTheMultiplier(t *testing.T) {
	g, s := deal(t, [3]engine.Action{4, 0, 19}, [3]engine.Action{16, 22, 28}) // Water, Robot, Water; 6, 7, 8
	s = edit(t, g, s, func(sh map[string]any) {
		sh["circled"] = []any{133, 74, 75}
		sh["crossed"] = []any{50}
	})
	names := playTurn(t, g, s)
	if len(names) < 3 || names[len(names)-1] != "robot-S1" {
		t.Errorf("played %v, want the Robot on S1", names)
	}
}
