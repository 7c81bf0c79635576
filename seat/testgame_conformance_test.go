package seat

import (
	"testing"

	"github.com/moongym/moongym/engine/enginetest"
)

// TestDiceRaceConforms checks the test game against the engine contract, so
// that the protocol tests that use it test the protocol, not the game.
func TestDiceRaceConforms(t *testing.T) {
	enginetest.RunGame(t, diceRace, enginetest.Options{Playouts: 5})
}
