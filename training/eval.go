package training

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

// Match is the result of a series of games of one agent (the candidate)
// against another, seats rotated: game i puts the candidate in seat
// i mod NumPlayers and the opponent in every other seat.
type Match struct {
	Games               int
	Wins, Draws, Losses int
	// Score is the candidate's mean normalised return (return-min)/(max-min):
	// 1 for a win, 0.5 for a draw, 0 for a loss in a two-player zero-sum
	// game. Low and High are its 95% confidence interval (normal
	// approximation).
	Score, Low, High float64
}

func (m Match) String() string {
	return fmt.Sprintf("%d games: +%d =%d -%d, score %.3f [%.3f, %.3f]", m.Games, m.Wins, m.Draws, m.Losses, m.Score, m.Low, m.High)
}

// AgentFactory makes an agent with a seed.
type AgentFactory func(seed uint64) (agents.Agent, error)

// SpecFactory makes agents from a spec string such as "random".
func SpecFactory(g engine.Game, spec string) AgentFactory {
	return func(seed uint64) (agents.Agent, error) { return agents.New(g, spec, seed) }
}

// NetFactory makes the agent that evaluation uses for a network: the raw
// greedy policy with sims 0, else an az search with sims simulations.
func NetFactory(g engine.Game, net *models.Network, sims int, cpuct float64) AgentFactory {
	return func(seed uint64) (agents.Agent, error) {
		if sims <= 0 {
			return netagent.NewNet(g, net, 0, seed)
		}
		return netagent.NewAZ(g, net, mcts.Config{Sims: sims, CPUCT: cpuct, BatchSize: 8, Seed: seed})
	}
}

// PlayMatch plays games of candidate against opponent, seats rotated, the
// first randomOpening moves of each game chosen uniformly at random (to
// vary games between deterministic agents), on all cores. Game i is seeded
// from (seed, i), so the result does not depend on the scheduling.
func PlayMatch(g engine.Game, candidate, opponent AgentFactory, games, randomOpening int, seed uint64) (Match, error) {
	np := g.NumPlayers()
	scores := make([]float64, games)
	outcome := make([]int, games) // 1 win, 0 draw, -1 loss
	errs := make([]error, games)
	var wg sync.WaitGroup
	work := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				scores[i], outcome[i], errs[i] = playMatchGame(g, candidate, opponent, i%np, randomOpening, seedFor(seed, -1, i))
			}
		}()
	}
	for i := 0; i < games; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
	m := Match{Games: games}
	sum, sq := 0.0, 0.0
	for i := range scores {
		if errs[i] != nil {
			return Match{}, fmt.Errorf("match game %d: %w", i, errs[i])
		}
		sum += scores[i]
		sq += scores[i] * scores[i]
		switch outcome[i] {
		case 1:
			m.Wins++
		case -1:
			m.Losses++
		default:
			m.Draws++
		}
	}
	if games > 0 {
		n := float64(games)
		m.Score = sum / n
		sd := math.Sqrt(math.Max(sq/n-m.Score*m.Score, 0))
		half := 1.96 * sd / math.Sqrt(math.Max(n-1, 1))
		m.Low, m.High = math.Max(m.Score-half, 0), math.Min(m.Score+half, 1)
	}
	return m, nil
}

func playMatchGame(g engine.Game, candidate, opponent AgentFactory, seat, randomOpening int, seed uint64) (float64, int, error) {
	np := g.NumPlayers()
	seats := make([]agents.Agent, np)
	for p := range seats {
		f := opponent
		if p == seat {
			f = candidate
		}
		a, err := f(seed + uint64(p))
		if err != nil {
			return 0, 0, err
		}
		seats[p] = a
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d61746368))
	final := g.NewInitialState()
	var legal []engine.Action
	var outcomes []engine.Outcome
	for moves := 0; !final.IsTerminal(); moves++ {
		if moves > g.MaxGameLength() {
			return 0, 0, fmt.Errorf("game exceeded MaxGameLength %d", g.MaxGameLength())
		}
		p := final.CurrentPlayer()
		var a engine.Action
		switch {
		case p == engine.Chance:
			outcomes = final.ChanceOutcomes(outcomes)
			a = engine.SampleOutcome(outcomes, rng.Float64())
		case moves < randomOpening:
			legal = final.LegalActions(legal)
			a = legal[rng.IntN(len(legal))]
		default:
			var err error
			if a, err = seats[p].Act(final); err != nil {
				return 0, 0, fmt.Errorf("seat %d: %w", p, err)
			}
		}
		if err := engine.ApplyChecked(final, a); err != nil {
			return 0, 0, fmt.Errorf("seat %d: %w", p, err)
		}
	}
	ret := final.Returns(nil)
	lo, hi := g.MinUtility(), g.MaxUtility()
	score := (ret[seat] - lo) / (hi - lo)
	best := math.Inf(-1)
	for p, r := range ret {
		if p != seat {
			best = math.Max(best, r)
		}
	}
	switch {
	case ret[seat] > best:
		return score, 1, nil
	case ret[seat] < best:
		return score, -1, nil
	}
	return score, 0, nil
}
