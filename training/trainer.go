package training

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

// GameSource supplies the self-play games of an iteration: Games returns
// games 0..n-1 of iteration it played by net (the games SelfPlay.Play
// would play), in order. from is the source's position saved with the
// last checkpoint (0 at the start of a run); Games returns the position
// after the games, which the trainer keeps in its checkpoint and passes
// back next time, so that a resumed run reads on from where the
// checkpointed one stopped.
type GameSource interface {
	Games(net *models.Network, it int64, n int, from uint64) (games []GameResult, to uint64, err error)
}

// Trainer runs self-play, learning and evaluation in a directory.
type Trainer struct {
	Game engine.Game
	Cfg  Config
	Dir  string
	// Progress, if set, is called after every iteration.
	Progress func(Row)
	// GameProgress, if set, is called during an iteration's self-play after
	// each finished game (see SelfPlay.OnGame): an iteration of a big game
	// takes minutes.
	GameProgress func(done, total int)
	// Source, if set, supplies every iteration's self-play games in place
	// of SelfPlay in this process (package distributed gathers them from
	// workers); GameProgress is then the source's business.
	Source GameSource
	// Matches, if set, plays the evaluation matches in place of EvalMatch
	// in this process (LocalMatches; package distributed has workers play
	// them).
	Matches MatchSource
	// Imitations, if set, plays the games of the run's imitations
	// (RunImitation, Imitate's held-out games) in place of this process
	// (package distributed has workers play them).
	Imitations ImitationSource
	// Now is the clock used for provenance dates (time.Now if nil; see
	// ProvenanceClock for SOURCE_DATE_EPOCH); tests
	// fix it.
	Now func() time.Time

	net      *models.Network
	learner  *Learner
	ck       *checkpoint
	previous *models.Network
	// covers are the configurations of the run's mix but its own (ck.Mix),
	// which its model files list as the network's Covers.
	covers []engine.Params
}

// NewTrainer starts a fresh run of g in dir, which must not hold a
// checkpoint yet (use Resume).
func NewTrainer(g engine.Game, cfg Config, dir string) (*Trainer, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, CheckpointFile)); err == nil {
		return nil, fmt.Errorf("training: %s already holds a run: resume it or choose another --out", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	arch, err := cfg.Arch(models.ShapesOf(g))
	if err != nil {
		return nil, err
	}
	m, err := models.NewModel(g, arch, cfg.Seed)
	if err != nil {
		return nil, err
	}
	s := m.Net.Shapes
	ck := &checkpoint{
		Version: checkpointVersion, Game: g.Spec().Name, Params: g.Params().Clone(), Config: cfg,
		Adam:      NewAdam(m.Net, cfg.LR, cfg.WeightDecay),
		Replay:    NewReplay(cfg.BufferSize, s.ObsSize(), s.Actions, s.Players),
		BestScore: math.Inf(-1),
	}
	return newTrainer(g, ck, m.Net, nil, dir)
}

// Resume continues the run saved in dir.
func Resume(dir string) (*Trainer, error) {
	ck, err := loadCheckpoint(dir)
	if err != nil {
		return nil, err
	}
	g, err := engine.Load(ck.Game, ck.Params)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadCheckpoint, err)
	}
	m, err := models.Decode(ck.Model)
	if err != nil {
		return nil, fmt.Errorf("%w: model: %w", ErrBadCheckpoint, err)
	}
	if err := m.Check(g); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadCheckpoint, err)
	}
	var prev *models.Network
	if ck.Previous != nil {
		pm, err := models.Decode(ck.Previous)
		if err != nil {
			return nil, fmt.Errorf("%w: previous model: %w", ErrBadCheckpoint, err)
		}
		prev = pm.Net
	}
	return newTrainer(g, ck, m.Net, prev, dir)
}

