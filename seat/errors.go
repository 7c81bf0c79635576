package seat

import (
	"errors"
	"net/http"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// Sentinel errors of this package. Errors of the engine and agents packages
// pass through wrapped; [Classify] maps them all to codes.
var (
	// ErrBadJSON: the request is not valid JSON, has unknown fields or
	// fields of the wrong type.
	ErrBadJSON = errors.New("malformed JSON")
	// ErrBadRequest: the request is valid JSON but asks for something that
	// does not make sense (a missing field, two fields that exclude each other).
	ErrBadRequest = errors.New("bad request")
	// ErrBodyTooLarge: the request is over the size limit.
	ErrBodyTooLarge = errors.New("request too large")
	// ErrUnknownSession: no session has that id (never started, deleted or expired).
	ErrUnknownSession = errors.New("unknown session")
	// ErrSessionExists: a start request asked for an id already in use.
	ErrSessionExists = errors.New("session id already in use")
	// ErrTooManySessions: the server keeps as many sessions as it may.
	ErrTooManySessions = errors.New("too many sessions")
	// ErrBudget: an agent spec asks for more search than the server allows.
	ErrBudget = errors.New("search budget over the limit")
	// ErrAgentNotAllowed: the server does not offer that agent.
	ErrAgentNotAllowed = errors.New("agent not allowed on this server")
	// ErrFileRefused: a game parameter or agent option names a file on the
	// server, and the server reads no files for its clients.
	ErrFileRefused = errors.New("file paths refused")
	// ErrNotYourTurn: a human move was sent while an AI seat (or another
	// seat than the one named) is to move.
	ErrNotYourTurn = errors.New("not this seat's turn")
	// ErrTimeout: the request ran past the per-request time limit; nothing changed.
	ErrTimeout = errors.New("request timed out")
	// ErrAgent: an agent failed to choose a legal move.
	ErrAgent = errors.New("agent failed")
	// ErrInternal: a bug (a recovered panic); nothing changed.
	ErrInternal = errors.New("internal error")
	// ErrNotFound: no operation at that path.
	ErrNotFound = errors.New("no such operation")
	// ErrMethod: the path exists but not with that HTTP method.
	ErrMethod = errors.New("method not allowed")
	// ErrUnauthorized: the request carries no token, or one that opens
	// nothing of the session it names.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrForbidden: the token is the session's but does not open what the
	// request asks (a seat's token asking for the whole view, another
	// seat's view or moves, or a delete).
	ErrForbidden = errors.New("forbidden")
	// ErrBusy: as many searches run as the server allows (--max-searches);
	// retry after a second.
	ErrBusy = errors.New("server busy")
	// ErrQuota: the client keeps as many sessions as one client may
	// (--max-client-sessions).
	ErrQuota = errors.New("client quota exceeded")
	// ErrMediaType: an HTTP request with a body that is not application/json.
	ErrMediaType = errors.New("unsupported media type")
	// ErrOrigin: an HTTP request from a web page of another origin.
	ErrOrigin = errors.New("origin not allowed")
	// ErrHost: an HTTP request whose Host names neither this server nor
	// loopback (DNS rebinding).
	ErrHost = errors.New("host not allowed")
)

// Error is the machine-readable form of an error, as both protocols send it.
type Error struct {
	// Code is a stable identifier, e.g. "illegal_move"; see [Codes].
	Code string `json:"code"`
	// Status is the HTTP status that goes with the code.
	Status int `json:"status"`
	// Message is for people and may change between versions.
	Message string `json:"message"`
}

// CodeInfo documents one error code.
type CodeInfo struct {
	Code   string `json:"code"`
	Status int    `json:"status"`
	Doc    string `json:"doc"`
	err    error
}

// codes is checked in order: wrapping errors (a bad record that wraps an
// illegal action) come before what they wrap.
var codes = []CodeInfo{
	{"body_too_large", http.StatusRequestEntityTooLarge, "the request is over the size limit (--max-body)", ErrBodyTooLarge},
	{"bad_json", http.StatusBadRequest, "not JSON, an unknown field, or a field of the wrong type", ErrBadJSON},
	{"host_not_allowed", http.StatusForbidden, "HTTP: the Host header names neither loopback, an IP address nor a name the server allows (--allow-host)", ErrHost},
	{"origin_not_allowed", http.StatusForbidden, "HTTP: a web page of another origin sent the request (--allow-origin)", ErrOrigin},
	{"unsupported_media_type", http.StatusUnsupportedMediaType, "HTTP: a POST whose Content-Type is not application/json", ErrMediaType},
	{"unauthorized", http.StatusUnauthorized, "no token, or a token that is none of the session's", ErrUnauthorized},
	{"forbidden", http.StatusForbidden, "the token is the session's but does not open this (another seat, the whole view, delete)", ErrForbidden},
	{"busy", http.StatusServiceUnavailable, "as many searches run as the server allows (--max-searches); retry after a second", ErrBusy},
	{"quota_exceeded", http.StatusTooManyRequests, "the client keeps as many sessions as one client may (--max-client-sessions)", ErrQuota},
	{"timeout", http.StatusServiceUnavailable, "the request ran past the time limit (--timeout); nothing changed", ErrTimeout},
	{"agent_error", http.StatusInternalServerError, "an agent failed to choose a legal move; nothing changed", ErrAgent},
	{"internal", http.StatusInternalServerError, "a bug, recovered; nothing changed", ErrInternal},
	{"file_not_allowed", http.StatusForbidden, "a parameter or agent option names a file on the server, which it does not read for clients (--allow-files)", ErrFileRefused},
	{"unknown_game", http.StatusBadRequest, "no game has that name", engine.ErrUnknownGame},
	{"unknown_param", http.StatusBadRequest, "the game has no parameter of that name", engine.ErrUnknownParam},
	{"bad_param", http.StatusBadRequest, "a parameter value is malformed or out of range", engine.ErrBadParam},
	{"bad_record", http.StatusUnprocessableEntity, "a game record (game, params, actions) does not replay", engine.ErrBadRecord},
	{"bad_state", http.StatusUnprocessableEntity, "a state's JSON is malformed or breaks the rules", engine.ErrBadState},
	{"agent_not_allowed", http.StatusForbidden, "the server does not offer that agent (--agents)", ErrAgentNotAllowed},
	{"unknown_agent", http.StatusBadRequest, "no agent has that name", agents.ErrUnknownAgent},
	{"no_heuristic", http.StatusBadRequest, "the game has no heuristic agent", agents.ErrNoHeuristic},
	{"budget_too_large", http.StatusUnprocessableEntity, "an agent's sims option is over the server's limit (--max-sims)", ErrBudget},
	{"bad_agent_spec", http.StatusBadRequest, "an agent spec is malformed or has a bad option", agents.ErrBadSpec},
	{"unknown_session", http.StatusNotFound, "no session has that id (never started, deleted or expired)", ErrUnknownSession},
	{"session_exists", http.StatusConflict, "a session already has the id asked for", ErrSessionExists},
	{"too_many_sessions", http.StatusServiceUnavailable, "the server keeps as many sessions as it may (--max-sessions)", ErrTooManySessions},
	{"game_over", http.StatusConflict, "the game is over; no move can follow", engine.ErrTerminal},
	{"not_your_turn", http.StatusConflict, "an AI seat, or another seat than the one named, is to move", ErrNotYourTurn},
	{"not_to_act", http.StatusUnprocessableEntity, "no seat is to act in the state (a chance node or the end)", agents.ErrNotToAct},
	{"ambiguous_move", http.StatusUnprocessableEntity, "the move's name matches several legal actions", engine.ErrAmbiguousAction},
	{"unknown_move", http.StatusUnprocessableEntity, "no legal action has that name", engine.ErrUnknownAction},
	{"illegal_move", http.StatusUnprocessableEntity, "the action is not legal now", engine.ErrIllegalAction},
	{"bad_request", http.StatusBadRequest, "valid JSON that asks for something that makes no sense", ErrBadRequest},
	{"not_found", http.StatusNotFound, "no operation at that path", ErrNotFound},
	{"method_not_allowed", http.StatusMethodNotAllowed, "the path exists but not with that method", ErrMethod},
}

// Codes lists every error code with its HTTP status and meaning.
func Codes() []CodeInfo {
	return append([]CodeInfo(nil), codes...)
}

// Classify maps an error to its code and HTTP status with errors.Is. An
// error of no known kind is "internal" (500).
func Classify(err error) Error {
	for _, c := range codes {
		if errors.Is(err, c.err) {
			return Error{Code: c.Code, Status: c.Status, Message: err.Error()}
		}
	}
	return Error{Code: "internal", Status: http.StatusInternalServerError, Message: err.Error()}
}
