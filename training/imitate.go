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

// ErrBadImitation: an ImitateConfig value is out of range.
var ErrBadImitation = errors.New("bad imitation config")

// ImitateConfig sets up an imitation warm start (see Imitate).
type ImitateConfig struct {
	// Games is the number of games of the heuristic against itself.
	Games int
	// Epsilon is the probability that a move played is a uniformly random
	// legal one instead of the heuristic's, so that positions vary; the
	// recorded target is the heuristic's move either way.
	Epsilon float64
	// Smooth is the label smoothing of the policy target: (1-Smooth) on the
	// heuristic's move plus Smooth spread evenly over the legal moves.
	Smooth float64
	// Epochs is the number of passes over the recorded positions (in
	// optimizer steps: Epochs * positions / BatchSize, at least 1).
	Epochs int
	// Seed seeds the games (heuristic seats, noise, chance) and the batches.
	Seed uint64
	// Samples, if above 1, asks the heuristic for its move this many times
	// at every recorded position (a second agent per seat, seeded apart, so
	// the games played are the same as with one) and spreads the policy
	// target's (1-Smooth) over the moves in proportion to how often each was
	// chosen: a heuristic that breaks ties at random then teaches the whole
	// set of its equally good moves instead of one drawn from it. 0 or 1:
	// the move played only.
	Samples int
	// Keep, if in (0, 1), is the share of each game's decision positions
	// recorded: each is kept or passed over by a draw from a generator
	// seeded by Seed and the game's number, so the same positions are kept
	// whatever the order games are played or rebuilt in. Keeping a tenth of
	// the positions of ten times the games holds as many positions in
	// memory, from ten times the game results: the value head then sees
	// results it cannot learn by heart (positions of one game are alike and
	// share one result). 0 or 1: every position.
	Keep float64
	// HoldOut is the number of games, seeded apart from the imitation's
	// own and played the same way, whose positions are not learned from but
	// measured: their loss is taken at the start and after every tenth of
	// the steps (the run's imitation curve). It does not change the
	// weights.
	HoldOut int
	// Duration, if positive, caps the time spent playing games: fewer than
	// Games are played when it runs out (at least one). A capped run is no
	// longer reproducible.
	Duration time.Duration
	// Margin and MarginScale blend the final score margin into the value
	// targets, as the training settings margin and marginscale do (Config);
	// MarginAhead reads it that many decisions after each position, as the
	// setting marginahead does.
	Margin, MarginScale float64
	MarginAhead         int
	// Follow, if above 0, is the share of the games (each drawn with the
	// seed and the game's number) in which the network of the model file
	// FollowModel plays every decision (its greedy move, then Epsilon's
	// random moves as usual) instead of the heuristic; the heuristic is
	// still asked, and its move is the policy target. The positions the
	// network's own play reaches are then learned with the heuristic's
	// choice there (DAgger): a network imitated once, followed in a second
	// imitation, corrects the drift of its own games. 0: the heuristic
	// plays every game.
	Follow      float64
	FollowModel string
	// Teacher, if not empty, is a model file whose network, searched with
	// TeacherSims simulations (the az agent's PUCT search, its most visited
	// move), labels the recorded positions instead of the heuristic: the
	// games are still played by the heuristic (or by Follow's network), and
	// the search is run only at the positions Keep records (expert
	// iteration: the network learns a searched network's choices on the
	// positions the games reach). Samples above 1 cannot be combined with
	// it.
	Teacher     string
	TeacherSims int
	// Expert plays and labels the games with the game's expert player
	// (agents.Heuristic.Expert, agents.ExpertFor) instead of its heuristic:
	// the held-out games too. Samples, Follow and Teacher work as with the
	// heuristic, the expert in its place.
	Expert bool
	// Mix, if not empty, is the text of a mix of configurations of the
	// game (MixText): game number i is played in configuration i mod n of
	// the mix (the held-out games too), its positions learned with every
	// other game's. "": the game's own configuration alone. A run's
	// imitations play the run's mix (Trainer.SetMix).
	Mix string `json:",omitempty"`
}

// DefaultImitateConfig is a warm start that suits the small games.
func DefaultImitateConfig() ImitateConfig {
	return ImitateConfig{Games: 500, Epsilon: 0.1, Smooth: 0.1, Epochs: 20, Seed: 1}
}

