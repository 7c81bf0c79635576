package seat

import (
	"encoding/json"
	"fmt"

	"github.com/moongym/moongym/engine"
)

// View is what the service says of a session after every operation.
type View struct {
	// Session is the session's id.
	Session string `json:"session"`
	// Game and Params (defaults filled in) with Actions make the game's record.
	Game   string        `json:"game"`
	Params engine.Params `json:"params"`
	Seed   uint64        `json:"seed"`
	// Seats says who plays each seat.
	Seats        []SeatInfo `json:"seats"`
	ManualChance bool       `json:"manual_chance,omitempty"`
	// ToMove is the seat to move, -1 at a chance node, -2 once the game is over.
	ToMove int `json:"to_move"`
	// ToMoveName is "p0", "p1", ..., "chance" or "terminal".
	ToMoveName string `json:"to_move_name"`
	// HumanToMove is true when a human seat is to move (or, with manual
	// chance, a chance outcome is to be sent).
	HumanToMove bool `json:"human_to_move"`
	Terminal    bool `json:"terminal"`
	// Legal lists the legal actions with their names, sorted by id.
	Legal []LegalAction `json:"legal"`
	// Chance lists the outcomes and probabilities at a chance node.
	Chance []ChanceOutcome `json:"chance,omitempty"`
	// Scores are game points; Returns the utilities (zero until the end).
	Scores  []float64 `json:"scores"`
	Returns []float64 `json:"returns"`
	// State is the game's documented JSON form of the state.
	State json.RawMessage `json:"state"`
	// Text draws the state for a person.
	Text string `json:"text"`
	// Actions is every action since the initial state, chance outcomes included.
	Actions []engine.Action `json:"actions"`
	// Moves are the actions this request applied, in order.
	Moves []Move `json:"moves"`
	// Tokens are the session's capabilities, in the answer of start only.
	Tokens *Tokens `json:"tokens,omitempty"`
}

// SeatInfo says who plays a seat.
type SeatInfo struct {
	Seat int `json:"seat"`
	// Agent is "human" or the agent spec.
	Agent string `json:"agent"`
}

// LegalAction is a legal action and its name.
type LegalAction struct {
	Action engine.Action `json:"action"`
	Name   string        `json:"name"`
}

// ChanceOutcome is an outcome of a chance node.
type ChanceOutcome struct {
	Action engine.Action `json:"action"`
	Name   string        `json:"name"`
	Prob   float64       `json:"prob"`
}

// Move is one action applied by a request.
type Move struct {
	// Player is the seat that moved, or -1 for a chance outcome.
	Player int `json:"player"`
	// By is "human", "ai" or "chance".
	By     string        `json:"by"`
	Action engine.Action `json:"action"`
	Name   string        `json:"name"`
}

// describe fills the parts of a view that depend on the state only.
func describe(v *View, s engine.State) error {
	data, err := s.MarshalJSON()
	if err != nil {
		return fmt.Errorf("%w: encode state: %w", ErrInternal, err)
	}
	p := s.CurrentPlayer()
	v.State = data
	v.Text = s.String()
	v.ToMove = int(p)
	v.ToMoveName = p.String()
	v.Terminal = s.IsTerminal()
	v.Legal = legalOf(s)
	v.Chance = nil
	if p == engine.Chance {
		for _, o := range s.ChanceOutcomes(nil) {
			v.Chance = append(v.Chance, ChanceOutcome{o.Action, s.ActionString(o.Action), o.Prob})
		}
	}
	v.Scores = s.Scores(nil)
	v.Returns = s.Returns(nil)
	return nil
}

func legalOf(s engine.State) []LegalAction {
	legal := s.LegalActions(nil)
	out := make([]LegalAction, len(legal))
	for i, a := range legal {
		out[i] = LegalAction{a, s.ActionString(a)}
	}
	return out
}

// labelsOf labels legal's actions in the words of the player to move in s
// (engine.ActionLabel), one for each.
func labelsOf(s engine.State, legal []LegalAction) []string {
	out := make([]string, len(legal))
	for i, a := range legal {
		out[i] = engine.ActionLabel(s, a.Action)
	}
	return out
}
