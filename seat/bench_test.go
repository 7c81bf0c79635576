package seat

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkOrdinarySession is the ordinary path through the HTTP handler
// (no network): start tic-tac-toe against the heuristic, three moves each
// answered by the AI, a read, a delete. Written to run unchanged on commits
// before tokens (the headers are then ignored), so that old and new can be
// compared side by side (docs/benchmarks/serve.md).
func BenchmarkOrdinarySession(b *testing.B) {
	h := NewHandler(NewService(Limits{}, nil))
	do := func(method, path, token, body string) []byte {
		req := httptest.NewRequest(method, "http://localhost:8080"+path, strings.NewReader(body))
		req.RemoteAddr = "127.0.0.1:40000"
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 300 {
			b.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
		}
		return rec.Body.Bytes()
	}
	b.ReportAllocs()
	for b.Loop() {
		var v struct {
			Session string `json:"session"`
			Tokens  struct {
				Creator string `json:"creator"`
			} `json:"tokens"`
		}
		if err := json.Unmarshal(do("POST", "/v1/sessions", "", `{"game":"tictactoe","seed":1,"seats":["human","heuristic"]}`), &v); err != nil {
			b.Fatal(err)
		}
		path := "/v1/sessions/" + v.Session
		for _, m := range []string{"b2", "c3", "#5"} {
			do("POST", path+"/move", v.Tokens.Creator, `{"move":"`+m+`","ai":true}`)
		}
		do("GET", path, v.Tokens.Creator, "")
		do(http.MethodDelete, path, v.Tokens.Creator, "")
	}
}
