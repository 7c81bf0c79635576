package seat

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// boundOf is the bound an agent declares for an option.
func boundOf(t *testing.T, agent, option string) int64 {
	t.Helper()
	info, err := agents.Lookup(agent)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range info.Options {
		if o.Name == option {
			if o.Max <= 0 {
				t.Fatalf("%s's %s has no bound", agent, option)
			}
			return o.Max
		}
	}
	t.Fatalf("%s has no option %s", agent, option)
	return 0
}

// TestAgentBounds: every option that scales an agent's memory or work is
// refused over its bound, where specs are checked (start, best and analyze, both
// transports), with an error naming the option and the bound, before any
// agent is made. The first spec killed the server with out of memory.
func TestAgentBounds(t *testing.T) {
	cases := []struct{ spec, agent, option string }{
		{"mcts:sims=2,batch=100000000", "mcts", "batch"},
		{"greedy:worlds=1000000000", "greedy", "worlds"},
		{"mcts:sims=1,rollouts=2000000000", "mcts", "rollouts"},
		{"az:model=builtin,sims=10,batch=100000000", "az", "batch"},
		{"az:model=builtin,sims=10,playout=100000", "az", "playout"},
	}
	sv := NewService(Limits{}, nil)
	for _, c := range clients(t, sv) {
		for _, tc := range cases {
			bound := strconv.FormatInt(boundOf(t, tc.agent, tc.option), 10)
			for _, op := range []string{"best", "analyze", "start"} {
				body := map[string]any{"game": "tictactoe", "agent": tc.spec, "state": json.RawMessage(`{"board":"........."}`)}
				if op == "start" {
					body = map[string]any{"game": "tictactoe", "seats": []string{"human", tc.spec}}
				}
				e := fails(t, c, op, "", body, "bad_agent_spec")
				if !strings.Contains(e.Message, tc.option+"=") || !strings.Contains(e.Message, bound) {
					t.Errorf("%s %s %s: message %q names not the option %s and its bound %s", c.name(), op, tc.spec, e.Message, tc.option, bound)
				}
			}
		}
		if got := len(allSessions(sv)); got != 0 {
			t.Fatalf("%d sessions kept by refused starts", got)
		}
	}
	// The bound itself is accepted by the check.
	for _, tc := range cases {
		spec := specWith(t, tc.spec, tc.option, strconv.FormatInt(boundOf(t, tc.agent, tc.option), 10))
		if err := (Limits{}).CheckAgent(spec); err != nil {
			t.Errorf("%s at its bound: %v", spec, err)
		}
	}
}

// specWith sets one option of a spec.
func specWith(t *testing.T, spec, option, value string) string {
	t.Helper()
	name, opts, err := agents.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	opts[option] = value
	parts := []string{}
	for k, v := range opts {
		parts = append(parts, k+"="+v)
	}
	return name + ":" + strings.Join(parts, ",")
}

// waitFor polls cond for up to d.
func waitFor(d time.Duration, cond func() bool) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

