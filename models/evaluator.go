package models

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

// Evaluator scores states with a network for search (an mcts.Evaluator). It
// observes each state from the player to move, runs the uncached ones in one
// batch, and turns the network's relative values into values per seat in
// absolute order, scaled to the game's utility range. It is safe for
// concurrent use: concurrent calls run in parallel, each with its own
// scratch buffers and Predictor (kept for reuse).
//
// The forward pass of a large batch is split over the cores: the rows the
// cache did not answer are cut into contiguous chunks (see
// MinRowsPerWorker and splitGranule), one per worker (at most SetWorkers,
// by default GOMAXPROCS when the evaluator was made), each run through the
// network on its own goroutine with its own Predictor. The network
// computes every row on its own, so the outputs are the same however the
// batch is split.
type Evaluator struct {
	game       engine.Game
	net        *Network
	cache      *Cache
	minU, maxU float32
	view       *seatView // nil: the network reads the game's observation as it is
	scratch    freeList
	evals      atomic.Int64
	workers    atomic.Int32
}

// MinRowsPerWorker is the fewest rows a worker of a split forward pass
// gets on average, one GEMM tile: a batch of fewer than twice as many runs
// on the calling goroutine alone.
const MinRowsPerWorker = splitGranule

// splitGranule: the chunks of a split forward pass but the last are whole
// multiples of it, a multiple of the row tile of every GEMM path of
// models/kernels (12 rows with AVX-512, 6 with AVX2, 4 in Go), so that a
// split batch computes no more tiles than the whole batch would (the
// kernels compute a partial tile at full cost).
const splitGranule = 12

type scratch struct {
	pred                *Predictor
	obs, mask, pol, val []float32
	full                []float32 // the game's observation, under a seat view
	key                 []byte
	legal               []engine.Action
	rows                []pending
}

// freeList keeps scratch buffers and their Predictors for reuse. Unlike a
// sync.Pool it is not emptied by garbage collections: a Predictor packs
// the network's weights when it is made, and self-play collects garbage
// often. It holds at most as many as were ever in use at once.
type freeList struct {
	net  *Network
	mu   sync.Mutex
	free []*scratch
}

func (l *freeList) get() *scratch {
	l.mu.Lock()
	if n := len(l.free); n > 0 {
		sc := l.free[n-1]
		l.free = l.free[:n-1]
		l.mu.Unlock()
		return sc
	}
	l.mu.Unlock()
	return &scratch{pred: l.net.NewPredictor()}
}

func (l *freeList) put(sc *scratch) {
	l.mu.Lock()
	l.free = append(l.free, sc)
	l.mu.Unlock()
}

type pending struct {
	i   int
	key digest
}

// NewEvaluator makes an evaluator of net for game g, with a cache of about
// cacheSize entries (0: none). The network must fit the game's shapes.
func NewEvaluator(g engine.Game, net *Network, cacheSize int) (*Evaluator, error) {
	return NewEvaluatorBytes(g, net, cacheSize, DefaultCacheBytes)
}

// NewEvaluatorBytes is NewEvaluator with a cache of at most cacheSize
// entries and about maxBytes bytes (either <= 0: none). A cache changes
// no evaluation, only how often the network runs.
//
// A network made for fewer seats of a game whose observation has a
// section per seat (engine.SeatSections) reads the game through a seat
// view: the observer's section and the next seats' up to its own count,
// and the global section (seatView).
func NewEvaluatorBytes(g engine.Game, net *Network, cacheSize int, maxBytes int64) (*Evaluator, error) {
	if err := net.Shapes.Reads(g); err != nil {
		return nil, err
	}
	view, _ := seatViewOf(net.Shapes, g) // nil where the shapes are the game's
	e := &Evaluator{
		game: g, net: net, cache: NewCacheBytes(cacheSize, maxBytes),
		minU: float32(g.MinUtility()), maxU: float32(g.MaxUtility()), view: view,
	}
	e.scratch.net = net
	e.SetWorkers(0)
	return e, nil
}

var _ mcts.Evaluator = (*Evaluator)(nil)

// Cache is the evaluator's cache (nil if it has none).
func (e *Evaluator) Cache() *Cache { return e.cache }

// Rows is the number of rows the network has run so far (cache misses).
func (e *Evaluator) Rows() int64 { return e.evals.Load() }

// SetWorkers bounds the goroutines one Evaluate call splits its batch
// over; n <= 0 means GOMAXPROCS now (what NewEvaluator sets), 1 evaluates
// every batch on the calling goroutine. The outputs do not depend on it.
// (GOMAXPROCS is read here, not per call: reading it takes the
// scheduler's global lock.)
func (e *Evaluator) SetWorkers(n int) {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	e.workers.Store(int32(n))
}

// Evaluate implements mcts.Evaluator.
func (e *Evaluator) Evaluate(states []engine.State, out []mcts.Evaluation) error {
	if len(out) != len(states) {
		return fmt.Errorf("%w: %d states, %d outputs", ErrBadInput, len(states), len(out))
	}
	sc := e.scratch.get()
	defer e.scratch.put(sc)
	return e.evaluate(sc, states, out)
}

