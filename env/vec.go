package env

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/seeds"
)

// VecEnv steps several environments together, in parallel, with
// Gymnasium's next-step autoreset: the step that ends an episode returns its
// final observation (also kept in Info.FinalObs); the next Step of that
// environment ignores its action, resets it and returns the first
// observation of a new episode with Info.Reset set and zero rewards.
type VecEnv struct {
	envs    []*Env
	seed    uint64
	episode []uint64
	ended   []bool
	workers int
}

// Vec makes n environments of the same game.
func Vec(n int, g engine.Game, opts Options) (*VecEnv, error) {
	if n <= 0 {
		return nil, fmt.Errorf("env: Vec needs at least one environment, got %d", n)
	}
	v := &VecEnv{
		envs:    make([]*Env, n),
		episode: make([]uint64, n),
		ended:   make([]bool, n),
		workers: min(n, runtime.GOMAXPROCS(0)),
	}
	for i := range v.envs {
		v.envs[i] = New(g, opts)
	}
	return v, nil
}

// Len is the number of environments.
func (v *VecEnv) Len() int { return len(v.envs) }

// Env is environment i.
func (v *VecEnv) Env(i int) *Env { return v.envs[i] }

// ObservationSpace is the game's observation space (of one environment).
func (v *VecEnv) ObservationSpace() Box { return v.envs[0].ObservationSpace() }

// ActionSpace is the game's action space (of one environment).
func (v *VecEnv) ActionSpace() Discrete { return v.envs[0].ActionSpace() }

// episodeSeed derives the seed of environment i's k-th episode, so results
// do not depend on how steps are scheduled.
func (v *VecEnv) episodeSeed(i int) uint64 { return seeds.Episode(v.seed, i, v.episode[i]) }

// Reset resets every environment; environment i's episodes draw their seeds
// from seed and i. The error (never set today: see Env.Reset) names the
// environment that failed.
func (v *VecEnv) Reset(seed uint64) ([]Obs, []Info, error) {
	v.seed = seed
	obs := make([]Obs, len(v.envs))
	infos := make([]Info, len(v.envs))
	for i, e := range v.envs {
		v.episode[i] = 0
		v.ended[i] = false
		var err error
		if obs[i], infos[i], err = e.Reset(v.episodeSeed(i)); err != nil {
			return nil, nil, fmt.Errorf("env %d: %w", i, err)
		}
	}
	return obs, infos, nil
}

// Step plays actions[i] in environment i, all in parallel. If any action is
// illegal (the action given to an environment being autoreset is ignored),
// the error names the first such environment and no environment steps.
func (v *VecEnv) Step(actions []engine.Action) ([]Step, error) {
	if len(actions) != len(v.envs) {
		return nil, fmt.Errorf("env: %d actions for %d environments", len(actions), len(v.envs))
	}
	for i, e := range v.envs {
		if v.ended[i] {
			continue
		}
		if e.State() == nil || e.Done() {
			return nil, fmt.Errorf("env %d: %w: call Reset first", i, ErrNotReset)
		}
		if !engine.IsLegal(e.State(), actions[i]) {
			return nil, fmt.Errorf("env %d: %w: %d is not legal for %s", i, engine.ErrIllegalAction, actions[i], e.State().CurrentPlayer())
		}
	}
	steps := make([]Step, len(v.envs))
	errs := make([]error, len(v.envs))
	var wg sync.WaitGroup
	chunk := (len(v.envs) + v.workers - 1) / v.workers
	for lo := 0; lo < len(v.envs); lo += chunk {
		hi := min(lo+chunk, len(v.envs))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				steps[i], errs[i] = v.stepOne(i, actions[i])
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return steps, fmt.Errorf("env %d: %w", i, err)
		}
	}
	return steps, nil
}

func (v *VecEnv) stepOne(i int, a engine.Action) (Step, error) {
	e := v.envs[i]
	if v.ended[i] {
		v.ended[i] = false
		v.episode[i]++
		obs, info, err := e.Reset(v.episodeSeed(i))
		if err != nil {
			return Step{}, err
		}
		info.Reset = true
		return Step{Obs: obs, Rewards: make([]float64, e.NumPlayers()), Info: info}, nil
	}
	st, err := e.Step(a)
	if err != nil {
		return st, err
	}
	if st.Terminated || st.Truncated {
		v.ended[i] = true
		final := st.Obs
		final.Tensor = append([]float32(nil), st.Obs.Tensor...)
		final.Mask = append([]bool(nil), st.Obs.Mask...)
		st.Info.FinalObs = &final
	}
	return st, nil
}
