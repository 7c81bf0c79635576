package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// TestImitateResume: imitate writes a run that train resumes, and the same
// command gives the same weights, with or without a held-out set (which
// the second run measures, and reports).
func TestImitateResume(t *testing.T) {
	var nets []*models.Network
	for i := 0; i < 2; i++ {
		dir := filepath.Join(t.TempDir(), "run")
		args := []string{"imitate", "tictactoe", "--out", dir, "--games", "20", "--epochs", "2", "--train", tinyTrain, "--quiet"}
		if i == 1 {
			args = append(args, "--holdout", "5")
		}
		out, err := run(t, "", args...)
		if err != nil || !strings.Contains(out, "imitated the heuristic") {
			t.Fatalf("imitate: %v\n%s", err, out)
		}
		if got := strings.Contains(out, "held-out loss"); got != (i == 1) {
			t.Errorf("imitate %v: held-out loss reported %v\n%s", args, got, out)
		}
		if _, err := os.Stat(filepath.Join(dir, training.ImitationCSVFile)); err != nil {
			t.Errorf("imitation curve: %v", err)
		}
		m, err := models.Load(filepath.Join(dir, training.LatestFile))
		if err != nil {
			t.Fatal(err)
		}
		nets = append(nets, m.Net)
		if !strings.HasPrefix(m.Provenance.Data, "moongym imitate: ") {
			t.Errorf("imitated model's provenance %q", m.Provenance.Data)
		}
		if i == 0 {
			if out, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "1", "--resume", "--quiet"); err != nil || !strings.Contains(out, "1 iterations done") {
				t.Fatalf("resume after imitate: %v\n%s", err, out)
			}
			m, err := models.Load(filepath.Join(dir, training.LatestFile))
			if err != nil {
				t.Fatal(err)
			}
			if d := m.Provenance.Data; !strings.HasPrefix(d, "moongym imitate: ") || !strings.Contains(d, "; then moongym train self-play: ") {
				t.Errorf("provenance after imitation and self-play %q", d)
			}
		}
	}
	if len(nets[0].Weights) != len(nets[1].Weights) {
		t.Fatal("different shapes")
	}
	for i := range nets[0].Weights {
		if !slices.Equal(nets[0].Weights[i].Data, nets[1].Weights[i].Data) {
			t.Fatalf("weight tensor %d differs between two runs of the same command", i)
		}
	}
}

