package main

import (
	"sync"

	"github.com/moongym/moongym/engine"
)

// gameCache shares one engine.Game per configuration among every
// environment and agent of the library: games are immutable and safe to
// share, some agents (planet-cubes' heuristic) only act on states of their
// own game value, and a vector environment need not load its game n times.
var gameCache = struct {
	sync.Mutex
	games map[string]engine.Game
}{games: map[string]engine.Game{}}

// loadGameText is loadGame for parameters as the C API passes them:
// "name=value,..." text.
func loadGameText(name, params string) (engine.Game, error) {
	p, err := engine.ParseParams(params)
	if err != nil {
		return nil, err
	}
	return loadGame(name, p)
}

// loadGame is engine.Load through the cache, keyed by the name and the
// resolved parameters.
func loadGame(name string, params engine.Params) (engine.Game, error) {
	g, err := engine.Load(name, params)
	if err != nil {
		return nil, err
	}
	key := name + "\x00" + g.Params().String()
	gameCache.Lock()
	defer gameCache.Unlock()
	if cached, ok := gameCache.games[key]; ok {
		return cached, nil
	}
	gameCache.games[key] = g
	return g, nil
}
