package mcts

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts/internal/simbench"
	"github.com/moongym/moongym/mcts/internal/testgames"
)

// BenchmarkSearch reports simulations per second of one search on one core
// from the initial position, with random rollouts: sims/s of wall time and
// cpu-sims/s of CPU time (see BenchmarkTicTacToeUCT).
func BenchmarkSearch(b *testing.B) {
	for _, tc := range []struct {
		name string
		g    engine.Game
		st   engine.State
		cfg  Config
	}{
		{"tictactoe/puct", tictactoe.Game{}, tictactoe.Game{}.NewInitialState(), Config{Sims: 800, CPUCT: 1.4}},
		{"tictactoe/uct", tictactoe.Game{}, tictactoe.Game{}.NewInitialState(), Config{Sims: 800, CPUCT: 1.4, UCT: true}},
		{"tictactoe/puct-batch16", tictactoe.Game{}, tictactoe.Game{}.NewInitialState(), Config{Sims: 800, CPUCT: 1.4, BatchSize: 16}},
		{"tictactoe/infoset", tictactoe.Game{}, tictactoe.Game{}.NewInitialState(), Config{Sims: 800, CPUCT: 1.4, Mode: InfoSetMode}},
		{"dicerace/puct", testgames.DiceRace{Goal: 30, MaxTurns: 60}, testgames.DiceRace{Goal: 30, MaxTurns: 60}.NewInitialState(), Config{Sims: 800, CPUCT: 1.4}},
		{"kuhn/infoset", testgames.Kuhn{}, testgames.Kuhn{}.Deal(1, 2), Config{Sims: 800, CPUCT: 1.4}},
	} {
		b.Run(tc.name, func(b *testing.B) { benchSearch(b, tc.g, tc.st, tc.cfg) })
	}
}

func benchSearch(b *testing.B, g engine.Game, st engine.State, cfg Config) {
	s := mustSearch(b, g, NewRolloutEvaluator(g, 1), cfg)
	simbench.Loop(b, func() (int, error) {
		s.Reset()
		r, err := s.Run(st)
		return r.Sims, err
	})
}
