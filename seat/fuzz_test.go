package seat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

// checkDecoder fuzzes one request decoder: an error wraps ErrBadJSON or
// ErrBadRequest; a request it accepts encodes and decodes to itself.
func checkDecoder[T any](t *testing.T, data []byte, decode func([]byte) (T, error)) {
	r, err := decode(data)
	if err != nil {
		if !errors.Is(err, ErrBadJSON) && !errors.Is(err, ErrBadRequest) {
			t.Fatalf("error %v wraps neither ErrBadJSON nor ErrBadRequest", err)
		}
		return
	}
	enc, err := json.Marshal(r)
	if err != nil {
		t.Fatalf("accepted request does not encode: %v", err)
	}
	again, err := decode(enc)
	if err != nil {
		t.Fatalf("re-encoded request %s refused: %v", enc, err)
	}
	if enc2, _ := json.Marshal(again); !bytes.Equal(enc, enc2) {
		t.Fatalf("request does not round-trip:\n%s\n%s", enc, enc2)
	}
}

func FuzzDecodeStart(f *testing.F) {
	for _, s := range []string{
		`{"game":"tictactoe","seats":["human","heuristic"],"seed":3}`,
		`{"session":"demo","game":"planet-cubes","params":{"players":3,"first":"2"},"manual_chance":true,"ai":true,"actions":[1,2]}`,
		`{"game":""}`, `{"game":"x","params":{"a":null}}`, `{"game":"x","params":{"a":1e400}}`, `null`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecoder(t, data, DecodeStart) })
}

func FuzzDecodeMove(f *testing.F) {
	for _, s := range []string{`{"move":"b2"}`, `{"action":4,"seat":0,"ai":true}`, `{"move":"#4"}`, `{}`, `{"move":null,"action":null}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecoder(t, data, DecodeMove) })
}

func FuzzDecodeAI(f *testing.F) {
	for _, s := range []string{`{}`, `{"max_moves":3}`, `{"max_moves":-1}`, ``} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecoder(t, data, DecodeAI) })
}

func FuzzDecodeBest(f *testing.F) {
	for _, s := range []string{
		`{"game":"tictactoe","state":{"board":"XX..O...."},"agent":"heuristic"}`,
		`{"agent":"mcts:sims=200","sims":50,"seed":2,"record":{"game":"tictactoe","params":{},"actions":[4,0],"seats":["a","b"],"returns":[1,-1]}}`,
		`{"agent":"random","state":null,"record":null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecoder(t, data, DecodeBest) })
}

func FuzzDecodeAnalyze(f *testing.F) {
	for _, s := range []string{
		`{"game":"tictactoe","state":{"board":"XX..O...."},"agent":"az:model=builtin","sims":200,"top":5,"seat":1,"seed":3}`,
		`{"record":{"game":"tictactoe","actions":[4,0]},"top":-1}`,
		`{"game":"tictactoe","state":null,"seat":-2}`, `{}`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecoder(t, data, DecodeAnalyze) })
}