// TestTimeoutStopsTheSearch: a request that times out stops its search,
// gives its search slot back and frees its session at once, so that a
// retry is served. Before, the search ran on for as long as it liked with
// the session blocked.
func TestTimeoutStopsTheSearch(t *testing.T) {
	sv := NewService(Limits{RequestTimeout: 150 * time.Millisecond}, nil)
	for _, c := range clients(t, sv) {
		id := "block-" + c.name()
		must[View](t, c, "start", "", map[string]any{"session": id, "game": "tictactoe", "seats": []string{"test-block", "human"}})
		fails(t, c, "ai", id, nil, "timeout")
		if !waitFor(time.Second, func() bool { return blocking.Load() == 0 && len(sv.searches) == 0 }) {
			t.Fatalf("%s: the timed-out search still runs (%d thinking, %d slots held)", c.name(), blocking.Load(), len(sv.searches))
		}
		s, err := sv.lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		if err := s.lock(ctx); err != nil {
			t.Fatalf("%s: the session is still held after its request timed out: %v", c.name(), err)
		}
		s.unlock()
		cancel()
	}
	// A real search: Monte Carlo with the most work a request may ask for,
	// on a long game, stopped by the time limit.
	g := engine.MustLoad("planet-cubes", engine.Params{"first": "0"})
	st := g.NewInitialState()
	rng := rand.New(rand.NewPCG(1, 2))
	var actions []engine.Action
	for len(actions) < 12 || len(st.LegalActions(nil)) < 3 || st.CurrentPlayer() < 0 {
		var a engine.Action
		if st.CurrentPlayer() == engine.Chance {
			a = engine.SampleOutcome(st.ChanceOutcomes(nil), rng.Float64())
		} else {
			legal := st.LegalActions(nil)
			a = legal[rng.IntN(len(legal))]
		}
		st.Apply(a)
		actions = append(actions, a)
	}
	for _, spec := range []string{
		"mcts:sims=20000,rollouts=" + strconv.FormatInt(boundOf(t, "mcts", "rollouts"), 10),
	} {
		for _, op := range []string{"best", "analyze"} {
			start := time.Now()
			rec := &RecordJSON{Game: "planet-cubes", Params: Params{"first": "0"}, Actions: actions}
			var err error
			if op == "best" {
				_, err = sv.Best(context.Background(), BestRequest{Record: rec, Agent: spec, Seed: 1})
			} else {
				_, err = sv.Analyze(context.Background(), AnalyzeRequest{Record: rec, AnalyzeOptions: AnalyzeOptions{Agent: spec, Seed: 1}})
			}
			if err == nil || Classify(err).Code != "timeout" {
				t.Fatalf("%s %s: %v, want a timeout", op, spec, err)
			}
			if !waitFor(2*time.Second, func() bool { return len(sv.searches) == 0 }) {
				t.Fatalf("%s %s: the search still holds its slot %v after the request began", op, spec, time.Since(start))
			}
		}
	}
}

// TestBusy: searches beyond --max-searches wait a second for a slot, then
// are answered busy with Retry-After; human moves need no slot.
func TestBusy(t *testing.T) {
	sv := NewService(Limits{MaxSearches: 1, RequestTimeout: 10 * time.Second}, nil)
	h := newHTTPClient(t, sv)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := sv.Best(ctx, BestRequest{Game: "tictactoe", State: json.RawMessage(`{"board":"........."}`), Agent: "test-block"})
		done <- err
	}()
	if !waitFor(2*time.Second, func() bool { return blocking.Load() == 1 }) {
		t.Fatal("the blocking search did not start")
	}
	req, _ := http.NewRequest("POST", h.srv.URL+"/v1/best", strings.NewReader(`{"game":"tictactoe","state":{"board":"........."},"agent":"heuristic"}`))
	req.Header.Set("Content-Type", "application/json")
	began := time.Now()
	resp, err := h.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "1" {
		t.Fatalf("a search beyond the limit: status %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if waited := time.Since(began); waited < searchWait/2 {
		t.Fatalf("answered busy after %v, without waiting for a slot", waited)
	}
	fails(t, h, "analyze", "", map[string]any{"game": "tictactoe", "state": json.RawMessage(`{"board":"........."}`), "agent": "heuristic"}, "busy")
	// A session of people only is served meanwhile.
	v := must[View](t, h, "start", "", map[string]any{"game": "tictactoe"})
	must[View](t, h, "move", v.Session, map[string]any{"move": "b2"})
	cancel()
	if err := <-done; Classify(err).Code != "timeout" {
		t.Fatalf("the cancelled search: %v", err)
	}
	must[BestResponse](t, h, "best", "", map[string]any{"game": "tictactoe", "state": json.RawMessage(`{"board":"........."}`), "agent": "heuristic"})
}

