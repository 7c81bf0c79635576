package main

import (
	"fmt"
	"strings"
	"sync"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// pyPolicy is a player written in Python: a callable of the Python
// package, known to Go by the key id the Python side gave it. Go asks it
// for a move through the policy callback (mg_set_policy_callback) with
// the seat's observation and action mask (and, when wantsState, the
// state's JSON). It plays the opponents of single-agent environments
// ("@H" among the opponents, H its handle) and the Python entrants of
// mg_arena. Its agents may be asked from several goroutines at once (the
// vector environment's, the arena's); the Python side serializes them
// with the GIL.
type pyPolicy struct {
	id         int64
	name       string
	wantsState bool
	game       engine.Game
	// call asks the Python side (callPython; a Go function in tests).
	call func(c *policyCall) (int64, error)
}

// policyCall is one question to a Python policy.
type policyCall struct {
	id    int64
	seat  engine.Player
	obs   []float32
	mask  []int8
	state []byte // the state's JSON, or nil
	// game is the arena's game index, -1 outside an arena; seed the
	// agent's seed (per episode of an environment, per game and seat of
	// an arena).
	game int64
	seed uint64
}

func newPyPolicy(id int64, name string, wantsState bool, game, params string) (*pyPolicy, error) {
	g, err := loadGameText(game, params)
	if err != nil {
		return nil, err
	}
	if policyFn.Load() == nil {
		return nil, errNoCallback
	}
	if name == "" {
		name = fmt.Sprintf("policy-%d", id)
	}
	return &pyPolicy{id: id, name: name, wantsState: wantsState, game: g, call: callPython}, nil
}

// fits checks that the policy was made for game g's configuration.
func (p *pyPolicy) fits(g engine.Game) error {
	if p.game.Spec().Name != g.Spec().Name || p.game.Params().String() != g.Params().String() {
		return fmt.Errorf("%w: the Python policy %s is for %s(%s), the environment plays %s(%s)", errBadArgument,
			p.name, p.game.Spec().Name, p.game.Params(), g.Spec().Name, g.Params())
	}
	return nil
}

// agent is the policy as an agent of one episode or arena game.
func (p *pyPolicy) agent(seed uint64, game int64) *policyAgent {
	g := p.game
	return &policyAgent{p: p, seed: seed, game: game, obs: make([]float32, engine.ObservationSize(g)), mask: make([]int8, g.NumActions())}
}

// policyAgent asks a Python policy for its moves.
type policyAgent struct {
	p     *pyPolicy
	seed  uint64
	game  int64
	mu    sync.Mutex // one question at a time (the buffers)
	obs   []float32
	mask  []int8
	legal []engine.Action
}

var _ agents.Agent = (*policyAgent)(nil)

// Act asks the policy for seat s.CurrentPlayer()'s move. A Python
// exception is a pythonError, a move that is not legal a policyError
// naming the policy; both match errPolicy.
func (a *policyAgent) Act(s engine.State) (engine.Action, error) {
	if err := agents.CheckToAct(s); err != nil {
		return 0, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	seat := s.CurrentPlayer()
	s.Observe(seat, a.obs)
	clear(a.mask)
	a.legal = s.LegalActions(a.legal)
	for _, l := range a.legal {
		a.mask[l] = 1
	}
	c := policyCall{id: a.p.id, seat: seat, obs: a.obs, mask: a.mask, game: a.game, seed: a.seed}
	if a.p.wantsState {
		js, err := s.MarshalJSON()
		if err != nil {
			return 0, err
		}
		c.state = js
	}
	r, err := a.p.call(&c)
	if err != nil {
		return 0, err
	}
	if r < 0 {
		return 0, pythonError{name: a.p.name, seat: seat, token: -r}
	}
	if r >= int64(len(a.mask)) || a.mask[r] == 0 {
		return 0, policyError{fmt.Errorf("%w: the Python policy %s at seat %d played %d, which is not legal here (legal actions: %s)",
			engine.ErrIllegalAction, a.p.name, seat, r, actionList(a.legal))}
	}
	return engine.Action(r), nil
}

// actionList writes actions as "0, 3, 5".
func actionList(acts []engine.Action) string {
	parts := make([]string, len(acts))
	for i, x := range acts {
		parts[i] = fmt.Sprint(int(x))
	}
	return strings.Join(parts, ", ")
}

// policyError is a Python policy's failure that Go found (an illegal
// move): err's message, matching errPolicy as well as err.
type policyError struct{ err error }

func (e policyError) Error() string        { return e.err.Error() }
func (e policyError) Unwrap() error        { return e.err }
func (e policyError) Is(target error) bool { return target == errPolicy }

// pythonError is an exception a Python policy raised, which the Python
// side kept under token: its message ends in "[python exception TOKEN]",
// from which the Python package finds the exception and raises it.
type pythonError struct {
	name  string
	seat  engine.Player
	token int64
}

func (e pythonError) Error() string {
	return fmt.Sprintf("the Python policy %s raised an exception at seat %d [python exception %d]", e.name, e.seat, e.token)
}
func (e pythonError) Is(target error) bool { return target == errPolicy }

// errNoCallback: a Python policy made, or asked, before the policy
// callback was set (a C caller other than the Python package).
var errNoCallback = fmt.Errorf("%w: no policy callback set (call mg_set_policy_callback first)", errBadArgument)
