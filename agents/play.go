package agents

import (
	"fmt"
	"math/rand/v2"

	"github.com/moongym/moongym/engine"
)

// PlayGame plays one game of g with seats[i] playing seat i, chance
// outcomes drawn from rng. It returns the record of the game (with returns
// and scores) and the final state. An agent error or an illegal action
// stops the game with an error that names the seat.
func PlayGame(g engine.Game, seats []Agent, rng *rand.Rand) (*engine.Record, engine.State, error) {
	if len(seats) != g.NumPlayers() {
		return nil, nil, fmt.Errorf("%w: %d agents for %d seats", ErrBadSpec, len(seats), g.NumPlayers())
	}
	rec := engine.NewRecord(g)
	s := g.NewInitialState()
	var outcomes []engine.Outcome
	for !s.IsTerminal() {
		if len(rec.Actions) > g.MaxGameLength() {
			return rec, s, fmt.Errorf("game exceeded MaxGameLength %d", g.MaxGameLength())
		}
		p := s.CurrentPlayer()
		var a engine.Action
		if p == engine.Chance {
			outcomes = s.ChanceOutcomes(outcomes)
			a = engine.SampleOutcome(outcomes, rng.Float64())
			s.Apply(a)
		} else {
			var err error
			a, err = seats[p].Act(s)
			if err != nil {
				return rec, s, fmt.Errorf("seat %d: %w", p, err)
			}
			if err := engine.ApplyChecked(s, a); err != nil {
				return rec, s, fmt.Errorf("seat %d: %w", p, err)
			}
		}
		rec.Actions = append(rec.Actions, a)
	}
	rec.Finish(s)
	return rec, s, nil
}
