package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

const tinyTrain = "kind=mlp,width=8,depth=1,value=4,games=4,parallel=2,sims=8,buffer=200,batch=16,steps=2,minsamples=16,evalevery=2,evalgames=4"

func TestTrainResumeExport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	out, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "2", "--train", tinyTrain, "--quiet")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "2 iterations done") {
		t.Fatalf("output:\n%s", out)
	}
	if out, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "3", "--resume", "--quiet"); err != nil || !strings.Contains(out, "3 iterations done") {
		t.Fatalf("resume: %v\n%s", err, out)
	}
	// Resuming to a total the run already has is an error that says so.
	if _, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "3", "--resume", "--quiet"); err == nil || !strings.Contains(err.Error(), "already has 3 iterations") {
		t.Fatalf("resume to a reached total: %v", err)
	}
	file := filepath.Join(t.TempDir(), "ttt.safetensors")
	if out, err := run(t, "", "export", dir, "--out", file); err != nil || !strings.Contains(out, training.BestFile) {
		t.Fatalf("export: %v\n%s", err, out)
	}
	m, err := models.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if m.Game != "tictactoe" || m.Provenance.Iterations != 2 || m.Provenance.Games != 8 {
		t.Fatalf("exported model %s, provenance %+v; want the best (evaluated) network of iteration 2", m.Game, m.Provenance)
	}
}

func TestTrainErrors(t *testing.T) {
	dir := t.TempDir()
	run0 := filepath.Join(t.TempDir(), "run")
	if out, err := run(t, "", "train", "tictactoe", "--out", run0, "--iterations", "1", "--train", tinyTrain, "--quiet"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"train", "tictactoe", "--iterations", "1"}, "--out DIR is required"},
		{[]string{"train", "tictactoe", "--out", dir}, "give --iterations N or --duration D"},
		{[]string{"train", "nope", "--out", dir, "--iterations", "1"}, "nope"},
		{[]string{"train", "tictactoe", "--out", dir, "--iterations", "1", "--train", "games=0"}, "games=0, want >= 1"},
		{[]string{"train", "tictactoe", "--out", dir, "--iterations", "1", "--train", "gmaes=2"}, "known: alpha, batch"},
		{[]string{"train", "tictactoe", "--out", dir, "--iterations", "1", "--resume"}, "no checkpoint in " + dir},
		{[]string{"train", "tictactoe", "--out", dir, "--iterations", "1", "--resume", "--train", "games=2"}, "no checkpoint in " + dir},
		{[]string{"train", "tictactoe", "--out", run0, "--iterations", "2", "--resume", "--seed", "3"}, "drop --params and --seed"},
		{[]string{"train", "tictactoe", "--out", run0, "--iterations", "2", "--resume", "--train", "width=16"}, "width cannot change in a run"},
		{[]string{"train", "tictactoe", "--out", dir, "--iterations", "1", "--seed", "3", "--train", "seed=4"}, "the seed is given twice"},
		{[]string{"train", "planet-cubes", "--out", run0, "--iterations", "2", "--resume"}, "holds a run of tictactoe, not planet-cubes"},
		{[]string{"train", "tictactoe", "--out", run0, "--iterations", "2"}, "already holds a run: resume it"},
		{[]string{"export", dir}, "--out FILE is required"},
		{[]string{"export", dir, "--out", filepath.Join(dir, "x.safetensors")}, "neither best.safetensors nor latest.safetensors"},
	} {
		_, err := run(t, "", c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("moongym %s: %v, want an error saying %q", strings.Join(c.args, " "), err, c.want)
		}
	}
}

// TestTrainSeed: --seed N is the run's seed, stored in its checkpoint.
func TestTrainSeed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if out, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "1", "--train", tinyTrain, "--seed", "77", "--quiet"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	tr, err := training.Resume(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if tr.Cfg.Seed != 77 {
		t.Fatalf("run seed %d, want 77", tr.Cfg.Seed)
	}
}

// row is a metrics row of iteration it without an evaluation.
func row(it int64) training.Row {
	nan := math.NaN()
	return training.Row{Iteration: it, GamesPerSec: 2, SamplesPerSec: 30, PolicyLoss: nan, ValueLoss: nan, TotalLoss: 1.5,
		VsRandom: nan, VsHeuristic: nan, VsPrevious: nan, VsRandomLow: nan, VsRandomHigh: nan,
		VsHeuristicLow: nan, VsHeuristicHigh: nan, VsPreviousLow: nan, VsPreviousHigh: nan}
}

