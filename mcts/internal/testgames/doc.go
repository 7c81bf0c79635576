// Package testgames holds small games that test the search: a dice race
// (chance nodes, checked against exact expectimax) and Kuhn poker (hidden
// information, for the information-set search). They implement engine.Game
// directly and are deliberately NOT registered with engine.Register, so they
// stay out of "moongym games" and the conformance run.
package testgames
