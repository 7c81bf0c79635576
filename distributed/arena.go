package distributed

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
)

// arenaResult is the result message of one arena or evaluation game: the
// job (and evaluation match) and game, its record (arena.GameResult leaves
// it out of its JSON), or the error that stopped it.
type arenaResult struct {
	Job    string            `json:"job"`
	Match  string            `json:"match,omitempty"`
	Result *arena.GameResult `json:"result,omitempty"`
	Record *engine.Record    `json:"record,omitempty"`
	Error  string            `json:"error,omitempty"`
	Index  int               `json:"index"`
}

// playArena plays an arena item: exactly the game arena.Run plays at its
// index.
func playArena(g engine.Game, it *Item) ([]byte, error) {
	return playEntrants(g, arena.SpecEntrants(g, it.Agents), it)
}

// playEntrants plays game it.Index of a tournament of entrants, as
// arena.Run does, and returns its result message.
func playEntrants(g engine.Game, entrants []arena.Entrant, it *Item) ([]byte, error) {
	msg := arenaResult{Job: it.Job, Match: it.Match, Index: it.Index}
	r, err := arena.PlayEntrant(g, entrants, it.Seed, it.Index, it.Opening)
	if err != nil {
		msg.Error = err.Error()
	} else {
		msg.Result, msg.Record = &r, r.Record
	}
	return json.Marshal(msg)
}

// decodeArena decodes the result message of a game of job (and match):
// its index and result, or an error wrapping ErrGame if the game failed,
// or another error if the message is not one of the job's (see gather).
func decodeArena(data []byte, job, match string) (int, arena.GameResult, error) {
	var r arenaResult
	switch err := json.Unmarshal(data, &r); {
	case err != nil:
		return 0, arena.GameResult{}, err
	case r.Job != job:
		return 0, arena.GameResult{}, fmt.Errorf("job %q game %d is not one of ours", r.Job, r.Index)
	case r.Match != match:
		return 0, arena.GameResult{}, fmt.Errorf("game %d of match %q, not %q", r.Index, r.Match, match)
	case r.Error != "":
		return r.Index, arena.GameResult{}, fmt.Errorf("%w: %s", ErrGame, r.Error)
	case r.Result == nil || r.Result.Index != r.Index:
		return 0, arena.GameResult{}, fmt.Errorf("no game %d in it", r.Index)
	}
	r.Result.Record = r.Record
	return r.Index, *r.Result, nil
}

// ArenaOptions tune RunArena.
type ArenaOptions struct {
	// Job names the tournament's items and results; empty: a random id.
	Job string
	// Logf reports dropped result messages (nil: silent).
	Logf func(format string, args ...any)
}

// ErrGame: a worker could not play a game (an agent failed).
var ErrGame = errors.New("game failed")

// RunArena plays the tournament cfg (agent specs, not entrants: workers
// make the agents from their specs) over the workers: its games are put on
// the work queue and their results gathered, each counted once, and
// returned in index order, exactly what arena.Run(ctx, cfg) returns.
// cfg.Parallel is the workers' business; cfg.Progress is called as results
// arrive. Like arena.Run, it returns the finished games with an error.
// The job's results are deleted from the stream at the end.
func RunArena(ctx context.Context, js jetstream.JetStream, cfg arena.Config, opt ArenaOptions) ([]arena.GameResult, error) {
	if cfg.Game == nil {
		return nil, fmt.Errorf("%w: no game", arena.ErrBadConfig)
	}
	if len(cfg.Entrants) > 0 || len(cfg.Agents) == 0 {
		return nil, fmt.Errorf("%w: a distributed tournament takes agent specs", arena.ErrBadConfig)
	}
	if cfg.Games < 1 || cfg.Opening < 0 {
		return nil, fmt.Errorf("%w: %d games, opening %d", arena.ErrBadConfig, cfg.Games, cfg.Opening)
	}
	for _, s := range cfg.Agents { // fail early on a bad spec, as arena.Run does
		if _, err := arena.SpecEntrant(cfg.Game, s).New(cfg.Seed); err != nil {
			return nil, err
		}
	}
	job := opt.Job
	if job == "" {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, err
		}
		job = hex.EncodeToString(b[:])
	}
	if err := CheckJob(job); err != nil {
		return nil, err
	}
	logf := opt.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	// Subscribe to the results first, then queue the games.
	cons, err := orderedConsumer(ctx, js, resultSubject(KindArena, job), 0)
	if err != nil {
		return nil, err
	}
	base := Item{Kind: KindArena, Job: job, Game: cfg.Game.Spec().Name, Params: cfg.Game.Params(),
		Agents: cfg.Agents, Seed: cfg.Seed, Opening: cfg.Opening}
	if err := publishItems(ctx, js, base, 0, cfg.Games); err != nil {
		return nil, err
	}
	decode := func(data []byte) (int, arena.GameResult, error) { return decodeArena(data, job, "") }
	var onGame func(int, arena.GameResult, int) error
	if cfg.Progress != nil {
		onGame = func(_ int, _ arena.GameResult, done int) error { cfg.Progress(done); return nil }
	}
	results, got, _, err := gather(ctx, cons, cfg.Games, "arena "+job, logf, decode, onGame)
	if perr := purge(js, ResultStream, resultSubject(KindArena, job)); perr != nil {
		logf("arena %s: %v", job, perr)
	}
	if err != nil {
		// Stopped early: take the games not yet played off the queue.
		if perr := purge(js, WorkStream, workSubject(KindArena, job)); perr != nil {
			logf("arena %s: %v", job, perr)
		}
		var kept []arena.GameResult
		for i, ok := range got {
			if ok {
				kept = append(kept, results[i])
			}
		}
		return kept, err
	}
	return results, nil
}
