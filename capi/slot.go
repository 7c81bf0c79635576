package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/env"
	"github.com/moongym/moongym/internal/seeds"
)

// slotConfig is what an environment is made from.
type slotConfig struct {
	game     string
	params   engine.Params
	maxSteps int
	// seat is the learner's seat of a single-agent environment, or -1 for
	// a multi-agent (AEC) one.
	seat int
	// opponents are the agent specs of the other seats in seat order (one
	// spec is used for all of them); "@H" is the Python policy of handle H
	// (mg_policy_new).
	opponents []string
}

// parseConfig reads the C API's arguments: params "k=v,k=v", opponents one
// spec per line.
func parseConfig(game, params string, maxSteps, seat int64, opponents string) (slotConfig, error) {
	p, err := engine.ParseParams(params)
	if err != nil {
		return slotConfig{}, err
	}
	if maxSteps < 0 || maxSteps > math.MaxInt32 {
		return slotConfig{}, fmt.Errorf("%w: max_steps %d is negative or too large", errBadArgument, maxSteps)
	}
	if seat < -1 || seat > math.MaxInt8 {
		return slotConfig{}, fmt.Errorf("%w: seat %d", errBadArgument, seat)
	}
	cfg := slotConfig{game: game, params: p, maxSteps: int(maxSteps), seat: int(seat)}
	for _, s := range strings.Split(opponents, "\n") {
		if s = strings.TrimSpace(s); s != "" {
			cfg.opponents = append(cfg.opponents, s)
		}
	}
	return cfg, nil
}

// slot is one environment: multi-agent, stepped by aec, or single-agent,
// stepped by singleAgent (aec with agents at the other seats, as
// env.SingleAgentEnv).
type slot struct {
	mu    sync.Mutex
	cfg   slotConfig
	game  engine.Game
	multi *aec // nil for a single-agent environment
	// single-agent environments: the stepper, the opponents' Python
	// policies by opponent (nil for a spec), and the seed the opponents
	// were last made from.
	single    *singleAgent
	policies  []*pyPolicy
	agentSeed uint64
	// last is the seat that acted last (the terminal observation's view).
	last  engine.Player
	legal []engine.Action
}

// newSlot loads the game and, for a single-agent environment, checks the
// seat and the opponents' specs.
func newSlot(cfg slotConfig) (*slot, error) {
	g, err := loadGame(cfg.game, cfg.params)
	if err != nil {
		return nil, err
	}
	s := &slot{cfg: cfg, game: g}
	if cfg.seat < 0 {
		if len(cfg.opponents) > 0 {
			return nil, fmt.Errorf("%w: opponents given for a multi-agent environment (give a seat too)", errBadArgument)
		}
		s.multi = newAEC(g, cfg.maxSteps)
		return s, nil
	}
	if cfg.seat >= g.NumPlayers() {
		return nil, fmt.Errorf("%w: seat %d, but %s has %d seats (0..%d)", errBadArgument, cfg.seat, cfg.game, g.NumPlayers(), g.NumPlayers()-1)
	}
	others := g.NumPlayers() - 1
	switch {
	case len(cfg.opponents) == 1:
		// One spec plays every other seat (none in a one-player game).
		cfg.opponents = slices.Repeat(cfg.opponents, others)
		s.cfg = cfg
	case len(cfg.opponents) != others:
		return nil, fmt.Errorf("%w: %d opponent specs for the %d other seats of %s (give one for all, or one per seat)", agents.ErrBadSpec, len(cfg.opponents), others, cfg.game)
	}
	if s.policies, err = resolvePolicies(cfg.opponents, g); err != nil {
		return nil, err
	}
	s.single = newSingleAgent(g, cfg.maxSteps, engine.Player(cfg.seat))
	if err := s.makeOpponents(0); err != nil {
		return nil, err
	}
	return s, nil
}

