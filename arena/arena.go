package arena

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/seeds"
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
	// Entrants, instead of Agents, are players made by constructors (an
	// in-memory network, say); SpecEntrant makes one of a spec. Give
	// Agents or Entrants, not both; the same bounds apply.
	Entrants []Entrant
	// Games is the number of games, at least 1.
	Games int
	// Seed derives every game's seed.
	Seed uint64
	// Parallel is the number of games played at once; 0 means GOMAXPROCS.
	Parallel int
	// Opening is the number of decisions (not chance outcomes) at the start
	// of every game that are played uniformly at random among the legal
	// actions, drawn from the game's seed, whoever's turn it is; 0 (the
	// default) lets the agents play from the first move. It varies the games
	// between deterministic agents, which would otherwise replay few games.
	Opening int
	// Progress, if set, is called after each finished game with the number
	// done so far, from one goroutine at a time.
	Progress func(done int)
	// GameStarted and GameEnded, if set, are called when game i starts
	// and when it ends (err nil: finished and counted; otherwise failed,
	// or stopped by the context), from the goroutine that plays it: calls
	// for different games may come at once. A progress display counts
	// the games in flight with them.
	GameStarted func(i int)
	GameEnded   func(i int, err error)
	// Drain, if not nil, stops the tournament gently when it is closed: no
	// further game starts, the games in flight are played to their end and
	// counted, and Run returns them all with a *StopError. (Run's context
	// stops it at once: the games in flight are stopped, their agents'
	// searches given up, and not counted.)
	Drain <-chan struct{}
}

// ErrStopped: a tournament was stopped (Config.Drain, or Run's context)
// before all its games were played.
var ErrStopped = errors.New("tournament stopped")

// StopError is Run's error for a tournament stopped before all its games
// were played: through Config.Drain, or by its context (then Cause is the
// context's error). It wraps ErrStopped and Cause.
type StopError struct {
	// Games is the number of games the tournament was to play, Finished
	// those played to their end (returned with the error), and Stopped
	// those in flight when the context ended, stopped and not counted.
	Games, Finished, Stopped int
	Cause                    error
}

func (e *StopError) Error() string {
	msg := fmt.Sprintf("%s after %d of %d games", ErrStopped, e.Finished, e.Games)
	if e.Stopped > 0 {
		msg += fmt.Sprintf(" (%d in flight stopped, not counted)", e.Stopped)
	}
	if e.Cause != nil {
		msg += ": " + e.Cause.Error()
	}
	return msg
}

// Unwrap gives ErrStopped and the cause.
func (e *StopError) Unwrap() []error {
	if e.Cause == nil {
		return []error{ErrStopped}
	}
	return []error{ErrStopped, e.Cause}
}

// GameResult is the result of one game of a tournament.
type GameResult struct {
	Index int    `json:"index"`
	Seed  uint64 `json:"seed"`
	// Seats holds the agent index (into Config.Agents or Config.Entrants)
	// of every seat.
	Seats   []int     `json:"seats"`
	Returns []float64 `json:"returns"`
	Scores  []float64 `json:"scores"`
	// Record replays the game; its Seats field names the agent specs (the
	// entrants' names).
	Record *engine.Record `json:"-"`
}

// GameSeed is the seed of game i of a tournament seeded with seed.
func GameSeed(seed uint64, i int) uint64 {
	return seeds.Indexed(seed, 0x61726e61, i)
}

