package all_test

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

var updateObservations = flag.Bool("update", false, "rewrite testdata/observations.golden")

// TestObservationsGolden pins every game's observation layout, test
// configuration by configuration: the digest of every player's observation
// along two random games (enginetest.ObservationDigest). Every built-in
// model reads these layouts; a change to one must be deliberate (-update).
func TestObservationsGolden(t *testing.T) {
	var out strings.Builder
	for _, spec := range engine.Games() {
		for _, cfg := range enginetest.Configs(spec) {
			g, err := engine.Load(spec.Name, cfg)
			if err != nil {
				t.Fatalf("%s %v: %v", spec.Name, cfg, err)
			}
			fmt.Fprintf(&out, "%s %s %s\n", spec.Name, g.Params(), enginetest.ObservationDigest(g, 1, 2))
		}
	}
	enginetest.Golden(t, filepath.Join("testdata", "observations.golden"), []byte(out.String()), *updateObservations)
}