// serve sends one request to the handler as a client at remote would.
func serve(h http.Handler, method, url, remote, ctype, body string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, url, strings.NewReader(body))
	if remote != "" {
		req.RemoteAddr = remote
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// code is the error code of an answer ("" for a success).
func code(rec *httptest.ResponseRecorder) string {
	var eb ErrorBody
	if rec.Code < 300 || json.Unmarshal(rec.Body.Bytes(), &eb) != nil {
		return ""
	}
	return eb.Error.Code
}

// TestClientQuota: one client cannot hold every session; another client
// still can start one; the session list shows a client its own sessions.
func TestClientQuota(t *testing.T) {
	sv := NewService(Limits{MaxClientSessions: 2}, nil)
	h := NewHandler(sv)
	start := `{"game":"tictactoe"}`
	for i := 0; i < 2; i++ {
		if rec := serve(h, "POST", "http://localhost/v1/sessions", "10.0.0.1:5000", "application/json", start, nil); rec.Code != 201 {
			t.Fatalf("start %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	rec := serve(h, "POST", "http://localhost/v1/sessions", "10.0.0.1:5001", "application/json", start, nil)
	if rec.Code != http.StatusTooManyRequests || code(rec) != "quota_exceeded" {
		t.Fatalf("a third session for one client: %d %s", rec.Code, rec.Body)
	}
	if rec := serve(h, "POST", "http://localhost/v1/sessions", "10.0.0.2:5000", "application/json", start, nil); rec.Code != 201 {
		t.Fatalf("another client: %d %s", rec.Code, rec.Body)
	}
	for client, want := range map[string]int{"10.0.0.1:9": 2, "10.0.0.2:9": 1, "10.0.0.3:9": 0} {
		var list []Summary
		rec := serve(h, "GET", "http://localhost/v1/sessions", client, "", "", nil)
		if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil || len(list) != want {
			t.Errorf("client %s lists %s, want %d sessions", client, rec.Body, want)
		}
	}
	// The stdio engine's one client has no quota of its own.
	for i := 0; i < 3; i++ {
		if _, err := sv.Start(context.Background(), Caller{}, StartRequest{Game: "tictactoe"}); err != nil {
			t.Fatalf("stdio start %d: %v", i, err)
		}
	}
}

// TestGuard: what a web page of another site can make a browser send is
// refused: a POST that is not JSON (a text/plain or form POST needs no
// preflight), a foreign Origin, a Host that is not this server (DNS
// rebinding), a cross-site fetch without Origin. Allowed origins get CORS.
func TestGuard(t *testing.T) {
	sv := NewService(Limits{AllowOrigins: []string{"http://localhost:3000"}, AllowHosts: []string{"moon.lan"}}, nil)
	h := NewHandler(sv)
	start := `{"session":"s","game":"tictactoe","seats":["human","human"]}`
	const url = "http://localhost:8080/v1/sessions"
	cases := []struct {
		name, method, url, ctype, body string
		header                         map[string]string
		code                           string
	}{
		{"text/plain POST", "POST", url, "text/plain", start, nil, "unsupported_media_type"},
		{"form POST", "POST", url, "application/x-www-form-urlencoded", start, nil, "unsupported_media_type"},
		{"multipart POST", "POST", url, "multipart/form-data; boundary=x", start, nil, "unsupported_media_type"},
		{"POST with a body and no type", "POST", url, "", start, nil, "unsupported_media_type"},
		{"foreign origin", "POST", url, "application/json", start, map[string]string{"Origin": "http://evil.example"}, "origin_not_allowed"},
		{"another port's origin", "POST", url, "application/json", start, map[string]string{"Origin": "http://localhost:9999"}, "origin_not_allowed"},
		{"null origin", "POST", url, "application/json", start, map[string]string{"Origin": "null"}, "origin_not_allowed"},
		{"foreign origin GET", "GET", "http://localhost:8080/v1/games", "", "", map[string]string{"Origin": "http://evil.example"}, "origin_not_allowed"},
		{"cross-site fetch without origin", "GET", "http://localhost:8080/v1/games", "", "", map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"}, "origin_not_allowed"},
		{"rebound host", "GET", "http://evil.example:8080/v1/games", "", "", nil, "host_not_allowed"},
		{"rebound host POST", "POST", "http://evil.example:8080/v1/sessions", "application/json", start, nil, "host_not_allowed"},
		{"foreign preflight", "OPTIONS", url, "", "", map[string]string{"Origin": "http://evil.example", "Access-Control-Request-Method": "POST"}, "origin_not_allowed"},
		// What passes.
		{"JSON POST", "POST", url, "application/json; charset=utf-8", start, nil, ""},
		{"same origin", "GET", "http://localhost:8080/v1/games", "", "", map[string]string{"Origin": "http://localhost:8080"}, ""},
		{"allowed origin", "GET", "http://localhost:8080/v1/games", "", "", map[string]string{"Origin": "http://localhost:3000"}, ""},
		{"loopback address", "GET", "http://127.0.0.1:8080/v1/games", "", "", nil, ""},
		{"loopback v6", "GET", "http://[::1]:8080/v1/games", "", "", nil, ""},
		{"sub.localhost", "GET", "http://app.localhost:8080/v1/games", "", "", nil, ""},
		{"LAN address", "GET", "http://192.168.1.5:8080/v1/games", "", "", nil, ""},
		{"allowed host", "GET", "http://moon.lan:8080/v1/games", "", "", nil, ""},
		{"empty POST", "POST", "http://localhost:8080/v1/sessions/s/ai", "", "", nil, "unauthorized"},
		{"navigation from another site", "GET", "http://localhost:8080/v1/help", "", "", map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}, ""},
	}
	for _, c := range cases {
		rec := serve(h, c.method, c.url, "", c.ctype, c.body, c.header)
		if got := code(rec); got != c.code {
			t.Errorf("%s: %d %s, want %q", c.name, rec.Code, strings.TrimSpace(rec.Body.String()), c.code)
		}
		for k, want := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Cache-Control": "no-store"} {
			if got := rec.Header().Get(k); got != want {
				t.Errorf("%s: %s %q, want %q", c.name, k, got, want)
			}
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: Content-Security-Policy %q", c.name, csp)
		}
	}
	// The allowed origin's preflight and answers carry CORS headers.
	rec := serve(h, "OPTIONS", url, "", "", "", map[string]string{"Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type"})
	if rec.Code != http.StatusNoContent || rec.Header().Get("Access-Control-Allow-Origin") != "http://localhost:3000" ||
		!strings.Contains(rec.Header().Get("Access-Control-Allow-Headers"), "Authorization") {
		t.Errorf("allowed preflight: %d %v", rec.Code, rec.Header())
	}
	rec = serve(h, "GET", "http://localhost:8080/v1/games", "", "", "", map[string]string{"Origin": "http://evil.example"})
	if got := rec.Header().Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("a foreign origin got Access-Control-Allow-Origin %q", got)
	}
	// A page of another site cannot play in someone's session: the POST it
	// may send without asking is refused and changes nothing.
	var v View
	if err := json.Unmarshal(serve(h, "POST", url, "", "application/json", `{"game":"tictactoe","seats":["human","human"]}`, nil).Body.Bytes(), &v); err != nil || v.Tokens == nil {
		t.Fatalf("start: %v", err)
	}
	for _, ct := range []string{"text/plain", "application/x-www-form-urlencoded"} {
		rec := serve(h, "POST", "http://localhost:8080/v1/sessions/"+v.Session+"/move", "", ct, `{"move":"b2"}`,
			map[string]string{"Origin": "http://evil.example", "Authorization": "Bearer " + v.Tokens.Creator})
		if rec.Code < 400 {
			t.Fatalf("a %s move from another origin was played: %s", ct, rec.Body)
		}
	}
	after, err := sv.Get(creator(v), v.Session)
	if err != nil || len(after.Actions) != 0 {
		t.Fatalf("the session changed: %v %v", after.Actions, err)
	}
}

// TestTokens: each human seat's token opens that seat only; the creator's
// opens everything; no token, or another session's, opens nothing. Both
// transports, a hot-seat session of two people and one against the AI.
func TestTokens(t *testing.T) {
	sv := NewService(Limits{}, nil)
	for _, c := range clients(t, sv) {
		t.Run(c.name(), func(t *testing.T) {
			hot := must[View](t, c, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "human"}})
			ai := must[View](t, c, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "heuristic"}})
			tk := *hot.Tokens
			seen := map[string]bool{}
			for _, tok := range append([]string{tk.Creator, ai.Tokens.Creator, ai.Tokens.Seats[0]}, tk.Seats...) {
				if b, err := hex.DecodeString(tok); err != nil || len(b) < 16 || seen[tok] {
					t.Fatalf("token %q: not 128 random bits, or given twice", tok)
				}
				seen[tok] = true
			}
			if ai.Tokens.Seats[1] != "" {
				t.Fatalf("an AI seat has a token: %+v", ai.Tokens)
			}
			id, p0, p1 := hot.Session, tk.Seats[0], tk.Seats[1]
			deny := func(token, op string, body any, want string) {
				t.Helper()
				data, e := c.doAs(t, token, op, id, body)
				if e == nil || e.Code != want {
					t.Fatalf("%s with token %.8q: %v %.200s, want %s", op, token, e, data, want)
				}
			}
			for _, op := range []string{"get", "delete", "ai", "analyze"} {
				deny("", op, nil, "unauthorized")
				deny("0123456789abcdef0123456789abcdef", op, nil, "unauthorized")
				deny(ai.Tokens.Creator, op, nil, "unauthorized") // another session's
			}
			deny("", "move", map[string]any{"move": "b2"}, "unauthorized")
			deny(p0, "get", map[string]any{"seat": 1}, "forbidden")
			deny(p0, "analyze", map[string]any{"seat": 1, "agent": "random"}, "forbidden")
			deny(p1, "analyze", map[string]any{"seat": 0, "agent": "random"}, "forbidden")
			deny(p0, "delete", nil, "forbidden")
			deny(p1, "move", map[string]any{"move": "b2"}, "not_your_turn")
			deny(p0, "move", map[string]any{"move": "b2", "seat": 1}, "forbidden")
			deny(p0, "move", map[string]any{"move": "b2", "seat": 1, "seat_view": true}, "forbidden")

			// A seat's token gets its seat's view, never the whole one.
			seatOnly := func(data json.RawMessage, seat int) SeatView {
				t.Helper()
				var v SeatView
				dec := json.NewDecoder(bytes.NewReader(data))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&v); err != nil || v.Seat != seat {
					t.Fatalf("not seat %d's view (%v): %.300s", seat, err, data)
				}
				return v
			}
			data, e := c.doAs(t, p0, "get", id, nil)
			if e != nil {
				t.Fatal(e)
			}
			seatOnly(data, 0)
			data, e = c.doAs(t, p0, "move", id, map[string]any{"move": "b2"})
			if e != nil {
				t.Fatal(e)
			}
			if v := seatOnly(data, 0); len(v.Moves) != 1 || v.ToMove != 1 {
				t.Fatalf("seat 0's move: %+v", v)
			}
			data, e = c.doAs(t, p1, "move", id, map[string]any{"move": "a1"})
			if e != nil {
				t.Fatal(e)
			}
			seatOnly(data, 1)
			data, e = c.doAs(t, p1, "ai", id, nil)
			if e != nil {
				t.Fatal(e)
			}
			seatOnly(data, 1)
			// The creator's token: the whole view, any seat's, delete.
			if v := must[View](t, c, "get", id, nil); len(v.Actions) != 2 || len(v.State) == 0 {
				t.Fatalf("whole view: %+v", v)
			}
			must[View](t, c, "move", id, map[string]any{"move": "c3"})
			data, e = c.doAs(t, tk.Creator, "get", id, map[string]any{"seat": 1})
			if e != nil {
				t.Fatal(e)
			}
			seatOnly(data, 1)
			must[Deleted](t, c, "delete", id, nil)
		})
	}
	// Open mode: no token is needed.
	open := NewService(Limits{Open: true}, nil)
	for _, c := range clients(t, open) {
		v := must[View](t, c, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "human"}})
		if _, e := c.doAs(t, "", "move", v.Session, map[string]any{"move": "b2"}); e != nil {
			t.Fatalf("%s open mode: %v", c.name(), e)
		}
		if data, e := c.doAs(t, "", "get", v.Session, nil); e != nil || !bytes.Contains(data, []byte(`"state"`)) {
			t.Fatalf("%s open mode get: %v", c.name(), e)
		}
	}
}

