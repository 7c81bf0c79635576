package models_test

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

func newEvals(n int, g engine.Game) []mcts.Evaluation {
	out := make([]mcts.Evaluation, n)
	for i := range out {
		out[i] = mcts.Evaluation{Priors: make([]float32, g.NumActions()), Values: make([]float32, g.NumPlayers())}
	}
	return out
}

// TestEvaluatorRotatesValuesAndMasks checks the evaluator against the
// predictor on states where each seat is to move: priors only on legal
// actions, relative values moved to absolute seats.
func TestEvaluatorRotatesValuesAndMasks(t *testing.T) {
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, 4)
	if err != nil {
		t.Fatal(err)
	}
	// Make the value head asymmetric, so that a wrong rotation shows.
	b2, _ := m.Net.Weight("value.b2")
	b2.Data[0], b2.Data[1] = 0.8, -0.3
	ev, err := models.NewEvaluator(g, m.Net, 0)
	if err != nil {
		t.Fatal(err)
	}
	x := g.NewInitialState()
	o := x.Clone()
	o.Apply(4) // O to move
	states := []engine.State{x, o}
	out := newEvals(2, g)
	if err := ev.Evaluate(states, out); err != nil {
		t.Fatal(err)
	}
	pred := m.Net.NewPredictor()
	for i, s := range states {
		p := s.CurrentPlayer()
		obs := make([]float32, 27)
		s.Observe(p, obs)
		mask := make([]float32, 9)
		for _, a := range s.LegalActions(nil) {
			mask[a] = 1
		}
		pol, val := make([]float32, 9), make([]float32, 2)
		if err := pred.Predict(1, obs, mask, pol, val); err != nil {
			t.Fatal(err)
		}
		for a := range pol {
			if out[i].Priors[a] != pol[a] {
				t.Fatalf("state %d: prior %d is %v, predictor says %v", i, a, out[i].Priors[a], pol[a])
			}
		}
		if i == 1 && out[i].Priors[4] != 0 {
			t.Fatal("occupied cell has a prior")
		}
		for k := range val {
			seat := (int(p) + k) % 2
			if got := out[i].Values[seat]; math.Abs(float64(got-val[k])) > 1e-6 {
				t.Fatalf("state %d (%s to move): seat %d value %v, want relative value %d = %v", i, p, seat, got, k, val[k])
			}
		}
	}
	if out[0].Values[0] == out[1].Values[0] {
		t.Fatal("values equal for both movers: the test cannot tell rotations apart")
	}
}

