package welcomemoon

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestObservationSeats: the observation is one section per sheet and a
// global section, their sizes the same with any number of seats of an
// adventure (what a network of fewer seats reads through models' seat
// view), and seat q's section in p's view is the one q sees first in its
// own (checked at the first decision, before anyone chose).
func TestObservationSeats(t *testing.T) {
	for adv := 1; adv <= 8; adv++ {
		per2, _, glob2, ok := engine.ObservationSeats(testGame(t, adv, 2, 1))
		if !ok {
			t.Fatalf("adventure %d: no seat sections", adv)
		}
		for n := 2; n <= maxPlayers; n++ {
			g := testGame(t, adv, n, 1)
			per, sec, glob, ok := engine.ObservationSeats(g)
			if !ok || per != per2 || sec != n || glob != glob2 {
				t.Fatalf("adventure %d, %d players: %d sections of %d and %d global (%v), want %d of %d and %d", adv, n, sec, per, glob, ok, n, per2, glob2)
			}
			s := g.NewInitialState()
			rng := rand.New(rand.NewPCG(uint64(adv), uint64(n)))
			var outs []engine.Outcome
			for s.CurrentPlayer() == engine.Chance {
				outs = s.ChanceOutcomes(outs)
				s.Apply(engine.SampleOutcome(outs, rng.Float64()))
			}
			obs := make([][]float32, n)
			for p := range obs {
				obs[p] = make([]float32, engine.ObservationSize(g))
				s.Observe(engine.Player(p), obs[p])
			}
			for p := range n {
				for k := range n {
					q := (p + k) % n
					if !slices.Equal(obs[p][k*per:(k+1)*per], obs[q][:per]) {
						t.Fatalf("adventure %d, %d players: seat %d's section %d differs from seat %d's own", adv, n, p, k, q)
					}
				}
			}
		}
	}
	if _, sec, _, _ := engine.ObservationSeats(testGame(t, 8, 1, 1)); sec != 2 {
		t.Errorf("Adventure 8 solo: %d sections, want 2 (ASTRA's sheet)", sec)
	}
}
