package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/moongym/moongym/training"
)

func init() { root.AddCommand(newTrainCmd()) }

// trainOptions are the train command's flags.
type trainOptions struct {
	runFlags
	quiet bool
	nats  natsFlags
}

// newRunFlags describe the flags that set up a new run, which --resume
// refuses: the run keeps its game and seed.
func (o *trainOptions) newRunFlags() []flagDef {
	return []flagDef{
		{"params", &o.params, "game parameters, name=value,..."},
		{"mix", &o.mix, mixUsage},
		{"seed", &o.seed, "seed of the run (the training setting seed)"},
	}
}

// warmStartFlags describe the flags that change the recipe's imitation,
// which --resume refuses: a run continues its imitation as it began it.
func (o *trainOptions) warmStartFlags() []flagDef {
	return []flagDef{
		{"imitate-games", &o.warmGames, "games of the recipe's imitation (0: no imitation; -1: the recipe's)"},
		{"imitate-epochs", &o.warmEpochs, "passes of the recipe's imitation over its positions (-1: the recipe's)"},
	}
}

// otherFlags describe train's other flags but --nats.
func (o *trainOptions) otherFlags() []flagDef {
	return []flagDef{
		{"out", &o.out, "run directory (created if missing)"},
		{"train", &o.settings, "training settings, name=value,... (see above)"},
		{"iterations", &o.iterations, "stop when the run has done this many iterations in all (0: no limit but --duration; without the flag a game's recipe stops at its measured length)"},
		{"duration", &o.duration, "stop after this much time (at the end of an iteration), e.g. 10m"},
		{"resume", &o.resume, "continue the run in --out from its checkpoint"},
		{"quiet", &o.quiet, "no progress bar"},
		{"recipe", &o.recipe, "follow the game's training recipe where it has one (an imitation warm start, then self-play with its settings; --train overrides any of them); --recipe=false: self-play from random weights with the default settings"},
	}
}

func newTrainCmd() *cobra.Command {
	o := &trainOptions{runFlags: runFlags{seed: training.DefaultConfig().Seed, recipe: true, warmGames: -1, warmEpochs: -1}}
	cmd := &cobra.Command{
		Use:   "train GAME --out DIR [--params P] [--train S] [--iterations N | --duration D] [--resume]",
		Short: "Train a policy-value network: the game's recipe (imitation, then self-play)",
		Long:  trainLong(),
		Example: `  moongym train planet-cubes --out runs/pc --duration 1h
  moongym train walking-moon --params players=2,rules=advanced --out runs/wm --duration 1h
  moongym train tictactoe --out runs/ttt --duration 10m
  moongym train tictactoe --out runs/ttt --iterations 40 --train sims=64,games=64,kind=mlp,width=64
  moongym train tictactoe --out runs/ttt --iterations 60 --resume
  moongym train tictactoe --out runs/ttt2 --iterations 40 --seed 7
  moongym train planet-cubes --out runs/pc --duration 50m --train gumbel=1,sims=16,fullprob=0.25,cheapsims=4
  moongym train welcome-moon --params adventure=1,players=1 --mix 'astra=1|2|3|4|5|6|7|8' --out runs/solo1 --duration 2h`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runTrain(cmd, args[0], o) },
	}
	f := cmd.Flags()
	bindFlags(f, o.newRunFlags())
	bindFlags(f, o.warmStartFlags())
	bindFlags(f, o.otherFlags())
	o.nats.add(f, "play the imitation, self-play and evaluation games")
	return cmd
}

