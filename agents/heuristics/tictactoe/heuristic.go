// Package tictactoe is the heuristic player of tic-tac-toe: win now, else
// block the opponent's win, else take the centre, a corner, an edge (ties
// broken at random). It registers itself as the game's "heuristic".
package tictactoe

import (
	"math/rand/v2"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	ttt "github.com/moongym/moongym/engine/tictactoe"
)

func init() {
	agents.RegisterHeuristic(ttt.Name, agents.Heuristic{
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

var preference = [9]int{2, 1, 2, 1, 3, 1, 2, 1, 2} // centre > corners > edges

// Act wins, blocks, or takes the best free cell.
func (h *Agent) Act(s engine.State) (engine.Action, error) {
	if err := agents.CheckToAct(s); err != nil {
		return 0, err
	}
	h.legal = s.LegalActions(h.legal)
	me := s.CurrentPlayer()
	if a, ok := completing(s, h.legal, me); ok {
		return a, nil
	}
	if a, ok := completing(s, h.legal, 1-me); ok {
		return a, nil
	}
	best, n := engine.Action(-1), 0
	for _, a := range h.legal {
		switch {
		case best < 0 || preference[a] > preference[best]:
			best, n = a, 1
		case preference[a] == preference[best]:
			n++
			if h.rng.IntN(n) == 0 {
				best = a
			}
		}
	}
	return best, nil
}

// completing finds a legal cell that completes a line for player p.
func completing(s engine.State, legal []engine.Action, p engine.Player) (engine.Action, bool) {
	board := marks(s)
	mark := int8(p) + 1
	for _, a := range legal {
		board[a] = mark
		won := lineOf(&board, mark)
		board[a] = 0
		if won {
			return a, true
		}
	}
	return 0, false
}

func marks(s engine.State) [9]int8 {
	var obs [27]float32
	var board [9]int8
	s.Observe(0, obs[:])
	for i := range board {
		switch {
		case obs[i] == 1:
			board[i] = 1
		case obs[9+i] == 1:
			board[i] = 2
		}
	}
	return board
}

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func lineOf(b *[9]int8, mark int8) bool {
	for _, l := range lines {
		if b[l[0]] == mark && b[l[1]] == mark && b[l[2]] == mark {
			return true
		}
	}
	return false
}

// Evaluate is the result at the end; before it, +0.5 to the player to move
// if they can win at once, else the count of open lines, scaled into (-0.5, 0.5).
func Evaluate(s engine.State, dst []float64) []float64 {
	if s.IsTerminal() {
		return s.Returns(dst)
	}
	dst = append(dst[:0], 0, 0)
	board := marks(s)
	var open [2]int
	for _, l := range lines {
		var has [3]bool
		for _, c := range l {
			has[board[c]] = true
		}
		if !has[2] && has[1] {
			open[0]++
		}
		if !has[1] && has[2] {
			open[1]++
		}
	}
	v := float64(open[0]-open[1]) / 20
	dst[0], dst[1] = v, -v
	return dst
}
