// Package lunarrally implements Lunar Rally, registered as "lunar-rally": 2-4
// players race two programmed rovers each across a hex map of the Moon,
// through craters and fine dust, shooting lasers and missiles, to be first
// onto the finish line.
//
// # Flow
//
// A chance node picks the first player (the throw of the start tokens).
// Players then place their rovers on the start line (Rover 1s in seat order
// from the first player, Rover 2s back the other way), each placement being
// two decisions: a start hex, then a facing. Every player then programs both
// rovers, one instruction card per phase, phase by phase, in seat order.
// Programs are secret: Observe hides other players' cards and Resample
// redraws them. A turn then runs: execute all Rover 1s (phases 1, 2, 3; in
// each phase turns, then moves, then lasers, then missiles, then Still),
// reprogram the Rover 1s, execute all Rover 2s, reprogram the Rover 2s.
// Execution needs no decision, so it happens inside Apply.
//
// # Actions
//
// Actions 0..7 are the instruction cards (fwd, fwd-at, rev, left, right,
// laser, missile, still); the next S actions are the start-line hexes of the
// scenario, named by coordinates such as "a2"; the last 6 are the facings E,
// NE, NW, W, SW, SE. Only one kind is legal at a time.
//
// # Returns
//
// Winners share the win: with n players and k winners each winner gets
// (n-k)/(k(n-1)) and every other player -1/(n-1), so returns sum to zero
// and lie in [-1, 1]. A draw (all rovers destroyed, or the turn limit) is 0
// for everyone. Scores are 1 for a winner and 0 otherwise.
//
// The rules, every interpretation and the board are documented in
// docs/rules/lunar-rally.md.
package lunarrally
