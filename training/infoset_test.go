package training_test

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/lunarrally"
	_ "github.com/moongym/moongym/engine/walkingmoon"
	_ "github.com/moongym/moongym/engine/welcomemoon"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/training"
)

// obsEvaluator is a stand-in for a network: uniform priors over the legal
// actions and values that are a fixed function of the observation of the
// player to act, so that an evaluation depends on what that player sees,
// as a network's does.
type obsEvaluator struct{ g engine.Game }

func (e obsEvaluator) Evaluate(states []engine.State, out []mcts.Evaluation) error {
	obs := make([]float32, engine.ObservationSize(e.g))
	for i, st := range states {
		clear(out[i].Priors)
		legal := st.LegalActions(nil)
		for _, a := range legal {
			out[i].Priors[a] = 1 / float32(len(legal))
		}
		st.Observe(st.CurrentPlayer(), obs)
		h := 0.0
		for j, x := range obs {
			h += float64(x) * float64(j%7+1)
		}
		lo, hi := e.g.MinUtility(), e.g.MaxUtility()
		for p := range out[i].Values {
			f := h*float64(p+3)*0.618034 - float64(int64(h*float64(p+3)*0.618034))
			if f < 0 {
				f = -f
			}
			out[i].Values[p] = float32(lo + (hi-lo)*f)
		}
	}
	return nil
}

// TestSelfPlaySearchesInfoSets: on every hidden-information game, the
// self-play search (gumbel 0 and 1) is an information-set search, and it
// gives the same result from the true state and from another state that
// differs only in what the acting seat cannot see (State.Resample): it
// never uses the true state's hidden part. A perfect-information search of
// the same positions does differ, so the test can fail.
func TestSelfPlaySearchesInfoSets(t *testing.T) {
	// Under walking-moon's basic rules Resample returned a copy at every
	// decision tried (nothing to resample); the advanced rules hide cards.
	for _, name := range []string{"lunar-rally", "walking-moon:rules=advanced", "welcome-moon"} {
		gname, params, _ := strings.Cut(name, ":")
		p, err := engine.ParseParams(params)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.Load(gname, p)
		if err != nil {
			t.Fatal(err)
		}
		if g.Spec().Information != engine.ImperfectInformation {
			t.Fatalf("%s is not a hidden-information game", name)
		}
		ev := obsEvaluator{g}
		for _, mode := range []string{"gumbel=0", "gumbel=1,gumbelm=4"} {
			cfg, err := training.ParseConfig(mode+",sims=24,leafbatch=2", tinyConfig(t))
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			checked, perfectDiffers := 0, false
			s := g.NewInitialState()
			for step := 0; !s.IsTerminal() && checked < 6 && step < 400; step++ {
				var legal []engine.Action
				if s.CurrentPlayer() == engine.Chance {
					s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
					continue
				}
				legal = s.LegalActions(nil)
				if len(legal) > 1 && step%3 == 0 {
					p := s.CurrentPlayer()
					j, _ := s.MarshalJSON()
					var twin engine.State
					for try := 0; try < 20 && twin == nil; try++ {
						r := s.Resample(p, rng)
						if rj, _ := r.MarshalJSON(); !bytes.Equal(rj, j) {
							twin = r
						}
					}
					if twin != nil {
						checked++
						run := func(c mcts.Config, st engine.State) mcts.Result {
							search, err := mcts.New(g, ev, c)
							if err != nil {
								t.Fatal(err)
							}
							if c.Mode == mcts.AutoMode && search.Mode() != mcts.InfoSetMode {
								t.Fatalf("%s %q: self-play searches in %v", name, mode, search.Mode())
							}
							r, err := search.Run(st)
							if err != nil {
								t.Fatal(err)
							}
							return r
						}
						sc := training.SelfPlaySearch(cfg, uint64(step))
						a, b := run(sc, s), run(sc, twin)
						if !reflect.DeepEqual(a, b) {
							t.Fatalf("%s %q step %d: the search depends on what seat %d cannot see", name, mode, step, p)
						}
						sc.Mode = mcts.PerfectMode
						if !reflect.DeepEqual(run(sc, s), run(sc, twin)) {
							perfectDiffers = true
						}
					}
				}
				s.Apply(legal[rng.IntN(len(legal))])
			}
			if checked < 3 {
				t.Fatalf("%s %q: only %d positions with hidden information checked", name, mode, checked)
			}
			if !perfectDiffers {
				t.Errorf("%s %q: a perfect-information search never told the twins apart: the test cannot fail", name, mode)
			}
		}
	}
}
