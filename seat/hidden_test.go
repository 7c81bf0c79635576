package seat

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestBestIgnoresHiddenInformation: best is given the whole state (the
// game's state JSON holds every hidden card), but its answer must not depend
// on what the seat to move cannot see. For every game with hidden
// information, at decision nodes of a random game, the heuristic's answer
// for the state and for worlds resampled for the seat to move (what it sees
// kept, the rest redrawn) must be the same.
func TestBestIgnoresHiddenInformation(t *testing.T) {
	sv := NewService(Limits{}, nil)
	checked := 0
	for _, spec := range engine.Games() {
		if spec.Information == engine.PerfectInformation {
			continue
		}
		g, err := engine.Load(spec.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		st := g.NewInitialState()
		for step := 0; step < 60 && !st.IsTerminal(); step++ {
			p := st.CurrentPlayer()
			if p >= 0 && step%3 == 0 {
				want := bestOf(t, sv, g, st)
				for w := range 3 {
					world := st.Resample(p, rand.New(rand.NewPCG(uint64(step), uint64(w))))
					if got := bestOf(t, sv, g, world); got != want {
						t.Errorf("%s step %d: heuristic plays %q in the real state but %q in a world resampled for %s: best leaks hidden information", spec.Name, step, want, got, p)
					}
				}
				checked++
			}
			legal := st.LegalActions(nil)
			if p == engine.Chance {
				outs := st.ChanceOutcomes(nil)
				st.Apply(outs[rng.IntN(len(outs))].Action)
				continue
			}
			st.Apply(legal[rng.IntN(len(legal))])
		}
	}
	if checked == 0 {
		t.Fatal("no hidden-information game checked")
	}
}

func bestOf(t *testing.T, sv *Service, g engine.Game, st engine.State) string {
	t.Helper()
	data, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	r, err := sv.Best(context.Background(), BestRequest{Game: g.Spec().Name, Params: Params(g.Params()), State: data, Agent: "heuristic", Seed: 1})
	if err != nil {
		t.Fatalf("%s: best: %v", g.Spec().Name, err)
	}
	return r.Name
}
