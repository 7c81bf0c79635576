package main

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/engine"
)

// findState plays seeded random games of a game until want(state) holds.
func findState(t *testing.T, game string, params engine.Params, want func(engine.State) bool) engine.State {
	t.Helper()
	g, err := engine.Load(game, params)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var legal []engine.Action
	for range 200 {
		st := g.NewInitialState()
		for !st.IsTerminal() {
			if st.CurrentPlayer() != engine.Chance && want(st) {
				return st
			}
			legal = st.LegalActions(legal)
			st.Apply(legal[rng.IntN(len(legal))])
		}
	}
	t.Fatalf("%s: no state found", game)
	return nil
}

func names(st engine.State, legal []engine.Action) []string {
	out := make([]string, len(legal))
	for i, a := range legal {
		out[i] = st.ActionString(a)
	}
	return out
}

// ask sets up a play session at st with every seat human and answers the
// prompt with input; it returns the action chosen and the output.
func ask(t *testing.T, st engine.State, input string) (engine.Action, string) {
	t.Helper()
	specs := make([]string, st.Game().NumPlayers())
	for i := range specs {
		specs[i] = "human"
	}
	var out strings.Builder
	sess, err := newPlaySession(st.Game(), specs, 1, strings.NewReader(input), &out)
	if err != nil {
		t.Fatal(err)
	}
	sess.state = st
	a, quit, err := sess.ask(st.CurrentPlayer())
	if err != nil || quit {
		t.Fatalf("%q: quit %v, %v\n%s", input, quit, err, out.String())
	}
	return a, out.String()
}

// TestPlayNamesBeforeNumbers: welcome-moon's modifiers are named "+2",
// "-1": they are names, not positions in the list; a number that is no
// action's name is a position.
func TestPlayNamesBeforeNumbers(t *testing.T) {
	st := findState(t, "welcome-moon", engine.Params{"adventure": "2"}, func(st engine.State) bool {
		n := names(st, st.LegalActions(nil))
		return slices.Contains(n, "+2") && slices.Contains(n, "-1") && len(n) >= 3
	})
	legal := st.LegalActions(nil)
	all := names(st, legal)
	for _, text := range []string{"+2", "-1", "+1"} {
		if !slices.Contains(all, text) {
			continue
		}
		if a, out := ask(t, st, text+"\n"); st.ActionString(a) != text {
			t.Errorf("%q in %v: played %q\n%s", text, all, st.ActionString(a), out)
		}
	}
	if a, out := ask(t, st, "2\n"); a != legal[1] || !strings.Contains(out, "(2 is "+all[1]+")") {
		t.Errorf("2 in %v: played %q\n%s", all, st.ActionString(a), out)
	}
	if _, out := ask(t, st, "99\n2\n"); !strings.Contains(out, "no action numbered 99") {
		t.Errorf("99:\n%s", out)
	}
}

// TestPlayPrefixSaysWhatItPlayed: a part of a name that completes to one
// action says which action it played.
func TestPlayPrefixSaysWhatItPlayed(t *testing.T) {
	st := findState(t, "lunar-rally", nil, func(st engine.State) bool {
		n := names(st, st.LegalActions(nil))
		return slices.Contains(n, "fwd-at") && !slices.Contains(n, "fwd")
	})
	a, out := ask(t, st, "fwd\n")
	if st.ActionString(a) != "fwd-at" || !strings.Contains(out, "(fwd is fwd-at)") {
		t.Fatalf("fwd played %q\n%s", st.ActionString(a), out)
	}
}

// TestPlayWatchStep: --step draws the board and waits for Enter before each
// AI move; q stops.
func TestPlayWatchStep(t *testing.T) {
	out, err := run(t, "\n\nq\n", "play", "tictactoe", "--seats", "heuristic,random", "--seed", "5", "--step")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if n := strings.Count(out, "to move: Enter for the move"); n != 3 {
		t.Errorf("%d step prompts, want 3 (two moves, then q)\n%s", n, out)
	}
	if n := strings.Count(out, " plays "); n != 2 || !strings.Contains(out, "quitting") || strings.Contains(out, "Game over") {
		t.Errorf("%d moves played, want 2 then quit\n%s", n, out)
	}
}

// TestPlayWatchDelay: --delay pauses before every AI move.
func TestPlayWatchDelay(t *testing.T) {
	start := time.Now()
	out, err := run(t, "", "play", "tictactoe", "--seats", "heuristic,heuristic", "--seed", "5", "--delay", "30ms")
	if err != nil || !strings.Contains(out, "Game over") {
		t.Fatalf("%v\n%s", err, out)
	}
	moves := strings.Count(out, " plays ")
	if took := time.Since(start); took < time.Duration(moves)*30*time.Millisecond {
		t.Errorf("%d moves took %v, want at least %d x 30ms", moves, took, moves)
	}
	if _, err := run(t, "", "play", "tictactoe", "--seats", "random,random", "--delay", "-1s"); err == nil {
		t.Error("a negative delay was accepted")
	}
}
