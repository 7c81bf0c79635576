package models_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

// randomStates plays seeded random tictactoe games and returns n of their
// non-terminal states, with repeats (the opening position recurs).
func randomStates(n int, seed uint64) []engine.State {
	g := tictactoe.Game{}
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []engine.State
	var legal []engine.Action
	for len(out) < n {
		s := g.NewInitialState()
		for !s.IsTerminal() && len(out) < n {
			out = append(out, s.Clone())
			legal = s.LegalActions(legal)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
	return out
}

// TestEvaluatorSplitAndCacheChangeNothing: a batch split over workers, a
// batch evaluated by many goroutines at once through one shared cache, and
// cache hits give bit-identical outputs to one uncached call on one
// goroutine, whatever the split, so that self-play does not depend on the
// number of cores or on which goroutine filled the cache first.
func TestEvaluatorSplitAndCacheChangeNothing(t *testing.T) {
	g := tictactoe.Game{}
	for _, arch := range []models.Arch{
		models.DefaultArch(models.ShapesOf(g)),
		{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8},
	} {
		t.Run(arch.Kind, func(t *testing.T) {
			m, err := models.NewModel(g, arch, 7)
			if err != nil {
				t.Fatal(err)
			}
			states := randomStates(150, 3) // 2 to 6 chunks, the last shorter
			plain, _ := models.NewEvaluator(g, m.Net, 0)
			plain.SetWorkers(1)
			want := newEvals(len(states), g)
			if err := plain.Evaluate(states, want); err != nil {
				t.Fatal(err)
			}
			for _, workers := range []int{2, 3, 5, 64} {
				ev, _ := models.NewEvaluator(g, m.Net, 0)
				ev.SetWorkers(workers)
				got := newEvals(len(states), g)
				if err := ev.Evaluate(states, got); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%d workers: outputs differ from one worker", workers)
				}
				if ev.Rows() != int64(len(states)) {
					t.Fatalf("%d workers ran %d rows, want %d", workers, ev.Rows(), len(states))
				}
			}
			// Eight goroutines, each evaluating the states in its own order
			// and batch size, through one cache: every output must equal the
			// fresh one, hit or miss.
			cached, _ := models.NewEvaluator(g, m.Net, 1000)
			var wg sync.WaitGroup
			errs := make([]error, 8)
			for c := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					perm := rand.New(rand.NewPCG(uint64(c), 2)).Perm(len(states))
					size := 1 + c*3
					for lo := 0; lo < len(perm); lo += size {
						idx := perm[lo:min(lo+size, len(perm))]
						batch := make([]engine.State, len(idx))
						for k, i := range idx {
							batch[k] = states[i]
						}
						out := newEvals(len(batch), g)
						if err := cached.Evaluate(batch, out); err != nil {
							errs[c] = err
							return
						}
						for k, i := range idx {
							if !reflect.DeepEqual(out[k], want[i]) {
								errs[c] = fmt.Errorf("goroutine %d: state %d differs from its fresh evaluation", c, i)
								return
							}
						}
					}
				}()
			}
			wg.Wait()
			if err := errors.Join(errs...); err != nil {
				t.Fatal(err)
			}
			if hits, _ := cached.Cache().Stats(); hits == 0 {
				t.Fatal("no cache hit: the test did not compare hits with fresh evaluations")
			}
		})
	}
}

// TestEvaluatorSplitErrorNamesState: an error in a batch that would be
// split names the state by its index in the whole batch.
func TestEvaluatorSplitErrorNamesState(t *testing.T) {
	g := tictactoe.Game{}
	m, _ := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 8, Depth: 0, ValueHidden: 4}, 1)
	ev, _ := models.NewEvaluator(g, m.Net, 0)
	ev.SetWorkers(4)
	states := randomStates(60, 5)
	term := g.NewInitialState()
	for _, a := range []engine.Action{0, 3, 1, 4, 2} {
		term.Apply(a)
	}
	states[37] = term
	err := ev.Evaluate(states, newEvals(len(states), g))
	if !errors.Is(err, models.ErrBadInput) || !strings.Contains(err.Error(), "state 37 ") {
		t.Fatalf("got %v, want ErrBadInput naming state 37", err)
	}
	if err := ev.Evaluate(states[:2], []mcts.Evaluation{}); !errors.Is(err, models.ErrBadInput) {
		t.Fatalf("mismatched outputs: %v", err)
	}
}
