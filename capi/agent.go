package main

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

// agentObj is an agent for one game configuration, acting on the current
// state of environments of that configuration.
type agentObj struct {
	mu    sync.Mutex
	game  engine.Game
	spec  string
	agent agents.Agent
	// The last decision of an agent without a policy of its own (see
	// decide): the state it was made in, the action, and whether act has
	// not played it yet (it came from policy).
	decided  engine.State
	decision engine.Action
	unplayed bool
}

func newAgent(spec, game, params string, seed uint64) (*agentObj, error) {
	g, err := loadGameText(game, params)
	if err != nil {
		return nil, err
	}
	a, err := agents.New(g, spec, seed)
	if err != nil {
		return nil, agentError(err)
	}
	return &agentObj{game: g, spec: spec, agent: a}, nil
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

// act is the agent's action in st. For an agent without a policy of its
// own, a decision that policy made in the same state and act has not
// played yet is played (see decide).
func (a *agentObj) act(st engine.State) (engine.Action, error) {
	if _, ok := a.agent.(agents.Policier); ok {
		return a.agent.Act(st)
	}
	if a.unplayed && sameState(a.decided, st) {
		a.unplayed = false
		return a.decision, nil
	}
	act, err := a.agent.Act(st)
	if err != nil {
		return 0, err
	}
	a.decided, a.decision, a.unplayed = st, act, false
	return act, nil
}

// decide is the decision of an agent without a policy of its own in st,
// made once per state: the one its last act or policy made if that was
// in the same state, else a new one (its Act), kept for the next act. So
// policy (1 on that decision) agrees with act whichever is asked first,
// even for agents that break ties at random (the heuristics), while act
// alone asked twice in one state decides twice, as the agent does.
func (a *agentObj) decide(st engine.State) (engine.Action, error) {
	if a.decided != nil && sameState(a.decided, st) {
		return a.decision, nil
	}
	act, err := a.agent.Act(st)
	if err != nil {
		return 0, err
	}
	a.decided, a.decision, a.unplayed = st, act, true
	return act, nil
}

// sameState reports whether two states are equal: the same JSON form
// (which holds the whole state, hidden information included).
func sameState(x, y engine.State) bool {
	if x == nil || y == nil {
		return false
	}
	bx, err1 := x.MarshalJSON()
	by, err2 := y.MarshalJSON()
	return err1 == nil && err2 == nil && bytes.Equal(bx, by)
}

// policy writes the agent's probabilities of the actions in st (zero for
// the illegal ones) into probs; agents without a policy put 1 on their
// decision (decide), the action act plays in st.
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
	act, err := a.decide(st)
	if err != nil {
		return err
	}
	probs[act] = 1
	return nil
}

// valuer is an agent with a value function (net: the network's values).
type valuer interface {
	Values(s engine.State) ([]float32, error)
}

// searcher is a search agent (mcts, az).
type searcher interface {
	Search() *mcts.Search
}

// errNoValue: value asked of an agent without one.
var errNoValue = fmt.Errorf("%w: no value function", errBadAgent)

// value writes the agent's value of st for every seat, in seat order and
// the game's utility range: the network's for net, the root's mean value
// after a search from st for az and mcts (a search of the agent's
// simulations; its tree stays as after a policy). Other agents have none:
// an error wrapping errNoValue.
func (a *agentObj) value(st engine.State, dst []float64) error {
	switch ag := a.agent.(type) {
	case valuer:
		v, err := ag.Values(st)
		if err != nil {
			return err
		}
		for i, x := range v {
			dst[i] = float64(x)
		}
		return nil
	case searcher:
		r, err := ag.Search().Run(st)
		if err != nil {
			return err
		}
		copy(dst, r.Values)
		return nil
	}
	return fmt.Errorf("%w: the agent %q has none (values come from net, az and mcts agents)", errNoValue, a.spec)
}
