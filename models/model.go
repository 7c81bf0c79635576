package models

import (
	"fmt"
	"slices"
	"strings"

	"github.com/moongym/moongym/engine"
)

// Provenance says where a network's weights come from.
type Provenance struct {
	// Steps is the number of optimizer steps taken.
	Steps int64 `json:"steps"`
	// Iterations of self-play and learning.
	Iterations int64 `json:"iterations"`
	// Games and Samples of self-play seen by the learner.
	Games   int64 `json:"games"`
	Samples int64 `json:"samples"`
	// Date is when the file was made (RFC 3339).
	Date string `json:"date"`
	// Data describes the training data and settings, free text.
	Data string `json:"data"`
	// Seed of the run.
	Seed uint64 `json:"seed"`
}

// Model is everything needed to play: the game and its parameters, the
// network, and its provenance.
type Model struct {
	Game   string
	Params engine.Params
	// Covers lists further configurations of Game (parameters, with the
	// same shapes, or more seats the network reads through a seat view:
	// Shapes.Reads) that the network plays: configurations it was
	// measured on without being trained for them, e.g. a built-in model of
	// the advanced rules that also beats the heuristic under the basic
	// ones, or a 2-player network's play with 4. Check accepts them as it
	// accepts Params.
	Covers     []engine.Params
	Net        *Network
	Provenance Provenance
	// Dtype is how the model file stores the weights: DtypeF32 (or "",
	// the default) or DtypeF16. Decode sets it to the file's dtype, so a
	// model saved again keeps it; in memory the weights are float32.
	Dtype string
}

// ShapesOf reads a game's network shapes.
func ShapesOf(g engine.Game) Shapes {
	return Shapes{Obs: slices.Clone(g.ObservationShape()), Actions: g.NumActions(), Players: g.NumPlayers()}
}

// NewModel makes a model with fresh weights for game g.
func NewModel(g engine.Game, a Arch, seed uint64) (*Model, error) {
	net, err := NewNetwork(ShapesOf(g), a, seed)
	if err != nil {
		return nil, err
	}
	return &Model{Game: g.Spec().Name, Params: g.Params().Clone(), Net: net, Provenance: Provenance{Seed: seed}}, nil
}

// Check reports whether the model plays game g: the same game, parameters
// (Params or one of Covers) and shapes (or a seat view: Shapes.Reads). The error wraps ErrWrongGame and
// says what differs.
func (m *Model) Check(g engine.Game) error {
	if name := g.Spec().Name; m.Game != name {
		return fmt.Errorf("%w: model is for %q, not %q", ErrWrongGame, m.Game, name)
	}
	if !m.Plays(g.Params()) {
		if len(m.Covers) > 0 {
			return fmt.Errorf("%w: model is for %s with params %q (or %s), not %q", ErrWrongGame, m.Game, m.Params.String(), m.coversText(), g.Params().String())
		}
		return fmt.Errorf("%w: model is for %s with params %q, not %q", ErrWrongGame, m.Game, m.Params.String(), g.Params().String())
	}
	return m.Net.Shapes.Reads(g)
}

// Configs are the configurations the model plays: Params, then Covers.
func (m *Model) Configs() []engine.Params {
	return append([]engine.Params{m.Params}, m.Covers...)
}

// Plays reports whether p is one of the model's configurations (Params or
// one of Covers), compared as Params.String writes them.
func (m *Model) Plays(p engine.Params) bool {
	want := p.String()
	for _, c := range m.Configs() {
		if c.String() == want {
			return true
		}
	}
	return false
}

// coversText lists Covers for an error message.
func (m *Model) coversText() string {
	parts := make([]string, len(m.Covers))
	for i, c := range m.Covers {
		parts[i] = fmt.Sprintf("%q", c.String())
	}
	return strings.Join(parts, ", ")
}

// Clone is a deep copy.
func (m *Model) Clone() *Model {
	c := *m
	c.Params = m.Params.Clone()
	c.Covers = make([]engine.Params, len(m.Covers))
	for i, p := range m.Covers {
		c.Covers[i] = p.Clone()
	}
	if m.Covers == nil {
		c.Covers = nil
	}
	c.Net = m.Net.Clone()
	return &c
}