func (c ImitateConfig) check() error {
	switch {
	case c.Games < 1:
		return fmt.Errorf("%w: games=%d, want at least 1", ErrBadImitation, c.Games)
	case !(c.Epsilon >= 0 && c.Epsilon <= 1):
		return fmt.Errorf("%w: epsilon=%v, want [0, 1]", ErrBadImitation, c.Epsilon)
	case !(c.Smooth >= 0 && c.Smooth < 1):
		return fmt.Errorf("%w: smooth=%v, want [0, 1)", ErrBadImitation, c.Smooth)
	case c.Duration < 0:
		return fmt.Errorf("%w: duration=%v is negative", ErrBadImitation, c.Duration)
	case c.Epochs < 1:
		return fmt.Errorf("%w: epochs=%d, want at least 1", ErrBadImitation, c.Epochs)
	case !(c.Keep >= 0 && c.Keep <= 1):
		return fmt.Errorf("%w: keep=%v, want [0, 1]", ErrBadImitation, c.Keep)
	case c.HoldOut < 0 || c.HoldOut > 1_000_000:
		return fmt.Errorf("%w: holdout=%d, want 0..1000000", ErrBadImitation, c.HoldOut)
	case c.Samples < 0 || c.Samples > 1000:
		return fmt.Errorf("%w: samples=%d, want 0..1000", ErrBadImitation, c.Samples)
	case !(c.Follow >= 0 && c.Follow <= 1) || (c.Follow > 0) != (c.FollowModel != ""):
		return fmt.Errorf("%w: follow=%v with model %q, want a share in [0, 1] and a model file exactly when it is above 0", ErrBadImitation, c.Follow, c.FollowModel)
	case !(c.Margin >= 0 && c.Margin <= 1) || (c.Margin > 0 && !(c.MarginScale > 0)):
		return fmt.Errorf("%w: margin=%v, marginscale=%v, want margin in [0, 1] and a positive scale", ErrBadImitation, c.Margin, c.MarginScale)
	case c.Teacher != "" && (c.TeacherSims < 1 || c.TeacherSims > 1_000_000):
		return fmt.Errorf("%w: teacher-sims=%d, want 1..1000000 with a teacher", ErrBadImitation, c.TeacherSims)
	case c.Teacher != "" && c.Samples > 1:
		return fmt.Errorf("%w: samples=%d with a teacher, want at most 1 (the teacher is asked once)", ErrBadImitation, c.Samples)
	case c.MarginAhead < 0:
		return fmt.Errorf("%w: marginahead=%d, want at least 0", ErrBadImitation, c.MarginAhead)
	}
	return nil
}

// ImitateStats says what an imitation did.
type ImitateStats struct {
	Games, Positions, Steps int
	// Losses are the mean losses of the last tenth of the steps.
	Losses graph.Losses
	// HeldOut is the loss on the held-out games' positions at the end
	// (HeldOutPositions of them; NaN without ImitateConfig.HoldOut).
	HeldOut          graph.Losses
	HeldOutPositions int
}

