package enginetest

import (
	"errors"
	"testing"

	"github.com/moongym/moongym/engine"
)

// FuzzDecodeState fuzzes g.DecodeState, seeded with the JSON of states from
// random games. Any input must give a state that passes the per-state checks
// or an error wrapping engine.ErrBadState; never a panic.
func FuzzDecodeState(f *testing.F, g engine.Game) {
	for seed := uint64(0); seed < 3; seed++ {
		s := g.NewInitialState()
		for i, a := range randomGame(g, seed) {
			if i%7 == 0 {
				if data, err := s.MarshalJSON(); err == nil {
					f.Add(data)
				}
			}
			s.Apply(a)
		}
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`[1,2,3]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		CheckDecoded(t, g, data)
	})
}

// CheckDecoded decodes data and, if it is accepted, checks the state.
func CheckDecoded(t *testing.T, g engine.Game, data []byte) {
	t.Helper()
	s, err := g.DecodeState(data)
	if err != nil {
		if !errors.Is(err, engine.ErrBadState) {
			t.Fatalf("DecodeState error %v does not wrap ErrBadState", err)
		}
		return
	}
	checkState(t, g, s, newRNG(1))
	if !s.IsTerminal() {
		// A decoded state must play on to the end without breaking the contract.
		rng := newRNG(2)
		for n := 0; !s.IsTerminal() && n < g.MaxGameLength(); n++ {
			s.Apply(pick(s, rng))
		}
		checkState(t, g, s, rng)
	}
}

// FuzzActions fuzzes sequences of actions: each byte picks one of the legal
// actions (or, when odd beyond the legal count, an illegal id that must be
// refused), checking every state on the way.
func FuzzActions(f *testing.F, g engine.Game) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{255, 3, 200, 17, 9})
	f.Fuzz(func(t *testing.T, data []byte) { CheckActions(t, g, data) })
}

// CheckActions plays the action sequence that data picks (see FuzzActions)
// from g's initial state, checking every state.
func CheckActions(t *testing.T, g engine.Game, data []byte) {
	t.Helper()
	s := g.NewInitialState()
	rng := newRNG(3)
	for _, b := range data {
		if s.IsTerminal() {
			break
		}
		legal := s.LegalActions(nil)
		if int(b) >= 2*len(legal) && b%2 == 1 {
			if err := engine.ApplyChecked(s, engine.Action(-1-int(b))); !errors.Is(err, engine.ErrIllegalAction) {
				t.Fatalf("illegal action accepted: %v", err)
			}
			continue
		}
		s.Apply(legal[int(b)%len(legal)])
		checkState(t, g, s, rng)
	}
}
