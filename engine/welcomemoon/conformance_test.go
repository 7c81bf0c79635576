package welcomemoon_test

import (
	"testing"

	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/welcomemoon"
)

func TestConformance(t *testing.T) {
	enginetest.RunGame(t, welcomemoon.Name, enginetest.Options{Playouts: 2})
}

func mustGame(t testing.TB, adv, players, astra int) *welcomemoon.Game {
	t.Helper()
	g, err := welcomemoon.New(adv, players, astra)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, mustGame(f, 1, 2, 1)) }

func FuzzActions(f *testing.F) { enginetest.FuzzActions(f, mustGame(f, 1, 3, 1)) }

// Adventure 8 solo has a second sheet (ASTRA's) and turns of ASTRA's own.
func FuzzDecodeStateA8(f *testing.F) { enginetest.FuzzDecodeState(f, mustGame(f, 8, 1, 1)) }

func FuzzActionsA8(f *testing.F) { enginetest.FuzzActions(f, mustGame(f, 8, 3, 1)) }
