//go:build race

package models_test

// raceEnabled: the race detector is on; sync.Pool then drops items on
// purpose, so tests of allocation counts do not apply.
const raceEnabled = true
