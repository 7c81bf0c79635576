package web_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/moongym/moongym/seat/web"
)

func TestHandler(t *testing.T) {
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"api":"`+r.Method+" "+r.URL.Path+`"}`)
	})
	srv := httptest.NewServer(web.Handler(api))
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
