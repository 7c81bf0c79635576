//go:build race

package seat

const raceEnabled = true
