// Package lunarrally is the heuristic player of Lunar Rally. It places its
// rovers on the start hexes nearest the finish, facing the way to go. To
// program a rover it tries every program the deck allows (the cards already
// down fixed), previews each with the rover alone on the board as it stands,
// and keeps the best by: reaching the finish line; the remaining path to the
// finish avoiding craters (fine dust counted as slow); facing along that
// path; damage taken; damage dealt to other players' rovers (so it shoots
// when a shot hits) and to its own; missiles wasted (the engine's
// State.BestProgram and State.ScoreProgram). Ties are broken at random. It
// registers itself as the game's "heuristic", and the expert (NewExpert),
// which previews the programs beside its guess of the other players', as
// the game's expert player.
package lunarrally

import (
	"math/rand/v2"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	lr "github.com/moongym/moongym/engine/lunarrally"
)

func init() {
	agents.RegisterHeuristic(lr.Name, agents.Heuristic{
		New: func(g engine.Game, seed uint64) (agents.Agent, error) {
			return &Agent{rng: agents.NewRNG(seed)}, nil
		},
		Evaluate: Evaluate,
		Expert: func(g engine.Game, seed uint64) (agents.Agent, error) {
			return NewExpert(seed), nil
		},
	})
}

// Agent is the heuristic player.
type Agent struct {
	rng   *rand.Rand
	legal []engine.Action
	guess bool // the expert: previews against the other players' guessed programs
}

// Act picks the action for the player to move.
func (h *Agent) Act(es engine.State) (engine.Action, error) {
	if err := agents.CheckToAct(es); err != nil {
		return 0, err
	}
	h.legal = es.LegalActions(h.legal)
	s, ok := es.(*lr.State)
	if !ok {
		return h.legal[h.rng.IntN(len(h.legal))], nil
	}
	g := s.Game().(*lr.Game)
	if placing, pending := s.Placing(); placing {
		return h.place(s, g, pending), nil
	}
	seat, r, phase, _ := s.Deciding()
	var prog [lr.MaxPhases]lr.Card
	if i := 2*seat + r; h.guess {
		prog = s.BestProgram(i, phase, s.GuessOthers(i), h.rng.IntN)
	} else {
		prog = Plan(s, seat, r, phase, h.rng)
	}
	return lr.CardAction(prog[phase]), nil
}

// place picks the free start hex, then the facing, nearest the finish.
func (h *Agent) place(s *lr.State, g *lr.Game, pending int) engine.Action {
	b := g.Board()
	best, bestV, n := h.legal[0], 1<<30, 0
	for _, a := range h.legal {
		var v int
		if pending < 0 { // choosing a hex: a = start action
			cell := b.Starts()[int(a)-lr.NumCards]
			v = b.FinishPath(cell)
		} else {
			d := int(a) - lr.NumCards - len(b.Starts())
			v = b.FinishPath(b.Neighbor(pending, d))
			if v < 0 {
				v = 1 << 20
			}
		}
		switch {
		case v < bestV:
			best, bestV, n = a, v, 1
		case v == bestV:
			n++
			if h.rng.IntN(n) == 0 {
				best = a
			}
		}
	}
	return best
}

// Plan returns the best program for rover r of seat, keeping the cards on
// phases before phase: every program the deck allows, previewed with the
// rover alone on the board, rated by Score, ties broken at random.
func Plan(s *lr.State, seat, r, phase int, rng *rand.Rand) [lr.MaxPhases]lr.Card {
	return s.BestProgram(2*seat+r, phase, lr.Guesses{}, rng.IntN)
}

// Evaluate scores a position for every seat: the shortest remaining path of
// the seat's rovers to the finish and their health, centred so the values
// sum to zero, within [-1, 1]. At the end, the returns.
func Evaluate(es engine.State, dst []float64) []float64 {
	if es.IsTerminal() {
		return es.Returns(dst)
	}
	g := es.Game()
	n := g.NumPlayers()
	dst = dst[:0]
	s, ok := es.(*lr.State)
	if !ok {
		for range n {
			dst = append(dst, 0)
		}
		return dst
	}
	b := g.(*lr.Game).Board()
	scale := float64(3 * (b.Rows() + b.Cols()))
	sum := 0.0
	for seat := 0; seat < n; seat++ {
		v := 0.0
		for r := 0; r < 2; r++ {
			rv := s.Rover(seat, r)
			if rv.Status != lr.Racing {
				continue
			}
			p := b.FinishPath(int(rv.Pos))
			if p < 0 {
				continue
			}
			h := float64(rv.Phases+rv.Shields) / 5
			v = max(v, 1-float64(p)/scale+0.2*h)
		}
		dst = append(dst, v)
		sum += v
	}
	for i := range dst {
		dst[i] = max(-1, min(1, (dst[i]-sum/float64(n))/2))
	}
	return dst
}

// NewExpert is the heuristic that previews each program against its guess
// of what the other players' rovers of the same kind will do
// (lr.State.GuessOthers): it aims and dodges where the heuristic assumes
// they stand still.
func NewExpert(seed uint64) *Agent {
	return &Agent{rng: agents.NewRNG(seed), guess: true}
}
