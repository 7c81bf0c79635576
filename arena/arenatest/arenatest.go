// Package arenatest plays tournaments in tests: arena.Run then
// arena.Summarize, the test failing on an error.
package arenatest

import (
	"context"
	"testing"

	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
)

// Play runs cfg's tournament and returns its report, the agents named by
// cfg.Agents (or by the entrants' names when cfg.Entrants is set).
func Play(t testing.TB, cfg arena.Config) *arena.Report {
	t.Helper()
	games, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	names := cfg.Agents
	if cfg.Entrants != nil {
		names = arena.Names(cfg.Entrants)
	}
	rep, err := arena.Summarize(cfg.Game, names, cfg.Seed, games)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// OneAmong plays candidate in one seat and opponent in every other seat of
// g (seats rotated; opponent "" leaves the candidate alone, in every seat),
// games games from seed 1 with opening random decisions, and returns the
// report, the candidate first.
func OneAmong(t testing.TB, g engine.Game, candidate, opponent string, games, opening int) *arena.Report {
	t.Helper()
	return Play(t, OneAmongConfig(g, candidate, opponent, games, opening))
}

// OneAmongConfig is the tournament OneAmong plays, for a caller that sets
// more of it (a Progress callback) before Play.
func OneAmongConfig(g engine.Game, candidate, opponent string, games, opening int) arena.Config {
	specs := make([]string, g.NumPlayers())
	specs[0] = candidate
	for i := 1; i < len(specs); i++ {
		specs[i] = opponent
	}
	return arena.Config{Game: g, Entrants: arena.SpecEntrants(g, specs), Games: games, Seed: 1, Opening: opening}
}
