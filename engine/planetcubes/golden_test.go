package planetcubes_test

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/planetcubes"
)

var update = flag.Bool("update", false, "rewrite the golden files (testdata/ and the board picture in docs/rules)")

// golden compares got with the file, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./engine/planetcubes -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the code makes now; if the change is intended, run go test ./engine/planetcubes -update\ngot:\n%s", path, got)
	}
}

// TestBoardPicture keeps docs/rules/planet-cubes.svg, the picture of the
// embedded board, in step with board.json.
func TestBoardPicture(t *testing.T) {
	golden(t, filepath.Join("..", "..", "docs", "rules", "planet-cubes.svg"), planetcubes.DefaultBoard().SVG(6))
}

// TestGoldenPlaythrough plays seeded random games and compares their
// records and final states with testdata/.
func TestGoldenPlaythrough(t *testing.T) {
	for _, c := range []struct {
		file   string
		params engine.Params
		seed   uint64
	}{
		{"playthrough-2p.golden", engine.Params{"players": "2"}, 1},
		{"playthrough-4p.golden", engine.Params{"players": "4", "goal": "32"}, 2},
	} {
		t.Run(c.file, func(t *testing.T) {
			g := mustGame(t, c.params)
			rng := rand.New(rand.NewPCG(c.seed, 99))
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
				rec.Actions = append(rec.Actions, a)
				s.Apply(a)
			}
			rec.Finish(s)
			var buf bytes.Buffer
			if err := engine.WriteRecords(&buf, rec); err != nil {
				t.Fatal(err)
			}
			buf.WriteString(s.String())
			buf.WriteByte('\n')
			golden(t, filepath.Join("testdata", c.file), buf.Bytes())
			// The record replays to the same final state.
			_, r, err := rec.Replay()
			if err != nil {
				t.Fatal(err)
			}
			if r.String() != s.String() {
				t.Error("the record does not replay to the final state")
			}
		})
	}
}
