package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/training"
)

func init() { root.AddCommand(newImitateCmd()) }

// imitateOptions are the imitate command's flags.
type imitateOptions struct {
	out, params, settings string
	mix                   []string // --mix
	seed                  uint64
	ic                    training.ImitateConfig
	quiet, resume         bool
	every                 time.Duration
	parallel              int
	nats                  natsFlags
}

// imitationFlags describe the flags that set the imitation: the game's
// parameters, the run's settings and seed, and the fields of
// training.ImitateConfig. --resume takes none of them: the run's stored
// imitation holds them.
func (o *imitateOptions) imitationFlags() []flagDef {
	ic := &o.ic
	return []flagDef{
		{"params", &o.params, "game parameters, name=value,..."},
		{"mix", &o.mix, mixUsage},
		{"train", &o.settings, "training settings, name=value,... (see moongym train --help)"},
		{"seed", &o.seed, "seed of the games, the batches and the initial weights"},
		{"games", &ic.Games, "games of the heuristic against itself"},
		{"epochs", &ic.Epochs, "passes over the recorded positions"},
		{"epsilon", &ic.Epsilon, "probability of a random move instead of the heuristic's"},
		{"duration", &ic.Duration, "cap on the time spent playing games, e.g. 5m (a capped run is not reproducible)"},
		{"smooth", &ic.Smooth, "label smoothing of the policy target"},
		{"samples", &ic.Samples, "ask the heuristic this many times per position and use how often it chose each move as the policy target (for heuristics that break ties at random); 0 or 1: the move played"},
		{"keep", &ic.Keep, "share of each game's positions recorded, drawn with the seed (e.g. 0.1 with ten times the games); 0 or 1: all"},
		{"holdout", &ic.HoldOut, "games played apart (seeded apart, never learned from) whose positions' loss is measured at the start and every tenth of the learning: imitation.csv and imitation.png in the run, and the final summary"},
		{"follow", &ic.FollowModel, "model file whose network plays a share (--follow-games) of the games, labelled with the heuristic's moves (DAgger)"},
		{"follow-games", &ic.Follow, "share of the games played by the --follow network, drawn with the seed"},
		{"teacher", &ic.Teacher, "model file whose network, searched (--teacher-sims), labels the kept positions instead of the heuristic (expert iteration); the heuristic still plays"},
		{"teacher-sims", &ic.TeacherSims, "--teacher's simulations per labelled position (the az agent's PUCT search, its most visited move)"},
		{"expert", &ic.Expert, "play and label the games with the game's expert player (the agent \"expert\": a stronger, slower hand-written player, where the game has one) instead of its heuristic"},
	}
}

// processFlags describe the flags of how the imitation runs, which leave
// its result as it is.
func (o *imitateOptions) processFlags() []flagDef {
	return []flagDef{
		{"out", &o.out, "run directory (created if missing; must not hold a run)"},
		{"quiet", &o.quiet, "no progress bar"},
		{"resume", &o.resume, "continue the stopped imitation in --out where it stopped, with its stored settings"},
		{"parallel", &o.parallel, "games played at once (the games, and so the imitation, are the same whatever it is)"},
		{"checkpoint", &o.every, "most time between two saves of the imitation's progress (a killed run loses at most this much; 0: after every game and every hundredth of the learning)"},
	}
}

// newImitateOptions are the imitate command's defaults: the training
// defaults' seed, training.DefaultImitateConfig with a teacher searched
// with 100 simulations, a save every minute, a game per core at once.
func newImitateOptions() *imitateOptions {
	o := &imitateOptions{
		seed: training.DefaultConfig().Seed, ic: training.DefaultImitateConfig(),
		every: time.Minute, parallel: runtime.GOMAXPROCS(0),
	}
	o.ic.TeacherSims = 100
	return o
}

