package planetcubes_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/planetcubes"
)

func TestDecodeStateRoundTrip(t *testing.T) {
	g := mustGame(t, engine.Params{"players": "3"})
	s := build(t, g, pos{first: "B", turn: "G", left: 1, round: 4, scores: []int{5, 9, 0},
		cubes: "R1@H1:2l R3@F:1- B1@W3:1s* B2@S3:1- G1@C5:1-*"})
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := g.DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.MarshalJSON()
	if string(again) != string(data) {
		t.Errorf("round trip:\n%s\n%s", data, again)
	}
	// Mid-action, with a selection, an attack under way and a back made.
	mid := build(t, g, pos{first: "B", turn: "G", round: 4, scores: []int{5, 9, 0}, cubes: "R1@C5:2l B2@S3:1- G1@C5:1s"})
	play(t, mid, "G1", "back", "G1", "attack")
	mdata, _ := mid.MarshalJSON()
	if !strings.Contains(string(mdata), `"selected":1,"backs":1,"attacking":true`) {
		t.Errorf("JSON of a state mid-action: %s", mdata)
	}
	if mback, err := g.DecodeState(mdata); err != nil {
		t.Error(err)
	} else if *mback.(*planetcubes.State) != *mid {
		t.Errorf("mid-action state does not round-trip:\n%s\n%s", mid, mback)
	}
	want := `{"round":4,"first":1,"turn":2,"actions_left":1,"selected":0,"backs":0,"attacking":false,"over":false,"truncated":false,"teams":[` +
		`{"team":"R","score":5,"cubes":[{"slot":1,"planet":"H1","lives":2,"weapon":"long"},{"slot":3,"planet":"F","lives":1,"weapon":"none"}]},` +
		`{"team":"B","score":9,"cubes":[{"slot":1,"planet":"W3","lives":1,"weapon":"short","activated":true},{"slot":2,"planet":"S3","lives":1,"weapon":"none"}]},` +
		`{"team":"G","score":0,"cubes":[{"slot":1,"planet":"C5","lives":1,"weapon":"none","activated":true}]}]}`
	if string(data) != want {
		t.Errorf("JSON form changed:\n got %s\nwant %s", data, want)
	}
}

