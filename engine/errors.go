package engine

import "errors"

// Sentinel errors. Functions of this package and of every game wrap them with
// details; test for them with errors.Is.
var (
	// ErrUnknownGame: no game is registered under the name.
	ErrUnknownGame = errors.New("unknown game")
	// ErrUnknownParam: the game has no parameter of that name.
	ErrUnknownParam = errors.New("unknown parameter")
	// ErrBadParam: a parameter's value is malformed or out of range.
	ErrBadParam = errors.New("bad parameter value")
	// ErrIllegalAction: the action is not legal in the state.
	ErrIllegalAction = errors.New("illegal action")
	// ErrUnknownAction: no legal action has that name.
	ErrUnknownAction = errors.New("unknown action")
	// ErrAmbiguousAction: several legal actions match the name.
	ErrAmbiguousAction = errors.New("ambiguous action")
	// ErrTerminal: the game is over; no action can be applied.
	ErrTerminal = errors.New("game is over")
	// ErrBadState: encoded state is malformed or breaks the rules of the game.
	ErrBadState = errors.New("bad state")
	// ErrBadRecord: a game record is malformed or does not replay.
	ErrBadRecord = errors.New("bad game record")
)
