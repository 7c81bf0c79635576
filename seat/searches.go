package seat

import (
	"context"
	"fmt"
	"time"
)

// searchWait is how long a request waits for a search slot before it is
// answered busy.
const searchWait = time.Second

// searchRun holds at most one of the service's search slots for one
// request: taken at the request's first AI move (or best), given back when
// the request ends, so that a request of human moves only never waits.
type searchRun struct {
	sv   *Service
	held bool
}

func (sv *Service) searchRun() *searchRun { return &searchRun{sv: sv} }

// acquire takes a slot, waiting at most searchWait (and no longer than ctx
// lives). A full service is ErrBusy, a request past its time ErrTimeout.
func (r *searchRun) acquire(ctx context.Context) error {
	if r.held {
		return nil
	}
	select {
	case r.sv.searches <- struct{}{}:
		r.held = true
		return nil
	default:
	}
	t := time.NewTimer(searchWait)
	defer t.Stop()
	select {
	case r.sv.searches <- struct{}{}:
		r.held = true
		return nil
	case <-t.C:
		return fmt.Errorf("%w: %d searches already run (the limit); retry in a second", ErrBusy, cap(r.sv.searches))
	case <-ctx.Done():
		return fmt.Errorf("%w: waiting for a search slot: %v", ErrTimeout, context.Cause(ctx))
	}
}

// done gives the slot back.
func (r *searchRun) done() {
	if r.held {
		<-r.sv.searches
		r.held = false
	}
}
