// Command moongym plays, benchmarks, trains and serves the moongym games.
//
// Every subcommand lives in its own file: newXCmd builds it (its flags
// bound to an options struct) and runX does its work; the file's init adds
// it to the root command. Run "moongym --help" for the list.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	_ "github.com/moongym/moongym/agents/all"
)

var root = &cobra.Command{
	Use:   "moongym",
	Short: "Space-themed tabletop games as reinforcement-learning environments, with AI opponents",
	Long: `moongym makes space-themed tabletop games playable by machines: each game is a
rules engine wrapped as a Gym-style environment, with heuristic, search and
neural-network agents.

Examples:
  moongym games
  moongym play tictactoe --seats human,random
  moongym arena tictactoe --agents mcts,random --games 200`,
	SilenceUsage:      true,
	SilenceErrors:     true,
	PersistentPreRunE: checkAgentFlag,
}

func main() {
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "moongym:", err)
		os.Exit(exitCode(err))
	}
}

// exitStatusInterrupted is the exit status of a command stopped by Ctrl-C
// (SIGINT) after saving or reporting its work: 128 + SIGINT's number, as
// shells report a process that SIGINT ended.
const exitStatusInterrupted = 130

// exitError is an error that sets the process's exit status.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// interrupted marks err as the end of a command stopped by Ctrl-C: main
// prints it and exits with status 130.
func interrupted(err error) error { return &exitError{code: exitStatusInterrupted, err: err} }

// exitCode is the exit status for a command's error: its exitError's
// code, else 1.
func exitCode(err error) int {
	var e *exitError
	if errors.As(err, &e) {
		return e.code
	}
	return 1
}
