package benchall

import (
	"flag"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/mcts/internal/searchtrace"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGoldenSearch pins the search's results on every registered game with
// its default parameters (hidden-information games in information-set mode,
// walking-moon with four seats): the first decisions of a seeded line of
// play, searched with PUCT and UCT, compared bit for bit with
// testdata/search.golden. Speed-ups of the search must leave it unchanged.
func TestGoldenSearch(t *testing.T) {
	var cases []searchtrace.Case
	for _, spec := range engine.Games() {
		g, err := engine.Load(spec.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases,
			searchtrace.Case{Name: spec.Name + "-puct", Game: g, Cfg: mcts.Config{Sims: 100, CPUCT: 1.4, Seed: 1}, Moves: 4, Seed: 1},
			searchtrace.Case{Name: spec.Name + "-uct", Game: g, Cfg: mcts.Config{Sims: 100, CPUCT: 1.4, UCT: true, Seed: 2, BatchSize: 4}, Moves: 4, Seed: 2},
			searchtrace.Case{Name: spec.Name + "-puct-reuse", Game: g, Cfg: mcts.Config{Sims: 100, CPUCT: 1.4, Seed: 3, Reuse: true, Mode: mcts.PerfectMode}, Moves: 4, Seed: 3},
		)
	}
	searchtrace.Check(t, "testdata/search.golden", *update, cases)
}
