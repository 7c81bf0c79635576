package distributed

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
	_ "github.com/moongym/moongym/agents/mctsagent"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine/tictactoe"
)

func arenaConfig() arena.Config {
	return arena.Config{Game: tictactoe.Game{}, Agents: []string{"mcts:sims=30", "random", "heuristic"},
		Games: 12, Seed: 42, Opening: 1, Parallel: 2}
}

// reportJSON is the JSON report and records of a tournament's games.
func reportJSON(t *testing.T, cfg arena.Config, games []arena.GameResult) (string, string) {
	t.Helper()
	rep, err := arena.Summarize(cfg.Game, cfg.Agents, cfg.Seed, games)
	if err != nil {
		t.Fatal(err)
	}
	rep.Opening = cfg.Opening
	r, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var recs strings.Builder
	for _, g := range games {
		b, err := json.Marshal(g.Record)
		if err != nil {
			t.Fatal(err)
		}
		recs.Write(b)
		recs.WriteByte('\n')
	}
	return string(r), recs.String()
}

func localReport(t *testing.T, cfg arena.Config) (string, string) {
	t.Helper()
	games, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return reportJSON(t, cfg, games)
}

// TestArenaSameAsLocal: a tournament played by two workers gives exactly
// the report and records of the one-process run with the same seed, and
// the progress callback counts every game once.
func TestArenaSameAsLocal(t *testing.T) {
	cfg := arenaConfig()
	wantRep, wantRecs := localReport(t, cfg)
	c := startCluster(t, Limits{})
	c.startWorkers(t, 2, 2)
	var mu sync.Mutex
	var progress []int
	dcfg := cfg
	dcfg.Progress = func(done int) { mu.Lock(); progress = append(progress, done); mu.Unlock() }
	games, err := RunArena(context.Background(), c.js, dcfg, ArenaOptions{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	rep, recs := reportJSON(t, cfg, games)
	if rep != wantRep {
		t.Fatalf("distributed report\n%s\nwant\n%s", rep, wantRep)
	}
	if recs != wantRecs {
		t.Fatal("distributed records differ from the local ones")
	}
	if len(progress) != cfg.Games || progress[len(progress)-1] != cfg.Games {
		t.Fatalf("progress %v", progress)
	}
	// The job's results are gone from the stream.
	s, err := c.js.Stream(context.Background(), ResultStream)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := s.Info(context.Background()); err != nil || info.State.Msgs != 0 {
		t.Fatalf("results stream keeps %v messages (%v)", info.State.Msgs, err)
	}
}

// TestArenaWorkerDies: one worker takes a game and dies without a word,
// another plays a game, publishes it and dies before acknowledging it, and
// stray messages land on the job's results subject (garbage, a repeat
// under another id, a game out of range); after the ack wait both items
// are played again by the live workers, and every game is counted once:
// the report is the local one.
func TestArenaWorkerDies(t *testing.T) {
	cfg := arenaConfig()
	wantRep, wantRecs := localReport(t, cfg)
	c := startCluster(t, Limits{AckWait: time.Second})
	var lg logs
	done := make(chan struct{})
	var games []arena.GameResult
	var runErr error
	const job = "diesjob"
	go func() {
		defer close(done)
		games, runErr = RunArena(context.Background(), c.js, cfg, ArenaOptions{Job: job, Logf: lg.logf})
	}()
	// The silent death: an item taken and never acknowledged.
	dead := c.takeItem(t)
	// The death after publishing: played, published, not acknowledged.
	m := c.takeItem(t)
	w := &Worker{JS: c.js, Consumer: c.cons}
	it, err := decodeItem(m.Data())
	if err != nil {
		t.Fatal(err)
	}
	subj, id, data, err := w.play(context.Background(), it)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := c.js.Publish(ctx, subj, data, jetstream.WithMsgID(id)); err != nil {
		t.Fatal(err)
	}
	// The same game under another id (as after the duplicate window), a
	// garbage message and a game of another job.
	if _, err := c.js.Publish(ctx, subj, data, jetstream.WithMsgID(id+"-late")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.js.Publish(ctx, subj, []byte("{not json")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.js.Publish(ctx, subj, []byte(`{"job":"other","index":1}`)); err != nil {
		t.Fatal(err)
	}
	c.startWorkers(t, 2, 1)
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("tournament did not finish")
	}
	if runErr != nil {
		t.Fatal(runErr)
	}
	rep, recs := reportJSON(t, cfg, games)
	if rep != wantRep || recs != wantRecs {
		t.Fatalf("report after worker deaths\n%s\nwant\n%s", rep, wantRep)
	}
	md, err := dead.Metadata()
	if err != nil {
		t.Fatal(err)
	}
	if md.NumDelivered != 1 {
		t.Fatalf("dead item delivered %d times to it", md.NumDelivered)
	}
	log := strings.Join(lg.all(), "\n")
	for _, want := range []string{"again", "invalid character", "not one of ours"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// TestArenaBadConfig: a bad agent spec or job name is refused before
// anything is queued.
func TestArenaBadConfig(t *testing.T) {
	c := startCluster(t, Limits{})
	cfg := arenaConfig()
	cfg.Agents = []string{"nosuchagent"}
	if _, err := RunArena(context.Background(), c.js, cfg, ArenaOptions{}); err == nil {
		t.Fatal("a bad agent spec was accepted")
	}
	cfg = arenaConfig()
	if _, err := RunArena(context.Background(), c.js, cfg, ArenaOptions{Job: "bad.job"}); err == nil {
		t.Fatal("a job name with a dot was accepted")
	}
}

// TestWorkerDropsBadItems: items that are not JSON, name an unknown game
// or a kind the worker does not know, or lack what their kind needs, are
// logged and terminated (never redelivered), and the worker goes on to
// play a tournament; told to play as many games as the tournament has, it
// stops after them (a dropped item is not a game).
func TestWorkerDropsBadItems(t *testing.T) {
	c := startCluster(t, Limits{AckWait: time.Second})
	ctx := context.Background()
	for _, bad := range []string{
		"not json",
		`{"kind":"arena","job":"j","game":"nosuchgame","agents":["random"]}`,
		`{"kind":"poker","job":"j","game":"tictactoe"}`,
		`{"kind":"selfplay","job":"j","game":"tictactoe"}`,
		`{"kind":"eval","job":"j","game":"tictactoe","model":"j/eval/x","name":"net","opponent":"random"}`,
	} {
		if _, err := c.js.Publish(ctx, workSubject(KindArena, "j"), []byte(bad)); err != nil {
			t.Fatal(err)
		}
	}
	var lg logs
	_, js := c.connect(t)
	cons, err := Setup(ctx, js, c.lim)
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cfg := arenaConfig()
	w := &Worker{JS: js, Consumer: cons, Threads: 1, Games: cfg.Games, Logf: lg.logf}
	werr := make(chan error, 1)
	go func() { werr <- w.Run(wctx) }()
	wantRep, _ := localReport(t, cfg)
	actx, acancel := context.WithTimeout(ctx, time.Minute)
	defer acancel()
	games, err := RunArena(actx, c.js, cfg, ArenaOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep, _ := reportJSON(t, cfg, games); rep != wantRep {
		t.Fatal("report differs from the local one")
	}
	select {
	case err := <-werr:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the worker did not stop after its games")
	}
	dropped := 0
	for _, l := range lg.all() {
		if strings.Contains(l, "dropping") {
			dropped++
		}
	}
	if dropped != 5 {
		t.Fatalf("%d items dropped, want 5:\n%s", dropped, strings.Join(lg.all(), "\n"))
	}
	if info, err := c.cons.Info(ctx); err != nil || info.NumAckPending != 0 || info.NumRedelivered != 0 {
		t.Fatalf("bad items pending or redelivered: %+v (%v)", info, err)
	}
}
