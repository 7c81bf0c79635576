package seat

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// TestClassify maps every sentinel error, wrapped, to its code.
func TestClassify(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Codes() {
		if seen[c.Code] {
			t.Errorf("code %s twice", c.Code)
		}
		seen[c.Code] = true
		got := Classify(fmt.Errorf("context: %w", c.err))
		if got.Code != c.Code || got.Status != c.Status {
			t.Errorf("Classify(%v) = %s %d, want %s %d", c.err, got.Code, got.Status, c.Code, c.Status)
		}
		if c.Status < 400 || c.Doc == "" {
			t.Errorf("code %s: status %d, doc %q", c.Code, c.Status, c.Doc)
		}
	}
	if got := Classify(errors.New("something else")); got.Code != "internal" || got.Status != 500 {
		t.Errorf("an unknown error is %s %d, want internal 500", got.Code, got.Status)
	}
	// A record that does not replay because of an illegal action is a bad
	// record, not an illegal move.
	rec := fmt.Errorf("%w: action 2: %w", engine.ErrBadRecord, engine.ErrIllegalAction)
	if got := Classify(rec); got.Code != "bad_record" {
		t.Errorf("bad record wrapping an illegal action: %s", got.Code)
	}
	if got := Classify(fmt.Errorf("%w: %w", ErrAgent, agents.ErrNotToAct)); got.Code != "agent_error" {
		t.Errorf("agent error wrapping not-to-act: %s", got.Code)
	}
}

type badCase struct {
	name    string
	op      string
	session string
	body    any // a map, or []byte sent as it is
	code    string
}

