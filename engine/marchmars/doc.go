// Package marchmars is March on Mars, the cooperative game for 2-5 space
// marines against the Martian Master Mind (MMM): program 4 of the 6 jump
// dice over up to 3 actions, move with the jumping rules of Walking on the
// Moon (package engine/jumping, backwards allowed) or shoot the aliens, hold
// the Landing Zone against the waves, and blow up the MMM within 8 turns.
// Every marine gets the same return: +1 when the MMM falls, -1 otherwise.
//
// The rules, the designed terrain (mars.txt), the action encoding and the
// observation are documented in docs/rules/march-mars.md.
package marchmars
