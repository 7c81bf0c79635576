package seat

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
)

// NewHandler serves the service's operations as an HTTP/JSON API (see
// [Ops] and docs/protocol.md). Every response is JSON; errors are
// {"error": {"code", "status", "message"}} with the status of their code.
// A panic in a request is recovered and answered with "internal".
func NewHandler(sv *Service) http.Handler {
	h := &handler{sv: sv}
	mux := http.NewServeMux()
	h.route(mux, "/v1/help", nil, map[string]http.HandlerFunc{"GET": h.help})
	h.route(mux, "/v1/games", nil, map[string]http.HandlerFunc{"GET": h.games})
	h.route(mux, "/v1/games/{game}", anyQuery, map[string]http.HandlerFunc{"GET": h.game})
	h.route(mux, "/v1/agents", nil, map[string]http.HandlerFunc{"GET": h.agents})
	h.route(mux, "/v1/sessions", nil, map[string]http.HandlerFunc{"GET": h.list, "POST": h.start})
	h.route(mux, "/v1/sessions/{session}", []string{"seat"}, map[string]http.HandlerFunc{"GET": h.get, "DELETE": h.delete})
	h.route(mux, "/v1/sessions/{session}/move", nil, map[string]http.HandlerFunc{"POST": h.move})
	h.route(mux, "/v1/sessions/{session}/ai", nil, map[string]http.HandlerFunc{"POST": h.ai})
	h.route(mux, "/v1/sessions/{session}/analyze", nil, map[string]http.HandlerFunc{"POST": h.analyzeSession})
	h.route(mux, "/v1/best", nil, map[string]http.HandlerFunc{"POST": h.best})
	h.route(mux, "/v1/analyze", nil, map[string]http.HandlerFunc{"POST": h.analyze})
	notFound := func(w http.ResponseWriter, r *http.Request) {
		writeError(w, fmt.Errorf("%w: %s %q (GET /v1/help lists them)", ErrNotFound, r.Method, r.URL.Path))
	}
	mux.HandleFunc("/", notFound)
	return Recover(sv, Guard(sv.limits, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The mux would redirect a path that is not clean ("//v1/games",
		// "/v1/../v1/games"); an API answers in JSON instead.
		if p := r.URL.Path; p == "" || p[0] != '/' || path.Clean(p) != p {
			notFound(w, r)
			return
		}
		mux.ServeHTTP(w, r)
	})))
}

// Recover answers a request whose handler panics with an "internal" error
// (if nothing was written yet) and logs the panic; the server goes on.
func Recover(sv *Service, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rw := &watchWriter{ResponseWriter: w}
		defer func() {
			p := recover()
			if p == nil {
				return
			}
			if p == http.ErrAbortHandler {
				panic(p)
			}
			sv.log.Error("panic in a request", "method", r.Method, "path", r.URL.Path, "panic", p, "stack", string(debug.Stack()))
			if !rw.wrote {
				writeError(w, fmt.Errorf("%w: panic: %v", ErrInternal, p))
			}
		}()
		next.ServeHTTP(rw, r)
	})
}

// watchWriter remembers whether the header was written.
type watchWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *watchWriter) WriteHeader(code int) {
	w.wrote = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *watchWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

type handler struct{ sv *Service }

// anyQuery lets a path take any query parameter (a game's parameters,
// which the game checks).
var anyQuery = []string{"*"}

// route serves path with one handler per method; other methods get 405.
// query lists the query parameters the path takes: any other is an error,
// as an unknown body field is, so that a typo ("?Seat=0") does not pass
// silently.
func (h *handler) route(mux *http.ServeMux, path string, query []string, methods map[string]http.HandlerFunc) {
	allow := make([]string, 0, len(methods))
	for m := range methods {
		allow = append(allow, m)
	}
	slices.Sort(allow)
	mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		if f, ok := methods[r.Method]; ok {
			if err := checkQuery(r, query); err != nil {
				writeError(w, err)
				return
			}
			f(w, r)
			return
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeError(w, fmt.Errorf("%w: %s %s (allowed: %s)", ErrMethod, r.Method, r.URL.Path, strings.Join(allow, ", ")))
	})
}

// checkQuery refuses query parameters that are not in allowed.
func checkQuery(r *http.Request, allowed []string) error {
	if slices.Equal(allowed, anyQuery) {
		return nil
	}
	for k := range r.URL.Query() {
		if !slices.Contains(allowed, k) {
			takes := "no query parameters"
			if len(allowed) > 0 {
				takes = "only " + strings.Join(allowed, ", ")
			}
			return fmt.Errorf("%w: unknown query parameter %q (%s %s takes %s)", ErrBadRequest, k, r.Method, r.URL.Path, takes)
		}
	}
	return nil
}

