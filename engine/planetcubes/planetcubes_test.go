package planetcubes_test

import (
	"testing"

	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/planetcubes"
)

func TestConformance(t *testing.T) {
	enginetest.RunGame(t, planetcubes.Name, enginetest.Options{Playouts: 6})
}

func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, mustGame(f, nil)) }

func FuzzActions(f *testing.F) { enginetest.FuzzActions(f, mustGame(f, nil)) }
