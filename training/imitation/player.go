package imitation

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

// A Player makes the moves of an imitation's recorded games, before the
// game's epsilon draw replaces one by a random move: the imitated player
// (Imitated), a network (Network), or one of two by a share of the games
// (Share). A Player serves one goroutine, one game at a time.
type Player interface {
	// Begin starts the game seeds describe.
	Begin(seeds Seeds) error
	// Move is the move played at decision s, whose legal moves (more than
	// one) are legal, where the imitated player chose imitated.
	Move(s engine.State, legal []engine.Action, imitated engine.Action) (engine.Action, error)
}

// Imitated is the imitated player (the game's heuristic or its expert) as
// the Player of every game, and as the Labeller of every position: a
// one-hot target on its move, smoothed when the positions are made.
type Imitated struct{}

// Begin does nothing: the imitated player's agents are the Recorder's.
func (Imitated) Begin(Seeds) error { return nil }

// Move plays the imitated player's move.
func (Imitated) Move(_ engine.State, _ []engine.Action, imitated engine.Action) (engine.Action, error) {
	return imitated, nil
}

// Labels is 1: the imitated player's move.
func (Imitated) Labels() int { return 1 }

// Label appends the imitated player's move.
func (Imitated) Label(dst []engine.Action, _ engine.State, imitated engine.Action, _ bool) ([]engine.Action, error) {
	return append(dst, imitated), nil
}

// Network plays a network's own moves: the greedy move of its policy over
// the legal moves (ties to the first), as the raw-network agent plays. The
// positions its play reaches are those a network imitated once drifts
// into, which a second imitation that follows it learns (DAgger).
type Network struct {
	ev  mcts.Evaluator
	st  []engine.State
	out []mcts.Evaluation
}

// NewNetwork is the Player of ev's network (an evaluator serves one
// goroutine) for g.
func NewNetwork(g engine.Game, ev mcts.Evaluator) *Network {
	return &Network{
		ev:  ev,
		st:  make([]engine.State, 1),
		out: []mcts.Evaluation{{Priors: make([]float32, g.NumActions()), Values: make([]float32, g.NumPlayers())}},
	}
}

// Begin does nothing: the network's moves depend on the state alone.
func (n *Network) Begin(Seeds) error { return nil }

// Move is the network's most likely move among legal.
func (n *Network) Move(s engine.State, legal []engine.Action, _ engine.Action) (engine.Action, error) {
	n.st[0] = s
	err := n.ev.Evaluate(n.st, n.out)
	n.st[0] = nil
	if err != nil {
		return 0, err
	}
	pr := n.out[0].Priors
	best := legal[0]
	for _, a := range legal[1:] {
		if pr[a] > pr[best] {
			best = a
		}
	}
	return best, nil
}

// Share plays a share of the games with one player and the others with
// another: each game with Player when its follow draw (Seeds.Follows)
// falls below Share, with Else otherwise.
type Share struct {
	Share        float64
	Player, Else Player
	cur          Player
}

// Begin chooses the game's player and starts it.
func (s *Share) Begin(seeds Seeds) error {
	s.cur = s.Else
	if seeds.Follows(s.Share) {
		s.cur = s.Player
	}
	return s.cur.Begin(seeds)
}

// Move is the move of the game's player.
func (s *Share) Move(st engine.State, legal []engine.Action, imitated engine.Action) (engine.Action, error) {
	return s.cur.Move(st, legal, imitated)
}
