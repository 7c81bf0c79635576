package all_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	"github.com/moongym/moongym/engine/enginetest"
)

// TestConformance runs the conformance suite over every registered game:
// the guarantee that no registered game escapes it. Each game's own package
// runs it too (TestEveryGameRunsTheSuite), with more playouts, over the
// sample of its configurations taken from the start of its list in the
// default run and over every configuration in the exhaustive run
// (MOONGYM_TEST_FULL=1); this run plays, in both, one random game of each
// configuration of the sample taken from the end of the list, so that the
// default run plays other configurations here than there where the list
// allows, and the exhaustive run plays each game's every configuration
// once, in its own package, rather than twice.
func TestConformance(t *testing.T) {
	enginetest.RunAll(t, enginetest.Options{Playouts: 1, Seed: 1000, FromEnd: true, AlwaysSample: true})
}

// TestEveryGameRunsTheSuite fails when a package under engine/ registers a
// game but its tests do not run enginetest.RunGame on it: the exhaustive
// run of the suite over every configuration is there, not here.
func TestEveryGameRunsTheSuite(t *testing.T) {
	for _, dir := range gameDirs(t) {
		tests, _ := filepath.Glob(filepath.Join("..", dir, "*_test.go"))
		runs := false
		for _, file := range tests {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			runs = runs || strings.Contains(string(src), "enginetest.RunGame(")
		}
		if !runs {
			t.Errorf("engine/%s registers a game but its tests do not call enginetest.RunGame", dir)
		}
	}
}

// TestEveryGameIsImported fails when a package under engine/ registers a
// game but all.go does not import it, so no game can escape the suite.
func TestEveryGameIsImported(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "all.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	imported := map[string]bool{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		imported[filepath.Base(p)] = true
	}
	for _, dir := range gameDirs(t) {
		if !imported[dir] {
			t.Errorf("engine/%s registers a game but engine/all does not import it", dir)
		}
	}
}

// gameDirs are the folders under engine/ whose package (not its tests)
// calls engine.Register.
func gameDirs(t *testing.T) []string {
	t.Helper()
	dirs, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		files, _ := filepath.Glob(filepath.Join("..", d.Name(), "*.go"))
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(src), "engine.Register(") {
				out = append(out, d.Name())
				break
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no package under engine/ registers a game: is the test run from engine/all?")
	}
	return out
}

// TestEveryGameIsCovered checks each game's test configurations cover its
// player counts and variants, and so do both samples of them that the
// default run plays (enginetest.SampleConfigs).
func TestEveryGameIsCovered(t *testing.T) {
	for _, spec := range engine.Games() {
		if err := enginetest.CheckCoverage(spec); err != nil {
			t.Error(err)
			continue
		}
		for _, fromEnd := range []bool{false, true} {
			if err := enginetest.CheckCoverageOf(spec, enginetest.SampleConfigs(spec, fromEnd)); err != nil {
				t.Errorf("the sample (from the end: %v): %v", fromEnd, err)
			}
		}
	}
}

// FuzzDecodeState feeds bytes to every registered game's DecodeState; the
// first byte picks the game.
func FuzzDecodeState(f *testing.F) {
	games := loadAll(f)
	f.Add(byte(0), []byte(`{}`))
	for i, g := range games {
		s := g.NewInitialState()
		if data, err := s.MarshalJSON(); err == nil {
			f.Add(byte(i), data)
		}
	}
	f.Fuzz(func(t *testing.T, which byte, data []byte) {
		enginetest.CheckDecoded(t, games[int(which)%len(games)], data)
	})
}

// FuzzActions plays byte-chosen action sequences in every registered game
// and configuration, checking every state; the first byte picks the game.
// Its seed corpus (one sequence per game) runs with go test.
func FuzzActions(f *testing.F) {
	games := loadAll(f)
	for i := range games {
		f.Add(byte(i), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 255, 3, 200, 17, 9})
	}
	f.Fuzz(func(t *testing.T, which byte, data []byte) {
		enginetest.CheckActions(t, games[int(which)%len(games)], data)
	})
}

func loadAll(f *testing.F) []engine.Game {
	var games []engine.Game
	for _, spec := range engine.Games() {
		for _, cfg := range enginetest.Configs(spec) {
			g, err := engine.Load(spec.Name, cfg)
			if err != nil {
				f.Fatal(err)
			}
			games = append(games, g)
		}
	}
	return games
}
