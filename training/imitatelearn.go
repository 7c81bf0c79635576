package training

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/moongym/moongym/models/graph"
)

// Imitate trains t's network by supervised learning on the positions of r
// (from HeuristicGames) with t's optimizer and batch size, then saves the
// run, so that Resume(t.Dir) continues by self-play from the imitated
// network. The positions are not put into the run's replay buffer, and the
// run's iteration count stays as it was. progress, if not nil, is
// called with the steps done and the total. The held-out games
// (cfg.HoldOut) are played here, or by t.Imitations when it is set.
// RunImitation does the same with the games included, and can be resumed.
func Imitate(ctx context.Context, t *Trainer, r *Replay, cfg ImitateConfig, progress func(done, total int)) (ImitateStats, error) {
	cfg, games, err := t.imitationSetup(cfg)
	if err != nil {
		return ImitateStats{}, err
	}
	st := &imitationState{Config: cfg}
	held, err := heldOutPositions(ctx, games, cfg, 1, t.Imitations)
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
	t.ck.Imitation = cfg.describe(out.Positions, steps)
	t.ck.Pending = nil
	return out, t.Save()
}

// describe is the provenance line of an imitation of c that learned from
// `positions` positions in `steps` steps (the run's Imitation).
func (c ImitateConfig) describe(positions, steps int) string {
	samp := ""
	if c.Samples > 1 {
		samp = fmt.Sprintf(", samples=%d", c.Samples)
	}
	if c.Keep > 0 && c.Keep < 1 {
		samp += fmt.Sprintf(", keep=%v", c.Keep)
	}
	if c.Follow > 0 {
		samp += fmt.Sprintf(", follow=%v of the games played by %s", c.Follow, c.FollowModel)
	}
	if c.Teacher != "" {
		samp += fmt.Sprintf(", labelled by %s searched with %d simulations", c.Teacher, c.TeacherSims)
	}
	if mix := mixDescription(c.Mix); mix != "" {
		samp += fmt.Sprintf(", games in turn over %d configurations (%s)", strings.Count(c.Mix, mixSep)+1, mix)
	}
	who := "heuristic"
	if c.Expert {
		who = "expert"
	}
	return fmt.Sprintf("moongym imitate: %d positions of %s games (epsilon=%v, smooth=%v%s, seed=%d), %d epochs, %d steps",
		positions, who, c.Epsilon, c.Smooth, samp, c.Seed, c.Epochs, steps)
}
