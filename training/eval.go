package training

import (
	"context"
	"fmt"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

// NetEntrant is the arena entrant that evaluation plays for a network: the
// raw greedy policy with sims 0, else a PUCT az search with sims
// simulations (see SearchEntrant).
func NetEntrant(g engine.Game, name string, net *models.Network, sims int, cpuct float64) arena.Entrant {
	return SearchEntrant(g, name, net, mcts.Config{Sims: sims, CPUCT: cpuct, BatchSize: 8})
}

// SearchEntrant is the arena entrant of a network with the search search
// (PUCT or Gumbel, see Config.EvalSearch), its Seed replaced by each
// game's; search.Sims <= 0 plays the raw greedy policy instead. Every agent
// it makes has its own evaluator over the shared network.
func SearchEntrant(g engine.Game, name string, net *models.Network, search mcts.Config) arena.Entrant {
	return arena.Entrant{Name: name, New: func(seed uint64) (agents.Agent, error) {
		if search.Sims <= 0 {
			return netagent.NewNet(g, net, 0, seed)
		}
		cfg := search
		cfg.Seed = seed
		return netagent.NewAZ(g, net, cfg)
	}}
}

// EvalMatch plays games of candidate against opponent as an arena
// tournament of NumPlayers entrants: the candidate first, the opponent in
// every other place, so that arena.Seating puts the candidate in every
// seat equally often (use a multiple of NumPlayers games) and the opponent
// in all the others. The first opening decisions of every game are random
// (arena.Config.Opening). The result is the candidate's: wins, draws,
// losses and win rate (a draw counts half) with its 95% Wilson interval.
// It depends only on the seed, not on how the games were scheduled.
func EvalMatch(ctx context.Context, g engine.Game, candidate, opponent arena.Entrant, games, opening int, seed uint64) (arena.AgentStats, error) {
	ents := MatchEntrants(g, candidate, opponent)
	res, err := arena.Run(ctx, arena.Config{Game: g, Entrants: ents, Games: games, Seed: seed, Opening: opening})
	if err != nil {
		return arena.AgentStats{}, fmt.Errorf("evaluation %s vs %s: %w", candidate.Name, opponent.Name, err)
	}
	rep, err := arena.Summarize(g, arena.Names(ents), seed, res)
	if err != nil {
		return arena.AgentStats{}, err
	}
	return rep.Agents[0], nil
}

// MatchEntrants are the arena entrants of a match of candidate against
// opponent as EvalMatch plays it: NumPlayers entrants, the candidate first
// and the opponent in every other place.
func MatchEntrants(g engine.Game, candidate, opponent arena.Entrant) []arena.Entrant {
	ents := make([]arena.Entrant, g.NumPlayers())
	ents[0] = candidate
	for i := 1; i < len(ents); i++ {
		ents[i] = opponent
	}
	return ents
}
