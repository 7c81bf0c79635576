package training_test

import (
	"context"
	"slices"
	"testing"

	_ "github.com/moongym/moongym/agents/heuristics/lunarrally"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/training"
)

// TestMarginAhead: marginahead changes the value targets of the same
// positions, imitated or self-played, and nothing else; the positions
// within that many decisions of the end keep the final values.
func TestMarginAhead(t *testing.T) {
	g, err := engine.Load("lunar-rally", engine.Params{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, obsA, obsB, polA, polB, valA, valB []float32) {
		t.Helper()
		if !slices.Equal(obsA, obsB) || !slices.Equal(polA, polB) {
			t.Fatalf("%s: marginahead changed the positions or the policy targets", what)
		}
		if slices.Equal(valA, valB) {
			t.Fatalf("%s: marginahead changed no value target", what)
		}
		if n := len(valA); !slices.Equal(valA[n-2:], valB[n-2:]) {
			t.Errorf("%s: the last position's values %v, want the final %v", what, valB[n-2:], valA[n-2:])
		}
	}
	ic := training.ImitateConfig{Games: 2, Epsilon: 0.1, Smooth: 0.1, Epochs: 1, Seed: 2, Margin: 0.5, MarginScale: 3}
	a, _, err := training.HeuristicGames(context.Background(), g, ic, nil)
	if err != nil {
		t.Fatal(err)
	}
	ic.MarginAhead = 8
	b, _, err := training.HeuristicGames(context.Background(), g, ic, nil)
	if err != nil {
		t.Fatal(err)
	}
	check("imitation", training.FlatObs(a), training.FlatObs(b), a.Policy, b.Policy, a.Value, b.Value)

	cfg, err := training.ParseConfig("sims=4,fullprob=1,margin=0.5,marginscale=3,seed=3", training.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	play := func(cfg training.Config) (obs, pol, val []float32) {
		sp := training.SelfPlay{Game: g, Cfg: cfg}
		r, err := sp.PlayGame(mcts.NewRolloutEvaluator(g, 1), 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range r.Samples {
			obs, pol, val = append(obs, s.Obs...), append(pol, s.Policy...), append(val, s.Value...)
		}
		return obs, pol, val
	}
	oa, pa, va := play(cfg)
	cfg.MarginAhead = 8
	ob, pb, vb := play(cfg)
	check("self-play", oa, ob, pa, pb, va, vb)
}
