package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
)

func init() { root.AddCommand(newArenaCmd()) }

// arenaOptions are the arena command's flags.
type arenaOptions struct {
	agentList, params, jsonFile, records string
	games, parallel, opening             int
	seed                                 uint64
	quiet                                bool
	nats                                 natsFlags
}

func newArenaCmd() *cobra.Command {
	var o arenaOptions
	cmd := &cobra.Command{
		Use:   "arena GAME --agents A,B[,C...]",
		Short: "Play a tournament between agents and report win rates, intervals and ratings",
		Long:  arenaLong(),
		Example: `  moongym arena tictactoe --agents mcts,random --games 200
  moongym arena tictactoe --agents mcts:sims=200,mcts:sims=800,random --games 300 --json out/result.json
  moongym arena planet-cubes --params players=4 --agents mcts,greedy --games 40 --records out/games.jsonl`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runArena(cmd, args[0], &o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.agentList, "agents", "", "agent specs, comma separated; known: "+agents.Known())
	f.IntVar(&o.games, "games", 100, "number of games")
	f.Uint64Var(&o.seed, "seed", 1, "tournament seed (each game's seed derives from it and the game's index)")
	f.IntVar(&o.parallel, "parallel", runtime.GOMAXPROCS(0), "games played at once")
	f.StringVar(&o.params, "params", "", "game parameters k=v,k=v (see moongym games)")
	f.StringVar(&o.jsonFile, "json", "", "write the report as JSON to this file")
	f.StringVar(&o.records, "records", "", "write every game as a JSON-lines record (replayable) to this file")
	f.BoolVar(&o.quiet, "quiet", false, "no progress bar")
	f.IntVar(&o.opening, "opening", 0, "play the first N decisions of every game at random (varies games between deterministic agents)")
	o.nats.add(f, "play the games")
	return cmd
}

// runArena plays the tournament of o on game (here or over NATS) and
// reports it: the table, and the JSON report and the records where asked;
// a tournament stopped early by an error or Ctrl-C reports the games
// finished, then returns the error.
func runArena(cmd *cobra.Command, game string, o *arenaOptions) error {
	specs := splitAgents(o.agentList)
	if len(specs) == 0 {
		return fmt.Errorf("%w: --agents is required (known: %s)", agents.ErrBadSpec, agents.Known())
	}
	g, err := loadGame(game, o.params)
	if err != nil {
		return err
	}
	cfg := arena.Config{Game: g, Agents: specs, Games: o.games, Seed: o.seed, Parallel: o.parallel, Opening: o.opening}
	// Every spec is parsed and its agent made (its model loaded) once
	// before the first game, so that a bad one is refused at once rather
	// than when the games start.
	if err := cfg.Check(); err != nil {
		return fmt.Errorf("arena %s: %w", g.Spec().Name, err)
	}
	results, stop, runErr := playArena(cmd, g, cfg, o)
	if runErr != nil {
		if len(results) == 0 {
			return runErr
		}
		// Keep what was played: the report and the records of the
		// finished games are written as usual, then the error.
		fmt.Fprintf(cmd.ErrOrStderr(), "arena stopped early: reporting the %d finished %s (the error follows)\n", len(results), plural(len(results), "game", "games"))
	}
	rep, err := arena.Summarize(g, specs, o.seed, results)
	if err != nil {
		return errors.Join(runErr, err)
	}
	rep.Opening = o.opening
	if stop != nil {
		rep.Planned, rep.Stopped = o.games, stop.Stopped
	} else if runErr != nil {
		rep.Planned = o.games
	}
	if o.jsonFile != "" {
		if err := writeJSONFile(o.jsonFile, rep); err != nil {
			return errors.Join(runErr, err)
		}
	}
	if o.records != "" {
		if err := writeRecords(o.records, results); err != nil {
			return errors.Join(runErr, err)
		}
	}
	if err := rep.WriteTable(cmd.OutOrStdout()); err != nil {
		return err
	}
	return runErr
}

// playArena plays cfg's games, here or over NATS, with a progress bar and
// Ctrl-C handling: the first Ctrl-C starts no further game and lets those
// in flight finish (they are counted); the second stops them (their
// searches give up; they are not counted); a third ends the process. It
// returns the games finished, the arena's StopError when it stopped early
// (nil otherwise), and the error that stopped it, described for the user.
func playArena(cmd *cobra.Command, g engine.Game, cfg arena.Config, o *arenaOptions) ([]arena.GameResult, *arena.StopError, error) {
	prog, finished := startProgress(cmd, o.quiet, g.Spec().Name, o.games, o.parallel, o.nats.url == "")
	cfg.GameStarted, cfg.GameEnded, cfg.Progress = prog.started, prog.ended, prog.progress
	ctx, cancel := context.WithCancel(cmd.Context())
	defer cancel()
	drain := make(chan struct{})
	cfg.Drain = drain
	stderr := cmd.ErrOrStderr()
	interrupts := watchInterrupts(stderr, prog, drain, cancel, finished, func() bool {
		if o.nats.url == "" {
			return false
		}
		prog.printf(stderr, "interrupt: stopping; the games not yet played are taken off the queue\n")
		cancel()
		return true
	})
	var results []arena.GameResult
	var runErr error
	if o.nats.url != "" {
		results, runErr = natsArena(ctx, &o.nats, cfg, stderr)
	} else {
		results, runErr = arena.Run(ctx, cfg)
	}
	close(finished)
	prog.clear()
	var stop *arena.StopError
	stopped := errors.As(runErr, &stop) // else stop stays nil
	name := g.Spec().Name
	switch {
	case runErr == nil:
	case stopped && interrupts.Load() > 0:
		msg := fmt.Sprintf("arena %s: interrupted (Ctrl-C): %d of %d games played", name, len(results), o.games)
		if stop.Stopped > 0 {
			msg += fmt.Sprintf(", %d stopped in flight and not counted", stop.Stopped)
		}
		runErr = interrupted(&described{msg, runErr}) // exit status 130
	case interrupts.Load() > 0: // over NATS
		runErr = interrupted(fmt.Errorf("arena %s: interrupted (Ctrl-C) after %d of %d games: %w", name, len(results), o.games, runErr))
	default:
		runErr = fmt.Errorf("arena %s: stopped after %d of %d games: %w", name, len(results), o.games, runErr)
	}
	return results, stop, runErr
}

// splitAgents splits comma-separated agent specs; a piece "k=v" without a
// colon continues the spec before it (with ':' if that spec has no options
// yet, else ',').
func splitAgents(list string) []string {
	var out []string
	for _, piece := range strings.Split(list, ",") {
		piece = strings.TrimSpace(piece)
		if piece == "" {
			continue
		}
		if len(out) > 0 && strings.Contains(piece, "=") && !strings.Contains(piece, ":") {
			sep := ","
			if !strings.Contains(out[len(out)-1], ":") {
				sep = ":"
			}
			out[len(out)-1] += sep + piece
			continue
		}
		out = append(out, piece)
	}
	return out
}

// notifyInterrupt relays Ctrl-C (SIGINT) to c until the function it
// returns is called (a test relays its own).
var notifyInterrupt = func(c chan<- os.Signal) (stop func()) {
	signal.Notify(c, os.Interrupt)
	return func() { signal.Stop(c) }
}

// described is an error with a message of its own, which says what err
// says in other words; errors.Is and As see err.
type described struct {
	msg string
	err error
}

func (d *described) Error() string { return d.msg }
func (d *described) Unwrap() error { return d.err }

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func writeJSONFile(name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := makeParent(name); err != nil {
		return err
	}
	return os.WriteFile(name, append(data, '\n'), 0o644)
}

func writeRecords(name string, results []arena.GameResult) error {
	f, err := createFile(name)
	if err != nil {
		return err
	}
	for _, r := range results {
		if err := engine.WriteRecords(f, r.Record); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

// arenaLong is the arena command's help text.
func arenaLong() string {
	return `Play --games games of GAME between the agents, with seats rotated so that every
agent plays every seat equally (use a multiple of the number of agents), on
--parallel cores, and report per agent: games, wins, losses, draws, win rate
with a 95% Wilson interval (a draw counts half), mean game score with its
standard deviation, mean rank (more than two seats), Elo ratings from a
Bradley-Terry fit with 95% intervals (three or more agents), and win rates by
seat. Results depend only on --seed, not on --parallel.

Agent specs are separated by commas; an option after a comma (k=v without a
colon) belongs to the spec before it, so "mcts:sims=800,c=1.4,random" is two
agents. The known agents and their options are listed under --agents below.

--opening N plays the first N decisions of every game uniformly at random
(drawn from the game's seed), whoever is to move, so that deterministic
agents meet in varied positions instead of replaying a few games.

The table's first line says how many of the games were distinct, as in
"200 games (12 distinct)": two games are the same when the same agents held
the same seats and every move and chance outcome was the same. Agents that
always choose the same move in the same position (greedy, net, az; in a
game without chance) replay the same few games, and a win rate then rests
on the distinct games, not on all of them: give --opening N to vary them.

Every agent spec is checked, and its agent made once for the game (a model
file loaded), before the first game: a bad spec is refused at once.

A progress bar is drawn on stderr from the start when stderr is a terminal
(not with --quiet, nor when stderr is a file or a pipe): games finished and in
flight, time spent, and the time left, estimated from all the time spent in
games so far (the games in flight counted) over the games finished.

The first Ctrl-C starts no further game and lets the games in flight finish
(they are counted); a second one stops them at once, their searches given up,
and they are not counted; the report's first line then says how many games
were played of how many, and how many were stopped. If an agent fails in a
game or the run is interrupted, the games finished so far are still reported
and written (--json, --records), and the command then exits with the error
(status 130 after Ctrl-C), which names a failed game (index, seed, agents by
seat).

--nats URL queues the games on a NATS JetStream server instead, for
"moongym worker" processes to play (see docs/distributed.md; --parallel is
then the workers' --threads); the report is the one this process would give
with the same seed.

Seating, outcomes and ratings are defined in the arena package documentation
(go doc github.com/moongym/moongym/arena).`
}
