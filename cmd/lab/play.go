package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// decider chooses the move of player p in s among legal.
type decider func(s engine.State, p engine.Player, legal []engine.Action) (engine.Action, error)

// playOut plays a game of g to its end and returns its final state: chance
// outcomes drawn from rng, a move with one legal action made without asking
// decide unless decideForced, every other move the one decide returns.
// decide must not keep legal: its buffer is reused.
func playOut(g engine.Game, rng *rand.Rand, decideForced bool, decide decider) (engine.State, error) {
	s := g.NewInitialState()
	var out []engine.Outcome
	var legal []engine.Action
	for !s.IsTerminal() {
		p := s.CurrentPlayer()
		if p == engine.Chance {
			out = s.ChanceOutcomes(out)
			s.Apply(engine.SampleOutcome(out, rng.Float64()))
			continue
		}
		legal = s.LegalActions(legal)
		if len(legal) == 1 && !decideForced {
			s.Apply(legal[0])
			continue
		}
		a, err := decide(s, p, legal)
		if err != nil {
			return nil, err
		}
		s.Apply(a)
	}
	return s, nil
}

// seatMaker makes the agent of seat p in game i.
type seatMaker func(game, seat int) (agents.Agent, error)

// rotated plays games of g (agents.PlayGame) with the agent a makes in seat
// i mod n of game i and those b makes in the other seats, chance drawn from
// rng(i), and hands each final state with a's seat to result.
func rotated(g engine.Game, games int, a, b seatMaker, rng func(game int) *rand.Rand, result func(s engine.State, me int)) error {
	n := g.NumPlayers()
	for i := 0; i < games; i++ {
		me := i % n
		seats := make([]agents.Agent, n)
		for p := range seats {
			mk := b
			if p == me {
				mk = a
			}
			ag, err := mk(i, p)
			if err != nil {
				return fmt.Errorf("game %d, seat %d: %w", i, p, err)
			}
			seats[p] = ag
		}
		_, s, err := agents.PlayGame(g, seats, rng(i))
		if err != nil {
			return fmt.Errorf("game %d: %w", i, err)
		}
		result(s, me)
	}
	return nil
}

// hybrid is an agent that decides with net where useNet says so, with heur
// everywhere else.
type hybrid struct {
	net, heur agents.Agent
	useNet    func(s engine.State) bool
}

// Act asks net or heur.
func (h *hybrid) Act(s engine.State) (engine.Action, error) {
	if h.useNet(s) {
		return h.net.Act(s)
	}
	return h.heur.Act(s)
}

// newNet loads the model file m (or "builtin") as a "net" agent for g,
// seeded 1.
func newNet(g engine.Game, m string) (agents.Agent, error) {
	a, err := agents.New(g, "net:model="+m, 1)
	if err != nil {
		return nil, fmt.Errorf("loading the model: %w", err)
	}
	return a, nil
}
