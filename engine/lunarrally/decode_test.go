package lunarrally

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/moongym/moongym/engine"
)

// edit decodes a state's JSON into a generic map, applies f, and encodes it.
func edit(t *testing.T, s *State, f func(m map[string]any)) []byte {
	t.Helper()
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func rover(m map[string]any, i int) map[string]any { return m["rovers"].([]any)[i].(map[string]any) }

func TestDecodeRejectsBadStates(t *testing.T) {
	g := load(t, nil)
	s := setUp(t, g, 0)
	mustPlay(t, s, "fwd", "laser") // p0 Rover 1 phases 1-2 programmed
	if _, err := g.DecodeState(edit(t, s, func(map[string]any) {})); err != nil {
		t.Fatalf("the unedited state does not decode: %v", err)
	}
	cases := map[string]func(m map[string]any){
		"unknown field":                   func(m map[string]any) { m["extra"] = 1 },
		"bad stage":                       func(m map[string]any) { m["stage"] = "lunch" },
		"turn past the limit":             func(m map[string]any) { m["turn"] = 41 },
		"moon 3":                          func(m map[string]any) { m["moon"] = 3 },
		"first out of range":              func(m map[string]any) { m["first"] = 2 },
		"missing rover":                   func(m map[string]any) { m["rovers"] = m["rovers"].([]any)[:3] },
		"rover listed out of place":       func(m map[string]any) { rover(m, 0)["seat"] = 1 },
		"two rovers on one hex":           func(m map[string]any) { rover(m, 1)["hex"] = rover(m, 0)["hex"] },
		"rover off the board":             func(m map[string]any) { rover(m, 0)["hex"] = "z9" },
		"rover in a crater":               func(m map[string]any) { rover(m, 0)["hex"] = "h3"; rover(m, 0)["armed"] = true },
		"too many shields":                func(m map[string]any) { rover(m, 0)["shields"] = 2 },
		"too many missiles":               func(m map[string]any) { rover(m, 2)["missiles"] = 2 },
		"unknown card":                    func(m map[string]any) { rover(m, 0)["program"] = []any{"fly", "", ""} },
		"reverse on a Rover 1":            func(m map[string]any) { rover(m, 0)["program"] = []any{"rev", "laser", ""} },
		"a card used twice":               func(m map[string]any) { rover(m, 0)["program"] = []any{"laser", "laser", ""} },
		"programmed out of order":         func(m map[string]any) { rover(m, 2)["program"] = []any{"fwd", "", ""} },
		"phase skipped":                   func(m map[string]any) { rover(m, 0)["program"] = []any{"fwd", "", "laser"} },
		"card on a lost phase":            func(m map[string]any) { rover(m, 0)["phases"] = 1 },
		"bad heading":                     func(m map[string]any) { rover(m, 0)["heading"] = "N" },
		"facing along the line":           func(m map[string]any) { rover(m, 2)["heading"] = "NE" },
		"armed on the line before moving": func(m map[string]any) { rover(m, 0)["armed"] = true },
		"winner while running":            func(m map[string]any) { m["winners"] = []any{0} },
		"over without a result":           func(m map[string]any) { m["stage"] = "over" },
		"cache that is no cache":          func(m map[string]any) { m["caches_taken"] = []any{"a1"} },
		"pending while programming":       func(m map[string]any) { m["pending"] = "a2" },
		"destroyed before the first execution": func(m map[string]any) {
			r := rover(m, 3)
			r["status"], r["hex"], r["phases"], r["shields"], r["program"] = "destroyed", "", 1, 0, []any{"", "", ""}
		},
		"not json": nil,
	}
	for name, f := range cases {
		data := []byte("{not json")
		if f != nil {
			data = edit(t, s, f)
		}
		if _, err := g.DecodeState(data); !errors.Is(err, engine.ErrBadState) {
			t.Errorf("%s: got %v, want ErrBadState", name, err)
		}
	}
}

func TestDecodeRoundTripsMidGame(t *testing.T) {
	g := load(t, engine.Params{"players": "3", "scenario": "red"})
	s := setUp(t, g, 2)
	for range 40 {
		playStill(t, s)
	}
	data, _ := s.MarshalJSON()
	d, err := g.DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := d.MarshalJSON()
	if string(again) != string(data) || d.String() != s.String() {
		t.Errorf("round trip differs")
	}
}
