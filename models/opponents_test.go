package models

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/planetcubes"
	"github.com/moongym/moongym/engine/tictactoe"
)

// fakeModel encodes a small fresh model of game name with params.
func fakeModel(t *testing.T, name string, params engine.Params, seed uint64) []byte {
	t.Helper()
	var g engine.Game = tictactoe.Game{}
	if name != "tictactoe" {
		var err error
		if g, err = engine.Load(name, params); err != nil {
			t.Fatal(err)
		}
	}
	m, err := NewModel(g, Arch{Kind: KindMLP, Width: 4, Depth: 0, ValueHidden: 2}, seed)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := m.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestBuiltinFileNames(t *testing.T) {
	for _, tc := range []struct {
		file, game string
		valid, of  bool
	}{
		{"planet-cubes.safetensors", "planet-cubes", true, true},
		{"planet-cubes-p4.safetensors", "planet-cubes", true, true},
		{"planet-cubes-all-counts.safetensors", "planet-cubes", true, true},
		{"planet-cubes.safetensors", "planet", true, true}, // label "cubes": the metadata decides
		{"planet-cubes-p4.safetensors", "planet-cubes-p4", true, true},
		{"planet-cubesx.safetensors", "planet-cubes", true, false},
		{"planet-cubes-.safetensors", "planet-cubes", true, false},
		{"tictactoe.safetensors", "tictactoe", true, true},
		{"README.md", "README", false, false},
		{".hidden.safetensors", "", false, false},
		{"_x.safetensors", "_x", false, false},
		{"-x.safetensors", "", false, false},
		{".safetensors", "", false, false},
		{"a.b.safetensors", "a", false, false},
		{"a_b.safetensors", "a", false, false},
		{"a b.safetensors", "a", false, false},
	} {
		if got := builtinName(tc.file); got != tc.valid {
			t.Errorf("builtinName(%q) = %v", tc.file, got)
		}
		if got := builtinFileOf(tc.file, tc.game); got != tc.of {
			t.Errorf("builtinFileOf(%q, %q) = %v", tc.file, tc.game, got)
		}
	}
}

// TestLoadBuiltinPicksConfiguration: of a game's files, the one whose
// stored parameters fit the loaded game is taken, whatever its label;
// files named for another game are not looked at; a configuration without
// a file is an error that lists those of the game's files.
func TestLoadBuiltinPicksConfiguration(t *testing.T) {
	p2 := fakeModel(t, "planet-cubes", nil, 1)
	p4 := fakeModel(t, "planet-cubes", engine.Params{"players": "4"}, 2)
	p3 := fakeModel(t, "planet-cubes", engine.Params{"players": "3"}, 3)
	fsys := fstest.MapFS{
		"d/planet-cubes.safetensors":    {Data: p2},
		"d/planet-cubes-p4.safetensors": {Data: p4},
		"d/planet-cubes-x.safetensors":  {Data: p3},
		"d/planet.safetensors":          {Data: p2}, // misnamed: the metadata says planet-cubes
		"d/planet-cubesx.safetensors":   {Data: p4}, // misnamed: not a planet-cubes name
		"d/tictactoe.safetensors":       {Data: fakeModel(t, "tictactoe", nil, 4)},
		"d/README.md":                   {Data: []byte("# models")},
		"d/a.b.safetensors":             {Data: p2}, // not a built-in name
	}
	if got, want := strings.Join(builtinGamesIn(fsys, "d"), ","), "planet-cubes,tictactoe"; got != want {
		t.Errorf("games %s, want %s", got, want)
	}
	for _, tc := range []struct {
		players string
		want    []byte
	}{{"2", p2}, {"3", p3}, {"4", p4}} {
		g, err := engine.Load("planet-cubes", engine.Params{"players": tc.players})
		if err != nil {
			t.Fatal(err)
		}
		m, err := loadBuiltinFrom(fsys, "d", g)
		if err != nil {
			t.Fatalf("players=%s: %v", tc.players, err)
		}
		want, _ := Decode(tc.want)
		if !m.Net.Equal(want.Net) || m.Check(g) != nil {
			t.Errorf("players=%s: loaded another configuration's model (%s)", tc.players, m.Params)
		}
	}
	g5, err := engine.Load("planet-cubes", engine.Params{"players": "5"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = loadBuiltinFrom(fsys, "d", g5)
	if !errors.Is(err, ErrWrongGame) {
		t.Fatalf("players=5: %v, want ErrWrongGame", err)
	}
	for _, want := range []string{"players=5", "planet-cubes.safetensors (planet-cubes: ", "planet-cubes-p4.safetensors (planet-cubes: ", "players=4", "players=3", "planet-cubes-x.safetensors"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	ms, err := builtinModelsIn(fsys, "d")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, m := range ms {
		files = append(files, m.File+"="+m.Game)
	}
	if got, want := strings.Join(files, " "), "planet-cubes-p4.safetensors=planet-cubes planet-cubes-x.safetensors=planet-cubes planet-cubes.safetensors=planet-cubes planet-cubesx.safetensors=planet-cubes planet.safetensors=planet-cubes tictactoe.safetensors=tictactoe"; got != want {
		t.Errorf("models %s\nwant %s", got, want)
	}
	// A game without a file lists the games that have one; a broken file
	// is reported.
	if _, err := loadBuiltinFrom(fsys, "d", otherGame{}); !errors.Is(err, ErrWrongGame) || !strings.Contains(err.Error(), "built-in: planet-cubes, tictactoe") {
		t.Errorf("game without a model: %v", err)
	}
	broken := fstest.MapFS{"d/tictactoe.safetensors": {Data: []byte("garbage")}}
	if _, err := loadBuiltinFrom(broken, "d", tictactoe.Game{}); !errors.Is(err, ErrBadModel) || !errors.Is(err, ErrWrongGame) {
		t.Errorf("broken file: %v", err)
	}
}

type otherGame struct{ tictactoe.Game }

func (otherGame) Spec() engine.Spec {
	s := tictactoe.Game{}.Spec()
	s.Name = "other"
	return s
}

// TestEmbeddedBuiltins: every embedded file follows the name rule, decodes,
// is for the game its name says, and LoadBuiltin finds it for its own
// configuration; no two files share a configuration.
func TestEmbeddedBuiltins(t *testing.T) {
	ms, err := BuiltinModels()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 2 {
		t.Fatalf("only %d built-in models", len(ms))
	}
	seen := map[string]string{}
	for _, m := range ms {
		if !builtinFileOf(m.File, m.Game) {
			t.Errorf("%s holds a model of %s: name it %s%s or %s-LABEL%s", m.File, m.Game, m.Game, BuiltinExt, m.Game, BuiltinExt)
		}
		key := m.Game + " " + m.Params.String()
		if f, dup := seen[key]; dup {
			t.Errorf("%s and %s are both for %s", f, m.File, key)
		}
		seen[key] = m.File
		g, err := engine.Load(m.Game, m.Params)
		if errors.Is(err, engine.ErrUnknownGame) {
			t.Logf("%s: game %s is not linked into this test", m.File, m.Game)
			continue
		} else if err != nil {
			t.Fatalf("%s: %v", m.File, err)
		}
		got, err := LoadBuiltin(g)
		if err != nil {
			t.Fatalf("%s: %v", m.File, err)
		}
		want, err := readBuiltin(opponents, opponentsDir, m.File)
		if err != nil || !got.Net.Equal(want.Net) {
			t.Errorf("LoadBuiltin(%s with %s) did not load %s (%v)", m.Game, m.Params, m.File, err)
		}
	}
	entries, _ := opponents.ReadDir(opponentsDir)
	for _, e := range entries {
		if !builtinName(e.Name()) && strings.HasSuffix(e.Name(), BuiltinExt) {
			t.Errorf("%s does not follow the name rule GAME[-LABEL]%s (letters, digits and -)", e.Name(), BuiltinExt)
		}
	}
}

// TestLoadBuiltinCovers: a file covering further configurations is loaded
// for them as for its own, BuiltinModels lists each of them (marked
// Covered), a configuration it does not cover is an error listing every
// configuration of every file, and strength.json is read when present.
func TestLoadBuiltinCovers(t *testing.T) {
	g, err := engine.Load("walking-moon", engine.Params{"players": "2", "rules": "advanced"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewModel(g, Arch{Kind: KindMLP, Width: 4, Depth: 0, ValueHidden: 2}, 1)
	if err != nil {
		t.Fatal(err)
	}
	basic, err := engine.Load("walking-moon", engine.Params{"players": "2", "rules": "basic"})
	if err != nil {
		t.Fatal(err)
	}
	m.Covers = []engine.Params{basic.Params()}
	m.Dtype = DtypeQ8
	var buf bytes.Buffer
	if err := m.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{
		"d/walking-moon-advanced.safetensors": {Data: buf.Bytes()},
		"d/" + StrengthFile:                   {Data: []byte(`[{"file":"walking-moon-advanced.safetensors","params":"x","measure":"duel","summary":"s","holds":true,"games":400}]`)},
	}
	for _, game := range []engine.Game{g, basic} {
		got, err := loadBuiltinFrom(fsys, "d", game)
		if err != nil || got.Dtype != DtypeQ8 {
			t.Fatalf("%s: %v", game.Params(), err)
		}
	}
	ms, err := builtinModelsIn(fsys, "d")
	if err != nil || len(ms) != 2 || ms[0].Covered || !ms[1].Covered || ms[1].Params.String() != basic.Params().String() {
		t.Fatalf("BuiltinModels %+v, %v", ms, err)
	}
	p3, err := engine.Load("walking-moon", engine.Params{"players": "2", "rules": "basic", "edition": "es"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = loadBuiltinFrom(fsys, "d", p3)
	if !errors.Is(err, ErrWrongGame) || !strings.Contains(err.Error(), "rules=advanced; ") || !strings.Contains(err.Error(), "rules=basic)") {
		t.Errorf("an uncovered configuration: %v, want ErrWrongGame listing both configurations", err)
	}
	ss, err := strengthsIn(fsys, "d")
	if err != nil || len(ss) != 1 || !ss[0].Holds || ss[0].Games != 400 {
		t.Errorf("strengths %+v, %v", ss, err)
	}
	if ss, err := strengthsIn(fstest.MapFS{}, "d"); err != nil || ss != nil {
		t.Errorf("no strength file: %v, %v", ss, err)
	}
	if _, err := strengthsIn(fstest.MapFS{"d/" + StrengthFile: {Data: []byte("{")}}, "d"); err == nil {
		t.Error("a broken strength file reads")
	}
}
