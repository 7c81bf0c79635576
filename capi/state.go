package main

import (
	"fmt"

	"github.com/moongym/moongym/engine"
)

// The state of an environment, read, set and copied so that a search in
// Python can branch: mg_env_state_json reads the game state in its JSON
// form (State.MarshalJSON), mg_env_set_state sets one (Game.DecodeState),
// mg_env_copy copies the whole environment.

// setState sets the environment's game state from its JSON form. A
// single-agent environment's opponents then play until the learner is to
// act (their rewards are not reported). The state must be of the
// environment's game configuration (DecodeState checks it against the
// rules: ErrBadState). The environment needs no reset before.
func (s *slot) setState(js []byte) error {
	st, err := s.game.DecodeState(js)
	if err != nil {
		return err
	}
	if p := st.CurrentPlayer(); p >= engine.Player(s.game.NumPlayers()) {
		return fmt.Errorf("%w: the state has seat %d to act, the game %d seats", engine.ErrBadState, p, s.game.NumPlayers())
	}
	if s.multi != nil {
		s.multi.SetState(st)
		s.last = 0
		if p := st.CurrentPlayer(); p >= 0 {
			s.last = p
		}
		return nil
	}
	s.single.g.SetState(st)
	s.last = engine.Player(s.cfg.seat)
	_, _, _, err = s.single.advance(0)
	return err
}

// copySlot is an independent copy of the environment: the same
// configuration, state, chance generator, returns and step count, so that
// the copy and the original given the same actions play the same chance
// outcomes. A single-agent environment's opponents are made afresh in the
// copy from the seed the original's were last made from (an agent's own
// state, such as its random generator or search tree, is not copied).
func (s *slot) copySlot() (*slot, error) {
	c := &slot{cfg: s.cfg, game: s.game, last: s.last}
	if s.multi != nil {
		c.multi = s.multi.clone()
		return c, nil
	}
	c.policies = s.policies
	c.single = newSingleAgent(s.game, s.cfg.maxSteps, engine.Player(s.cfg.seat))
	if err := c.makeOpponents(s.agentSeed); err != nil {
		return nil, err
	}
	c.single.g = s.single.g.clone()
	return c, nil
}
