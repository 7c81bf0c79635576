package training

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	_ "github.com/moongym/moongym/agents/heuristics/planetcubes"
	_ "github.com/moongym/moongym/agents/heuristics/welcomemoon"
	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	"github.com/moongym/moongym/models"
)

// mixOf loads the configurations of game over base, one per value of the
// parameter name, and returns the first one's game and the mix's text.
func mixOf(t *testing.T, game string, base engine.Params, name string, values ...string) (engine.Game, []engine.Game, string) {
	t.Helper()
	configs := make([]engine.Params, len(values))
	games := make([]engine.Game, len(values))
	for i, v := range values {
		p := base.Clone()
		p[name] = v
		configs[i] = p
		g, err := engine.Load(game, p)
		if err != nil {
			t.Fatal(err)
		}
		games[i] = g
	}
	text, err := MixText(games[0], configs)
	if err != nil {
		t.Fatal(err)
	}
	return games[0], games, text
}

// sameReplay reports whether a and b hold the same positions, in order,
// bit for bit.
func sameReplay(a, b *Replay) bool {
	if a.Len() != b.Len() || a.ObsSize != b.ObsSize || a.Actions != b.Actions || a.Players != b.Players {
		return false
	}
	ba, bb := a.NewBatch(1), b.NewBatch(1)
	for i := range a.Len() {
		a.Position(i, ba, 0)
		b.Position(i, bb, 0)
		if !slices.Equal(ba.Obs, bb.Obs) || !slices.Equal(ba.Mask, bb.Mask) || !slices.Equal(ba.Policy, bb.Policy) || !slices.Equal(ba.Value, bb.Value) {
			return false
		}
	}
	return true
}

// TestMixGames: over a mix of n configurations, game i is game i of an
// imitation of configuration i mod n alone (the same record, so the same
// positions, in the games' order), whatever the number of workers; the
// configurations' games differ, so a game played in the wrong one would
// show.
func TestMixGames(t *testing.T) {
	cases := []struct {
		name, game string
		base       engine.Params
		param      string
		values     []string
		cfg        ImitateConfig
	}{
		{"welcome-moon solo astra", "welcome-moon", engine.Params{"adventure": "1", "players": "1"}, "astra", []string{"1", "2", "3"},
			ImitateConfig{Games: 6, Epsilon: 0.2, Smooth: 0.1, Epochs: 1, Seed: 3, Keep: 0.5}},
		{"planet-cubes goal", "planet-cubes", engine.Params{"players": "2"}, "goal", []string{"3", "6"},
			ImitateConfig{Games: 4, Epsilon: 0.1, Smooth: 0.1, Epochs: 1, Seed: 5, Samples: 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, games, text := mixOf(t, c.game, c.base, c.param, c.values...)
			cfg := c.cfg
			cfg.Mix = text
			got, played, err := HeuristicGames(context.Background(), g, cfg, nil)
			if err != nil || played != cfg.Games {
				t.Fatalf("HeuristicGames: %d games, %v", played, err)
			}
			alone := cfg
			alone.Mix = ""
			want := NewReplay(got.Cap, got.ObsSize, got.Actions, got.Players)
			mixed, err := newRecorder(g, cfg)
			if err != nil {
				t.Fatal(err)
			}
			n := len(games)
			for i := range cfg.Games {
				gi := games[i%n]
				r, err := newRecorder(gi, alone)
				if err != nil {
					t.Fatal(err)
				}
				rec, err := r.Play(i)
				if err != nil {
					t.Fatal(err)
				}
				if m, err := mixed.Play(i); err != nil || !reflect.DeepEqual(m, rec) {
					t.Fatalf("game %d: the mix's record is not configuration %d's (%v)", i, i%n, err)
				}
				if err := CheckImitationRecord(g, cfg, i, rec); err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				if err := addRecord(gi, nil, rec, alone, i, want); err != nil {
					t.Fatal(err)
				}
				other, err := newRecorder(games[(i+1)%n], alone)
				if err != nil {
					t.Fatal(err)
				}
				if o, err := other.Play(i); err != nil || reflect.DeepEqual(o, rec) {
					t.Fatalf("game %d is the same in configurations %d and %d (%v): the test cannot tell them apart", i, i%n, (i+1)%n, err)
				}
			}
			if !sameReplay(got, want) {
				t.Error("the mix's positions are not those of each game's configuration, in order")
			}
			st := &imitationState{Config: cfg}
			par := NewReplay(got.Cap, got.ObsSize, got.Actions, got.Players)
			if err := playGames(context.Background(), games, st, par, 3, nil, nil); err != nil {
				t.Fatal(err)
			}
			if !sameReplay(got, par) {
				t.Error("three workers gave other positions than one")
			}
		})
	}
}

