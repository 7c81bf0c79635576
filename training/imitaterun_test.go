package training_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/training"
)

// runImitationTrainer makes a fresh tictactoe run in dir with a pinned
// provenance date.
func runImitationTrainer(t *testing.T, dir string) *training.Trainer {
	t.Helper()
	cfg, err := training.ParseConfig("kind=mlp,width=32,seed=3", training.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	tr, err := training.NewTrainer(tictactoe.Game{}, cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	tr.Now = func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	return tr
}

func resumeTrainer(t *testing.T, dir string) *training.Trainer {
	t.Helper()
	tr, err := training.Resume(dir)
	if err != nil {
		t.Fatal(err)
	}
	tr.Now = func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	return tr
}

func latest(t *testing.T, dir string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, training.LatestFile))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRunImitationResume: an imitation stopped while playing its games, and
// again while learning, then resumed each time, ends with the same model
// file as one never stopped, which is also what HeuristicGames then Imitate
// give; a run with an unfinished imitation takes no self-play iteration, a
// finished one no second imitation, and a resume with other settings is
// refused.
func TestRunImitationResume(t *testing.T) {
	g := tictactoe.Game{}
	ic := training.ImitateConfig{Games: 60, Epsilon: 0.25, Smooth: 0.1, Epochs: 20, Seed: 5, Samples: 3, Keep: 0.5}

	// Never stopped.
	whole := t.TempDir()
	tr := runImitationTrainer(t, whole)
	st, err := training.RunImitation(context.Background(), tr, ic, training.ImitateHooks{SaveEvery: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	tr.Close()
	if st.Games != ic.Games || st.Steps < 20 {
		t.Fatalf("stats %+v: want %d games and at least 20 steps (enough to stop midway)", st, ic.Games)
	}
	want := latest(t, whole)

	// The two functions it stands for.
	direct := t.TempDir()
	tr = runImitationTrainer(t, direct)
	samples, _, err := training.HeuristicGames(context.Background(), g, ic, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := training.Imitate(context.Background(), tr, samples, ic, nil); err != nil {
		t.Fatal(err)
	}
	tr.Close()
	if !bytes.Equal(latest(t, direct), want) {
		t.Error("RunImitation and HeuristicGames+Imitate give different model files")
	}

	// Stopped after 17 games, then after 40% of the steps.
	dir := t.TempDir()
	tr = runImitationTrainer(t, dir)
	ctx, cancel := context.WithCancel(context.Background())
	_, err = training.RunImitation(ctx, tr, ic, training.ImitateHooks{Games: func(done, _ int) {
		if done == 17 {
			cancel()
		}
	}})
	tr.Close()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped while playing: err %v, want context.Canceled", err)
	}
	tr = resumeTrainer(t, dir)
	got, ok := tr.PendingImitation()
	if !ok || got != ic {
		t.Fatalf("PendingImitation %+v %v, want %+v", got, ok, ic)
	}
	if err := tr.Step(); !errors.Is(err, training.ErrUnfinishedImitation) {
		t.Errorf("self-play iteration on an unfinished imitation: err %v, want ErrUnfinishedImitation", err)
	}
	other := ic
	other.Epochs++
	if _, err := training.RunImitation(context.Background(), tr, other, training.ImitateHooks{}); !errors.Is(err, training.ErrBadImitation) {
		t.Errorf("resume with other settings: err %v, want ErrBadImitation", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	resumedAt := -1
	_, err = training.RunImitation(ctx, tr, ic, training.ImitateHooks{
		Games: func(done, _ int) {
			if resumedAt < 0 {
				resumedAt = done
			}
		},
		Steps: func(done, total int) {
			if done*5 >= total*2 {
				cancel()
			}
		},
	})
	tr.Close()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped while learning: err %v, want context.Canceled", err)
	}
	if resumedAt != 17 {
		t.Errorf("resumed at game %d, want 17", resumedAt)
	}
	tr = resumeTrainer(t, dir)
	firstStep := -1
	st, err = training.RunImitation(context.Background(), tr, ic, training.ImitateHooks{Steps: func(done, _ int) {
		if firstStep < 0 {
			firstStep = done
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if firstStep <= 0 {
		t.Errorf("resumed learning reported step %d first, want the steps done before the stop", firstStep)
	}
	if st.Games != ic.Games {
		t.Errorf("resumed run's stats %+v", st)
	}
	if !bytes.Equal(latest(t, dir), want) {
		t.Error("a stopped and resumed imitation gives another model file than one never stopped")
	}
	if _, ok := tr.PendingImitation(); ok {
		t.Error("finished imitation still pending")
	}
	if _, err := training.RunImitation(context.Background(), tr, ic, training.ImitateHooks{}); !errors.Is(err, training.ErrNoImitation) {
		t.Errorf("second imitation of a run: err %v, want ErrNoImitation", err)
	}
	if err := tr.Step(); err != nil {
		t.Errorf("self-play after the imitation: %v", err)
	}
	tr.Close()
}
