package training

import (
	"errors"
	"slices"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
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
	if _, err := newTeacher(tictactoe.Game{}, cfg); !errors.Is(err, ErrBadImitation) {
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
	h, err := agents.HeuristicFor(g.Spec().Name)
	if err != nil {
		t.Fatal(err)
	}
	plain := ImitateConfig{Games: 60, Smooth: 0.1, Epochs: 1, Seed: 5, Epsilon: 0.2, Keep: 0.5}
	cfg := plain
	cfg.Teacher, cfg.TeacherSims = followModel(t), 200
	tch, err := newTeacher(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	differ, wins, keptN, passed := 0, 0, 0, 0
	for game := range cfg.Games {
		base, err := playRecord(g, h, nil, nil, plain, game)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := playRecord(g, h, nil, tch, cfg, game)
		if err != nil {
			t.Fatal(err)
		}
		again, err := playRecord(g, h, nil, tch, cfg, game)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(rec.Actions, again.Actions) || !slices.Equal(rec.Asked, again.Asked) {
			t.Fatalf("game %d: two plays differ", game)
		}
		if !slices.Equal(rec.Actions, base.Actions) || len(rec.Asked) != len(base.Asked) {
			t.Fatalf("game %d: the teacher changed the game played", game)
		}
		keep := keeper(cfg, game)
		s := g.NewInitialState()
		var legal []engine.Action
		d := 0
		for _, a := range rec.Actions {
			if legal = s.LegalActions(legal); len(legal) > 1 {
				label, heur := rec.Asked[d], base.Asked[d]
				d++
				if !kept(keep, cfg) {
					passed++
					if label != heur {
						t.Fatalf("game %d: a position not kept is labelled %d, not the heuristic's %d", game, label, heur)
					}
				} else {
					keptN++
					if label != heur {
						differ++
					}
					if win := winningMove(s, legal); win >= 0 {
						wins++
						if !winsNow(s, label) {
							t.Fatalf("game %d: the teacher's label %d misses the win at %d", game, label, win)
						}
					}
				}
			}
			s.Apply(a)
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
