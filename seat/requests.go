package seat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/moongym/moongym/engine"
)

// Human is the seat kind a start request gives for a seat that a person
// (the front end) plays; any other value is an agent spec.
const Human = "human"

// Params are game parameters in a request. Values may be written as JSON
// strings, numbers or booleans: {"players": 3} and {"players": "3"} are the same.
type Params map[string]string

// UnmarshalJSON reads an object whose values are strings, numbers or booleans.
func (p *Params) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("params: %w", err)
	}
	if raw == nil {
		*p = nil
		return nil
	}
	out := make(Params, len(raw))
	for k, v := range raw {
		v = bytes.TrimSpace(v)
		switch {
		case len(v) > 0 && v[0] == '"':
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return fmt.Errorf("params: %s: %w", k, err)
			}
			out[k] = s
		case string(v) == "true" || string(v) == "false":
			out[k] = string(v)
		case json.Valid(v) && len(v) > 0 && (v[0] == '-' || v[0] >= '0' && v[0] <= '9'):
			out[k] = string(v)
		default:
			return fmt.Errorf("params: %s: want a string, number or boolean, got %s", k, v)
		}
	}
	*p = out
	return nil
}

// StartRequest starts a session.
type StartRequest struct {
	// Session is the id to give the session (letters, digits, '.', '_', '-';
	// at most 64; not "." or ".."); empty lets the service choose one.
	Session string `json:"session,omitempty"`
	// Game is the game's registry name.
	Game string `json:"game"`
	// Params are the game's parameters; missing ones take their defaults.
	Params Params `json:"params,omitempty"`
	// Seed drives the chance nodes and the agents' seeds: the same seed and
	// the same requests give the same session. Nil draws one from the
	// operating system (crypto/rand), so that no one can foresee the
	// session's dice and cards; the whole view tells it.
	Seed *uint64 `json:"seed,omitempty"`
	// Seats has one entry per seat: "human" or an agent spec. Empty means
	// every seat is human.
	Seats []string `json:"seats,omitempty"`
	// Actions, if any, are replayed from the initial state first (resume a
	// game from its record).
	Actions []engine.Action `json:"actions,omitempty"`
	// ManualChance leaves chance nodes to the front end (it sends the
	// outcomes as moves) instead of drawing them from the seed.
	ManualChance bool `json:"manual_chance,omitempty"`
	// AI lets the AI seats play once the session is started, as an ai
	// request would.
	AI bool `json:"ai,omitempty"`
	// Seat and SeatView ask for the answer as that seat may see it (with
	// the tokens), as in a move request.
	Seat     *int `json:"seat,omitempty"`
	SeatView bool `json:"seat_view,omitempty"`
}

// MoveRequest plays one move for the human seat to move. Exactly one of Move
// and Action is given.
type MoveRequest struct {
	// Move is the action's name (as the legal list shows it, any case) or
	// "#N" for action id N.
	Move *string `json:"move,omitempty"`
	// Action is the action's id.
	Action *engine.Action `json:"action,omitempty"`
	// Seat, if given, must be the seat to move (a guard for front ends
	// that play several seats).
	Seat *int `json:"seat,omitempty"`
	// SeatView asks for the answer as Seat may see it (a SeatView, its
	// Moves the ones this request played), so that a player-facing front
	// end needs no second request and never receives the hidden moves of
	// the AI's reply. It needs Seat.
	SeatView bool `json:"seat_view,omitempty"`
	// AI lets the AI seats reply in the same request.
	AI bool `json:"ai,omitempty"`
}

// AIRequest lets the AI play its seats until a human seat is to move or the
// game ends.
type AIRequest struct {
	// MaxMoves, if positive, stops after that many AI moves (to step
	// through a game of AI seats only).
	MaxMoves int `json:"max_moves,omitempty"`
	// Seat and SeatView ask for the answer as that seat may see it, as in a
	// move request. A seat's token gets its seat's view whatever they say.
	Seat     *int `json:"seat,omitempty"`
	SeatView bool `json:"seat_view,omitempty"`
}

func (r AIRequest) check() error {
	if r.MaxMoves < 0 {
		return fmt.Errorf("%w: max_moves %d is negative", ErrBadRequest, r.MaxMoves)
	}
	if r.SeatView && (r.Seat == nil || *r.Seat < 0) {
		return fmt.Errorf("%w: \"seat_view\" needs the \"seat\" (0 or more) whose view to return", ErrBadRequest)
	}
	return nil
}

// RecordJSON is a game record as a request gives it: the fields of
// engine.Record (seats, returns and scores are accepted and ignored).
type RecordJSON struct {
	Game    string          `json:"game"`
	Params  Params          `json:"params,omitempty"`
	Actions []engine.Action `json:"actions"`
	Seats   []string        `json:"seats,omitempty"`
	Returns []float64       `json:"returns,omitempty"`
	Scores  []float64       `json:"scores,omitempty"`
}

