//go:build !race

package training_test

// raceEnabled: the race detector is on.
const raceEnabled = false
