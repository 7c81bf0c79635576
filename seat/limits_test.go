package seat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moongym/moongym/agents"
)

func TestCheckAgent(t *testing.T) {
	l := Limits{MaxSims: 100}
	for _, tc := range []struct {
		spec string
		want error
	}{
		{"random", nil},
		{"test-search", nil}, // default sims=50
		{"test-search:sims=100", nil},
		{"test-search:sims=101", ErrBudget},
		{"test-search: sims = 5000 ", ErrBudget},
		{"test-search:sims=lots", agents.ErrBadSpec},
		{"nobody", agents.ErrUnknownAgent},
		{"random:=3", agents.ErrBadSpec},
		{"", agents.ErrBadSpec},
	} {
		err := l.CheckAgent(tc.spec)
		if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("CheckAgent(%q) = %v, want %v", tc.spec, err, tc.want)
		}
	}
	// The default sims of an agent counts when the spec gives none.
	err := Limits{MaxSims: 10}.CheckAgent("test-search")
	if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "default sims=50") {
		t.Errorf("default over the limit: %v", err)
	}
	allow := Limits{Agents: []string{"random"}}
	if err := allow.CheckAgent("heuristic"); !errors.Is(err, ErrAgentNotAllowed) {
		t.Errorf("agent outside the allow list: %v", err)
	}
	if err := allow.CheckAgent("random:seed=3"); err != nil {
		t.Errorf("allowed agent: %v", err)
	}
}

