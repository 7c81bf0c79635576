package main

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/training"
)

// runFlags are the train command's flags that choose and open a run.
type runFlags struct {
	out, params, settings string
	mix                   []string // --mix
	seed                  uint64
	iterations            int64
	duration              time.Duration
	resume, recipe        bool
	warmGames, warmEpochs int // the recipe's imitation games and epochs where not -1
}

// openRun opens the run train works on: the one in o.out (--resume) or a
// new one, with the game's recipe under the flags' settings where it has
// one and o.recipe. It returns the recipe followed (nil: none).
func openRun(cmd *cobra.Command, game string, o *trainOptions) (*training.Trainer, *training.Recipe, error) {
	if o.resume {
		return resumeRun(cmd, game, o)
	}
	f := o.runFlags
	g, mix, err := loadMixGame(game, f.params, f.mix)
	if err != nil {
		return nil, nil, err
	}
	base := training.DefaultConfig()
	if cmd.Flags().Changed("seed") {
		if p, _ := engine.ParseParams(f.settings); p != nil && p["seed"] != "" {
			return nil, nil, fmt.Errorf("the seed is given twice (--seed %d and --train seed=%s): give one", f.seed, p["seed"])
		}
		base.Seed = f.seed
	}
	rec, err := overrideImitation(recipeOf(g, f.recipe), f.warmGames, f.warmEpochs)
	if err != nil {
		return nil, nil, err
	}
	if rec != nil && len(rec.Mix) > 0 && !cmd.Flags().Changed("mix") && !cmd.Flags().Changed("iterations") {
		// The recipe's own mix, where --mix does not give another and
		// --iterations does not ask for self-play (not built over a mix).
		if g, mix, err = loadMixGame(game, f.params, rec.Mix); err != nil {
			return nil, nil, fmt.Errorf("the recipe's mix: %w", err)
		}
	}
	var cfg training.Config
	if rec != nil {
		cfg, err = rec.Config(base, f.settings)
	} else {
		cfg, err = training.ParseConfig(f.settings, base)
	}
	if err != nil {
		return nil, nil, err
	}
	if err := refuseMixSelfPlay(cmd, rec, mix); err != nil {
		return nil, nil, err // before a run directory is made
	}
	if err := checkEvalOpponents(g, cfg.EvalEvery, cfg.Seed); err != nil {
		return nil, nil, err // before a run directory is made
	}
	t, err := training.NewTrainer(g, cfg, f.out)
	if err != nil {
		return nil, nil, err
	}
	if err := t.SetMix(mix); err != nil {
		t.Close()
		return nil, nil, err
	}
	return t, rec, nil
}

// overrideImitation sets the games and epochs of the recipe's imitation
// and DAgger rounds where they are not -1; zero games drop them all.
func overrideImitation(rec *training.Recipe, games, epochs int) (*training.Recipe, error) {
	if games < -1 || epochs < -1 || epochs == 0 {
		return nil, fmt.Errorf("--imitate-games %d, --imitate-epochs %d: want -1 (the recipe's), games 0 or more, epochs 1 or more", games, epochs)
	}
	if rec == nil || rec.Imitation == nil || (games == -1 && epochs == -1) {
		return rec, nil
	}
	set := func(ic *training.ImitateConfig) {
		if games >= 0 {
			ic.Games = games
		}
		if epochs > 0 {
			ic.Epochs = epochs
		}
	}
	r := *rec
	if games == 0 {
		r.Imitation, r.DAgger = nil, nil
		return &r, nil
	}
	ic := *rec.Imitation
	set(&ic)
	r.Imitation = &ic
	r.DAgger = slices.Clone(rec.DAgger)
	for i := range r.DAgger {
		set(&r.DAgger[i].Imitation)
	}
	return &r, nil
}

// recipeOf is g's recipe, or nil where it has none or use is false.
func recipeOf(g engine.Game, use bool) *training.Recipe {
	if !use {
		return nil
	}
	r, ok := training.RecipeFor(g)
	if !ok {
		return nil
	}
	return &r
}