// runTrain trains game in o.out: the run's warm start (the recipe's
// imitation and DAgger rounds, or the one a stopped run left unfinished),
// then self-play until o.iterations or o.duration, and says where it got.
func runTrain(cmd *cobra.Command, game string, o *trainOptions) error {
	if o.out == "" {
		return errors.New("--out DIR is required")
	}
	if o.iterations <= 0 && o.duration <= 0 {
		return errors.New("give --iterations N or --duration D (or both)")
	}
	if _, err := training.ProvenanceClock(os.Getenv); err != nil {
		return err // before a run directory is made
	}
	var deadline time.Time
	if o.duration > 0 {
		deadline = time.Now().Add(o.duration) // the warm start counts too
	}
	t, rec, err := openRun(cmd, game, o)
	if err != nil {
		return err
	}
	defer t.Close()
	if o.nats.url != "" {
		// Not the Ctrl-C context: the first Ctrl-C lets the iteration's
		// games arrive, as without --nats.
		closeNATS, err := natsSource(cmd.Context(), &o.nats, t, o.out, cmd.ErrOrStderr())
		if err != nil {
			return err
		}
		defer closeNATS()
	}
	if t.Now, err = training.ProvenanceClock(os.Getenv); err != nil {
		return err
	}
	// The first Ctrl-C stops the warm start at once (saved) or the
	// self-play at the end of the current iteration, which is then saved;
	// a second one kills the process at once and loses only that
	// iteration (the last checkpoint is written atomically).
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	if err := warmStart(ctx, cmd, t, rec, o.settings, o.quiet); err != nil {
		return err
	}
	iterations := o.iterations
	if rec != nil && !cmd.Flags().Changed("iterations") {
		// The recipe's self-play is as long as the one measured: longer,
		// the win rate against the heuristic fell (a planet-cubes run of
		// 175 iterations went from 0.875 at iteration 6 to 0.11;
		// docs/training.md).
		iterations = rec.Iterations
		if t.Iteration() >= iterations {
			fmt.Fprintf(cmd.OutOrStdout(), "%s: the recipe's training is done (%d self-play iterations, as measured; --iterations N trains on); run in %s\n",
				t.Game.Spec().Name, iterations, o.out)
			playLine(cmd.OutOrStdout(), rec, o.out)
			return nil
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "self-play to iteration %d, the recipe's measured length (--iterations N to go on past it)\n", iterations)
	}
	if err := selfPlayWithProgress(ctx, stop, cmd.ErrOrStderr(), t, iterations, deadline, o.quiet); err != nil {
		return err
	}
	trainSummary(cmd.OutOrStdout(), t, o.out)
	playLine(cmd.OutOrStdout(), rec, o.out)
	if ctx.Err() != nil {
		// Stopped by Ctrl-C: the work is saved, but the run did not do
		// what was asked; exit 130 with the way on.
		return interrupted(fmt.Errorf("interrupted: iteration %d saved; continue with: moongym train %s --out %s --resume --iterations N",
			t.Iteration(), game, o.out))
	}
	return nil
}

// playLine tells how the recipe's model is played as measured, where
// the recipe says (Recipe.Play): "measured as az:model=DIR/latest.safetensors,
// sims=100,gumbel=1".
func playLine(w io.Writer, rec *training.Recipe, out string) {
	if rec == nil || rec.Play == "" {
		return
	}
	fmt.Fprintf(w, "measured as az:model=%s,%s (docs/training.md)\n", filepath.Join(out, training.LatestFile), rec.Play)
}

// selfPlayWithProgress runs t's self-play iterations until the run has
// done iterations in all (0: no limit) or the deadline, with a progress
// bar on w. When ctx is done (the first Ctrl-C) it says so and calls stop,
// so that a second Ctrl-C ends the process; t.Run then finishes the
// iteration and saves.
func selfPlayWithProgress(ctx context.Context, stop func(), w io.Writer, t *training.Trainer, iterations int64, deadline time.Time, quiet bool) error {
	total := int64(-1)
	if iterations > 0 {
		total = iterations - t.Iteration()
	}
	bar := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("training"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(total > 0),
		progressbar.OptionSetVisibility(!quiet),
		progressbar.OptionClearOnFinish(),
	)
	// During an iteration the description counts its self-play games (a
	// lunar-rally iteration takes minutes); after it, the iteration's
	// figures.
	t.GameProgress = func(done, total int) {
		bar.Describe(selfPlayLine(t.Iteration()+1, done, total, t.Metrics()))
	}
	t.Progress = func(r training.Row) {
		bar.Describe(progressLine(r, t.Metrics()))
		_ = bar.Add(1) // renders the new count and description together
	}
	finished := make(chan struct{})
	defer close(finished)
	go func() {
		select {
		case <-ctx.Done():
			stop()
			fmt.Fprintln(w, "\ninterrupt: finishing this iteration and saving; Ctrl-C again quits at once, losing it")
		case <-finished:
		}
	}()
	err := t.Run(ctx, iterations, deadline)
	_ = bar.Finish()
	return err
}

