//go:build race

package training_test

// raceEnabled: the race detector is on (sync.Pool then drops items at
// random, so allocation counts mean nothing).
const raceEnabled = true
