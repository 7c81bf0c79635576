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

// TestConformance runs the conformance suite over every registered game.
// Each game's own package runs it with more playouts; this run is the
// guarantee that no registered game escapes it.
func TestConformance(t *testing.T) {
	enginetest.RunAll(t, enginetest.Options{Playouts: 5, Seed: 1000})
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
	dirs, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
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
			if strings.Contains(string(src), "engine.Register(") && !imported[d.Name()] {
				t.Errorf("engine/%s registers a game but engine/all does not import it", d.Name())
			}
		}
	}
}

// TestEveryGameIsCovered checks each game's test configurations cover its
// player counts and variants.
func TestEveryGameIsCovered(t *testing.T) {
	for _, spec := range engine.Games() {
		if err := enginetest.CheckCoverage(spec); err != nil {
			t.Error(err)
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
