package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// checkAgentFlag checks a command's --agents allow-list before it runs
// (root's PersistentPreRunE; see checkAgentNames).
func checkAgentFlag(cmd *cobra.Command, _ []string) error {
	return checkAgentNames(cmd.Flags().Lookup("agents"))
}

// checkAgentNames checks, before a server starts, the agent names of an
// --agents allow-list (serve and engine: a list of names, not of specs):
// each must name a registered agent, without options, so that a typo is
// refused at startup instead of offering nothing under that name. Other
// flags named --agents (arena's list of specs) are checked by their
// commands.
func checkAgentNames(f *pflag.Flag) error {
	if f == nil || f.Value.Type() != "stringSlice" {
		return nil
	}
	list, ok := f.Value.(pflag.SliceValue)
	if !ok {
		return nil
	}
	var err error
	for _, name := range list.GetSlice() {
		name = strings.TrimSpace(name)
		if strings.Contains(name, ":") {
			err = errors.Join(err, fmt.Errorf("%w: --agents lists agent names, %q is a spec (offer %q; clients set the options)", agents.ErrBadSpec, name, strings.SplitN(name, ":", 2)[0]))
			continue
		}
		if _, lerr := agents.Lookup(name); lerr != nil {
			err = errors.Join(err, fmt.Errorf("--agents: %w", lerr))
		}
	}
	return err
}

// checkEvalOpponents makes, once, the agents a training run's evaluations
// play against its network (random, and the game's heuristic where it has
// one) when the run evaluates (evalEvery > 0), so that an opponent that
// cannot play the game is refused before the first iteration rather than
// at the first evaluation.
func checkEvalOpponents(g engine.Game, evalEvery int, seed uint64) error {
	if evalEvery <= 0 {
		return nil
	}
	if _, err := agents.New(g, "random", seed); err != nil {
		return fmt.Errorf("the evaluation's random opponent: %w", err)
	}
	if _, err := agents.HeuristicFor(g.Spec().Name); errors.Is(err, agents.ErrNoHeuristic) {
		return nil // the evaluation skips it
	}
	if _, err := agents.New(g, "heuristic", seed); err != nil {
		return fmt.Errorf("the evaluation's heuristic opponent (evalevery=%d; evalevery=0 turns evaluation off): %w", evalEvery, err)
	}
	return nil
}
