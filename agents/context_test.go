package agents_test

import (
	"context"
	"errors"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// ctxAgent records which of its methods were called.
type ctxAgent struct {
	agents.Random
	calls []string
}

func (a *ctxAgent) Act(s engine.State) (engine.Action, error) {
	a.calls = append(a.calls, "Act")
	return a.Random.Act(s)
}

func (a *ctxAgent) Policy(s engine.State) ([]agents.ActionProb, error) {
	a.calls = append(a.calls, "Policy")
	return a.Random.Policy(s)
}

// ctxAware also has the context methods.
type ctxAware struct{ ctxAgent }

func (a *ctxAware) ActContext(ctx context.Context, s engine.State) (engine.Action, error) {
	a.calls = append(a.calls, "ActContext")
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return a.Random.Act(s)
}

func (a *ctxAware) PolicyContext(ctx context.Context, s engine.State) ([]agents.ActionProb, error) {
	a.calls = append(a.calls, "PolicyContext")
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return a.Random.Policy(s)
}

func TestActAndPolicyContext(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	s := g.NewInitialState()
	live := context.Background()
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name                   string
		mk                     func() (agents.Policier, *[]string)
		liveCalls, doneCalls   []string
		livePolicy, donePolicy []string
	}{
		{"plain", func() (agents.Policier, *[]string) {
			a := &ctxAgent{Random: *agents.NewRandom(1)}
			return a, &a.calls
		}, []string{"Act"}, nil, []string{"Policy"}, nil},
		{"context-aware", func() (agents.Policier, *[]string) {
			a := &ctxAware{ctxAgent{Random: *agents.NewRandom(1)}}
			return a, &a.calls
		}, []string{"ActContext"}, []string{"ActContext"}, []string{"PolicyContext"}, []string{"PolicyContext"}},
	} {
		check := func(what string, calls *[]string, want []string) {
			t.Helper()
			if len(*calls) != len(want) || len(want) > 0 && (*calls)[0] != want[0] {
				t.Errorf("%s %s: called %v, want %v", tc.name, what, *calls, want)
			}
			*calls = nil
		}
		a, calls := tc.mk()
		if act, err := agents.ActContext(live, a, s); err != nil || !engine.IsLegal(s, act) {
			t.Errorf("%s: ActContext %v %v", tc.name, act, err)
		}
		check("ActContext, live context", calls, tc.liveCalls)
		if _, err := agents.ActContext(done, a, s); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: ActContext with a done context: %v, want context.Canceled", tc.name, err)
		}
		check("ActContext, done context", calls, tc.doneCalls)
		if pol, err := agents.PolicyContext(live, a, s); err != nil || len(pol) != 9 {
			t.Errorf("%s: PolicyContext %v %v", tc.name, pol, err)
		}
		check("PolicyContext, live context", calls, tc.livePolicy)
		if _, err := agents.PolicyContext(done, a, s); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: PolicyContext with a done context: %v, want context.Canceled", tc.name, err)
		}
		check("PolicyContext, done context", calls, tc.donePolicy)
	}
}