// evaluated is row(it) with evaluations: heuristic h [lo, hi], random 0.9,
// previous 0.5.
func evaluated(it int64, h, lo, hi float64) training.Row {
	r := row(it)
	r.VsHeuristic, r.VsHeuristicLow, r.VsHeuristicHigh = h, lo, hi
	r.VsRandom, r.VsRandomLow, r.VsRandomHigh = 0.9, 0.8, 0.95
	r.VsPrevious, r.VsPreviousLow, r.VsPreviousHigh = 0.5, 0.4, 0.6
	return r
}

// TestProgressLineAndSummary: the progress line carries the latest
// evaluation against the heuristic on every iteration, evaluated or not,
// and during self-play; the summary gives the latest and the best.
func TestProgressLineAndSummary(t *testing.T) {
	rows := []training.Row{row(1), evaluated(2, 0.7, 0.6, 0.78), row(3), evaluated(4, 0.62, 0.551, 0.69), row(5)}
	for _, tc := range []struct {
		upto int
		want string
	}{
		{1, "it 1 | 2.0 games/s 30 samples/s | loss 1.500 | heur -"},
		{2, "it 2 | 2.0 games/s 30 samples/s | loss 1.500 | heur 0.70 [0.60,0.78] @it 2 | random 0.90 previous 0.50"},
		{3, "it 3 | 2.0 games/s 30 samples/s | loss 1.500 | heur 0.70 [0.60,0.78] @it 2"},
		{4, "it 4 | 2.0 games/s 30 samples/s | loss 1.500 | heur 0.62 [0.55,0.69] @it 4 | random 0.90 previous 0.50"},
		{5, "it 5 | 2.0 games/s 30 samples/s | loss 1.500 | heur 0.62 [0.55,0.69] @it 4"},
	} {
		if got := progressLine(rows[tc.upto-1], rows[:tc.upto]); got != tc.want {
			t.Errorf("after iteration %d:\n got %q\nwant %q", tc.upto, got, tc.want)
		}
	}
	if got, want := selfPlayLine(5, 3, 64, rows[:4]), "it 5 | self-play 3/64 games | heur 0.62 [0.55,0.69] @it 4"; got != want {
		t.Errorf("during self-play:\n got %q\nwant %q", got, want)
	}
	if got, want := selfPlayLine(1, 0, 64, nil), "it 1 | self-play 0/64 games | heur -"; got != want {
		t.Errorf("during the first self-play:\n got %q\nwant %q", got, want)
	}
	want := "latest evaluation against the heuristic: 0.620 [0.551, 0.690] (95%) at iteration 4\n" +
		"best evaluation against the heuristic: 0.700 [0.600, 0.780] (95%) at iteration 2\n"
	if got := evalSummary(rows); got != want {
		t.Errorf("summary:\n got %q\nwant %q", got, want)
	}
	if got := evalSummary(rows[:1]); !strings.HasPrefix(got, "no evaluation against the heuristic yet") {
		t.Errorf("summary without evaluation: %q", got)
	}
}

// TestTrainSummaryRepeatsEvaluation: a real run's final summary has the
// evaluation lines and names the best model's iteration.
func TestTrainSummaryRepeatsEvaluation(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	out, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "3", "--train", tinyTrain, "--quiet")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"latest evaluation against the heuristic: ", "(95%) at iteration 2\n", "best evaluation against the heuristic: ", "best.safetensors is iteration 2 "} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}

