package marchmars_test

import (
	"testing"

	"github.com/moongym/moongym/engine"
)

// BenchmarkHeuristicGame: a game of the heuristic team, 4 marines (game i
// with chance seed i, every move checked legal).
func BenchmarkHeuristicGame(b *testing.B) {
	b.ReportAllocs()
	for i := uint64(0); b.Loop(); i++ {
		playTeam(b, "heuristic", engine.Params{"players": "4"}, i)
	}
}

// BenchmarkExpertGame: a game of the expert team, 4 marines (about 2,000
// times the heuristic's).
func BenchmarkExpertGame(b *testing.B) {
	b.ReportAllocs()
	for i := uint64(0); b.Loop(); i++ {
		playTeam(b, "expert", engine.Params{"players": "4"}, i)
	}
}
