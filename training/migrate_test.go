package training_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/models/kernels"
	"github.com/moongym/moongym/training"
)

// oldCheckpointNow is the provenance clock of the runs that wrote the
// version-2 checkpoints in testdata and resumed them.
func oldCheckpointNow() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }

// TestOldCheckpointsResume: checkpoints written by the code before the
// settings had their own types (version 2, commit 5886231) resume with
// today's code to what that code resumed them to (its results in
// testdata/checkpoint-v2.resumed, per matrix-multiplication path): the
// same settings, and after one more iteration the same weights, model
// file (whose provenance names the settings and the retune), metrics and
// best iteration. The checkpoints: testdata/checkpoint-v2-gumbel, a
// tictactoe run with Gumbel search (gumbel=1) and evaluation, retuned
// after its first iteration (lr, fullprob, cheapsims, shards=0), stopped
// after its second; testdata/checkpoint-v2-imitation, a run stopped in
// the middle of its imitation's learning, which then finishes, is retuned
// to Gumbel search and self-plays an iteration. The next checkpoint is
// written as the current version, and resumes.
func TestOldCheckpointsResume(t *testing.T) {
	want := oldResults(t)
	for _, tc := range []struct {
		name   string
		check  func(t *testing.T, cfg training.Config)
		resume func(t *testing.T, tr *training.Trainer)
	}{
		{"gumbel", func(t *testing.T, cfg training.Config) {
			if !cfg.Gumbel || cfg.Shards || cfg.FullProb != 0.5 || cfg.CheapSims != 4 || cfg.LR != 0.001 || cfg.GumbelM != 4 {
				t.Errorf("settings %+v, want gumbel, shards off, fullprob=0.5,cheapsims=4,lr=0.001,gumbelm=4", cfg)
			}
		}, func(t *testing.T, tr *training.Trainer) {
			if err := tr.Run(context.Background(), 3, time.Time{}); err != nil {
				t.Fatal(err)
			}
		}},
		{"imitation", func(t *testing.T, cfg training.Config) {
			if cfg.Gumbel || !cfg.Shards || cfg.FullProb != 1 || cfg.Margin != 0.25 {
				t.Errorf("settings %+v, want PUCT, shards on, fullprob=1, margin=0.25", cfg)
			}
		}, func(t *testing.T, tr *training.Trainer) {
			ic, ok := tr.PendingImitation()
			wantIC := training.ImitateConfig{Games: 12, Epsilon: 0.2, Smooth: 0.1, Epochs: 3, Seed: 5, Keep: 0.5, HoldOut: 4, Margin: 0.25, MarginScale: 3}
			if !ok || ic != wantIC {
				t.Fatalf("pending imitation %+v (%v), want %+v", ic, ok, wantIC)
			}
			if _, err := training.RunImitation(context.Background(), tr, ic, training.ImitateHooks{SaveEvery: time.Hour}); err != nil {
				t.Fatal(err)
			}
			if _, err := tr.Retune("gumbel=1,sims=6,gumbelm=4"); err != nil {
				t.Fatal(err)
			}
			if err := tr.Run(context.Background(), 1, time.Time{}); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			src := filepath.Join("testdata", "checkpoint-v2-"+tc.name, training.CheckpointFile)
			if err := os.WriteFile(filepath.Join(dir, training.CheckpointFile), readFile(t, src), 0o644); err != nil {
				t.Fatal(err)
			}
			tr := resumeTrainer(t, dir)
			defer tr.Close()
			tr.Now = oldCheckpointNow
			tc.check(t, tr.Cfg)
			tc.resume(t, tr)
			got := resumedOutcome(t, tr)
			w, ok := want[kernels.Default().Name()+" "+tc.name]
			switch {
			case !ok:
				// Another path sums in another order: only the settings
				// can be compared.
				t.Logf("no results of the old code for kernel %s: the settings alone compared", kernels.Default().Name())
				if gs, ws := afterSettings(got), afterSettings(want["generic "+tc.name]); gs != ws {
					t.Errorf("resumed to settings\n\t%s\nthe old code to\n\t%s", gs, ws)
				}
			case got != w:
				t.Errorf("resumed to\n\t%s\nthe old code to\n\t%s", got, w)
			}
			data := readFile(t, filepath.Join(dir, training.CheckpointFile))
			if !bytes.HasPrefix(data, []byte("moongym-checkpoint/3\n")) {
				t.Errorf("the next checkpoint begins %q, not the current version's header", data[:min(len(data), 21)])
			}
			again := resumeTrainer(t, dir)
			defer again.Close()
			if again.Cfg != tr.Cfg || again.Iteration() != tr.Iteration() {
				t.Errorf("the upgraded checkpoint resumes to %+v at iteration %d, want %+v at %d", again.Cfg, again.Iteration(), tr.Cfg, tr.Iteration())
			}
		})
	}
}

// oldResults reads testdata/checkpoint-v2.resumed: the outcome of each
// "<kernel> <case>".
func oldResults(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(readFile(t, "testdata/checkpoint-v2.resumed")))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, " ", 3)
		if len(f) != 3 {
			t.Fatalf("testdata/checkpoint-v2.resumed: %q", line)
		}
		out[f[0]+" "+f[1]] = f[2]
	}
	return out
}

// resumedOutcome describes a run as testdata/checkpoint-v2.resumed does:
// its weights, its latest model file, its metrics without their times,
// its best iteration and score, and its settings.
func resumedOutcome(t *testing.T, tr *training.Trainer) string {
	t.Helper()
	var m strings.Builder
	for _, r := range tr.Metrics() {
		r.Elapsed, r.GamesPerSec, r.SamplesPerSec = 0, 0, 0
		fmt.Fprintf(&m, "%+v\n", r)
	}
	metrics := sha256.Sum256([]byte(m.String()))
	model := sha256.Sum256(readFile(t, filepath.Join(tr.Dir, training.LatestFile)))
	it, score := tr.Best()
	return fmt.Sprintf("weights=%s model=%s metrics=%s best=%d/%v settings=%s", weightsHash(tr.Network()),
		hex.EncodeToString(model[:]), hex.EncodeToString(metrics[:]), it, score, tr.Cfg.String())
}

// afterSettings is the settings part of an outcome.
func afterSettings(outcome string) string {
	_, s, _ := strings.Cut(outcome, " settings=")
	return s
}