func TestEvaluatorCache(t *testing.T) {
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.DefaultArch(models.ShapesOf(g)), 4)
	if err != nil {
		t.Fatal(err)
	}
	cached, _ := models.NewEvaluator(g, m.Net, 100)
	plain, _ := models.NewEvaluator(g, m.Net, 0)
	s := g.NewInitialState()
	s2 := s.Clone()
	s2.Apply(0)
	states := []engine.State{s, s2, s.Clone()}
	a, b := newEvals(3, g), newEvals(3, g)
	for round := 0; round < 2; round++ {
		if err := cached.Evaluate(states, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := plain.Evaluate(states, b); err != nil {
		t.Fatal(err)
	}
	for i := range a {
		for j := range a[i].Priors {
			if a[i].Priors[j] != b[i].Priors[j] {
				t.Fatal("cached and uncached priors differ")
			}
		}
		for j := range a[i].Values {
			if a[i].Values[j] != b[i].Values[j] {
				t.Fatal("cached and uncached values differ")
			}
		}
	}
	// Round 1: s and s2 miss (the copy of s in the same batch misses too,
	// the cache is filled after the batch); round 2: all hit.
	if hits, misses := cached.Cache().Stats(); hits != 3 || misses != 3 {
		t.Fatalf("hits %d misses %d, want 3 and 3", hits, misses)
	}
	if cached.Rows() != 3 || plain.Rows() != 3 {
		t.Fatalf("network rows: cached %d plain %d, want 3 and 3", cached.Rows(), plain.Rows())
	}
	term := g.NewInitialState()
	for _, a := range []engine.Action{0, 3, 1, 4, 2} {
		term.Apply(a)
	}
	if err := cached.Evaluate([]engine.State{term}, newEvals(1, g)); !errors.Is(err, models.ErrBadInput) {
		t.Fatalf("terminal state: %v, want ErrBadInput", err)
	}
}

func TestCacheBounded(t *testing.T) {
	c := models.NewCache(10)
	for i := 0; i < 100; i++ {
		c.Put([]byte{byte(i)}, []float32{float32(i)})
		// Hits move entries out of the older generation: they must not
		// grow the cache past its bound either.
		for j := max(i-9, 0); j <= i; j++ {
			c.Get([]byte{byte(j)})
		}
		if n := c.Len(); n > 10 {
			t.Fatalf("cache of size 10 holds %d entries after %d puts", n, i+1)
		}
	}
	if v, ok := c.Get([]byte{99}); !ok || v[0] != 99 {
		t.Fatal("latest entry lost")
	}
	if _, ok := c.Get([]byte{0}); ok {
		t.Fatal("oldest entry kept")
	}
	var none *models.Cache
	none.Put([]byte{1}, nil)
	if _, ok := none.Get([]byte{1}); ok {
		t.Fatal("nil cache remembered")
	}
}

// TestCacheBoundedInBytes: large entries (the policy of a game with many
// actions) are bounded by bytes long before the entry bound; keys of any
// length cost a digest, not their bytes.
func TestCacheBoundedInBytes(t *testing.T) {
	const maxBytes = 1 << 20
	c := models.NewCacheBytes(1<<16, maxBytes)
	key := make([]byte, 50_000)
	for i := 0; i < 200; i++ {
		binary.LittleEndian.PutUint32(key, uint32(i))
		c.Put(key, make([]float32, 12_500))
		if b := c.Bytes(); b > maxBytes {
			t.Fatalf("cache bounded to %d bytes holds %d after %d puts", maxBytes, b, i+1)
		}
	}
	if n := c.Len(); n < 10 || n > 21 {
		t.Fatalf("cache of 1 MiB holds %d entries of 50 KB, want 10 to 21", n)
	}
	if _, ok := c.Get(key); !ok {
		t.Fatal("latest entry lost")
	}
	small := models.NewCacheBytes(1<<16, maxBytes)
	for i := 0; i < 1000; i++ {
		binary.LittleEndian.PutUint32(key, uint32(i))
		small.Put(key, make([]float32, 4))
	}
	if n := small.Len(); n != 1000 {
		t.Fatalf("1,000 entries of 50 KB keys and 16 B values: %d kept, want all", n)
	}
}

// TestEvaluatorCacheKeyIsCacheKey: an entry put under CacheKey(obs, mask)
// is what the evaluator finds for a state of that observation and mask
// (the evaluator digests the observation in place, without the key).
func TestEvaluatorCacheKeyIsCacheKey(t *testing.T) {
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.DefaultArch(models.ShapesOf(g)), 4)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := models.NewEvaluator(g, m.Net, 100)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	s.Apply(4)
	obs := make([]float32, models.ShapesOf(g).ObsSize())
	s.Observe(s.CurrentPlayer(), obs)
	mask := make([]float32, g.NumActions())
	for _, a := range s.LegalActions(nil) {
		mask[a] = 1
	}
	entry := make([]float32, len(mask)+g.NumPlayers())
	for _, a := range s.LegalActions(nil) {
		entry[a] = 1 / 8.0
	}
	entry[len(mask)] = 0.25
	ev.Cache().Put(models.CacheKey(nil, obs, mask), entry)
	out := newEvals(1, g)
	if err := ev.Evaluate([]engine.State{s}, out); err != nil {
		t.Fatal(err)
	}
	if ev.Rows() != 0 {
		t.Fatalf("the network ran %d rows: the evaluator missed the entry put under CacheKey", ev.Rows())
	}
	if out[0].Priors[0] != 1/8.0 || out[0].Priors[4] != 0 {
		t.Fatalf("priors %v, want the entry's", out[0].Priors)
	}
}

// TestCacheKey: the key tells apart observations and masks that differ in
// one place, and only those.
func TestCacheKey(t *testing.T) {
	obs := []float32{0, 1, 0.5, 0}
	mask := []float32{1, 0, 0, 1, 0, 0, 0, 0, 1, 1}
	base := string(models.CacheKey(nil, obs, mask))
	if again := string(models.CacheKey(make([]byte, 3, 100), obs, mask)); again != base {
		t.Fatal("same observation and mask, different keys")
	}
	for i := range obs {
		o := slices.Clone(obs)
		o[i] += 0.25
		if string(models.CacheKey(nil, o, mask)) == base {
			t.Errorf("observation %d changed, key did not", i)
		}
	}
	for i := range mask {
		m := slices.Clone(mask)
		m[i] = 1 - m[i]
		if string(models.CacheKey(nil, obs, m)) == base {
			t.Errorf("mask %d changed, key did not", i)
		}
	}
}
