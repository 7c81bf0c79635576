package planetcubes_test

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/planetcubes"
)

// mustGame loads the game with params (nil: defaults).
func mustGame(tb testing.TB, params engine.Params) *planetcubes.Game {
	tb.Helper()
	g, err := planetcubes.NewGame(params)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}
