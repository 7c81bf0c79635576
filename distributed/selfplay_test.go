package distributed

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// tinyConfig is the training tests' small tictactoe run (see
// training/training_test.go).
func tinyConfig(t testing.TB) training.Config {
	t.Helper()
	cfg, err := training.ParseConfig("kind=mlp,width=16,depth=1,value=8,games=8,parallel=4,sims=12,leafbatch=2,"+
		"buffer=500,batch=32,steps=4,minsamples=32,evalevery=2,evalgames=6,cache=1000", training.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// runTo runs tr to iteration n, its model files dated by a fixed clock.
func runTo(t *testing.T, tr *training.Trainer, n int64) {
	t.Helper()
	tr.Now = func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) }
	if err := tr.Run(context.Background(), n, time.Time{}); err != nil {
		t.Fatal(err)
	}
}

// localRun trains cfg in one process for n iterations.
func localRun(t *testing.T, cfg training.Config, n int64) *training.Trainer {
	t.Helper()
	tr, err := training.NewTrainer(tictactoe.Game{}, cfg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Close() })
	runTo(t, tr, n)
	return tr
}

func (c *cluster) source(t *testing.T, cfg training.Config, run string, lg *logs) *Source {
	logf := t.Logf
	if lg != nil {
		logf = lg.logf
	}
	return &Source{Ctx: context.Background(), JS: c.js, Game: tictactoe.Game{}, Cfg: cfg, Run: run, Logf: logf}
}

// sameRun fails unless two trainers hold the same network, buffer and
// metrics (wall-clock figures aside).
func sameRun(t *testing.T, got, want *training.Trainer) {
	t.Helper()
	if !got.Network().Equal(want.Network()) {
		t.Fatal("networks differ")
	}
	if !reflect.DeepEqual(got.Replay(), want.Replay()) {
		t.Fatal("replay buffers differ")
	}
	if !reflect.DeepEqual(got.Optimizer(), want.Optimizer()) {
		t.Fatal("optimizer states differ")
	}
	mg, mw := got.Metrics(), want.Metrics()
	if len(mg) != len(mw) {
		t.Fatalf("%d metrics rows, want %d", len(mg), len(mw))
	}
	for i := range mg {
		a, b := mg[i], mw[i]
		a.Elapsed, a.GamesPerSec, a.SamplesPerSec = 0, 0, 0
		b.Elapsed, b.GamesPerSec, b.SamplesPerSec = 0, 0, 0
		x, _ := training.MetricsCSV([]training.Row{a})
		y, _ := training.MetricsCSV([]training.Row{b})
		if string(x) != string(y) {
			t.Fatalf("metrics row %d:\n%s\nwant\n%s", i, x, y)
		}
	}
}

