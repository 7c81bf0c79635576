package benchall

import (
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/mcts/internal/simbench"
)

// firstDecision plays chance outcomes (seeded) from the initial state up to
// the first decision node.
func firstDecision(g engine.Game, seed uint64) engine.State {
	rng := rand.New(rand.NewPCG(seed, 1))
	s := g.NewInitialState()
	var outs []engine.Outcome
	for s.CurrentPlayer() == engine.Chance {
		outs = s.ChanceOutcomes(outs)
		s.Apply(engine.SampleOutcome(outs, rng.Float64()))
	}
	return s
}

// BenchmarkSearch reports simulations per second of a 200-simulation PUCT
// search with one random rollout per leaf, on one core, from the first
// decision of every registered game with its default parameters: sims/s of
// wall time and cpu-sims/s of CPU time. Hidden-information games use the
// information-set search (the default mode).
func BenchmarkSearch(b *testing.B) {
	for _, spec := range engine.Games() {
		b.Run(spec.Name, func(b *testing.B) {
			g, err := engine.Load(spec.Name, nil)
			if err != nil {
				b.Fatal(err)
			}
			st := firstDecision(g, 1)
			if st.IsTerminal() {
				b.Skip("the game ends before any decision")
			}
			s, err := mcts.New(g, mcts.NewRolloutEvaluator(g, 1), mcts.Config{Sims: 200, CPUCT: 1.4})
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

// TestEveryGameSearches runs a short search at the first decision of every
// registered game, so a game that the search cannot handle fails here.
func TestEveryGameSearches(t *testing.T) {
	for _, spec := range engine.Games() {
		t.Run(spec.Name, func(t *testing.T) {
			g, err := engine.Load(spec.Name, nil)
			if err != nil {
				t.Fatal(err)
			}
			st := firstDecision(g, 1)
			if st.IsTerminal() {
				t.Skip("the game ends before any decision")
			}
			s, err := mcts.New(g, mcts.NewRolloutEvaluator(g, 1), mcts.Config{Sims: 20, CPUCT: 1.4, BatchSize: 4})
			if err != nil {
				t.Fatal(err)
			}
			r, err := s.Run(st)
			if err != nil {
				t.Fatal(err)
			}
			if !engine.IsLegal(st, r.Action) {
				t.Errorf("search chose illegal action %d", r.Action)
			}
		})
	}
}
