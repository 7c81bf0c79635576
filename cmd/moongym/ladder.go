package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

// errBadBudgets: --budgets is not a list of positive simulation counts.
var errBadBudgets = errors.New("bad --budgets")

// ladderFlags are the ladder command's flags.
type ladderFlags struct {
	params, agentList, budgets, out string
	games, opening, parallel        int
	seed                            uint64
	quiet                           bool
}

func init() { root.AddCommand(newLadderCmd()) }

func newLadderCmd() *cobra.Command {
	var f ladderFlags
	cmd := &cobra.Command{
		Use:   "ladder GAME [--params P] [--games N] [--budgets 50,400] [--out DIR]",
		Short: "Rate every agent kind of a game on one Elo scale, by a round robin",
		Long: `Play a round robin of every agent kind GAME has, every pair --games games with
the seats rotated, and put them all on one Elo scale: one Bradley-Terry fit
over all the pairs (the arena's ratings), shifted so that the heuristic is
0 (random where the game has no heuristic; the first agent with --agents),
with 95% intervals.

The agents, in this order: random, greedy, heuristic and expert where the
game has them, mcts at each of --budgets simulations, and, where a model is
built in for the game's configuration (--params), net:model=builtin and
az:model=builtin at each budget. The kinds the game lacks are listed as
left out, with the reason. --agents replaces the list.

In a game of more than two seats the two agents of a pair fill the seats in
turn (A B A B ..., then B A B A ...), and every pair of seats they hold
counts, as in the arena's ratings: the ladder rates two-agent tables, not
free-for-all games. Cooperative games cannot be rated this way.

--opening N plays the first N decisions of every game at random, so that
deterministic agents (greedy, heuristic, net, az in a game without chance)
do not replay the same few games; the report says how many were distinct.

The Markdown report (ratings best first, agents left out, who beat whom)
is printed; with --out DIR it is also written there as ladder.md, with
ladder.json (the same, for programs) and ladder.png (the ratings and their
intervals). A progress bar and Ctrl-C behave as in "moongym arena": the
first Ctrl-C finishes the games in flight and reports what was played.`,
		Example: `  moongym ladder tictactoe --games 20 --opening 2
  moongym ladder planet-cubes --params players=2 --games 10 --budgets 25,100 --out out/ladder
  moongym ladder lunar-rally --agents random,heuristic,mcts:sims=50 --games 8`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runLadder(cmd, args[0], &f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.params, "params", "", "game parameters k=v,k=v (see moongym games)")
	fl.IntVar(&f.games, "games", 20, "games of every pair (seats rotated: an even number balances them)")
	fl.IntVar(&f.opening, "opening", 0, "play the first N decisions of every game at random (varies games between deterministic agents)")
	fl.Uint64Var(&f.seed, "seed", 1, "ladder seed (every pair's tournament seed derives from it)")
	fl.StringVar(&f.agentList, "agents", "", "agent specs, comma separated, instead of every kind the game has; known: "+agents.Known())
	fl.StringVar(&f.budgets, "budgets", "50,400", "simulations per move of the mcts and az agents, comma separated")
	fl.IntVar(&f.parallel, "parallel", runtime.GOMAXPROCS(0), "games played at once")
	fl.StringVar(&f.out, "out", "", "write ladder.md, ladder.json and ladder.png into this directory")
	fl.BoolVar(&f.quiet, "quiet", false, "no progress bar")
	return cmd
}

// runLadder is the ladder command: the roster, the games, the report.
func runLadder(cmd *cobra.Command, name string, f *ladderFlags) error {
	g, err := loadGame(name, f.params)
	if err != nil {
		return err
	}
	specs, skipped, err := ladderRoster(g, f)
	if err != nil {
		return fmt.Errorf("ladder %s: %w", g.Spec().Name, err)
	}
	cfg := arena.LadderConfig{Game: g, Entrants: arena.SpecEntrants(g, specs), Games: f.games, Seed: f.seed,
		Parallel: f.parallel, Opening: f.opening, Anchor: ladderAnchor(specs)}
	if err := cfg.Check(); err != nil {
		return fmt.Errorf("ladder %s: %w", g.Spec().Name, err)
	}
	start := time.Now()
	results, stop, runErr := playLadder(cmd, cfg, f.quiet)
	if runErr != nil && len(results) == 0 {
		return runErr
	}
	if runErr != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "ladder stopped early: reporting the %d finished %s (the error follows)\n", len(results), plural(len(results), "game", "games"))
	}
	rep, err := arena.SummarizeLadder(cfg, results)
	if err != nil {
		return errors.Join(runErr, err)
	}
	rep.Skipped, rep.Seconds = skipped, time.Since(start).Seconds()
	rep.Command = ladderCommand(g, f)
	if runErr != nil {
		rep.Planned = len(arena.LadderPairs(len(specs))) * f.games
		if stop != nil {
			rep.Stopped = stop.Stopped
		}
	}
	if f.out != "" {
		if err := writeLadder(f.out, rep); err != nil {
			return errors.Join(runErr, err)
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", strings.Join([]string{
			filepath.Join(f.out, "ladder.md"), filepath.Join(f.out, "ladder.json"), filepath.Join(f.out, "ladder.png")}, ", "))
	}
	if err := rep.WriteMarkdown(cmd.OutOrStdout()); err != nil {
		return errors.Join(runErr, err)
	}
	return runErr
}

// ladderCandidates are the agents a ladder tries, in order: the
// hand-written ones, then the searches and networks at every budget.
func ladderCandidates(budgets []int) []string {
	c := []string{"random", "greedy", "heuristic", "expert"}
	for _, b := range budgets {
		c = append(c, fmt.Sprintf("mcts:sims=%d", b))
	}
	c = append(c, "net:model="+models.Builtin)
	for _, b := range budgets {
		c = append(c, fmt.Sprintf("az:model=%s,sims=%d", models.Builtin, b))
	}
	return c
}

