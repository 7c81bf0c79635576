package walkingmoon_test

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/walkingmoon"
)

func TestConformance(t *testing.T) {
	enginetest.RunGame(t, walkingmoon.Name, enginetest.Options{Playouts: 3})
}

func fuzzGame() engine.Game {
	return engine.MustLoad(walkingmoon.Name, engine.Params{"players": "2", "rules": "advanced", "edition": "es"})
}

func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, fuzzGame()) }

func FuzzActions(f *testing.F) { enginetest.FuzzActions(f, fuzzGame()) }
