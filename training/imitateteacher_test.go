package training

import (
	"errors"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/training/imitation"
)

// TestImitateTeacherCheck: a teacher needs a positive simulation count, a
// model file for the game, and cannot be asked several times (Samples).
func TestImitateTeacherCheck(t *testing.T) {
	model := followModel(t)
	base := ImitateConfig{Games: 1, Smooth: 0.1, Epochs: 1, Seed: 1}
	for _, tc := range []struct {
		name    string
		teacher string
		sims    int
		samples int
		ok      bool
	}{
		{"no teacher", "", 0, 0, true},
		{"teacher", model, 50, 0, true},
		{"no simulations", model, 0, 0, false},
		{"samples", model, 50, 2, false},
	} {
		cfg := base
		cfg.Teacher, cfg.TeacherSims, cfg.Samples = tc.teacher, tc.sims, tc.samples
		if err := cfg.check(); (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrBadImitation)) {
			t.Errorf("%s: check() = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
	cfg := base
	cfg.Teacher, cfg.TeacherSims = "no/such/file.safetensors", 10
	if _, err := newRecorder(tictactoe.Game{}, cfg); !errors.Is(err, ErrBadImitation) {
		t.Errorf("a missing teacher file: %v, want ErrBadImitation", err)
	}
}

// TestImitateTeacher: with a teacher the games played are the same as
// without one (the heuristic plays them), the positions not kept keep the
// heuristic's move, the kept ones carry the search's, which differs from
// the heuristic's somewhere and always takes an immediate win (200
// simulations find it whatever the untrained network says), and the same
// game number gives the same record.
func TestImitateTeacher(t *testing.T) {
	g := tictactoe.Game{}
	plain := ImitateConfig{Games: 60, Smooth: 0.1, Epochs: 1, Seed: 5, Epsilon: 0.2, Keep: 0.5}
	cfg := plain
	cfg.Teacher, cfg.TeacherSims = followModel(t), 200
	heur, teach := recorder(t, g, plain), recorder(t, g, cfg)
	differ, wins, keptN, passed := 0, 0, 0, 0
	for game := range cfg.Games {
		base, err := heur.Play(game)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := teach.Play(game)
		if err != nil {
			t.Fatal(err)
		}
		again, err := teach.Play(game)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(rec.Actions, again.Actions) || !slices.Equal(rec.Asked, again.Asked) {
			t.Fatalf("game %d: two plays differ", game)
		}
		if !slices.Equal(rec.Actions, base.Actions) || len(rec.Asked) != len(base.Asked) {
			t.Fatalf("game %d: the teacher changed the game played", game)
		}
		// The positions kept, as the positions are made of the record.
		d := 0
		err = imitation.Walk(g.NewInitialState(), rec, imitation.Seeds{Seed: cfg.Seed, Game: game}, cfg.Keep, 1,
			func(s engine.State, _ engine.Player, legal, labels []engine.Action, kept bool) {
				label, heur := labels[0], base.Asked[d]
				d++
				if !kept {
					passed++
					if label != heur {
						t.Errorf("game %d: a position not kept is labelled %d, not the heuristic's %d", game, label, heur)
					}
					return
				}
				keptN++
				if label != heur {
					differ++
				}
				if win := winningMove(s, legal); win >= 0 {
					wins++
					if !winsNow(s, label) {
						t.Errorf("game %d: the teacher's label %d misses the win at %d", game, label, win)
					}
				}
			})
		if err != nil {
			t.Fatal(err)
		}
	}
	if keptN == 0 || passed == 0 || differ == 0 || wins == 0 {
		t.Errorf("kept %d, passed over %d, labels unlike the heuristic %d, positions with a win %d: want all above 0", keptN, passed, differ, wins)
	}
}

// winningMove is a legal move of legal that ends the game with a win for
// the player to act at s, or -1.
func winningMove(s engine.State, legal []engine.Action) engine.Action {
	for _, a := range legal {
		if winsNow(s, a) {
			return a
		}
	}
	return -1
}

// winsNow says whether a wins the game at once for the player to act.
func winsNow(s engine.State, a engine.Action) bool {
	p := s.CurrentPlayer()
	c := s.Clone()
	c.Apply(a)
	return c.IsTerminal() && c.Returns(nil)[p] > 0
}
