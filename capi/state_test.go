package main

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/env"
	"github.com/moongym/moongym/internal/seeds"
)

// TestSingleAgentMatchesEnv: the single-agent stepper over aec plays the
// same episodes as env.SingleAgentEnv with the same opponents (seeded as
// makeOpponents seeds them), for every test configuration, from the
// first and the last seat, with and without truncation.
func TestSingleAgentMatchesEnv(t *testing.T) {
	everyConfig(t, func(t *testing.T, name string, params engine.Params) {
		g, err := loadGame(name, params)
		if err != nil {
			t.Fatal(err)
		}
		for _, seat := range []int{0, g.NumPlayers() - 1} {
			for _, maxSteps := range []int{0, 9} {
				s, err := newSlot(slotConfig{game: name, params: params, maxSteps: maxSteps, seat: seat, opponents: []string{"random"}})
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(3, 4))
				obs := make([]float32, engine.ObservationSize(g))
				mask := make([]int8, g.NumActions())
				rew := []float64{0}
				for ep := uint64(0); ep < 2; ep++ {
					opp := make([]agents.Agent, g.NumPlayers()-1)
					for i := range opp {
						opp[i] = agents.NewRandom(seeds.Pair(100+ep, uint64(i), 0x6f7070))
					}
					e := env.New(g, env.Options{MaxSteps: maxSteps})
					single, err := env.SingleAgent(e, engine.Player(seat), opp...)
					if err != nil {
						t.Fatal(err)
					}
					want, _, err := single.Reset(ep)
					if err != nil {
						t.Fatal(err)
					}
					if err := s.reset(ep, 100+ep, true); err != nil {
						t.Fatal(err)
					}
					for step := 0; ; step++ {
						if err := s.observe(s.viewer(), obs, mask); err != nil {
							t.Fatal(err)
						}
						if s.current() == engine.Terminal {
							clear(mask) // the terminal observation has no legal action
						}
						sameObs(t, step, want, obs, mask)
						if want.Player == engine.Terminal || s.current() == engine.Terminal {
							if want.Player != engine.Terminal || s.current() != engine.Terminal {
								t.Fatalf("step %d: env's player %v, slot's %v", step, want.Player, s.current())
							}
							break
						}
						legal := s.state().LegalActions(nil)
						a := legal[rng.IntN(len(legal))]
						st, err := single.Step(a)
						if err != nil {
							t.Fatal(err)
						}
						term, trunc, err := s.step(int64(a), rew)
						if err != nil {
							t.Fatal(err)
						}
						if term != st.Terminated || trunc != st.Truncated || rew[0] != st.Reward {
							t.Fatalf("step %d: slot %v %v %v, env %v %v %v", step, term, trunc, rew[0], st.Terminated, st.Truncated, st.Reward)
						}
						want = st.Obs
					}
				}
			}
		}
	})
}

// playRandom plays n random legal steps (fewer if the episode ends) in s
// and returns the actions.
func playRandom(t *testing.T, s *slot, rng *rand.Rand, n int) []int64 {
	t.Helper()
	var acts []int64
	rew := make([]float64, s.numRewards())
	for i := 0; i < n && s.current() != engine.Terminal; i++ {
		legal := s.state().LegalActions(nil)
		a := int64(legal[rng.IntN(len(legal))])
		if _, _, err := s.step(a, rew); err != nil {
			t.Fatal(err)
		}
		acts = append(acts, a)
	}
	return acts
}

// stepTrace plays acts in s and returns everything the steps gave.
func stepTrace(t *testing.T, s *slot, acts []int64) []float64 {
	t.Helper()
	var out []float64
	obs := make([]float32, engine.ObservationSize(s.game))
	mask := make([]int8, s.game.NumActions())
	rew := make([]float64, s.numRewards())
	for _, a := range acts {
		term, trunc, err := s.step(a, rew)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.observe(s.viewer(), obs, mask); err != nil {
			t.Fatal(err)
		}
		out = append(out, rew...)
		out = append(out, float64(boolByte(term)), float64(boolByte(trunc)), float64(s.current()))
		for _, x := range obs {
			out = append(out, float64(x))
		}
		if term || trunc {
			break
		}
	}
	return out
}

