package training

import (
	"errors"
	"sync"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

// Batcher is an mcts.Evaluator shared by many searches running in their
// own goroutines: it gathers their requests and evaluates them together in
// one call of the underlying evaluator, when Max positions are waiting or
// every live client is waiting. Clients Join before their first Evaluate
// and Leave when done, so that the batcher knows whom to wait for.
type Batcher struct {
	ev  mcts.Evaluator
	max int

	mu      sync.Mutex
	live    int
	queue   []*request
	queued  int
	calls   int64
	rows    int64
	flushes [2]int64 // by reason: full, all waiting
}

type request struct {
	states []engine.State
	out    []mcts.Evaluation
	done   chan error
}

// ErrNotJoined: Evaluate was called with no live client.
var ErrNotJoined = errors.New("training: Batcher.Evaluate without Join")

// NewBatcher wraps ev; max bounds the positions per call.
func NewBatcher(ev mcts.Evaluator, max int) *Batcher {
	return &Batcher{ev: ev, max: max}
}

// Join registers a client.
func (b *Batcher) Join() {
	b.mu.Lock()
	b.live++
	b.mu.Unlock()
}

// Leave unregisters a client; the ones still waiting may now be all.
func (b *Batcher) Leave() {
	b.mu.Lock()
	b.live--
	if len(b.queue) > 0 && len(b.queue) >= b.live {
		b.flush(1) // unlocks
		return
	}
	b.mu.Unlock()
}

// Evaluate queues the request and returns when it has been evaluated.
func (b *Batcher) Evaluate(states []engine.State, out []mcts.Evaluation) error {
	req := &request{states: states, out: out, done: make(chan error, 1)}
	b.mu.Lock()
	if b.live <= 0 {
		b.mu.Unlock()
		return ErrNotJoined
	}
	b.queue = append(b.queue, req)
	b.queued += len(states)
	switch {
	case b.queued >= b.max:
		b.flush(0)
	case len(b.queue) >= b.live:
		b.flush(1)
	default:
		b.mu.Unlock()
	}
	return <-req.done
}

// flush takes the queue, unlocks, and evaluates it in this goroutine.
func (b *Batcher) flush(reason int) {
	batch := b.queue
	b.queue = nil
	b.queued = 0
	b.flushes[reason]++
	b.mu.Unlock()
	var states []engine.State
	var out []mcts.Evaluation
	for _, r := range batch {
		states = append(states, r.states...)
		out = append(out, r.out...)
	}
	err := b.ev.Evaluate(states, out)
	b.mu.Lock()
	b.calls++
	b.rows += int64(len(states))
	b.mu.Unlock()
	for _, r := range batch {
		r.done <- err
	}
}

// Stats are the number of underlying calls and positions evaluated.
func (b *Batcher) Stats() (calls, rows int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.calls, b.rows
}
