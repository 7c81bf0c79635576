package seat

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/moongym/moongym/engine"
)

// xxo is tic-tac-toe after X a1, O b2, X b1: O must block at c1.
const xxo = `{"board":"XX..O...."}`

// TestAnalyzeStateless runs the stateless form through both protocols,
// one agent kind a row.
func TestAnalyzeStateless(t *testing.T) {
	sv := NewService(Limits{}, nil)
	for _, c := range clients(t, sv) {
		for _, tc := range []struct {
			name  string
			body  map[string]any
			agent string
			kind  string
			moves int
			sims  int
			vals  bool
		}{
			{"search", map[string]any{"agent": "mcts:sims=100", "top": 3}, "mcts:sims=100", "search", 3, 100, true},
			{"sims option", map[string]any{"agent": "mcts", "sims": 60}, "mcts:sims=60", "search", 5, 60, true},
			{"default sims", map[string]any{"agent": "mcts:rollouts=1", "top": 1}, "mcts:rollouts=1,sims=200", "search", 1, 200, true},
			{"default agent", map[string]any{"sims": 20}, "az:model=builtin,sims=20", "search", 5, 20, true},
			{"network policy", map[string]any{"agent": "net:model=builtin", "top": 2}, "net:model=builtin", "policy", 2, 0, true},
			{"random policy", map[string]any{"agent": "random", "top": 9}, "random", "policy", 6, 0, false},
			{"move only", map[string]any{"agent": "heuristic"}, "heuristic", "move", 1, 0, false},
		} {
			body := map[string]any{"game": "tictactoe", "state": json.RawMessage(xxo), "seed": 1}
			for k, v := range tc.body {
				body[k] = v
			}
			a := must[Analysis](t, c, "analyze", "", body)
			if a.Agent != tc.agent || a.Kind != tc.kind || len(a.Moves) != tc.moves || a.Sims != tc.sims || a.ToMove != 1 || a.Seat != 1 {
				t.Errorf("%s %s: agent %q kind %q, %d moves, sims %d, to_move %d, seat %d; want %q %q %d %d 1 1",
					c.name(), tc.name, a.Agent, a.Kind, len(a.Moves), a.Sims, a.ToMove, a.Seat, tc.agent, tc.kind, tc.moves, tc.sims)
				continue
			}
			checkAnalysis(t, c.name()+" "+tc.name, a, tc.vals)
			if tc.kind != "policy" || tc.agent == "net:model=builtin" {
				if a.Moves[0].Move != "c1" || a.PV[0] != "c1" {
					t.Errorf("%s %s: best move %q, pv %v; want c1 (block)", c.name(), tc.name, a.Moves[0].Move, a.PV)
				}
			}
		}
	}
}

// checkAnalysis checks what every analysis promises.
func checkAnalysis(t *testing.T, what string, a Analysis, values bool) {
	t.Helper()
	if values != (len(a.Values) == 2) || values != (len(a.Win) == 2) {
		t.Errorf("%s: values %v, win %v; want them: %v", what, a.Values, a.Win, values)
	}
	if len(a.Win) == 2 && math.Abs(a.Win[0]+a.Win[1]-1) > 0.01 {
		t.Errorf("%s: win %v does not sum to 1", what, a.Win)
	}
	shares := 0.0
	for i, m := range a.Moves {
		shares += m.Share
		if m.Move == "" || m.Label == "" || len(m.PV) == 0 || m.PV[0] != m.Move {
			t.Errorf("%s: move %+v", what, m)
		}
		if i > 0 && (a.Kind == "search" && m.Visits > a.Moves[i-1].Visits || m.Share > a.Moves[i-1].Share) {
			t.Errorf("%s: moves not best first: %+v", what, a.Moves)
		}
		if a.Kind == "search" && (m.Q != nil) != (m.Visits > 0) || a.Kind != "search" && (m.Q != nil || m.Visits != 0) {
			t.Errorf("%s: move %s: kind %s, visits %d, q %v", what, m.Move, a.Kind, m.Visits, m.Q)
		}
	}
	if shares > 1+1e-5 {
		t.Errorf("%s: shares sum to %v", what, shares)
	}
	if len(a.Moves) > 0 && !slices.Equal(a.PV, a.Moves[0].PV) && a.Kind != "search" {
		t.Errorf("%s: pv %v, the best move's %v", what, a.PV, a.Moves[0].PV)
	}
}

