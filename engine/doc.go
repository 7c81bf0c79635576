// Package engine is the contract every moongym game meets.
//
// A game is a [Game] (its rules and configuration) that makes [State] values.
// The contract follows OpenSpiel's Game/State API in Go idiom:
//
//   - Chance is explicit: dice, shuffles and card flips are chance nodes whose
//     outcomes are actions, so a [Record] of {game, params, actions} replays a
//     game exactly.
//   - Simultaneous moves are sequential with hidden information: players commit
//     in seat order and a committed choice stays out of the others' observations
//     until it is revealed. Which seat is committing, and how many decisions it
//     takes, can be hidden from a seat's view too ([CurrentPlayerFor], [Hidden],
//     [AppendSeen], [Told]).
//   - Observations are relative: Observe(p) puts p's own data first and the
//     other seats after it in turn order.
//   - Bad input never corrupts: [ApplyChecked], [ParseAction] and
//     [Game.DecodeState] return wrapped sentinel errors and leave states as they were.
//
// Games register themselves in init() with [Register] and are loaded by name with
// [Load]. The package imports nothing else of moongym.
package engine
