package agents

import (
	"errors"

	"github.com/moongym/moongym/engine"
)

// Agent chooses actions for the player to move.
type Agent interface {
	// Act picks a legal action for s.CurrentPlayer(), which is a seat (not
	// Chance, not Terminal). Agents are not safe for concurrent use.
	Act(s engine.State) (engine.Action, error)
}

// ActionProb is the probability of one action in a policy.
type ActionProb struct {
	Action engine.Action `json:"action"`
	Prob   float64       `json:"prob"`
}

// Policier is an agent that can also say how likely it is to pick each
// legal action, for analysis and serving.
type Policier interface {
	Agent
	// Policy is a distribution over s's legal actions, sorted by action.
	Policy(s engine.State) ([]ActionProb, error)
}

// Sentinel errors of this package.
var (
	// ErrUnknownAgent: no agent is registered under the name.
	ErrUnknownAgent = errors.New("unknown agent")
	// ErrBadSpec: an agent spec is malformed or has a bad option.
	ErrBadSpec = errors.New("bad agent spec")
	// ErrNotToAct: the agent was asked to act where no seat acts.
	ErrNotToAct = errors.New("no seat to act")
	// ErrNoHeuristic: the game has no registered heuristic.
	ErrNoHeuristic = errors.New("no heuristic for this game")
)

// PolicyOver is the distribution dense (one entry per action of the game)
// restricted to s's legal actions, sorted by action: the form of
// Policier.Policy for agents that compute priors or visit counts.
func PolicyOver(s engine.State, dense []float32) []ActionProb {
	legal := s.LegalActions(nil)
	out := make([]ActionProb, len(legal))
	for i, a := range legal {
		out[i] = ActionProb{Action: a, Prob: float64(dense[a])}
	}
	return out
}
