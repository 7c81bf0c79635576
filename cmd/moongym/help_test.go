package main

import (
	"strings"
	"testing"
)

// TestPlayHelpExplainsMoves: play's help explains the game's move names
// (walking-moon's results, planet-cubes' orbits), and so does "games NAME",
// for the configuration --params gives.
func TestPlayHelpExplainsMoves(t *testing.T) {
	out, err := run(t, "help\nquit\n", "play", "walking-moon", "--params", "players=2", "--seats", "human,random", "--seed", "1")
	if err != nil || !strings.Contains(out, "what the moves' names mean") || !strings.Contains(out, "black2:US") || !strings.Contains(out, "CRASH") {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err = run(t, "help\nquit\n", "play", "planet-cubes", "--seats", "human,random", "--seed", "1")
	if err != nil || !strings.Contains(out, "C1 Planet Cube     -> L1 W1 H1 H6 F") {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err = run(t, "", "games", "walking-moon", "--params", "rules=advanced")
	if err != nil || !strings.Contains(out, "Moves of Walking on the Moon") || !strings.Contains(out, "sabotage-p1") {
		t.Fatalf("%v\n%s", err, out)
	}
	if out, err = run(t, "", "games", "walking-moon"); err != nil || strings.Contains(out, "sabotage-p1") {
		t.Fatalf("basic rules explain the advanced moves: %v\n%s", err, out)
	}
	// A game without such help keeps the short one.
	out, err = run(t, "help\nquit\n", "play", "tictactoe", "--seats", "human,random", "--seed", "1")
	if err != nil || !strings.Contains(out, "Type help for commands.\n") {
		t.Fatalf("%v\n%s", err, out)
	}
}
