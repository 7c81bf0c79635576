package main

import (
	"io"
	"os"
	"sync"
	"sync/atomic"
)

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