func newTrainer(g engine.Game, ck *checkpoint, net, prev *models.Network, dir string) (*Trainer, error) {
	if len(ck.Adam.M) != len(net.Weights) {
		return nil, fmt.Errorf("%w: optimizer state does not fit the network", ErrBadCheckpoint)
	}
	covers, err := mixCovers(g, ck.Mix)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadCheckpoint, err)
	}
	l, err := NewLearner(net, ck.Adam, ck.Replay, ck.Config.BatchSize)
	if err != nil {
		return nil, err
	}
	return &Trainer{Game: g, Cfg: ck.Config, Dir: dir, net: net, learner: l, ck: ck, previous: prev, covers: covers}, nil
}

// Close releases the learner's graph.
func (t *Trainer) Close() error { return t.learner.Close() }

// Iteration is the number of iterations done.
func (t *Trainer) Iteration() int64 { return t.ck.Iteration }

// Network is the current network (shared: do not change it while training).
func (t *Trainer) Network() *models.Network { return t.net }

// Best is the iteration of best.safetensors and its score (the mean win
// rate against random and the heuristic); 0 before the first evaluation.
func (t *Trainer) Best() (iteration int64, score float64) {
	return t.ck.BestIteration, t.ck.BestScore
}

// Metrics are the rows so far.
func (t *Trainer) Metrics() []Row { return t.ck.Metrics }

// Run does iterations until the run has done `until` of them in all (0:
// no limit), the deadline passes (zero: none) or ctx is done, checkpointing
// every CkptEvery iterations and at the end.
func (t *Trainer) Run(ctx context.Context, until int64, deadline time.Time) error {
	if until <= 0 && deadline.IsZero() && ctx.Done() == nil {
		return fmt.Errorf("%w: a run needs an iteration count, a duration or a context to stop it", ErrBadConfig)
	}
	saved := true
	for until <= 0 || t.ck.Iteration < until {
		if ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline)) {
			break
		}
		if err := t.Step(); err != nil {
			return err
		}
		saved = false
		if t.ck.Iteration%int64(t.Cfg.CkptEvery) == 0 {
			if err := t.Save(); err != nil {
				return err
			}
			saved = true
		}
	}
	if !saved {
		return t.Save()
	}
	return nil
}

// Step does one iteration: self-play, learning, and evaluation when due.
func (t *Trainer) Step() error {
	if t.ck.Pending != nil {
		return fmt.Errorf("%w in %s: continue it with imitate --resume before self-play", ErrUnfinishedImitation, t.Dir)
	}
	if t.ck.Mix != "" {
		return fmt.Errorf("%w: %w", ErrBadConfig, errMixSelfPlay)
	}
	cfg := t.Cfg
	it := t.ck.Iteration
	start := time.Now()
	games, err := t.selfPlay(it)
	if err != nil {
		return err
	}
	samples := 0
	for _, gr := range games {
		for _, s := range gr.Samples {
			if err := t.ck.Replay.Add(s); err != nil {
				return err
			}
		}
		samples += len(gr.Samples)
	}
	playTime := time.Since(start).Seconds()
	row := Row{
		Iteration: it + 1, PolicyLoss: math.NaN(), ValueLoss: math.NaN(), TotalLoss: math.NaN(),
		VsRandom: math.NaN(), VsHeuristic: math.NaN(), VsPrevious: math.NaN(),
		VsRandomLow: math.NaN(), VsRandomHigh: math.NaN(), VsHeuristicLow: math.NaN(),
		VsHeuristicHigh: math.NaN(), VsPreviousLow: math.NaN(), VsPreviousHigh: math.NaN(),
		GamesPerSec: float64(len(games)) / playTime, SamplesPerSec: float64(samples) / playTime,
	}
	if t.ck.Replay.Len() >= cfg.MinSamples && cfg.Steps > 0 {
		rng := rand.New(rand.NewPCG(cfg.Seed^0x6c6561726e, uint64(it)))
		loss, err := t.learner.Train(t.ck.Replay, cfg.Steps, rng)
		if err != nil {
			return err
		}
		row.PolicyLoss, row.ValueLoss, row.TotalLoss = loss.Policy, loss.Value, loss.Total
		t.ck.Steps += int64(cfg.Steps)
	}
	t.ck.Iteration++
	t.ck.Games += int64(len(games))
	t.ck.Samples += int64(samples)
	if cfg.EvalEvery > 0 && t.ck.Iteration%int64(cfg.EvalEvery) == 0 && cfg.EvalGames > 0 {
		if err := t.evaluate(&row); err != nil {
			return err
		}
	}
	t.ck.Elapsed += time.Since(start).Seconds()
	row.Elapsed, row.Games, row.Samples, row.Steps, row.Buffer = t.ck.Elapsed, t.ck.Games, t.ck.Samples, t.ck.Steps, t.ck.Replay.Len()
	t.ck.Metrics = append(t.ck.Metrics, row)
	if t.Progress != nil {
		t.Progress(row)
	}
	return nil
}