// resumeRun opens the run in o.out, of game, to go on with it.
func resumeRun(cmd *cobra.Command, game string, o *trainOptions) (*training.Trainer, *training.Recipe, error) {
	if len(changedFlags(cmd.Flags(), o.newRunFlags())) > 0 {
		return nil, nil, errors.New("--resume uses the run's stored game, mix and seed: drop --params and --seed, and --mix")
	}
	if given := changedFlags(cmd.Flags(), o.warmStartFlags()); len(given) > 0 {
		return nil, nil, fmt.Errorf("--resume continues the run's imitation with its stored settings: drop --%s", given[0])
	}
	f := o.runFlags
	t, err := training.Resume(f.out)
	if err != nil {
		return nil, nil, err
	}
	fail := func(err error) (*training.Trainer, *training.Recipe, error) {
		t.Close()
		return nil, nil, err
	}
	if t.Game.Spec().Name != game {
		return fail(fmt.Errorf("%s holds a run of %s, not %s", f.out, t.Game.Spec().Name, game))
	}
	rec := recipeOf(t.Game, f.recipe)
	if err := refuseMixSelfPlay(cmd, rec, t.Mix()); err != nil {
		return fail(err)
	}
	if err := checkEvalOpponents(t.Game, t.Cfg.EvalEvery, t.Cfg.Seed); err != nil {
		return fail(err)
	}
	if f.iterations > 0 && f.duration <= 0 && t.Iteration() >= f.iterations {
		done := t.Iteration()
		return fail(fmt.Errorf("%s already has %d iterations and --iterations counts them all: give more than %d to train on", f.out, done, done))
	}
	if _, pending := t.PendingImitation(); !pending && cmd.Flags().Changed("train") {
		// A run past its warm start is retuned now; one whose imitation is
		// unfinished after it (warmStart), so that the imitation ends on
		// the weights it would have had unstopped.
		if err := retune(cmd, t, f.settings); err != nil {
			return fail(err)
		}
	}
	return t, rec, nil
}

// retune changes the run's settings from its next iteration on and says
// which changed.
func retune(cmd *cobra.Command, t *training.Trainer, settings string) error {
	changed, err := t.Retune(settings)
	if err != nil {
		return err
	}
	if len(changed) > 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "retuned from iteration %d: %s\n", t.Iteration()+1, strings.Join(changed, ", "))
	}
	return nil
}

// warmStart runs the imitation before a run's self-play: the one a stopped
// run left unfinished, or the recipe's for a new run, then the recipe's
// DAgger rounds, each following the network of the round before. When it
// imitated, the network is kept as the run's warm start
// (training.ImitationFile), the recipe's self-play settings (rec.SelfPlay), then the
// flags' (settings), apply from the first iteration on, and the run is
// saved. Ctrl-C (ctx) stops it, saved, with the command that goes on.
func warmStart(ctx context.Context, cmd *cobra.Command, t *training.Trainer, rec *training.Recipe, settings string, quiet bool) error {
	imitated := false
	for {
		ic, ok, err := nextImitation(t, rec, settings)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		name, out := t.Game.Spec().Name, t.Dir
		st, err := imitateWithProgress(ctx, cmd.ErrOrStderr(), t, ic, quiet, time.Minute, runtime.GOMAXPROCS(0))
		if err != nil && ctx.Err() != nil {
			return interrupted(fmt.Errorf("interrupted: imitating, %d games played, %d learning steps done, saved; continue with: moongym train %s --out %s --resume (with --iterations or --duration)",
				st.Games, st.Steps, name, out))
		}
		if err != nil {
			return err
		}
		imitationSummary(cmd.OutOrStdout(), name, out, ic, st)
		imitated = true
	}
	if !imitated {
		return nil
	}
	if err := t.SaveWarmStart(); err != nil {
		return err
	}
	if rec != nil && rec.SelfPlay != "" {
		if err := retune(cmd, t, rec.SelfPlay); err != nil {
			return fmt.Errorf("the recipe's self-play settings: %w", err)
		}
	}
	if settings != "" {
		if err := retune(cmd, t, settings); err != nil {
			return err
		}
	}
	return t.Save()
}

// nextImitation is the imitation the run takes next before self-play: the
// unfinished one it holds, the recipe's first, or its next DAgger round
// (begun: the network restarts, with the recipe's round settings and then
// the flags' applied); ok is false when there is none.
func nextImitation(t *training.Trainer, rec *training.Recipe, settings string) (training.ImitateConfig, bool, error) {
	if ic, pending := t.PendingImitation(); pending {
		return ic, true, nil
	}
	if rec == nil || t.Iteration() > 0 {
		return training.ImitateConfig{}, false, nil
	}
	n := t.ImitationRounds()
	switch {
	case n == 0:
		ic, ok := rec.ImitationFor(t.Cfg)
		return ic, ok, nil
	case n-1 < len(rec.DAgger):
		ic, err := t.BeginDAgger(rec.DAgger[n-1], settings)
		if err != nil {
			return training.ImitateConfig{}, false, fmt.Errorf("the recipe's DAgger round %d: %w", n, err)
		}
		return ic, true, nil
	}
	return training.ImitateConfig{}, false, nil
}
