package training_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/moongym/moongym/agents/heuristics/lunarrally"
	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/models/kernels"
	"github.com/moongym/moongym/training"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata (TestImitationGolden)")

// imitationGoldenFile holds, for each of TestImitationGolden's cases, the
// SHA-256 of its positions, of its learned weights and of its imitation
// curve, as the code gave them when the golden file was written: one file
// per matrix-multiplication path (kernels.Default, MOONGYM_KERNEL), since
// the paths differ in the last bits of their sums.
func imitationGoldenFile() string {
	return fmt.Sprintf("testdata/imitation.%s.golden", kernels.Default().Name())
}

// TestImitationGolden: every kind of imitation (the heuristic, its samples,
// keep and held-out games, a followed network, a searched teacher, both at
// once, a DAgger round, lunar-rally's expert with margins ahead) gives the
// same positions (HeuristicGames), the same weights and the same curve
// (RunImitation, two games at once) as when testdata/imitation.golden was
// written: the imitation's code may change, its results may not. Run with
// -update to rewrite the file after a change meant to change them (and
// once with each MOONGYM_KERNEL=avx512, avx2 and generic the machine has).
func TestImitationGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("plays and learns every kind of imitation")
	}
	model := goldenFollowModel(t)
	lr, err := engine.Load("lunar-rally", engine.Params{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	base := training.ImitateConfig{Games: 40, Epsilon: 0.25, Smooth: 0.1, Epochs: 4, Seed: 5}
	with := func(f func(*training.ImitateConfig)) training.ImitateConfig {
		c := base
		f(&c)
		return c
	}
	cases := []struct {
		name   string
		g      engine.Game
		ic     training.ImitateConfig
		dagger bool // then a DAgger round following the imitated network
	}{
		{"tictactoe/heuristic", tictactoe.Game{}, base, false},
		{"tictactoe/samples-keep-holdout", tictactoe.Game{}, with(func(c *training.ImitateConfig) {
			c.Samples, c.Keep, c.HoldOut = 3, 0.5, 10
		}), false},
		{"tictactoe/follow", tictactoe.Game{}, with(func(c *training.ImitateConfig) {
			c.Follow, c.FollowModel, c.HoldOut = 0.5, model, 6
		}), false},
		{"tictactoe/teacher", tictactoe.Game{}, with(func(c *training.ImitateConfig) {
			c.Games, c.Keep, c.Teacher, c.TeacherSims, c.HoldOut = 20, 0.5, model, 16, 4
		}), false},
		{"tictactoe/follow-teacher", tictactoe.Game{}, with(func(c *training.ImitateConfig) {
			c.Games, c.Keep, c.Follow, c.FollowModel, c.Teacher, c.TeacherSims = 20, 0.4, 0.7, model, model, 12
		}), false},
		{"tictactoe/dagger", tictactoe.Game{}, with(func(c *training.ImitateConfig) { c.Keep = 0.6 }), true},
		{"lunar-rally/expert-samples-margins", lr, training.ImitateConfig{Games: 2, Epsilon: 0.1, Smooth: 0.1, Epochs: 2, Seed: 7,
			Expert: true, Samples: 2, Keep: 0.3, HoldOut: 1, Margin: 0.5, MarginScale: 3, MarginAhead: 8}, false},
		{"lunar-rally/heuristic-margin", lr, training.ImitateConfig{Games: 2, Epsilon: 0.2, Smooth: 0.05, Epochs: 1, Seed: 9,
			Margin: 0.3, MarginScale: 2}, false},
	}
	var got bytes.Buffer
	for _, c := range cases {
		line := goldenLine(t, c.g, c.ic, c.dagger)
		t.Logf("%s %s", c.name, line)
		fmt.Fprintf(&got, "%s %s\n", c.name, line)
	}
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(imitationGoldenFile()), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(imitationGoldenFile(), got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(imitationGoldenFile())
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	wantLines := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(want))
	for sc.Scan() {
		if name, rest, ok := strings.Cut(sc.Text(), " "); ok {
			wantLines[name] = rest
		}
	}
	sc = bufio.NewScanner(&got)
	for sc.Scan() {
		name, rest, _ := strings.Cut(sc.Text(), " ")
		if w, ok := wantLines[name]; !ok {
			t.Errorf("%s: not in %s", name, imitationGoldenFile())
		} else if w != rest {
			t.Errorf("%s: got\n\t%s\nwant\n\t%s", name, rest, w)
		}
	}
	if len(wantLines) != len(cases) {
		t.Errorf("%s has %d cases, the test %d", imitationGoldenFile(), len(wantLines), len(cases))
	}
}

// goldenLine plays and learns the imitation ic of g and describes its
// results by their hashes: the positions HeuristicGames records, then the
// weights, the curve and the stats of RunImitation (two games at once) in
// a fresh run, after a DAgger round where dagger says so.
func goldenLine(t *testing.T, g engine.Game, ic training.ImitateConfig, dagger bool) string {
	t.Helper()
	ctx := context.Background()
	r, n, err := training.HeuristicGames(ctx, g, ic, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := training.ParseConfig("kind=mlp,width=32,seed=3", training.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tr, err := training.NewTrainer(g, cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	tr.Now = func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	hooks := training.ImitateHooks{SaveEvery: time.Hour, Parallel: 2}
	st, err := training.RunImitation(ctx, tr, ic, hooks)
	if err != nil {
		t.Fatal(err)
	}
	if dagger {
		round := training.DAggerRound{Imitation: ic, Settings: "lr=0.002"}
		round.Imitation.Games, round.Imitation.Follow = 30, 0.5
		next, err := tr.BeginDAgger(round, "")
		if err != nil {
			t.Fatal(err)
		}
		if st, err = training.RunImitation(ctx, tr, next, hooks); err != nil {
			t.Fatal(err)
		}
	}
	curve, err := os.ReadFile(filepath.Join(dir, training.ImitationCSVFile))
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("games=%d positions=%d replay=%s weights=%s curve=%s stats=%s",
		n, r.Len(), replayHash(r), weightsHash(tr.Network()), shortHash(curve), shortHash(fmt.Appendf(nil, "%+v", st)))
}

// replayHash is the SHA-256 of every position of r: observation, mask,
// policy and values, as float32 bits.
func replayHash(r *training.Replay) string {
	var b []byte
	for _, s := range [][]float32{training.FlatObs(r), r.Mask, r.Policy, r.Value} {
		b = binary.LittleEndian.AppendUint64(b, uint64(len(s)))
		for _, v := range s {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
	}
	return shortHash(b)
}

// weightsHash is the SHA-256 of n's weights, as float32 bits in order.
func weightsHash(n *models.Network) string {
	var b []byte
	for _, w := range n.Weights {
		b = append(b, w.Name...)
		for _, v := range w.Data {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
	}
	return shortHash(b)
}

func shortHash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// goldenFollowModel saves an untrained tictactoe network of a fixed seed,
// to follow and to teach.
func goldenFollowModel(t *testing.T) string {
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

// TestImitationOldCheckpoint: a run whose imitation was stopped after 17
// of its 40 games by the code of commit 679ff41 (the checkpoint in
// testdata/imitation-stopped, made by RunImitation of the config below in
// a tictactoe run of "kind=mlp,width=32,seed=3", cancelled at game 17)
// resumes with the code of today and ends on the weights and curve of the
// same imitation never stopped: the games recorded in old checkpoints
// still load and rebuild the same positions.
func TestImitationOldCheckpoint(t *testing.T) {
	ic := training.ImitateConfig{Games: 40, Epsilon: 0.25, Smooth: 0.1, Epochs: 4, Seed: 5, Samples: 3, Keep: 0.5, HoldOut: 10}
	hooks := training.ImitateHooks{SaveEvery: time.Hour}
	whole := t.TempDir()
	tr := runImitationTrainer(t, whole)
	if _, err := training.RunImitation(context.Background(), tr, ic, hooks); err != nil {
		t.Fatal(err)
	}
	want := weightsHash(tr.Network())
	tr.Close()

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, training.CheckpointFile), readFile(t, "testdata/imitation-stopped/"+training.CheckpointFile), 0o644); err != nil {
		t.Fatal(err)
	}
	tr = resumeTrainer(t, dir)
	defer tr.Close()
	pending, ok := tr.PendingImitation()
	if !ok || pending != ic {
		t.Fatalf("the old checkpoint's pending imitation: %+v %v, want %+v", pending, ok, ic)
	}
	resumedAt := -1
	hooks.Games = func(done, _ int) {
		if resumedAt < 0 {
			resumedAt = done
		}
	}
	if _, err := training.RunImitation(context.Background(), tr, pending, hooks); err != nil {
		t.Fatal(err)
	}
	if resumedAt != 17 {
		t.Errorf("resumed at game %d, want 17", resumedAt)
	}
	if got := weightsHash(tr.Network()); got != want {
		t.Errorf("the old checkpoint resumed to weights %s, an imitation never stopped to %s", got, want)
	}
	if !bytes.Equal(readFile(t, filepath.Join(dir, training.ImitationCSVFile)), readFile(t, filepath.Join(whole, training.ImitationCSVFile))) {
		t.Error("the old checkpoint resumed to another imitation curve than one never stopped")
	}
}