func newImitateCmd() *cobra.Command {
	o := newImitateOptions()
	cmd := &cobra.Command{
		Use:   "imitate GAME --out DIR [--games N] [--duration D] [--epochs N] [--seed N] [--params P] [--train S] [--resume]",
		Short: "Start a training run by imitating the game's heuristic (warm start)",
		Long:  imitateLong(),
		Example: `  moongym imitate tictactoe --out runs/ttt --games 300 --train kind=mlp,width=64
  moongym imitate tictactoe --out runs/ttt --resume   # after Ctrl-C or a kill
  moongym train tictactoe --out runs/ttt --resume --iterations 20
  moongym imitate welcome-moon --params adventure=1,players=1 --mix 'astra=1|2|3|4|5|6|7|8' --games 4000 --out runs/solo1`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runImitate(cmd, args[0], o) },
	}
	bindFlags(cmd.Flags(), o.imitationFlags())
	bindFlags(cmd.Flags(), o.processFlags())
	o.nats.add(cmd.Flags(), "play the imitation's games")
	return cmd
}

// runImitate imitates into the run in o.out: a new one, or the stopped
// imitation it holds (--resume).
func runImitate(cmd *cobra.Command, game string, o *imitateOptions) error {
	if o.out == "" {
		return errors.New("--out DIR is required")
	}
	t, ic, err := openImitation(cmd, game, o)
	if err != nil {
		return err
	}
	defer t.Close()
	if t.Now, err = training.ProvenanceClock(os.Getenv); err != nil {
		return err
	}
	if o.nats.url != "" {
		closeNATS, err := natsSource(cmd.Context(), &o.nats, t, o.out, cmd.ErrOrStderr())
		if err != nil {
			return err
		}
		defer closeNATS()
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	st, err := imitateWithProgress(ctx, cmd.ErrOrStderr(), t, ic, o.quiet, o.every, o.parallel)
	name := t.Game.Spec().Name
	if err != nil && ctx.Err() != nil {
		return interrupted(fmt.Errorf("interrupted: %d games played, %d learning steps done, saved; continue with: moongym imitate %s --out %s --resume",
			st.Games, st.Steps, name, o.out))
	}
	if err != nil {
		return err
	}
	imitationSummary(cmd.OutOrStdout(), name, o.out, ic, st)
	fmt.Fprintf(cmd.OutOrStdout(), "continue with: moongym train %s --out %s --resume --iterations N\n", name, o.out)
	return nil
}

// openImitation opens the run in o.out and the imitation to run there:
// with --resume, the run's stopped imitation (the flags that set one are
// refused), else a new run of game with the flags' imitation.
func openImitation(cmd *cobra.Command, game string, o *imitateOptions) (*training.Trainer, training.ImitateConfig, error) {
	if !o.resume {
		g, mix, err := loadMixGame(game, o.params, o.mix)
		if err != nil {
			return nil, training.ImitateConfig{}, err
		}
		base := training.DefaultConfig()
		base.Seed = o.seed
		cfg, err := training.ParseConfig(o.settings, base)
		if err != nil {
			return nil, training.ImitateConfig{}, err
		}
		ic := o.ic
		ic.Seed = o.seed
		ic.Margin, ic.MarginScale, ic.MarginAhead = cfg.Margin, cfg.MarginScale, cfg.MarginAhead
		ic.Mix = mix
		t, err := training.NewTrainer(g, cfg, o.out)
		if err != nil {
			return nil, training.ImitateConfig{}, err
		}
		if err := t.SetMix(mix); err != nil {
			t.Close()
			return nil, training.ImitateConfig{}, err
		}
		return t, ic, nil
	}
	if given := changedFlags(cmd.Flags(), o.imitationFlags()); len(given) > 0 {
		return nil, training.ImitateConfig{}, fmt.Errorf("--resume continues the imitation with its stored settings: drop --%s", given[0])
	}
	t, err := training.Resume(o.out)
	if err != nil {
		return nil, training.ImitateConfig{}, err
	}
	if t.Game.Spec().Name != game {
		t.Close()
		return nil, training.ImitateConfig{}, fmt.Errorf("the run in %s is of %s, not %s", o.out, t.Game.Spec().Name, game)
	}
	pending, ok := t.PendingImitation()
	if !ok {
		t.Close()
		return nil, training.ImitateConfig{}, fmt.Errorf("%w in %s (it finished, or the run never imitated): continue it with moongym train %s --out %s --resume --iterations N",
			training.ErrNoImitation, o.out, game, o.out)
	}
	return t, pending, nil
}

// imitateLong is the imitate command's help text.
func imitateLong() string {
	return `Start a training run for GAME by supervised learning on games of the game's
heuristic against itself (--games of them, or fewer if --duration runs
out first): each move played is the heuristic's, or with
probability --epsilon a random legal one, so that positions vary; every
decision position is recorded with the heuristic's move as a smoothed one-hot
policy target (--smooth), or with --samples K the share of K askings in which
the heuristic chose each move (smoothed the same way), and the final result as
value targets (blended with the final score margin with --train
margin=W,marginscale=P and marginahead=H, as in train). The network (its kind and size from
--train, as for train) is trained on them for --epochs passes with train's
Adam optimizer and batch size.

DIR then holds a run at iteration 0 in train's format (checkpoint.gob,
latest.safetensors, metrics files); continue it by self-play with
  moongym train GAME --out DIR --resume --iterations N
The imitation positions are not put into the run's replay buffer.

Every position is held in memory while the network learns: about 4 bytes
per observation value, mask and policy entry (a 2-player planet-cubes
position 8 kB, 4 players 14 kB, a lunar-rally one 77 kB), and the Go heap
may take twice that while it grows; 1,000 4-player planet-cubes games are
340,000 positions. Choose --games accordingly, or set GOMEMLIMIT (e.g.
GOMEMLIMIT=8GiB) so that the garbage collector keeps the heap near it.
With --keep F only a share F of each game's positions is recorded (drawn
with the seed): ten times the games at --keep 0.1 take the memory of the
same positions, from ten times the results, which the value head cannot
learn by heart the way it learns a few hundred games' results.

With --follow MODEL --follow-games F, a share F of the games (drawn with the
seed) is played by MODEL's network (its greedy move at every decision) instead
of the heuristic, which is still asked at every decision: its move is the
policy target. A second imitation that follows the first one's network learns
the positions that network's own games drift into (DAgger).

With --teacher MODEL, the positions recorded are labelled by a search
instead of the heuristic: MODEL's network searched with --teacher-sims
simulations (the az agent's PUCT search; its most visited move is the
policy target). The games are still played by the heuristic (or the
--follow network); the search runs only at the positions --keep records, so
a teacher with --keep 0.05 costs a twentieth of playing the games with it.
A network whose search beats the heuristic thus teaches its searched
choices to the next network (expert iteration).

With --mix NAME=V1|V2|... (repeatable; "a=1|2,b=x|y" names several at
once), one network learns several configurations of the game at once, of
the same shapes (observation, actions, seats): the cross product of the
values, each over --params (the first name's values varying slowest), the
first the run's own. Game i is played in configuration i mod n (the
held-out games too, in turn), every game's positions learned together, and the
run's model files list the other configurations as the ones the network
also plays (export keeps them). A run over a mix takes no self-play
iteration (not built).

The run keeps the imitation's learning curve (imitation.csv, imitation.png):
the mean training loss of each tenth of the steps, and with --holdout N the
loss on the positions of N more games, played the same way but seeded
apart and never learned from, measured at the start and after every tenth:
where the held-out value loss stops falling while the training one goes on,
the value head is learning the games by heart. --holdout changes neither
the games learned from nor the weights.

--nats URL has "moongym worker" processes play the games (the recorded and
the held-out ones; the --follow and --teacher networks are published to the
NATS server for them): the same games, and so the same imitation, as this
process would play (see docs/distributed.md).

The run is saved as it goes (every --checkpoint, and when Ctrl-C stops it,
which then exits with status 130):
a stopped or killed imitation continues where it stopped with
  moongym imitate GAME --out DIR --resume
to the same weights as a run never stopped (the games played so far are
kept as records and their positions rebuilt; the learning goes on from its
step). A run with an unfinished imitation takes no self-play iteration.

The same command and seed give the same weights (without --duration); with
SOURCE_DATE_EPOCH set (seconds since 1970, the reproducible-builds
convention), written as the provenance date instead of the current time, the
same model file, byte for byte.`
}
