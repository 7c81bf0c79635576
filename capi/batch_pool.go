package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// The batch's work is split across threads only when it is large enough to
// pay for waking them: the threshold is in nanoseconds of work, estimated
// from the measured cost of a slot at earlier steps (games differ by three
// orders of magnitude: a tic-tac-toe step is about a tenth of a microsecond,
// a lunar-rally one a hundred and fifty). BenchmarkVecSmall measured it.
//
// parallelMinNS is the least estimated work of a step that is split: a
// helper goroutine takes some microseconds to wake on an idle core, and
// below this the caller has finished before it starts. (A variable for
// BenchmarkVecSplit, which measures it.)
var parallelMinNS = 24_000.0

const (
	// chunkMinNS is the least work of a chunk (the slots a worker claims at
	// once); chunksPerWorker is how many chunks each worker gets when there
	// is more work, so that a worker slowed down (by another process on its
	// core, or by costlier games) leaves the rest to the others.
	chunkMinNS      = 2_000
	chunksPerWorker = 16
	// spinNS is how long the caller spins for the last chunks of its
	// helpers before it sleeps: a goroutine locked to a C thread (a call
	// from Python) is slow to wake.
	spinNS = 50_000
)

// costEstimate is what parallel has measured of a batch: the cost of one
// slot's work on one thread, and what splitting has gained.
type costEstimate struct {
	ns float64 // nanoseconds per slot on one thread; 0 before the first measurement
	// speedup is the measured gain of a split step: ns × slots / wall
	// time; 0 before the first split step. Where other processes take the
	// cores, or the work is too small, it falls under minSpeedup and the
	// steps run on one thread, except a split step every probe steps to
	// see whether that changed.
	speedup float64
	probe   int // steps between split steps while splitting does not pay
	since   int // steps since the last split step
}

// minSpeedup is the least measured gain that keeps steps split.
const minSpeedup = 1.1

// update folds in a measurement of d for k slots on one thread.
func (c *costEstimate) update(d time.Duration, k int) {
	if k <= 0 {
		return
	}
	x := float64(d.Nanoseconds()) / float64(k)
	if c.ns == 0 {
		c.ns = x
		return
	}
	c.ns += (x - c.ns) / 4
}

// split reports whether a step of work nanoseconds (estimated) on workers
// threads should be split.
func (c *costEstimate) split(work float64, workers int) bool {
	if workers <= 1 || work < parallelMinNS {
		return false
	}
	if c.speedup == 0 || c.speedup >= minSpeedup {
		return true
	}
	c.since++
	return c.since >= c.probe
}

// splitDone folds in the gain of a split step of k slots that took wall.
func (c *costEstimate) splitDone(wall time.Duration, k int) {
	s := c.ns * float64(k) / max(1, float64(wall.Nanoseconds()))
	if c.speedup == 0 {
		c.speedup = s
	} else {
		c.speedup += (s - c.speedup) / 2
	}
	c.since = 0
	if c.speedup >= minSpeedup {
		c.probe = 4
	} else {
		c.probe = min(2*max(c.probe, 4), 64)
	}
}

// job is one call of parallel: workers claim chunks of slots from next
// until none are left; left counts the slots not yet done, and the worker
// that brings it to zero signals done. A worker that starts late finds no
// chunk and returns without calling f, so nothing runs after parallel has
// returned.
type job struct {
	next  atomic.Int64
	_     [56]byte // next and left on cache lines of their own
	left  atomic.Int64
	_     [56]byte
	n     int
	chunk int
	f     func(i int) error
	done  chan struct{}

	mu     sync.Mutex
	errAt  int // the lowest slot with an error, or n
	err    error
	caller time.Duration // time the caller spent in its chunks
	byCall int           // slots the caller did
}

// fail records err for slot i; the lowest slot's error wins.
func (j *job) fail(i int, err error) {
	j.mu.Lock()
	if i < j.errAt {
		j.errAt, j.err = i, err
	}
	j.mu.Unlock()
}

// runRange runs f on slots lo..hi-1, each panic an error of its slot.
func (j *job) runRange(lo, hi int) {
	for lo < hi {
		lo = j.runProtected(lo, hi)
	}
}

func (j *job) runProtected(lo, hi int) (next int) {
	i := lo
	defer func() {
		if r := recover(); r != nil {
			j.fail(i, fmt.Errorf("%w: panic: %v", errInternal, r))
			next = i + 1
		}
	}()
	for ; i < hi; i++ {
		if err := j.f(i); err != nil {
			j.fail(i, err)
		}
	}
	return hi
}

// work claims and runs chunks until none are left; it returns the number
// of slots it ran.
func (j *job) work() int {
	did := 0
	for {
		lo := int(j.next.Add(int64(j.chunk))) - j.chunk
		if lo >= j.n {
			return did
		}
		hi := min(lo+j.chunk, j.n)
		j.runRange(lo, hi)
		did += hi - lo
		if j.left.Add(int64(lo-hi)) == 0 {
			close(j.done)
		}
	}
}

// parallel runs f(i) for every slot, on the calling goroutine and, when the
// work is large enough, on helper goroutines (up to GOMAXPROCS in all), and
// returns the error of the lowest slot that failed (a panic included). f
// must touch only slot i's data: the result does not depend on how the
// slots are shared out.
func (b *batch) parallel(f func(i int) error) error {
	n := len(b.slots)
	j := &job{n: n, f: f, errAt: n}
	start := 0
	if b.cost.ns == 0 {
		// First call: time a few slots on this goroutine.
		start = min(n, 4)
		t := time.Now()
		j.runRange(0, start)
		b.cost.update(time.Since(t), start)
	}
	rest := n - start
	workers := min(runtime.GOMAXPROCS(0), rest)
	if !b.cost.split(b.cost.ns*float64(rest), workers) {
		t := time.Now()
		j.runRange(start, n)
		b.cost.update(time.Since(t), rest)
		return j.result()
	}
	per := max(1, int(chunkMinNS/b.cost.ns))
	j.chunk = max(per, rest/(workers*chunksPerWorker))
	workers = min(workers, (rest+j.chunk-1)/j.chunk)
	j.next.Store(int64(start))
	j.left.Store(int64(rest))
	j.done = make(chan struct{})
	for range workers - 1 {
		go j.work()
	}
	t := time.Now()
	did := j.work()
	b.cost.update(time.Since(t), did)
	if j.left.Load() != 0 {
		j.wait()
	}
	b.cost.splitDone(time.Since(t), rest)
	return j.result()
}

// wait waits for the helpers' last chunks: spinning a while, then asleep.
func (j *job) wait() {
	t := time.Now()
	for k := 0; j.left.Load() != 0; k++ {
		if k%64 == 63 && time.Since(t) > spinNS {
			<-j.done
			return
		}
	}
}

func (j *job) result() error {
	if j.err != nil {
		return fmt.Errorf("env %d: %w", j.errAt, j.err)
	}
	return nil
}
