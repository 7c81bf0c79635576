// Package all registers every moongym game, every kind of agent and every
// game's heuristic: import it for its side effect.
package all

import (
	_ "github.com/moongym/moongym/agents/heuristics/lunarrally"
	_ "github.com/moongym/moongym/agents/heuristics/marchmars"
	_ "github.com/moongym/moongym/agents/heuristics/planetcubes"
	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
	_ "github.com/moongym/moongym/agents/heuristics/walkingmoon"
	_ "github.com/moongym/moongym/agents/heuristics/welcomemoon"
	_ "github.com/moongym/moongym/agents/mctsagent"
	_ "github.com/moongym/moongym/agents/netagent"
	_ "github.com/moongym/moongym/engine/all"
)