// TestMixOfOne: a mix of one configuration is no mix: its text is "", and
// an imitation given that configuration's text as its mix plays the same
// positions as one without.
func TestMixOfOne(t *testing.T) {
	g, err := engine.Load("welcome-moon", engine.Params{"adventure": "1", "players": "1", "astra": "2"})
	if err != nil {
		t.Fatal(err)
	}
	if text, err := MixText(g, []engine.Params{{"adventure": "1", "players": "1", "astra": "2"}}); err != nil || text != "" {
		t.Fatalf("MixText of one: %q, %v", text, err)
	}
	cfg := ImitateConfig{Games: 2, Epsilon: 0.2, Smooth: 0.1, Epochs: 1, Seed: 9}
	none, _, err := HeuristicGames(context.Background(), g, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Mix = g.Params().String()
	one, _, err := HeuristicGames(context.Background(), g, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !sameReplay(none, one) {
		t.Error("a mix of the game's own configuration plays other positions than no mix")
	}
}

// TestMixRefused: a mix of configurations of other shapes, an unknown or
// invalid one, one given twice, or one not led by the game's own is
// refused (ErrBadImitation), by MixText, the imitation and the run.
func TestMixRefused(t *testing.T) {
	solo := engine.Params{"adventure": "1", "players": "1"}
	g, err := engine.Load("welcome-moon", solo)
	if err != nil {
		t.Fatal(err)
	}
	with := func(k, v string) engine.Params {
		p := solo.Clone()
		p[k] = v
		return p
	}
	cases := []struct {
		name    string
		configs []engine.Params
		want    string
	}{
		{"other shapes", []engine.Params{solo, with("players", "2")}, "one network cannot learn both"},
		{"out of range", []engine.Params{solo, with("astra", "9")}, "astra=9"},
		{"unknown parameter", []engine.Params{solo, with("speed", "2")}, "speed"},
		{"twice", []engine.Params{solo, with("astra", "2"), with("astra", "2")}, "given twice"},
		{"the game's own twice", []engine.Params{solo, with("astra", "1")}, "given twice"},
		{"not led by the game's own", []engine.Params{with("astra", "2"), solo}, "not the game's own"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := MixText(g, c.configs)
			if !errors.Is(err, ErrBadImitation) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("MixText: %v, want ErrBadImitation saying %q", err, c.want)
			}
		})
	}
	// A text made elsewhere (a config, an item) is checked where it is played.
	two, err := engine.Load("welcome-moon", with("players", "2"))
	if err != nil {
		t.Fatal(err)
	}
	bad := ImitateConfig{Games: 1, Epsilon: 0.1, Smooth: 0.1, Epochs: 1, Seed: 1, Mix: g.Params().String() + mixSep + two.Params().String()}
	if _, _, err := HeuristicGames(context.Background(), g, bad, nil); !errors.Is(err, ErrBadImitation) {
		t.Errorf("HeuristicGames over a mix of other shapes: %v", err)
	}
	if _, err := NewImitationRecorder(g, bad, nil, nil); !errors.Is(err, ErrBadImitation) {
		t.Errorf("NewImitationRecorder over a mix of other shapes: %v", err)
	}
	tr, err := NewTrainer(g, tinyMixConfig(t), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if err := tr.SetMix(bad.Mix); !errors.Is(err, ErrBadImitation) {
		t.Errorf("SetMix of other shapes: %v", err)
	}
}

// tinyMixConfig is a run's settings with a tiny network.
func tinyMixConfig(t *testing.T) Config {
	t.Helper()
	cfg, err := ParseConfig("kind=mlp,width=16,depth=1,value=8,batch=32,minsamples=32,seed=4", DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestMixRun: a run over a mix keeps it in its checkpoint; an imitation
// stopped while playing its games and resumed plays the same games and
// ends on the same weights as one never stopped; the run's model files
// list the mix's other configurations as their covers, and load for
// each; the run takes no self-play iteration and no other mix.
func TestMixRun(t *testing.T) {
	g, games, text := mixOf(t, "welcome-moon", engine.Params{"adventure": "1", "players": "1"}, "astra", "1", "2", "3")
	ic := ImitateConfig{Games: 6, Epsilon: 0.2, Smooth: 0.1, Epochs: 1, Seed: 2, Keep: 0.3, HoldOut: 2}
	date := func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	start := func(dir string) *Trainer {
		tr, err := NewTrainer(g, tinyMixConfig(t), dir)
		if err != nil {
			t.Fatal(err)
		}
		tr.Now = date
		if err := tr.SetMix(text); err != nil {
			t.Fatal(err)
		}
		return tr
	}
	whole := filepath.Join(t.TempDir(), "whole")
	tr := start(whole)
	if _, err := RunImitation(context.Background(), tr, ic, ImitateHooks{Parallel: 2}); err != nil {
		t.Fatal(err)
	}
	want := tr.Network().Clone()
	if err := tr.Step(); !errors.Is(err, ErrBadConfig) || !strings.Contains(err.Error(), "not built") {
		t.Errorf("self-play over a mix: %v", err)
	}
	if err := tr.SetMix(""); !errors.Is(err, ErrBadConfig) {
		t.Errorf("a new mix after the imitation: %v", err)
	}
	tr.Close()

	stopped := filepath.Join(t.TempDir(), "stopped")
	tr = start(stopped)
	ctx, cancel := context.WithCancel(context.Background())
	_, err := RunImitation(ctx, tr, ic, ImitateHooks{Games: func(done, _ int) {
		if done == 4 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped imitation: %v", err)
	}
	tr.Close()
	tr, err = Resume(stopped)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	tr.Now = date
	pending, ok := tr.PendingImitation()
	if !ok || tr.Mix() != text || pending.Mix != text || len(tr.ck.Pending.Records) != 4 {
		t.Fatalf("resumed: mix %q, pending %v with mix %q", tr.Mix(), ok, pending.Mix)
	}
	pending.Mix = "" // the run's mix is taken
	if _, err := RunImitation(context.Background(), tr, pending, ImitateHooks{}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tr.Network().Weights, want.Weights) {
		t.Error("the resumed imitation over a mix ended on other weights than one never stopped")
	}
	if !strings.Contains(tr.ck.Imitation, "over 3 configurations (astra=1; astra=2; astra=3)") {
		t.Errorf("provenance %q does not name the mix", tr.ck.Imitation)
	}
	m, err := models.Load(filepath.Join(stopped, LatestFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Covers) != 2 || m.Covers[0].String() != games[1].Params().String() || m.Covers[1].String() != games[2].Params().String() {
		t.Fatalf("the run's model covers %v", m.Covers)
	}
	for _, gi := range games {
		if _, err := models.LoadFor(filepath.Join(stopped, LatestFile), gi); err != nil {
			t.Errorf("the run's model does not load for %s: %v", gi.Params(), err)
		}
	}
}
