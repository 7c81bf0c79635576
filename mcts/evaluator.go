package mcts

import "github.com/moongym/moongym/engine"

// Evaluation is what an Evaluator says of one leaf state.
type Evaluation struct {
	// Priors has one entry per action of the game (len Game.NumActions()):
	// the prior probability of each legal action, zero elsewhere, summing to 1.
	Priors []float32
	// Values has one entry per seat, in absolute seat order (seat 0 first),
	// each within the game's [MinUtility, MaxUtility].
	Values []float32
}

// Evaluator scores leaf states for the search, many at once so that a
// network can evaluate a batch in one pass. Search never calls it at chance
// nodes or terminal states. out has len(states) entries whose slices the
// caller has sized (Priors: NumActions, Values: NumPlayers) and the
// evaluator fills. An Evaluator used by several searches at once must be
// safe for concurrent use.
type Evaluator interface {
	Evaluate(states []engine.State, out []Evaluation) error
}
