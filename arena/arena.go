package arena

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// ErrBadConfig: a tournament's configuration is unusable.
var ErrBadConfig = errors.New("bad arena config")

// Config describes a tournament.
type Config struct {
	// Game is the configured game to play.
	Game engine.Game
	// Agents are agent specs ("mcts:sims=800", "random"), at least one and
	// at most 12; a spec may appear twice.
	Agents []string
	// Games is the number of games, at least 1.
	Games int
	// Seed derives every game's seed.
	Seed uint64
	// Parallel is the number of games played at once; 0 means GOMAXPROCS.
	Parallel int
	// Progress, if set, is called after each finished game with the number
	// done so far, from one goroutine at a time.
	Progress func(done int)
}

// GameResult is the result of one game of a tournament.
type GameResult struct {
	Index int    `json:"index"`
	Seed  uint64 `json:"seed"`
	// Seats holds the agent index (into Config.Agents) of every seat.
	Seats   []int     `json:"seats"`
	Returns []float64 `json:"returns"`
	Scores  []float64 `json:"scores"`
	// Record replays the game; its Seats field names the agent specs.
	Record *engine.Record `json:"-"`
}

// GameSeed is the seed of game i of a tournament seeded with seed.
func GameSeed(seed uint64, i int) uint64 {
	return splitmix(seed ^ splitmix(uint64(i)+0x61726e61))
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Run plays the tournament and returns the games in index order. It stops
// at the first error (an agent that cannot be made or fails to act) or when
// ctx is cancelled.
func Run(ctx context.Context, cfg Config) ([]GameResult, error) {
	if cfg.Game == nil {
		return nil, fmt.Errorf("%w: no game", ErrBadConfig)
	}
	if len(cfg.Agents) == 0 || len(cfg.Agents) > maxAgents {
		return nil, fmt.Errorf("%w: %d agents, want 1 to %d", ErrBadConfig, len(cfg.Agents), maxAgents)
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("%w: %d games, want at least 1", ErrBadConfig, cfg.Games)
	}
	for _, spec := range cfg.Agents { // fail early on a bad spec
		if _, err := agents.New(cfg.Game, spec, cfg.Seed); err != nil {
			return nil, err
		}
	}
	workers := cfg.Parallel
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, cfg.Games)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	results := make([]GameResult, cfg.Games)
	jobs := make(chan int)
	done := make(chan error)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				r, err := PlayOne(cfg.Game, cfg.Agents, cfg.Seed, i)
				results[i] = r
				select {
				case done <- err:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < cfg.Games; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var firstErr error
	for n := 0; n < cfg.Games && firstErr == nil; n++ {
		select {
		case err := <-done:
			if err != nil {
				firstErr = err
			} else if cfg.Progress != nil {
				cfg.Progress(n + 1)
			}
		case <-ctx.Done():
			firstErr = ctx.Err()
		}
	}
	cancel()
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return results, nil
}

// PlayOne plays game i of a tournament: seats from Seating, agents made
// afresh with seeds derived from the game's seed, chance drawn from it.
func PlayOne(g engine.Game, specs []string, seed uint64, i int) (GameResult, error) {
	gs := GameSeed(seed, i)
	seats := Seating(i, len(specs), g.NumPlayers())
	players := make([]agents.Agent, len(seats))
	names := make([]string, len(seats))
	for j, a := range seats {
		ag, err := agents.New(g, specs[a], splitmix(gs+uint64(j)+1))
		if err != nil {
			return GameResult{}, fmt.Errorf("game %d seat %d: %w", i, j, err)
		}
		players[j], names[j] = ag, specs[a]
	}
	rec, final, err := agents.PlayGame(g, players, rand.New(rand.NewPCG(gs, 0x6172656e61)))
	if err != nil {
		return GameResult{}, fmt.Errorf("game %d (seed %d): %w", i, gs, err)
	}
	rec.Seats = names
	return GameResult{Index: i, Seed: gs, Seats: seats, Returns: final.Returns(nil), Scores: final.Scores(nil), Record: rec}, nil
}
