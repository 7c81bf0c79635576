package marchmars_test

import (
	"bytes"
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

// TestGoldenPlaythroughs plays seeded random games and compares their
// records and final states with testdata/*.golden (go test
// ./engine/marchmars -update rewrites them).
func TestGoldenPlaythroughs(t *testing.T) {
	for _, c := range []struct {
		file   string
		params engine.Params
	}{
		{"4p-en", engine.Params{"players": "4", "edition": "en"}},
		{"2p-es-baby", engine.Params{"players": "2", "edition": "es", "difficulty": "baby"}},
		{"3p-en-exterminator", engine.Params{"players": "3", "edition": "en", "difficulty": "exterminator"}},
		{"4p-es-random-upgrades", engine.Params{"players": "4", "edition": "es", "upgrades": "random"}},
	} {
		t.Run(c.file, func(t *testing.T) {
			g := engine.MustLoad(marchmars.Name, c.params)
			rec, s := enginetest.RandomRecord(g, 7)
			if !s.IsTerminal() {
				t.Fatalf("the game did not end in %d actions", len(rec.Actions))
			}
			data, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			buf.Write(data)
			buf.WriteString("\n")
			buf.WriteString(s.String())
			enginetest.Golden(t, filepath.Join("testdata", c.file+".golden"), buf.Bytes(), *update)
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
