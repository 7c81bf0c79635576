package walkingmoon_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/walkingmoon"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGoldenPlaythroughs plays seeded random games and compares their
// records and final states with testdata/*.golden (go test
// ./engine/walkingmoon -update rewrites them).
func TestGoldenPlaythroughs(t *testing.T) {
	for _, c := range []struct {
		file   string
		params engine.Params
	}{
		{"basic-4p-en", engine.Params{"players": "4", "rules": "basic", "edition": "en"}},
		{"advanced-3p-es", engine.Params{"players": "3", "rules": "advanced", "edition": "es"}},
		{"advanced-2p-en", engine.Params{"players": "2", "rules": "advanced", "edition": "en"}},
	} {
		t.Run(c.file, func(t *testing.T) {
			g := engine.MustLoad(walkingmoon.Name, c.params)
			rec, s := enginetest.RandomRecord(g, 7)
			if !s.IsTerminal() {
				t.Fatalf("the game did not end in %d actions", len(rec.Actions))
			}
			var buf bytes.Buffer
			data, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			buf.Write(data)
			buf.WriteString("\n")
			buf.WriteString(s.String())
			buf.WriteString("\n")
			enginetest.Golden(t, filepath.Join("testdata", c.file+".golden"), buf.Bytes(), *update)
			// the record replays to the same final state
			back, err := engine.ReadRecord(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			_, r, err := back.Replay()
			if err != nil || r.String() != s.String() {
				t.Errorf("replay: %v", err)
			}
		})
	}
}

func benchGame(b *testing.B) engine.Game {
	return engine.MustLoad(walkingmoon.Name, engine.Params{"players": "4", "rules": "advanced", "edition": "es"})
}

// midGame is a state some way into a random game.
func midGame(b *testing.B, g engine.Game) engine.State {
	rec, _ := enginetest.RandomRecord(g, 3)
	s := g.NewInitialState()
	for _, a := range rec.Actions[:len(rec.Actions)/3] {
		s.Apply(a)
	}
	return s
}

// BenchmarkRandomPlayout plays whole random games, one per op.
func BenchmarkRandomPlayout(b *testing.B) {
	enginetest.BenchmarkPlayout(b, benchGame(b))
}

func BenchmarkApply(b *testing.B) {
	g := benchGame(b)
	s := midGame(b, g)
	a := s.LegalActions(nil)[0]
	c := s.Clone()
	// The copy lives on the heap, as states do in play: a stack copy
	// escapes through Apply and would time an allocation.
	c2 := new(walkingmoon.State)
	b.ReportAllocs()
	for b.Loop() {
		*c2 = *(c.(*walkingmoon.State))
		c2.Apply(a)
	}
}

func BenchmarkLegalActions(b *testing.B) {
	g := benchGame(b)
	s := midGame(b, g)
	buf := make([]engine.Action, 0, g.NumActions())
	b.ReportAllocs()
	for b.Loop() {
		buf = s.LegalActions(buf)
	}
}

func BenchmarkObserve(b *testing.B) {
	g := benchGame(b)
	s := midGame(b, g)
	obs := make([]float32, engine.ObservationSize(g))
	b.ReportAllocs()
	for b.Loop() {
		s.Observe(0, obs)
	}
}

func Example() {
	g := engine.MustLoad(walkingmoon.Name, engine.Params{"players": "3"})
	s := g.NewInitialState()
	for _, name := range []string{"card1", "card2", "card3", "card4", "card5", "j1-blue", "j2-blue", "j3-black", "j3-black", "blue2"} {
		a, err := engine.ParseAction(s, name)
		if err != nil {
			fmt.Println(err)
			return
		}
		s.Apply(a)
	}
	for _, a := range s.LegalActions(nil) {
		fmt.Print(s.ActionString(a), " ")
	}
	fmt.Println()
	// Output:
	// blue2
}