// TestSeedsDrawn: without a seed, each session draws one from the system,
// so two sessions alike do not deal the same cards; the whole view tells
// it, a seat's view does not; a given seed is kept.
func TestSeedsDrawn(t *testing.T) {
	sv := NewService(Limits{}, nil)
	c := newHTTPClient(t, sv)
	seeds := map[uint64]bool{}
	for range 8 {
		v := must[View](t, c, "start", "", map[string]any{"game": "lunar-rally", "seats": []string{"human", "heuristic"}, "ai": true})
		if v.Seed >= maxSeed || seeds[v.Seed] {
			t.Fatalf("seed %d: repeated or over 2^53", v.Seed)
		}
		seeds[v.Seed] = true
	}
	for _, seed := range []uint64{0, 7, maxSeed + 5} {
		v := must[View](t, c, "start", "", map[string]any{"game": "tictactoe", "seed": seed})
		if v.Seed != seed {
			t.Fatalf("seed %d given, %d kept", seed, v.Seed)
		}
	}
}

// TestStartSeatView: a start may answer with a seat's view (and the
// tokens), so that a player's front end never receives the whole view.
func TestStartSeatView(t *testing.T) {
	for _, c := range clients(t, NewService(Limits{}, nil)) {
		data, e := c.do(t, "start", "", map[string]any{"game": "lunar-rally", "seats": []string{"heuristic", "human"}, "ai": true, "seat": 1, "seat_view": true})
		if e != nil {
			t.Fatal(e)
		}
		var v SeatView
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil || v.Seat != 1 || v.Tokens == nil || v.Tokens.Seats[1] == "" {
			t.Fatalf("%s: %v %.300s", c.name(), err, data)
		}
		if bytes.Contains(data, []byte(`"seed"`)) || bytes.Contains(data, []byte(`"state"`)) {
			t.Fatalf("%s: a seat's start view tells the seed or the state", c.name())
		}
		fails(t, c, "start", "", map[string]any{"game": "tictactoe", "seat": 0}, "bad_request")
		fails(t, c, "start", "", map[string]any{"game": "tictactoe", "seat": 2, "seat_view": true}, "bad_request")
	}
}