// HeuristicGames plays cfg.Games games of g's heuristic against itself
// (one agent per seat, each cfg.Epsilon random moves) and returns their
// decision positions in a buffer that holds them all (the observations
// compactly, ObsStore: a lunar-rally position takes about 23 kB of its
// 105): the observation of the player to act, the
// legal mask, the heuristic's move as a smoothed one-hot policy and the
// final result as values (blended with the score margin by cfg.Margin), in SelfPlay's convention (seat k of Value is the
// k-th seat after the player to act, scaled to [-1, 1]). Positions with a
// single legal move are skipped, as in self-play. With cfg.Mix, game i is
// played in the mix's configuration i mod n (g the first). progress, if
// not nil, is called after every game. It also returns the number of games played:
// cfg.Games, or fewer when cfg.Duration ran out.
func HeuristicGames(ctx context.Context, g engine.Game, cfg ImitateConfig, progress func(done int)) (*Replay, int, error) {
	if err := cfg.check(); err != nil {
		return nil, 0, err
	}
	games, err := imitationGames(g, cfg)
	if err != nil {
		return nil, 0, err
	}
	st := &imitationState{Config: cfg}
	out := NewReplay(math.MaxInt, engine.ObservationSize(g), g.NumActions(), g.NumPlayers())
	err = playGames(ctx, games, st, out, 1, nil, func() error {
		if progress != nil {
			progress(st.games())
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return out, st.games(), nil
}

// playGames plays the games of st's imitation not yet recorded (from game
// len(st.Records) on, until Config.Games or until Config.Duration of
// playing time, st.Playing included, has run out), `workers` at once (or
// by src, see playRecords), appends their records to st and their
// positions to r in the games' order, and calls after (if not nil) after
// each game; then it marks st played. It stops with ctx's error when ctx
// is done, st holding the games finished. Game i is played in games.of(i).
func playGames(ctx context.Context, games mixGames, st *imitationState, r *Replay, workers int, src ImitationSource, after func() error) error {
	cfg := st.Config
	start, playing := time.Now(), st.Playing
	more := func(game int) bool {
		return cfg.Duration == 0 || game == 0 || playing+time.Since(start) <= cfg.Duration
	}
	err := playRecords(ctx, games, cfg, src, st.games(), cfg.Games, workers, more, func(game int, rec imitation.Record) error {
		if err := addRecord(games.of(game), games.view(game), rec, cfg, game, r); err != nil {
			return err
		}
		st.Records = append(st.Records, rec)
		st.Playing = playing + time.Since(start)
		if after != nil {
			return after()
		}
		return nil
	})
	if err != nil {
		return err
	}
	st.Played = true
	return nil
}

// playRecords plays games first..last-1 of cfg's imitation of games (game
// i in games.of(i)) and hands their records to each in the games' order,
// more and each as imitation.PlayInOrder takes them: on `workers`
// goroutines here with newRecorder's recorders, or, when src is not nil,
// by src (whose records are those of the same recorders).
func playRecords(ctx context.Context, games mixGames, cfg ImitateConfig, src ImitationSource, first, last, workers int,
	more func(game int) bool, each func(game int, rec imitation.Record) error) error {
	if src == nil {
		recorder := func() (imitation.Mix, error) { return newMixRecorder(games, cfg) }
		return imitation.PlayInOrder(ctx, first, last, workers, recorder, more, each)
	}
	if last <= first || (more != nil && !more(first)) {
		return ctx.Err()
	}
	return src.Records(ctx, cfg, first, last, more, each)
}

// addRecord replays rec, game number `game` played in g, and adds its decision
// positions to out (see HeuristicGames for what a position holds), or, with
// cfg.Keep in (0, 1), those of them its draws keep (imitation.Walk). With a
// view (mixGames.view: g has more seats than out's network) each
// observation is recorded through it, with the values of the seats in the
// view (out.Players of them, from the player to act on).
func addRecord(g engine.Game, view func(full, dst []float32), rec imitation.Record, cfg ImitateConfig, game int, out *Replay) error {
	type pending struct {
		s Sample
		p engine.Player
		d int // the decision's number
	}
	np, na, obsSize := out.Players, g.NumActions(), out.ObsSize
	var full []float32
	if view != nil {
		full = make([]float32, engine.ObservationSize(g))
	}
	per := labelsPer(cfg)
	var positions []pending
	s := g.NewInitialState()
	ahead := newStandings(g, s, cfg.Margin, cfg.MarginAhead)
	decisions := 0
	seeds := imitation.Seeds{Seed: cfg.Seed, Game: game}
	err := imitation.Walk(s, rec, seeds, cfg.Keep, per, func(s engine.State, p engine.Player, legal, labels []engine.Action, kept bool) {
		ahead.record(s)
		d := decisions
		decisions++
		if !kept {
			return
		}
		smp := Sample{Obs: make([]float32, obsSize), Mask: make([]float32, na), Policy: make([]float32, na), Value: make([]float32, np)}
		if view == nil {
			s.Observe(p, smp.Obs)
		} else {
			s.Observe(p, full)
			view(full, smp.Obs)
		}
		for _, l := range legal {
			smp.Mask[l] = 1
			smp.Policy[l] = float32(cfg.Smooth / float64(len(legal)))
		}
		w := float32((1 - cfg.Smooth) / float64(per))
		for _, b := range labels {
			smp.Policy[b] += w
		}
		positions = append(positions, pending{smp, p, d})
	})
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadCheckpoint, err)
	}
	values := finalValues(g, s, cfg.Margin, cfg.MarginScale)
	for _, pos := range positions {
		valueTargets(ahead.values(g, s, pos.d, cfg.Margin, cfg.MarginScale, values), pos.p, pos.s.Value)
		if err := out.Add(pos.s); err != nil {
			return err
		}
	}
	return nil
}

// labelsPer is the number of labels a record of cfg's imitation holds per
// decision: NewImitationRecorder's Labeller's Labels().
func labelsPer(cfg ImitateConfig) int { return max(1, cfg.Samples) }

// CheckImitationRecord checks that rec replays as game number `game` of
// cfg's imitation of g (in its configuration of cfg.Mix), as RunImitation
// replays it to make its positions: an error wrapping
// imitation.ErrBadRecord if it does not, or ErrBadImitation if cfg.Mix
// does not load over g.
func CheckImitationRecord(g engine.Game, cfg ImitateConfig, game int, rec imitation.Record) error {
	gi, err := imitationGame(g, cfg, game)
	if err != nil {
		return err
	}
	none := func(engine.State, engine.Player, []engine.Action, []engine.Action, bool) {}
	return imitation.Walk(gi.NewInitialState(), rec, imitation.Seeds{Seed: cfg.Seed, Game: game}, cfg.Keep, labelsPer(cfg), none)
}
