package models_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

// BenchmarkEvaluateSparse runs the evaluator as a search does (batches of
// 8 leaves) on real March on Mars positions with 4 marines: an MLP of
// width 128 and depth 2 on an observation of 7,085 floats of which about
// 200 are nonzero, so that the first layer's sparse path and the cache's
// key carry most of the cost. "cache" looks every leaf up first (all
// miss: the positions are distinct); "nocache" does not.
func BenchmarkEvaluateSparse(b *testing.B) {
	params, err := engine.ParseParams("players=4")
	if err != nil {
		b.Fatal(err)
	}
	g, err := engine.Load("march-mars", params)
	if err != nil {
		b.Fatal(err)
	}
	s := models.ShapesOf(g)
	net, err := models.NewNetwork(s, models.Arch{Kind: models.KindMLP, Width: 128, Depth: 2, ValueHidden: 32}, 1)
	if err != nil {
		b.Fatal(err)
	}
	// 1,024 decision states from seeded random playouts.
	rng := rand.New(rand.NewPCG(1, 2))
	var states []engine.State
	for len(states) < 1024 {
		st := g.NewInitialState()
		for !st.IsTerminal() && len(states) < 1024 {
			if st.CurrentPlayer() == engine.Chance {
				oc := st.ChanceOutcomes(nil)
				st.Apply(oc[rng.IntN(len(oc))].Action)
				continue
			}
			states = append(states, st.Clone())
			la := st.LegalActions(nil)
			st.Apply(la[rng.IntN(len(la))])
		}
	}
	const batch = 8
	out := newEvals(batch, g)
	for _, cache := range []int{0, 1 << 16} {
		name := "nocache"
		if cache > 0 {
			name = "cache"
		}
		b.Run(fmt.Sprintf("march-mars-p4/%s", name), func(b *testing.B) {
			i := 0
			for b.Loop() {
				// A new evaluator per pass over the states: every leaf misses.
				ev, err := models.NewEvaluator(g, net, cache)
				if err != nil {
					b.Fatal(err)
				}
				for j := 0; j+batch <= len(states); j += batch {
					if err := ev.Evaluate(states[j:j+batch], out); err != nil {
						b.Fatal(err)
					}
					i += batch
				}
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}
