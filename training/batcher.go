package training

import (
	"errors"
	"sync"
	"sync/atomic"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

// Batcher is an mcts.Evaluator shared by many searches running in their
// own goroutines: it gathers their requests and evaluates them together in
// one call of the underlying evaluator, when Max positions are waiting or
// every live client is waiting. Clients Join before their first Evaluate
// and Leave when done, so that the batcher knows whom to wait for.
//
// The call runs on the goroutine of the client that completed the batch,
// outside the batcher's lock: other clients of the same batcher are all
// waiting then, but several batchers over one concurrent evaluator (see
// SelfPlay.Play) evaluate and search at the same time. Requests and batch
// buffers are reused, so a steady stream of queries does not allocate.
type Batcher struct {
	ev  mcts.Evaluator
	max int

	mu     sync.Mutex
	live   int
	queue  []*request
	queued int

	calls, rows atomic.Int64
	requests    sync.Pool // of *request
	batches     sync.Pool // of *batch
}

type request struct {
	states []engine.State
	out    []mcts.Evaluation
	done   chan error
}

// batch is a flush's scratch: the requests taken and their states and
// outputs laid end to end.
type batch struct {
	reqs   []*request
	states []engine.State
	out    []mcts.Evaluation
}

// ErrNotJoined: Evaluate was called with no live client.
var ErrNotJoined = errors.New("training: Batcher.Evaluate without Join")

// NewBatcher wraps ev; max bounds the positions per call.
func NewBatcher(ev mcts.Evaluator, max int) *Batcher {
	b := &Batcher{ev: ev, max: max}
	b.requests.New = func() any { return &request{done: make(chan error, 1)} }
	b.batches.New = func() any { return new(batch) }
	return b
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
		b.flush() // unlocks
		return
	}
	b.mu.Unlock()
}

// Evaluate queues the request and returns when it has been evaluated.
func (b *Batcher) Evaluate(states []engine.State, out []mcts.Evaluation) error {
	req := b.requests.Get().(*request)
	req.states, req.out = states, out
	b.mu.Lock()
	if b.live <= 0 {
		b.mu.Unlock()
		b.requests.Put(req)
		return ErrNotJoined
	}
	b.queue = append(b.queue, req)
	b.queued += len(states)
	if b.queued >= b.max || len(b.queue) >= b.live {
		b.flush()
	} else {
		b.mu.Unlock()
	}
	err := <-req.done
	req.states, req.out = nil, nil
	b.requests.Put(req)
	return err
}

// flush takes the queue, unlocks, and evaluates it in this goroutine.
func (b *Batcher) flush() {
	bt := b.batches.Get().(*batch)
	bt.reqs = append(bt.reqs[:0], b.queue...)
	b.queue = b.queue[:0]
	b.queued = 0
	b.mu.Unlock()
	bt.states, bt.out = bt.states[:0], bt.out[:0]
	for _, r := range bt.reqs {
		bt.states = append(bt.states, r.states...)
		bt.out = append(bt.out, r.out...)
	}
	err := b.ev.Evaluate(bt.states, bt.out)
	b.calls.Add(1)
	b.rows.Add(int64(len(bt.states)))
	for _, r := range bt.reqs {
		r.done <- err
	}
	clear(bt.reqs)
	clear(bt.states)
	clear(bt.out)
	b.batches.Put(bt)
}

// Stats are the number of underlying calls and positions evaluated.
func (b *Batcher) Stats() (calls, rows int64) {
	return b.calls.Load(), b.rows.Load()
}
