package seat

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// BestResponse is an agent's move in a position and its policy.
type BestResponse struct {
	// Action is the move the agent chose, Name its name.
	Action engine.Action `json:"action"`
	Name   string        `json:"name"`
	// Player is the seat to move in the position.
	Player int `json:"player"`
	// Agent is the agent spec used (with the request's sims applied).
	Agent string `json:"agent"`
	// Policy is a distribution over the legal actions, sorted by action.
	Policy []PolicyEntry `json:"policy"`
	// PolicyKind is "agent" when the agent gives a policy
	// (agents.Policier), else "one-hot": probability 1 on Action.
	PolicyKind string `json:"policy_kind"`
}

// PolicyEntry is one action's probability in a policy.
type PolicyEntry struct {
	Action engine.Action `json:"action"`
	Name   string        `json:"name"`
	Prob   float64       `json:"prob"`
}

// Best asks an agent for its move in the request's position and, when the
// agent is an agents.Policier, for its policy (a second call, so a search
// agent spends its budget twice). Nothing is kept.
func (sv *Service) Best(ctx context.Context, r BestRequest) (BestResponse, error) {
	if err := r.check(); err != nil {
		return BestResponse{}, err
	}
	spec := strings.TrimSpace(r.Agent)
	if r.Sims > 0 {
		var err error
		if spec, err = withSims(spec, r.Sims); err != nil {
			return BestResponse{}, err
		}
	}
	if err := sv.limits.CheckAgent(spec); err != nil {
		return BestResponse{}, err
	}
	if err := sv.limits.CheckFiles(spec); err != nil {
		return BestResponse{}, err
	}
	ctx, cancel := sv.withTimeout(ctx)
	defer cancel()
	return bounded(ctx, sv.log, func(func() bool) (BestResponse, error) {
		run := sv.searchRun()
		defer run.done()
		g, st, err := sv.position(r)
		if err != nil {
			return BestResponse{}, err
		}
		if err := agents.CheckToAct(st); err != nil {
			return BestResponse{}, err
		}
		served, err := sv.limits.served(spec)
		if err != nil {
			return BestResponse{}, err
		}
		ag, err := agents.New(g, served, r.Seed)
		if err != nil {
			return BestResponse{}, agentErr(err)
		}
		if err := run.acquire(ctx); err != nil {
			return BestResponse{}, err
		}
		a, err := agents.ActContext(ctx, ag, st.Clone())
		if ctx.Err() != nil {
			return BestResponse{}, fmt.Errorf("%w: %v", ErrTimeout, context.Cause(ctx))
		}
		if err != nil {
			return BestResponse{}, fmt.Errorf("%w: %s: %w", ErrAgent, spec, err)
		}
		if !engine.IsLegal(st, a) {
			return BestResponse{}, fmt.Errorf("%w: %s chose %d, which is not legal", ErrAgent, spec, a)
		}
		resp := BestResponse{Action: a, Name: st.ActionString(a), Player: int(st.CurrentPlayer()), Agent: spec, PolicyKind: "one-hot"}
		pol, ok := ag.(agents.Policier)
		if !ok {
			resp.Policy = []PolicyEntry{{a, resp.Name, 1}}
			return resp, nil
		}
		probs, err := agents.PolicyContext(ctx, pol, st.Clone())
		if ctx.Err() != nil {
			return BestResponse{}, fmt.Errorf("%w: %v", ErrTimeout, context.Cause(ctx))
		}
		if err != nil {
			return BestResponse{}, fmt.Errorf("%w: %s policy: %w", ErrAgent, spec, err)
		}
		resp.PolicyKind = "agent"
		resp.Policy = make([]PolicyEntry, 0, len(probs))
		for _, p := range probs {
			if !engine.IsLegal(st, p.Action) {
				return BestResponse{}, fmt.Errorf("%w: %s policy gives %d, which is not legal", ErrAgent, spec, p.Action)
			}
			resp.Policy = append(resp.Policy, PolicyEntry{p.Action, st.ActionString(p.Action), p.Prob})
		}
		slices.SortFunc(resp.Policy, func(x, y PolicyEntry) int { return int(x.Action) - int(y.Action) })
		return resp, nil
	})
}

// position decodes the request's state or replays its record.
func (sv *Service) position(r BestRequest) (engine.Game, engine.State, error) {
	if r.Record != nil {
		rec := engine.Record{Game: r.Record.Game, Params: engine.Params(r.Record.Params), Actions: r.Record.Actions}
		if rec.Game == "" {
			rec.Game = r.Game
		}
		if r.Game != "" && r.Game != rec.Game {
			return nil, nil, fmt.Errorf("%w: game %q but the record is of %q", ErrBadRequest, r.Game, rec.Game)
		}
		if r.Params != nil && r.Record.Params != nil && engine.Params(r.Params).String() != engine.Params(r.Record.Params).String() {
			return nil, nil, fmt.Errorf("%w: params %v but the record has %v", ErrBadRequest, engine.Params(r.Params), engine.Params(r.Record.Params))
		}
		if rec.Params == nil {
			rec.Params = engine.Params(r.Params)
		}
		if rec.Game == "" {
			return nil, nil, fmt.Errorf("%w: the record names no game", engine.ErrBadRecord)
		}
		g, s, err := rec.ReplayFS(sv.limits.files())
		return g, s, refuseFiles(err)
	}
	g, err := sv.load(r.Game, engine.Params(r.Params))
	if err != nil {
		return nil, nil, err
	}
	st, err := g.DecodeState(r.State)
	if err != nil {
		return nil, nil, err
	}
	return g, st, nil
}
