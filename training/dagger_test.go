package training_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// TestDAggerRound: a DAgger round begun in a run after its imitation
// writes the first network to the follow file, restarts from the run's
// initial weights and ends on the same weights as a new run of the same
// seed imitating with that file followed ("moongym imitate --follow"); a
// round stopped midway and resumed ends there too. The provenance names
// both rounds, and the first round's curve is kept beside its network
// (RoundCurveFiles); a second DAgger round needs a finished one, and none comes
// before the first imitation.
func TestDAggerRound(t *testing.T) {
	ctx := context.Background()
	first := training.ImitateConfig{Games: 40, Epsilon: 0.25, Smooth: 0.1, Epochs: 10, Seed: 3, Keep: 0.5}
	round := training.DAggerRound{Imitation: first, Settings: "lr=0.002"}
	round.Imitation.Games, round.Imitation.Follow = 30, 0.5
	hooks := training.ImitateHooks{SaveEvery: time.Hour}

	dir := t.TempDir()
	tr := runImitationTrainer(t, dir)
	if _, err := tr.BeginDAgger(round, ""); !errors.Is(err, training.ErrNoImitation) {
		t.Fatalf("DAgger before any imitation: %v, want ErrNoImitation", err)
	}
	if _, err := training.RunImitation(ctx, tr, first, hooks); err != nil {
		t.Fatal(err)
	}
	imitated := latest(t, dir)
	firstCurve := readFile(t, filepath.Join(dir, training.ImitationCSVFile))
	ic, err := tr.BeginDAgger(round, "")
	if err != nil {
		t.Fatal(err)
	}
	curve1, plot1 := training.RoundCurveFiles(1)
	if got := readFile(t, filepath.Join(dir, curve1)); !bytes.Equal(got, firstCurve) {
		t.Fatalf("%s:\n%s\nwant the first round's curve:\n%s", curve1, got, firstCurve)
	}
	if _, err := os.Stat(filepath.Join(dir, plot1)); err != nil {
		t.Fatalf("the first round's plot: %v", err)
	}
	follow := filepath.Join(dir, training.FollowFile(1))
	if ic.FollowModel != follow || ic.Follow != 0.5 || ic.Seed != tr.Cfg.Seed || tr.Cfg.LR != 0.002 {
		t.Fatalf("round %+v, lr %v: want the follow file %s, the run's seed and lr 0.002", ic, tr.Cfg.LR, follow)
	}
	if m1, m2 := decodeNet(t, imitated), decodeNet(t, readFile(t, follow)); !sameWeights(m1, m2) {
		t.Fatal("the follow file does not hold the first round's network")
	}
	if _, err := tr.BeginDAgger(round, ""); !errors.Is(err, training.ErrNoImitation) {
		t.Fatalf("a second round over an unfinished one: %v, want ErrNoImitation", err)
	}
	// Stopped after its games, resumed.
	stop, cancel := context.WithCancel(ctx)
	hooksStop := hooks
	hooksStop.Steps = func(done, total int) {
		if done > total/2 {
			cancel()
		}
	}
	if _, err := training.RunImitation(stop, tr, ic, hooksStop); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped round: %v", err)
	}
	tr.Close()
	tr = resumeTrainer(t, dir)
	pending, ok := tr.PendingImitation()
	if !ok || pending != ic {
		t.Fatalf("resumed: pending %+v %v, want the round", pending, ok)
	}
	if _, err := training.RunImitation(ctx, tr, pending, hooks); err != nil {
		t.Fatal(err)
	}
	if tr.ImitationRounds() != 2 {
		t.Fatalf("%d rounds, want 2", tr.ImitationRounds())
	}
	tr.Close()
	got := latest(t, dir)
	if bytes.Equal(readFile(t, filepath.Join(dir, training.ImitationCSVFile)), firstCurve) || !bytes.Equal(readFile(t, filepath.Join(dir, curve1)), firstCurve) {
		t.Fatalf("after the round: %s should hold its curve and %s the first round's", training.ImitationCSVFile, curve1)
	}

	// A new run of the same seed and settings, following the same file.
	alone := t.TempDir()
	ta := runImitationTrainer(t, alone)
	if _, err := ta.Retune("lr=0.002"); err != nil {
		t.Fatal(err)
	}
	if _, err := training.RunImitation(ctx, ta, ic, hooks); err != nil {
		t.Fatal(err)
	}
	ta.Close()
	if a, b := decodeNet(t, got), decodeNet(t, latest(t, alone)); !sameWeights(a, b) {
		t.Fatal("the DAgger round's network differs from a new run's imitation following the same network")
	}
	if sameWeights(decodeNet(t, got), decodeNet(t, imitated)) {
		t.Fatal("the DAgger round did not change the network")
	}
	m, err := models.Decode(got)
	if err != nil {
		t.Fatal(err)
	}
	if d := m.Provenance.Data; !strings.Contains(d, "; then DAgger: ") || strings.Count(d, "moongym imitate:") != 2 {
		t.Errorf("provenance %q: want both rounds", d)
	}
}

func decodeNet(t *testing.T, b []byte) *models.Network {
	t.Helper()
	m, err := models.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return m.Net
}

func sameWeights(a, b *models.Network) bool {
	if len(a.Weights) != len(b.Weights) {
		return false
	}
	for i := range a.Weights {
		if !slices.Equal(a.Weights[i].Data, b.Weights[i].Data) {
			return false
		}
	}
	return true
}