// trainSummary writes where the run got: its iterations, totals and last
// loss, its evaluations against the heuristic and its best network.
func trainSummary(w io.Writer, t *training.Trainer, out string) {
	rows := t.Metrics()
	fmt.Fprintf(w, "%s: %d iterations done, run in %s\n", t.Game.Spec().Name, t.Iteration(), out)
	if len(rows) > 0 {
		r := rows[len(rows)-1]
		fmt.Fprintf(w, "games %d, samples %d, steps %d, %.0fs of training; last loss %s\n",
			r.Games, r.Samples, r.Steps, r.Elapsed, fmtLoss(r.TotalLoss))
	}
	fmt.Fprint(w, evalSummary(rows))
	if it, score := t.Best(); it > 0 {
		fmt.Fprintf(w, "%s is iteration %d (mean win rate against random and the heuristic %.3f)\n", training.BestFile, it, score)
	}
}

// heuristicEval is the evaluation against the heuristic in row r, with its
// 95% interval; ok is false when the row has none.
func heuristicEval(r training.Row) (v, lo, hi float64, ok bool) {
	return r.VsHeuristic, r.VsHeuristicLow, r.VsHeuristicHigh, r.VsHeuristic == r.VsHeuristic
}

// latestAndBest finds the latest row evaluated against the heuristic and
// the one with the best win rate against it (the earliest of equals); ok is
// false when no row has such an evaluation.
func latestAndBest(rows []training.Row) (latest, best training.Row, ok bool) {
	for _, r := range rows {
		v, _, _, has := heuristicEval(r)
		if !has {
			continue
		}
		if !ok || v > best.VsHeuristic {
			best = r
		}
		latest, ok = r, true
	}
	return latest, best, ok
}

// progressLine is the progress bar's description after iteration r (rows
// are the run's rows so far, r the last): speed and loss, the latest
// evaluation against the heuristic (latestHeuristic), and on an evaluated
// iteration the other opponents' win rates.
func progressLine(r training.Row, rows []training.Row) string {
	desc := fmt.Sprintf("it %d | %.1f games/s %.0f samples/s | loss %s | %s",
		r.Iteration, r.GamesPerSec, r.SamplesPerSec, fmtLoss(r.TotalLoss), latestHeuristic(rows))
	if r.VsRandom == r.VsRandom {
		desc += fmt.Sprintf(" | random %.2f", r.VsRandom)
	}
	if r.VsPrevious == r.VsPrevious {
		desc += fmt.Sprintf(" previous %.2f", r.VsPrevious)
	}
	return desc
}

// selfPlayLine is the progress bar's description during iteration it's
// self-play: the games done, and the latest evaluation against the
// heuristic of the rows so far.
func selfPlayLine(it int64, done, total int, rows []training.Row) string {
	return fmt.Sprintf("it %d | self-play %d/%d games | %s", it, done, total, latestHeuristic(rows))
}

// latestHeuristic is "heur 0.62 [0.55,0.69] @it 12": the latest evaluation
// against the heuristic among rows, with its 95% interval and iteration;
// "heur -" before the first.
func latestHeuristic(rows []training.Row) string {
	latest, _, ok := latestAndBest(rows)
	if !ok {
		return "heur -"
	}
	return fmt.Sprintf("heur %.2f [%.2f,%.2f] @it %d", latest.VsHeuristic, latest.VsHeuristicLow, latest.VsHeuristicHigh, latest.Iteration)
}

// evalSummary is the final summary's evaluation lines: the latest and the
// best evaluation against the heuristic, each with its 95% interval and
// iteration.
func evalSummary(rows []training.Row) string {
	latest, best, ok := latestAndBest(rows)
	if !ok {
		return "no evaluation against the heuristic yet (see evalevery, evalgames)\n"
	}
	line := func(what string, r training.Row) string {
		return fmt.Sprintf("%s evaluation against the heuristic: %.3f [%.3f, %.3f] (95%%) at iteration %d\n",
			what, r.VsHeuristic, r.VsHeuristicLow, r.VsHeuristicHigh, r.Iteration)
	}
	return line("latest", latest) + line("best", best)
}

func fmtLoss(x float64) string {
	if x != x {
		return "-"
	}
	return fmt.Sprintf("%.3f", x)
}

