package marchmars_test

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/marchmars"
)

func TestConformance(t *testing.T) {
	enginetest.RunGame(t, marchmars.Name, enginetest.Options{Playouts: 3})
}

func fuzzGame() engine.Game {
	return engine.MustLoad(marchmars.Name, engine.Params{"players": "4", "edition": "es"})
}

func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, fuzzGame()) }

func FuzzActions(f *testing.F) { enginetest.FuzzActions(f, fuzzGame()) }
