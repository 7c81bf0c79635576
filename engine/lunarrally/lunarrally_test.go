package lunarrally_test

import (
	"errors"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/lunarrally"
	"github.com/moongym/moongym/internal/testfull"
)

// TestConformance plays 6 random games of every test configuration in the
// exhaustive run (MOONGYM_TEST_FULL=1) and 3 of each configuration of the
// default run's sample (a 4-player game on the red map costs seconds).
func TestConformance(t *testing.T) {
	playouts := 3
	if testfull.On() {
		playouts = 6
	}
	enginetest.RunGame(t, lunarrally.Name, enginetest.Options{Playouts: playouts})
}

func defaultGame() engine.Game { return engine.MustLoad(lunarrally.Name, nil) }

func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, defaultGame()) }

func FuzzActions(f *testing.F) { enginetest.FuzzActions(f, defaultGame()) }

// FuzzParseScenario feeds arbitrary text to the scenario reader: it must
// never panic, and a map it accepts must write back (Map) to a text that
// reads as the same map.
func FuzzParseScenario(f *testing.F) {
	for _, name := range lunarrally.Scenarios {
		data, err := lunarrally.BuiltinScenario(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("S . F\n S . F\nS . F\n S . F\n"))
	f.Add([]byte("S - F\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := lunarrally.ParseScenario("fuzz", data)
		if err != nil {
			if !errors.Is(err, engine.ErrBadParam) {
				t.Fatalf("error %v does not wrap ErrBadParam", err)
			}
			return
		}
		again, err := lunarrally.ParseScenario("again", []byte(b.Map()))
		if err != nil || again.Map() != b.Map() {
			t.Fatalf("an accepted map does not read back: %v\n%s", err, b.Map())
		}
	})
}
