package planetcubes_test

import (
	"bytes"
	"flag"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/planetcubes"
)

var update = flag.Bool("update", false, "rewrite the golden files (testdata/ and the board picture in docs/rules)")

// TestBoardPicture keeps docs/rules/planet-cubes.svg, the picture of the
// embedded board, in step with board.json.
func TestBoardPicture(t *testing.T) {
	enginetest.Golden(t, filepath.Join("..", "..", "docs", "rules", "planet-cubes.svg"), planetcubes.DefaultBoard().SVG(6), *update)
}

// TestGoldenPlaythrough plays seeded random games and compares their
// records and final states with testdata/ (regenerate with -update).
func TestGoldenPlaythrough(t *testing.T) {
	for _, c := range []struct {
		file   string
		params engine.Params
		seed   uint64
	}{
		{"playthrough-2p.golden", engine.Params{"players": "2"}, 1},
		{"playthrough-4p.golden", engine.Params{"players": "4", "goal": "32"}, 2},
		{"playthrough-3p-noback.golden", engine.Params{"players": "3", "goal": "24", "backs": "0"}, 3},
	} {
		t.Run(c.file, func(t *testing.T) {
			g := mustGame(t, c.params)
			rec, s := enginetest.RandomRecord(g, c.seed)
			if !s.IsTerminal() {
				t.Fatalf("the game did not end in %d actions", len(rec.Actions))
			}
			var buf bytes.Buffer
			if err := engine.WriteRecords(&buf, rec); err != nil {
				t.Fatal(err)
			}
			buf.WriteString(s.String())
			buf.WriteByte('\n')
			enginetest.Golden(t, filepath.Join("testdata", c.file), buf.Bytes(), *update)
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