// TestTrainingSameAsLocal: a run whose self-play and evaluation are
// played by two workers is the one-process run, bit for bit (network,
// optimizer, replay buffer, metrics with the evaluations' win rates and
// intervals, best.safetensors), so it learns exactly as the local run
// does; and it trains and evaluates (with an az search, against random,
// the heuristic and the previous network), every evaluation game on the
// workers, keeping no more than heldModels evaluation networks stored.
func TestTrainingSameAsLocal(t *testing.T) {
	cfg := tinyConfig(t)
	cfg.EvalSims = 4
	const n = 4
	want := localRun(t, cfg, n)
	c := startCluster(t, Limits{})
	c.startWorkers(t, 2, 2)
	tr, err := training.NewTrainer(tictactoe.Game{}, cfg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	src := c.source(t, cfg, "same", nil)
	var progress int
	src.OnGame = func(done, total int) {
		if total != cfg.Games {
			t.Errorf("progress total %d", total)
		}
		progress++
	}
	tr.Source, tr.Matches = src, src
	runTo(t, tr, n)
	sameRun(t, tr, want)
	sameFile(t, training.BestFile, tr, want)
	if progress != n*cfg.Games {
		t.Errorf("progress counted %d games, want %d", progress, n*cfg.Games)
	}
	last := tr.Metrics()[n-1]
	if math.IsNaN(last.TotalLoss) || math.IsNaN(last.VsRandom) || math.IsNaN(last.VsHeuristic) ||
		math.IsNaN(last.VsPrevious) || tr.Optimizer().Step == 0 {
		t.Fatalf("the run did not train and evaluate: %+v", last)
	}
	if tr.Position() == 0 {
		t.Fatal("no stream position kept")
	}
	// Evaluations at iterations 2 (random, heuristic) and 4 (and previous).
	if got, want := results(t, c, resultSubject(KindEval, "same")), uint64(5*cfg.EvalGames); got != want {
		t.Errorf("%d evaluation results stored, want %d", got, want)
	}
	held, err := listModels(context.Background(), c.js, evalModelPrefix("same"))
	if err != nil || len(held) != heldModels {
		t.Errorf("evaluation networks stored: %v (%v)", held, err)
	}
}

// sameFile fails unless two runs wrote the same file name.
func sameFile(t *testing.T, name string, got, want *training.Trainer) {
	t.Helper()
	a, err1 := os.ReadFile(filepath.Join(got.Dir, name))
	b, err2 := os.ReadFile(filepath.Join(want.Dir, name))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if !bytes.Equal(a, b) {
		t.Fatalf("%s differs from the one-process run's", name)
	}
}

// TestGatherCountsOnce: a game published twice with its id is stored once;
// the same game under another id, a garbage message, a game of another
// model version and one of another run are logged and dropped; the
// iteration's games are those SelfPlay.Play plays.
func TestGatherCountsOnce(t *testing.T) {
	cfg := tinyConfig(t)
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, 3)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := models.NewEvaluator(g, m.Net, 0)
	if err != nil {
		t.Fatal(err)
	}
	sp := training.SelfPlay{Game: g, Cfg: cfg}
	const it, n = 1, 6
	want, err := sp.Play(ev, it, n)
	if err != nil {
		t.Fatal(err)
	}

	c := startCluster(t, Limits{})
	var lg logs
	src := c.source(t, cfg, "once", &lg)
	if err := src.Publish(m.Net, it, n); err != nil {
		t.Fatal(err)
	}
	// Repeated publication of the items (a resumed learner) is dropped.
	if err := src.Publish(m.Net, it, n); err != nil {
		t.Fatal(err)
	}
	ws, err := c.js.Stream(context.Background(), WorkStream)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := ws.Info(context.Background()); err != nil || info.State.Msgs != n {
		t.Fatalf("%v items queued, want %d (%v)", info.State.Msgs, n, err)
	}
	msg := c.takeItem(t)
	w := &Worker{JS: c.js, Consumer: c.cons}
	item, err := decodeItem(msg.Data())
	if err != nil {
		t.Fatal(err)
	}
	subj, id, data, err := w.play(context.Background(), item)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for k := 0; k < 2; k++ {
		ack, err := c.js.Publish(ctx, subj, data, jetstream.WithMsgID(id))
		if err != nil {
			t.Fatal(err)
		}
		if ack.Duplicate != (k == 1) {
			t.Fatalf("publication %d: duplicate %v", k, ack.Duplicate)
		}
	}
	if _, err := c.js.Publish(ctx, subj, data, jetstream.WithMsgID(id+"-late")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.js.Publish(ctx, subj, []byte("not gob")); err != nil {
		t.Fatal(err)
	}
	other := *item
	other.Iteration = it + 5
	_, _, stale, err := w.play(ctx, &other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.js.Publish(ctx, subj, stale); err != nil {
		t.Fatal(err)
	}
	other = *item
	other.Job = "elsewhere"
	_, _, foreign, err := w.play(ctx, &other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.js.Publish(ctx, subj, foreign); err != nil {
		t.Fatal(err)
	}
	if err := msg.Ack(); err != nil {
		t.Fatal(err)
	}
	c.startWorkers(t, 2, 1)
	got, pos, err := src.Gather(it, n, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatal("gathered games differ from SelfPlay.Play's")
	}
	if pos == 0 {
		t.Fatal("no position")
	}
	log := strings.Join(lg.all(), "\n")
	for _, want := range []string{"again", "not a game record", "model version 6, not 1", `run "elsewhere"`} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// TestLearnerResume: a learner stopped after two iterations, once it had
// queued the third and the workers had played it, resumes from its
// checkpoint and its stream position: the third iteration's games are
// read from the stream, none played again and none counted twice, and the
// run ends where the one-process run does.
func TestLearnerResume(t *testing.T) {
	cfg := tinyConfig(t)
	want := localRun(t, cfg, 3)
	c := startCluster(t, Limits{})
	c.startWorkers(t, 1, 2)
	dir := t.TempDir()
	a, err := training.NewTrainer(tictactoe.Game{}, cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	src := c.source(t, cfg, "resume", nil)
	a.Source = src
	runTo(t, a, 2)
	pos := a.Position()
	// The learner queues iteration 2 and dies while the games arrive.
	if err := src.Publish(a.Network(), 2, cfg.Games); err != nil {
		t.Fatal(err)
	}
	a.Close()
	subj := resultSubject(KindSelfPlay, "resume")
	waitResults(t, c, subj, 3*cfg.Games)

	b, err := training.Resume(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.Iteration() != 2 || b.Position() != pos {
		t.Fatalf("resumed at iteration %d position %d, want 2 and %d", b.Iteration(), b.Position(), pos)
	}
	b.Source = c.source(t, cfg, "resume", nil)
	runTo(t, b, 3)
	sameRun(t, b, want)
	// Every game was played once: 3 iterations' results, no item left.
	if got := results(t, c, subj); got != uint64(3*cfg.Games) {
		t.Fatalf("%d results stored, want %d", got, 3*cfg.Games)
	}
	if info, err := c.cons.Info(context.Background()); err != nil || info.NumPending != 0 || info.NumAckPending != 0 {
		t.Fatalf("work left: %+v (%v)", info, err)
	}
}

// results counts the messages of a subject of the results stream.
func results(t *testing.T, c *cluster, subj string) uint64 {
	t.Helper()
	s, err := c.js.Stream(context.Background(), ResultStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(context.Background(), jetstream.WithSubjectFilter(subj))
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Subjects[subj]
}

func waitResults(t *testing.T, c *cluster, subj string, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for results(t, c, subj) < uint64(n) {
		if time.Now().After(deadline) {
			t.Fatalf("%d results, want %d", results(t, c, subj), n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
