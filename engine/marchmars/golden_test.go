package marchmars_test

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/marchmars"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGoldenPlaythroughs plays seeded random games and compares, with
// testdata/*.golden, each game's record, the event log of every action
// (what Events tells), and the final board; the record must replay to that
// board (go test ./engine/marchmars -update rewrites them).
func TestGoldenPlaythroughs(t *testing.T) {
	games := map[string]engine.Params{
		"4p-en":                 {"players": "4", "edition": "en"},
		"2p-es-baby":            {"players": "2", "edition": "es", "difficulty": "baby"},
		"3p-en-exterminator":    {"players": "3", "edition": "en", "difficulty": "exterminator"},
		"4p-es-random-upgrades": {"players": "4", "edition": "es", "upgrades": "random"},
	}
	for file, params := range games {
		g := engine.MustLoad(marchmars.Name, params)
		rec, end := enginetest.RandomRecord(g, 7)
		if !end.IsTerminal() {
			t.Fatalf("%s: the game did not end in %d actions", file, len(rec.Actions))
		}
		line, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		out := append(line, '\n')
		s := g.NewInitialState()
		for _, a := range rec.Actions {
			next := s.Clone()
			next.Apply(a)
			for _, e := range engine.Events(s, a, next) {
				out = append(out, e+"\n"...)
			}
			s = next
		}
		if s.String() != end.String() {
			t.Errorf("%s: replaying the record gives another board", file)
		}
		out = append(out, s.String()...)
		enginetest.Golden(t, filepath.Join("testdata", file+".golden"), out, *update)
	}
}

// BenchmarkRandomPlayout plays a whole random game of 4 marines (chance
// outcomes by their probabilities, decisions uniformly) from a reused state.
func BenchmarkRandomPlayout(b *testing.B) {
	g := engine.MustLoad(marchmars.Name, engine.Params{"players": "4"})
	rng := rand.New(rand.NewPCG(1, 2))
	root := g.NewInitialState()
	s := root.Clone()
	var legal []engine.Action
	var outs []engine.Outcome
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s = root.Clone()
		for !s.IsTerminal() {
			if s.CurrentPlayer() == engine.Chance {
				outs = s.ChanceOutcomes(outs)
				r := rng.Float64()
				k := 0
				for ; k < len(outs)-1 && r >= outs[k].Prob; k++ {
					r -= outs[k].Prob
				}
				s.Apply(outs[k].Action)
				continue
			}
			legal = s.LegalActions(legal)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
}

// BenchmarkObserve observes a choice among a roll's results (4 marines),
// where the action features apply every legal choice to a copy.
func BenchmarkObserve(b *testing.B) {
	g := engine.MustLoad(marchmars.Name, engine.Params{"players": "4"})
	rng := rand.New(rand.NewPCG(3, 4))
	var s engine.State
	for s == nil {
		s = g.NewInitialState()
		for !s.IsTerminal() {
			if k, _ := s.(*marchmars.State).Pending(); k == "choose" && len(s.LegalActions(nil)) >= 6 {
				break
			}
			if s.CurrentPlayer() == engine.Chance {
				s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
				continue
			}
			legal := s.LegalActions(nil)
			s.Apply(legal[rng.IntN(len(legal))])
		}
		if s.IsTerminal() {
			s = nil
		}
	}
	obs := make([]float32, engine.ObservationSize(g))
	b.ReportAllocs()
	for b.Loop() {
		s.Observe(0, obs)
	}
}
