package env_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	_ "github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/env"
)

func TestDiceGameConforms(t *testing.T) {
	enginetest.Run(t, diceGame{}, enginetest.Options{Playouts: 20})
}

func TestMakeUnknownGame(t *testing.T) {
	_, err := env.Make("no-such-game", nil, env.Options{})
	if !errors.Is(err, engine.ErrUnknownGame) {
		t.Fatalf("got %v", err)
	}
}

func TestTicTacToeEpisode(t *testing.T) {
	e, err := env.Make("tictactoe", nil, env.Options{})
	if err != nil {
		t.Fatal(err)
	}
	obs, info := reset(t, e, 1)
	if obs.Player != 0 || len(obs.Tensor) != 27 || len(obs.Mask) != 9 || len(info.Legal) != 9 {
		t.Fatalf("reset: %+v %+v", obs, info)
	}
	if _, err := e.Step(42); !errors.Is(err, engine.ErrIllegalAction) {
		t.Fatalf("illegal action: %v", err)
	}
	// X: a1 b1 c1 wins; O: a2 b2.
	var st env.Step
	for i, a := range []engine.Action{0, 3, 1, 4, 2} {
		if st, err = e.Step(a); err != nil {
			t.Fatal(err)
		}
		if i < 4 && (st.Terminated || st.Rewards[0] != 0) {
			t.Fatalf("step %d ended early: %+v", i, st)
		}
	}
	if !st.Terminated || st.Truncated || !slices.Equal(st.Rewards, []float64{1, -1}) {
		t.Fatalf("final step %+v", st)
	}
	if st.Obs.Player != engine.Terminal || slices.Contains(st.Obs.Mask, true) {
		t.Fatalf("terminal obs %+v", st.Obs)
	}
	if _, err := e.Step(5); !errors.Is(err, env.ErrNotReset) {
		t.Fatalf("step after end: %v", err)
	}
}

func TestIllegalActionChangesNothing(t *testing.T) {
	e, _ := env.Make("tictactoe", nil, env.Options{})
	reset(t, e, 0)
	if _, err := e.Step(4); err != nil {
		t.Fatal(err)
	}
	before, _ := e.State().MarshalJSON()
	if _, err := e.Step(4); !errors.Is(err, engine.ErrIllegalAction) {
		t.Fatalf("occupied cell: %v", err)
	}
	after, _ := e.State().MarshalJSON()
	if !bytes.Equal(before, after) {
		t.Fatal("state changed")
	}
	if _, err := e.Step(0); err != nil {
		t.Fatalf("env unusable after an illegal action: %v", err)
	}
}

func TestMaskMatchesLegalActions(t *testing.T) {
	e, _ := env.Make("tictactoe", nil, env.Options{})
	obs, info := reset(t, e, 3)
	rng := agents.NewRNG(3)
	for {
		for a, ok := range obs.Mask {
			if ok != slices.Contains(info.Legal, engine.Action(a)) {
				t.Fatalf("mask %v vs legal %v", obs.Mask, info.Legal)
			}
		}
		st, err := e.Step(info.Legal[rng.IntN(len(info.Legal))])
		if err != nil {
			t.Fatal(err)
		}
		if st.Terminated {
			return
		}
		obs, info = st.Obs, st.Info
	}
}

func TestTruncation(t *testing.T) {
	e, _ := env.Make("tictactoe", nil, env.Options{MaxSteps: 2})
	reset(t, e, 0)
	st, _ := e.Step(0)
	if st.Truncated {
		t.Fatal("truncated after 1 step")
	}
	st, _ = e.Step(1)
	if !st.Truncated || st.Terminated || st.Obs.Player != engine.Terminal {
		t.Fatalf("after 2 steps: %+v", st)
	}
	if _, err := e.Step(2); !errors.Is(err, env.ErrNotReset) {
		t.Fatalf("step after truncation: %v", err)
	}
}

func TestChanceResolvedBySeed(t *testing.T) {
	e := env.New(diceGame{}, env.Options{})
	seen := map[float32]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		obs, _ := reset(t, e, seed)
		if obs.Player != 0 || obs.Tensor[0] < 1 || obs.Tensor[0] > 6 {
			t.Fatalf("chance not resolved: %+v", obs)
		}
		seen[obs.Tensor[0]] = true
		again, _ := reset(t, e, seed)
		if again.Tensor[0] != obs.Tensor[0] {
			t.Fatal("same seed, different roll")
		}
	}
	if len(seen) != 6 {
		t.Fatalf("rolls seen: %v", seen)
	}
	// Reroll: the chance node after the decision is resolved inside Step.
	reset(t, e, 1)
	st, err := e.Step(1)
	if err != nil || !st.Terminated || st.Obs.Tensor[0] == 0 {
		t.Fatalf("reroll: %+v %v", st, err)
	}
}

