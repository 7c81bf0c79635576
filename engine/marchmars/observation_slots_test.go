package marchmars

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestObservationSeatSlots: the observation keeps maxMarines marine slots
// at every count, so 2 and 3 marines (and 4 and 5, on the bigger map) have
// one shape; the slots past the game's marines are zero in every position,
// and the last of the game's is filled.
func TestObservationSeatSlots(t *testing.T) {
	shape := map[int][]int{}
	for n := 2; n <= maxMarines; n++ {
		g := engine.MustLoad(Name, engine.Params{"players": fmt.Sprint(n)})
		if slots, ok := engine.ObservationSlots(g); !ok || slots != maxMarines {
			t.Fatalf("%d marines: ObservationSlots = %d, %v, want %d, true", n, slots, ok, maxMarines)
		}
		shape[n] = g.ObservationShape()
		gg := g.(*Game)
		board := gg.cols * gg.height * perBox
		slot := func(obs []float32, k int) []float32 { return obs[board+k*perMarine:][:perMarine] }
		obs := make([]float32, gg.obsSize)
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		filled := false
		var legal []engine.Action
		var outs []engine.Outcome
		for game := 0; game < 3; game++ {
			s := g.NewInitialState()
			for !s.IsTerminal() {
				p := s.CurrentPlayer()
				if p == engine.Chance {
					outs = s.ChanceOutcomes(outs)
					s.Apply(engine.SampleOutcome(outs, rng.Float64()))
					continue
				}
				s.Observe(p, obs)
				for k := n; k < maxMarines; k++ {
					if slices.ContainsFunc(slot(obs, k), func(x float32) bool { return x != 0 }) {
						t.Fatalf("%d marines: slot %d of seat %d's observation is %v, want zero", n, k, p, slot(obs, k))
					}
				}
				filled = filled || slices.ContainsFunc(slot(obs, n-1), func(x float32) bool { return x != 0 })
				legal = s.LegalActions(legal)
				s.Apply(legal[rng.IntN(len(legal))])
			}
		}
		if !filled {
			t.Errorf("%d marines: slot %d was zero in every observation", n, n-1)
		}
	}
	if !slices.Equal(shape[2], shape[3]) || !slices.Equal(shape[4], shape[5]) {
		t.Errorf("shapes %v, want 2 and 3 marines alike, and 4 and 5", shape)
	}
	if slices.Equal(shape[3], shape[4]) {
		t.Errorf("3 and 4 marines share the shape %v; the maps differ", shape[3])
	}
}