// ladderRoster is the ladder's agents: --agents as given, or every
// candidate that can be made for g, those the game lacks (no heuristic, no
// expert, no built-in model for this configuration) left out with the
// reason. Any other error is returned.
func ladderRoster(g engine.Game, f *ladderFlags) (specs []string, skipped []arena.LadderSkip, err error) {
	if f.agentList != "" {
		specs = splitAgents(f.agentList)
		if len(specs) < 2 {
			return nil, nil, fmt.Errorf("%w: --agents gives %d agents, a ladder needs at least two", arena.ErrBadConfig, len(specs))
		}
		return specs, nil, nil
	}
	budgets, err := parseBudgets(f.budgets)
	if err != nil {
		return nil, nil, err
	}
	for _, spec := range ladderCandidates(budgets) {
		_, err := agents.New(g, spec, f.seed)
		switch {
		case err == nil:
			specs = append(specs, spec)
		case errors.Is(err, agents.ErrNoHeuristic), errors.Is(err, agents.ErrNoExpert), errors.Is(err, models.ErrWrongGame):
			kind, _, _ := strings.Cut(spec, ":")
			skipped = append(skipped, arena.LadderSkip{Spec: spec, Reason: strings.TrimPrefix(err.Error(), kind+": ")})
		default:
			return nil, nil, fmt.Errorf("agent %s: %w", spec, err)
		}
	}
	if len(specs) < 2 {
		return nil, nil, fmt.Errorf("%w: %s [%s] has no agent beyond %s to rate (left out: %s)",
			arena.ErrBadConfig, g.Spec().Name, g.Params(), strings.Join(specs, ", "), skippedList(skipped))
	}
	return specs, skipped, nil
}

func skippedList(skipped []arena.LadderSkip) string {
	var s []string
	for _, k := range skipped {
		s = append(s, k.Spec)
	}
	return strings.Join(s, ", ")
}

// parseBudgets reads --budgets: positive simulation counts, comma separated.
func parseBudgets(list string) ([]int, error) {
	var out []int
	for _, piece := range strings.Split(list, ",") {
		piece = strings.TrimSpace(piece)
		if piece == "" {
			continue
		}
		n, err := strconv.Atoi(piece)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%w: %q is not a positive number of simulations (want e.g. 50,400)", errBadBudgets, piece)
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no budget given (want e.g. 50,400)", errBadBudgets)
	}
	return out, nil
}

// ladderAnchor is the index of the agent rated 0: the heuristic, else
// random, else (--agents without either) the first agent.
func ladderAnchor(specs []string) int {
	for _, want := range []string{"heuristic", "random"} {
		for i, s := range specs {
			if name, _, _ := strings.Cut(s, ":"); name == want {
				return i
			}
		}
	}
	return 0
}

// ladderCommand is the command line that makes the same ladder.
func ladderCommand(g engine.Game, f *ladderFlags) string {
	parts := []string{"moongym ladder", g.Spec().Name}
	if f.params != "" {
		parts = append(parts, "--params", f.params)
	}
	parts = append(parts, "--games", strconv.Itoa(f.games), "--seed", strconv.FormatUint(f.seed, 10))
	if f.opening > 0 {
		parts = append(parts, "--opening", strconv.Itoa(f.opening))
	}
	if f.agentList != "" {
		parts = append(parts, "--agents", f.agentList)
	} else {
		parts = append(parts, "--budgets", f.budgets)
	}
	return strings.Join(parts, " ")
}

// writeLadder writes ladder.md, ladder.json and ladder.png into dir.
func writeLadder(dir string, rep *arena.LadderReport) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeJSONFile(filepath.Join(dir, "ladder.json"), rep); err != nil {
		return err
	}
	for name, write := range map[string]func(io.Writer) error{"ladder.md": rep.WriteMarkdown, "ladder.png": rep.WritePlot} {
		f, err := createFile(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		if err := write(f); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
}

// playLadder plays the ladder with a progress bar (unless quiet or stderr
// is no terminal) and Ctrl-C as "moongym arena" takes it: the first
// finishes the games in flight, the second stops them. It returns the
// games played, the *StopError of a stopped ladder, and the error to end
// the command with.
func playLadder(cmd *cobra.Command, cfg arena.LadderConfig, quiet bool) ([]arena.GameResult, *arena.StopError, error) {
	name := cfg.Game.Spec().Name
	total := len(arena.LadderPairs(len(cfg.Entrants))) * cfg.Games
	prog, finished := startProgress(cmd, quiet, name+" ladder", total, cfg.Parallel, true)
	cfg.GameStarted, cfg.GameEnded = prog.started, prog.ended
	ctx, cancel := context.WithCancel(cmd.Context())
	defer cancel()
	drain := make(chan struct{})
	cfg.Drain = drain
	interrupts := watchInterrupts(cmd.ErrOrStderr(), prog, drain, cancel, finished, nil)
	results, err := arena.RunLadder(ctx, cfg)
	close(finished)
	prog.clear()
	var stop *arena.StopError
	stopped := errors.As(err, &stop)
	switch {
	case err == nil:
		return results, nil, nil
	case stopped && interrupts.Load() > 0:
		msg := fmt.Sprintf("ladder %s: interrupted (Ctrl-C): %d of %d games played", name, len(results), total)
		if stop.Stopped > 0 {
			msg += fmt.Sprintf(", %d stopped in flight and not counted", stop.Stopped)
		}
		return results, stop, interrupted(&described{msg, err})
	default:
		return results, stop, fmt.Errorf("ladder %s: stopped after %d of %d games: %w", name, len(results), total, err)
	}
}