// selfPlay gets iteration it's games from the Source, or plays them here.
func (t *Trainer) selfPlay(it int64) ([]GameResult, error) {
	if t.Source != nil {
		games, pos, err := t.Source.Games(t.net, it, t.Cfg.Games, t.ck.Position)
		if err != nil {
			return nil, err
		}
		if len(games) != t.Cfg.Games {
			return nil, fmt.Errorf("training: game source gave %d games, want %d", len(games), t.Cfg.Games)
		}
		t.ck.Position = pos
		return games, nil
	}
	sp := SelfPlay{Game: t.Game, Cfg: t.Cfg, OnGame: t.GameProgress}
	if groups := t.Cfg.groups(); t.Cfg.Shards && groups > 1 {
		// One evaluator per group, its own cache and no split: the cores
		// share no lock and no cache line (docs/benchmarks/learning.md
		// measures what it gives).
		evs := make([]mcts.Evaluator, groups)
		for i := range evs {
			ev, err := models.NewEvaluator(t.Game, t.net, t.Cfg.CacheSize/groups)
			if err != nil {
				return nil, err
			}
			ev.SetWorkers(1)
			evs[i] = ev
		}
		return sp.PlayShards(evs, it, t.Cfg.Games)
	}
	ev, err := models.NewEvaluator(t.Game, t.net, t.Cfg.CacheSize)
	if err != nil {
		return nil, err
	}
	return sp.Play(ev, it, t.Cfg.Games)
}

// evaluate plays the network against random, the heuristic (if the game
// has one) and the previous evaluated network through the arena (seats
// rotated, EvalGames games each; here or by the Matches source), and keeps the best model: the one with
// the best mean win rate against random and the heuristic (unless
// KeepLatest: then the latest network is the run's model).
func (t *Trainer) evaluate(row *Row) error {
	cfg := t.Cfg
	seed := seedFor(cfg.Seed^0x6576616c, t.ck.Iteration, 0)
	name := "net"
	if cfg.EvalSims > 0 {
		name = fmt.Sprintf("az:sims=%d", cfg.EvalSims)
		if cfg.Gumbel {
			name += ",gumbel=1"
		}
	}
	var matches MatchSource = LocalMatches{Game: t.Game}
	if t.Matches != nil {
		matches = t.Matches
	}
	play := func(opp Opponent, opening int, seed uint64) (arena.AgentStats, error) {
		return matches.Play(Match{Iteration: t.ck.Iteration, Name: name, Net: t.net, Search: cfg.EvalSearch(),
			Opponent: opp, Games: cfg.EvalGames, Opening: opening, Seed: seed})
	}
	m, err := play(Opponent{Name: "random"}, 0, seed)
	if err != nil {
		return err
	}
	row.VsRandom, row.VsRandomLow, row.VsRandomHigh = m.WinRate, m.CI95[0], m.CI95[1]
	score, parts := m.WinRate, 1.0
	if _, herr := agents.HeuristicFor(t.Game.Spec().Name); herr == nil {
		// A greedy network and a deterministic heuristic would replay a
		// game or two: open each game with random moves.
		m, err := play(Opponent{Name: "heuristic"}, cfg.EvalOpen, seed+1)
		if err != nil {
			return err
		}
		row.VsHeuristic, row.VsHeuristicLow, row.VsHeuristicHigh = m.WinRate, m.CI95[0], m.CI95[1]
		score += m.WinRate
		parts++
	} else if !errors.Is(herr, agents.ErrNoHeuristic) {
		return herr
	}
	if t.previous != nil {
		m, err := play(Opponent{Name: "previous " + name, Net: t.previous}, cfg.EvalOpen, seed+2)
		if err != nil {
			return err
		}
		row.VsPrevious, row.VsPreviousLow, row.VsPreviousHigh = m.WinRate, m.CI95[0], m.CI95[1]
	}
	t.previous = t.net.Clone()
	prevModel, err := t.encode(t.previous)
	if err != nil {
		return err
	}
	t.ck.Previous = prevModel
	if score /= parts; score >= t.ck.BestScore && !cfg.KeepLatest {
		t.ck.BestScore, t.ck.BestIteration = score, t.ck.Iteration
		if err := models.WriteFileAtomic(filepath.Join(t.Dir, BestFile), prevModel); err != nil {
			return err
		}
	}
	return nil
}

