package main

import (
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
)

// startProgress draws a tournament's progress line (arena, ladder) on the
// terminal, unless quiet or stderr is not one, at once (the first games
// may take minutes) and then every tick until finished is closed. lanes
// is the games played at once (0: GOMAXPROCS); tracked says whether the
// games in flight are known (not over NATS).
func startProgress(cmd *cobra.Command, quiet bool, name string, total, lanes int, tracked bool) (*arenaProgress, chan struct{}) {
	var barTo io.Writer
	if !quiet && isTerminal(os.Stderr) {
		barTo = cmd.ErrOrStderr()
	}
	if lanes <= 0 {
		lanes = runtime.GOMAXPROCS(0)
	}
	prog := newArenaProgress(barTo, name, total, lanes, tracked, time.Now)
	prog.draw()
	finished := make(chan struct{})
	go prog.tick(finished)
	return prog, finished
}

// watchInterrupts follows Ctrl-C for a tournament (arena, ladder) until
// finished is closed: the first starts no further game and lets those in
// flight finish (it closes drain), the second stops them (cancel), a third
// ends the process. first, if not nil, is asked first at the first Ctrl-C
// and true means it handled the interrupt whole (arena over NATS stops at
// once). It returns the count of Ctrl-Cs seen.
func watchInterrupts(stderr io.Writer, prog *arenaProgress, drain chan struct{}, cancel func(), finished <-chan struct{}, first func() bool) *atomic.Int32 {
	var interrupts atomic.Int32
	sigs := make(chan os.Signal, 1)
	stopSignals := sync.OnceFunc(notifyInterrupt(sigs))
	go func() {
		defer stopSignals()
		select {
		case <-sigs:
		case <-finished:
			return
		}
		interrupts.Add(1)
		if first != nil && first() {
			return
		}
		n := prog.flying()
		close(drain)
		prog.setNote("finishing, Ctrl-C: stop")
		prog.printf(stderr, "interrupt: finishing %d %s in flight (Ctrl-C again to stop now)\n", n, plural(n, "game", "games"))
		select {
		case <-sigs:
		case <-finished:
			return
		}
		interrupts.Add(1)
		stopSignals() // a third Ctrl-C ends the process at once
		n = prog.flying()
		prog.setNote("stopping")
		prog.printf(stderr, "interrupt: stopping the %d %s in flight (not counted)\n", n, plural(n, "game", "games"))
		cancel()
	}()
	return &interrupts
}
