package lunarrally_test

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/lunarrally"
)

func TestConformance(t *testing.T) {
	enginetest.RunGame(t, lunarrally.Name, enginetest.Options{Playouts: 6})
}

func defaultGame() engine.Game { return engine.MustLoad(lunarrally.Name, nil) }

func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, defaultGame()) }

func FuzzActions(f *testing.F) { enginetest.FuzzActions(f, defaultGame()) }