// TestStateSetAndCopy: for every test configuration, multi- and
// single-agent: the state's JSON set into a fresh environment gives the
// same observations, legal actions and seat to act; a copy plays the same
// steps as its original (chance included) and is independent of it; a
// state that does not decode changes nothing.
func TestStateSetAndCopy(t *testing.T) {
	everyConfig(t, func(t *testing.T, name string, params engine.Params) {
		for _, cfg := range []slotConfig{
			{game: name, params: params, seat: -1},
			{game: name, params: params, seat: 0, opponents: []string{"random"}},
		} {
			s, err := newSlot(cfg)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, 8))
			if err := s.reset(11, 12, true); err != nil {
				t.Fatal(err)
			}
			playRandom(t, s, rng, 6)
			if s.current() == engine.Terminal {
				continue
			}
			js, err := s.state().MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := newSlot(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if err := fresh.setState(js); err != nil {
				t.Fatal(err)
			}
			got, _ := fresh.state().MarshalJSON()
			if !bytes.Equal(got, js) || fresh.current() != s.current() || !slices.Equal(fresh.state().LegalActions(nil), s.state().LegalActions(nil)) {
				t.Fatalf("set state: %s to act, want %s", fresh.current(), s.current())
			}
			obs1 := make([]float32, engine.ObservationSize(s.game))
			obs2 := slices.Clone(obs1)
			mask := make([]int8, s.game.NumActions())
			s.observe(s.viewer(), obs1, mask)
			fresh.observe(fresh.viewer(), obs2, mask)
			if !slices.Equal(obs1, obs2) {
				t.Fatal("set state: observations differ")
			}

			c, err := s.copySlot()
			if err != nil {
				t.Fatal(err)
			}
			if cj, _ := c.state().MarshalJSON(); !bytes.Equal(cj, js) || c.current() != s.current() {
				t.Fatal("a copy's state differs from its original's")
			}
			// The actions a twin plays from here (a copy draws what the
			// original draws, so the same actions stay legal in both).
			twin, _ := s.copySlot()
			acts := playRandom(t, twin, rand.New(rand.NewPCG(9, 9)), 40)
			if cfg.seat >= 0 {
				// Opponents are remade in copies: only the learner's
				// first step is sure to be legal in every copy.
				acts = acts[:1]
			}
			a, b := stepTrace(t, s, acts), stepTrace(t, c, acts)
			if cfg.seat < 0 && !slices.Equal(a, b) {
				t.Fatal("a copy plays other steps than its original")
			}
			if cfg.seat >= 0 && len(a) == 0 {
				t.Fatal("no step")
			}
			if cfg.seat < 0 {
				// Independent: the original's steps did not move the copy
				// before it played (both played the same steps once).
				d, _ := c.state().MarshalJSON()
				o, _ := s.state().MarshalJSON()
				if !bytes.Equal(d, o) {
					t.Fatal("copy and original differ after the same steps")
				}
			}
			before, _ := fresh.state().MarshalJSON()
			if err := fresh.setState([]byte(`{"not":"a state"`)); kindOf(err) != kindBadArgument {
				t.Fatalf("bad state: kind %d: %v", kindOf(err), err)
			}
			after, _ := fresh.state().MarshalJSON()
			if !bytes.Equal(before, after) {
				t.Fatal("a bad state changed the environment")
			}
		}
	})
}

// TestSetStateOfTerminalAndBeforeReset: a state can be set before any
// reset, and a finished game's state ends the episode.
func TestSetStateOfTerminalAndBeforeReset(t *testing.T) {
	s, _ := newSlot(slotConfig{game: "tictactoe", seat: -1})
	if err := s.setState([]byte(`{"board":"XXXOO...."}`)); err != nil {
		t.Fatal(err)
	}
	if s.current() != engine.Terminal || !s.done() {
		t.Fatalf("%s to act after a won position", s.current())
	}
	if _, _, err := s.step(5, make([]float64, 2)); !errors.Is(err, env.ErrNotReset) {
		t.Fatalf("step after a terminal state: %v", err)
	}
	if err := s.setState([]byte(`{"board":"X........"}`)); err != nil || s.current() != 1 {
		t.Fatalf("%v, %s to act", err, s.current())
	}
	rew := make([]float64, 2)
	for _, a := range []int64{3, 1, 4, 2} {
		if _, _, err := s.step(a, rew); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(rew, []float64{1, -1}) || !s.done() {
		t.Fatalf("rewards %v after X's row", rew)
	}
	if err := s.setState([]byte(`{"board":"XXXXXXXXX"}`)); kindOf(err) != kindBadArgument || !strings.Contains(err.Error(), "state") {
		t.Fatalf("impossible board: %v", err)
	}
}
