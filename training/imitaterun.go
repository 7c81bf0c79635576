package training

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models/graph"
	"github.com/moongym/moongym/training/imitation"
)

// ErrUnfinishedImitation: the run holds an imitation that was stopped
// before it finished; only RunImitation continues it.
var ErrUnfinishedImitation = errors.New("unfinished imitation")

// ErrNoImitation: RunImitation was asked to start or continue an imitation
// in a run that has none to continue and cannot take a new one (it has
// learned already).
var ErrNoImitation = errors.New("no imitation to run")

// imitationState is an imitation in progress, kept in the run's checkpoint
// so that a stopped imitation goes on exactly where it stopped: the games
// played so far (their records, from which the positions are rebuilt) and
// the learning's position.
type imitationState struct {
	Config ImitateConfig
	// Records are the games played, in order (game i is seeded by i).
	// gob matches their fields by name: checkpoints written when they
	// were training's own gameRecord (the same Actions and Asked) load as
	// they are (TestImitationOldCheckpoint).
	Records []imitation.Record
	// Played: the games are all played (Config.Games, or fewer when
	// Config.Duration ran out); Playing is the time spent playing them.
	Played  bool
	Playing time.Duration
	// Done is the number of learning steps done; RNG the batch generator's
	// state after them (nil before the first); Sum the weighted loss sums
	// of the steps in the last tenth.
	Done int
	RNG  []byte
	Sum  graph.Losses
	// Acc is the loss summed over the AccSteps steps since the imitation
	// curve's last point; Tenth the number of tenths of the steps the
	// curve's points have reached (0: no point yet, 1: the start only).
	Acc      graph.Losses
	AccSteps int
	Tenth    int
}

func (st *imitationState) games() int { return len(st.Records) }

// ImitateHooks report an imitation's progress and set how often it saves
// and how many games it plays at once.
type ImitateHooks struct {
	// Games, if not nil, is called with the games played and the number
	// asked for, after every game (and once at the start when resuming).
	Games func(done, total int)
	// Steps, if not nil, is called with the learning steps done and their
	// total after every chunk (a hundredth) of them.
	Steps func(done, total int)
	// SaveEvery is the most time between two saves of the run (its
	// checkpoint and latest model): a killed imitation loses at most this
	// much work. 0 saves after every game and every chunk of steps.
	SaveEvery time.Duration
	// Parallel is the number of games played at once (0 or 1: one at a
	// time). The games, and so the imitation, are the same whatever it is.
	Parallel int
}

// ImitationSource plays an imitation's games elsewhere than in this
// process (Trainer.Imitations; package distributed has workers play
// them).
type ImitationSource interface {
	// Records plays games first..last-1 of the imitation cfg of the
	// trainer's game (game numbers as imitation.Seeds takes them: the
	// held-out games are those from imitation.HeldOutBase on) and hands
	// each game's record, the one NewImitationRecorder's Recorder.Play
	// gives for its number, to each, in the games' order, as
	// imitation.PlayInOrder does: more, if not nil, is asked before each
	// game is handed on, and false stops the games without an error (the
	// games not yet handed on are not wanted); an error of each stops them
	// with that error, and ctx with its own. The games handed on are kept
	// either way. It is called with last > first, and with more(first)
	// true.
	Records(ctx context.Context, cfg ImitateConfig, first, last int, more func(game int) bool,
		each func(game int, rec imitation.Record) error) error
}

// PendingImitation is the configuration of the imitation the run holds
// unfinished, and whether it holds one.
func (t *Trainer) PendingImitation() (ImitateConfig, bool) {
	if t.ck.Pending == nil {
		return ImitateConfig{}, false
	}
	return t.ck.Pending.Config, true
}

// RunImitation imitates the game's heuristic into t (as HeuristicGames then
// Imitate do), saving its progress in the run's checkpoint as it goes:
// when ctx is done it saves and returns ctx's error, and a later
// RunImitation on Resume(t.Dir) (cfg as PendingImitation gives it) goes on
// where it stopped, to the same weights as a run never stopped. A run that
// has learned before (by imitation or self-play) takes no new imitation
// (ErrNoImitation). The games (the held-out ones too) are played on
// hooks.Parallel goroutines, or by t.Imitations when it is set: the same
// games either way, so the same weights. The games a stopped imitation
// kept are not played again. The games are played in the configurations
// of the run's mix (SetMix; cfg.Mix, when empty, is taken to be the run's,
// and one given must be the run's or becomes it).
func RunImitation(ctx context.Context, t *Trainer, cfg ImitateConfig, hooks ImitateHooks) (ImitateStats, error) {
	cfg, games, err := t.imitationSetup(cfg)
	if err != nil {
		return ImitateStats{}, err
	}
	st := t.ck.Pending
	switch {
	case st != nil && st.Config != cfg:
		return ImitateStats{}, fmt.Errorf("%w: the run's unfinished imitation has other settings (%+v)", ErrBadImitation, st.Config)
	case st == nil && (t.ck.Imitation != "" || t.ck.Steps > 0 || t.ck.Iteration > 0):
		return ImitateStats{}, fmt.Errorf("%w: the run in %s has learned already (imitation done or self-play iterations); continue it with train --resume", ErrNoImitation, t.Dir)
	case st == nil:
		st = &imitationState{Config: cfg}
		t.ck.Pending = st
	}
	last := time.Now()
	save := func(force bool) error {
		if !force && time.Since(last) < hooks.SaveEvery {
			return nil
		}
		last = time.Now()
		return t.Save()
	}
	// interrupted saves the progress and says how far it got.
	interrupted := func(err error) (ImitateStats, error) {
		if serr := t.Save(); serr != nil {
			return ImitateStats{}, errors.Join(err, serr)
		}
		return ImitateStats{Games: st.games(), Steps: st.Done}, err
	}
	g := t.Game
	r := NewReplay(math.MaxInt, engine.ObservationSize(g), g.NumActions(), g.NumPlayers())
	for i, rec := range st.Records {
		if err := addRecord(games.of(i), games.view(i), rec, cfg, i, r); err != nil {
			return ImitateStats{}, err
		}
	}
	if !st.Played {
		if hooks.Games != nil && st.games() > 0 {
			hooks.Games(st.games(), cfg.Games)
		}
		err := playGames(ctx, games, st, r, hooks.Parallel, t.Imitations, func() error {
			if hooks.Games != nil {
				hooks.Games(st.games(), cfg.Games)
			}
			return save(false)
		})
		if err != nil && ctx.Err() != nil {
			return interrupted(err)
		}
		if err != nil {
			return ImitateStats{}, err
		}
		if err := save(true); err != nil {
			return ImitateStats{}, err
		}
	}
	held, err := heldOutPositions(ctx, games, cfg, hooks.Parallel, t.Imitations)
	if err != nil && ctx.Err() != nil {
		return interrupted(err)
	}
	if err != nil {
		return ImitateStats{}, err
	}
	stats, err := learnImitation(ctx, t, r, held, st, hooks.Steps, func() error { return save(false) })
	if err != nil && ctx.Err() != nil {
		return interrupted(err)
	}
	return stats, err
}

// imitationSetup checks cfg, makes its mix the run's (imitationMix) and
// loads the mix's games: what Imitate and RunImitation start with.
func (t *Trainer) imitationSetup(cfg ImitateConfig) (ImitateConfig, mixGames, error) {
	if err := cfg.check(); err != nil {
		return cfg, nil, err
	}
	cfg, err := t.imitationMix(cfg)
	if err != nil {
		return cfg, nil, err
	}
	games, err := imitationGames(t.Game, cfg)
	return cfg, games, err
}
