package web

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/seat"
)

// Whole is a session drawn whole, for spectators (watch and replay): the
// same information as the session's full view (GET /v1/sessions/{id}), in
// the shape of a seat view so the page draws both alike.
type Whole struct {
	Session    string          `json:"session"`
	Seat       int             `json:"seat"` // -1: every seat
	ToMove     int             `json:"to_move"`
	ToMoveName string          `json:"to_move_name"`
	Terminal   bool            `json:"terminal"`
	Legal      []string        `json:"legal"`
	Scores     []float64       `json:"scores"`
	Returns    []float64       `json:"returns"`
	Result     string          `json:"result,omitempty"` // at the end, for a spectator
	Text       string          `json:"text"`
	SVG        string          `json:"svg"`
	History    []seat.SeenMove `json:"history"`
}

// whole answers GET /web/whole/{session}: like the whole view, it needs the
// creator's token.
func whole(sv *seat.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, err := sv.Get(seat.CallerOf(r), r.PathValue("session"))
		if err == nil {
			var out Whole
			out, err = describeWhole(v)
			if err == nil {
				writeJSON(w, http.StatusOK, out)
				return
			}
		}
		e := seat.Classify(err)
		writeJSON(w, e.Status, seat.ErrorBody{Error: e})
	}
}

// describeWhole replays the session's actions, naming each in full, with
// the mover's label and its events.
func describeWhole(v seat.View) (Whole, error) {
	g, err := engine.Load(v.Game, v.Params)
	if err != nil {
		return Whole{}, fmt.Errorf("%w: %w", seat.ErrInternal, err)
	}
	s := g.NewInitialState()
	out := Whole{Session: v.Session, Seat: -1, Legal: []string{}, History: make([]seat.SeenMove, 0, len(v.Actions))}
	for _, a := range v.Actions {
		if !engine.IsLegal(s, a) {
			return Whole{}, fmt.Errorf("%w: the session's action %d is not legal", seat.ErrInternal, a)
		}
		p := s.CurrentPlayer()
		m := seat.SeenMove{Player: int(p), By: "chance", Action: &a, Name: s.ActionString(a)}
		m.Label = m.Name
		if p >= 0 {
			// The mover's words: the whole view hides nothing (every name
			// is the full one), so neither does the label.
			m.Label = engine.ActionLabel(s, a)
			m.By = "ai"
			if v.Seats[p].Agent == seat.Human {
				m.By = seat.Human
			}
		}
		after := s.Clone()
		after.Apply(a)
		m.Events = engine.Events(s, a, after)
		out.History = append(out.History, m)
		s = after
	}
	p := s.CurrentPlayer()
	out.ToMove, out.ToMoveName, out.Terminal = int(p), p.String(), s.IsTerminal()
	out.Scores, out.Returns, out.Text = s.Scores(nil), s.Returns(nil), s.String()
	out.Result = engine.Result(s, engine.Terminal) // no seat: who won
	if svg, ok := engine.SVG(s); ok {
		out.SVG = string(svg)
	}
	return out, nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
