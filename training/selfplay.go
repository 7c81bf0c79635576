package training

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

// SelfPlay plays games of a game against itself with MCTS over a shared
// evaluator and turns them into training positions.
type SelfPlay struct {
	Game engine.Game
	Cfg  Config
	// OnGame, if set, is called after each finished game with the number
	// of games finished so far and the number to play. It is called from
	// the games' goroutines, one call at a time, done counting up.
	OnGame func(done, total int)

	// onSearch, if set (by tests), is called after every search of a
	// decision with whether it was a full one, its result and the move
	// played.
	onSearch func(full bool, r mcts.Result, played engine.Action)
}

// GameResult is one self-play game: its positions, in order, and its
// length and returns.
type GameResult struct {
	Samples []Sample
	Moves   int
	Returns []float64
}

// seedFor derives the seed of game i of iteration it.
func seedFor(seed uint64, it int64, i int) uint64 {
	r := rand.New(rand.NewPCG(seed^0x73656c66, uint64(it)<<20|uint64(i)))
	return r.Uint64()
}

// Play plays n games of iteration it, Cfg.Parallel at a time, each search in
// its own goroutine. The games are split into Cfg.Groups groups (workers
// are dealt round-robin), each with its own Batcher over ev, so that while
// one group's batch is evaluated the other groups' searches run: with a
// concurrent ev such as models.Evaluator, which also splits each batch over
// the cores, every core has work whether search or evaluation costs more.
// The results are in game order and depend only on the seed, the iteration
// and ev's outputs (not on how queries were batched or scheduled).
func (sp *SelfPlay) Play(ev mcts.Evaluator, it int64, n int) ([]GameResult, error) {
	evs := make([]mcts.Evaluator, sp.Cfg.groups())
	for i := range evs {
		evs[i] = ev
	}
	return sp.PlayShards(evs, it, n)
}

// PlayShards is Play with one evaluator per group (len(evs) groups): shards
// that share nothing, each group batching into its own evaluator (for
// example a models.Evaluator with its own cache and SetWorkers(1), so that
// no lock or cache line is shared between the cores). The results are
// Play's: they depend only on the seed, the iteration and the evaluators'
// outputs.
func (sp *SelfPlay) PlayShards(evs []mcts.Evaluator, it int64, n int) ([]GameResult, error) {
	if len(evs) == 0 {
		return nil, fmt.Errorf("%w: self-play needs an evaluator", ErrBadConfig)
	}
	workers := min(sp.Cfg.Parallel, n)
	batchers := make([]*Batcher, max(1, min(len(evs), workers)))
	for i := range batchers {
		batchers[i] = NewBatcher(evs[i], sp.Cfg.MaxBatch)
	}
	results := make([]GameResult, n)
	errs := make([]error, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	var progress sync.Mutex
	finished := 0
	for w := 0; w < workers; w++ {
		b := batchers[w%len(batchers)]
		b.Join()
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer b.Leave()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				results[i], errs[i] = sp.playOne(b, seedFor(sp.Cfg.Seed, it, i))
				if sp.OnGame != nil {
					progress.Lock()
					finished++
					sp.OnGame(finished, n)
					progress.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("self-play game %d: %w", i, err)
		}
	}
	return results, nil
}

// PlayGame plays game i of iteration it alone, on ev: the game Play(ev,
// it, n) plays at index i, identical whatever ev's batching (a worker of a
// distributed run plays the games of an iteration one by one).
func (sp *SelfPlay) PlayGame(ev mcts.Evaluator, it int64, i int) (GameResult, error) {
	return sp.playOne(ev, seedFor(sp.Cfg.Seed, it, i))
}

// playOne plays one game. Each decision with more than one legal move is
// searched: with probability FullProb (always, by default) by a full search
// of Sims simulations with root noise, whose position is recorded with the
// search's policy target (the root visit distribution under PUCT, the
// improved policy Result.Policy under Gumbel); otherwise by a cheap search
// of CheapSims simulations without root noise, played but not recorded
// (playout cap randomization). Under PUCT the first TempMoves decisions are
// drawn in proportion to the root visit counts, later ones take the most
// visited move; under Gumbel the move is the search's own choice, whose
// Gumbel noise is the exploration. Chance outcomes are drawn from their
// probabilities.
func (sp *SelfPlay) playOne(ev mcts.Evaluator, seed uint64) (GameResult, error) {
	g, cfg := sp.Game, sp.Cfg
	search, err := mcts.New(g, ev, cfg.selfPlaySearch(seed))
	if err != nil {
		return GameResult{}, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x706c6179))
	// caps draws full or cheap searches; a stream of its own, so that
	// fullprob=1 draws nothing and plays what it played before it existed.
	caps := rand.New(rand.NewPCG(seed, 0x63617073))
	fullProb := cfg.FullProb
	gumbel := cfg.Gumbel
	np, na := g.NumPlayers(), g.NumActions()
	obsSize := 1
	for _, d := range g.ObservationShape() {
		obsSize *= d
	}
	type pending struct {
		s      Sample
		player engine.Player
		d      int // the decision's number
	}
	var positions []pending
	var legal []engine.Action
	var outcomes []engine.Outcome
	s := g.NewInitialState()
	decisions := 0
	ahead := newStandings(g, s, cfg.Margin, cfg.MarginAhead)
	for moves := 0; !s.IsTerminal(); moves++ {
		if moves > g.MaxGameLength() {
			return GameResult{}, fmt.Errorf("game exceeded MaxGameLength %d", g.MaxGameLength())
		}
		p := s.CurrentPlayer()
		var a engine.Action
		if p == engine.Chance {
			outcomes = s.ChanceOutcomes(outcomes)
			a = engine.SampleOutcome(outcomes, rng.Float64())
		} else {
			legal = s.LegalActions(legal)
			if len(legal) == 1 {
				a = legal[0] // forced: no decision to learn
			} else {
				ahead.record(s)
				full := fullProb >= 1 || caps.Float64() < fullProb
				var r mcts.Result
				if full {
					r, err = search.Run(s)
				} else {
					r, err = search.RunBudget(s, cfg.CheapSims, true)
				}
				if err != nil {
					return GameResult{}, err
				}
				if full {
					target := r.Visits
					if gumbel {
						target = r.Policy
					}
					smp := Sample{Obs: make([]float32, obsSize), Mask: make([]float32, na), Policy: target, Value: make([]float32, np)}
					s.Observe(p, smp.Obs)
					for _, l := range legal {
						smp.Mask[l] = 1
					}
					positions = append(positions, pending{smp, p, decisions})
				}
				a = r.Action
				if !gumbel && decisions < cfg.TempMoves {
					a = sampleVisits(r.Visits, rng, a)
				}
				if sp.onSearch != nil {
					sp.onSearch(full, r, a)
				}
				decisions++
			}
		}
		s.Apply(a)
		search.Advance(a)
	}
	ret := s.Returns(nil)
	out := GameResult{Moves: decisions, Returns: ret}
	values := finalValues(g, s, cfg.Margin, cfg.MarginScale)
	for _, pos := range positions {
		valueTargets(ahead.values(g, s, pos.d, cfg.Margin, cfg.MarginScale, values), pos.player, pos.s.Value)
		out.Samples = append(out.Samples, pos.s)
	}
	return out, nil
}

