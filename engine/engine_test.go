package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/tictactoe"
)

var testSpec = engine.Spec{
	Name:       "spec-test",
	MinPlayers: 2, MaxPlayers: 4,
	Params: []engine.ParamSpec{
		{Name: "players", Kind: engine.IntParam, Default: "2", Min: 2, Max: 4, Doc: "seats"},
		{Name: "rules", Kind: engine.EnumParam, Default: "basic", Choices: []string{"basic", "advanced"}},
		{Name: "fast", Kind: engine.BoolParam, Default: "false"},
		{Name: "board", Kind: engine.StringParam, Default: ""},
		{Name: "first", Kind: engine.IntParam, Default: "0", Min: 0, Max: 3, MaxFrom: &engine.ParamBound{Param: "players", Add: -1}},
	},
}

func TestResolve(t *testing.T) {
	cases := []struct {
		in      engine.Params
		want    string // resolved params, or the error's text
		wantErr error
	}{
		{nil, "board=,fast=false,first=0,players=2,rules=basic", nil},
		{engine.Params{"players": "4", "rules": "advanced"}, "board=,fast=false,first=0,players=4,rules=advanced", nil},
		{engine.Params{"players": "4", "first": "3"}, "board=,fast=false,first=3,players=4,rules=basic", nil},
		{engine.Params{"players": "3", "first": "3"}, "first=3 is out of range for players=3 (want 0..2)", engine.ErrBadParam},
		{engine.Params{"players": "5"}, "players=5 is out of range (want 2..4)", engine.ErrBadParam},
		{engine.Params{"players": "two"}, "not an integer", engine.ErrBadParam},
		{engine.Params{"rules": "expert"}, "not one of basic, advanced", engine.ErrBadParam},
		{engine.Params{"fast": "yes"}, "not true or false", engine.ErrBadParam},
		{engine.Params{"speed": "1"}, "valid: players, rules, fast, board, first", engine.ErrUnknownParam},
	}
	for _, c := range cases {
		got, err := testSpec.Resolve(c.in)
		if c.wantErr != nil {
			if !errors.Is(err, c.wantErr) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v: got %v, want %v containing %q", c.in, err, c.wantErr, c.want)
			}
			continue
		}
		if err != nil || got.String() != c.want {
			t.Errorf("%v: got %v, %v; want %s", c.in, got, err, c.want)
		}
	}
}

func TestParseParams(t *testing.T) {
	p, err := engine.ParseParams(" players=3, rules=advanced ")
	if err != nil || p.String() != "players=3,rules=advanced" {
		t.Fatalf("got %v, %v", p, err)
	}
	for _, bad := range []string{"players", "=3", "a=1,a=2"} {
		if _, err := engine.ParseParams(bad); !errors.Is(err, engine.ErrBadParam) {
			t.Errorf("%q: got %v", bad, err)
		}
	}
	if p, err := engine.ParseParams(""); err != nil || len(p) != 0 {
		t.Errorf("empty: %v, %v", p, err)
	}
}

func TestLoadErrors(t *testing.T) {
	_, err := engine.Load("chess", nil)
	if !errors.Is(err, engine.ErrUnknownGame) || !strings.Contains(err.Error(), "tictactoe") ||
		!strings.Contains(err.Error(), "importing github.com/moongym/moongym/engine/all registers every game") {
		t.Errorf("unknown game: %v (must name the known games and the import that registers them)", err)
	}
	_, err = engine.Load("tictactoe", engine.Params{"size": "4"})
	if !errors.Is(err, engine.ErrUnknownParam) || !strings.Contains(err.Error(), "it has none") {
		t.Errorf("unknown param: %v", err)
	}
}

func TestRegisterRejectsMistakes(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", name)
			}
		}()
		f()
	}
	newGame := func(engine.Params, fs.FS) (engine.Game, error) { return nil, nil }
	mustPanic("duplicate", func() { engine.Register(engine.Spec{Name: "tictactoe"}, newGame) })
	mustPanic("empty name", func() { engine.Register(engine.Spec{}, newGame) })
	mustPanic("bad default", func() {
		engine.Register(engine.Spec{Name: "bad-default", Params: []engine.ParamSpec{{Name: "n", Kind: engine.IntParam, Default: "9", Min: 1, Max: 2}}}, newGame)
	})
	mustPanic("max_from names nothing", func() {
		engine.Register(engine.Spec{Name: "bad-bound", Params: []engine.ParamSpec{{Name: "n", Kind: engine.IntParam, Default: "1", Min: 1, Max: 2,
			MaxFrom: &engine.ParamBound{Param: "players"}}}}, newGame)
	})
	mustPanic("default past max_from", func() {
		engine.Register(engine.Spec{Name: "bad-bound-default", Params: []engine.ParamSpec{
			{Name: "players", Kind: engine.IntParam, Default: "2", Min: 2, Max: 4},
			{Name: "first", Kind: engine.IntParam, Default: "3", Min: 0, Max: 3, MaxFrom: &engine.ParamBound{Param: "players", Add: -1}}}}, newGame)
	})
}

