package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a settable clock.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// TestArenaProgressAtOnce: the progress line is drawn before any game has
// finished (a walking-moon game takes a minute), with the games in flight,
// and says the estimate comes after the first game.
func TestArenaProgressAtOnce(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	var buf bytes.Buffer
	p := newArenaProgress(&buf, "walking-moon", 8, 4, true, clock.now)
	p.draw()
	if !strings.Contains(buf.String(), "walking-moon [          ] 0/8 done, 0 in flight, 0s, ETA after 1st game") {
		t.Fatalf("first drawing %q", buf.String())
	}
	for i := 0; i < 4; i++ {
		p.started(i)
	}
	clock.add(30 * time.Second)
	p.draw()
	if got := buf.String(); !strings.HasSuffix(strings.TrimRight(got, " "), "0/8 done, 4 in flight, 30s, ETA after 1st game") {
		t.Fatalf("drawing after 30s %q", got)
	}
	// Four games of about a minute on four lanes: one finishes at 60s, the
	// other three in flight are as old; four games are left to start.
	clock.add(30 * time.Second)
	p.ended(0, nil)
	if got := p.line(); !strings.Contains(got, "1/8 done, 3 in flight, 1m0s, ~1m0s left") {
		t.Fatalf("line after the first game %q", got)
	}
	// A game stopped or failed is not counted.
	p.ended(1, errors.New("stopped"))
	if got := p.line(); !strings.Contains(got, "1/8 done, 2 in flight") {
		t.Fatalf("line after a stopped game %q", got)
	}
	p.setNote("finishing, Ctrl-C: stop")
	if got := p.line(); !strings.HasSuffix(got, "1/8 done, 2 in flight, 1m0s, finishing, Ctrl-C: stop") {
		t.Fatalf("line with a note %q", got)
	}
	p.clear()
	n := buf.Len()
	p.draw()
	if buf.Len() != n {
		t.Error("drawn after clear")
	}
}

// TestEstimateLeft: the time left counts the games in flight, so that it
// is not far too low while only the short games have finished.
func TestEstimateLeft(t *testing.T) {
	const s = time.Second
	ages := func(n int, age time.Duration) []time.Duration {
		a := make([]time.Duration, n)
		for i := range a {
			a[i] = age
		}
		return a
	}
	for _, c := range []struct {
		name        string
		total, done int
		spent       time.Duration
		ages        []time.Duration
		parallel    int
		lo, hi      time.Duration
		unknown     bool
	}{
		{name: "nothing finished", total: 100, done: 0, ages: ages(16, 59*s), parallel: 16, unknown: true},
		// 16 lanes, games of a minute: the first 16 finished at 60s, 16 more
		// started a second ago; 68 left to start: 68/16 rounds of a minute
		// after the 59s that the games in flight still need, about 314s.
		{name: "even games", total: 100, done: 16, spent: 16 * 60 * s, ages: ages(16, s), parallel: 16, lo: 300 * s, hi: 330 * s},
		// Two short games (10s) finished while six long ones have run 5
		// minutes: the finished mean alone (10s) would promise about 12s.
		{name: "long games in flight", total: 10, done: 2, spent: 20 * s, ages: ages(6, 300*s), parallel: 6, lo: 30 * s, hi: 400 * s},
		{name: "done", total: 10, done: 10, spent: 100 * s, parallel: 4, lo: 0, hi: 0},
	} {
		got, ok := estimateLeft(c.total, c.done, c.spent, c.ages, c.parallel)
		if ok == c.unknown || (ok && (got < c.lo || got > c.hi)) {
			t.Errorf("%s: %v (known %v), want %v..%v", c.name, got, ok, c.lo, c.hi)
		}
	}
	// Long games in flight raise the estimate above the finished mean's.
	short, _ := estimateLeft(10, 2, 20*s, ages(6, 11*s), 6)
	long, _ := estimateLeft(10, 2, 20*s, ages(6, 300*s), 6)
	if long <= short {
		t.Errorf("games in flight for 300s give %v, for 11s %v", long, short)
	}
}

// cmdResult is what a command run in a test printed and returned.
type cmdResult struct {
	out string
	err error
}

