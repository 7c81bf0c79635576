package distributed

import (
	"context"
	"testing"
	"time"

	_ "github.com/moongym/moongym/agents/heuristics/welcomemoon"
	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/welcomemoon"
	"github.com/moongym/moongym/training"
)

// TestImitationMixSameAsLocal: an imitation over a mix of configurations
// (Welcome to the Moon's solo game at three ASTRA levels; its 2-player
// network over 2 and 3 players, the 3-player games read through the seat
// view) whose games are played by two workers is the one-process
// imitation, bit for bit: the mix travels in the item's settings, so each
// worker plays every game in its configuration.
func TestImitationMixSameAsLocal(t *testing.T) {
	with := func(base engine.Params, k string, vs ...string) []engine.Params {
		out := make([]engine.Params, len(vs))
		for i, v := range vs {
			out[i] = base.Clone()
			out[i][k] = v
		}
		return out
	}
	cases := []struct {
		name    string
		configs []engine.Params
	}{
		{"astra", with(engine.Params{"adventure": "1", "players": "1"}, "astra", "1", "2", "3")},
		{"seat view", with(engine.Params{"adventure": "2"}, "players", "2", "3")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { mixSameAsLocal(t, c.configs) })
	}
}

// mixSameAsLocal checks TestImitationMixSameAsLocal for one mix.
func mixSameAsLocal(t *testing.T, configs []engine.Params) {
	g, err := engine.Load("welcome-moon", configs[0])
	if err != nil {
		t.Fatal(err)
	}
	mix, err := training.MixText(g, configs)
	if err != nil {
		t.Fatal(err)
	}
	ic := training.ImitateConfig{Games: 6, Epsilon: 0.2, Smooth: 0.1, Epochs: 2, Seed: 5, Keep: 0.5, HoldOut: 2, Mix: mix}
	want := imitationTrainer(t, g, t.TempDir())
	defer want.Close()
	hooks := training.ImitateHooks{Parallel: 2, SaveEvery: time.Hour}
	if _, err := training.RunImitation(context.Background(), want, ic, hooks); err != nil {
		t.Fatal(err)
	}
	c := startCluster(t, Limits{})
	c.startWorkers(t, 2, 2)
	tr := imitationTrainer(t, g, t.TempDir())
	defer tr.Close()
	src := c.source(t, tinyConfig(t), "immix", nil)
	src.Game = g
	tr.Imitations = src
	// A record played in another configuration is dropped (it does not
	// replay): the imitation would wait for it for ever.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := training.RunImitation(ctx, tr, ic, hooks); err != nil {
		t.Fatal(err)
	}
	sameImitation(t, tr, want)
	if n := imitationResults(t, c, "immix"); n != uint64(ic.Games+ic.HoldOut) {
		t.Errorf("%d results stored, want %d", n, ic.Games+ic.HoldOut)
	}
}
