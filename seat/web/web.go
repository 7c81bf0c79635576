// Package web serves the moongym web page: a lobby to choose a game, its
// parameters and who plays each seat, then play as a person, watch agents
// play, or replay a record. The page is plain HTML and JavaScript modules
// embedded in the binary (no build step) and speaks only the seat protocol
// (/v1/..., docs/protocol.md), so it is also a worked example for front-end
// authors.
package web

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"

	"github.com/moongym/moongym/seat"
)

//go:embed static
var static embed.FS

// Handler serves the page at /, its files under /web/, and at
// GET /web/whole/{session} a session drawn whole for spectators (Whole); it
// passes every other request to api (the seat protocol's handler for sv).
func Handler(sv *seat.Service, api http.Handler) http.Handler {
	sub, err := fs.Sub(static, "static")
	if err != nil { // the embedded folder is fixed at build time
		panic(err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /web/", http.StripPrefix("/web/", http.FileServer(http.FS(sub))))
	mux.HandleFunc("GET /web/whole/{session}", whole(sv))
	index, err := fs.ReadFile(sub, "index.html")
	if err != nil {
		panic(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(index)
		case strings.HasPrefix(r.URL.Path, "/web/") && r.Method == http.MethodGet:
			mux.ServeHTTP(w, r)
		default:
			api.ServeHTTP(w, r)
		}
	})
}