// interruptTwice runs the command args (whose games hold both lanes with
// a search that never ends on its own), sends Ctrl-C once the searches are
// in flight, checks that the command goes on, sends a second Ctrl-C and
// returns what the command did.
func interruptTwice(t *testing.T, args ...string) cmdResult {
	t.Helper()
	listening := relayInterrupts(t)
	done := make(chan cmdResult, 1)
	go func() {
		out, err := run(t, "", args...)
		done <- cmdResult{out, err}
	}()
	sigs := <-listening
	time.Sleep(500 * time.Millisecond) // both lanes held by the searcher
	sigs <- os.Interrupt
	time.Sleep(300 * time.Millisecond)
	select {
	case r := <-done:
		t.Fatalf("ended after the first Ctrl-C with searches in flight: %v\n%s", r.err, r.out)
	default:
	}
	sigs <- os.Interrupt
	select {
	case r := <-done:
		return r
	case <-time.After(20 * time.Second):
		t.Fatal("the games in flight were not stopped by the second Ctrl-C")
	}
	return cmdResult{}
}

// relayInterrupts replaces the Ctrl-C relay for a test: the returned
// channel tells when a command listens, and its own sends Ctrl-C.
func relayInterrupts(t *testing.T) (listening <-chan chan<- os.Signal) {
	t.Helper()
	c := make(chan chan<- os.Signal, 1)
	old := notifyInterrupt
	notifyInterrupt = func(sigs chan<- os.Signal) func() {
		c <- sigs
		return func() {}
	}
	t.Cleanup(func() { notifyInterrupt = old })
	return c
}

// TestArenaInterrupt: the first Ctrl-C says how many games are in flight
// and lets them finish; the second stops them at once (an mcts search of a
// billion simulations gives up), they are not counted, and the report
// (table and JSON) says how many were played of how many and how many were
// stopped; the exit status is 130.
func TestArenaInterrupt(t *testing.T) {
	js := filepath.Join(t.TempDir(), "r.json")
	// Seats rotated among three agents: the games of random against
	// greedy end at once, those with the searcher never on their own.
	r := interruptTwice(t, "arena", "tictactoe", "--agents", "random,greedy,mcts:sims=1000000000", "--games", "30", "--parallel", "2", "--json", js)
	if exitCode(r.err) != exitStatusInterrupted {
		t.Errorf("exit status %d, want 130 (%v)", exitCode(r.err), r.err)
	}
	if !regexp.MustCompile(`interrupt: finishing \d+ games? in flight \(Ctrl-C again to stop now\)`).MatchString(r.out) ||
		!regexp.MustCompile(`interrupt: stopping the \d+ games? in flight \(not counted\)`).MatchString(r.out) {
		t.Errorf("no word of the games in flight:\n%s", r.out)
	}
	m := regexp.MustCompile(`stopped early: (\d+) of 30 games played, (\d+) stopped in flight and not counted`).FindStringSubmatch(r.out)
	if m == nil || r.err == nil || !strings.Contains(r.err.Error(), "interrupted (Ctrl-C): "+m[1]+" of 30 games played, "+m[2]+" stopped in flight") {
		t.Fatalf("report and error do not say what was stopped: %v\n%s", r.err, r.out)
	}
	data, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct{ Games, Planned, Stopped int }
	if err := json.Unmarshal(data, &rep); err != nil || rep.Planned != 30 || strconv.Itoa(rep.Games) != m[1] || strconv.Itoa(rep.Stopped) != m[2] || rep.Stopped < 1 {
		t.Errorf("JSON report %s: %v", data, err)
	}
}

// TestArenaDrainCounts: after one Ctrl-C the games in flight finish and
// are counted, no other starts, and the command reports them and exits
// with status 130.
func TestArenaDrainCounts(t *testing.T) {
	listening := relayInterrupts(t)
	type result struct {
		out string
		err error
	}
	done := make(chan result, 1)
	go func() {
		out, err := runContext(t, context.Background(), "", "arena", "tictactoe", "--agents", "random,mcts:sims=300", "--games", "100000", "--parallel", "2")
		done <- result{out, err}
	}()
	sigs := <-listening
	time.Sleep(300 * time.Millisecond)
	sigs <- os.Interrupt
	var r result
	select {
	case r = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the games in flight did not finish")
	}
	if exitCode(r.err) != exitStatusInterrupted || !regexp.MustCompile(`stopped early: \d+ of 100000 games played`).MatchString(r.out) || strings.Contains(r.out, "stopped in flight") {
		t.Fatalf("%v\n%s", r.err, r.out)
	}
}
