package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/distributed"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/training"
)

// natsServer starts an embedded server on a random loopback port with a
// temporary store, and workers goroutines playing its games until the
// test ends.
func natsServer(t *testing.T, workers int) string {
	t.Helper()
	url, _ := natsServerCounting(t, workers)
	return url
}

// natsServerCounting is natsServer that also counts the games its workers
// played.
func natsServerCounting(t *testing.T, workers int) (string, *atomic.Int64) {
	t.Helper()
	var played atomic.Int64
	srv, err := distributed.StartServer(distributed.ServerConfig{Addr: "127.0.0.1:0", StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		c, err := distributed.Dial(ctx, srv.URL(), "", "test worker", distributed.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		w := &distributed.Worker{JS: c.JS, Consumer: c.Work, Threads: 2, Logf: t.Logf, OnGame: func(int) { played.Add(1) }}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer c.Close()
			if err := w.Run(ctx); err != nil {
				t.Errorf("worker: %v", err)
			}
		}()
	}
	t.Cleanup(func() { cancel(); wg.Wait() })
	return srv.URL(), &played
}

// TestArenaNATS: "arena --nats" writes the report, table and records of
// the one-process run.
func TestArenaNATS(t *testing.T) {
	url := natsServer(t, 2)
	dir := t.TempDir()
	var outs, files []string
	for _, extra := range [][]string{nil, {"--nats", url}} {
		js, recs := filepath.Join(dir, "out.json"), filepath.Join(dir, "games.jsonl")
		args := append([]string{"arena", "tictactoe", "--agents", "mcts:sims=30,random,heuristic", "--games", "9",
			"--seed", "5", "--opening", "1", "--json", js, "--records", recs, "--quiet"}, extra...)
		out, err := run(t, "", args...)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		a, err1 := os.ReadFile(js)
		b, err2 := os.ReadFile(recs)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		outs, files = append(outs, out), append(files, string(a)+string(b))
	}
	if outs[0] != outs[1] {
		t.Errorf("table with --nats:\n%s\nwithout:\n%s", outs[1], outs[0])
	}
	if files[0] != files[1] {
		t.Error("report or records differ with --nats")
	}
}

// TestTrainNATS: "train --nats" (self-play and evaluation on the workers)
// writes the model files of the one-process run, byte for byte, and
// resumes on the workers.
func TestTrainNATS(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	url := natsServer(t, 2)
	local, dist := t.TempDir(), filepath.Join(t.TempDir(), "ttt-nats")
	if out, err := run(t, "", "train", "tictactoe", "--out", local, "--iterations", "3", "--train", tinyTrain, "--quiet"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out, err := run(t, "", "train", "tictactoe", "--out", dist, "--iterations", "2", "--train", tinyTrain, "--quiet", "--nats", url); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out, err := run(t, "", "train", "tictactoe", "--out", dist, "--iterations", "3", "--resume", "--quiet", "--nats", url); err != nil || !strings.Contains(out, "3 iterations done") {
		t.Fatalf("%v\n%s", err, out)
	}
	sameFiles(t, local, dist, training.LatestFile, training.BestFile)
}

// TestTrainNATSImitation: "train --nats" has the workers play the recipe's
// imitation games too (planet-cubes: a warm start by imitation, then
// self-play), and writes the model files of the one-process run, byte for
// byte.
func TestTrainNATSImitation(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	url := natsServer(t, 2)
	local, dist := t.TempDir(), filepath.Join(t.TempDir(), "pc-nats")
	for _, c := range []struct {
		dir   string
		extra []string
	}{{local, nil}, {dist, []string{"--nats", url}}} {
		args := append([]string{"train", "planet-cubes", "--out", c.dir, "--iterations", "1", "--imitate-games", "3",
			"--imitate-epochs", "1", "--quiet", "--train", "width=8,depth=1,value=4,games=2,parallel=2,sims=4,steps=1,minsamples=16,batch=16,buffer=400,evalevery=0"},
			c.extra...)
		if out, err := run(t, "", args...); err != nil || !strings.Contains(out, "imitated the heuristic on") {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	sameFiles(t, local, dist, training.ImitationFile, training.LatestFile, training.ImitationCSVFile)
}

// TestImitateNATS: "imitate --nats" has the workers play the imitation's
// games (a DAgger round: a share of them played by a followed network) and
// ends on the same model file as the same command in this process.
func TestImitateNATS(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	url, played := natsServerCounting(t, 2)
	follow := filepath.Join(t.TempDir(), "first")
	if out, err := run(t, "", "imitate", "tictactoe", "--out", follow, "--games", "20", "--epochs", "1", "--quiet", "--train", "width=8,depth=1,value=4"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	local, dist := t.TempDir(), filepath.Join(t.TempDir(), "ttt-nats")
	for _, c := range []struct {
		dir   string
		extra []string
	}{{local, nil}, {dist, []string{"--nats", url}}} {
		args := append([]string{"imitate", "tictactoe", "--out", c.dir, "--games", "30", "--holdout", "4", "--epochs", "2", "--quiet",
			"--follow", filepath.Join(follow, training.LatestFile), "--follow-games", "0.5", "--train", "width=8,depth=1,value=4"}, c.extra...)
		if out, err := run(t, "", args...); err != nil || !strings.Contains(out, "imitated the heuristic") {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	sameFiles(t, local, dist, training.LatestFile, training.ImitationCSVFile)
	if n := played.Load(); n != 30+4 {
		t.Errorf("the workers played %d games, want the 30 recorded and 4 held out", n)
	}
}

// TestWorkerCommand: "worker --games N" plays N queued games and stops,
// printing its games/s.
func TestWorkerCommand(t *testing.T) {
	url := natsServer(t, 0)
	g, err := engine.Load("tictactoe", nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := distributed.Dial(context.Background(), url, "", "test", distributed.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	done := make(chan error, 1)
	go func() {
		_, err := distributed.RunArena(context.Background(), c.JS, arena.Config{Game: g, Agents: []string{"random", "heuristic"}, Games: 6, Seed: 1}, distributed.ArenaOptions{})
		done <- err
	}()
	out, err := run(t, "", "worker", "--nats", url, "--games", "6", "--threads", "2", "--quiet")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "worker: 6 games in") || !strings.Contains(out, "games/s") {
		t.Errorf("worker output:\n%s", out)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the tournament did not finish")
	}
	for _, args := range [][]string{
		{"worker"},
		{"worker", "--nats", url, "--every", "0s"},
		{"worker", "--nats", url, "--threads", "0"},
		{"worker", "--nats", url, "--games", "-1"},
	} {
		if _, err := run(t, "", args...); err == nil {
			t.Errorf("%v ran", args)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader goroutine.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestNatsCommand: "moongym nats" serves JetStream on loopback until its
// context ends, and refuses another address unless --public is given.
func TestNatsCommand(t *testing.T) {
	if _, err := run(t, "", "nats", "--addr", "0.0.0.0:0", "--store", t.TempDir()); err == nil || !strings.Contains(err.Error(), "loopback") {
		t.Fatalf("a public address without --public: %v", err)
	}
	if _, err := run(t, "", "nats", "--addr", "127.0.0.1:0"); err == nil {
		t.Fatal("no --store accepted")
	}
	resetFlags(root)
	var out syncBuffer
	root.SetArgs([]string{"nats", "--addr", "127.0.0.1:0", "--store", t.TempDir()})
	root.SetOut(&out)
	root.SetErr(&out)
	ctx, cancel := context.WithCancel(context.Background())
	// cobra keeps a subcommand's context from an earlier Execute: set it.
	sub, _, err := root.Find([]string{"nats"})
	if err != nil {
		t.Fatal(err)
	}
	sub.SetContext(ctx)
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	deadline := time.Now().Add(30 * time.Second)
	var url string
	for url == "" {
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("no server announced:\n%s", out.String())
		}
		if i := strings.Index(out.String(), "nats://"); i >= 0 {
			url = strings.Fields(out.String()[i:])[0]
			url = strings.TrimSuffix(url, ",")
		}
		time.Sleep(20 * time.Millisecond)
	}
	c, err := distributed.Dial(ctx, url, "", "test", distributed.Limits{})
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if _, err := c.JS.Stream(ctx, distributed.ResultStream); err != nil {
		t.Error(err)
	}
	c.Close()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// sameFiles fails unless the named files of the local and the distributed
// run are byte for byte the same.
func sameFiles(t *testing.T, local, dist string, names ...string) {
	t.Helper()
	for _, name := range names {
		a, err1 := os.ReadFile(filepath.Join(local, name))
		b, err2 := os.ReadFile(filepath.Join(dist, name))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !bytes.Equal(a, b) {
			t.Fatalf("the distributed run's %s differs from the one in this process", name)
		}
	}
}
