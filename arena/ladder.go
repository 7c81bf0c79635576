package arena

import (
	"context"
	"errors"
	"fmt"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/seeds"
)

// LadderConfig describes a ladder: a round robin in which every pair of
// entrants plays a tournament of its own (Config with the two of them), and
// one Bradley-Terry fit over all the pairs puts every entrant on one Elo
// scale, shifted so that the anchor is rated 0.
//
// In a game of more than two seats the two entrants of a pair fill the
// seats in turn (A B A B ..., then B A B A ...: the package's seating with
// two agents), and every pair of seats held by different entrants counts,
// as in a tournament's ratings. The ratings are then those of two-entrant
// tables, not of free-for-all games among all of them.
type LadderConfig struct {
	// Game is the configured game: two seats or more, not cooperative.
	Game engine.Game
	// Entrants are the players, at least two and at most 12.
	Entrants []Entrant
	// Games is the number of games of every pair (seats rotated: an even
	// number gives both the same seats), at least 1.
	Games int
	// Seed derives every pair's tournament seed (LadderPairSeed).
	Seed uint64
	// Parallel and Opening are every pair tournament's (Config).
	Parallel, Opening int
	// Anchor is the index of the entrant whose rating is 0.
	Anchor int
	// GameStarted and GameEnded are Config's, with the game's index in the
	// ladder: pair p's game i is p*Games + i (pairs in LadderPairs order).
	GameStarted func(i int)
	GameEnded   func(i int, err error)
	// Drain is Config's: closed, no further game starts, and the games in
	// flight are finished and counted.
	Drain <-chan struct{}
}

// LadderPairs lists the pairs of a round robin of k entrants: (0,1),
// (0,2), ..., (1,2), ... in that order.
func LadderPairs(k int) [][2]int {
	var out [][2]int
	for a := 0; a < k; a++ {
		for b := a + 1; b < k; b++ {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}

// LadderPairSeed is the tournament seed of pair p of a ladder seeded with
// seed.
func LadderPairSeed(seed uint64, p int) uint64 {
	return seeds.Indexed(seed, 0x6c6164646572, p)
}

// Check validates cfg as RunLadder does before the first game, every
// entrant made once for the game.
func (cfg LadderConfig) Check() error {
	if cfg.Game == nil {
		return fmt.Errorf("%w: no game", ErrBadConfig)
	}
	name := cfg.Game.Spec().Name
	switch {
	case cfg.Game.NumPlayers() < 2:
		return fmt.Errorf("%w: a ladder needs a game of two seats or more; %s [%s] has %d", ErrBadConfig, name, cfg.Game.Params(), cfg.Game.NumPlayers())
	case cfg.Game.Spec().Utility == engine.Identical:
		return fmt.Errorf("%w: %s is cooperative (every seat shares one result), so agents cannot be rated against each other: use moongym arena", ErrBadConfig, name)
	case len(cfg.Entrants) < 2:
		return fmt.Errorf("%w: a ladder needs at least two agents, got %d", ErrBadConfig, len(cfg.Entrants))
	case cfg.Anchor < 0 || cfg.Anchor >= len(cfg.Entrants):
		return fmt.Errorf("%w: anchor %d, want 0 to %d", ErrBadConfig, cfg.Anchor, len(cfg.Entrants)-1)
	}
	all := Config{Game: cfg.Game, Entrants: cfg.Entrants, Games: cfg.Games, Seed: cfg.Seed, Opening: cfg.Opening}
	return all.Check()
}

// pair is the tournament of pair p.
func (cfg LadderConfig) pair(p int) Config {
	ab := LadderPairs(len(cfg.Entrants))[p]
	c := Config{Game: cfg.Game, Entrants: []Entrant{cfg.Entrants[ab[0]], cfg.Entrants[ab[1]]}, Games: cfg.Games,
		Seed: LadderPairSeed(cfg.Seed, p), Parallel: cfg.Parallel, Opening: cfg.Opening, Drain: cfg.Drain}
	base := p * cfg.Games
	if f := cfg.GameStarted; f != nil {
		c.GameStarted = func(i int) { f(base + i) }
	}
	if f := cfg.GameEnded; f != nil {
		c.GameEnded = func(i int, err error) { f(base+i, err) }
	}
	return c
}

// RunLadder plays every pair's tournament in LadderPairs order, one after
// the other, and returns all their games: Index is the game's index in the
// ladder and Seats are indices into cfg.Entrants (the records name the
// entrants). Every entrant is made once first (Check), so that a bad one
// is refused before any game. It stops as Run does (ctx, cfg.Drain, the
// first error) and then returns the games finished so far with the error:
// a *StopError counting the ladder's games, or the failed pair's error
// naming the pair.
func RunLadder(ctx context.Context, cfg LadderConfig) ([]GameResult, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	pairs := LadderPairs(len(cfg.Entrants))
	var all []GameResult
	for p, ab := range pairs {
		games, err := Run(ctx, cfg.pair(p))
		for _, g := range games {
			g.Index += p * cfg.Games
			g.Seats = append([]int(nil), g.Seats...)
			for s, a := range g.Seats {
				g.Seats[s] = ab[a]
			}
			all = append(all, g)
		}
		var stop *StopError
		switch {
		case err == nil:
		case errors.As(err, &stop):
			return all, &StopError{Games: len(pairs) * cfg.Games, Finished: len(all), Stopped: stop.Stopped, Cause: stop.Cause}
		default:
			return all, fmt.Errorf("ladder pair %s against %s: %w", cfg.Entrants[ab[0]].Name, cfg.Entrants[ab[1]].Name, err)
		}
	}
	return all, nil
}