// DecodeState rejects states that break the rules, wrapping ErrBadState.
func TestDecodeStateRejects(t *testing.T) {
	g := mustGame(t, nil)
	base := pos{cubes: "R1@H1:1s B1@F:1-"}.jsonOf(g)
	if _, err := g.DecodeState([]byte(base)); err != nil {
		t.Fatalf("base state: %v", err)
	}
	cases := []struct {
		name string
		data string
		want string
	}{
		{"not json", `{`, "unexpected"},
		{"unknown field", strings.Replace(base, `"round"`, `"rounds"`, 1), "unknown field"},
		{"trailing data", base + `{}`, "after the state"},
		{"round 0", pos{cubes: "R1@H1:1s"}.jsonOf(g), ""}, // placeholder replaced below
		{"three teams", strings.Replace(base, `"teams":[`, `"teams":[{"team":"G","score":0,"cubes":[]},`, 1), "3 teams"},
		{"wrong letter", strings.Replace(base, `"team":"B"`, `"team":"G"`, 1), "want \"B\""},
		{"slot 0", strings.Replace(base, `"slot":1,"planet":"H1"`, `"slot":0,"planet":"H1"`, 1), "slot 0"},
		{"slot twice", pos{cubes: "R1@H1:1s R1@F:1- B1@F:1-"}.jsonOf(g), "twice"},
		{"unknown planet", strings.Replace(base, `"H1"`, `"H9"`, 1), "unknown planet"},
		{"planet case", strings.Replace(base, `"H1"`, `"h1"`, 1), "unknown planet"},
		{"bad weapon", strings.Replace(base, `"short"`, `"laser"`, 1), "weapon"},
		{"3 lives", strings.Replace(base, `"lives":1,"weapon":"short"`, `"lives":3,"weapon":"short"`, 1), "3 lives"},
		{"more than 20 cubes", pos{cubes: "R1@F:2- R2@F:2- R3@F:2- R4@F:2- R5@F:2- R6@F:2- R7@F:2- R8@F:2- R9@F:2- R10@F:2- R11@F:1- B1@F:1-"}.jsonOf(g), "more than its 20"},
		{"on an enemy start", pos{cubes: "R1@S4:1- B1@F:1-"}.jsonOf(g), "not its team's Starting planet"},
		{"on an unused start", pos{cubes: "R1@S2:1- B1@F:1-"}.jsonOf(g), "not its team's Starting planet"},
		{"armed on the start", pos{cubes: "R1@S1:1s B1@F:1-"}.jsonOf(g), "Starting planet has a weapon"},
		{"attacked unarmed", pos{cubes: "R1@F:1-! B1@F:1-"}.jsonOf(g), "without a weapon"},
		{"too many points", pos{round: 2, scores: []int{17, 0}, cubes: "R1@H1:1s B1@F:1-"}.jsonOf(g), "17 points after 1 rounds"},
		{"points in round 1", pos{scores: []int{1, 0}, cubes: "R1@H1:1s B1@F:1-"}.jsonOf(g), "after 0 rounds"},
		{"should be over", pos{round: 30, scores: []int{64, 2}, cubes: "R1@H1:1s B1@F:1-"}.jsonOf(g), "should be over"},
		{"turn team has no cube", pos{cubes: "B1@F:1-"}.jsonOf(g), "no cube in play"},
		{"next team used an action", pos{cubes: "R1@H1:1s B1@W4:1-*"}.jsonOf(g), "has not played"},
		{"used more than spent", pos{left: 1, cubes: "R1@W1:1s*! B1@F:1-"}.jsonOf(g), "used 2 actions with 1"},
		{"used with 2 left", pos{cubes: "R1@W1:1s* B1@F:1-"}.jsonOf(g), "used 1 actions with 2"},
		{"selected empty slot", strings.Replace(base, `"selected":0`, `"selected":5`, 1), "not in play"},
		{"attacking unselected", strings.Replace(base, `"attacking":false`, `"attacking":true`, 1), "without a selected"},
		{"attacking without target", strings.Replace(strings.Replace(base, `"attacking":false`, `"attacking":true`, 1), `"selected":0`, `"selected":1`, 1), "cannot attack"},
		{"truncated not over", strings.Replace(base, `"truncated":false`, `"truncated":true`, 1), "truncated but not over"},
		{"over without winner", strings.Replace(strings.Replace(strings.Replace(base, `"over":false`, `"over":true`, 1), `"turn":0`, `"turn":-1`, 1), `"actions_left":2`, `"actions_left":0`, 1), "no team leads"},
		{"over with a turn", strings.Replace(pos{round: 30, scores: []int{64, 2}, cubes: "R1@H1:1s B1@F:1-"}.jsonOf(g), `"over":false`, `"over":true`, 1), "turn"},
		{"truncated early", strings.Replace(strings.Replace(strings.Replace(strings.Replace(base, `"over":false`, `"over":true`, 1), `"truncated":false`, `"truncated":true`, 1), `"turn":0`, `"turn":-1`, 1), `"actions_left":2`, `"actions_left":0`, 1), "limit is 100"},
		{"round beyond the limit", strings.Replace(base, `"round":1`, `"round":101`, 1), "round 101"},
		{"first out of range", strings.Replace(base, `"first":0`, `"first":2`, 1), "first 2"},
		{"turn out of range", strings.Replace(base, `"turn":0`, `"turn":7`, 1), "turn 7"},
		{"actions left 3", strings.Replace(base, `"actions_left":2`, `"actions_left":3`, 1), "actions_left 3"},
		{"no action left", strings.Replace(base, `"actions_left":2`, `"actions_left":0`, 1), "want 1 or 2"},
		{"backs beyond the limit", strings.Replace(base, `"selected":0`, `"selected":0,"backs":5`, 1), "backs 5, want 0..4"},
		{"negative backs", strings.Replace(base, `"selected":0`, `"selected":0,"backs":-1`, 1), "backs -1"},
		{"over with backs", strings.Replace(strings.Replace(pos{round: 30, scores: []int{64, 2}, cubes: "R1@H1:1s B1@F:1-"}.jsonOf(g), `"over":false,`, `"over":true,"backs":1,`, 1), `"turn":0,"actions_left":2`, `"turn":-1,"actions_left":0`, 1), "backs"},
		{"negative score", strings.Replace(base, `"score":0`, `"score":-1`, 1), "score -1"},
		{"not drawn but moved", strings.Replace(strings.Replace(strings.Replace(base, `"first":0`, `"first":-1`, 1), `"turn":0`, `"turn":-1`, 1), `"actions_left":2`, `"actions_left":0`, 1), "initial one"},
	}
	cases[3] = struct{ name, data, want string }{"round 0", strings.Replace(base, `"round":1`, `"round":0`, 1), "round 0"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := g.DecodeState([]byte(c.data))
			if !errors.Is(err, engine.ErrBadState) {
				t.Fatalf("err = %v, want ErrBadState\n%s", err, c.data)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want it to say %q", err, c.want)
			}
		})
	}
	// A fixed first player: the state must agree.
	g1 := mustGame(t, engine.Params{"first": "1"})
	if _, err := g1.DecodeState([]byte(base)); !errors.Is(err, engine.ErrBadState) || !strings.Contains(err.Error(), "fixes first=1") {
		t.Errorf("first fixed: err = %v", err)
	}
	// The initial state before the draw decodes.
	s := g.NewInitialState()
	data, _ := s.MarshalJSON()
	if _, err := g.DecodeState(data); err != nil {
		t.Errorf("initial state: %v", err)
	}
}

