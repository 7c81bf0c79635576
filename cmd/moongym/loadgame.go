package main

import "github.com/moongym/moongym/engine"

// loadGame loads the named game with the parameters of a --params flag
// ("name=value,...").
func loadGame(name, params string) (engine.Game, error) {
	p, err := engine.ParseParams(params)
	if err != nil {
		return nil, err
	}
	return engine.Load(name, p)
}
