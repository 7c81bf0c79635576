package engine

import (
	"encoding/json"
	"math/rand/v2"
)

// Game is a configured game: its rules and the fixed sizes of its spaces. A Game
// is immutable and safe for concurrent use; its States are not.
type Game interface {
	// Spec describes the game: name, players, kinds, parameters.
	Spec() Spec
	// Params are the parameters the game was loaded with, defaults filled in.
	Params() Params
	// NumPlayers is the number of seats in this configuration.
	NumPlayers() int
	// NumActions is the size of the action space at decision nodes.
	NumActions() int
	// MaxChanceOutcomes is the size of the action space at chance nodes.
	MaxChanceOutcomes() int
	// ObservationShape is the shape of Observe's tensor, e.g. [C, H, W] or [N].
	ObservationShape() []int
	// MaxGameLength bounds the number of actions (chance outcomes included) of a game.
	MaxGameLength() int
	// MinUtility and MaxUtility bound the returns of a finished game.
	MinUtility() float64
	MaxUtility() float64
	// NewInitialState is the state before the first action. Setup randomness
	// is chance nodes, never a hidden random generator.
	NewInitialState() State
	// DecodeState reads what State.MarshalJSON wrote, validated against the
	// rules; bad input gives an error wrapping ErrBadState.
	DecodeState(data []byte) (State, error)
}

// State is a position of a game. Methods that take a dst slice append to
// dst[:0] and return it, so callers can reuse buffers and the hot path does
// not allocate.
type State interface {
	// Game is the game this state belongs to.
	Game() Game
	// CurrentPlayer is the seat to act, Chance, or Terminal.
	CurrentPlayer() Player
	// LegalActions lists the legal actions, sorted, without duplicates; at
	// chance nodes the possible outcomes; empty at terminal states.
	LegalActions(dst []Action) []Action
	// ChanceOutcomes lists the outcomes of a chance node with probabilities
	// in (0, 1] that sum to 1; empty elsewhere.
	ChanceOutcomes(dst []Outcome) []Outcome
	// Apply plays a legal action. It trusts the caller; use ApplyChecked for
	// input that may be illegal.
	Apply(a Action)
	// IsTerminal reports whether the game is over.
	IsTerminal() bool
	// Returns are the players' utilities, within [MinUtility, MaxUtility];
	// zero for every player before the end.
	Returns(dst []float64) []float64
	// Scores are the players' game points as the rules count them, for
	// benchmarks and display.
	Scores(dst []float64) []float64
	// Observe writes what p may see into dst, of length prod(ObservationShape),
	// with p's own data first and the other seats after it in turn order.
	Observe(p Player, dst []float32)
	// Resample returns a state consistent with everything p can observe, with
	// the hidden parts drawn at random. Perfect-information games return a clone.
	Resample(p Player, rng *rand.Rand) State
	// Clone is an independent copy.
	Clone() State
	// ActionString names an action in this state; names are unique among the
	// legal actions and ParseAction reads them back.
	ActionString(a Action) string
	// String draws the state for a person in a terminal.
	String() string
	json.Marshaler
}

// ObservationBounder is implemented by games that know the range of their
// observation values (env uses it for the observation space's bounds).
type ObservationBounder interface {
	ObservationBounds() (low, high float32)
}

// PlayerViewer is implemented by games with hidden information, for front
// ends that show a person what their seat may see.
type PlayerViewer interface {
	// StringFor draws the state as seat p may see it (String draws everything).
	StringFor(p Player) string
	// ActionStringFor says how seat p sees action a being played in this
	// state: the ActionString when p may know it, else a vague form such as
	// "programs a card".
	ActionStringFor(p Player, a Action) string
}

// StringFor draws s as seat p may see it: s.StringFor(p) when the game
// hides information, else s.String().
func StringFor(s State, p Player) string {
	if v, ok := s.(PlayerViewer); ok {
		return v.StringFor(p)
	}
	return s.String()
}

// ActionStringFor names action a in s as seat p may see it:
// s.ActionStringFor(p, a) when the game hides information, else
// s.ActionString(a).
func ActionStringFor(s State, p Player, a Action) string {
	if v, ok := s.(PlayerViewer); ok {
		return v.ActionStringFor(p, a)
	}
	return s.ActionString(a)
}