func FuzzDecodeSessionAnalyze(f *testing.F) {
	for _, s := range []string{`{"seat":0,"agent":"mcts:sims=100","sims":50,"top":3,"seed":1}`, `{}`, `{"seat":-1}`, `{"sims":-5}`, `{"state":{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecoder(t, data, DecodeSessionAnalyze) })
}

func FuzzDecodeGame(f *testing.F) {
	f.Add([]byte(`{"game":"tictactoe","params":{"players":3}}`))
	f.Fuzz(func(t *testing.T, data []byte) { checkDecoder(t, data, DecodeGame) })
}

// FuzzHandleLine feeds any line to the stdio engine: it answers with a
// result or a known error code, never panics, and a session it did not
// touch stays as it was.
func FuzzHandleLine(f *testing.F) {
	for _, op := range ops {
		f.Add([]byte(op.Example))
	}
	f.Add([]byte(`{"op":"move","session":"keep","action":4}`))
	f.Add([]byte(`{"op":"move","session":"fuzz","move":"b2","ai":true}`))
	f.Add([]byte(`{"op":"start","session":"fuzz","game":"` + diceRace + `","seats":["random","random"],"ai":true}`))
	f.Add([]byte(`{"op":"best","record":{"game":"tictactoe","actions":[0,1,2]},"agent":"random","id":[1]}`))
	f.Add([]byte(`{"op":"start","game":"tictactoe","params":{"x":"y"},"id":{"a":1}}`))
	f.Add([]byte(`{"op":"analyze","session":"fuzz","seat":1,"agent":"random","top":2}`))
	f.Add([]byte(`{"op":"analyze","session":"","agent":"random"}`))
	f.Add([]byte(`{"op":"analyze","session":7}`))
	f.Add([]byte(`{"op":"analyze","record":{"game":"` + diceRace + `","actions":[1]},"agent":"mcts:sims=5","seat":0}`))
	known := map[string]bool{}
	for _, c := range codes {
		known[c.Code] = true
	}
	sv := NewService(Limits{MaxSessions: 50}, nil)
	started, err := sv.Start(context.Background(), Caller{}, StartRequest{Session: "keep", Game: "tictactoe", Seats: []string{"human", "random"}})
	if err != nil {
		f.Fatal(err)
	}
	keep, _ := sv.Get(creator(started), "keep")
	f.Fuzz(func(t *testing.T, line []byte) {
		if bytes.Contains(line, []byte(`"keep"`)) {
			return // only requests for other sessions
		}
		resp := sv.HandleLine(context.Background(), line)
		if resp.OK == (resp.Error != nil) {
			t.Fatalf("ok %v with error %v", resp.OK, resp.Error)
		}
		if resp.Error != nil && (!known[resp.Error.Code] || resp.Error.Code == "internal") {
			t.Fatalf("error %+v for %q", resp.Error, line)
		}
		if _, err := json.Marshal(resp); err != nil {
			t.Fatalf("response does not encode: %v", err)
		}
		if now, err := sv.Get(creator(started), "keep"); err != nil || !bytes.Equal(now.State, keep.State) {
			t.Fatalf("an unrelated session changed: %v", err)
		}
		for _, id := range allSessions(sv) { // keep room for more sessions
			if id != "keep" {
				s, _ := sv.lookup(id)
				_ = sv.Delete(Caller{Token: s.tokens.Creator}, id)
			}
		}
	})
}

// FuzzHTTP sends any method, path and body to the HTTP handler: the answer
// is JSON, and an error's status is the one of its code.
func FuzzHTTP(f *testing.F) {
	f.Add(uint8(1), "/v1/sessions", []byte(`{"game":"tictactoe","seats":["human","random"]}`))
	f.Add(uint8(1), "/v1/best", []byte(`{"game":"tictactoe","state":{"board":"X........"},"agent":"random"}`))
	f.Add(uint8(0), "/v1/games/tictactoe?x=1", []byte(nil))
	f.Add(uint8(2), "/v1/sessions/zz", []byte(nil))
	f.Add(uint8(1), "/v1/sessions/zz/move", []byte(`{"move":"a1"}`))
	f.Add(uint8(1), "/v1/analyze", []byte(`{"game":"tictactoe","state":{"board":"X........"},"agent":"random","top":3}`))
	f.Add(uint8(1), "/v1/sessions/zz/analyze", []byte(`{"seat":0,"agent":"random"}`))
	sv := NewService(Limits{MaxSessions: 20}, nil)
	h := NewHandler(sv)
	methods := []string{"GET", "POST", "DELETE", "PUT"}
	f.Fuzz(func(t *testing.T, m uint8, path string, body []byte) {
		req, err := http.NewRequest(methods[int(m)%len(methods)], "http://x/", bytes.NewReader(body))
		if err != nil {
			t.Skip()
		}
		req.URL.Path = path
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
			t.Fatalf("Content-Type %q", ct)
		}
		if rec.Code >= 300 {
			var eb ErrorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &eb); err != nil || eb.Error.Status != rec.Code || eb.Error.Code == "internal" {
				t.Fatalf("status %d body %s", rec.Code, rec.Body.Bytes())
			}
		} else if !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("body %s", rec.Body.Bytes())
		}
		dropSessions(sv)
	})
}

// FuzzBestState feeds any state JSON, for every registered game and
// configuration, to the best operation: the answer is a legal move, or
// bad_state (the game's DecodeState refused it) or not_to_act, never a
// panic or an internal error. The first byte picks the game.
func FuzzBestState(f *testing.F) {
	games := stateSeeds(func(i, _ int, data []byte) { f.Add(uint8(i), data) })
	f.Add(uint8(0), []byte(`{}`))
	sv := NewService(Limits{}, nil)
	f.Fuzz(func(t *testing.T, which uint8, state []byte) {
		if !json.Valid(state) {
			return // the request itself would not be JSON
		}
		g := games[int(which)%len(games)]
		resp, err := sv.Best(context.Background(), BestRequest{Game: g.Spec().Name, Params: Params(g.Params()), State: state, Agent: "random"})
		if err != nil {
			code := Classify(err).Code
			if code == "bad_request" && string(bytes.TrimSpace(state)) == "null" {
				return // null is no state
			}
			if code != "bad_state" && code != "not_to_act" {
				t.Fatalf("%s: %s: %v", g.Spec().Name, code, err)
			}
			return
		}
		st, err := g.DecodeState(state)
		if err != nil || !engine.IsLegal(st, resp.Action) {
			t.Fatalf("%s: best move %d in %s (%v)", g.Spec().Name, resp.Action, state, err)
		}
	})
}

// FuzzAnalyzeState feeds any state JSON and seat, for every registered game
// and configuration, to the analyze operation: the answer's moves are
// legal, or the error is bad_state, bad_request (a seat the game does not
// have), game_over, not_to_act or not_your_turn, never a panic or an
// internal error. The first byte picks the game.
func FuzzAnalyzeState(f *testing.F) {
	games := stateSeeds(func(i, n int, data []byte) { f.Add(uint8(i), uint8(n%3), data) })
	f.Add(uint8(0), uint8(9), []byte(`{}`))
	sv := NewService(Limits{}, nil)
	f.Fuzz(func(t *testing.T, which, seat uint8, state []byte) {
		if !json.Valid(state) {
			return // the request itself would not be JSON
		}
		g := games[int(which)%len(games)]
		n := int(seat)
		a, err := sv.Analyze(context.Background(), AnalyzeRequest{Game: g.Spec().Name, Params: Params(g.Params()), State: state, Seat: &n,
			AnalyzeOptions: AnalyzeOptions{Agent: "random", Top: 3}})
		if err != nil {
			switch code := Classify(err).Code; code {
			case "bad_state", "bad_request", "game_over", "not_to_act", "not_your_turn":
			default:
				t.Fatalf("%s: %s: %v", g.Spec().Name, code, err)
			}
			return
		}
		if _, err := json.Marshal(a); err != nil {
			t.Fatalf("%s: the analysis does not encode: %v", g.Spec().Name, err)
		}
		st, err := g.DecodeState(state)
		if err != nil || len(a.Moves) == 0 {
			t.Fatalf("%s: analysis %+v of %s (%v)", g.Spec().Name, a, state, err)
		}
		for _, m := range a.Moves {
			if !engine.IsLegal(st, m.Action) && a.Seat == a.ToMove {
				t.Fatalf("%s: move %d is not legal in %s", g.Spec().Name, m.Action, state)
			}
		}
	})
}

// stateSeeds loads every registered game in every test configuration and
// hands seed the state JSON of every 20th position (n, the move number)
// of one random game in each (game i of the list it returns).
func stateSeeds(seed func(i, n int, data []byte)) []engine.Game {
	var games []engine.Game
	for _, spec := range engine.Games() {
		for _, cfg := range enginetest.Configs(spec) {
			games = append(games, engine.MustLoad(spec.Name, cfg))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i, g := range games {
		s := g.NewInitialState()
		for n := 0; !s.IsTerminal() && n < 60; n++ {
			if n%20 == 0 {
				if data, err := s.MarshalJSON(); err == nil {
					seed(i, n, data)
				}
			}
			legal := s.LegalActions(nil)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
	return games
}
