package imitation

import (
	"errors"
	"fmt"
	"slices"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// ErrBadRecord: a Record does not replay as a game of its game (a move or
// a label not legal, labels missing or left over, a game that goes on
// after its end or stops before it); a checkpoint's records were changed.
var ErrBadRecord = errors.New("imitation: bad game record")

// ErrTooLong: a game went on past its game's MaxGameLength.
var ErrTooLong = errors.New("imitation: game exceeded MaxGameLength")

// Record is one game of an imitation, enough to rebuild its positions
// (Walk): the actions applied (chance outcomes and forced moves included)
// and, at each decision in order, the Labeller's moves (Labels() of them).
// Run checkpoints hold them (gob, by field name).
type Record struct {
	Actions []engine.Action
	Asked   []engine.Action
}

// Recorder plays and records an imitation's games: Imitated's agents are
// asked at every decision, the Labeller gives the labels, the Player the
// move, and the game's draws (Seeds) the chance outcomes, epsilon moves and
// positions kept (see the package doc). A Recorder serves one goroutine
// (its Player and Labeller do); make one per goroutine.
type Recorder struct {
	Game engine.Game
	// Seed seeds every game (Seeds).
	Seed uint64
	// Epsilon is the probability that a move played is a uniformly random
	// legal one instead of the Player's.
	Epsilon float64
	// Keep, if in (0, 1), is the share of the decision positions kept; 0
	// or 1: all.
	Keep float64
	// Imitated makes the imitated player's agent of a seat.
	Imitated func(g engine.Game, seed uint64) (agents.Agent, error)
	Player   Player
	Labeller Labeller
}

// Play plays game number `game` and records it.
func (r *Recorder) Play(game int) (Record, error) {
	g := r.Game
	seeds := Seeds{Seed: r.Seed, Game: game}
	seats := make([]agents.Agent, g.NumPlayers())
	for p := range seats {
		a, err := r.Imitated(g, seeds.Seat(p))
		if err != nil {
			return Record{}, err
		}
		seats[p] = a
	}
	if err := r.Player.Begin(seeds); err != nil {
		return Record{}, err
	}
	if err := r.Labeller.Begin(seeds); err != nil {
		return Record{}, err
	}
	play, keep := seeds.play(), seeds.keeper(r.Keep)
	var rec Record
	var legal []engine.Action
	var outcomes []engine.Outcome
	s := g.NewInitialState()
	for moves := 0; !s.IsTerminal(); moves++ {
		if moves > g.MaxGameLength() {
			return Record{}, fmt.Errorf("%w (%d)", ErrTooLong, g.MaxGameLength())
		}
		var a engine.Action
		switch p := s.CurrentPlayer(); {
		case p == engine.Chance:
			outcomes = s.ChanceOutcomes(outcomes)
			a = engine.SampleOutcome(outcomes, play.Float64())
		default:
			if legal = s.LegalActions(legal); len(legal) == 1 {
				a = legal[0]
				break
			}
			imitated, err := seats[p].Act(s)
			if err != nil {
				return Record{}, fmt.Errorf("imitation: heuristic: %w", err)
			}
			if rec.Asked, err = r.Labeller.Label(rec.Asked, s, imitated, keep.next()); err != nil {
				return Record{}, err
			}
			if a, err = r.Player.Move(s, legal, imitated); err != nil {
				return Record{}, fmt.Errorf("imitation: player: %w", err)
			}
			if play.Float64() < r.Epsilon {
				a = legal[play.IntN(len(legal))]
			}
		}
		rec.Actions = append(rec.Actions, a)
		s.Apply(a)
	}
	return rec, nil
}

// Mix plays the games of an imitation over several configurations of a
// game (of the same shapes), one Recorder per configuration: game number
// i is played by the Recorder of configuration i mod len(Mix). A Mix of
// one Recorder plays as that Recorder. A Mix serves one goroutine.
type Mix []*Recorder

// Play plays game number `game` with its configuration's Recorder.
func (m Mix) Play(game int) (Record, error) {
	n := len(m)
	if n == 0 {
		return Record{}, errors.New("imitation: a mix of no configuration")
	}
	return m[((game%n)+n)%n].Play(game)
}

// Walk replays rec, game number seeds.Game of an imitation that keeps the
// share keep of its positions and labels each with per moves, from s (the
// game's initial state, which it leaves at the game's end), and calls
// visit at each decision, in order, with the state, the player to act, its
// legal moves, the decision's labels and whether its position is kept:
// the keep draws Play made. visit must not keep s, legal or labels. A
// record that does not replay is an error wrapping ErrBadRecord.
func Walk(s engine.State, rec Record, seeds Seeds, keep float64, per int,
	visit func(s engine.State, p engine.Player, legal, labels []engine.Action, kept bool)) error {
	na := s.Game().NumActions()
	keeper := seeds.keeper(keep)
	asked := rec.Asked
	var legal []engine.Action
	var outcomes []engine.Outcome
	for _, a := range rec.Actions {
		if s.IsTerminal() {
			return fmt.Errorf("%w: a recorded game goes on after its end", ErrBadRecord)
		}
		if p := s.CurrentPlayer(); p == engine.Chance {
			outcomes = s.ChanceOutcomes(outcomes)
			if !slices.ContainsFunc(outcomes, func(o engine.Outcome) bool { return o.Action == a }) {
				return fmt.Errorf("%w: a recorded chance outcome %d is not one of the node's", ErrBadRecord, a)
			}
		} else {
			if legal = s.LegalActions(legal); !slices.Contains(legal, a) {
				return fmt.Errorf("%w: a recorded move %d is not legal", ErrBadRecord, a)
			}
			if len(legal) > 1 {
				if len(asked) < per {
					return fmt.Errorf("%w: a recorded game lacks the heuristic's moves", ErrBadRecord)
				}
				for _, b := range asked[:per] {
					if b < 0 || int(b) >= na || !slices.Contains(legal, b) {
						return fmt.Errorf("%w: a recorded heuristic move %d is not legal", ErrBadRecord, b)
					}
				}
				visit(s, p, legal, asked[:per], keeper.next())
				asked = asked[per:]
			}
		}
		s.Apply(a)
	}
	if !s.IsTerminal() || len(asked) != 0 {
		return fmt.Errorf("%w: a recorded game does not end where its record does", ErrBadRecord)
	}
	return nil
}