// TestReproducibleModelFiles: with SOURCE_DATE_EPOCH set, the same train,
// imitate and export commands give byte-identical model files dated that
// time; a malformed value is refused before anything is written.
func TestReproducibleModelFiles(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	const date = "2023-11-14T22:13:20Z"
	files := func(args ...string) [][]byte {
		var out [][]byte
		for i := 0; i < 2; i++ {
			dir := filepath.Join(t.TempDir(), "run")
			a := append([]string{args[0], "tictactoe", "--out", dir}, args[1:]...)
			if o, err := run(t, "", a...); err != nil {
				t.Fatalf("%v: %v\n%s", a, err, o)
			}
			exported := filepath.Join(t.TempDir(), "m.safetensors")
			if o, err := run(t, "", "export", dir, "--out", exported); err != nil {
				t.Fatalf("export: %v\n%s", err, o)
			}
			for _, f := range []string{filepath.Join(dir, training.LatestFile), exported} {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				m, err := models.Load(f)
				if err != nil {
					t.Fatal(err)
				}
				if m.Provenance.Date != date {
					t.Errorf("%v: %s dated %s, want %s", a, f, m.Provenance.Date, date)
				}
				out = append(out, b)
			}
		}
		return out
	}
	for _, args := range [][]string{
		{"train", "--iterations", "2", "--train", tinyTrain, "--quiet"},
		{"imitate", "--games", "10", "--epochs", "1", "--train", tinyTrain, "--quiet"},
	} {
		f := files(args...)
		if !bytes.Equal(f[0], f[2]) || !bytes.Equal(f[1], f[3]) {
			t.Errorf("%v: two runs gave different model files", args)
		}
	}
	t.Setenv("SOURCE_DATE_EPOCH", "yesterday")
	dir := filepath.Join(t.TempDir(), "run")
	if _, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "1", "--train", tinyTrain, "--quiet"); err == nil || !strings.Contains(err.Error(), "SOURCE_DATE_EPOCH") {
		t.Errorf("a malformed SOURCE_DATE_EPOCH: %v", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the run directory was made before the error: %v", err)
	}
}

// TestTrainResumeRetune: --train with --resume changes the run's settings
// from the next iteration on; they are stored, and the model file's
// provenance names the change.
func TestTrainResumeRetune(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if out, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "1", "--train", tinyTrain, "--quiet"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "2", "--resume", "--train", "lr=0.0005,sims=4", "--quiet")
	if err != nil || !strings.Contains(out, "retuned from iteration 2: sims, lr") {
		t.Fatalf("retune: %v\n%s", err, out)
	}
	tr, err := training.Resume(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if tr.Cfg.LR != 0.0005 || tr.Cfg.Sims != 4 || tr.Optimizer().LR != 0.0005 || tr.Iteration() != 2 {
		t.Errorf("stored settings lr=%v sims=%d, optimizer lr %v, iteration %d", tr.Cfg.LR, tr.Cfg.Sims, tr.Optimizer().LR, tr.Iteration())
	}
	m, err := models.Load(filepath.Join(dir, training.LatestFile))
	if err != nil {
		t.Fatal(err)
	}
	if d := m.Provenance.Data; !strings.Contains(d, "; retuned from iteration 2: sims=4,lr=0.0005") {
		t.Errorf("provenance %q does not name the retune", d)
	}
}

