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
// a lunar-rally one a hundred and fifty).
//
// parallelMinNS is the least estimated work of a step that is split: a
// helper that sleeps takes tens of microseconds to wake on an idle core, and
// below this the caller has finished before it starts. (A variable for
// BenchmarkVecSplit, which measures it.)
var parallelMinNS = 24_000.0

const (
	// chunkMinNS is the least work of a chunk (the slots a worker claims at
	// once); a chunk is otherwise 1/(chunksPerWorker × workers) of the
	// slots left: guided self-scheduling, large chunks first and small ones
	// at the end, so that there are few claims (each an atomic operation
	// on a shared cache line) and no worker waits long for another's last
	// chunk, and a worker slowed down (by another process on its core, or
	// by costlier games) leaves the rest to the others.
	chunkMinNS      = 2_000
	chunksPerWorker = 4
	// spinNS is how long the caller spins for the last chunks of its
	// helpers before it sleeps: a goroutine locked to a C thread (a call
	// from Python) is slow to wake.
	spinNS = 50_000
	// idleSpinNS is how long a helper spins for the next split step
	// before it sleeps, unless the recent gaps between split steps say
	// otherwise (see pool.spin). Waking a sleeping goroutine onto an idle
	// core took 70-115 µs on a 2-vCPU KVM guest (a quarter to half of a
	// whole 1,024-game tic-tac-toe step), against 0.2 µs for a spinning
	// one, and steps of a vector environment come back to back (a Go
	// loop: some µs apart; Python drawing random actions with NumPy for
	// 1,024 games: a few hundred µs).
	idleSpinNS = 200_000
	// maxSpinNS bounds the spin: a helper spins twice the recent gap
	// between split steps when that is at most maxSpinNS, so that steps
	// coming regularly find it awake, and idleSpinNS when the gaps are
	// longer (the caller doing other work between steps, which the
	// spinning would take a core from).
	maxSpinNS = 1_000_000
)

// costEstimate is what parallel has measured of a batch: the cost of one
// slot's work on one thread, and what splitting has gained.
type costEstimate struct {
	ns float64 // nanoseconds per slot on one thread; 0 before the first measurement
	// speedup is the measured gain of a split step: ns × slots / wall
	// time; 0 before the first trial. Where other processes take the
	// cores, or the work is too small, it falls under minSpeedup and the
	// steps run on one thread, except a trial every probe steps to see
	// whether that changed.
	speedup float64
	probe   int // steps between trials while splitting does not pay
	since   int // steps since the last trial
	// trial counts the split steps left in a trial: two in a row, the
	// first not counted, since it wakes the helpers (tens of µs on some
	// machines, a sleeping goroutine onto an idle core), and the steps of
	// a trial come back to back only where the calls do.
	trial  int
	splits int // split steps so far (for benchmarks and tests)
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
	if c.trial > 0 || c.speedup >= minSpeedup {
		return true
	}
	c.since++
	if c.speedup == 0 || c.since >= c.probe {
		c.trial = 2
		return true
	}
	return false
}

// splitDone folds in the gain of a split step of k slots that took wall.
func (c *costEstimate) splitDone(wall time.Duration, k int) {
	c.since = 0
	if c.trial == 2 {
		c.trial--
		return
	}
	c.trial = 0
	s := c.ns * float64(k) / max(1, float64(wall.Nanoseconds()))
	if c.speedup == 0 {
		c.speedup = s
	} else {
		c.speedup += (s - c.speedup) / 2
	}
	if c.speedup >= minSpeedup {
		c.probe = 4
	} else {
		c.probe = min(2*max(c.probe, 4), 64)
	}
}