// TestImitateResumeStopped: `imitate --resume` finishes an imitation that
// was stopped midway (here by cancelling it through the library, as Ctrl-C
// does) to the same model file as the whole command; it refuses new
// settings and a finished imitation; train --resume finishes the
// unfinished one before its self-play.
func TestImitateResumeStopped(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1795478400")
	whole := filepath.Join(t.TempDir(), "whole")
	args := []string{"--games", "30", "--epochs", "4", "--seed", "7", "--train", tinyTrain, "--quiet"}
	if out, err := run(t, "", append([]string{"imitate", "tictactoe", "--out", whole}, args...)...); err != nil {
		t.Fatalf("imitate: %v\n%s", err, out)
	}
	want, err := os.ReadFile(filepath.Join(whole, training.LatestFile))
	if err != nil {
		t.Fatal(err)
	}

	// The same imitation, stopped after 12 games.
	stopped := func(name string) string {
		dir := filepath.Join(t.TempDir(), name)
		cfg, err := training.ParseConfig(tinyTrain, training.DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		cfg.Seed = 7
		tr, err := training.NewTrainer(tictactoe.Game{}, cfg, dir)
		if err != nil {
			t.Fatal(err)
		}
		ic := training.DefaultImitateConfig()
		ic.Games, ic.Epochs, ic.Seed = 30, 4, 7
		ctx, cancel := context.WithCancel(context.Background())
		_, err = training.RunImitation(ctx, tr, ic, training.ImitateHooks{Games: func(done, _ int) {
			if done == 12 {
				cancel()
			}
		}})
		tr.Close()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped imitation: err %v", err)
		}
		return dir
	}
	dir := stopped("stopped")

	// train --resume finishes the imitation first, then plays.
	if out, err := run(t, "", "train", "tictactoe", "--out", stopped("by-train"), "--resume", "--iterations", "1", "--quiet"); err != nil ||
		!strings.Contains(out, "of 30 games") || !strings.Contains(out, "1 iterations done") {
		t.Errorf("train --resume of a stopped imitation: %v\n%s", err, out)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"imitate", "tictactoe", "--out", dir, "--resume", "--games", "40"}, "drop --games"},
		{[]string{"imitate", "planet-cubes", "--out", dir, "--resume"}, "is of tictactoe"},
	} {
		if out, err := run(t, "", c.args...); err == nil || !strings.Contains(err.Error()+out, c.want) {
			t.Errorf("%v: err %v, output %q; want an error saying %q", c.args, err, out, c.want)
		}
	}
	if out, err := run(t, "", "imitate", "tictactoe", "--out", dir, "--resume", "--quiet"); err != nil || !strings.Contains(out, "of 30 games") {
		t.Fatalf("imitate --resume: %v\n%s", err, out)
	}
	got, err := os.ReadFile(filepath.Join(dir, training.LatestFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("the resumed imitation's model file differs from the whole command's")
	}
	if out, err := run(t, "", "imitate", "tictactoe", "--out", dir, "--resume"); !errors.Is(err, training.ErrNoImitation) {
		t.Errorf("imitate --resume of a finished imitation: err %v\n%s", err, out)
	}
}

// TestImitateFollow: --follow MODEL --follow-games F imitates with a share
// of the games played by MODEL's network and says so in the model's
// provenance; a share without a model (or a model without a share) is
// refused, and --resume refuses --follow.
func TestImitateFollow(t *testing.T) {
	first := filepath.Join(t.TempDir(), "first")
	if out, err := run(t, "", "imitate", "tictactoe", "--out", first, "--games", "20", "--epochs", "2", "--train", tinyTrain, "--quiet"); err != nil {
		t.Fatalf("imitate: %v\n%s", err, out)
	}
	model := filepath.Join(first, training.LatestFile)
	dir := filepath.Join(t.TempDir(), "dagger")
	out, err := run(t, "", "imitate", "tictactoe", "--out", dir, "--games", "20", "--epochs", "2", "--train", tinyTrain, "--quiet",
		"--follow", model, "--follow-games", "0.5")
	if err != nil || !strings.Contains(out, "imitated the heuristic") {
		t.Fatalf("imitate --follow: %v\n%s", err, out)
	}
	m, err := models.Load(filepath.Join(dir, training.LatestFile))
	if err != nil {
		t.Fatal(err)
	}
	if want := "follow=0.5 of the games played by " + model; !strings.Contains(m.Provenance.Data, want) {
		t.Errorf("provenance %q lacks %q", m.Provenance.Data, want)
	}
	for _, args := range [][]string{
		{"--follow-games", "0.5"},
		{"--follow", model},
		{"--follow", model, "--follow-games", "2"},
	} {
		bad := filepath.Join(t.TempDir(), "bad")
		full := append([]string{"imitate", "tictactoe", "--out", bad, "--games", "5", "--epochs", "1", "--train", tinyTrain, "--quiet"}, args...)
		if _, err := run(t, "", full...); !errors.Is(err, training.ErrBadImitation) {
			t.Errorf("imitate %v: %v, want ErrBadImitation", args, err)
		}
	}
	if _, err := run(t, "", "imitate", "tictactoe", "--out", dir, "--resume", "--follow", model); err == nil || !strings.Contains(err.Error(), "drop --follow") {
		t.Errorf("imitate --resume --follow: %v, want a refusal", err)
	}
}