func (e *Evaluator) evaluate(sc *scratch, states []engine.State, out []mcts.Evaluation) error {
	s := e.net.Shapes
	d, na, np := s.ObsSize(), s.Actions, s.Players
	seats := np // the game's
	// A view of sections projects the observation; a view of slots reads
	// it as it is.
	project := e.view != nil && e.view.sections > 0
	if e.view != nil {
		seats = e.view.players
	}
	if project {
		sc.full = grow(sc.full, engine.ObservationSize(e.game))
	}
	sc.obs, sc.mask = grow(sc.obs, len(states)*d), grow(sc.mask, len(states)*na)
	sc.rows = sc.rows[:0]
	for i, st := range states {
		p := st.CurrentPlayer()
		if p < 0 || int(p) >= seats {
			return fmt.Errorf("%w: state %d has no seat to act (%s)", ErrBadInput, i, p)
		}
		if len(out[i].Priors) != na || len(out[i].Values) != seats {
			return fmt.Errorf("%w: output %d has %d priors and %d values, want %d and %d", ErrBadInput, i, len(out[i].Priors), len(out[i].Values), na, seats)
		}
		r := len(sc.rows)
		obs, mask := sc.obs[r*d:(r+1)*d], sc.mask[r*na:(r+1)*na]
		if project {
			st.Observe(p, sc.full)
			e.view.project(sc.full, obs)
		} else {
			st.Observe(p, obs)
		}
		clear(mask)
		sc.legal = st.LegalActions(sc.legal)
		for _, a := range sc.legal {
			mask[a] = 1
		}
		if e.cache != nil {
			var k digest
			k, sc.key = e.cache.digestObs(obs, mask, sc.key)
			if v, ok := e.cache.get(k); ok {
				e.write(out[i], p, v[:na], v[na:])
				continue
			}
			sc.rows = append(sc.rows, pending{i, k})
		} else {
			sc.rows = append(sc.rows, pending{i: i})
		}
	}
	n := len(sc.rows)
	if n == 0 {
		return nil
	}
	sc.pol, sc.val = grow(sc.pol, n*na), grow(sc.val, n*np)
	if err := e.predict(sc, n); err != nil {
		return err
	}
	e.evals.Add(int64(n))
	for r, pr := range sc.rows {
		pol, val := sc.pol[r*na:(r+1)*na], sc.val[r*np:(r+1)*np]
		e.write(out[pr.i], states[pr.i].CurrentPlayer(), pol, val)
		if e.cache != nil {
			entry := make([]float32, na+np)
			copy(entry, pol)
			copy(entry[na:], val)
			e.cache.put(pr.key, entry)
		}
	}
	return nil
}

// predict runs the first n gathered rows of sc through the network. With
// more than one worker and at least 2*MinRowsPerWorker rows, the rows are
// cut into chunks of a whole number of splitGranule rows (the last takes
// the rest), one per worker, each run on its own goroutine with a
// Predictor of its own; chunk 0 runs here.
func (e *Evaluator) predict(sc *scratch, n int) error {
	s := e.net.Shapes
	d, na, np := s.ObsSize(), s.Actions, s.Players
	run := func(pred *Predictor, lo, hi int) error {
		return pred.Predict(hi-lo, sc.obs[lo*d:hi*d], sc.mask[lo*na:hi*na], sc.pol[lo*na:hi*na], sc.val[lo*np:hi*np])
	}
	k := min(int(e.workers.Load()), n/MinRowsPerWorker)
	if k <= 1 {
		return run(sc.pred, 0, n)
	}
	size := ((n+k-1)/k + splitGranule - 1) / splitGranule * splitGranule
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs error
	)
	for lo := size; lo < n; lo += size {
		wg.Add(1)
		go func() {
			defer wg.Done()
			other := e.scratch.get()
			err := run(other.pred, lo, min(lo+size, n))
			e.scratch.put(other)
			if err != nil {
				mu.Lock()
				errs = errors.Join(errs, err)
				mu.Unlock()
			}
		}()
	}
	err := run(sc.pred, 0, min(size, n))
	wg.Wait()
	return errors.Join(err, errs)
}

// write fills one evaluation: priors as they are, relative value k to seat
// (p+k) mod n, scaled from [-1, 1] to the utility range (under a seat
// view, seatView.values).
func (e *Evaluator) write(ev mcts.Evaluation, p engine.Player, pol, val []float32) {
	copy(ev.Priors, pol)
	if e.view != nil {
		e.view.values(ev.Values, p, val, e.minU, e.maxU)
		return
	}
	n := len(val)
	for k, v := range val {
		ev.Values[(int(p)+k)%n] = e.minU + (v+1)/2*(e.maxU-e.minU)
	}
}

func grow(b []float32, n int) []float32 {
	if cap(b) < n {
		return make([]float32, n)
	}
	return b[:n]
}