// Run plays the tournament and returns the games in index order. It stops
// at the first error (an agent that cannot be made or fails to act), when
// ctx is done, or when cfg.Drain is closed, and then returns the games
// finished so far (in index order, possibly none) with the error, so that
// no finished game is lost. An agent's error names the failed game (index,
// seed and agents by seat); a stop by ctx or Drain is a *StopError, which
// says how many games were stopped in flight. The games in flight are
// played under a context that ctx and the first error end: a searching
// agent (agents.ActContext) gives up its search then, and such a game is
// not counted.
func Run(ctx context.Context, cfg Config) ([]GameResult, error) {
	ents, err := cfg.check()
	if err != nil {
		return nil, err
	}
	workers := cfg.Parallel
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, cfg.Games)
	// gctx ends the games in flight: done with ctx, or at the first error.
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// noMore stops the dispatch of games: closed by Drain, ctx or an error.
	noMore := make(chan struct{})
	stopDispatch := sync.OnceFunc(func() { close(noMore) })
	// stopping tells whether a game must not start now: once Drain is
	// closed none does, whatever the collector below has seen.
	stopping := func() bool {
		select {
		case <-noMore:
			return true
		case <-cfg.Drain:
			return true
		default:
			return gctx.Err() != nil
		}
	}

	results := make([]GameResult, cfg.Games)
	type finished struct {
		i       int
		err     error
		stopped bool // err came from gctx: stopped, not failed
	}
	jobs := make(chan int)
	done := make(chan finished)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if stopping() {
					continue // never started
				}
				if cfg.GameStarted != nil {
					cfg.GameStarted(i)
				}
				r, err := playOne(gctx, cfg.Game, ents, cfg.Seed, i, cfg.Opening)
				stopped := err != nil && gctx.Err() != nil
				if err != nil && !stopped {
					// The first error stops the tournament at once: no
					// game starts after it, those in flight are stopped.
					stopDispatch()
					cancel()
				}
				if cfg.GameEnded != nil {
					cfg.GameEnded(i, err)
				}
				results[i] = r
				done <- finished{i, err, stopped}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < cfg.Games && !stopping(); i++ {
			select {
			case jobs <- i:
			case <-noMore:
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(done)
	}()
	ok := make([]bool, cfg.Games)
	var firstErr error
	n, stopped := 0, 0
	ctxDone, drain := ctx.Done(), cfg.Drain
	for collecting := true; collecting; {
		select {
		case f, more := <-done:
			switch {
			case !more:
				collecting = false
			case f.err == nil:
				ok[f.i] = true
				n++
				if cfg.Progress != nil {
					cfg.Progress(n)
				}
			case f.stopped:
				stopped++ // by ctx, or by another game's error
			case firstErr == nil:
				firstErr = f.err
			}
		case <-ctxDone:
			ctxDone = nil
			stopDispatch()
		case <-drain:
			drain = nil
			stopDispatch()
		}
	}
	if firstErr == nil && n == cfg.Games {
		return results, nil
	}
	var kept []GameResult
	for i, r := range results {
		if ok[i] {
			kept = append(kept, r)
		}
	}
	if firstErr != nil {
		return kept, firstErr
	}
	return kept, &StopError{Games: cfg.Games, Finished: n, Stopped: stopped, Cause: ctx.Err()}
}

// Check validates cfg as Run does before the first game: a game, 1 to 12
// agents (specs or entrants, not both), at least one game, an opening of
// at least 0, and one agent made from every spec or entrant for the game,
// so that a bad spec or a model file that does not load is refused before
// any game is played. Its error is Run's for the same configuration.
func (cfg Config) Check() error {
	_, err := cfg.check()
	return err
}

func (cfg Config) check() ([]Entrant, error) {
	if cfg.Game == nil {
		return nil, fmt.Errorf("%w: no game", ErrBadConfig)
	}
	ents, err := cfg.entrants()
	if err != nil {
		return nil, err
	}
	if len(ents) == 0 || len(ents) > maxAgents {
		return nil, fmt.Errorf("%w: %d agents, want 1 to %d", ErrBadConfig, len(ents), maxAgents)
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("%w: %d games, want at least 1", ErrBadConfig, cfg.Games)
	}
	if cfg.Opening < 0 {
		return nil, fmt.Errorf("%w: opening %d, want at least 0", ErrBadConfig, cfg.Opening)
	}
	for _, e := range ents { // fail early on a bad spec
		if _, err := e.New(cfg.Seed); err != nil {
			return nil, err
		}
	}
	return ents, nil
}

// PlayEntrant plays game i of a tournament of entrants whose games open
// with opening random decisions (see Config.Opening), as Run does.
func PlayEntrant(g engine.Game, entrants []Entrant, seed uint64, i, opening int) (GameResult, error) {
	return playOne(context.Background(), g, entrants, seed, i, opening)
}

// contextAgent asks its agent for every move under ctx
// (agents.ActContext), so that a game in flight stops when ctx is done.
type contextAgent struct {
	ctx context.Context
	agents.Agent
}

func (a contextAgent) Act(s engine.State) (engine.Action, error) {
	return agents.ActContext(a.ctx, a.Agent, s)
}

func playOne(ctx context.Context, g engine.Game, entrants []Entrant, seed uint64, i, opening int) (GameResult, error) {
	gs := GameSeed(seed, i)
	seats := Seating(i, len(entrants), g.NumPlayers())
	players := make([]agents.Agent, len(seats))
	names := make([]string, len(seats))
	for j, a := range seats {
		ag, err := entrants[a].New(seeds.Mix(gs + uint64(j) + 1))
		if err != nil {
			return GameResult{}, fmt.Errorf("game %d seat %d: %w", i, j, err)
		}
		players[j], names[j] = ag, entrants[a].Name
		if ctx.Done() != nil {
			players[j] = contextAgent{ctx, ag}
		}
	}
	withOpening(players, opening, gs)
	rec, final, err := agents.PlayGame(g, players, rand.New(rand.NewPCG(gs, 0x6172656e61)))
	if err != nil {
		return GameResult{}, fmt.Errorf("game %d (game seed %d; agents by seat: %s): %w", i, gs, strings.Join(names, ", "), err)
	}
	rec.Seats = names
	return GameResult{Index: i, Seed: gs, Seats: seats, Returns: final.Returns(nil), Scores: final.Scores(nil), Record: rec}, nil
}