// TestEngineEchoesValidJSON: an id with invalid UTF-8 comes back as valid
// JSON (the bad bytes replaced), as every other string does.
func TestEngineEchoesValidJSON(t *testing.T) {
	for _, line := range []string{
		"{\"id\":\"\xff\xfe\",\"op\":\"help\"}",
		"{\"id\":[\"a\xc3\",{\"k\xff\":1}],\"op\":\"games\"}",
		"{\"id\":\"ok\",\"op\":\"nope\xff\"}",
		"{\"id\":\"\xed\xa0\x80\",\"op\":\"sessions\",\"token\":\"\xff\"}",
	} {
		var out bytes.Buffer
		if err := ServeLines(context.Background(), NewService(Limits{}, nil), strings.NewReader(line+"\n"), &out); err != nil {
			t.Fatal(err)
		}
		if !utf8.Valid(out.Bytes()) || !json.Valid(out.Bytes()) {
			t.Errorf("%q: the answer is not valid JSON: %q", line, out.String())
		}
	}
}

// TestHostileMix: ordinary sessions go on while other clients send every
// hostile body found so far; each hostile one is refused fast, and the heap
// stays small. (The long run is TestLoad with -load.)
func TestHostileMix(t *testing.T) {
	sv := NewService(Limits{RequestTimeout: 2 * time.Second}, nil)
	c := newHTTPClient(t, sv)
	hostile := hostileBodies()
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, hb := range hostile {
				if i%4 != w {
					continue
				}
				req, _ := http.NewRequest(hb.method, c.srv.URL+hb.path, strings.NewReader(hb.body))
				if hb.ctype != "" {
					req.Header.Set("Content-Type", hb.ctype)
				}
				resp, err := c.srv.Client().Do(req)
				if err != nil {
					errs <- err
					return
				}
				resp.Body.Close()
				if resp.StatusCode < 400 {
					errs <- fmt.Errorf("hostile %s %s %.60s: status %d", hb.method, hb.path, hb.body, resp.StatusCode)
				}
			}
		}()
	}
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				data, e := c.do(t, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "heuristic"}})
				if e != nil {
					errs <- fmt.Errorf("ordinary start: %s", e.Message)
					return
				}
				var v View
				_ = json.Unmarshal(data, &v)
				for len(v.Legal) > 0 && !v.Terminal {
					data, e = c.do(t, "move", v.Session, map[string]any{"action": v.Legal[0].Action, "ai": true})
					if e != nil {
						errs <- fmt.Errorf("ordinary move: %s", e.Message)
						return
					}
					v = View{}
					_ = json.Unmarshal(data, &v)
				}
				if _, e := c.do(t, "delete", v.Session, nil); e != nil {
					errs <- fmt.Errorf("ordinary delete: %s", e.Message)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if !waitFor(3*time.Second, func() bool { return len(sv.searches) == 0 }) {
		t.Errorf("%d searches still run", len(sv.searches))
	}
}