// body reads the request body within the size limit.
func (h *handler) body(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.sv.limits.MaxBodyBytes))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return nil, fmt.Errorf("%w: the limit is %d bytes", ErrBodyTooLarge, tooBig.Limit)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: reading the body: %v", ErrBadJSON, err)
	}
	return data, nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		data, _ = json.Marshal(map[string]Error{"error": Classify(fmt.Errorf("%w: encode response: %w", ErrInternal, err))})
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(append(data, '\n')) // the client may have gone; nothing to do then
}

// ErrorBody is the JSON body of an error response.
type ErrorBody struct {
	Error Error `json:"error"`
}

func writeError(w http.ResponseWriter, err error) {
	e := Classify(err)
	switch e.Code {
	case "busy":
		w.Header().Set("Retry-After", "1")
	case "unauthorized":
		w.Header().Set("WWW-Authenticate", `Bearer realm="moongym"`)
	}
	writeJSON(w, e.Status, ErrorBody{e})
}

func reply[T any](w http.ResponseWriter, status int, v T, err error) {
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, status, v)
}

func (h *handler) help(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, h.sv.Help())
}

func (h *handler) games(w http.ResponseWriter, r *http.Request) {
	g, err := h.sv.Games()
	reply(w, http.StatusOK, g, err)
}

func (h *handler) game(w http.ResponseWriter, r *http.Request) {
	params := Params{}
	for k, v := range r.URL.Query() {
		if len(v) != 1 {
			writeError(w, fmt.Errorf("%w: parameter %q given %d times", engine.ErrBadParam, k, len(v)))
			return
		}
		params[k] = v[0]
	}
	g, err := h.sv.Game(GameRequest{Game: r.PathValue("game"), Params: params})
	reply(w, http.StatusOK, g, err)
}

func (h *handler) agents(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, h.sv.Agents())
}

func (h *handler) list(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, h.sv.Sessions(CallerOf(r)))
}

func (h *handler) start(w http.ResponseWriter, r *http.Request) {
	data, err := h.body(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	req, err := DecodeStart(data)
	if err != nil {
		writeError(w, err)
		return
	}
	v, err := h.sv.startFor(r.Context(), CallerOf(r), req)
	if err == nil {
		id := ""
		switch v := v.(type) {
		case View:
			id = v.Session
		case SeatView:
			id = v.Session
		}
		w.Header().Set("Location", "/v1/sessions/"+id)
	}
	reply(w, http.StatusCreated, v, err)
}

// get answers the session's View, or with ?seat=N (or a seat's token)
// that seat's SeatView.
func (h *handler) get(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var seat *int
	if q.Has("seat") {
		n, err := strconv.Atoi(q.Get("seat"))
		if err != nil || len(q["seat"]) != 1 {
			writeError(w, fmt.Errorf("%w: ?seat=%q: want one seat number", ErrBadRequest, q.Get("seat")))
			return
		}
		seat = &n
	}
	v, err := h.sv.getFor(CallerOf(r), r.PathValue("session"), seat)
	reply(w, http.StatusOK, v, err)
}

// Deleted is the response to a delete.
type Deleted struct {
	Session string `json:"session"`
	Deleted bool   `json:"deleted"`
}

func (h *handler) delete(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("session")
	err := h.sv.Delete(CallerOf(r), id)
	reply(w, http.StatusOK, Deleted{id, true}, err)
}

func (h *handler) move(w http.ResponseWriter, r *http.Request) {
	data, err := h.body(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	req, err := DecodeMove(data)
	if err != nil {
		writeError(w, err)
		return
	}
	v, err := h.sv.moveFor(r.Context(), CallerOf(r), r.PathValue("session"), req)
	reply(w, http.StatusOK, v, err)
}

func (h *handler) ai(w http.ResponseWriter, r *http.Request) {
	data, err := h.body(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	req, err := DecodeAI(data)
	if err != nil {
		writeError(w, err)
		return
	}
	v, err := h.sv.aiFor(r.Context(), CallerOf(r), r.PathValue("session"), req)
	reply(w, http.StatusOK, v, err)
}

func (h *handler) best(w http.ResponseWriter, r *http.Request) {
	data, err := h.body(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	req, err := DecodeBest(data)
	if err != nil {
		writeError(w, err)
		return
	}
	v, err := h.sv.Best(r.Context(), req)
	reply(w, http.StatusOK, v, err)
}

func (h *handler) analyze(w http.ResponseWriter, r *http.Request) {
	data, err := h.body(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	req, err := DecodeAnalyze(data)
	if err != nil {
		writeError(w, err)
		return
	}
	v, err := h.sv.Analyze(r.Context(), req)
	reply(w, http.StatusOK, v, err)
}

func (h *handler) analyzeSession(w http.ResponseWriter, r *http.Request) {
	data, err := h.body(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	req, err := DecodeSessionAnalyze(data)
	if err != nil {
		writeError(w, err)
		return
	}
	v, err := h.sv.AnalyzeSession(r.Context(), CallerOf(r), r.PathValue("session"), req)
	reply(w, http.StatusOK, v, err)
}