// resolvePolicies finds the Python policies ("@H") among specs, which
// must be for game g; nil entries are agent specs.
func resolvePolicies(specs []string, g engine.Game) ([]*pyPolicy, error) {
	out := make([]*pyPolicy, len(specs))
	for i, spec := range specs {
		h, ok := strings.CutPrefix(spec, "@")
		if !ok {
			continue
		}
		n, err := strconv.ParseUint(h, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%w: opponent %q: \"@\" must be followed by the handle of a Python policy", errBadArgument, spec)
		}
		p, err := lookup[*pyPolicy](n)
		if err != nil {
			return nil, fmt.Errorf("opponent %q: %w", spec, err)
		}
		if err := p.fits(g); err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// opponentNames are the opponents as info and errors name them: the
// specs, a Python policy as "python:NAME".
func (s *slot) opponentNames() []string {
	if s.single == nil {
		return nil
	}
	names := slices.Clone(s.cfg.opponents)
	for i, p := range s.policies {
		if p != nil {
			names[i] = "python:" + p.name
		}
	}
	return names
}

// makeOpponents (re)makes the opponents, seeded from seed: opponent i's
// seed is seeds.Pair(seed, i, 0x6f7070), a Python policy's included (it gets it
// as info["seed"]).
func (s *slot) makeOpponents(seed uint64) error {
	opp := make([]agents.Agent, len(s.cfg.opponents))
	for i, spec := range s.cfg.opponents {
		sd := seeds.Pair(seed, uint64(i), 0x6f7070)
		if p := s.policies[i]; p != nil {
			opp[i] = p.agent(sd, -1)
			continue
		}
		a, err := agents.New(s.game, spec, sd)
		if err != nil {
			return agentError(err)
		}
		opp[i] = a
	}
	s.single.setOpponents(opp, s.opponentNames())
	s.agentSeed = seed
	return nil
}

// numRewards is the length of step's rewards: one per seat, or the
// learner's only.
func (s *slot) numRewards() int {
	if s.single != nil {
		return 1
	}
	return s.game.NumPlayers()
}

// reset starts an episode whose chance comes from seed; with reseed the
// opponents are made afresh from agentSeed, so that the episode is the
// same for the same seeds.
func (s *slot) reset(seed, agentSeed uint64, reseed bool) error {
	if s.multi != nil {
		s.last = 0
		s.multi.Reset(seed)
		return nil
	}
	if reseed {
		if err := s.makeOpponents(agentSeed); err != nil {
			return err
		}
	}
	s.last = engine.Player(s.cfg.seat)
	return s.single.reset(seed)
}

// toAction converts an action from C, refusing values that do not fit.
func toAction(a int64) (engine.Action, error) {
	if a < 0 || a > math.MaxInt32 {
		return 0, fmt.Errorf("%w: %d is out of range", engine.ErrIllegalAction, a)
	}
	return engine.Action(a), nil
}

// check reports whether step(a) would be accepted, changing nothing.
func (s *slot) check(a int64) error {
	if s.current() == engine.Terminal {
		return s.noEpisode()
	}
	act, err := toAction(a)
	if err != nil {
		return err
	}
	st := s.state()
	var ok bool
	if s.legal, ok = env.LegalIn(st, act, s.legal); !ok {
		return fmt.Errorf("%w: %d is not legal for %s", engine.ErrIllegalAction, a, st.CurrentPlayer())
	}
	return nil
}

// step plays a for the seat to act and writes the rewards (numRewards of
// them). An illegal action or a step after the end changes nothing.
func (s *slot) step(a int64, rewards []float64) (terminated, truncated bool, err error) {
	act, err := toAction(a)
	if err != nil {
		return false, false, err
	}
	if s.single != nil {
		if s.current() == engine.Terminal {
			return false, false, s.noEpisode()
		}
		r, terminated, truncated, err := s.single.step(act)
		if err != nil {
			return false, false, err
		}
		rewards[0] = r
		return terminated, truncated, nil
	}
	mover := s.current()
	terminated, truncated, err = s.multi.Step(act, rewards)
	if err == nil {
		s.last = mover
	}
	return terminated, truncated, err
}

// state is the current state (the environment's own: clone it to change
// it), nil before the first reset.
func (s *slot) state() engine.State {
	if s.multi != nil {
		return s.multi.State()
	}
	return s.single.g.State()
}

// done reports whether the episode is over or not started.
func (s *slot) done() bool {
	if s.multi != nil {
		return s.multi.Done()
	}
	return s.single.g.Done()
}

// current is the seat to act, or engine.Terminal once the episode is over
// (terminated or truncated) or before the first reset.
func (s *slot) current() engine.Player {
	if s.state() == nil || s.done() {
		return engine.Terminal
	}
	return s.state().CurrentPlayer()
}

// viewer is the seat whose observation the environment gives by default,
// as env.Env does: the learner's, or the seat to act (after a truncation,
// the seat that would have acted), or at the end of the game the seat that
// acted last.
func (s *slot) viewer() engine.Player {
	if s.single != nil {
		return engine.Player(s.cfg.seat)
	}
	if st := s.state(); st != nil && st.CurrentPlayer() >= 0 {
		return st.CurrentPlayer()
	}
	return s.last
}

// observe writes seat p's observation into obs and its legal-action mask
// into mask (all zero unless p is to act).
func (s *slot) observe(p engine.Player, obs []float32, mask []int8) error {
	st, err := s.started()
	if err != nil {
		return err
	}
	if p < 0 || int(p) >= s.game.NumPlayers() {
		return fmt.Errorf("%w: seat %d of %d", errBadArgument, p, s.game.NumPlayers())
	}
	st.Observe(p, obs)
	clear(mask)
	if s.current() == p {
		s.legal = st.LegalActions(s.legal)
		for _, a := range s.legal {
			mask[a] = 1
		}
	}
	return nil
}

// started is the current state, or an error before the first reset.
func (s *slot) started() (engine.State, error) {
	st := s.state()
	if st == nil {
		return nil, s.noEpisode()
	}
	return st, nil
}

// noEpisode is the error of a step (or an observation) with no episode
// running: none started yet, or the last one over.
func (s *slot) noEpisode() error {
	if s.state() == nil {
		return errNotStarted
	}
	return errEpisodeOver
}

// The errors of a step with no episode running, in the Python package's
// words (reset is its method).
var (
	errNotStarted  = env.ErrNotStarted
	errEpisodeOver = env.ErrEpisodeOver
)

// scores writes the game's points for every seat.
func (s *slot) scores(dst []float64) error {
	st, err := s.started()
	if err != nil {
		return err
	}
	copy(dst, st.Scores(nil))
	return nil
}
