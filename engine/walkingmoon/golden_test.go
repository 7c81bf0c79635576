package walkingmoon_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/walkingmoon"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// randomRecord plays a seeded game with uniform random decisions.
func randomRecord(g engine.Game, seed uint64) (*engine.Record, engine.State) {
	rng := rand.New(rand.NewPCG(seed, 99))
	rec := engine.NewRecord(g)
	s := g.NewInitialState()
	for !s.IsTerminal() {
		var a engine.Action
		if s.CurrentPlayer() == engine.Chance {
			a = engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64())
		} else {
			legal := s.LegalActions(nil)
			a = legal[rng.IntN(len(legal))]
		}
		s.Apply(a)
		rec.Actions = append(rec.Actions, a)
	}
	rec.Finish(s)
	return rec, s
}

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
			rec, s := randomRecord(g, 7)
			var buf bytes.Buffer
			data, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			buf.Write(data)
			buf.WriteString("\n")
			buf.WriteString(s.String())
			buf.WriteString("\n")
			path := filepath.Join("testdata", c.file+".golden")
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("playthrough differs from %s (run go test -update if the change is intended)", path)
			}
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
	rec, _ := randomRecord(g, 3)
	s := g.NewInitialState()
	for _, a := range rec.Actions[:len(rec.Actions)/3] {
		s.Apply(a)
	}
	return s
}

func BenchmarkRandomPlayout(b *testing.B) {
	g := benchGame(b)
	legal := make([]engine.Action, 0, g.NumActions())
	outs := make([]engine.Outcome, 0, g.MaxChanceOutcomes())
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		s := g.NewInitialState()
		for !s.IsTerminal() {
			if s.CurrentPlayer() == engine.Chance {
				outs = s.ChanceOutcomes(outs)
				s.Apply(engine.SampleOutcome(outs, rng.Float64()))
				continue
			}
			legal = s.LegalActions(legal)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
}

func BenchmarkApply(b *testing.B) {
	g := benchGame(b)
	s := midGame(b, g)
	a := s.LegalActions(nil)[0]
	c := s.Clone()
	b.ReportAllocs()
	for b.Loop() {
		c2 := *(c.(*walkingmoon.State))
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
