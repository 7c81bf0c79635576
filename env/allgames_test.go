package env_test

import (
	"math"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/env"
)

// TestEveryGameThroughEnv plays random episodes of every registered game
// configuration through the environment: masks match legal actions, the
// observation fits the space, and the rewards add up to the final returns.
func TestEveryGameThroughEnv(t *testing.T) {
	for _, spec := range engine.Games() {
		for _, cfg := range enginetest.Configs(spec) {
			g, err := engine.Load(spec.Name, cfg)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(spec.Name+"/"+g.Params().String(), func(t *testing.T) {
				e := env.New(g, env.Options{})
				box := e.ObservationSpace()
				rng := agents.NewRNG(1)
				for ep := uint64(0); ep < 2; ep++ {
					obs, info, err := e.Reset(ep)
					if err != nil {
						t.Fatal(err)
					}
					total := make([]float64, g.NumPlayers())
					for steps := 0; ; steps++ {
						if len(obs.Tensor) != box.Size() || len(obs.Mask) != e.ActionSpace().N {
							t.Fatalf("obs sizes %d/%d", len(obs.Tensor), len(obs.Mask))
						}
						n := 0
						for _, ok := range obs.Mask {
							if ok {
								n++
							}
						}
						if n != len(info.Legal) {
							t.Fatalf("mask has %d legal, info %d", n, len(info.Legal))
						}
						st, err := e.Step(info.Legal[rng.IntN(len(info.Legal))])
						if err != nil {
							t.Fatal(err)
						}
						for i, r := range st.Rewards {
							total[i] += r
						}
						if st.Terminated {
							final := e.State().Returns(nil)
							for i := range final {
								if math.Abs(final[i]-total[i]) > 1e-9 {
									t.Fatalf("rewards sum to %v, returns %v", total, final)
								}
							}
							break
						}
						obs, info = st.Obs, st.Info
					}
				}
			})
		}
	}
}
