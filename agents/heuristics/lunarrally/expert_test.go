package lunarrally_test

import (
	"testing"

	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/arena/arenatest"
	"github.com/moongym/moongym/engine"
	lr "github.com/moongym/moongym/engine/lunarrally"
)

// TestExpertBeatsHeuristic: previewing against the guessed programs of the
// other player's rovers wins more than half the games against the
// heuristic, which assumes they stand still (400 varied games, seats
// rotated; docs/rules/lunar-rally.md gives the measurement).
func TestExpertBeatsHeuristic(t *testing.T) {
	g := engine.MustLoad(lr.Name, nil)
	specs := []string{"expert", "heuristic"}
	rep := arenatest.Play(t, arena.Config{Game: g, Agents: specs, Games: 400, Seed: 1, Opening: 6})
	e := rep.Agents[0]
	t.Logf("expert against the heuristic: %.3f [%.3f, %.3f] over %d games", e.WinRate, e.CI95[0], e.CI95[1], e.Games)
	if e.CI95[0] <= 0.5 {
		t.Errorf("expert %.3f [%.3f, %.3f] against the heuristic, want the interval above 0.5", e.WinRate, e.CI95[0], e.CI95[1])
	}
}
