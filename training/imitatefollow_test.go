package training

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training/imitation"
)

// recorder is the imitation.Mix of cfg for g (newRecorder).
func recorder(t *testing.T, g engine.Game, cfg ImitateConfig) imitation.Mix {
	t.Helper()
	r, err := newRecorder(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// followModel saves an untrained tictactoe network (it plays unlike the
// heuristic) and returns its path.
func followModel(t *testing.T) string {
	t.Helper()
	m, err := models.NewModel(tictactoe.Game{}, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, 7)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "follow.safetensors")
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestImitateFollowCheck: a follow share needs a model file and a model
// file a share, both in range.
func TestImitateFollowCheck(t *testing.T) {
	base := ImitateConfig{Games: 1, Smooth: 0.1, Epochs: 1, Seed: 1}
	for _, tc := range []struct {
		follow float64
		model  string
		ok     bool
	}{
		{0, "", true},
		{0.5, "m.safetensors", true},
		{1, "m.safetensors", true},
		{0.5, "", false},
		{0, "m.safetensors", false},
		{1.5, "m.safetensors", false},
		{-0.1, "m.safetensors", false},
	} {
		c := base
		c.Follow, c.FollowModel = tc.follow, tc.model
		if err := c.check(); (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrBadImitation)) {
			t.Errorf("follow=%v model=%q: %v, want ok=%v", tc.follow, tc.model, err, tc.ok)
		}
	}
	c := base
	c.Follow, c.FollowModel = 1, filepath.Join(t.TempDir(), "missing.safetensors")
	if _, err := newRecorder(tictactoe.Game{}, c); !errors.Is(err, ErrBadImitation) {
		t.Errorf("a missing model file: %v, want ErrBadImitation", err)
	}
}

// TestImitateFollow: in a followed game every decision played is the
// network's greedy move while the recorded target is the heuristic's (they
// differ somewhere, the network being untrained); in the others (and with
// Follow 0) the heuristic plays. The share of followed games is about
// Follow, and the same game number gives the same record.
func TestImitateFollow(t *testing.T) {
	g := tictactoe.Game{}
	cfg := ImitateConfig{Games: 200, Smooth: 0.1, Epochs: 1, Seed: 3, Follow: 0.5, FollowModel: followModel(t)}
	r := recorder(t, g, cfg)
	net, _, err := ImitationNetworks(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := imitationEvaluator(g, net, "follow", followCache)
	if err != nil {
		t.Fatal(err)
	}
	check := imitation.NewNetwork(g, ev) // a second copy, to ask the network apart
	followed, differ := 0, 0
	for game := range cfg.Games {
		rec, err := r.Play(game)
		if err != nil {
			t.Fatal(err)
		}
		again, err := r.Play(game)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(rec.Actions, again.Actions) || !slices.Equal(rec.Asked, again.Asked) {
			t.Fatalf("game %d: two plays differ", game)
		}
		follow := imitation.Seeds{Seed: cfg.Seed, Game: game}.Follows(cfg.Follow)
		if follow {
			followed++
		}
		s := g.NewInitialState()
		asked := rec.Asked
		var legal []engine.Action
		for _, a := range rec.Actions {
			if s.CurrentPlayer() != engine.Chance {
				if legal = s.LegalActions(legal); len(legal) > 1 {
					want := asked[0]
					if follow {
						if want, err = check.Move(s, legal, asked[0]); err != nil {
							t.Fatal(err)
						}
						if want != asked[0] {
							differ++
						}
					}
					if a != want {
						t.Fatalf("game %d (followed %v): played %d, want %d", game, follow, a, want)
					}
					asked = asked[1:]
				}
			}
			s.Apply(a)
		}
		if len(asked) != 0 {
			t.Fatalf("game %d: %d heuristic moves left over", game, len(asked))
		}
	}
	if followed < 70 || followed > 130 {
		t.Errorf("%d of %d games followed, want about half", followed, cfg.Games)
	}
	if differ == 0 {
		t.Error("the network never played unlike the heuristic: the test shows nothing")
	}
	if (imitation.Seeds{Seed: cfg.Seed}).Follows(0) {
		t.Error("a share of 0 follows a game")
	}
}
