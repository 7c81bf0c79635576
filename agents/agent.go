package agents

import (
	"context"
	"errors"
	"fmt"

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

// ContextActor is an agent whose Act can be stopped: ActContext is Act
// that gives up, with an error wrapping ctx.Err(), soon after ctx is done
// (a search checks it between simulations). Agents whose Act is always
// quick need not implement it; use the ActContext function, which takes
// any agent.
type ContextActor interface {
	ActContext(ctx context.Context, s engine.State) (engine.Action, error)
}

// ContextPolicier is a Policier whose Policy can be stopped, as
// ContextActor's ActContext.
type ContextPolicier interface {
	PolicyContext(ctx context.Context, s engine.State) ([]ActionProb, error)
}

// ActContext asks a for its move in s under ctx: through a.ActContext when
// a is a ContextActor, otherwise by Act once ctx.Err() is nil (an agent
// without ActContext cannot be stopped once it started, so it must be
// quick). A done ctx gives an error wrapping ctx.Err().
func ActContext(ctx context.Context, a Agent, s engine.State) (engine.Action, error) {
	if ca, ok := a.(ContextActor); ok {
		return ca.ActContext(ctx, s)
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("agent not asked to act: %w", err)
	}
	return a.Act(s)
}

// PolicyContext asks p for its policy in s under ctx, as ActContext does
// for a move: through p.PolicyContext when p is a ContextPolicier,
// otherwise by Policy once ctx.Err() is nil.
func PolicyContext(ctx context.Context, p Policier, s engine.State) ([]ActionProb, error) {
	if cp, ok := p.(ContextPolicier); ok {
		return cp.PolicyContext(ctx, s)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("agent not asked for its policy: %w", err)
	}
	return p.Policy(s)
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
