package training

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models/graph"
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
}

// imitated is the player an imitation learns from: the game's heuristic,
// or with cfg.Expert its expert player in the heuristic's place.
func imitated(g engine.Game, cfg ImitateConfig) (agents.Heuristic, error) {
	h, err := agents.HeuristicFor(g.Spec().Name)
	if err != nil || !cfg.Expert {
		return h, err
	}
	if h.New, err = agents.ExpertFor(g.Spec().Name); err != nil {
		return h, fmt.Errorf("%w: %w", ErrBadImitation, err)
	}
	return h, nil
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
// single legal move are skipped, as in self-play. progress, if not nil, is
// called after every game. It also returns the number of games played:
// cfg.Games, or fewer when cfg.Duration ran out.
func HeuristicGames(ctx context.Context, g engine.Game, cfg ImitateConfig, progress func(done int)) (*Replay, int, error) {
	if err := cfg.check(); err != nil {
		return nil, 0, err
	}
	st := &imitationState{Config: cfg}
	out := NewReplay(math.MaxInt, engine.ObservationSize(g), g.NumActions(), g.NumPlayers())
	err := playGames(ctx, g, st, out, 1, func() error {
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
// playing time, st.Playing included, has run out), `workers` at once,
// appends their records to st and their positions to r in the games'
// order, and calls after (if not nil) after each game; then it marks st
// played. It stops with ctx's error when ctx is
// done, st holding the games finished.
func playGames(ctx context.Context, g engine.Game, st *imitationState, r *Replay, workers int, after func() error) error {
	cfg := st.Config
	start, playing := time.Now(), st.Playing
	more := func(game int) bool {
		return cfg.Duration == 0 || game == 0 || playing+time.Since(start) <= cfg.Duration
	}
	err := playInOrder(ctx, g, cfg, st.games(), cfg.Games, workers, more, func(game int, rec gameRecord) error {
		if err := addRecord(g, rec, cfg, game, r); err != nil {
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

// gameRecord is one heuristic game, enough to rebuild its positions: the
// actions applied (chance outcomes and forced moves included) and, at each
// recorded decision (a player to act with more than one legal move), the
// heuristic's move followed by the other askings (cfg.Samples-1 of them).
type gameRecord struct {
	Actions []engine.Action
	Asked   []engine.Action
}

// playRecord plays game number `game` of an imitation (its seed derived
// from cfg.Seed and the number, so games can be played in any order or
// resumed) and records it. When f follows the game (cfg.Follow), f's
// network plays its decisions; the heuristic's move is recorded either way,
// or, with a teacher (cfg.Teacher), the teacher's at the positions kept.
func playRecord(g engine.Game, h agents.Heuristic, f *follower, tch *teacher, cfg ImitateConfig, game int) (gameRecord, error) {
	np := g.NumPlayers()
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(game)))
	seats := make([]agents.Agent, np)
	var askers []agents.Agent // the extra samples' agents (Samples > 1)
	var err error
	for p := range seats {
		if seats[p], err = h.New(g, cfg.Seed^(uint64(game)*0x9e3779b97f4a7c15+uint64(p)+1)); err != nil {
			return gameRecord{}, err
		}
		if cfg.Samples > 1 {
			a, err := h.New(g, ^cfg.Seed^(uint64(game)*0x9e3779b97f4a7c15+uint64(p)+1))
			if err != nil {
				return gameRecord{}, err
			}
			askers = append(askers, a)
		}
	}
	var teach []agents.Agent
	if tch != nil {
		if teach, err = tch.seats(cfg, game); err != nil {
			return gameRecord{}, err
		}
	}
	keep := keeper(cfg, game)
	follow := f.follows(cfg, game)
	var rec gameRecord
	var legal []engine.Action
	var outcomes []engine.Outcome
	s := g.NewInitialState()
	for moves := 0; !s.IsTerminal(); moves++ {
		if moves > g.MaxGameLength() {
			return gameRecord{}, fmt.Errorf("training: imitation game exceeded MaxGameLength %d", g.MaxGameLength())
		}
		var a engine.Action
		switch p := s.CurrentPlayer(); {
		case p == engine.Chance:
			outcomes = s.ChanceOutcomes(outcomes)
			a = engine.SampleOutcome(outcomes, rng.Float64())
		default:
			legal = s.LegalActions(legal)
			if len(legal) == 1 {
				a = legal[0]
				break
			}
			if a, err = seats[p].Act(s); err != nil {
				return gameRecord{}, fmt.Errorf("training: heuristic: %w", err)
			}
			label := a
			// kept first: one keep draw per decision, teacher or not, as addRecord draws
			if kept(keep, cfg) && teach != nil {
				if label, err = teach[p].Act(s); err != nil {
					return gameRecord{}, fmt.Errorf("training: teacher: %w", err)
				}
			}
			rec.Asked = append(rec.Asked, label)
			for range cfg.Samples - 1 {
				b, err := askers[p].Act(s)
				if err != nil {
					return gameRecord{}, fmt.Errorf("training: heuristic: %w", err)
				}
				rec.Asked = append(rec.Asked, b)
			}
			if follow {
				if a, err = f.act(s, legal); err != nil {
					return gameRecord{}, fmt.Errorf("training: follow: %w", err)
				}
			}
			if rng.Float64() < cfg.Epsilon {
				a = legal[rng.IntN(len(legal))]
			}
		}
		rec.Actions = append(rec.Actions, a)
		s.Apply(a)
	}
	return rec, nil
}

// addRecord replays rec, game number `game`, and adds its decision
// positions to out (see HeuristicGames for what a position holds), or, with
// cfg.Keep in (0, 1), those of them its draws keep.
func addRecord(g engine.Game, rec gameRecord, cfg ImitateConfig, game int, out *Replay) error {
	type pending struct {
		s Sample
		p engine.Player
		d int // the decision's number
	}
	np, na, obsSize := g.NumPlayers(), g.NumActions(), engine.ObservationSize(g)
	per := max(1, cfg.Samples)
	keep := keeper(cfg, game) // nil: every position
	var positions []pending
	var legal []engine.Action
	s := g.NewInitialState()
	asked := rec.Asked
	ahead := newStandings(g, s, cfg.Margin, cfg.MarginAhead)
	decisions := 0
	for _, a := range rec.Actions {
		if s.IsTerminal() {
			return fmt.Errorf("%w: a recorded game goes on after its end", ErrBadCheckpoint)
		}
		if p := s.CurrentPlayer(); p != engine.Chance {
			if legal = s.LegalActions(legal); len(legal) > 1 {
				ahead.record(s)
				d := decisions
				decisions++
				if len(asked) < per {
					return fmt.Errorf("%w: a recorded game lacks the heuristic's moves", ErrBadCheckpoint)
				}
				for _, b := range asked[:per] {
					if b < 0 || int(b) >= na || !slices.Contains(legal, b) {
						return fmt.Errorf("%w: a recorded heuristic move %d is not legal", ErrBadCheckpoint, b)
					}
				}
				if kept(keep, cfg) {
					smp := Sample{Obs: make([]float32, obsSize), Mask: make([]float32, na), Policy: make([]float32, na), Value: make([]float32, np)}
					s.Observe(p, smp.Obs)
					for _, l := range legal {
						smp.Mask[l] = 1
						smp.Policy[l] = float32(cfg.Smooth / float64(len(legal)))
					}
					w := float32((1 - cfg.Smooth) / float64(per))
					for _, b := range asked[:per] {
						smp.Policy[b] += w
					}
					positions = append(positions, pending{smp, p, d})
				}
				asked = asked[per:]
			}
		}
		s.Apply(a)
	}
	if !s.IsTerminal() || len(asked) != 0 {
		return fmt.Errorf("%w: a recorded game does not end where its record does", ErrBadCheckpoint)
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

// Imitate trains t's network by supervised learning on the positions of r
// (from HeuristicGames) with t's optimizer and batch size, then saves the
// run, so that Resume(t.Dir) continues by self-play from the imitated
// network. The positions are not put into the run's replay buffer, and the
// run's iteration count stays as it was. progress, if not nil, is
// called with the steps done and the total. RunImitation does the same
// with the games included, and can be resumed.
func Imitate(ctx context.Context, t *Trainer, r *Replay, cfg ImitateConfig, progress func(done, total int)) (ImitateStats, error) {
	if err := cfg.check(); err != nil {
		return ImitateStats{}, err
	}
	st := &imitationState{Config: cfg}
	held, err := heldOutPositions(ctx, t.Game, cfg, 1)
	if err != nil {
		return ImitateStats{}, err
	}
	return learnImitation(ctx, t, r, held, st, progress, nil)
}

// learnImitation trains t's network on r from where st stands (st.Done
// steps done, the batches' generator in st.RNG), calling save (if not nil)
// after chunks of steps with st brought up to date, and, at the end, marks
// the imitation done in t's checkpoint and saves the run. It adds the
// points of the imitation curve to t's checkpoint as it goes, measuring
// the loss on held (nil: none) at each.
func learnImitation(ctx context.Context, t *Trainer, r, held *Replay, st *imitationState, progress func(done, total int), save func() error) (ImitateStats, error) {
	cfg := st.Config
	if r == nil || r.Len() == 0 {
		return ImitateStats{}, fmt.Errorf("%w: no positions to learn from", ErrBadImitation)
	}
	if sh := t.Network().Shapes; r.ObsSize != sh.ObsSize() || r.Actions != sh.Actions || r.Players != sh.Players {
		return ImitateStats{}, fmt.Errorf("%w: positions of sizes %d/%d/%d for a network of %d/%d/%d", ErrBadImitation,
			r.ObsSize, r.Actions, r.Players, sh.ObsSize(), sh.Actions, sh.Players)
	}
	samples := r.Len()
	l, err := NewLearner(t.Network(), t.Optimizer(), r, t.Cfg.BatchSize)
	if err != nil {
		return ImitateStats{}, err
	}
	defer l.Close()
	steps := max(1, cfg.Epochs*samples/t.Cfg.BatchSize)
	pcg := rand.NewPCG(cfg.Seed, 0x696d6974)
	if st.RNG != nil {
		if err := pcg.UnmarshalBinary(st.RNG); err != nil {
			return ImitateStats{}, fmt.Errorf("%w: imitation batches: %w", ErrBadCheckpoint, err)
		}
	}
	rng := rand.New(pcg)
	out := ImitateStats{Games: st.games(), Positions: samples, Steps: steps, HeldOut: nanLosses}
	if held != nil {
		out.HeldOutPositions = held.Len()
	}
	chunk := max(1, steps/100)
	tail := max(1, steps/10)
	// point adds a point of the curve at st.Done, with the mean loss of the
	// steps since the last one.
	point := func() error {
		pt := ImitatePoint{Step: st.Done, Epoch: float64(st.Done) * float64(t.Cfg.BatchSize) / float64(samples), Train: nanLosses, HeldOut: nanLosses}
		if st.AccSteps > 0 {
			n := float64(st.AccSteps)
			pt.Train = graph.Losses{Policy: st.Acc.Policy / n, Value: st.Acc.Value / n, Total: st.Acc.Total / n}
		}
		if held != nil {
			var err error
			if pt.HeldOut, err = heldOutLoss(l, held); err != nil {
				return err
			}
		}
		st.Acc, st.AccSteps = graph.Losses{}, 0
		t.ck.ImitationCurve = append(t.ck.ImitationCurve, pt)
		for st.Tenth <= 10 && st.Tenth*steps/10 <= st.Done {
			st.Tenth++
		}
		return nil
	}
	if st.Done == 0 && st.Tenth == 0 {
		t.ck.ImitationCurve = nil
		if err := point(); err != nil {
			return out, err
		}
	}
	if progress != nil && st.Done > 0 {
		progress(st.Done, steps)
	}
	for st.Done < steps {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		done := st.Done
		k := min(chunk, steps-done)
		loss, err := l.Train(r, k, rng)
		if err != nil {
			return out, err
		}
		if done+k > steps-tail {
			w := float64(min(k, done+k-(steps-tail)))
			st.Sum.Policy += loss.Policy * w
			st.Sum.Value += loss.Value * w
			st.Sum.Total += loss.Total * w
		}
		st.Done = done + k
		st.Acc.Policy += loss.Policy * float64(k)
		st.Acc.Value += loss.Value * float64(k)
		st.Acc.Total += loss.Total * float64(k)
		st.AccSteps += k
		if st.Tenth*steps/10 <= st.Done {
			if err := point(); err != nil {
				return out, err
			}
		}
		if progress != nil {
			progress(st.Done, steps)
		}
		if save != nil && st.Done < steps {
			if st.RNG, err = pcg.MarshalBinary(); err != nil {
				return out, err
			}
			if err := save(); err != nil {
				return out, err
			}
		}
	}
	n := float64(min(tail, steps))
	out.Losses = graph.Losses{Policy: st.Sum.Policy / n, Value: st.Sum.Value / n, Total: st.Sum.Total / n}
	if c := t.ck.ImitationCurve; held != nil && len(c) > 0 {
		out.HeldOut = c[len(c)-1].HeldOut
	}
	samp := ""
	if cfg.Samples > 1 {
		samp = fmt.Sprintf(", samples=%d", cfg.Samples)
	}
	if cfg.Keep > 0 && cfg.Keep < 1 {
		samp += fmt.Sprintf(", keep=%v", cfg.Keep)
	}
	if cfg.Follow > 0 {
		samp += fmt.Sprintf(", follow=%v of the games played by %s", cfg.Follow, cfg.FollowModel)
	}
	if cfg.Teacher != "" {
		samp += fmt.Sprintf(", labelled by %s searched with %d simulations", cfg.Teacher, cfg.TeacherSims)
	}
	who := "heuristic"
	if cfg.Expert {
		who = "expert"
	}
	t.ck.Imitation = fmt.Sprintf("moongym imitate: %d positions of %s games (epsilon=%v, smooth=%v%s, seed=%d), %d epochs, %d steps",
		out.Positions, who, cfg.Epsilon, cfg.Smooth, samp, cfg.Seed, cfg.Epochs, steps)
	t.ck.Pending = nil
	return out, t.Save()
}
