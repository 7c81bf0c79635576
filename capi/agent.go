package main

import (
	"fmt"
	"sync"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// agentObj is an agent for one game configuration, acting on the current
// state of environments of that configuration.
type agentObj struct {
	mu    sync.Mutex
	game  engine.Game
	agent agents.Agent
}

func newAgent(spec, game, params string, seed uint64) (*agentObj, error) {
	p, err := engine.ParseParams(params)
	if err != nil {
		return nil, err
	}
	g, err := loadGame(game, p)
	if err != nil {
		return nil, err
	}
	a, err := agents.New(g, spec, seed)
	if err != nil {
		return nil, agentError(err)
	}
	return &agentObj{game: g, agent: a}, nil
}

// sameConfig checks that the slot plays the agent's game configuration.
func (a *agentObj) sameConfig(s *slot) error {
	if a.game.Spec().Name != s.game.Spec().Name || a.game.Params().String() != s.game.Params().String() {
		return fmt.Errorf("%w: agent is for %s(%s), environment plays %s(%s)", errBadArgument,
			a.game.Spec().Name, a.game.Params(), s.game.Spec().Name, s.game.Params())
	}
	return nil
}

// toAct is a copy of the slot's state for the agent, which must be at a
// seat's decision. The caller holds the slot's lock.
func (a *agentObj) toAct(s *slot) (engine.State, error) {
	if err := a.sameConfig(s); err != nil {
		return nil, err
	}
	if s.current() < 0 {
		return nil, fmt.Errorf("%w: the episode is over", agents.ErrNotToAct)
	}
	st, err := s.started()
	if err != nil {
		return nil, err
	}
	return st.Clone(), nil
}

// policy writes the agent's probabilities of the actions in st (zero for
// the illegal ones) into probs; agents without a policy put 1 on their
// action.
func (a *agentObj) policy(st engine.State, probs []float64) error {
	clear(probs)
	if p, ok := a.agent.(agents.Policier); ok {
		dist, err := p.Policy(st)
		if err != nil {
			return err
		}
		for _, ap := range dist {
			probs[ap.Action] = ap.Prob
		}
		return nil
	}
	act, err := a.agent.Act(st)
	if err != nil {
		return err
	}
	probs[act] = 1
	return nil
}
