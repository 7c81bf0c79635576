package marchmars_test

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/agents"
	_ "github.com/moongym/moongym/agents/heuristics/marchmars"
	"github.com/moongym/moongym/engine"
	mm "github.com/moongym/moongym/engine/marchmars"
)

var verbose = flag.Bool("show", false, "print a heuristic game")

// play plays one game of the heuristic team; chance by the seed.
func play(t *testing.T, params engine.Params, seed uint64) *mm.State {
	t.Helper()
	g := engine.MustLoad(mm.Name, params)
	h, err := agents.New(g, "heuristic", 1)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	s := g.NewInitialState()
	for !s.IsTerminal() {
		var a engine.Action
		if s.CurrentPlayer() == engine.Chance {
			outs := s.ChanceOutcomes(nil)
			r := rng.Float64()
			k := 0
			for ; k < len(outs)-1 && r >= outs[k].Prob; k++ {
				r -= outs[k].Prob
			}
			a = outs[k].Action
		} else {
			a, err = h.Act(s)
			if err != nil {
				t.Fatal(err)
			}
		}
		if *verbose {
			t.Logf("%s", s.ActionString(a))
		}
		s.Apply(a)
	}
	if *verbose {
		t.Logf("\n%s", s)
	}
	return s.(*mm.State)
}

func TestHeuristicPlays(t *testing.T) {
	s := play(t, engine.Params{"players": "4"}, 1)
	if s.Turn() < 1 {
		t.Errorf("game over at turn %d", s.Turn())
	}
}
