package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
)

// brokenHeuristicGame is tictactoe under another name, whose registered
// heuristic cannot be made: a training run's evaluation would fail on it.
const brokenHeuristicGame = "zz-broken-heuristic"

type renamedGame struct{ tictactoe.Game }

func (renamedGame) Spec() engine.Spec {
	s := tictactoe.Game{}.Spec()
	s.Name, s.Title = brokenHeuristicGame, "Tic-tac-toe whose heuristic fails (a test game)"
	return s
}

var errBrokenHeuristic = errors.New("this heuristic cannot be made")

func init() {
	engine.Register(renamedGame{}.Spec(), func(engine.Params, fs.FS) (engine.Game, error) { return renamedGame{}, nil })
	agents.RegisterHeuristic(brokenHeuristicGame, agents.Heuristic{
		New: func(engine.Game, uint64) (agents.Agent, error) { return nil, errBrokenHeuristic },
	})
}

// runContext executes the CLI as run does, under ctx (which a server's
// command waits on).
func runContext(t *testing.T, ctx context.Context, stdin string, args ...string) (string, error) {
	t.Helper()
	resetFlags(root)
	var out bytes.Buffer
	root.SetArgs(args)
	root.SetIn(strings.NewReader(stdin))
	root.SetOut(&out)
	root.SetErr(&out)
	err := root.ExecuteContext(ctx)
	root.SetContext(context.Background())
	return out.String(), err
}

// TestArenaChecksSpecsFirst: a bad spec, or a model file that does not
// load, is refused before the first game, and the error does not read as
// a tournament stopped after 0 games; with --nats too, before any
// connection.
func TestArenaChecksSpecsFirst(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.safetensors")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--agents", "mcts:sims=abc,random"}, `sims="abc" is not an integer`},
		{[]string{"--agents", "random,az:model=" + missing}, "none.safetensors"},
		{[]string{"--agents", "random,mcts:sims=abc", "--nats", "nats://127.0.0.1:1"}, `sims="abc" is not an integer`},
	} {
		args := append([]string{"arena", "tictactoe", "--games", "2", "--quiet"}, c.args...)
		out, err := run(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "stopped after") || strings.Contains(out, "stopped early") {
			t.Errorf("%v: %v, want an error saying %q before any game\n%s", c.args, err, c.want, out)
		}
	}
}

// TestArenaHelpExplainsDistinct: the help says what "N distinct" in the
// table means.
func TestArenaHelpExplainsDistinct(t *testing.T) {
	out, err := run(t, "", "arena", "--help")
	text := strings.Join(strings.Fields(out), " ")
	if err != nil || !strings.Contains(text, `"200 games (12 distinct)"`) || !strings.Contains(text, "two games are the same when the same agents held the same seats") {
		t.Fatalf("%v\n%s", err, out)
	}
}

// TestPlayChecksSpecsFirst: play makes every seat's agent before the game
// starts (it did before the arena's fix as well).
func TestPlayChecksSpecsFirst(t *testing.T) {
	out, err := run(t, "", "play", "tictactoe", "--seats", "human,mcts:sims=abc", "--seed", "1")
	if err == nil || !strings.Contains(err.Error(), `seat 1: mcts:sims=abc`) || strings.Contains(out, "a b c") {
		t.Fatalf("%v\n%s", err, out)
	}
}

// TestServeChecksAgentNames: serve's and engine's --agents allow-list is
// checked at startup: an unknown agent name or a spec with options is
// refused before the server starts.
func TestServeChecksAgentNames(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--addr", "127.0.0.1:0", "--agents", "mcts,alphago"}, `unknown agent: "alphago"`},
		{[]string{"serve", "--addr", "127.0.0.1:0", "--agents", "mcts:sims=5"}, `offer "mcts"`},
		{[]string{"engine", "--agents", "random,nosuch"}, `unknown agent: "nosuch"`},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		out, err := runContext(t, ctx, "", c.args...)
		cancel()
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(out, "serving on") {
			t.Errorf("%v: %v, want an error saying %q at startup\n%s", c.args, err, c.want, out)
		}
	}
	// Good names pass: the engine starts and ends at the end of its input.
	if out, err := runContext(t, context.Background(), "", "engine", "--agents", "random,mcts,heuristic"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}

// TestTrainChecksEvalOpponents: a run whose evaluation could not make its
// heuristic opponent is refused before the first iteration, and no run
// directory is made (before, it failed at the first evaluation, after
// evalevery iterations had been played and saved).
func TestTrainChecksEvalOpponents(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	settings := strings.Replace(tinyTrain, "evalevery=2", "evalevery=1", 1)
	out, err := run(t, "", "train", brokenHeuristicGame, "--out", dir, "--iterations", "1", "--train", settings, "--quiet")
	if !errors.Is(err, errBrokenHeuristic) || !strings.Contains(err.Error(), "evalevery=0 turns evaluation off") {
		t.Fatalf("%v\n%s", err, out)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the run directory was made: %v", err)
	}
	// Without evaluation the run starts.
	if out, err := run(t, "", "train", brokenHeuristicGame, "--out", dir, "--iterations", "1", "--train", strings.Replace(tinyTrain, "evalevery=2", "evalevery=0", 1), "--quiet"); err != nil {
		t.Fatalf("evalevery=0: %v\n%s", err, out)
	}
}