func TestParseAction(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	s := g.NewInitialState()
	s.Apply(4) // b2
	cases := []struct {
		text    string
		want    engine.Action
		wantErr error
	}{
		{"a1", 0, nil},
		{"C3", 8, nil},
		{" b1 ", 1, nil},
		{"#2", 2, nil},
		{"7", 7, nil},
		{"b2", 0, engine.ErrUnknownAction},
		{"#4", 0, engine.ErrIllegalAction},
		{"z9", 0, engine.ErrUnknownAction},
	}
	for _, c := range cases {
		got, err := engine.ParseAction(s, c.text)
		if c.wantErr != nil {
			if !errors.Is(err, c.wantErr) {
				t.Errorf("%q: got %v, want %v", c.text, err, c.wantErr)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: got %v, %v; want %v", c.text, got, err, c.want)
		}
	}
}

func TestApplyCheckedAtTheEnd(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	s, err := engine.ReplayActions(g, []engine.Action{0, 3, 1, 4, 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.ApplyChecked(s, 5); !errors.Is(err, engine.ErrTerminal) {
		t.Fatalf("got %v", err)
	}
	if _, err := engine.ParseAction(s, "c2"); !errors.Is(err, engine.ErrTerminal) {
		t.Fatalf("got %v", err)
	}
}

func TestRecords(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	rec := engine.NewRecord(g)
	rec.Actions = []engine.Action{4, 0, 8}
	rec.Seats = []string{"random", "heuristic"}
	var buf bytes.Buffer
	if err := engine.WriteRecords(&buf, rec, rec); err != nil {
		t.Fatal(err)
	}
	recs, err := engine.ReadRecords(&buf)
	if err != nil || len(recs) != 2 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	_, s, err := recs[1].Replay()
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := s.MarshalJSON(); string(data) != `{"board":"O...X...X"}` {
		t.Fatalf("replayed %s", data)
	}
	bad := []struct{ in, want string }{
		{`{"game":"tictactoe","params":{},"actions":[4,4]}`, "action 2 of 2"},
		{`{"game":"chess","params":{},"actions":[]}`, "unknown game"},
		{`{"params":{},"actions":[]}`, "no game name"},
		{`{"game":"tictactoe","actions":[1],"extra":1}`, "unknown field"},
		{`{"game":`, "unexpected EOF"},
	}
	for _, b := range bad {
		recs, err := engine.ReadRecords(strings.NewReader(b.in))
		if err == nil {
			_, _, err = recs[0].Replay()
		}
		if !errors.Is(err, engine.ErrBadRecord) || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: got %v, want ErrBadRecord with %q", b.in, err, b.want)
		}
	}
}

func TestSampleOutcome(t *testing.T) {
	out := []engine.Outcome{{Action: 3, Prob: 0.25}, {Action: 5, Prob: 0.75}}
	for _, c := range []struct {
		u    float64
		want engine.Action
	}{{0, 3}, {0.2499, 3}, {0.25, 5}, {0.9999999, 5}} {
		if got := engine.SampleOutcome(out, c.u); got != c.want {
			t.Errorf("u=%v: got %v, want %v", c.u, got, c.want)
		}
	}
}

func TestPlayerString(t *testing.T) {
	for p, want := range map[engine.Player]string{0: "p0", 3: "p3", engine.Chance: "chance", engine.Terminal: "terminal"} {
		if p.String() != want {
			t.Errorf("%d: %q", p, p.String())
		}
	}
}

func TestParamSpecJSON(t *testing.T) {
	cases := []struct {
		ps   engine.ParamSpec
		want string
	}{
		{engine.ParamSpec{Name: "first", Kind: engine.IntParam, Default: "0", Min: 0, Max: 5},
			`{"name":"first","kind":"int","default":"0","doc":"","min":0,"max":5}`},
		{engine.ParamSpec{Name: "first", Kind: engine.IntParam, Default: "-1", Min: -1, Max: 5, MaxFrom: &engine.ParamBound{Param: "players", Add: -1}},
			`{"name":"first","kind":"int","default":"-1","doc":"","min":-1,"max":5,"max_from":{"param":"players","add":-1}}`},
		{engine.ParamSpec{Name: "rules", Kind: engine.EnumParam, Default: "a", Choices: []string{"a", "b"}},
			`{"name":"rules","kind":"enum","default":"a","doc":"","choices":["a","b"]}`},
		{engine.ParamSpec{Name: "board", Kind: engine.StringParam, Doc: "file"},
			`{"name":"board","kind":"string","default":"","doc":"file"}`},
	}
	for _, c := range cases {
		got, err := json.Marshal(c.ps)
		if err != nil || string(got) != c.want {
			t.Errorf("got %s, %v\nwant %s", got, err, c.want)
		}
	}
}

func TestParamsApartFrom(t *testing.T) {
	spec := engine.Spec{Params: []engine.ParamSpec{
		{Name: "players", Default: "2"},
		{Name: "rules", Default: "basic"},
		{Name: "seed", Default: ""},
	}}
	for _, c := range []struct {
		p    engine.Params
		want string
	}{
		{nil, ""},
		{engine.Params{"players": "2", "rules": "basic"}, ""},
		{engine.Params{"rules": "advanced", "players": "3"}, "players=3,rules=advanced"},
		{engine.Params{"rules": "advanced", "unknown": "x"}, "rules=advanced"},
		{engine.Params{"seed": "7"}, "seed=7"},
	} {
		if got := c.p.ApartFrom(spec); got != c.want {
			t.Errorf("%v.ApartFrom = %q, want %q", c.p, got, c.want)
		}
	}
}
