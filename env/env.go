package env

import (
	"errors"
	"fmt"
	"slices"

	"github.com/moongym/moongym/engine"
)

// ErrNotReset: Step was called before Reset, or after the episode ended.
var ErrNotReset = errors.New("env: reset needed")

// Obs is what the seat to act sees.
type Obs struct {
	// Player is the seat the observation is for, or engine.Terminal at the
	// end of an episode (then Tensor is the view of the seat that acted last).
	Player engine.Player `json:"player"`
	// Tensor has the game's ObservationShape, flattened in row-major order.
	Tensor []float32 `json:"tensor"`
	// Mask has one entry per action: true where the action is legal.
	Mask []bool `json:"mask"`
}

// Info carries what is not part of the observation.
type Info struct {
	// Scores are the game's own points for every seat.
	Scores []float64 `json:"scores"`
	// Legal lists the legal actions of the seat to act.
	Legal []engine.Action `json:"legal"`
	// Steps counts the decisions taken in the episode (chance outcomes not included).
	Steps int `json:"steps"`
	// FinalObs is set by Vec on the step that ends an episode: the last
	// observation of that episode (the returned Obs is the same).
	FinalObs *Obs `json:"final_obs,omitempty"`
	// Reset is set by Vec when this step reset the environment instead of
	// playing the action (next-step autoreset).
	Reset bool `json:"reset,omitempty"`
}

// Step is the result of Env.Step.
type Step struct {
	Obs Obs `json:"obs"`
	// Rewards has one entry per seat: the change in each seat's return.
	Rewards []float64 `json:"rewards"`
	// Terminated: the game is over.
	Terminated bool `json:"terminated"`
	// Truncated: the episode hit the MaxSteps limit before the end.
	Truncated bool `json:"truncated"`
	Info      Info `json:"info"`
}

// Options configure an environment.
type Options struct {
	// MaxSteps truncates an episode after this many decisions (0: only the
	// game's own end).
	MaxSteps int
}

// Env is a multi-agent environment over one game. It is not safe for
// concurrent use; Vec runs several.
type Env struct {
	game  engine.Game
	opts  Options
	s     *Stepper // the episode
	last  engine.Player
	legal []engine.Action
}

// Make loads a registered game by name and wraps it.
func Make(name string, params engine.Params, opts Options) (*Env, error) {
	g, err := engine.Load(name, params)
	if err != nil {
		return nil, err
	}
	return New(g, opts), nil
}

// New wraps a game.
func New(g engine.Game, opts Options) *Env {
	return &Env{game: g, opts: opts, s: NewStepper(g, opts.MaxSteps)}
}

// Game is the wrapped game.
func (e *Env) Game() engine.Game { return e.game }

// NumPlayers is the number of seats.
func (e *Env) NumPlayers() int { return e.game.NumPlayers() }

// ObservationSpace is the game's observation space.
func (e *Env) ObservationSpace() Box { return ObservationSpace(e.game) }

// ActionSpace is the game's action space.
func (e *Env) ActionSpace() Discrete { return ActionSpace(e.game) }

// State is the current state. It is the environment's own: clone it before
// changing it.
func (e *Env) State() engine.State { return e.s.State() }

// Reset starts a new episode whose chance outcomes come from seed. Every
// environment of this package resets with this shape (observation, info,
// error); a multi-agent Env has nothing that can fail and returns a nil
// error, a SingleAgentEnv reports its opponents' errors.
func (e *Env) Reset(seed uint64) (Obs, Info, error) {
	e.s.Reset(seed)
	e.last = 0
	obs := e.observe()
	return obs, e.info(), nil
}

// Observe is seat p's observation of the current state, with the mask of
// legal actions when p is to act (all false otherwise).
func (e *Env) Observe(p engine.Player) Obs {
	o := Obs{
		Player: p,
		Tensor: make([]float32, engine.ObservationSize(e.game)),
		Mask:   make([]bool, e.game.NumActions()),
	}
	st := e.s.State()
	st.Observe(p, o.Tensor)
	if st.CurrentPlayer() == p {
		e.legal = st.LegalActions(e.legal)
		for _, a := range e.legal {
			o.Mask[a] = true
		}
	}
	return o
}

func (e *Env) observe() Obs {
	p := e.s.State().CurrentPlayer()
	if p < 0 {
		o := e.Observe(e.last)
		o.Player = engine.Terminal
		return o
	}
	return e.Observe(p)
}

func (e *Env) info() Info {
	return Info{
		Scores: e.s.State().Scores(nil),
		Legal:  slices.Clone(e.s.State().LegalActions(nil)),
		Steps:  e.s.Steps(),
	}
}

// Step plays action a for the seat to act, then resolves chance. An
// illegal action returns an error wrapping engine.ErrIllegalAction and
// changes nothing; so does a Step after the episode ended (ErrNotReset).
func (e *Env) Step(a engine.Action) (Step, error) {
	if e.s.State() == nil || e.s.Done() {
		return Step{}, fmt.Errorf("%w: call Reset first", ErrNotReset)
	}
	p := e.s.State().CurrentPlayer()
	st := Step{Rewards: make([]float64, e.game.NumPlayers())}
	var err error
	if st.Terminated, st.Truncated, err = e.s.Step(a, st.Rewards); err != nil {
		return Step{}, err
	}
	e.last = p
	st.Obs = e.observe()
	if st.Truncated {
		st.Obs.Player = engine.Terminal
		clear(st.Obs.Mask)
	}
	st.Info = e.info()
	if st.Truncated {
		st.Info.Legal = nil
	}
	return st, nil
}

// Done reports whether the episode has ended (terminated or truncated).
func (e *Env) Done() bool { return e.s.Done() }