// TestBadInput sends bad requests of every kind through both protocols and
// checks the code, that the sessions are unchanged and that the service
// still serves.
func TestBadInput(t *testing.T) {
	ended := `{"board":"XXXOO...."}`
	cases := []badCase{
		{"start/not json", "start", "", []byte(`{"game":`), "bad_json"},
		{"start/unknown field", "start", "", []byte(`{"game":"tictactoe","colour":"red"}`), "bad_json"},
		{"start/trailing data", "start", "", []byte(`{"game":"tictactoe"} {"game":"tictactoe"}`), "bad_json"},
		{"start/negative seed", "start", "", []byte(`{"game":"tictactoe","seed":-1}`), "bad_json"},
		{"start/param of a wrong type", "start", "", []byte(`{"game":"` + diceRace + `","params":{"goal":[1]}}`), "bad_json"},
		{"start/array", "start", "", []byte(`[1,2]`), "bad_json"},
		{"start/no game", "start", "", map[string]any{}, "bad_request"},
		{"start/unknown game", "start", "", map[string]any{"game": "chess"}, "unknown_game"},
		{"start/unknown param", "start", "", map[string]any{"game": "tictactoe", "params": map[string]any{"size": 4}}, "unknown_param"},
		{"start/param out of range", "start", "", map[string]any{"game": diceRace, "params": map[string]any{"goal": 99}}, "bad_param"},
		{"start/param not a number", "start", "", map[string]any{"game": diceRace, "params": map[string]any{"goal": "far"}}, "bad_param"},
		{"start/seat count", "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human"}}, "bad_request"},
		{"start/empty seat", "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", " "}}, "bad_request"},
		{"start/unknown agent", "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "stockfish"}}, "unknown_agent"},
		{"start/bad agent option", "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "random:depth=3"}}, "bad_agent_spec"},
		{"start/malformed spec", "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "random:depth"}}, "bad_agent_spec"},
		{"start/budget", "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "test-search:sims=1000000"}}, "budget_too_large"},
		{"start/sims not a number", "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "test-search:sims=many"}}, "bad_agent_spec"},
		{"start/no heuristic", "start", "", map[string]any{"game": diceRace, "seats": []string{"human", "heuristic"}}, "no_heuristic"},
		{"start/actions do not replay", "start", "", map[string]any{"game": "tictactoe", "actions": []int{4, 4}}, "bad_record"},
		{"start/bad session id", "start", "", map[string]any{"game": "tictactoe", "session": "a b"}, "bad_request"},
		{"start/session id .", "start", "", map[string]any{"game": "tictactoe", "session": "."}, "bad_request"},
		{"start/session id ..", "start", "", map[string]any{"game": "tictactoe", "session": ".."}, "bad_request"},
		{"start/session exists", "start", "", map[string]any{"game": "tictactoe", "session": "ttt"}, "session_exists"},
		{"start/agent fails", "start", "", map[string]any{"game": "tictactoe", "seats": []string{"test-illegal", "human"}, "ai": true}, "agent_error"},

		{"move/nothing", "move", "ttt", map[string]any{}, "bad_request"},
		{"move/both", "move", "ttt", map[string]any{"move": "b2", "action": 4}, "bad_request"},
		{"move/wrong type", "move", "ttt", []byte(`{"move":4}`), "bad_json"},
		{"move/unknown name", "move", "ttt", map[string]any{"move": "z9"}, "unknown_move"},
		{"move/illegal id", "move", "ttt", map[string]any{"action": 42}, "illegal_move"},
		{"move/illegal #id", "move", "ttt", map[string]any{"move": "#42"}, "illegal_move"},
		{"move/taken cell by name", "move", "ttt", map[string]any{"move": "a1"}, "unknown_move"},
		{"move/taken cell by id", "move", "ttt", map[string]any{"action": 0}, "illegal_move"},
		{"move/other seat", "move", "ttt", map[string]any{"move": "b2", "seat": 1}, "not_your_turn"},
		{"move/ai seat to move", "move", "aifirst", map[string]any{"move": "b2"}, "not_your_turn"},
		{"move/ambiguous", "move", "dice", map[string]any{"move": "Go"}, "ambiguous_move"},
		{"move/unknown session", "move", "nope", map[string]any{"move": "b2"}, "unknown_session"},
		{"move/game over", "move", "over", map[string]any{"action": 8}, "game_over"},

		{"ai/negative", "ai", "ttt", map[string]any{"max_moves": -1}, "bad_request"},
		{"ai/wrong type", "ai", "ttt", []byte(`{"max_moves":"all"}`), "bad_json"},
		{"ai/unknown session", "ai", "nope", nil, "unknown_session"},
		{"ai/agent chooses an illegal move", "ai", "broken", nil, "agent_error"},
		{"ai/agent panics", "ai", "panics", nil, "internal"},
		{"get/unknown session", "get", "nope", nil, "unknown_session"},
		{"delete/unknown session", "delete", "nope", nil, "unknown_session"},

		{"best/no agent", "best", "", map[string]any{"game": "tictactoe", "state": json.RawMessage(`{"board":"........."}`)}, "bad_request"},
		{"best/no position", "best", "", map[string]any{"game": "tictactoe", "agent": "random"}, "bad_request"},
		{"best/state and record", "best", "", map[string]any{"game": "tictactoe", "agent": "random", "state": json.RawMessage(`{"board":"........."}`), "record": map[string]any{"game": "tictactoe", "actions": []int{}}}, "bad_request"},
		{"best/state without game", "best", "", map[string]any{"agent": "random", "state": json.RawMessage(`{"board":"........."}`)}, "bad_request"},
		{"best/impossible counts", "best", "", map[string]any{"game": "tictactoe", "agent": "random", "state": json.RawMessage(`{"board":"XXXX....."}`)}, "bad_state"},
		{"best/wrong size", "best", "", map[string]any{"game": "tictactoe", "agent": "random", "state": json.RawMessage(`{"board":"X"}`)}, "bad_state"},
		{"best/state not an object", "best", "", map[string]any{"game": "tictactoe", "agent": "random", "state": json.RawMessage(`[1]`)}, "bad_state"},
		{"best/two winners", "best", "", map[string]any{"game": "tictactoe", "agent": "random", "state": json.RawMessage(`{"board":"XXXOOO..."}`)}, "bad_state"},
		{"best/impossible dice state", "best", "", map[string]any{"game": diceRace, "agent": "random", "state": json.RawMessage(`{"pos":[0,0],"turn":0,"roll":2,"moves":0}`)}, "bad_state"},
		{"best/game over", "best", "", map[string]any{"game": "tictactoe", "agent": "random", "state": json.RawMessage(ended)}, "not_to_act"},
		{"best/chance node", "best", "", map[string]any{"game": diceRace, "agent": "random", "state": json.RawMessage(`{"pos":[0,0],"turn":0,"roll":0,"moves":0}`)}, "not_to_act"},
		{"best/unknown game", "best", "", map[string]any{"game": "chess", "agent": "random", "state": json.RawMessage(`{}`)}, "unknown_game"},
		{"best/unknown agent", "best", "", map[string]any{"game": "tictactoe", "agent": "alphazero", "state": json.RawMessage(`{"board":"........."}`)}, "unknown_agent"},
		{"best/budget in spec", "best", "", map[string]any{"game": "tictactoe", "agent": "test-search:sims=20001", "state": json.RawMessage(`{"board":"........."}`)}, "budget_too_large"},
		{"best/budget in sims", "best", "", map[string]any{"game": "tictactoe", "agent": "test-search", "sims": 50000, "state": json.RawMessage(`{"board":"........."}`)}, "budget_too_large"},
		{"best/sims for an agent without", "best", "", map[string]any{"game": "tictactoe", "agent": "random", "sims": 5, "state": json.RawMessage(`{"board":"........."}`)}, "bad_agent_spec"},
		{"best/record does not replay", "best", "", map[string]any{"agent": "random", "record": map[string]any{"game": "tictactoe", "actions": []int{0, 0}}}, "bad_record"},
		{"best/record of an unknown game", "best", "", map[string]any{"agent": "random", "record": map[string]any{"game": "chess", "actions": []int{}}}, "unknown_game"},
		{"best/record of another game", "best", "", map[string]any{"game": diceRace, "agent": "random", "record": map[string]any{"game": "tictactoe", "actions": []int{}}}, "bad_request"},
		{"best/record with a bad param", "best", "", map[string]any{"agent": "random", "record": map[string]any{"game": diceRace, "params": map[string]any{"sides": 9}, "actions": []int{}}}, "bad_param"},
		{"best/agent chooses an illegal move", "best", "", map[string]any{"game": "tictactoe", "agent": "test-illegal", "state": json.RawMessage(`{"board":"........."}`)}, "agent_error"},
		{"best/agent panics", "best", "", map[string]any{"game": "tictactoe", "agent": "test-panic", "state": json.RawMessage(`{"board":"........."}`)}, "internal"},
	}
	for _, c := range []client{newHTTPClient(t, NewService(Limits{}, nil)), newStdioClient(t, NewService(Limits{}, nil))} {
		t.Run(c.name(), func(t *testing.T) {
			setup := []map[string]any{
				{"session": "ttt", "game": "tictactoe", "seats": []string{"human", "random"}, "actions": []int{0, 1}},
				{"session": "aifirst", "game": "tictactoe", "seats": []string{"random", "human"}},
				{"session": "dice", "game": diceRace, "seats": []string{"human", "human"}, "seed": 3},
				{"session": "over", "game": "tictactoe", "actions": []int{0, 3, 1, 4, 2}},
				{"session": "broken", "game": "tictactoe", "seats": []string{"test-illegal", "human"}},
				{"session": "panics", "game": "tictactoe", "seats": []string{"test-panic", "human"}},
			}
			for _, s := range setup {
				must[View](t, c, "start", "", s)
			}
			snapshot := func() string {
				var b strings.Builder
				for _, s := range setup {
					data, e := c.do(t, "get", s["session"].(string), nil)
					if e != nil {
						t.Fatalf("get %s: %s", s["session"], e.Message)
					}
					b.Write(data)
				}
				return b.String()
			}
			before := snapshot()
			for _, bc := range cases {
				fails(t, c, bc.op, bc.session, bc.body, bc.code)
				if after := snapshot(); after != before {
					t.Fatalf("%s changed a session:\n%s\n%s", bc.name, before, after)
				}
			}
			if n := len(must[[]Summary](t, c, "sessions", "", nil)); n != len(setup) {
				t.Fatalf("%d sessions after the bad requests, want %d", n, len(setup))
			}
			// Still serving: a good game to the end.
			v := must[View](t, c, "move", "ttt", map[string]any{"move": "B2", "ai": true})
			if len(v.Moves) != 2 || v.Moves[0].Name != "b2" || v.Moves[1].By != "ai" {
				t.Fatalf("moves %+v", v.Moves)
			}
		})
	}
}

// TestHTTPOnlyErrors: paths, methods and query parameters.
func TestHTTPOnlyErrors(t *testing.T) {
	c := newHTTPClient(t, NewService(Limits{}, nil))
	must[View](t, c, "start", "", map[string]any{"session": "s", "game": "tictactoe", "seats": []string{"human", "random"}})
	for _, tc := range []struct {
		method, path, body, code string
	}{
		// Unknown query parameters are errors, as unknown body fields are:
		// a typo of ?seat must not return the whole view.
		{"GET", "/v1/sessions/s?Seat=0", "", "bad_request"},
		{"GET", "/v1/sessions/s?seat=0&verbose=1", "", "bad_request"},
		{"GET", "/v1/help?all=1", "", "bad_request"},
		{"GET", "/v1/games?players=3", "", "bad_request"},
		{"GET", "/v1/sessions?game=tictactoe", "", "bad_request"},
		{"POST", "/v1/sessions/s/move?ai=true", `{"move":"b2"}`, "bad_request"},
		{"POST", "/v1/sessions/s/ai?max_moves=1", "{}", "bad_request"},
		{"DELETE", "/v1/sessions/s?force=1", "", "bad_request"},
		{"GET", "/v1/nothing", "", "not_found"},
		{"GET", "/", "", "not_found"},
		{"GET", "/v1/sessions/x/y/z", "", "not_found"},
		{"PUT", "/v1/sessions", "{}", "method_not_allowed"},
		{"GET", "/v1/best", "", "method_not_allowed"},
		{"POST", "/v1/sessions/x", "{}", "method_not_allowed"},
		{"GET", "/v1/games/chess", "", "unknown_game"},
		{"GET", "/v1/games/tictactoe?size=4", "", "unknown_param"},
		{"GET", "/v1/games/" + diceRace + "?goal=1", "", "bad_param"},
		{"GET", "/v1/games/" + diceRace + "?goal=5&goal=6", "", "bad_param"},
	} {
		_, e := c.raw(t, tc.method, tc.path, strings.NewReader(tc.body))
		if e == nil || e.Code != tc.code {
			t.Errorf("%s %s: %v, want %s", tc.method, tc.path, e, tc.code)
		}
	}
	req, _ := http.NewRequest("PUT", c.srv.URL+"/v1/sessions", nil)
	resp, err := c.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("Allow"); got != "GET, POST" {
		t.Errorf("Allow %q", got)
	}
	info, e := c.raw(t, "GET", "/v1/games/"+diceRace+"?goal=5", nil)
	if e != nil {
		t.Fatal(e.Message)
	}
	var gi struct {
		Name   string `json:"name"`
		Spaces Spaces `json:"spaces"`
	}
	if err := json.Unmarshal(info, &gi); err != nil || gi.Name != diceRace || gi.Spaces.Params["goal"] != "5" || gi.Spaces.MaxChanceOutcomes != 3 {
		t.Errorf("game info %s (%v)", info, err)
	}
}

// TestStdioOnlyErrors: lines that are not requests.
func TestStdioOnlyErrors(t *testing.T) {
	c := newStdioClient(t, NewService(Limits{}, nil))
	for _, tc := range []struct{ line, code string }{
		{`not json`, "bad_json"},
		{`[1,2]`, "bad_json"},
		{`null`, "bad_json"},
		{`{"id":1}`, "bad_request"},
		{`{"op":3}`, "bad_json"},
		{`{"op":"launch"}`, "not_found"},
		{`{"op":"help","verbose":true}`, "bad_json"},
		{`{"op":"get"}`, "bad_request"},
		{`{"op":"get","session":7}`, "bad_json"},
		{`{"op":"game"}`, "bad_request"},
		{`{"op":"game","game":"chess"}`, "unknown_game"},
	} {
		_, e := c.line(t, []byte(tc.line), "")
		if e == nil || e.Code != tc.code {
			t.Errorf("%s: %+v, want %s", tc.line, e, tc.code)
		}
	}
	// The id is echoed whatever its JSON type, errors included.
	for _, id := range []string{`7`, `"x"`, `{"a":[1]}`, `null`} {
		resp := NewService(Limits{}, nil).HandleLine(t.Context(), []byte(`{"op":"launch","id":`+id+`}`))
		if string(resp.ID) != id {
			t.Errorf("id %s echoed as %s", id, resp.ID)
		}
	}
}
