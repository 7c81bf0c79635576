package models

import (
	"fmt"
	"sync"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

// Evaluator scores states with a network for search (an mcts.Evaluator). It
// observes each state from the player to move, runs the uncached ones in one
// batch, and turns the network's relative values into values per seat in
// absolute order, scaled to the game's utility range. It is safe for
// concurrent use (calls are serialised).
type Evaluator struct {
	game       engine.Game
	net        *Network
	cache      *Cache
	minU, maxU float32

	mu                  sync.Mutex
	pred                *Predictor
	obs, mask, pol, val []float32
	key                 []byte
	legal               []engine.Action
	rows                []pending
	evals               int64
}

type pending struct {
	i   int
	key string
}

// NewEvaluator makes an evaluator of net for game g, with a cache of about
// cacheSize entries (0: none). The network must fit the game's shapes.
func NewEvaluator(g engine.Game, net *Network, cacheSize int) (*Evaluator, error) {
	if s := ShapesOf(g); !net.Shapes.Equal(s) {
		return nil, fmt.Errorf("%w: network has %s, the game has %s", ErrWrongGame, net.Shapes, s)
	}
	return &Evaluator{
		game: g, net: net, cache: NewCache(cacheSize),
		minU: float32(g.MinUtility()), maxU: float32(g.MaxUtility()),
		pred: net.NewPredictor(),
	}, nil
}

var _ mcts.Evaluator = (*Evaluator)(nil)

// Cache is the evaluator's cache (nil if it has none).
func (e *Evaluator) Cache() *Cache { return e.cache }

// Rows is the number of rows the network has run so far (cache misses).
func (e *Evaluator) Rows() int64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.evals
}

// Evaluate implements mcts.Evaluator.
func (e *Evaluator) Evaluate(states []engine.State, out []mcts.Evaluation) error {
	if len(out) != len(states) {
		return fmt.Errorf("%w: %d states, %d outputs", ErrBadInput, len(states), len(out))
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	s := e.net.Shapes
	d, na, np := s.ObsSize(), s.Actions, s.Players
	e.obs, e.mask = grow(e.obs, len(states)*d), grow(e.mask, len(states)*na)
	e.rows = e.rows[:0]
	for i, st := range states {
		p := st.CurrentPlayer()
		if p < 0 || int(p) >= np {
			return fmt.Errorf("%w: state %d has no seat to act (%s)", ErrBadInput, i, p)
		}
		if len(out[i].Priors) != na || len(out[i].Values) != np {
			return fmt.Errorf("%w: output %d has %d priors and %d values, want %d and %d", ErrBadInput, i, len(out[i].Priors), len(out[i].Values), na, np)
		}
		r := len(e.rows)
		obs, mask := e.obs[r*d:(r+1)*d], e.mask[r*na:(r+1)*na]
		st.Observe(p, obs)
		clear(mask)
		e.legal = st.LegalActions(e.legal)
		for _, a := range e.legal {
			mask[a] = 1
		}
		if e.cache != nil {
			e.key = CacheKey(e.key, obs, mask)
			if v, ok := e.cache.Get(e.key); ok {
				e.write(out[i], p, v[:na], v[na:])
				continue
			}
			e.rows = append(e.rows, pending{i, string(e.key)})
		} else {
			e.rows = append(e.rows, pending{i: i})
		}
	}
	n := len(e.rows)
	if n == 0 {
		return nil
	}
	e.pol, e.val = grow(e.pol, n*na), grow(e.val, n*np)
	if err := e.pred.Predict(n, e.obs[:n*d], e.mask[:n*na], e.pol[:n*na], e.val[:n*np]); err != nil {
		return err
	}
	e.evals += int64(n)
	for r, pr := range e.rows {
		pol, val := e.pol[r*na:(r+1)*na], e.val[r*np:(r+1)*np]
		e.write(out[pr.i], states[pr.i].CurrentPlayer(), pol, val)
		if e.cache != nil {
			entry := make([]float32, na+np)
			copy(entry, pol)
			copy(entry[na:], val)
			e.cache.Put([]byte(pr.key), entry)
		}
	}
	return nil
}

// write fills one evaluation: priors as they are, relative value k to seat
// (p+k) mod n, scaled from [-1, 1] to the utility range.
func (e *Evaluator) write(ev mcts.Evaluation, p engine.Player, pol, val []float32) {
	copy(ev.Priors, pol)
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
