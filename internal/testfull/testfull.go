// Package testfull says whether the tests' exhaustive run was asked for.
//
// The default run of go test ./... keeps what catches regressions within
// minutes: the conformance suite over a sample of each game's test
// configurations, a sample of the built-in models played against random.
// Setting the environment variable (MOONGYM_TEST_FULL=1 go test ./...)
// plays everything: every configuration, every model. An environment
// variable rather than a flag, so that one go test command over every
// package can ask for it (a flag unknown to one test binary fails it).
package testfull

import "os"

// Env is the environment variable that asks for the exhaustive run.
const Env = "MOONGYM_TEST_FULL"

// On reports whether the exhaustive run was asked for: Env set and not "0".
func On() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}