// hostileBody is one request of the attack that found the holes.
type hostileBody struct{ method, path, ctype, body string }

// hostileBodies are requests that killed, blocked or fooled the server
// before: unbounded agent options, endless searches, non-JSON POSTs,
// files, unknown sessions.
func hostileBodies() []hostileBody {
	j := "application/json"
	best := func(agent string) hostileBody {
		return hostileBody{"POST", "/v1/best", j, `{"game":"tictactoe","state":{"board":"........."},"agent":"` + agent + `"}`}
	}
	analyze := func(body string) hostileBody {
		return hostileBody{"POST", "/v1/analyze", j, body}
	}
	return []hostileBody{
		best("mcts:sims=2,batch=100000000"),
		best("greedy:worlds=1000000000"),
		best("mcts:sims=1,rollouts=2000000000"),
		best("mcts:sims=100000000"),
		best("az:model=/dev/zero"),
		best("az:model=builtin,sims=10,playout=1000000000"),
		{"POST", "/v1/sessions", j, `{"game":"tictactoe","seats":["human","mcts:sims=2,batch=100000000"]}`},
		{"POST", "/v1/sessions", j, `{"game":"walking-moon","params":{"data":"/etc/shadow"}}`},
		{"POST", "/v1/sessions", "text/plain", `{"game":"tictactoe"}`},
		{"POST", "/v1/sessions", "application/x-www-form-urlencoded", `{"game":"tictactoe"}`},
		{"POST", "/v1/sessions/nope/move", j, `{"move":"b2"}`},
		{"DELETE", "/v1/sessions/nope", "", ""},
		{"POST", "/v1/best", j, `{"game":"tictactoe","state":{"board":"XXXX....."},"agent":"heuristic"}`},
		{"POST", "/v1/best", j, strings.Repeat("[", 100000)},
		analyze(`{"game":"tictactoe","state":{"board":"........."},"agent":"mcts:sims=2,batch=100000000"}`),
		analyze(`{"game":"tictactoe","state":{"board":"........."},"sims":100000000,"top":1000000000}`),
		analyze(`{"game":"tictactoe","state":{"board":"........."},"agent":"az:model=/dev/zero"}`),
		analyze(`{"game":"tictactoe","state":{"board":"XXXOO...."},"agent":"mcts:mode=perfect"}`),
		analyze(`{"game":"tictactoe","state":{"board":"........."},"seat":1000000000}`),
		analyze(`{"game":"tictactoe","state":{"board":"........."},"top":-1}`),
		analyze(`{"record":{"game":"tictactoe","actions":[0,0]}}`),
		{"POST", "/v1/sessions/nope/analyze", j, `{"seat":0}`},
		{"POST", "/v1/analyze", "text/plain", `{"game":"tictactoe","state":{"board":"........."}}`},
	}
}

