package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

func init() { root.AddCommand(newBenchCmd()) }

// benchOptions are the bench command's flags.
type benchOptions struct {
	params                   string
	playouts, sims, searches int
	seed                     uint64
}

func newBenchCmd() *cobra.Command {
	var o benchOptions
	cmd := &cobra.Command{
		Use:   "bench [GAME...]",
		Short: "Measure the speed of games and of search on this machine",
		Long: `Measure, for each game given (all registered games by default), the speed of
whole random games and of Monte Carlo tree search with random rollouts.

The work is fixed (--playouts random games, --searches searches of --sims
simulations from the first decision of a seeded game), so two machines or two
builds do the same work and their times compare. Reported: random games per
second, actions per second, heap allocations per game, and simulations per
second. For profiles and allocation counts per call, use the Go benchmarks:
go test -bench . ./engine/<game> ./mcts/benchall.`,
		Example: `  moongym bench
  moongym bench tictactoe planet-cubes --playouts 2000
  moongym bench walking-moon --params players=5,rules=advanced --sims 400`,
		RunE: func(cmd *cobra.Command, args []string) error { return runBench(cmd.OutOrStdout(), args, &o) },
	}
	cmd.Flags().StringVar(&o.params, "params", "", "game parameters as k=v,k=v (one game only)")
	cmd.Flags().IntVar(&o.playouts, "playouts", 500, "random games to play per game")
	cmd.Flags().IntVar(&o.searches, "searches", 3, "searches to run per game (0 skips search)")
	cmd.Flags().IntVar(&o.sims, "sims", 200, "simulations per search")
	cmd.Flags().Uint64Var(&o.seed, "seed", 1, "seed of the random games and searches")
	return cmd
}

// runBench measures the games names (every registered game if none) and
// writes a table of their speeds to out.
func runBench(out io.Writer, names []string, o *benchOptions) error {
	if o.playouts < 1 || o.searches < 0 || o.sims < 1 {
		return fmt.Errorf("--playouts and --sims must be at least 1, --searches at least 0")
	}
	if len(names) == 0 {
		names = engine.Names()
	}
	p, err := engine.ParseParams(o.params)
	if err != nil {
		return err
	}
	if len(p) > 0 && len(names) != 1 {
		return fmt.Errorf("--params needs exactly one game")
	}
	tw := tabwriter.NewWriter(out, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tPARAMS\tGAMES/S\tACTIONS/S\tALLOCS/GAME\tSIMS/S\t")
	for _, name := range names {
		g, err := engine.Load(name, p)
		if err != nil {
			return err
		}
		r, err := benchGame(g, o.playouts, o.searches, o.sims, o.seed)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		simsPerSec := "-"
		if o.searches > 0 {
			simsPerSec = fmt.Sprintf("%.0f", r.simsPerSec)
		}
		fmt.Fprintf(tw, "%s\t%s\t%.0f\t%.0f\t%.1f\t%s\t\n", name, g.Params(), r.gamesPerSec, r.actionsPerSec, r.allocsPerGame, simsPerSec)
	}
	return tw.Flush()
}

type benchResult struct {
	gamesPerSec, actionsPerSec, allocsPerGame, simsPerSec float64
}

// benchGame plays n random games, then runs searches from the first
// decision of a seeded game.
func benchGame(g engine.Game, n, searches, sims int, seed uint64) (benchResult, error) {
	rng := rand.New(rand.NewPCG(seed, 0x62656e63))
	legal := make([]engine.Action, 0, max(g.NumActions(), g.MaxChanceOutcomes()))
	outs := make([]engine.Outcome, 0, g.MaxChanceOutcomes()+1)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	actions := 0
	for i := 0; i < n; i++ {
		s := g.NewInitialState()
		for !s.IsTerminal() {
			var a engine.Action
			if s.CurrentPlayer() == engine.Chance {
				outs = s.ChanceOutcomes(outs)
				a = engine.SampleOutcome(outs, rng.Float64())
			} else {
				legal = s.LegalActions(legal)
				a = legal[rng.IntN(len(legal))]
			}
			s.Apply(a)
			actions++
		}
	}
	elapsed := time.Since(start).Seconds()
	runtime.ReadMemStats(&after)
	r := benchResult{
		gamesPerSec:   float64(n) / elapsed,
		actionsPerSec: float64(actions) / elapsed,
		allocsPerGame: float64(after.Mallocs-before.Mallocs) / float64(n),
	}
	if searches == 0 {
		return r, nil
	}
	s := g.NewInitialState()
	for s.CurrentPlayer() == engine.Chance {
		outs = s.ChanceOutcomes(outs)
		s.Apply(engine.SampleOutcome(outs, rng.Float64()))
	}
	if s.IsTerminal() {
		return r, nil
	}
	search, err := mcts.New(g, mcts.NewRolloutEvaluator(g, seed), mcts.Config{Sims: sims, CPUCT: 1.4, Seed: seed})
	if err != nil {
		return r, err
	}
	start = time.Now()
	for i := 0; i < searches; i++ {
		search.Reset()
		if _, err := search.Run(s); err != nil {
			return r, err
		}
	}
	r.simsPerSec = float64(searches*sims) / time.Since(start).Seconds()
	return r, nil
}