// trainLong is the train command's help text.
func trainLong() string {
	return `Train a policy-value network for GAME. Where the game has a training recipe
(planet-cubes, walking-moon, lunar-rally, march-mars, welcome-moon: the
settings that made its built-in models, chosen by the configuration's
parameters), a new run follows it: first a warm start by imitation (games of
the game's heuristic or expert player, learned as "moongym imitate" does;
the progress shows "imitating"), then self-play with the recipe's settings.
--train overrides any setting of the recipe, --imitate-games and
--imitate-epochs its imitation (--imitate-games 0 skips it), and
--recipe=false trains from random weights with the default settings (the
only way for a game without a recipe, such as tictactoe). --duration
counts the imitation too: a run whose time ends in it keeps the imitation's
network. Without --iterations, the recipe's self-play stops at the length
that was measured (planet-cubes: 18 iterations; lunar-rally and some
welcome-moon configurations: none, the imitation is the model), since
longer runs lost strength; --iterations N trains on. The recipes and their
measurements: docs/training.md.

Self-play: many games are played at
once with MCTS, their network queries batched together; root visit counts are
the policy targets (with gumbel=1, Gumbel AlphaZero's improved policy; with
fullprob < 1, only the full searches' positions are recorded), final results
the value targets; a replay buffer feeds an Adam learner with weight decay.
Every few iterations the network plays random, the game's heuristic and its
previous version in arena tournaments, seats rotated (win rates with 95%
Wilson intervals). The progress line shows the
latest evaluation against the heuristic with its interval and iteration
("heur 0.62 [0.55,0.69] @it 12") on every iteration; the final summary
repeats it, with the best one.

DIR receives, after every checkpoint interval (atomically; a killed run loses
at most the last interval; Ctrl-C finishes and saves the current iteration,
prints how to resume and exits with status 130; a second Ctrl-C quits at
once):
  checkpoint.gob      the whole state: weights, optimizer, replay buffer, metrics
  latest.safetensors  the latest network as a model file
  best.safetensors    the best evaluated network ("moongym export" copies it)
  metrics.csv         losses, speeds and evaluation win rates (95% intervals) per iteration
  metrics.png         the learning curves
  imitation.csv/.png  the imitation's learning curve (a recipe's warm start, or moongym imitate)
  imitation.safetensors  the warm start's network, before self-play
  imitation-N.safetensors, imitation-N.csv/.png
                      imitation round N's network and curve, kept when a DAgger round follows it

--resume continues the run in DIR exactly where its checkpoint stopped (an
unfinished imitation first, then self-play), with
its stored settings; --train with --resume changes settings from the next
iteration on (self-play, search, lr, evaluation: e.g. a run imitated with
one learning rate continues self-play with another), and the model files'
provenance names the change; the network's shape, buffer, batch and seed
stay as the run began; --iterations counts all iterations of the run, so
"--iterations 50" after a stop at 30 does 20 more.

--mix NAME=V1|V2|... (repeatable) trains one network over several
configurations of the game at once, of the same shapes (observation,
actions, seats): the cross product of the values, each over --params, the
first name's values varying slowest; the first configuration is the run's
own (its recipe, the model's parameters). Game i of the imitation is
played in configuration i mod n, and every game's positions are learned
together; the run's model files list the other configurations as the
ones the network also plays (export keeps them). Self-play over a mix is
not built: a run with --mix that would self-play (--recipe=false,
--iterations, or a recipe with self-play) is refused. --resume keeps the
run's mix (drop --mix). A recipe can have a mix of its own (welcome-moon,
Adventure 7 with 3 players: 3 to 6 players); --mix replaces it, and
--iterations leaves it out.

--seed N seeds the run (self-play, initial weights, evaluation), like arena's
--seed; it is the training setting seed (--train seed=N), given either way.
The same command and seed on the same machine give byte-identical model files
when SOURCE_DATE_EPOCH (seconds since 1970, the reproducible-builds
convention) is set: it is written as their provenance date instead of the
current time (without --duration, which stops at a time).

--nats URL has "moongym worker" processes play the run's games (see
docs/distributed.md): the imitation's (the recipe's warm start and DAgger
rounds), each self-play iteration's and each evaluation's. The networks they
need are published to the NATS server, the games queued and their results
gathered, exactly the games this process would play, so the run is the one
this process would make with the same seed; the checkpoint keeps the results
stream's position, so a resumed run neither loses nor repeats a game. The run
is named on the server after the base name of --out, which must be unique
there.

Training settings (--train, "name=value,..."), with their defaults; the
switches gumbel and shards take 1 or 0 (or true or false), and a setting
fixed for the run keeps its value under --resume --train:
` + training.ParamHelp()
}
