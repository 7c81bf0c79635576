package welcomemoon_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/welcomemoon"
)

// deal starts an A2 game for 2 players with missions 0,0,0, action cards
// acts and number cards nums (card ids of the folder's order, from 0).
func deal(t *testing.T, acts, nums [3]engine.Action) (engine.Game, engine.State) {
	t.Helper()
	return dealAdv(t, 2, acts, nums)
}

// dealAdv is deal for adventure adv.
func dealAdv(t *testing.T, adv int, acts, nums [3]engine.Action) (engine.Game, engine.State) {
	t.Helper()
	g, err := wm.New(adv, 2, 1)
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

// editAll changes the whole JSON of s.
func editAll(t *testing.T, g engine.Game, s engine.State, f func(m map[string]any)) engine.State {
	t.Helper()
	data, _ := s.MarshalJSON()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	data, _ = json.Marshal(m)
	out, err := g.DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestThirdMission: with missions A and B done and 6 tanks circled, card
// 74 (C) would end the game: the heuristic accomplishes it when ahead and
// declines it when ending now would lose.
func TestThirdMission(t *testing.T) {
	for _, c := range []struct {
		name  string
		ahead bool
		want  string
	}{{"ahead", true, "accomplish-C"}, {"behind", false, "decline-C"}} {
		t.Run(c.name, func(t *testing.T) {
			g, s := deal(t, [3]engine.Action{4, 0, 19}, [3]engine.Action{16, 22, 28}) // Water, Robot, Water; 6, 7, 8
			s = editAll(t, g, s, func(m map[string]any) {
				m["missions_taken"] = []any{true, true, false}
				sheets := m["sheets"].([]any)
				mine := sheets[0].(map[string]any)
				mine["spaces"] = ". 1 . . 2 . 3 . . . 4 . . 5 . . . 6 . . . . . . . . . . . . . . . . . ."
				mine["circled"] = []any{133, 62, 63, 64, 65, 66, 67} // tanks: 34 points
				mine["crossed"] = []any{47, 48}
				mine["missions"] = []any{9, 11, -1} // 54 in all
				if !c.ahead {
					other := sheets[1].(map[string]any)
					other["spaces"] = ". 1 . . 2 . 3 . . . 4 . . 5 . . . 6 . . . . . . . . . . . . . . . . . ."
					other["circled"] = []any{133, 62, 63, 64, 65, 66, 67, 125, 74, 75, 76, 77, 78} // + S1 x6 x 5 plants
					other["crossed"] = []any{47, 48, 50, 51}
					other["missions"] = []any{9, 11, -1} // 84 in all
				}
			})
			names := playTurn(t, g, s)
			if !slices.Contains(names, c.want) {
				t.Errorf("played %v, want %s", names, c.want)
			}
		})
	}
}

// TestGivesAstraTheCheapCard: solo A2 against ASTRA level 1 (Plant 2,
// Planning 4 points a card), revealed 8 Plant, 8 Plant, 8 Planning: the same
// 8 Plant can be played leaving ASTRA a Plant card (n3a1, n3a2) or the
// Planning card (n1a2, n2a1); the heuristic never gives it the Planning card.
func TestGivesAstraTheCheapCard(t *testing.T) {
	g, err := wm.New(2, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 12; seed++ {
		s := g.NewInitialState()
		for _, a := range []engine.Action{0, 0, 0, 30, 31, 34} { // missions 0,0,0; card ids
			if err := engine.ApplyChecked(s, a); err != nil {
				t.Fatal(err)
			}
		}
		h, err := agents.New(g, "heuristic", seed)
		if err != nil {
			t.Fatal(err)
		}
		a, err := h.Act(s)
		if err != nil {
			t.Fatal(err)
		}
		if name := s.ActionString(a); strings.HasSuffix(name, "[n1a2]") || strings.HasSuffix(name, "[n2a1]") {
			t.Errorf("seed %d: played %s, ASTRA gets the Planning card (4 points)", seed, name)
		}
	}
}

// TestA5UpgradesTheDome: with only Energy combinations on an empty A5
// sheet, the dome upgrade is the one that scores at once (8 unbuilt
// sections x 1 point less each); the other areas multiply nothing yet.
func TestA5UpgradesTheDome(t *testing.T) {
	// action cards 1, 7, 13: Energy; number cards 16 (6), 11 (5), 2 (2)
	g, s := dealAdv(t, 5, [3]engine.Action{1, 7, 13}, [3]engine.Action{16, 11, 2})
	names := playTurn(t, g, s)
	if !slices.Contains(names, "upgrade-dome") {
		t.Errorf("turn %v: want upgrade-dome", names)
	}
}

// TestA8WinsThePlanet: in A8 (turn 1, seat 0 plays the top half of seat
// 1's sheet) a 3 completes P0, where seat 0 and seat 1 have one insignia
// each, and takes its flag and the plant of space 3; the other planets a 3
// or the 14 and 15 reach only start a count.
func TestA8WinsThePlanet(t *testing.T) {
	// action cards 1, 7, 13: Energy; number cards 4 (3), 59 (14), 61 (15)
	g, s := dealAdv(t, 8, [3]engine.Action{1, 7, 13}, [3]engine.Action{4, 59, 61})
	data, _ := s.MarshalJSON()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	sheet := m["sheets"].([]any)[1].(map[string]any)
	sheet["spaces"] = "X X" + strings.Repeat(" .", 31)
	sheet["crossed"] = []int{1} // seat 0's insignia (top)
	sheet["circled"] = []int{2} // seat 1's (bottom)
	data, _ = json.Marshal(m)
	s, err := g.DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	names := playTurn(t, g, s)
	if !slices.Contains(names, "space-3") {
		t.Errorf("turn %v: want space-3 (P0's flag)", names)
	}
}
