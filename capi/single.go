package main

import (
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/env"
)

// singleAgent steps a game for one learner seat, agents playing the
// others, as env.SingleAgentEnv does over env.Env — chance from the
// generator reset seeds, the learner's reward summed over the opponents'
// moves, truncation after maxSteps decisions of any seat — but over aec,
// so that its state can be read, set and copied (the game state, the
// chance generator, the step count) and an opponent's error can name it.
// TestSingleAgentMatchesEnv plays every game through both.
type singleAgent struct {
	g    *aec
	seat engine.Player
	// opp are the agents by seat (nil at the learner's) and names their
	// specs as the user gave them (a Python policy's name for one).
	opp   []agents.Agent
	names []string
	rew   []float64 // every seat's rewards of one step
	// asking is set while a Python policy is asked for a move (see
	// slot.lock).
	asking atomic.Bool
}

func newSingleAgent(g engine.Game, maxSteps int, seat engine.Player) *singleAgent {
	return &singleAgent{g: newAEC(g, maxSteps), seat: seat, rew: make([]float64, g.NumPlayers())}
}

// setOpponents seats opponents (the other seats' agents, in seat order)
// with their names.
func (s *singleAgent) setOpponents(opponents []agents.Agent, names []string) {
	n := s.g.Game().NumPlayers()
	s.opp, s.names = make([]agents.Agent, n), make([]string, n)
	k := 0
	for p := range s.opp {
		if engine.Player(p) != s.seat {
			s.opp[p], s.names[p] = opponents[k], names[k]
			k++
		}
	}
}

// reset starts an episode from seed and lets the opponents play until
// the learner is to act or the episode is over.
func (s *singleAgent) reset(seed uint64) error {
	s.g.Reset(seed)
	_, _, _, err := s.advance(0)
	return err
}

// step plays the learner's action, then the opponents' until the learner
// is to act again or the episode is over; the reward is the learner's. An
// illegal action of the learner, or a step when the episode is over or
// not started, changes nothing.
func (s *singleAgent) step(act engine.Action) (reward float64, terminated, truncated bool, err error) {
	if s.g.State() != nil && !s.g.Done() && s.g.State().CurrentPlayer() != s.seat {
		// Only after an opponent's error (see advance).
		return 0, false, false, errOpponentFailed
	}
	terminated, truncated, err = s.g.Step(act, s.rew)
	if err != nil {
		return 0, false, false, err
	}
	reward = s.rew[s.seat]
	if terminated || truncated {
		return reward, terminated, truncated, nil
	}
	return s.advance(reward)
}

// errOpponentFailed: a step after an opponent's error, which left the
// episode at another seat's turn.
var errOpponentFailed = fmt.Errorf("%w: an opponent failed in this episode (its error was raised): call reset() to start a new one", env.ErrNotReset)

// advance plays the opponents until the learner is to act or the episode
// ends, adding the learner's rewards to reward. An opponent's error (its
// own, or an illegal action) stops there and names the opponent: the
// episode is then at that opponent's turn, and steps refuse until a
// reset.
func (s *singleAgent) advance(reward float64) (float64, bool, bool, error) {
	g := s.g
	for !g.Done() && g.State().CurrentPlayer() != s.seat {
		p := g.State().CurrentPlayer()
		_, python := s.opp[p].(*policyAgent)
		if python {
			s.asking.Store(true)
		}
		a, err := s.opp[p].Act(g.State())
		if python {
			s.asking.Store(false)
		}
		if err != nil {
			return reward, false, false, opponentError{s.names[p], p, err}
		}
		terminated, truncated, err := g.Step(a, s.rew)
		if err != nil {
			return reward, false, false, opponentError{s.names[p], p, err}
		}
		reward += s.rew[s.seat]
		if terminated || truncated {
			return reward, terminated, truncated, nil
		}
	}
	return reward, false, false, nil
}

// opponentError is an opponent's failure in a single-agent environment:
// its own error or an illegal action of its. It matches errPolicy (the
// Python package's PolicyError), so that an illegal action of an opponent
// is never taken for the learner's (which the Gymnasium environments
// count as a forfeit), as well as what err matches.
type opponentError struct {
	name string
	seat engine.Player
	err  error
}

func (e opponentError) Error() string {
	if errors.Is(e.err, errPolicy) { // a Python policy's error names it already
		return e.err.Error()
	}
	return fmt.Sprintf("opponent %s at seat %d: %v", e.name, e.seat, e.err)
}
func (e opponentError) Unwrap() error        { return e.err }
func (e opponentError) Is(target error) bool { return target == errPolicy }

// errAsking: a call on an environment while it asks a Python policy for a
// move (the policy calling back into the environment that asks it, which
// would wait for itself forever).
var errAsking = fmt.Errorf("%w: the environment is in the middle of a step, asking its Python opponent for a move: "+
	"the opponent may not use the environment (its info[\"state\"] has the state), and other threads must wait for the step", errBadArgument)

// lock takes the slot's lock, or refuses while the slot, locked, asks a
// Python policy for a move (errAsking): that policy's own calls into this
// environment would wait forever.
func (s *slot) lock() error {
	if s.mu.TryLock() {
		return nil
	}
	if s.single != nil && s.single.asking.Load() {
		return errAsking
	}
	s.mu.Lock()
	return nil
}