func TestSingleAgent(t *testing.T) {
	for seat := engine.Player(0); seat < 2; seat++ {
		e, _ := env.Make("tictactoe", nil, env.Options{})
		s, err := env.SingleAgent(e, seat, agents.NewRandom(7))
		if err != nil {
			t.Fatal(err)
		}
		total := 0.0
		for ep := uint64(0); ep < 50; ep++ {
			obs, info, err := s.Reset(ep)
			if err != nil {
				t.Fatal(err)
			}
			for obs.Player != engine.Terminal {
				if obs.Player != seat {
					t.Fatalf("learner at seat %d asked to act for %d", seat, obs.Player)
				}
				st, err := s.Step(info.Legal[0])
				if err != nil {
					t.Fatal(err)
				}
				obs, info = st.Obs, st.Info
				if st.Terminated {
					if st.Reward < -1 || st.Reward > 1 {
						t.Fatalf("reward %v", st.Reward)
					}
					total += st.Reward
				}
			}
		}
		t.Logf("seat %d: total reward %v over 50 episodes", seat, total)
	}
	e, _ := env.Make("tictactoe", nil, env.Options{})
	if _, err := env.SingleAgent(e, 0); !errors.Is(err, agents.ErrBadSpec) {
		t.Fatalf("missing opponent: %v", err)
	}
}

func TestVecAutoresetAndDeterminism(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	run := func(n int) [][]float64 {
		v, err := env.Vec(n, g, env.Options{})
		if err != nil {
			t.Fatal(err)
		}
		obs, infos, err := v.Reset(11)
		if err != nil {
			t.Fatal(err)
		}
		var rewards [][]float64
		for step := 0; step < 40; step++ {
			acts := make([]engine.Action, n)
			for i := range acts {
				if obs[i].Player == engine.Terminal {
					acts[i] = -1 // ignored: this step resets
				} else {
					acts[i] = infos[i].Legal[(step*7+i)%len(infos[i].Legal)]
				}
			}
			steps, err := v.Step(acts)
			if err != nil {
				t.Fatal(err)
			}
			for i, st := range steps {
				if st.Terminated && (st.Info.FinalObs == nil || !slices.Equal(st.Info.FinalObs.Tensor, st.Obs.Tensor)) {
					t.Fatalf("final observation not kept: %+v", st.Info)
				}
				if obs[i].Player == engine.Terminal && (!st.Info.Reset || st.Obs.Player != 0) {
					t.Fatalf("no autoreset after the end: %+v", st)
				}
				obs[i], infos[i] = st.Obs, st.Info
				if i == 0 {
					rewards = append(rewards, st.Rewards)
				}
			}
		}
		return rewards
	}
	a, b := run(4), run(1)
	for i := range b {
		if !slices.Equal(a[i], b[i]) {
			t.Fatalf("env 0 differs with 4 envs vs 1 at step %d", i)
		}
	}
}

func TestSpaces(t *testing.T) {
	e, _ := env.Make("tictactoe", nil, env.Options{})
	if got := e.ActionSpace(); got.N != 9 || !got.Contains(8) || got.Contains(9) {
		t.Fatalf("action space %v", got)
	}
	box := e.ObservationSpace()
	obs, _ := reset(t, e, 0)
	if box.Size() != 27 || !box.Contains(obs.Tensor) {
		t.Fatalf("observation space %v", box)
	}
}

// TestVecIllegalActionChangesNothing: one illegal action in a batch refuses
// the whole batch, so no environment steps (the caller can fix the action
// and step again).
func TestVecIllegalActionChangesNothing(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	v, err := env.Vec(3, g, env.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := v.Reset(1); err != nil {
		t.Fatal(err)
	}
	before := make([][]byte, v.Len())
	for i := range before {
		before[i], _ = v.Env(i).State().MarshalJSON()
	}
	if _, err := v.Step([]engine.Action{0, 9, 4}); !errors.Is(err, engine.ErrIllegalAction) || !strings.Contains(err.Error(), "env 1") {
		t.Fatalf("illegal action in env 1: %v", err)
	}
	for i := range before {
		if after, _ := v.Env(i).State().MarshalJSON(); !bytes.Equal(before[i], after) {
			t.Errorf("env %d stepped although the batch was refused", i)
		}
	}
	if _, err := v.Step([]engine.Action{0, 8, 4}); err != nil {
		t.Fatalf("batch after a refused one: %v", err)
	}
}

// reset resets e, failing the test on an error.
func reset(t testing.TB, e *env.Env, seed uint64) (env.Obs, env.Info) {
	t.Helper()
	obs, info, err := e.Reset(seed)
	if err != nil {
		t.Fatal(err)
	}
	return obs, info
}

// resetter is the one shape of Reset that every environment has.
type resetter interface {
	Reset(seed uint64) (env.Obs, env.Info, error)
}

// TestResetShape: the multi-agent and single-agent environments reset the
// same way, so code written for one takes the other.
func TestResetShape(t *testing.T) {
	e, err := env.Make("tictactoe", nil, env.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := env.SingleAgent(e, 1, agents.NewRandom(1))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []resetter{e, s} {
		obs, info, err := r.Reset(7)
		if err != nil || len(info.Legal) == 0 || len(obs.Mask) != 9 {
			t.Errorf("%T: %v %v %v", r, obs, info, err)
		}
	}
}
