package engine

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// Record is the canonical save and replay format of a game: the game's name,
// its parameters and every action from the initial state, chance outcomes
// included. Optional fields describe the seats and the result.
type Record struct {
	Game    string   `json:"game"`
	Params  Params   `json:"params"`
	Actions []Action `json:"actions"`
	// Seats names who played each seat (agent specs), if known.
	Seats []string `json:"seats,omitempty"`
	// Returns and Scores of the final state, if the game ended.
	Returns []float64 `json:"returns,omitempty"`
	Scores  []float64 `json:"scores,omitempty"`
}

// NewRecord starts a record of a game with no actions.
func NewRecord(g Game) *Record {
	return &Record{Game: g.Spec().Name, Params: g.Params().Clone(), Actions: []Action{}}
}

// Replay loads the record's game and applies its actions, each checked. It
// returns the game and the final state; errors wrap ErrBadRecord.
func (r *Record) Replay() (Game, State, error) { return r.ReplayFS(HostFiles) }

// ReplayFS is Replay with the game loaded by LoadFS from files.
func (r *Record) ReplayFS(files fs.FS) (Game, State, error) {
	g, err := LoadFS(r.Game, r.Params, files)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrBadRecord, err)
	}
	s, err := ReplayActions(g, r.Actions)
	return g, s, err
}

// ReplayActions applies actions from g's initial state, each checked.
func ReplayActions(g Game, actions []Action) (State, error) {
	s := g.NewInitialState()
	for i, a := range actions {
		if err := ApplyChecked(s, a); err != nil {
			return nil, fmt.Errorf("%w: action %d of %d: %w", ErrBadRecord, i+1, len(actions), err)
		}
	}
	return s, nil
}

// Finish fills Returns and Scores from a final state.
func (r *Record) Finish(s State) {
	if s.IsTerminal() {
		r.Returns = s.Returns(nil)
	}
	r.Scores = s.Scores(nil)
}

// ReadRecord reads one record: a JSON object.
func ReadRecord(rd io.Reader) (*Record, error) {
	var r Record
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadRecord, err)
	}
	if r.Game == "" {
		return nil, fmt.Errorf("%w: no game name", ErrBadRecord)
	}
	return &r, nil
}

// ReadRecords reads records as JSON lines (one object a line; a single
// object is one record). Blank lines are skipped.
func ReadRecords(rd io.Reader) ([]*Record, error) {
	dec := json.NewDecoder(bufio.NewReader(rd))
	dec.DisallowUnknownFields()
	var out []*Record
	for {
		var r Record
		err := dec.Decode(&r)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, fmt.Errorf("%w: record %d: %w", ErrBadRecord, len(out)+1, err)
		}
		if r.Game == "" {
			return out, fmt.Errorf("%w: record %d: no game name", ErrBadRecord, len(out)+1)
		}
		out = append(out, &r)
	}
}

// WriteRecords writes records as JSON lines.
func WriteRecords(w io.Writer, recs ...*Record) error {
	enc := json.NewEncoder(w)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}