// TestAllowedFilesAreSafe: with --allow-files, a file the client names is
// read only if it is a regular file of bounded size, and an error never
// quotes it: a device is refused at once (az:model=/dev/zero crashed the
// server), and a secret's first line does not come back in the error.
func TestAllowedFilesAreSafe(t *testing.T) {
	sv := NewService(Limits{AllowFiles: true, RequestTimeout: 10 * time.Second}, nil)
	dir := t.TempDir()
	secret := dir + "/shadow"
	const hash = "root:$6$SECRETHASHxyz:19000:0:99999:7:::"
	if err := os.WriteFile(secret, []byte(hash+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range clients(t, sv) {
		for _, tc := range []struct {
			op   string
			body map[string]any
			code string
		}{
			{"best", map[string]any{"game": "tictactoe", "state": json.RawMessage(`{"board":"........."}`), "agent": "az:model=/dev/zero"}, "bad_agent_spec"},
			{"best", map[string]any{"game": "tictactoe", "state": json.RawMessage(`{"board":"........."}`), "agent": "net:model=" + secret}, "bad_agent_spec"},
			{"start", map[string]any{"game": "walking-moon", "params": map[string]any{"data": secret}}, "bad_param"},
			{"start", map[string]any{"game": "march-mars", "params": map[string]any{"data": secret}}, "bad_param"},
			{"start", map[string]any{"game": "planet-cubes", "params": map[string]any{"board": secret}}, "bad_param"},
			{"start", map[string]any{"game": "lunar-rally", "params": map[string]any{"scenario": secret}}, "bad_param"},
			{"start", map[string]any{"game": "walking-moon", "params": map[string]any{"data": "/dev/zero"}}, "bad_param"},
		} {
			began := time.Now()
			e := fails(t, c, tc.op, "", tc.body, tc.code)
			if strings.Contains(e.Message, "SECRET") || strings.Contains(e.Message, "root:") {
				t.Errorf("%s %v: the error quotes the file: %s", c.name(), tc.body, e.Message)
			}
			if d := time.Since(began); d > 2*time.Second {
				t.Errorf("%s %v: took %v", c.name(), tc.body, d)
			}
		}
	}
}

// TestNetworkSeatMemory: an AI seat played with a network keeps its
// evaluation cache as long as its session: the server bounds the cache
// (--max-cache, injected when not given) and the seats held at once
// (--max-model-seats). Unbounded, a dozen sessions of whole games held 2 GB.
func TestNetworkSeatMemory(t *testing.T) {
	l := Limits{MaxCacheMiB: 4, MaxModelSeats: 3}
	for spec, want := range map[string]string{
		"az:model=builtin":         "az:cache=4,model=builtin",
		"net:model=builtin,temp=1": "net:cache=4,model=builtin,temp=1",
		"az:model=builtin,cache=2": "az:model=builtin,cache=2",
		"mcts:sims=10":             "mcts:sims=10",
		"heuristic":                "heuristic",
	} {
		if got, err := l.served(spec); err != nil || got != want {
			t.Errorf("served(%q) = %q, %v; want %q", spec, got, err, want)
		}
	}
	sv := NewService(l, nil)
	for _, c := range clients(t, sv) {
		fails(t, c, "best", "", map[string]any{"game": "tictactoe", "state": json.RawMessage(`{"board":"........."}`), "agent": "az:model=builtin,sims=10,cache=5"}, "budget_too_large")
		must[BestResponse](t, c, "best", "", map[string]any{"game": "tictactoe", "state": json.RawMessage(`{"board":"........."}`), "agent": "az:model=builtin,sims=10,cache=4"})
		fails(t, c, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "net:model=builtin,cache=64"}}, "budget_too_large")
	}
	c := newHTTPClient(t, sv)
	a := must[View](t, c, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"az:model=builtin,sims=10", "net:model=builtin"}})
	must[View](t, c, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "az:model=builtin,sims=10"}})
	e := fails(t, c, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "net:model=builtin"}}, "too_many_sessions")
	if !strings.Contains(e.Message, "--max-model-seats") {
		t.Errorf("message %q", e.Message)
	}
	must[View](t, c, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "heuristic"}})
	must[Deleted](t, c, "delete", a.Session, nil)
	must[View](t, c, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "net:model=builtin"}})
}
