// Package lunarrally is the heuristic player of Lunar Rally. It places its
// rovers on the start hexes nearest the finish, facing the way to go. To
// program a rover it tries every program the deck allows (the cards already
// down fixed), previews each with the rover alone on the board as it stands,
// and keeps the best by: reaching the finish line; the remaining path to the
// finish avoiding craters (fine dust counted as slow); facing along that
// path; damage taken; damage dealt to other players' rovers (so it shoots
// when a shot hits) and to its own; missiles wasted. Ties are broken at
// random. It registers itself as the game's "heuristic".
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
	})
}

// Agent is the heuristic player.
type Agent struct {
	rng   *rand.Rand
	legal []engine.Action
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
	prog := Plan(s, seat, r, phase, h.rng)
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
// phases before phase.
func Plan(s *lr.State, seat, r, phase int, rng *rand.Rand) [lr.MaxPhases]lr.Card {
	rv := s.Rover(seat, r)
	left := lr.Decks[r]
	prog := rv.Program
	for p := 0; p < phase; p++ {
		if prog[p] != lr.NoCard {
			left[prog[p]]--
		}
	}
	for p := phase; p < lr.MaxPhases; p++ {
		prog[p] = lr.NoCard
	}
	best, bestV, ties := prog, -1e18, 0
	var rec func(p int)
	rec = func(p int) {
		if p >= int(rv.Phases) {
			v := Score(s, seat, r, s.Preview(2*seat+r, prog))
			switch {
			case v > bestV+1e-9:
				best, bestV, ties = prog, v, 1
			case v > bestV-1e-9:
				ties++
				if rng.IntN(ties) == 0 {
					best = prog
				}
			}
			return
		}
		for c := lr.Card(0); c < lr.NumCards; c++ {
			if left[c] == 0 {
				continue
			}
			left[c]--
			prog[p] = c
			rec(p + 1)
			prog[p] = lr.NoCard
			left[c]++
		}
	}
	rec(phase)
	return best
}

// Score rates a previewed program for rover r of seat (higher is better).
func Score(s *lr.State, seat, r int, pv lr.Preview) float64 {
	if pv.Finished {
		return 1e6
	}
	b := s.Game().(*lr.Game).Board()
	v := 0.0
	if pv.Destroyed {
		v -= 500
	} else {
		path := b.FinishPath(pv.Pos)
		v -= 10 * float64(path)
		// Facing along the path to the finish saves a turn later.
		if next := b.Neighbor(pv.Pos, pv.Heading); next >= 0 {
			if np := b.FinishPath(next); np >= 0 && np < path {
				v += 6
			}
		}
	}
	v -= 7 * float64(pv.Damage)
	v += 12 * float64(pv.EnemyDamage)
	v -= 10 * float64(pv.OwnDamage)
	if pv.MissilesUsed > 0 && pv.EnemyDamage == 0 {
		v -= 4 * float64(pv.MissilesUsed)
	}
	if pv.MissilesUsed < 0 { // picked up a cache
		v += 3
	}
	return v
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
