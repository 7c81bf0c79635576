//go:build !race

package models_test

const raceEnabled = false
