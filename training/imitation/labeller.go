package imitation

import (
	"fmt"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/agents/mctsagent"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

// A Labeller gives the policy targets of an imitation's positions: the
// moves each decision teaches, among which the position's target shares
// its (1-Smooth) evenly (a move named twice has twice the share): the
// imitated player's move (Imitated), that move and the imitated player
// asked again (Sampled), or a searched network's move (Teacher). A
// Labeller serves one goroutine, one game at a time.
type Labeller interface {
	// Begin starts the game seeds describe.
	Begin(seeds Seeds) error
	// Labels is the number of moves Label gives for a decision (at least
	// 1), the same for every decision.
	Labels() int
	// Label appends to dst the Labels() moves that label decision s, where
	// the imitated player chose imitated. kept says whether the position is
	// recorded: one not kept is never learned from, so a labeller that
	// costs may give the imitated player's move there without asking.
	Label(dst []engine.Action, s engine.State, imitated engine.Action, kept bool) ([]engine.Action, error)
}

// Sampled labels each position with the imitated player's move and N-1
// more askings of a second agent of the imitated player per seat (seeded
// apart, Seeds.Asker, so the games played are the same as with one): a
// heuristic that breaks ties at random then teaches the whole set of its
// equally good moves instead of the one drawn.
type Sampled struct {
	g        engine.Game
	n        int
	newAgent func(g engine.Game, seed uint64) (agents.Agent, error)
	askers   []agents.Agent
}

// NewSampled is the Labeller that asks n times (n > 1) at every position,
// newAgent making the imitated player's agents.
func NewSampled(g engine.Game, newAgent func(g engine.Game, seed uint64) (agents.Agent, error), n int) *Sampled {
	return &Sampled{g: g, n: n, newAgent: newAgent, askers: make([]agents.Agent, g.NumPlayers())}
}

// Begin makes the game's second agents.
func (l *Sampled) Begin(seeds Seeds) error {
	for p := range l.askers {
		a, err := l.newAgent(l.g, seeds.Asker(p))
		if err != nil {
			return err
		}
		l.askers[p] = a
	}
	return nil
}

// Labels is the number of askings.
func (l *Sampled) Labels() int { return l.n }

// Label appends the imitated player's move and the n-1 others.
func (l *Sampled) Label(dst []engine.Action, s engine.State, imitated engine.Action, _ bool) ([]engine.Action, error) {
	dst = append(dst, imitated)
	asker := l.askers[s.CurrentPlayer()]
	for range l.n - 1 {
		b, err := asker.Act(s)
		if err != nil {
			return dst, fmt.Errorf("imitation: heuristic: %w", err)
		}
		dst = append(dst, b)
	}
	return dst, nil
}

// Teacher labels the positions kept with a searched network's move: the
// PUCT search of its mcts.Config with the network's evaluator, the most
// visited move, as the az agent plays (expert iteration: the network
// learns a search's choices on the positions the games reach). A search
// costs hundreds of evaluations, so the positions not kept keep the
// imitated player's move, unasked.
type Teacher struct {
	g     engine.Game
	ev    mcts.Evaluator
	cfg   mcts.Config
	seats []agents.Agent
}

// NewTeacher is the Labeller of the search cfg (its Seed set per game and
// seat, Seeds.Teacher) over ev for g. One evaluator may serve every game of
// a goroutine: a search's result does not depend on what it has cached.
func NewTeacher(g engine.Game, ev mcts.Evaluator, cfg mcts.Config) *Teacher {
	return &Teacher{g: g, ev: ev, cfg: cfg, seats: make([]agents.Agent, g.NumPlayers())}
}

// Begin makes the game's searches, one per seat.
func (l *Teacher) Begin(seeds Seeds) error {
	for p := range l.seats {
		c := l.cfg
		c.Seed = seeds.Teacher(p)
		a, err := mctsagent.New(l.g, l.ev, c)
		if err != nil {
			return fmt.Errorf("imitation: teacher: %w", err)
		}
		l.seats[p] = a
	}
	return nil
}

// Labels is 1: the search's move.
func (l *Teacher) Labels() int { return 1 }

// Label appends the search's move at a position kept, the imitated
// player's elsewhere.
func (l *Teacher) Label(dst []engine.Action, s engine.State, imitated engine.Action, kept bool) ([]engine.Action, error) {
	if !kept {
		return append(dst, imitated), nil
	}
	a, err := l.seats[s.CurrentPlayer()].Act(s)
	if err != nil {
		return dst, fmt.Errorf("imitation: teacher: %w", err)
	}
	return append(dst, a), nil
}
