package imitation

import (
	"context"
	"sync"
)

// Games plays an imitation's games by number, on one goroutine: a
// Recorder, or a Mix of them.
type Games interface {
	Play(game int) (Record, error)
}

// PlayInOrder plays games first, first+1, ... (up to last, excluded) on
// `workers` goroutines (at least one), each with its own recorder (a
// Recorder or a Mix) made by newRecorder, and hands each record to each in the games' order, on the
// calling goroutine. Every game is seeded by its number (Seeds), so the
// records are those of one goroutine playing them in turn. more, if not
// nil, is asked before each game is started; false stops the games (those
// started are still handed on). It stops at the first error (of a game or
// of each) and when ctx is done (with ctx's error; the games handed on are
// kept).
func PlayInOrder[R Games](ctx context.Context, first, last, workers int, newRecorder func() (R, error),
	more func(game int) bool, each func(game int, rec Record) error) error {
	workers = max(1, min(workers, last-first))
	if last <= first {
		return nil
	}
	recorders := make([]R, workers)
	for i := range recorders {
		r, err := newRecorder()
		if err != nil {
			return err
		}
		recorders[i] = r
	}
	type result struct {
		rec Record
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
	for _, r := range recorders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				rec, err := r.Play(j.game)
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
