package mcts_test

import (
	"flag"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/mcts/internal/searchtrace"
	"github.com/moongym/moongym/mcts/internal/testgames"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGoldenSearch pins the search's results: for fixed seeds, lines of play
// searched at every decision, with every visit fraction, root value and
// chosen action compared bit for bit with testdata/search.golden. Speed-ups
// of the search must leave it unchanged; a change of the search's behaviour
// is recorded with -update and explained in its commit.
func TestGoldenSearch(t *testing.T) {
	ttt := tictactoe.Game{}
	race := testgames.DiceRace{Goal: 12, MaxTurns: 20}
	kuhn := testgames.Kuhn{}
	skew := func(a engine.Action) float32 { return float32(1 + a%4) }
	var cases []searchtrace.Case
	for seed := uint64(1); seed <= 3; seed++ {
		cases = append(cases,
			searchtrace.Case{Name: "ttt-puct", Game: ttt, Cfg: mcts.Config{Sims: 300, CPUCT: 1.4, Seed: seed}, Moves: 9, Seed: seed},
			searchtrace.Case{Name: "ttt-uct", Game: ttt, Cfg: mcts.Config{Sims: 1000, CPUCT: 1.4, UCT: true, Seed: seed}, Moves: 9, Seed: seed},
			searchtrace.Case{Name: "race-puct", Game: race, Cfg: mcts.Config{Sims: 300, CPUCT: 1.4, Seed: seed}, Moves: 12, Seed: seed},
			searchtrace.Case{Name: "race-uct", Game: race, Cfg: mcts.Config{Sims: 500, CPUCT: 1.4, UCT: true, Seed: seed}, Moves: 12, Seed: seed},
			searchtrace.Case{Name: "kuhn-uct", Game: kuhn, State: kuhn.Deal(int(seed%3), int((seed+1)%3)), Cfg: mcts.Config{Sims: 500, CPUCT: 1.4, UCT: true, Seed: seed}, Moves: 3, Seed: seed},
			searchtrace.Case{Name: "kuhn-puct", Game: kuhn, State: kuhn.Deal(int((seed+1)%3), int(seed%3)), Cfg: mcts.Config{Sims: 500, CPUCT: 1.4, Seed: seed}, Moves: 3, Seed: seed},
			searchtrace.Case{Name: "pick-puct", Game: mcts.PickGame, Cfg: mcts.Config{Sims: 300, CPUCT: 1.4, Seed: seed}, Moves: 3, Seed: seed},
			searchtrace.Case{Name: "pick-uct", Game: mcts.PickGame, Cfg: mcts.Config{Sims: 300, CPUCT: 1.4, UCT: true, Seed: seed}, Moves: 3, Seed: seed},
		)
	}
	cases = append(cases,
		// Reuse, kept by Advance and found by Run.
		searchtrace.Case{Name: "ttt-puct-reuse", Game: ttt, Cfg: mcts.Config{Sims: 300, CPUCT: 1.4, Seed: 4, Reuse: true}, Moves: 9, Seed: 4},
		searchtrace.Case{Name: "ttt-uct-reuse-find", Game: ttt, Cfg: mcts.Config{Sims: 1000, CPUCT: 1.4, UCT: true, Seed: 4, Reuse: true}, Moves: 9, Seed: 4, NoAdvance: true},
		searchtrace.Case{Name: "race-puct-reuse", Game: race, Cfg: mcts.Config{Sims: 300, CPUCT: 1.4, Seed: 4, Reuse: true}, Moves: 12, Seed: 4},
		// Batches with virtual loss, noise, temperature, priors, rollouts.
		searchtrace.Case{Name: "ttt-puct-batch", Game: ttt, Cfg: mcts.Config{Sims: 400, CPUCT: 1.4, Seed: 5, BatchSize: 8}, Moves: 9, Seed: 5},
		searchtrace.Case{Name: "ttt-uct-batch", Game: ttt, Cfg: mcts.Config{Sims: 400, CPUCT: 1.4, UCT: true, Seed: 5, BatchSize: 8}, Moves: 9, Seed: 5},
		searchtrace.Case{Name: "ttt-puct-noise-temp", Game: ttt, Cfg: mcts.Config{Sims: 300, CPUCT: 1.4, Seed: 6, DirichletAlpha: 0.3, DirichletEpsilon: 0.25, Temperature: 1}, Moves: 9, Seed: 6},
		searchtrace.Case{Name: "ttt-puct-priors", Game: ttt, Cfg: mcts.Config{Sims: 300, CPUCT: 2, Seed: 7}, Priors: skew, Rollouts: 2, Moves: 9, Seed: 7},
		searchtrace.Case{Name: "race-puct-priors-batch", Game: race, Cfg: mcts.Config{Sims: 300, CPUCT: 1, Seed: 7, BatchSize: 4}, Priors: skew, Moves: 12, Seed: 7},
		// Information-set search of a perfect-information game.
		searchtrace.Case{Name: "ttt-infoset-uct", Game: ttt, Cfg: mcts.Config{Sims: 400, CPUCT: 1.4, UCT: true, Seed: 8, Mode: mcts.InfoSetMode}, Moves: 9, Seed: 8},
		searchtrace.Case{Name: "ttt-infoset-puct-batch", Game: ttt, Cfg: mcts.Config{Sims: 400, CPUCT: 1.4, Seed: 8, Mode: mcts.InfoSetMode, BatchSize: 4}, Moves: 9, Seed: 8},
		// Perfect-information search of a hidden-information game.
		searchtrace.Case{Name: "kuhn-perfect", Game: kuhn, State: kuhn.Deal(2, 0), Cfg: mcts.Config{Sims: 500, CPUCT: 1.4, UCT: true, Seed: 9, Mode: mcts.PerfectMode}, Moves: 3, Seed: 9},
	)
	searchtrace.Check(t, "testdata/search.golden", *update, cases)
}
