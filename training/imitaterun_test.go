package training_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
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
	return readFile(t, filepath.Join(dir, training.LatestFile))
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
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
	ic := training.ImitateConfig{Games: 60, Epsilon: 0.25, Smooth: 0.1, Epochs: 20, Seed: 5, Samples: 3, Keep: 0.5, HoldOut: 15}

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
	wantCurve := readFile(t, filepath.Join(whole, training.ImitationCSVFile))

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
	if !bytes.Equal(readFile(t, filepath.Join(direct, training.ImitationCSVFile)), wantCurve) {
		t.Error("RunImitation and HeuristicGames+Imitate give different imitation curves")
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
	if got := readFile(t, filepath.Join(dir, training.ImitationCSVFile)); !bytes.Equal(got, wantCurve) {
		t.Errorf("a stopped and resumed imitation has another curve than one never stopped:\n%s\nwant\n%s", got, wantCurve)
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

// TestImitationCurve: the curve has a point at the start and one per tenth
// of the steps, the last at the end; held-out losses are measured only with
// HoldOut, fall as the network learns, and leave the weights as they are
// without it; the run directory has the curve as CSV and PNG.
func TestImitationCurve(t *testing.T) {
	ic := training.ImitateConfig{Games: 80, Epsilon: 0.2, Smooth: 0.1, Epochs: 10, Seed: 2}
	run := func(holdout int) (string, training.ImitateStats) {
		dir := t.TempDir()
		tr := runImitationTrainer(t, dir)
		defer tr.Close()
		c := ic
		c.HoldOut = holdout
		st, err := training.RunImitation(context.Background(), tr, c, training.ImitateHooks{SaveEvery: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		return dir, st
	}
	plain, st0 := run(0)
	held, st := run(30)
	if !bytes.Equal(latest(t, plain), latest(t, held)) {
		t.Error("a held-out set changed the model file")
	}
	if !math.IsNaN(st0.HeldOut.Value) || st0.HeldOutPositions != 0 {
		t.Errorf("without holdout: held-out %+v on %d positions", st0.HeldOut, st0.HeldOutPositions)
	}
	if st.HeldOutPositions < 30*3 || math.IsNaN(st.HeldOut.Policy) || math.IsNaN(st.HeldOut.Value) {
		t.Fatalf("with holdout=30: held-out %+v on %d positions", st.HeldOut, st.HeldOutPositions)
	}
	for _, c := range []struct {
		dir     string
		heldOut bool
	}{{plain, false}, {held, true}} {
		rows, err := csv.NewReader(bytes.NewReader(readFile(t, filepath.Join(c.dir, training.ImitationCSVFile)))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 12 {
			t.Fatalf("imitation.csv has %d rows, want a header and 11 points", len(rows))
		}
		prev := -1
		for i, r := range rows[1:] {
			step, err := strconv.Atoi(r[0])
			if err != nil || step <= prev {
				t.Fatalf("point %d at step %q after %d", i, r[0], prev)
			}
			prev = step
			if (i == 0) != (r[2] == "") {
				t.Errorf("point %d: training loss %q (empty only at the start)", i, r[2])
			}
			if c.heldOut == (r[6] == "") {
				t.Errorf("point %d: held-out value loss %q with heldOut=%v", i, r[6], c.heldOut)
			}
		}
		if prev != st.Steps {
			t.Errorf("last point at step %d, want %d", prev, st.Steps)
		}
		if c.heldOut {
			first, _ := strconv.ParseFloat(rows[1][5], 64)
			last, _ := strconv.ParseFloat(rows[11][5], 64)
			if !(last < first) || math.Abs(last-st.HeldOut.Policy) > 1e-4 {
				t.Errorf("held-out policy loss %v at the start, %v at the end (stats %v): want a fall", first, last, st.HeldOut.Policy)
			}
		}
		img, err := png.Decode(bytes.NewReader(readFile(t, filepath.Join(c.dir, training.ImitationPNGFile))))
		if err != nil || img.Bounds().Dx() < 100 {
			t.Errorf("imitation.png: %v", err)
		}
	}
}

// TestRunImitationParallel: the games played several at once give the model
// file and curve of one game at a time, also when the imitation is stopped
// while playing and resumed with another number of games at once.
func TestRunImitationParallel(t *testing.T) {
	ic := training.ImitateConfig{Games: 60, Epsilon: 0.25, Smooth: 0.1, Epochs: 5, Seed: 5, Samples: 3, Keep: 0.5, HoldOut: 15}
	run := func(dir string, ctx context.Context, hooks training.ImitateHooks, resume bool) error {
		var tr *training.Trainer
		if resume {
			tr = resumeTrainer(t, dir)
		} else {
			tr = runImitationTrainer(t, dir)
		}
		defer tr.Close()
		_, err := training.RunImitation(ctx, tr, ic, hooks)
		return err
	}
	one := t.TempDir()
	if err := run(one, context.Background(), training.ImitateHooks{Parallel: 1}, false); err != nil {
		t.Fatal(err)
	}
	want, wantCurve := latest(t, one), readFile(t, filepath.Join(one, training.ImitationCSVFile))
	for _, workers := range []int{3, 100} {
		dir := t.TempDir()
		if err := run(dir, context.Background(), training.ImitateHooks{Parallel: workers}, false); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(latest(t, dir), want) || !bytes.Equal(readFile(t, filepath.Join(dir, training.ImitationCSVFile)), wantCurve) {
			t.Errorf("%d games at once: another model file or curve than one at a time", workers)
		}
	}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	err := run(dir, ctx, training.ImitateHooks{Parallel: 4, Games: func(done, _ int) {
		if done == 17 {
			cancel()
		}
	}}, false)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped while playing: err %v, want context.Canceled", err)
	}
	resumedAt := -1
	err = run(dir, context.Background(), training.ImitateHooks{Parallel: 2, Games: func(done, _ int) {
		if resumedAt < 0 {
			resumedAt = done
		}
	}}, true)
	if err != nil {
		t.Fatal(err)
	}
	if resumedAt != 17 {
		t.Errorf("resumed at game %d, want 17 (the games in flight at the stop are dropped)", resumedAt)
	}
	if !bytes.Equal(latest(t, dir), want) {
		t.Error("stopped with 4 games at once and resumed with 2: another model file than one at a time")
	}
}
