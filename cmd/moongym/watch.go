package main

import (
	"errors"
	"io"
	"strings"
	"time"

	"github.com/moongym/moongym/engine"
)

// watchOptions slow a game down for people watching AI seats: delay pauses
// before each AI move, step waits for Enter. Either draws the board first.
type watchOptions struct {
	delay time.Duration
	step  bool
}

// before runs ahead of AI seat p's move. It reports quit when the watcher
// typed q (or the input ended) at a --step prompt.
func (w watchOptions) before(s *playSession, p engine.Player) (quit bool, err error) {
	if w.delay <= 0 && !w.step {
		return false, nil
	}
	s.printf("\n%s\n", s.drawing())
	if w.step {
		s.printf("%s (%s) to move: Enter for the move, q to quit> ", p, s.specs[p])
		line, err := s.in.ReadString('\n')
		switch {
		case errors.Is(err, io.EOF) && line == "":
			s.printf("\nend of input: quitting\n")
			return true, nil
		case err != nil && !errors.Is(err, io.EOF):
			return true, err
		}
		if t := strings.ToLower(strings.TrimSpace(line)); t == "q" || t == "quit" {
			s.printf("quitting\n")
			return true, nil
		}
	}
	if w.delay > 0 {
		time.Sleep(w.delay)
	}
	return false, nil
}

// drawing is the board as the people at the terminal may see it.
func (s *playSession) drawing() string {
	if human := s.viewer(); human >= 0 {
		return engine.StringFor(s.state, human)
	}
	return s.state.String()
}
