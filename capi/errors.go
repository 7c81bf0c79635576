package main

import (
	"errors"
	"fmt"
	"sync"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/env"
	"github.com/moongym/moongym/models"
)

// Error kinds, the codes mg_take_error reports (the Python package maps each
// to an exception class).
const (
	kindOther         = 1
	kindUnknownGame   = 2
	kindBadParam      = 3
	kindIllegalAction = 4
	kindEpisodeOver   = 5
	kindBadAgent      = 6
	kindBadArgument   = 7
	kindInternal      = 8
	kindPolicy        = 9
)

// errBadArgument: a caller passed a wrong size, handle or value.
var errBadArgument = errors.New("bad argument")

// errPolicy marks the failure of a player the caller supplied: an
// opponent of a single-agent environment (its error, or an illegal action
// of its) or a Python policy (an illegal action, or an exception it
// raised: see pythonError). The Python package raises PolicyError for it
// (or the Python exception itself).
var errPolicy = errors.New("policy failed")

// errInternal wraps a recovered panic.
var errInternal = errors.New("internal error")

// errBadAgent marks an error of making an agent that no other sentinel
// classifies (a model file that is missing or unreadable, say): it is the
// caller's agent spec that is wrong. See badAgent.
var errBadAgent = errors.New("bad agent")

// agentError is err from making an agent from a spec, classified as a bad
// agent unless it already has a kind other than a bad argument (a model
// file that does not decode is the spec's fault); the message is err's
// own.
func agentError(err error) error {
	if k := kindOf(err); err == nil || k != kindOther && k != kindBadArgument {
		return err
	}
	return badAgent{err}
}

// badAgent is an error of making an agent: err's message, matching
// errBadAgent as well as what err matches.
type badAgent struct{ err error }

func (e badAgent) Error() string        { return e.err.Error() }
func (e badAgent) Unwrap() error        { return e.err }
func (e badAgent) Is(target error) bool { return target == errBadAgent }

// kindOf classifies an error by the sentinel it wraps.
func kindOf(err error) int {
	switch {
	case errors.Is(err, errInternal):
		return kindInternal
	case errors.Is(err, errPolicy):
		return kindPolicy
	case errors.Is(err, engine.ErrUnknownGame):
		return kindUnknownGame
	case errors.Is(err, engine.ErrUnknownParam), errors.Is(err, engine.ErrBadParam):
		return kindBadParam
	case errors.Is(err, engine.ErrIllegalAction), errors.Is(err, engine.ErrUnknownAction):
		return kindIllegalAction
	case errors.Is(err, env.ErrNotReset), errors.Is(err, engine.ErrTerminal), errors.Is(err, agents.ErrNotToAct):
		return kindEpisodeOver
	case errors.Is(err, agents.ErrUnknownAgent), errors.Is(err, agents.ErrBadSpec),
		errors.Is(err, agents.ErrNoHeuristic), errors.Is(err, models.ErrWrongGame), errors.Is(err, models.ErrNoBuiltins),
		errors.Is(err, errBadAgent):
		return kindBadAgent
	case errors.Is(err, errBadArgument), errors.Is(err, engine.ErrBadState), errors.Is(err, models.ErrBadModel),
		errors.Is(err, models.ErrBadDtype), errors.Is(err, models.ErrF16Range), errors.Is(err, models.ErrBadInput),
		errors.Is(err, models.ErrBadArch), errors.Is(err, arena.ErrBadConfig), errors.Is(err, models.ErrBuiltinsEmbedded):
		return kindBadArgument
	}
	return kindOther
}

// errorTable keeps errors until the caller takes them.
type errorTable struct {
	mu   sync.Mutex
	next int64
	errs map[int64]error
}

var pending = errorTable{errs: map[int64]error{}}

// put stores err and returns its id (>0); nil gives 0.
func (t *errorTable) put(err error) int64 {
	if err == nil {
		return 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	t.errs[t.next] = err
	return t.next
}

// take returns and forgets error id.
func (t *errorTable) take(id int64) (error, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	err, ok := t.errs[id]
	delete(t.errs, id)
	return err, ok
}

// guard runs f, turning a panic into an errInternal error, and returns the
// id of f's error (0 when none). Every export goes through it.
func guard(f func() error) (id int64) {
	defer func() {
		if r := recover(); r != nil {
			id = pending.put(fmt.Errorf("%w: panic: %v", errInternal, r))
		}
	}()
	return pending.put(f())
}

// protect is guard for code running on a goroutine of its own: it returns
// f's error or the panic as an error.
func protect(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: panic: %v", errInternal, r)
		}
	}()
	return f()
}
