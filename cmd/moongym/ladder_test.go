package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/arena"
)

// TestLadderCommand plays a small ladder of tic-tac-toe end to end: every
// agent kind but the expert (tic-tac-toe has none, which the report says),
// the heuristic rated 0, and the three files written.
func TestLadderCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ladder")
	out, err := run(t, "", "ladder", "tictactoe", "--games", "2", "--budgets", "5,20", "--opening", "1", "--seed", "4", "--out", dir, "--quiet")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"## Ladder: tictactoe", "| rank | agent | Elo |", "- expert: no expert player", "### Who beat whom", "--opening 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "ladder.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep arena.LadderReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	var specs []string
	for _, a := range rep.Agents {
		specs = append(specs, a.Spec)
		if a.Spec == "heuristic" && a.Elo != 0 {
			t.Errorf("the heuristic is rated %v, want 0", a.Elo)
		}
	}
	slices.Sort(specs)
	want := []string{"az:model=builtin,sims=20", "az:model=builtin,sims=5", "greedy", "heuristic", "mcts:sims=20", "mcts:sims=5", "net:model=builtin", "random"}
	if !slices.Equal(specs, want) {
		t.Errorf("agents %q, want %q", specs, want)
	}
	if rep.Anchor != "heuristic" || rep.Games != 28*2 || len(rep.Pairs) != 28 || len(rep.Skipped) != 1 || rep.Skipped[0].Spec != "expert" {
		t.Errorf("anchor %q, %d games, %d pairs, skipped %v", rep.Anchor, rep.Games, len(rep.Pairs), rep.Skipped)
	}
	md, err := os.ReadFile(filepath.Join(dir, "ladder.md"))
	if err != nil || !strings.Contains(out, string(md)) {
		t.Errorf("ladder.md is not the report printed (%v):\n%s", err, md)
	}
	png, err := os.ReadFile(filepath.Join(dir, "ladder.png"))
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("ladder.png: %v, %d bytes", err, len(png))
	}
}

// TestLadderAgentsAnchor: --agents replaces the list; without a heuristic
// random is rated 0.
func TestLadderAgentsAnchor(t *testing.T) {
	out, err := run(t, "", "ladder", "tictactoe", "--agents", "mcts:sims=5,random,greedy", "--games", "2", "--quiet")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "shifted so that random is 0") || !strings.Contains(out, "| random | +0 |") || strings.Contains(out, "Not in the ladder") {
		t.Errorf("report:\n%s", out)
	}
}

func TestLadderErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		is   error
		want string
	}{
		{[]string{"march-mars"}, arena.ErrBadConfig, "cooperative"},
		{[]string{"welcome-moon", "--params", "players=1"}, arena.ErrBadConfig, "two seats or more"},
		{[]string{"tictactoe", "--agents", "random"}, arena.ErrBadConfig, "at least two"},
		{[]string{"tictactoe", "--budgets", "50,x"}, errBadBudgets, `"x"`},
		{[]string{"tictactoe", "--budgets", ","}, errBadBudgets, "no budget"},
		{[]string{"tictactoe", "--games", "0"}, arena.ErrBadConfig, "0 games"},
		{[]string{"tictactoe", "--params", "size=3"}, nil, "size"},
		{[]string{"nosuchgame"}, nil, "nosuchgame"},
	} {
		out, err := run(t, "", append([]string{"ladder"}, append(tc.args, "--quiet")...)...)
		if err == nil || tc.is != nil && !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want an error saying %q\n%s", tc.args, err, tc.want, out)
		}
	}
}

func TestLadderAnchorAndBudgets(t *testing.T) {
	for _, tc := range []struct {
		specs []string
		want  int
	}{
		{[]string{"random", "greedy", "heuristic:seed=3"}, 2},
		{[]string{"mcts", "random"}, 1},
		{[]string{"mcts", "greedy"}, 0},
	} {
		if got := ladderAnchor(tc.specs); got != tc.want {
			t.Errorf("ladderAnchor(%q) = %d, want %d", tc.specs, got, tc.want)
		}
	}
	if got, err := parseBudgets(" 50, 400 "); err != nil || !slices.Equal(got, []int{50, 400}) {
		t.Errorf("parseBudgets: %v, %v", got, err)
	}
	if _, err := parseBudgets("-3"); !errors.Is(err, errBadBudgets) {
		t.Errorf("parseBudgets(-3): %v", err)
	}
}

// TestLadderInterrupt: the first Ctrl-C lets the games in flight finish,
// the second stops them; the games of the pairs finished are reported,
// and the exit status is 130.
func TestLadderInterrupt(t *testing.T) {
	// The first pair's games end at once; the second pair's, with the
	// searcher, never on their own.
	r := interruptTwice(t, "ladder", "tictactoe", "--agents", "random,random:seed=2,mcts:sims=1000000000", "--games", "2", "--parallel", "2")
	if exitCode(r.err) != exitStatusInterrupted || !strings.Contains(r.err.Error(), "interrupted (Ctrl-C): 2 of 6 games played, 2 stopped in flight") {
		t.Errorf("exit status %d, error %v", exitCode(r.err), r.err)
	}
	if !strings.Contains(r.out, "stopped early: 2 of 6 games played, 2 stopped in flight and not counted") || !strings.Contains(r.out, "| random |") {
		t.Errorf("the report does not say what was stopped:\n%s", r.out)
	}
}
