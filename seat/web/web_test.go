package web_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	"github.com/moongym/moongym/seat"
	"github.com/moongym/moongym/seat/web"
)

func TestHandler(t *testing.T) {
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"api":"`+r.Method+" "+r.URL.Path+`"}`)
	})
	srv := httptest.NewServer(web.Handler(seat.NewService(seat.Limits{}, nil), api))
	defer srv.Close()
	for _, c := range []struct {
		method, path string
		status       int
		typ, body    string
	}{
		{"GET", "/", 200, "text/html", `<script type="module" src="/web/app.js">`},
		{"GET", "/web/app.js", 200, "javascript", "/v1/sessions"},
		{"GET", "/web/style.css", 200, "text/css", "#board"},
		{"GET", "/web/missing.js", 404, "text/plain", "not found"},
		{"GET", "/v1/help", 200, "application/json", `"GET /v1/help"`},
		{"POST", "/", 200, "application/json", `"POST /"`},
		{"POST", "/web/app.js", 200, "application/json", `"POST /web/app.js"`},
		{"GET", "/web/whole/nosuch", 404, "application/json", `"unknown_session"`},
	} {
		req, err := http.NewRequest(c.method, srv.URL+c.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != c.status || !strings.Contains(res.Header.Get("Content-Type"), c.typ) || !strings.Contains(string(body), c.body) {
			t.Errorf("%s %s: %d %q %.80q, want %d %q containing %q", c.method, c.path, res.StatusCode, res.Header.Get("Content-Type"), body, c.status, c.typ, c.body)
		}
	}
}

// TestWhole: a spectator's view of a session is the state drawn whole and
// every move named in full, labelled in its mover's words, with the game's
// events.
func TestWhole(t *testing.T) {
	sv := seat.NewService(seat.Limits{}, nil)
	actions := []engine.Action{0, 3, 1, 4, 2}
	v, err := sv.Start(context.Background(), seat.Caller{}, seat.StartRequest{Session: "s", Game: "tictactoe", Actions: actions})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.Handler(sv, http.NotFoundHandler()))
	defer srv.Close()
	get := func(token string) *http.Response {
		req, err := http.NewRequest("GET", srv.URL+"/web/whole/s", nil)
		if err != nil {
			t.Fatal(err)
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	// Only the creator's token opens the whole session.
	for token, status := range map[string]int{"": 401, v.Tokens.Seats[0]: 403, "0123": 401} {
		res := get(token)
		res.Body.Close()
		if res.StatusCode != status {
			t.Errorf("whole view with token %q: status %d, want %d", token, res.StatusCode, status)
		}
	}
	res := get(v.Tokens.Creator)
	defer res.Body.Close()
	var w web.Whole
	if err := json.NewDecoder(res.Body).Decode(&w); err != nil {
		t.Fatal(err)
	}
	s, err := engine.ReplayActions(must(engine.Load("tictactoe", nil)), actions)
	if err != nil {
		t.Fatal(err)
	}
	svg, _ := engine.SVG(s)
	if w.SVG != string(svg) || w.Text != s.String() || w.ToMove != int(s.CurrentPlayer()) || w.Seat != -1 {
		t.Errorf("whole view %+v does not draw the state", w)
	}
	if len(w.History) != len(actions) {
		t.Fatalf("%d moves in the history, want %d", len(w.History), len(actions))
	}
	if m := w.History[4]; m.Player != 0 || m.By != "human" || *m.Action != 2 || m.Name != "c1" || m.Label != "X in row 1, column 3" ||
		!slices.Equal(m.Events, []string{"p0: c1", "X marks c1", "X completes a line and wins"}) {
		t.Errorf("last move %+v (events %q)", m, m.Events)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestPageHeaders: the page loads only from here and is framed by no one;
// a rebound Host name or a cross-site fetch of its files is refused.
func TestPageHeaders(t *testing.T) {
	h := web.Handler(seat.NewService(seat.Limits{}, nil), http.NotFoundHandler())
	for _, c := range []struct {
		host   string
		header map[string]string
		status int
	}{
		{"localhost:8080", nil, 200},
		{"127.0.0.1:8080", nil, 200},
		{"evil.example:8080", nil, 403},
		{"localhost:8080", map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"}, 403},
		{"localhost:8080", map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}, 200},
	} {
		for _, path := range []string{"/", "/web/app.js"} {
			req := httptest.NewRequest("GET", "http://"+c.host+path, nil)
			for k, v := range c.header {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != c.status {
				t.Errorf("%s%s %v: %d, want %d", c.host, path, c.header, rec.Code, c.status)
			}
			if c.status != 200 {
				continue
			}
			csp := rec.Header().Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("%s: CSP %q lacks %q", path, csp, want)
				}
			}
			if rec.Header().Get("X-Frame-Options") != "DENY" || rec.Header().Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("%s: headers %v", path, rec.Header())
			}
		}
	}
}