// TestAnalyzeRecordIsState: a record analyses as its final state, and the
// same seed gives the same answer, byte for byte.
func TestAnalyzeRecordIsState(t *testing.T) {
	sv := NewService(Limits{}, nil)
	for _, c := range clients(t, sv) {
		opts := map[string]any{"agent": "mcts:sims=80", "seed": 3, "top": 9}
		state, _ := c.do(t, "analyze", "", merge(opts, map[string]any{"game": "tictactoe", "state": json.RawMessage(xxo)}))
		again, _ := c.do(t, "analyze", "", merge(opts, map[string]any{"game": "tictactoe", "state": json.RawMessage(xxo)}))
		record, _ := c.do(t, "analyze", "", merge(opts, map[string]any{"record": map[string]any{"game": "tictactoe", "actions": []int{0, 4, 1}}}))
		if string(state) != string(again) || string(state) != string(record) || state == nil {
			t.Errorf("%s: state, again and record differ:\n%s\n%s\n%s", c.name(), state, again, record)
		}
	}
}

func merge(a, b map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// TestAnalyzeSession: the session form is guarded like a seat's get: the
// creator's token analyses any seat (by default the seat to move), a
// seat's token its own seat only, and no token or a foreign one nothing.
// Its answer is the stateless form's for the session's state and seat.
func TestAnalyzeSession(t *testing.T) {
	sv := NewService(Limits{}, nil)
	for _, c := range clients(t, sv) {
		id := "an-" + c.name()
		v := must[View](t, c, "start", "", map[string]any{"session": id, "game": "lunar-rally", "seed": 2, "seats": []string{"human", "human"}})
		keys := tokensOf(c)
		opts := map[string]any{"agent": "mcts:sims=40,rollouts=1", "top": 3, "seed": 5}
		a := must[Analysis](t, c, "analyze", id, opts)
		if a.Seat != v.ToMove || a.ToMove != v.ToMove || a.Kind != "search" || len(a.Moves) != 3 {
			t.Errorf("%s: creator's analysis %+v (to move %d)", c.name(), a, v.ToMove)
		}
		for seat := range 2 {
			body := merge(opts, map[string]any{"seat": seat})
			viaSeat, e := c.doAs(t, keys.seatToken(id, seat), "analyze", id, body)
			if e != nil {
				t.Fatalf("%s: seat %d's analysis: %s %s", c.name(), seat, e.Code, e.Message)
			}
			implicit, _ := c.doAs(t, keys.seatToken(id, seat), "analyze", id, opts)
			stateless, _ := c.do(t, "analyze", "", merge(body, map[string]any{"game": "lunar-rally", "state": v.State}))
			if string(viaSeat) != string(stateless) || string(viaSeat) != string(implicit) {
				t.Errorf("%s: seat %d: the session form, with the seat's token without seat, and the stateless form differ:\n%s\n%s\n%s", c.name(), seat, viaSeat, implicit, stateless)
			}
			if _, e := c.doAs(t, keys.seatToken(id, 1-seat), "analyze", id, body); e == nil || e.Code != "forbidden" {
				t.Errorf("%s: seat %d's analysis with seat %d's token: %v, want forbidden", c.name(), seat, 1-seat, e)
			}
		}
		if _, e := c.doAs(t, "", "analyze", id, opts); e == nil || e.Code != "unauthorized" {
			t.Errorf("%s: analysis without a token: %v", c.name(), e)
		}
		if _, e := c.doAs(t, "0123456789abcdef0123456789abcdef", "analyze", id, opts); e == nil || e.Code != "unauthorized" {
			t.Errorf("%s: analysis with a foreign token: %v", c.name(), e)
		}
		fails(t, c, "analyze", id, map[string]any{"seat": 2}, "bad_request")
		fails(t, c, "analyze", id, map[string]any{"seat": -1}, "bad_request")
		fails(t, c, "analyze", "no-such-session", opts, "unknown_session")
		fails(t, c, "analyze", id, map[string]any{"game": "tictactoe"}, "bad_json")
		after := must[View](t, c, "get", id, nil)
		if string(after.State) != string(v.State) || len(after.Actions) != len(v.Actions) {
			t.Errorf("%s: the analysis changed the session", c.name())
		}
		done := must[View](t, c, "start", "", map[string]any{"session": id + "-over", "game": "tictactoe", "actions": []int{0, 3, 1, 4, 2}})
		if !done.Terminal {
			t.Fatal("the game should be over")
		}
		fails(t, c, "analyze", id+"-over", nil, "game_over")
	}
}

// TestAnalyzeErrors: every bad request is refused with its code.
func TestAnalyzeErrors(t *testing.T) {
	sv := NewService(Limits{}, nil)
	empty := json.RawMessage(`{"board":"........."}`)
	for _, c := range clients(t, sv) {
		for _, tc := range []struct {
			name string
			body map[string]any
			code string
		}{
			{"no position", map[string]any{"game": "tictactoe"}, "bad_request"},
			{"state and record", map[string]any{"game": "tictactoe", "state": empty, "record": map[string]any{"game": "tictactoe", "actions": []int{}}}, "bad_request"},
			{"state without game", map[string]any{"state": empty}, "bad_request"},
			{"negative sims", map[string]any{"game": "tictactoe", "state": empty, "sims": -1}, "bad_request"},
			{"negative top", map[string]any{"game": "tictactoe", "state": empty, "top": -1}, "bad_request"},
			{"negative seat", map[string]any{"game": "tictactoe", "state": empty, "seat": -1}, "bad_request"},
			{"seat past the seats", map[string]any{"game": "tictactoe", "state": empty, "seat": 2}, "bad_request"},
			{"unknown field", map[string]any{"game": "tictactoe", "state": empty, "depth": 3}, "bad_json"},
			{"sims not a number", map[string]any{"game": "tictactoe", "state": empty, "sims": "many"}, "bad_json"},
			{"game over", map[string]any{"game": "tictactoe", "state": json.RawMessage(`{"board":"XXXOO...."}`)}, "game_over"},
			{"chance node", map[string]any{"game": diceRace, "agent": "random", "state": json.RawMessage(`{"pos":[0,0],"turn":0,"roll":0,"moves":0}`)}, "not_to_act"},
			{"bad state", map[string]any{"game": "tictactoe", "state": json.RawMessage(`{"board":"XXXX....."}`)}, "bad_state"},
			{"bad record", map[string]any{"record": map[string]any{"game": "tictactoe", "actions": []int{0, 0}}}, "bad_record"},
			{"unknown game", map[string]any{"game": "chess", "state": empty}, "unknown_game"},
			{"unknown agent", map[string]any{"game": "tictactoe", "state": empty, "agent": "alphazero"}, "unknown_agent"},
			{"bad spec", map[string]any{"game": "tictactoe", "state": empty, "agent": "mcts:sims"}, "bad_agent_spec"},
			{"bad option", map[string]any{"game": "tictactoe", "state": empty, "agent": "mcts:c=-1"}, "bad_agent_spec"},
			{"sims for an agent without", map[string]any{"game": "tictactoe", "state": empty, "agent": "heuristic", "sims": 5}, "bad_agent_spec"},
			{"budget in sims", map[string]any{"game": "tictactoe", "state": empty, "agent": "mcts", "sims": 50000}, "budget_too_large"},
			{"budget in spec", map[string]any{"game": "tictactoe", "state": empty, "agent": "mcts:sims=20001"}, "budget_too_large"},
			{"budget, default agent", map[string]any{"game": "tictactoe", "state": empty, "sims": 20001}, "budget_too_large"},
			{"model file", map[string]any{"game": "tictactoe", "state": empty, "agent": "az:model=/etc/passwd"}, "file_not_allowed"},
			{"missing model", map[string]any{"game": "tictactoe", "state": empty, "agent": "az"}, "bad_agent_spec"},
			{"agent chooses an illegal move", map[string]any{"game": "tictactoe", "state": empty, "agent": "test-illegal"}, "agent_error"},
			{"agent panics", map[string]any{"game": "tictactoe", "state": empty, "agent": "test-panic"}, "internal"},
		} {
			t.Run(c.name()+"/"+tc.name, func(t *testing.T) { fails(t, c, "analyze", "", tc.body, tc.code) })
		}
	}
}

// TestAnalyzeLimits: top is cut to MaxTop, sims bounded by MaxSims, the
// default agent is one the server offers, and an agent stops at the
// request's time limit.
func TestAnalyzeLimits(t *testing.T) {
	ctx := context.Background()
	req := func(o AnalyzeOptions) AnalyzeRequest {
		return AnalyzeRequest{Game: "tictactoe", State: json.RawMessage(`{"board":"........."}`), AnalyzeOptions: o}
	}
	sv := NewService(Limits{MaxTop: 2, MaxSims: 50}, nil)
	a, err := sv.Analyze(ctx, req(AnalyzeOptions{Agent: "mcts", Sims: 50, Top: 9}))
	if err != nil || len(a.Moves) != 2 {
		t.Errorf("top 9 with MaxTop 2: %d moves, %v", len(a.Moves), err)
	}
	if _, err := sv.Analyze(ctx, req(AnalyzeOptions{Agent: "mcts"})); !errors.Is(err, ErrBudget) {
		t.Errorf("the default sims over MaxSims: %v, want ErrBudget", err)
	}
	if _, err := sv.Analyze(ctx, req(AnalyzeOptions{Agent: "random", Top: 100})); err != nil {
		t.Errorf("random with top 100: %v", err)
	}
	sv = NewService(Limits{Agents: []string{"mcts", "random"}}, nil)
	if a, err := sv.Analyze(ctx, req(AnalyzeOptions{Sims: 10})); err != nil || a.Agent != "mcts:sims=10" {
		t.Errorf("default agent where az is not offered: %q, %v; want mcts:sims=10", a.Agent, err)
	}
	sv = NewService(Limits{Agents: []string{"random"}}, nil)
	if _, err := sv.Analyze(ctx, req(AnalyzeOptions{})); !errors.Is(err, ErrAgentNotAllowed) {
		t.Errorf("default agent where no default is offered: %v, want ErrAgentNotAllowed", err)
	}
	if _, err := sv.Analyze(ctx, req(AnalyzeOptions{Agent: "mcts:sims=10"})); !errors.Is(err, ErrAgentNotAllowed) {
		t.Errorf("an agent not offered: %v, want ErrAgentNotAllowed", err)
	}
	sv = NewService(Limits{RequestTimeout: 100 * time.Millisecond}, nil)
	start := time.Now()
	if _, err := sv.Analyze(ctx, req(AnalyzeOptions{Agent: "test-block"})); !errors.Is(err, ErrTimeout) {
		t.Errorf("an agent that thinks past the time limit: %v, want ErrTimeout", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("a request limited to 100ms took %v", d)
	}
	// TestTimeoutStopsTheSearch stops a real search (and checks that its
	// slot is given back) for analyze as for best.
}

// TestAnalyzeDefaultFallsBack: a configuration without a built-in network
// is analysed with mcts when the request names no agent.
func TestAnalyzeDefaultFallsBack(t *testing.T) {
	sv := NewService(Limits{}, nil)
	a, err := sv.Analyze(context.Background(), AnalyzeRequest{Record: &RecordJSON{Game: diceRace, Actions: []engine.Action{1}}, AnalyzeOptions: AnalyzeOptions{Sims: 10}})
	if err != nil || a.Agent != "mcts:sims=10" || a.Kind != "search" {
		t.Errorf("%s without a built-in network: agent %q kind %q, %v; want mcts:sims=10", diceRace, a.Agent, a.Kind, err)
	}
}

// TestAnalyzeIgnoresHiddenInformation: the analysis for seat N is the same,
// byte for byte, whatever the cards N cannot see: for every game with
// hidden information, at decision nodes of a random game, the analysis of
// the state and of worlds resampled for N (what N sees kept, the rest
// redrawn) agree for every seat N that may know who is to move, with a
// search, the cheating perfect-information search (which the analysis
// gives a world drawn for N, never the state), the default agent (the
// built-in network with search where the configuration has one) and a
// policy. Where N may
// not know who is to move, the analysis is refused.
func TestAnalyzeIgnoresHiddenInformation(t *testing.T) {
	sv := NewService(Limits{}, nil)
	checked := 0
	for _, spec := range engine.Games() {
		if spec.Information == engine.PerfectInformation {
			continue
		}
		g, err := engine.Load(spec.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, 4))
		st := g.NewInitialState()
		checks := 0
		for step := 0; step < 80 && !st.IsTerminal() && checks < 4; step++ {
			p := st.CurrentPlayer()
			if p >= 0 && step%5 == 2 {
				checks++
				for n := range g.NumPlayers() {
					viewer := engine.Player(n)
					for _, agent := range []string{"mcts:sims=24,rollouts=1", "mcts:sims=24,rollouts=1,mode=perfect", "", "random"} {
						if engine.CurrentPlayerFor(st, viewer) == engine.Hidden {
							if _, err := analyzeOf(sv, g, st, n, agent); !errors.Is(err, ErrNotYourTurn) {
								t.Errorf("%s step %d seat %d: %v, want ErrNotYourTurn (seat %d may not know who is to move)", spec.Name, step, n, err, n)
							}
							continue
						}
						want, err := analyzeOf(sv, g, st, n, agent)
						if err != nil {
							t.Fatalf("%s step %d seat %d %s: %v", spec.Name, step, n, agent, err)
						}
						for w := range 2 {
							world := st.Resample(viewer, rand.New(rand.NewPCG(uint64(step), uint64(w))))
							got, err := analyzeOf(sv, g, world, n, agent)
							if err != nil {
								t.Fatal(err)
							}
							if got != want {
								t.Errorf("%s step %d seat %d %s: the analysis differs in a world resampled for seat %d: it leaks hidden information\n%s\n%s", spec.Name, step, n, agent, n, want, got)
							}
						}
						checked++
					}
				}
			}
			if p == engine.Chance {
				outs := st.ChanceOutcomes(nil)
				st.Apply(outs[rng.IntN(len(outs))].Action)
				continue
			}
			legal := st.LegalActions(nil)
			st.Apply(legal[rng.IntN(len(legal))])
		}
	}
	if checked == 0 {
		t.Fatal("no hidden-information game checked")
	}
}

// analyzeOf is the analysis of st for seat as JSON ("" for agent: the
// default, with 8 simulations).
func analyzeOf(sv *Service, g engine.Game, st engine.State, seat int, agent string) (string, error) {
	data, err := st.MarshalJSON()
	if err != nil {
		return "", err
	}
	o := AnalyzeOptions{Agent: agent, Top: 4, Seed: 9}
	if agent == "" { // the default: the built-in network where there is one
		o.Sims = 8
	}
	a, err := sv.Analyze(context.Background(), AnalyzeRequest{Game: g.Spec().Name, Params: Params(g.Params()), State: data, Seat: &seat, AnalyzeOptions: o})
	if err != nil {
		return "", err
	}
	out, err := json.Marshal(a)
	return string(out), err
}
