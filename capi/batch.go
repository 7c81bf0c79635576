package main

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/moongym/moongym/engine"
)

// batch is a vector environment: n slots of one configuration stepped
// together with Gymnasium's next-step autoreset (as env.Vec): the step that
// ends an episode gives its final observation; the next step of that slot
// ignores its action and starts a new episode (zero rewards, flags false).
// Episode seeds derive from the reset seed, the slot's index and the
// episode number, so results do not depend on scheduling.
type batch struct {
	mu      sync.Mutex
	slots   []*slot
	seed    uint64
	episode []uint64
	ended   []bool
	reset   bool
	obsSize int
	actions int
	rewards int
	workers int
}

// minChunk is the fewest slots a goroutine steps: below it, the cost of a
// goroutine outweighs the work of tic-tac-toe-sized games.
const minChunk = 16

func newBatch(n int, cfg slotConfig) (*batch, error) {
	if n <= 0 || n > 1<<20 {
		return nil, fmt.Errorf("%w: %d environments (want 1..%d)", errBadArgument, n, 1<<20)
	}
	b := &batch{slots: make([]*slot, n), episode: make([]uint64, n), ended: make([]bool, n)}
	for i := range b.slots {
		s, err := newSlot(cfg)
		if err != nil {
			return nil, err
		}
		b.slots[i] = s
	}
	g := b.slots[0].game
	b.obsSize = engine.ObservationSize(g)
	b.actions = g.NumActions()
	b.rewards = b.slots[0].numRewards()
	b.workers = max(1, min(runtime.GOMAXPROCS(0), n/minChunk))
	return b, nil
}

// batchOut are the caller's arrays a reset or step writes: obs n×obsSize,
// mask n×actions, rewards n×rewards, player n (the seat to act, or
// engine.Terminal), terminated and truncated n.
type batchOut struct {
	obs        []float32
	mask       []int8
	rewards    []float64
	player     []int32
	terminated []uint8
	truncated  []uint8
}

func (b *batch) checkOut(o batchOut) error {
	n := len(b.slots)
	if len(o.obs) != n*b.obsSize || len(o.mask) != n*b.actions || len(o.player) != n {
		return fmt.Errorf("%w: output arrays of the wrong size", errBadArgument)
	}
	if o.rewards != nil && (len(o.rewards) != n*b.rewards || len(o.terminated) != n || len(o.truncated) != n) {
		return fmt.Errorf("%w: output arrays of the wrong size", errBadArgument)
	}
	return nil
}

// write writes slot i's observation into o.
func (b *batch) write(i int, o batchOut) error {
	s := b.slots[i]
	o.player[i] = int32(s.current())
	return s.observe(s.viewer(), o.obs[i*b.obsSize:(i+1)*b.obsSize], o.mask[i*b.actions:(i+1)*b.actions])
}

// parallel runs f(i) for every slot on the batch's workers and returns the
// first error by slot index.
func (b *batch) parallel(f func(i int) error) error {
	n := len(b.slots)
	errs := make([]error, n)
	chunk := (n + b.workers - 1) / b.workers
	run := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			errs[i] = protect(func() error { return f(i) })
		}
	}
	// The first chunk runs on the calling thread, the others on goroutines.
	var wg sync.WaitGroup
	for lo := chunk; lo < n; lo += chunk {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(lo, min(lo+chunk, n))
		}()
	}
	run(0, min(chunk, n))
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("env %d: %w", i, err)
		}
	}
	return nil
}

// resetAll starts every slot's first episode from seed; opponents are made
// afresh from seed too.
func (b *batch) resetAll(seed uint64, o batchOut) error {
	if err := b.checkOut(o); err != nil {
		return err
	}
	b.seed = seed
	b.reset = true
	return b.parallel(func(i int) error {
		b.episode[i], b.ended[i] = 0, false
		if err := b.slots[i].reset(mix(seed, uint64(i), 0), mix(seed, uint64(i), 1<<32), true); err != nil {
			return err
		}
		return b.write(i, o)
	})
}

// stepAll plays actions[i] in slot i (ignored for a slot being reset). A
// batch with an illegal action or a bad value is refused whole: no slot
// steps, and the error names the first bad slot.
func (b *batch) stepAll(actions []int64, o batchOut) error {
	if err := b.checkOut(o); err != nil {
		return err
	}
	if o.rewards == nil || len(actions) != len(b.slots) {
		return fmt.Errorf("%w: %d actions for %d environments", errBadArgument, len(actions), len(b.slots))
	}
	if !b.reset {
		return fmt.Errorf("env 0: %w", b.slots[0].check(0))
	}
	for i, s := range b.slots {
		if b.ended[i] {
			continue
		}
		if err := s.check(actions[i]); err != nil {
			return fmt.Errorf("env %d: %w", i, err)
		}
	}
	return b.parallel(func(i int) error {
		s := b.slots[i]
		rew := o.rewards[i*b.rewards : (i+1)*b.rewards]
		if b.ended[i] {
			b.ended[i] = false
			b.episode[i]++
			clear(rew)
			o.terminated[i], o.truncated[i] = 0, 0
			if err := s.reset(mix(b.seed, uint64(i), b.episode[i]), 0, false); err != nil {
				return err
			}
			return b.write(i, o)
		}
		term, trunc, err := s.step(actions[i], rew)
		if err != nil {
			return err
		}
		o.terminated[i], o.truncated[i] = boolByte(term), boolByte(trunc)
		b.ended[i] = term || trunc
		return b.write(i, o)
	})
}

func boolByte(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
