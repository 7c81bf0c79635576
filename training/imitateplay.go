package training

import (
	"context"
	"sync"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// gamePlayer plays imitation games: the imitated player, and the followed
// network and teacher where the imitation has them. Each worker of
// playInOrder has its own (an evaluator serves one goroutine).
type gamePlayer struct {
	g   engine.Game
	cfg ImitateConfig
	h   agents.Heuristic
	f   *follower
	tch *teacher
}

func newGamePlayer(g engine.Game, cfg ImitateConfig) (*gamePlayer, error) {
	h, err := imitated(g, cfg)
	if err != nil {
		return nil, err
	}
	f, err := newFollower(g, cfg)
	if err != nil {
		return nil, err
	}
	tch, err := newTeacher(g, cfg)
	if err != nil {
		return nil, err
	}
	return &gamePlayer{g: g, cfg: cfg, h: h, f: f, tch: tch}, nil
}

// playInOrder plays games first, first+1, ... (up to last, excluded) of an
// imitation on `workers` goroutines (at least one) and hands each record
// to each in the games' order, on the calling goroutine. Every game is
// seeded by its number, so the records are those of one goroutine playing
// them in turn. more, if not nil, is asked before each game is started;
// false stops the games (those started are still handed on). It stops at
// the first error (of a game or of each) and when ctx is done (with ctx's
// error; the games handed on are kept).
func playInOrder(ctx context.Context, g engine.Game, cfg ImitateConfig, first, last, workers int, more func(game int) bool, each func(game int, rec gameRecord) error) error {
	workers = max(1, min(workers, last-first))
	if last <= first {
		return nil
	}
	players := make([]*gamePlayer, workers)
	for i := range players {
		p, err := newGamePlayer(g, cfg)
		if err != nil {
			return err
		}
		players[i] = p
	}
	type result struct {
		rec gameRecord
		err error
	}
	type job struct {
		game int
		out  chan result
	}
	ctx, cancel := context.WithCancel(ctx)
	jobs := make(chan job)
	order := make(chan job, 2*workers) // the games started, in order
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
	}()
	for _, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				rec, err := playRecord(p.g, p.h, p.f, p.tch, p.cfg, j.game)
				j.out <- result{rec, err}
			}
		}()
	}
	wg.Add(1)
	go func() { // the dispatcher
		defer wg.Done()
		defer close(order)
		defer close(jobs)
		for game := first; game < last; game++ {
			if ctx.Err() != nil || (more != nil && !more(game)) {
				return
			}
			j := job{game, make(chan result, 1)}
			select {
			case order <- j:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	for j := range order {
		if err := ctx.Err(); err != nil {
			return err // each stopped the games (or ctx was done): no more
		}
		var r result
		select {
		case r = <-j.out:
		case <-ctx.Done():
			return ctx.Err()
		}
		if r.err != nil {
			return r.err
		}
		if err := each(j.game, r.rec); err != nil {
			return err
		}
	}
	return ctx.Err()
}
