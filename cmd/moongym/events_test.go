package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayAndReplayShowEvents: each move is followed by its effects, in
// play and in replay; a win is told.
func TestPlayAndReplayShowEvents(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "game.json")
	played, err := run(t, "", "play", "tictactoe", "--seats", "random,random", "--seed", "3", "--record", rec)
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := run(t, "", "replay", rec)
	if err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"play": played, "replay": replayed} {
		if !strings.Contains(out, "    - X marks ") || !strings.Contains(out, "    - O marks ") {
			t.Errorf("%s shows no mark events:\n%s", name, out)
		}
		if !strings.Contains(out, "completes a line and wins") && !strings.Contains(out, "the board is full: a draw") {
			t.Errorf("%s does not tell how the game ended:\n%s", name, out)
		}
	}
}

// TestPlayEventsHideWhatTheHumanCannotSee: with one human seat, play tells
// the events as that seat may know them (the other's programmed cards stay
// face down in lunar-rally).
func TestPlayEventsHideWhatTheHumanCannotSee(t *testing.T) {
	// The first listed legal move, forty times: placements, then cards.
	out, _ := run(t, strings.Repeat("1\n", 40)+"quit\n", "play", "lunar-rally", "--seats", "human,random", "--seed", "2")
	if !strings.Contains(out, "a face-down card on G") {
		t.Errorf("the opponent's cards are not face down:\n%s", out)
	}
	if !strings.Contains(out, "    - Blue Rover 1 enters at ") || !strings.Contains(out, " executes ") {
		t.Errorf("no event for the placements or the execution:\n%s", out)
	}
}