// BestRequest asks for the best move in a position, given as the game's
// state JSON or as a record. Nothing is kept.
type BestRequest struct {
	// Game and Params name the game of State (with a record they may be
	// left out; given, they must agree with it).
	Game   string `json:"game,omitempty"`
	Params Params `json:"params,omitempty"`
	// State is the game's documented JSON form of the position.
	State json.RawMessage `json:"state,omitempty"`
	// Record is the other way to give the position: its final state.
	Record *RecordJSON `json:"record,omitempty"`
	// Agent is the agent spec ("heuristic", "mcts:sims=200").
	Agent string `json:"agent"`
	// Sims, if positive, sets the agent's "sims" option.
	Sims int `json:"sims,omitempty"`
	// Seed seeds the agent (unless its spec has a seed option).
	Seed uint64 `json:"seed,omitempty"`
}

// GameRequest asks for one game's spec and spaces in a configuration.
type GameRequest struct {
	Game   string `json:"game"`
	Params Params `json:"params,omitempty"`
}

var sessionID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// decodeStrict decodes one JSON value into v: unknown fields and trailing
// data are errors; an empty body is {}. Errors wrap ErrBadJSON.
func decodeStrict(data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: %v", ErrBadJSON, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("%w: data after the JSON value", ErrBadJSON)
	}
	return nil
}

// DecodeStart reads and checks a start request.
func DecodeStart(data []byte) (StartRequest, error) {
	var r StartRequest
	if err := decodeStrict(data, &r); err != nil {
		return r, err
	}
	return r, r.check()
}

func (r StartRequest) check() error {
	if strings.TrimSpace(r.Game) == "" {
		return fmt.Errorf("%w: \"game\" is required (known: %s)", ErrBadRequest, strings.Join(engine.Names(), ", "))
	}
	if r.Session != "" && (!sessionID.MatchString(r.Session) || r.Session == "." || r.Session == "..") {
		return fmt.Errorf("%w: session id %q: use 1 to 64 letters, digits, '.', '_' or '-', other than \".\" and \"..\" (a path could not name them)", ErrBadRequest, r.Session)
	}
	for i, s := range r.Seats {
		if strings.TrimSpace(s) == "" {
			return fmt.Errorf("%w: seat %d is empty: give \"human\" or an agent spec", ErrBadRequest, i)
		}
	}
	if r.SeatView && (r.Seat == nil || *r.Seat < 0) {
		return fmt.Errorf("%w: \"seat_view\" needs the \"seat\" (0 or more) whose view to return", ErrBadRequest)
	}
	if r.Seat != nil && !r.SeatView {
		return fmt.Errorf("%w: \"seat\" in a start goes with \"seat_view\": true", ErrBadRequest)
	}
	return nil
}

// DecodeMove reads and checks a move request.
func DecodeMove(data []byte) (MoveRequest, error) {
	var r MoveRequest
	if err := decodeStrict(data, &r); err != nil {
		return r, err
	}
	return r, r.check()
}

func (r MoveRequest) check() error {
	if (r.Move == nil) == (r.Action == nil) {
		return fmt.Errorf("%w: give exactly one of \"move\" (a name or \"#id\") and \"action\" (an id)", ErrBadRequest)
	}
	if r.SeatView && (r.Seat == nil || *r.Seat < 0) {
		return fmt.Errorf("%w: \"seat_view\" needs the \"seat\" (0 or more) whose view to return", ErrBadRequest)
	}
	return nil
}

// DecodeAI reads and checks an ai request (an empty body is fine).
func DecodeAI(data []byte) (AIRequest, error) {
	var r AIRequest
	if err := decodeStrict(data, &r); err != nil {
		return r, err
	}
	return r, r.check()
}

// DecodeBest reads and checks a best request.
func DecodeBest(data []byte) (BestRequest, error) {
	var r BestRequest
	if err := decodeStrict(data, &r); err != nil {
		return r, err
	}
	return r, r.check()
}

func (r BestRequest) check() error {
	hasState := len(bytes.TrimSpace(r.State)) > 0 && string(bytes.TrimSpace(r.State)) != "null"
	switch {
	case strings.TrimSpace(r.Agent) == "":
		return fmt.Errorf("%w: \"agent\" is required (an agent spec such as \"heuristic\" or \"mcts:sims=200\")", ErrBadRequest)
	case hasState == (r.Record != nil):
		return fmt.Errorf("%w: give exactly one of \"state\" (with \"game\") and \"record\"", ErrBadRequest)
	case hasState && strings.TrimSpace(r.Game) == "":
		return fmt.Errorf("%w: \"game\" is required with \"state\"", ErrBadRequest)
	case r.Sims < 0:
		return fmt.Errorf("%w: sims %d is negative", ErrBadRequest, r.Sims)
	}
	return nil
}

// DecodeGame reads and checks a game request (stdio only; HTTP takes the
// game from the path and the params from the query).
func DecodeGame(data []byte) (GameRequest, error) {
	var r GameRequest
	if err := decodeStrict(data, &r); err != nil {
		return r, err
	}
	if strings.TrimSpace(r.Game) == "" {
		return r, fmt.Errorf("%w: \"game\" is required", ErrBadRequest)
	}
	return r, nil
}