// TestTrainRecipe: a new planet-cubes run follows the game's recipe (an
// imitation of the heuristic, then self-play, every size cut down by
// flags); --imitate-games 0 and --recipe=false train from random weights;
// bad imitation flags are refused before a run directory is made.
func TestTrainRecipe(t *testing.T) {
	const small = "games=2,parallel=2,sims=4,steps=1,minsamples=16,batch=16,buffer=400,evalevery=0"
	for _, c := range []struct {
		name    string
		args    []string
		imitate bool
	}{
		{"recipe", []string{"--imitate-games", "3", "--imitate-epochs", "1"}, true},
		{"no-imitation", []string{"--imitate-games", "0"}, false},
		{"no-recipe", []string{"--recipe=false", "--train", "kind=mlp,width=8,depth=1,value=4," + small}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			args := append([]string{"train", "planet-cubes", "--out", dir, "--iterations", "1", "--quiet"}, c.args...)
			if !slices.Contains(c.args, "--train") {
				args = append(args, "--train", "width=8,depth=1,value=4,"+small)
			}
			out, err := run(t, "", args...)
			if err != nil || !strings.Contains(out, "1 iterations done") {
				t.Fatalf("%v: %v\n%s", args, err, out)
			}
			if got := strings.Contains(out, "imitated the heuristic on"); got != c.imitate {
				t.Errorf("%v: imitated %v, want %v\n%s", args, got, c.imitate, out)
			}
			if w, err := models.Load(filepath.Join(dir, training.ImitationFile)); (err == nil) != c.imitate || (err == nil && w.Provenance.Iterations != 0) {
				t.Errorf("%v: the warm start's file: %v, want it, from before self-play, exactly when imitated", args, err)
			}
			m, err := models.Load(filepath.Join(dir, training.LatestFile))
			if err != nil {
				t.Fatal(err)
			}
			// The recipe's network is deep 3 unless --train says otherwise;
			// here it does, and the run has it.
			if m.Net.Arch.Depth != 1 || m.Net.Arch.Width != 8 {
				t.Errorf("%v: network %v, want the --train override (width 8, depth 1)", args, m.Net.Arch)
			}
		})
	}
	// Without --iterations the recipe's self-play stops at its measured
	// length: none for lunar-rally, whose model is its imitation.
	if out, err := run(t, "", "train", "lunar-rally", "--out", filepath.Join(t.TempDir(), "lr"), "--duration", "1m", "--imitate-games", "0",
		"--quiet", "--train", "width=8,depth=1,value=4,cheapsims=2,"+small); err != nil || !strings.Contains(out, "the recipe's training is done (0 self-play iterations") {
		t.Errorf("lunar-rally by its recipe: %v\n%s", err, out)
	}
	// march-mars' recipe: an imitation, then a DAgger round following its
	// network, and no self-play.
	mm := filepath.Join(t.TempDir(), "mm")
	if out, err := run(t, "", "train", "march-mars", "--params", "players=2", "--out", mm, "--duration", "1m", "--imitate-games", "2", "--imitate-epochs", "1",
		"--quiet", "--train", "width=8,depth=1,value=4,"+small); err != nil || strings.Count(out, "imitated the heuristic") != 2 ||
		!strings.Contains(out, "(DAgger: 0.5 of the games played by "+filepath.Join(mm, training.FollowFile(1))+")") ||
		!strings.Contains(out, "the recipe's training is done (0 self-play iterations") ||
		!strings.Contains(out, "measured as az:model="+filepath.Join(mm, training.LatestFile)+",sims=100,gumbel=1") {
		t.Errorf("march-mars by its recipe: %v\n%s", err, out)
	}
	// The spec it names plays.
	spec := "az:model=" + filepath.Join(mm, training.LatestFile) + ",sims=100,gumbel=1"
	if out, err := run(t, "", "arena", "march-mars", "--params", "players=2", "--agents", spec, "--games", "1", "--quiet"); err != nil {
		t.Errorf("the recipe's spec %s: %v\n%s", spec, err, out)
	}
	// welcome-moon's Adventure 7 with 3 players: the recipe's imitation
	// plays its mix of 3 to 6 players, whose other counts the model covers;
	// --iterations (self-play over a mix is not built) leaves the mix out.
	for _, c := range []struct {
		args   []string
		covers int
	}{
		{[]string{"--duration", "1m"}, 3},
		{[]string{"--iterations", "1"}, 0},
	} {
		dir := filepath.Join(t.TempDir(), "a7")
		args := append([]string{"train", "welcome-moon", "--params", "adventure=7,players=3", "--out", dir, "--imitate-games", "4", "--imitate-epochs", "1",
			"--quiet", "--train", "width=8,depth=1,value=4,cheapsims=2," + small}, c.args...)
		if out, err := run(t, "", args...); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		m, err := models.Load(filepath.Join(dir, training.LatestFile))
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Covers) != c.covers || (c.covers > 0 && m.Covers[0]["players"] != "4") {
			t.Errorf("%v: the model covers %v, want %d configurations (players=4 first)", args, m.Covers, c.covers)
		}
	}
	if _, err := run(t, "", "train", "planet-cubes", "--out", t.TempDir(), "--resume", "--iterations", "1", "--imitate-games", "5"); err == nil ||
		!strings.Contains(err.Error(), "drop --imitate-games") {
		t.Errorf("--resume with --imitate-games: %v", err)
	}
	for _, bad := range [][]string{{"--imitate-games", "-2"}, {"--imitate-epochs", "0"}} {
		dir := filepath.Join(t.TempDir(), "bad")
		args := append([]string{"train", "planet-cubes", "--out", dir, "--iterations", "1", "--quiet"}, bad...)
		if _, err := run(t, "", args...); err == nil || !strings.Contains(err.Error(), "--imitate-games") {
			t.Errorf("%v: err %v, want the flags named", bad, err)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%v: the run directory was made before the error", bad)
		}
	}
}
