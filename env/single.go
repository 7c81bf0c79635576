package env

import (
	"fmt"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// SingleStep is the result of SingleAgentEnv.Step: the learner's view only.
type SingleStep struct {
	Obs        Obs     `json:"obs"`
	Reward     float64 `json:"reward"`
	Terminated bool    `json:"terminated"`
	Truncated  bool    `json:"truncated"`
	Info       Info    `json:"info"`
}

// SingleAgentEnv is an environment for one seat; agents play the others.
type SingleAgentEnv struct {
	env  *Env
	seat engine.Player
	opp  []agents.Agent // by seat; nil at the learner's seat
}

// SingleAgent makes a single-agent environment for seat: opponents play the
// other seats in seat order (NumPlayers-1 of them).
func SingleAgent(e *Env, seat engine.Player, opponents ...agents.Agent) (*SingleAgentEnv, error) {
	n := e.NumPlayers()
	if seat < 0 || int(seat) >= n {
		return nil, fmt.Errorf("%w: seat %d of %d", agents.ErrBadSpec, seat, n)
	}
	if len(opponents) != n-1 {
		return nil, fmt.Errorf("%w: %d opponents for %d other seats", agents.ErrBadSpec, len(opponents), n-1)
	}
	opp := make([]agents.Agent, n)
	k := 0
	for p := range opp {
		if engine.Player(p) != seat {
			opp[p] = opponents[k]
			k++
		}
	}
	return &SingleAgentEnv{env: e, seat: seat, opp: opp}, nil
}

// Env is the underlying multi-agent environment.
func (s *SingleAgentEnv) Env() *Env { return s.env }

// Seat is the learner's seat.
func (s *SingleAgentEnv) Seat() engine.Player { return s.seat }

// ObservationSpace is the game's observation space.
func (s *SingleAgentEnv) ObservationSpace() Box { return s.env.ObservationSpace() }

// ActionSpace is the game's action space.
func (s *SingleAgentEnv) ActionSpace() Discrete { return s.env.ActionSpace() }

// Reset starts an episode and lets the opponents play until the learner is
// to act or the game is over.
func (s *SingleAgentEnv) Reset(seed uint64) (Obs, Info, error) {
	if _, _, err := s.env.Reset(seed); err != nil {
		return Obs{}, Info{}, err
	}
	st, err := s.advance(0)
	return st.Obs, st.Info, err
}

// Step plays the learner's action, then the opponents' until the learner is
// to act again or the episode ends. The reward is the learner's.
func (s *SingleAgentEnv) Step(a engine.Action) (SingleStep, error) {
	if !s.env.Done() && s.env.State().CurrentPlayer() != s.seat {
		return SingleStep{}, fmt.Errorf("%w: the learner is not to act", ErrNotReset)
	}
	st, err := s.env.Step(a)
	if err != nil {
		return SingleStep{}, err
	}
	reward := st.Rewards[s.seat]
	if st.Terminated || st.Truncated {
		return s.single(st, reward), nil
	}
	more, err := s.advance(reward)
	return more, err
}

// advance plays opponents until the learner acts or the episode ends.
func (s *SingleAgentEnv) advance(reward float64) (SingleStep, error) {
	for !s.env.Done() && s.env.State().CurrentPlayer() != s.seat {
		p := s.env.State().CurrentPlayer()
		a, err := s.opp[p].Act(s.env.State())
		if err != nil {
			return SingleStep{}, fmt.Errorf("opponent at seat %d: %w", p, err)
		}
		st, err := s.env.Step(a)
		if err != nil {
			return SingleStep{}, fmt.Errorf("opponent at seat %d: %w", p, err)
		}
		reward += st.Rewards[s.seat]
		if st.Terminated || st.Truncated {
			return s.single(st, reward), nil
		}
	}
	obs := s.env.Observe(s.seat)
	return SingleStep{Obs: obs, Reward: reward, Info: s.env.info()}, nil
}

func (s *SingleAgentEnv) single(st Step, reward float64) SingleStep {
	obs := s.env.Observe(s.seat)
	obs.Player = engine.Terminal
	clear(obs.Mask)
	return SingleStep{Obs: obs, Reward: reward, Terminated: st.Terminated, Truncated: st.Truncated, Info: st.Info}
}
