package mcts_test

import (
	"fmt"
	"testing"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/mcts/internal/simbench"
)

// BenchmarkTicTacToeUCT reports simulations per second of one UCT search
// (c = 1.4, one random rollout per leaf) from the empty board, with 1,000
// and 10,000 simulations per search, a fresh tree each search: sims/s per
// second of wall time and, where the system tells it, cpu-sims/s per second
// of the process's CPU time, which other work on a loaded machine disturbs
// less. It uses only the package's public API, so this file and
// internal/simbench can be copied onto an older commit to measure the two
// side by side (docs/benchmarks/search.md).
func BenchmarkTicTacToeUCT(b *testing.B) {
	for _, sims := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("sims=%d", sims), func(b *testing.B) {
			g := tictactoe.Game{}
			st := g.NewInitialState()
			s, err := mcts.New(g, mcts.NewRolloutEvaluator(g, 1), mcts.Config{Sims: sims, CPUCT: 1.4, UCT: true, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			simbench.Loop(b, func() (int, error) {
				s.Reset()
				r, err := s.Run(st)
				return r.Sims, err
			})
		})
	}
}
