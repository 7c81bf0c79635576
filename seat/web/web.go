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

// pageCSP is the page's Content-Security-Policy: its own scripts, styles
// and requests only (the SVG drawings carry style attributes), no frames.
const pageCSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the page at /, its files under /web/, and at
// GET /web/whole/{session} a session drawn whole for spectators (Whole); it
// passes every other request to api (the seat protocol's handler for sv).
// The page's own answers pass seat.Guard (Host and Origin checked) and
// carry a Content-Security-Policy that lets them load only from here and
// be framed by no one.
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
	page := seat.Guard(sv.Limits(), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", pageCSP)
		w.Header().Del("Cache-Control") // the page and its files may be cached
		if r.URL.Path == "/" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(index)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/web/whole/") {
			w.Header().Set("Cache-Control", "no-store")
		}
		mux.ServeHTTP(w, r)
	}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/" && (r.Method == http.MethodGet || r.Method == http.MethodHead),
			strings.HasPrefix(r.URL.Path, "/web/") && r.Method == http.MethodGet:
			page.ServeHTTP(w, r)
		default:
			api.ServeHTTP(w, r)
		}
	})
}
