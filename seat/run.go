package seat

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync/atomic"
)

// bounded runs fn in its own goroutine and waits for it or for ctx, whichever
// comes first. fn calls claim just before it commits anything: claim reports
// false once the caller has given up (the request timed out), and then fn
// must change nothing. A panic in fn is recovered and reported as ErrInternal,
// so it can take down neither the server nor the engine.
func bounded[T any](ctx context.Context, log *slog.Logger, fn func(claim func() bool) (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	var decided atomic.Int32 // 0 open, 1 fn committed, 2 the caller gave up
	claim := func() bool { return decided.CompareAndSwap(0, 1) }
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			if p := recover(); p != nil {
				log.Error("panic in a request", "panic", p, "stack", string(debug.Stack()))
				r = result{err: fmt.Errorf("%w: panic: %v", ErrInternal, p)}
			}
			done <- r
		}()
		r.v, r.err = fn(claim)
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		if decided.CompareAndSwap(0, 2) {
			var zero T
			return zero, fmt.Errorf("%w: %v", ErrTimeout, context.Cause(ctx))
		}
		r := <-done // fn has committed: report what it did
		return r.v, r.err
	}
}
