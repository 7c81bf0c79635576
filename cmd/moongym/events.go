package main

import (
	"fmt"
	"io"

	"github.com/moongym/moongym/engine"
)

// printEvents prints what action a, played in before, did to the game, as
// the people at the terminal may see it (describe's rule): the events after
// the first, which names the action that play has already printed.
func (s *playSession) printEvents(before engine.State, a engine.Action) {
	var ev []string
	human, hot := engine.Player(-1), false
	for i, ag := range s.seats {
		if ag == nil {
			hot = hot || human >= 0
			human = engine.Player(i)
		}
	}
	if human < 0 || hot {
		ev = engine.Events(before, a, s.state)
	} else {
		ev = engine.EventsFor(human, before, a, s.state)
	}
	writeEvents(s.out, ev)
}

// writeEvents writes events after the first as indented lines.
func writeEvents(w io.Writer, ev []string) {
	for _, e := range ev[min(1, len(ev)):] {
		fmt.Fprintf(w, "    - %s\n", e)
	}
}