func TestWithSims(t *testing.T) {
	for in, want := range map[string]string{
		"mcts":                 "mcts:sims=7",
		"mcts:sims=400":        "mcts:sims=7",
		"mcts:seed=2,sims=400": "mcts:seed=2,sims=7",
	} {
		got, err := withSims(in, 7)
		if err != nil || got != want {
			t.Errorf("withSims(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestDefaultLimits(t *testing.T) {
	got := NewService(Limits{MaxSims: 5}, nil).Limits()
	d := DefaultLimits()
	if got.MaxSims != 5 || got.MaxBodyBytes != d.MaxBodyBytes || got.RequestTimeout != d.RequestTimeout ||
		got.MaxSessions != d.MaxSessions || got.IdleTimeout != d.IdleTimeout {
		t.Errorf("limits %+v", got)
	}
	data, err := json.Marshal(got)
	if err != nil || !bytes.Contains(data, []byte(`"request_timeout":"30s"`)) {
		t.Errorf("limits JSON %s, %v", data, err)
	}
}

func TestAgentAllowList(t *testing.T) {
	sv := NewService(Limits{Agents: []string{"random", "heuristic"}}, nil)
	for _, c := range clients(t, sv) {
		list := must[[]agents.Info](t, c, "agents", "", nil)
		if len(list) != 2 || list[0].Name != "heuristic" || list[1].Name != "random" {
			t.Errorf("%s: agents %+v", c.name(), list)
		}
		fails(t, c, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"human", "test-search"}}, "agent_not_allowed")
		fails(t, c, "best", "", map[string]any{"game": "tictactoe", "agent": "test-search", "state": json.RawMessage(`{"board":"........."}`)}, "agent_not_allowed")
	}
}

func TestBodyLimit(t *testing.T) {
	sv := NewService(Limits{MaxBodyBytes: 200}, nil)
	big := map[string]any{"game": "tictactoe", "session": "x", "seats": []string{"human", "random:seed=" + strings.Repeat("1", 300)}}
	for _, c := range clients(t, sv) {
		fails(t, c, "start", "", big, "body_too_large")
		// Just under the limit is fine.
		must[View](t, c, "start", "", map[string]any{"game": "tictactoe", "session": c.name()})
		if n := len(allSessions(sv)); n != map[string]int{"http": 1, "stdio": 2}[c.name()] {
			t.Fatalf("%d sessions", n)
		}
	}
	// A line over the limit is skipped to its end; the next line is served.
	var out bytes.Buffer
	in := strings.Repeat("x", 5000) + "\n" + `{"op":"sessions","id":2}` + "\n"
	if err := ServeLines(context.Background(), sv, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"body_too_large"`) || !strings.Contains(lines[1], `"id":2,"op":"sessions","ok":true`) {
		t.Fatalf("responses:\n%s", out.String())
	}
}

func TestMaxSessions(t *testing.T) {
	sv := NewService(Limits{MaxSessions: 2}, nil)
	c := newHTTPClient(t, sv)
	a := must[View](t, c, "start", "", map[string]any{"game": "tictactoe"})
	must[View](t, c, "start", "", map[string]any{"game": "tictactoe"})
	fails(t, c, "start", "", map[string]any{"game": "tictactoe"}, "too_many_sessions")
	must[Deleted](t, c, "delete", a.Session, nil)
	must[View](t, c, "start", "", map[string]any{"game": "tictactoe"})
}

func TestIdleExpiry(t *testing.T) {
	sv := NewService(Limits{IdleTimeout: time.Minute}, nil)
	var mu sync.Mutex
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	sv.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	ctx := context.Background()
	old, err := sv.Start(ctx, Caller{}, StartRequest{Game: "tictactoe", Session: "old"})
	if err != nil {
		t.Fatal(err)
	}
	advance(40 * time.Second)
	young, err := sv.Start(ctx, Caller{}, StartRequest{Game: "tictactoe", Session: "young"})
	if err != nil {
		t.Fatal(err)
	}
	advance(30 * time.Second) // old: 70s idle, young: 30s
	if n := sv.Expire(); n != 1 {
		t.Fatalf("expired %d, want 1", n)
	}
	if _, err := sv.Get(creator(old), old.Session); !errors.Is(err, ErrUnknownSession) {
		t.Fatalf("expired session: %v", err)
	}
	// Using a session keeps it alive.
	advance(50 * time.Second)
	if _, err := sv.Get(creator(young), "young"); err != nil {
		t.Fatal(err)
	}
	advance(50 * time.Second)
	if n := sv.Expire(); n != 0 {
		t.Fatalf("expired %d sessions in use", n)
	}
	// A session that a request holds is not expired under it.
	s, _ := sv.lookup("young")
	if err := s.lock(ctx); err != nil {
		t.Fatal(err)
	}
	advance(2 * time.Minute)
	if n := sv.Expire(); n != 0 {
		t.Fatalf("expired a session in use")
	}
	s.unlock()
	if n := sv.Expire(); n != 1 {
		t.Fatalf("expired %d, want 1", n)
	}
	// The janitor expires on its own.
	sv.now = time.Now
	sv.limits.IdleTimeout = time.Millisecond
	if _, err := sv.Start(ctx, Caller{}, StartRequest{Game: "tictactoe"}); err != nil {
		t.Fatal(err)
	}
	jctx, cancel := context.WithCancel(ctx)
	go sv.Janitor(jctx, 5*time.Millisecond)
	defer cancel()
	for deadline := time.Now().Add(5 * time.Second); len(allSessions(sv)) > 0; {
		if time.Now().After(deadline) {
			t.Fatal("the janitor did not expire the idle session")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestTimeout: an AI that thinks past the time limit fails the request with
// "timeout" and leaves the session as it was, even after it finishes.
func TestTimeout(t *testing.T) {
	sv := NewService(Limits{RequestTimeout: 50 * time.Millisecond}, nil)
	clients := clients(t, sv)
	for _, c := range clients {
		id := "slow-" + c.name()
		before := must[View](t, c, "start", "", map[string]any{"session": id, "game": "tictactoe", "seats": []string{"test-slow", "human"}})
		fails(t, c, "ai", id, nil, "timeout")
		fails(t, c, "ai", id, nil, "timeout") // waits for the first one's AI, then gives up
		fails(t, c, "best", "", map[string]any{"game": "tictactoe", "agent": "test-slow", "state": json.RawMessage(`{"board":"........."}`)}, "timeout")
		time.Sleep(400 * time.Millisecond) // the abandoned AI finishes
		after := must[View](t, c, "get", id, nil)
		if len(after.Actions) != 0 || !jsonEqual(t, after.State, before.State) {
			t.Fatalf("a timed-out request changed the session: %v", after.Actions)
		}
		if after.HumanToMove || after.ToMove != 0 {
			t.Fatalf("to move %d, human %v", after.ToMove, after.HumanToMove)
		}
	}
	// With time enough, the same request succeeds.
	sv.limits.RequestTimeout = 5 * time.Second
	v, err := sv.AI(context.Background(), Caller{Token: clients[0].(*httpClient).keys.token("slow-http")}, "slow-http", AIRequest{})
	if err != nil || len(v.Moves) != 1 {
		t.Fatalf("ai with time enough: %v %v", v.Moves, err)
	}
}

// TestRecover: a panic in a handler is answered with "internal" and the
// server goes on serving; so is a panic in an agent, in a game's code or
// anywhere in an operation.
func TestRecover(t *testing.T) {
	sv := NewService(Limits{}, nil)
	calls := 0
	h := Recover(sv, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		if r.URL.Path == "/boom" {
			var m map[string]int
			m["x"]++ // a nil map write: a runtime panic
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	for i := 0; i < 3; i++ {
		resp, err := srv.Client().Get(srv.URL + "/boom")
		if err != nil {
			t.Fatal(err)
		}
		var eb ErrorBody
		err = json.NewDecoder(resp.Body).Decode(&eb)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 500 || eb.Error.Code != "internal" {
			t.Fatalf("panic answered with %d %+v (%v)", resp.StatusCode, eb, err)
		}
		resp, err = srv.Client().Get(srv.URL + "/fine")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNoContent {
			t.Fatalf("after a panic: %d", resp.StatusCode)
		}
	}
	if calls != 6 {
		t.Fatalf("%d calls", calls)
	}
	// Through the whole server: an agent that panics, again and again.
	for _, c := range clients(t, sv) {
		id := "p-" + c.name()
		must[View](t, c, "start", "", map[string]any{"session": id, "game": "tictactoe", "seats": []string{"test-panic", "human"}})
		for i := 0; i < 3; i++ {
			fails(t, c, "ai", id, nil, "internal")
			fails(t, c, "start", "", map[string]any{"game": "tictactoe", "seats": []string{"test-panic", "human"}, "ai": true}, "internal")
		}
		if v := must[View](t, c, "get", id, nil); len(v.Actions) != 0 {
			t.Fatalf("a panic changed the session")
		}
	}
}