// model wraps a network with the run's game and provenance.
func (t *Trainer) model(net *models.Network) *models.Model {
	now := time.Now
	if t.Now != nil {
		now = t.Now
	}
	data := "moongym train self-play: " + t.Cfg.String()
	if im := t.imitationData(); im != "" {
		data = im + "; settings: " + t.Cfg.String()
		if t.ck.Iteration > 0 {
			data = im + "; then moongym train self-play: " + t.Cfg.String()
		}
	}
	if len(t.ck.Retunes) > 0 {
		data += "; retuned " + strings.Join(t.ck.Retunes, "; ")
	}
	return &models.Model{
		Game: t.ck.Game, Params: t.ck.Params, Covers: t.covers, Net: net,
		Provenance: models.Provenance{
			Steps: t.ck.Steps, Iterations: t.ck.Iteration, Games: t.ck.Games, Samples: t.ck.Samples,
			Date: ProvenanceDate(now()), Seed: t.Cfg.Seed, Data: data,
		},
	}
}

func (t *Trainer) encode(net *models.Network) ([]byte, error) {
	var buf bytes.Buffer
	if err := t.model(net).Encode(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Save writes the latest model, the metrics and, last, the checkpoint, each
// atomically: a crash leaves the previous checkpoint or this one.
func (t *Trainer) Save() error {
	cur, err := t.encode(t.net)
	if err != nil {
		return err
	}
	t.ck.Model = cur
	if err := models.WriteFileAtomic(filepath.Join(t.Dir, LatestFile), cur); err != nil {
		return err
	}
	csvData, err := MetricsCSV(t.ck.Metrics)
	if err != nil {
		return err
	}
	if err := models.WriteFileAtomic(filepath.Join(t.Dir, MetricsFile), csvData); err != nil {
		return err
	}
	png, err := MetricsPNG(t.ck.Metrics, t.ck.Game)
	if err != nil {
		return err
	}
	if err := models.WriteFileAtomic(filepath.Join(t.Dir, PlotFile), png); err != nil {
		return err
	}
	if err := t.writeImitationCurve(ImitationCSVFile, ImitationPNGFile); err != nil {
		return err
	}
	return t.ck.save(t.Dir)
}

// writeImitationCurve writes the imitation's learning curve, if the run
// has one, to the files csvName and pngName in the run's directory.
func (t *Trainer) writeImitationCurve(csvName, pngName string) error {
	c := t.ck.ImitationCurve
	if len(c) == 0 {
		return nil
	}
	data, err := ImitationCSV(c)
	if err != nil {
		return err
	}
	if err := models.WriteFileAtomic(filepath.Join(t.Dir, csvName), data); err != nil {
		return err
	}
	if data, err = ImitationPNG(c, t.ck.Game); err != nil {
		return err
	}
	return models.WriteFileAtomic(filepath.Join(t.Dir, pngName), data)
}

// Position is the game source's position saved in the checkpoint (see
// GameSource; 0 without one).
func (t *Trainer) Position() uint64 { return t.ck.Position }

// Optimizer is the optimizer's state.
func (t *Trainer) Optimizer() *Adam { return t.ck.Adam }

// Replay is the replay buffer.
func (t *Trainer) Replay() *Replay { return t.ck.Replay }