// job is a split step: workers claim chunks of the slots not yet claimed,
// the caller from the front and the helpers from the back (so that with
// two workers each slot is stepped by the same thread step after step,
// but for those near where the two meet: its state stays in that core's
// cache), until none are left; left counts the slots not yet done, and the worker that brings
// it to zero signals done. A batch keeps two jobs and reuses them: a job
// is set up only while no helper is inside it (joined == 0) and it is not
// open to helpers (helpers.open is not it), so a helper that comes late
// either finds the job closed and leaves or joins the step it is set up
// for.
type job struct {
	// span is the slots not yet claimed, [front, back): front in the low
	// 32 bits, back in the high ones.
	span atomic.Uint64
	_    [56]byte // span, left and joined on cache lines of their own
	left atomic.Int64
	_    [56]byte
	// joined counts the helpers inside the job; at most maxJoin join.
	joined  atomic.Int32
	maxJoin atomic.Int32
	// epoch tells the steps of a reused job apart, for a helper that has
	// helped with one and must not keep joining it.
	epoch atomic.Uint64
	_     [48]byte
	n     int
	chunk int // the least chunk
	parts int // a chunk is at least 1/parts of the slots left
	f     func(i int) error
	// done gets a token from the worker that brings left to zero; a
	// token left over from an earlier step only makes the caller look at
	// left again.
	done chan struct{}

	mu    sync.Mutex
	errAt int // the lowest slot with an error, or n
	err   error
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

// work claims and runs chunks until none are left, from the front of the
// slots left or (back) from their end; it returns the number of slots it
// ran.
func (j *job) work(back bool) int {
	did := 0
	for {
		v := j.span.Load()
		front, end := int(uint32(v)), int(v>>32)
		if front >= end {
			return did
		}
		size := min(max(j.chunk, (end-front)/j.parts), end-front)
		lo, hi := front, front+size
		w := uint64(end)<<32 | uint64(hi)
		if back {
			lo, hi = end-size, end
			w = uint64(lo)<<32 | uint64(front)
		}
		if !j.span.CompareAndSwap(v, w) {
			continue
		}
		j.runRange(lo, hi)
		did += hi - lo
		if j.left.Add(int64(lo-hi)) == 0 {
			select {
			case j.done <- struct{}{}:
			default:
			}
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
	j := &b.jobs[0]
	if j.joined.Load() != 0 {
		j = b.freeJob()
	}
	j.n, j.f, j.errAt, j.err = n, f, n, nil
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
	b.cost.splits++
	j.chunk = max(1, int(chunkMinNS/b.cost.ns))
	workers = min(workers, (rest+j.chunk-1)/j.chunk)
	j.parts = workers * chunksPerWorker
	j.span.Store(uint64(n)<<32 | uint64(start))
	j.left.Store(int64(rest))
	j.maxJoin.Store(int32(workers - 1))
	j.epoch.Add(1)
	t := time.Now()
	if workers > 1 {
		helpers.post(j, workers-1)
	}
	did := j.work(false)
	b.cost.update(time.Since(t), did)
	if j.left.Load() != 0 {
		j.wait()
	}
	helpers.open.CompareAndSwap(j, nil)
	helpers.done()
	b.cost.splitDone(time.Since(t), rest)
	return j.result()
}

// freeJob is one of the batch's jobs with no helper inside: a helper
// leaves a finished job within nanoseconds, unless its thread was
// descheduled in between, hence two jobs and the wait only when both are
// taken.
func (b *batch) freeJob() *job {
	for k := 0; ; k++ {
		for i := range b.jobs {
			if b.jobs[i].joined.Load() == 0 {
				return &b.jobs[i]
			}
		}
		if k%64 == 63 {
			runtime.Gosched()
		}
	}
}

// wait waits for the helpers' last chunks: spinning a while, then asleep.
func (j *job) wait() {
	t := time.Now()
	for k := 0; j.left.Load() != 0; k++ {
		if k%64 == 63 && time.Since(t) > spinNS {
			for j.left.Load() != 0 {
				<-j.done
			}
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

// pool is the helper goroutines that join split steps, shared by every
// batch: they are started when first needed (GOMAXPROCS-1 of them), spin
// for the next split step after each (pool.spin), then sleep until a step
// wakes them.
type pool struct {
	// open is the split step helpers may join (the last one posted; a
	// step posted by another batch at the same time replaces it: the
	// batch whose step it was does the rest itself).
	open     atomic.Pointer[job]
	sleepers atomic.Int32 // helpers asleep or about to sleep
	wake     chan struct{}
	mu       sync.Mutex
	started  atomic.Int32
	// ended is when the last split step ended (time.Now's monotonic
	// nanoseconds since poolEpoch); gap is a running mean of the time
	// from one split step's end to the next one's post, in ns.
	ended atomic.Int64
	gap   atomic.Int64
}

var poolEpoch = time.Now()

// spin is how long a helper spins for the next split step.
func (p *pool) spin() time.Duration {
	if g := 2 * time.Duration(p.gap.Load()); g <= maxSpinNS {
		return max(g, 50*time.Microsecond)
	}
	return idleSpinNS
}

// done records the end of a split step.
func (p *pool) done() {
	p.ended.Store(int64(time.Since(poolEpoch)))
}

var helpers = &pool{wake: make(chan struct{}, 1024)}

// post opens j to up to k helpers, starting or waking them as needed.
func (p *pool) post(j *job, k int) {
	if int(p.started.Load()) < k {
		p.start(k)
	}
	select { // a token left from an earlier step
	case <-j.done:
	default:
	}
	if e := p.ended.Load(); e > 0 {
		g, mean := int64(time.Since(poolEpoch))-e, p.gap.Load()
		p.gap.Store(mean + (g-mean)/4)
	}
	p.open.Store(j)
	for s := min(int(p.sleepers.Load()), k); s > 0; s-- {
		select {
		case p.wake <- struct{}{}:
		default:
			return
		}
	}
}

// start starts helpers until there are k.
func (p *pool) start(k int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for int(p.started.Load()) < k {
		p.started.Add(1)
		go p.help()
	}
}

// help is a helper's life: join the open step when it has room, else spin
// for the next one, and after pool.spin without one, sleep.
func (p *pool) help() {
	var last *job
	var lastEpoch uint64
	idle := time.Now()
	for k := 0; ; k++ {
		if j := p.open.Load(); j != nil && (j != last || j.epoch.Load() != lastEpoch) {
			last, lastEpoch = j, j.epoch.Load()
			p.join(j)
			idle = time.Now()
			continue
		}
		if k%64 != 63 {
			continue
		}
		if k%1024 == 1023 {
			runtime.Gosched() // others waiting for this thread come first
		}
		if time.Since(idle) < p.spin() {
			continue
		}
		// Sleep, unless a step was posted after the look above: either
		// this sees it, or its poster sees this helper among the
		// sleepers and wakes one.
		p.sleepers.Add(1)
		if j := p.open.Load(); j == nil || j == last && j.epoch.Load() == lastEpoch {
			<-p.wake
		}
		p.sleepers.Add(-1)
		idle = time.Now()
	}
}

// join helps with j if it still has room and is still open.
func (p *pool) join(j *job) {
	if j.joined.Add(1) <= j.maxJoin.Load() && p.open.Load() == j {
		j.work(true)
	}
	j.joined.Add(-1)
}
