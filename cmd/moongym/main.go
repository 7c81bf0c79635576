// Command moongym plays, benchmarks, trains and serves the moongym games.
//
// Every subcommand lives in its own file and adds itself to the root command
// in init(). Run "moongym --help" for the list.
package main

import (
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
	SilenceUsage:  true,
	SilenceErrors: true,
}

func main() {
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "moongym:", err)
		os.Exit(1)
	}
}
