package training

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
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
	// Duration, if positive, caps the time spent playing games: fewer than
	// Games are played when it runs out (at least one). A capped run is no
	// longer reproducible.
	Duration time.Duration
	// Margin and MarginScale blend the final score margin into the value
	// targets, as the training settings margin and marginscale do (Config).
	Margin, MarginScale float64
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
	case c.Samples < 0 || c.Samples > 1000:
		return fmt.Errorf("%w: samples=%d, want 0..1000", ErrBadImitation, c.Samples)
	case !(c.Margin >= 0 && c.Margin <= 1) || (c.Margin > 0 && !(c.MarginScale > 0)):
		return fmt.Errorf("%w: margin=%v, marginscale=%v, want margin in [0, 1] and a positive scale", ErrBadImitation, c.Margin, c.MarginScale)
	}
	return nil
}

// ImitateStats says what an imitation did.
type ImitateStats struct {
	Games, Positions, Steps int
	// Losses are the mean losses of the last tenth of the steps.
	Losses graph.Losses
}

// HeuristicGames plays cfg.Games games of g's heuristic against itself
// (one agent per seat, each cfg.Epsilon random moves) and returns their
// decision positions in a buffer that holds them all (flat, one copy: a
// lunar-rally position is 77 kB): the observation of the player to act, the
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
	h, err := agents.HeuristicFor(g.Spec().Name)
	if err != nil {
		return nil, 0, err
	}
	np, na, obsSize := g.NumPlayers(), g.NumActions(), engine.ObservationSize(g)
	out := NewReplay(math.MaxInt, obsSize, na, np)
	var legal []engine.Action
	var outcomes []engine.Outcome
	type pending struct {
		s Sample
		p engine.Player
	}
	start := time.Now()
	played := 0
	for game := 0; game < cfg.Games; game++ {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		if cfg.Duration > 0 && game > 0 && time.Since(start) > cfg.Duration {
			break
		}
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(game)))
		seats := make([]agents.Agent, np)
		var askers []agents.Agent // the extra samples' agents (Samples > 1)
		for p := range seats {
			if seats[p], err = h.New(g, cfg.Seed^(uint64(game)*0x9e3779b97f4a7c15+uint64(p)+1)); err != nil {
				return nil, 0, err
			}
			if cfg.Samples > 1 {
				a, err := h.New(g, ^cfg.Seed^(uint64(game)*0x9e3779b97f4a7c15+uint64(p)+1))
				if err != nil {
					return nil, 0, err
				}
				askers = append(askers, a)
			}
		}
		var positions []pending
		s := g.NewInitialState()
		for moves := 0; !s.IsTerminal(); moves++ {
			if moves > g.MaxGameLength() {
				return nil, 0, fmt.Errorf("training: imitation game exceeded MaxGameLength %d", g.MaxGameLength())
			}
			p := s.CurrentPlayer()
			if p == engine.Chance {
				outcomes = s.ChanceOutcomes(outcomes)
				s.Apply(engine.SampleOutcome(outcomes, rng.Float64()))
				continue
			}
			legal = s.LegalActions(legal)
			if len(legal) == 1 {
				s.Apply(legal[0])
				continue
			}
			a, err := seats[p].Act(s)
			if err != nil {
				return nil, 0, fmt.Errorf("training: heuristic: %w", err)
			}
			smp := Sample{Obs: make([]float32, obsSize), Mask: make([]float32, na), Policy: make([]float32, na), Value: make([]float32, np)}
			s.Observe(p, smp.Obs)
			for _, l := range legal {
				smp.Mask[l] = 1
				smp.Policy[l] = float32(cfg.Smooth / float64(len(legal)))
			}
			if cfg.Samples > 1 {
				w := float32((1 - cfg.Smooth) / float64(cfg.Samples))
				smp.Policy[a] += w
				for range cfg.Samples - 1 {
					b, err := askers[p].Act(s)
					if err != nil {
						return nil, 0, fmt.Errorf("training: heuristic: %w", err)
					}
					smp.Policy[b] += w
				}
			} else {
				smp.Policy[a] += float32(1 - cfg.Smooth)
			}
			positions = append(positions, pending{smp, p})
			if rng.Float64() < cfg.Epsilon {
				a = legal[rng.IntN(len(legal))]
			}
			s.Apply(a)
		}
		values := finalValues(g, s, cfg.Margin, cfg.MarginScale)
		for _, pos := range positions {
			valueTargets(values, pos.p, pos.s.Value)
			if err := out.Add(pos.s); err != nil {
				return nil, 0, err
			}
		}
		played++
		if progress != nil {
			progress(played)
		}
	}
	return out, played, nil
}

// Imitate trains t's network by supervised learning on the positions of r
// (from HeuristicGames) with t's optimizer and batch size, then saves the
// run, so that Resume(t.Dir) continues by self-play from the imitated
// network. The positions are not put into the run's replay buffer, and the
// run's iteration count stays as it was. progress, if not nil, is
// called with the steps done and the total.
func Imitate(ctx context.Context, t *Trainer, r *Replay, cfg ImitateConfig, progress func(done, total int)) (ImitateStats, error) {
	if err := cfg.check(); err != nil {
		return ImitateStats{}, err
	}
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
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x696d6974))
	st := ImitateStats{Positions: samples, Steps: steps}
	chunk := max(1, steps/100)
	tail := max(1, steps/10)
	var sum graph.Losses
	for done := 0; done < steps; {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		k := min(chunk, steps-done)
		loss, err := l.Train(r, k, rng)
		if err != nil {
			return st, err
		}
		if done+k > steps-tail {
			w := float64(min(k, done+k-(steps-tail)))
			sum.Policy += loss.Policy * w
			sum.Value += loss.Value * w
			sum.Total += loss.Total * w
		}
		done += k
		if progress != nil {
			progress(done, steps)
		}
	}
	n := float64(min(tail, steps))
	st.Losses = graph.Losses{Policy: sum.Policy / n, Value: sum.Value / n, Total: sum.Total / n}
	samp := ""
	if cfg.Samples > 1 {
		samp = fmt.Sprintf(", samples=%d", cfg.Samples)
	}
	t.ck.Imitation = fmt.Sprintf("moongym imitate: %d positions of heuristic games (epsilon=%v, smooth=%v%s, seed=%d), %d epochs, %d steps",
		st.Positions, cfg.Epsilon, cfg.Smooth, samp, cfg.Seed, cfg.Epochs, steps)
	return st, t.Save()
}
