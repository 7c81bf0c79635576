package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/moongym/moongym/distributed"
	"github.com/moongym/moongym/training"
)

// TestMain lets a test start this test binary as the moongym command
// (MOONGYM_TEST_MAIN=1), for tests with separate processes.
func TestMain(m *testing.M) {
	if os.Getenv("MOONGYM_TEST_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// proc starts "moongym args..." as a process of its own, killed at the
// end of the test; its output goes to the returned buffer (and the
// first line of stdout to the line channel).
func proc(t *testing.T, args ...string) (*exec.Cmd, *syncBuffer, <-chan string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "MOONGYM_TEST_MAIN=1")
	var out syncBuffer
	cmd.Stderr = &out
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	first := make(chan string, 1)
	go func() {
		r := bufio.NewReader(stdout)
		line, _ := r.ReadString('\n')
		first <- line
		out.Write([]byte(line))
		_, _ = io.Copy(&out, r)
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	return cmd, &out, first
}

// TestProcesses: "moongym nats", a learner and two workers as processes
// of their own. A worker is killed with SIGKILL mid-run: the run completes
// with exactly the expected games, none twice, and the model file of the
// one-process run. Then the learner is killed mid-iteration and resumed:
// the same again.
func TestProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	settings := strings.Replace(tinyTrain, "games=4", "games=8", 1)
	const games = 8
	srv, _, first := proc(t, "nats", "--addr", "127.0.0.1:0", "--store", t.TempDir())
	var url string
	select {
	case line := <-first:
		if i := strings.Index(line, "nats://"); i >= 0 {
			url = strings.TrimSuffix(strings.Fields(line[i:])[0], ",")
		}
	case <-time.After(30 * time.Second):
	}
	if url == "" {
		t.Fatal("the nats command announced no address")
	}
	workerArgs := []string{"worker", "--nats", url, "--threads", "1", "--ack-wait", "2s", "--every", "1s"}
	w1, _, _ := proc(t, workerArgs...)
	w2, w2out, _ := proc(t, workerArgs...)

	c, err := distributed.Dial(context.Background(), url, "", "test", distributed.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	dir := filepath.Join(t.TempDir(), "procrun")
	subj := "moongym.results.selfplay.procrun"
	stored := func() uint64 {
		s, err := c.JS.Stream(context.Background(), distributed.ResultStream)
		if err != nil {
			return 0
		}
		info, err := s.Info(context.Background(), jetstream.WithSubjectFilter(subj))
		if err != nil {
			return 0
		}
		return info.State.Subjects[subj]
	}
	waitFor := func(n uint64) {
		t.Helper()
		deadline := time.Now().Add(40 * time.Second)
		for stored() < n {
			if time.Now().After(deadline) {
				t.Fatalf("%d results, waiting for %d", stored(), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	var logs []*syncBuffer
	t.Cleanup(func() {
		if t.Failed() {
			for _, l := range logs {
				t.Logf("process output:\n%s", l.String())
			}
		}
	})
	learner := func(args ...string) *exec.Cmd {
		cmd, out, _ := proc(t, append([]string{"train", "tictactoe", "--out", dir, "--quiet", "--nats", url}, args...)...)
		logs = append(logs, out)
		return cmd
	}

	l := learner("--iterations", "4", "--train", settings)
	waitFor(games + 3)
	if err := w1.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = w1.Wait()
	if err := l.Wait(); err != nil {
		t.Fatalf("learner: %v", err)
	}
	if got := stored(); got != 4*games {
		t.Fatalf("%d results stored after 4 iterations, want %d", got, 4*games)
	}
	local := t.TempDir()
	if out, err := run(t, "", "train", "tictactoe", "--out", local, "--iterations", "7", "--train", settings, "--quiet"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}

	// The learner is killed during iteration 6 (or 7: it is fast) and
	// resumed.
	l = learner("--iterations", "7", "--resume")
	waitFor(5*games + 2)
	if err := l.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = l.Wait()
	l = learner("--iterations", "7", "--resume")
	if err := l.Wait(); err != nil {
		t.Fatalf("resumed learner: %v", err)
	}
	if got := stored(); got != 7*games {
		t.Fatalf("%d results stored after 7 iterations, want %d", got, 7*games)
	}
	a, err1 := os.ReadFile(filepath.Join(local, training.LatestFile))
	b, err2 := os.ReadFile(filepath.Join(dir, training.LatestFile))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("the distributed run's model differs from the one-process run's")
	}
	for _, d := range []string{dir, local} {
		tr, err := training.Resume(d)
		if err != nil {
			t.Fatal(err)
		}
		if r := tr.Metrics()[6]; tr.Iteration() != 7 || r.Games != 7*games {
			t.Errorf("%s: iteration %d, %d games", d, tr.Iteration(), r.Games)
		}
		tr.Close()
	}
	// Workers stop on SIGTERM and print their games/s.
	if err := w2.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := w2.Wait(); err != nil {
		t.Fatalf("worker: %v\n%s", err, w2out.String())
	}
	if !strings.Contains(w2out.String(), "games/s") {
		t.Errorf("worker output:\n%s", w2out.String())
	}
	_ = srv.Process.Signal(syscall.SIGTERM)
	_ = srv.Wait()
}