// The observation is relative: the observer's cubes come first.
func TestObservationIsRelative(t *testing.T) {
	g := mustGame(t, engine.Params{"players": "3"})
	s := build(t, g, pos{first: "B", turn: "B", cubes: "R1@F:1- B2@H1:2l G1@S5:1-"})
	n := engine.ObservationSize(g)
	if n != g.ObservationShape()[0] {
		t.Fatalf("shape %v, size %d", g.ObservationShape(), n)
	}
	P := len(g.Board().Planets)
	cubes := P * (6 + 3)
	cs := P + 8
	f := g.Board().Index("F")
	h1 := g.Board().Index("H1")
	obs := make([]float32, n)
	for _, c := range []struct {
		observer engine.Player
		rel      int // where Red's cubes appear
	}{{0, 0}, {1, 2}, {2, 1}} {
		s.Observe(c.observer, obs)
		red := cubes + c.rel*20*cs // Red's slot 0
		if obs[red] != 1 || obs[red+1+f] != 1 || obs[red+P+1] != 1 || obs[red+P+3] != 1 {
			t.Errorf("observer %d: Red's cube 1 not at relative team %d", c.observer, c.rel)
		}
		blue := cubes + ((1-int(c.observer)+3)%3)*20*cs + 1*cs // Blue's slot 1
		if obs[blue] != 1 || obs[blue+1+h1] != 1 || obs[blue+P+2] != 1 || obs[blue+P+5] != 1 {
			t.Errorf("observer %d: Blue's cube 2 (2 lives, long) misplaced", c.observer)
		}
	}
	// The seat to act (Blue) is relative too: for Blue it is 0.
	s.Observe(1, obs)
	turn := n - 1 - 3 - 3 // to-act block starts here
	if obs[turn] != 1 || obs[turn+1] != 0 || obs[turn+2] != 0 {
		t.Errorf("Blue's view of the seat to act: %v", obs[turn:turn+3])
	}
	s.Observe(0, obs)
	if obs[turn+1] != 1 {
		t.Errorf("Red's view of the seat to act (Blue is 1 after Red): %v", obs[turn:turn+3])
	}
	// The turn block: phase, backs left, the selected slot.
	phase := turn - 20 - 7 // round, 1 left, 2 left, select, act, target, backs left
	s.Observe(1, obs)
	if got := obs[phase : phase+7]; !slices.Equal(got, []float32{0.01, 0, 1, 1, 0, 0, 1}) {
		t.Errorf("turn block before any decision: %v", got)
	}
	play(t, s, "B2", "back", "B2")
	s.Observe(1, obs)
	if got := obs[phase : phase+7]; !slices.Equal(got, []float32{0.01, 0, 1, 0, 1, 0, 0.75}) || obs[phase+7+1] != 1 {
		t.Errorf("turn block with B2 selected after one back of 4: %v, slot 2 %v", got, obs[phase+7+1])
	}
}

func TestActionStrings(t *testing.T) {
	g := mustGame(t, nil)
	s := g.NewInitialState()
	if got := legalNames(s); strings.Join(got, ",") != "first R,first B" {
		t.Errorf("chance names %v", got)
	}
	st := build(t, g, pos{cubes: "R1@C1:1s B1@C1:1-"})
	play(t, st, "R1")
	if got := strings.Join(legalNames(st), ","); got != "end,move L1,move W1,move H1,move H6,move F,attack,back" {
		t.Errorf("names %q", got)
	}
	kind, x, _ := g.DecodeAction(g.MoveAction(2))
	if kind != planetcubes.KindMove || x != 2 {
		t.Errorf("DecodeAction(MoveAction(2)) = %v %d", kind, x)
	}
	kind, x, y := g.DecodeAction(g.TargetAction(1, 7))
	if kind != planetcubes.KindTarget || x != 1 || y != 7 {
		t.Errorf("DecodeAction(TargetAction(1,7)) = %v %d %d", kind, x, y)
	}
	if kind, _, _ := g.DecodeAction(engine.Action(g.NumActions())); kind != planetcubes.KindInvalid {
		t.Errorf("action beyond the space decodes as %v", kind)
	}
}