// SoloOpponent is implemented by the states of games whose one-seat (solo)
// game is played against the game itself, which keeps a score of its own
// (welcome-moon's ASTRA): the solo player's score margin is its points less
// OpponentScore.
type SoloOpponent interface {
	OpponentScore() float64
}

// finalValues are the seats' values of the final state s in [-1, 1]: each
// seat's return scaled from [MinUtility, MaxUtility], blended with weight
// margin with tanh of its score margin over scale (its points, or its
// Standing where the state has one, less the mean of the others'; in a
// cooperative game, engine.Identical, where that is 0,
// the team's points themselves; with one seat, its points less the
// SoloOpponent's score where the state has one; with one seat otherwise, or
// margin 0, the return alone).
func finalValues(g engine.Game, s engine.State, margin, scale float64) []float64 {
	return valuesWithPoints(g, s, nil, margin, scale)
}

// valuesWithPoints is finalValues with the points of the margin given (pts;
// nil: those of s, marginPoints).
func valuesWithPoints(g engine.Game, s engine.State, pts []float64, margin, scale float64) []float64 {
	lo, hi := g.MinUtility(), g.MaxUtility()
	v := s.Returns(nil)
	for k, u := range v {
		v[k] = 2*(u-lo)/(hi-lo) - 1
	}
	np := len(v)
	if margin == 0 {
		return v
	}
	if np == 1 {
		if o, ok := s.(SoloOpponent); ok {
			m := s.Scores(nil)[0] - o.OpponentScore()
			v[0] = (1-margin)*v[0] + margin*math.Tanh(m/scale)
		}
		return v
	}
	if pts == nil {
		pts = marginPoints(s)
	}
	if g.Spec().Utility == engine.Identical {
		for k := range v {
			v[k] = (1-margin)*v[k] + margin*math.Tanh(pts[k]/scale)
		}
		return v
	}
	sum := 0.0
	for _, x := range pts {
		sum += x
	}
	for k := range v {
		m := pts[k] - (sum-pts[k])/float64(np-1)
		v[k] = (1-margin)*v[k] + margin*math.Tanh(m/scale)
	}
	return v
}

// valueTargets writes the value targets of a position where player was to
// act: seat k of dst is the k-th seat after player, its value from values
// (finalValues).
func valueTargets(values []float64, player engine.Player, dst []float32) {
	np := len(values)
	for k := range dst {
		dst[k] = float32(values[(int(player)+k)%np])
	}
}

// sampleVisits draws an action in proportion to the visit distribution.
func sampleVisits(visits []float32, rng *rand.Rand, fallback engine.Action) engine.Action {
	u := rng.Float64()
	for a, v := range visits {
		if v <= 0 {
			continue
		}
		if u -= float64(v); u < 0 {
			return engine.Action(a)
		}
	}
	return fallback
}
