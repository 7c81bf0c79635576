// Package enginetest is the conformance suite of the engine contract. Every
// registered game must pass it for every configuration in its
// Spec.TestConfigs; engine/all runs it over every registered game, so no
// game can skip it. The default run of the tests plays a sample of each
// game's configurations that gives every parameter each of its values
// (SampleConfigs); the exhaustive run (MOONGYM_TEST_FULL=1, see
// internal/testfull) plays them all.
//
// The properties (after OpenSpiel's basic_tests and PettingZoo's api_test):
// legal actions sorted, unique, in range, non-empty exactly at non-terminal
// states; action strings unique and parsed back; chance outcomes legal with
// probabilities in (0,1] summing to 1; Clone independent; JSON round-trips;
// record replay reproduces the state; observations of the declared size and
// finite, unchanged by Resample for the observer, who keeps the same current
// player and (when to act) the same legal actions; returns within bounds and
// summing as the utility kind says; games within MaxGameLength; the same seed
// gives the same game; illegal actions are refused and change nothing;
// LegalActions, Observe and Apply make no heap allocation; decoding random
// bytes never panics. For games that hide something from a seat: what a seat
// is shown (StringFor, SVGFor, CurrentPlayerFor) is unchanged by Resample for
// it, and two courses of the game that tell a seat the same history
// (engine.AppendSeen, engine.Told) show it the same state until a move tells
// it something (checkHistories).
package enginetest
