package planetcubes_test

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/planetcubes"
)

// midGame plays a seeded random game for n actions.
func midGame(b *testing.B, params engine.Params, n int) *planetcubes.State {
	g := mustGame(b, params)
	s := g.NewInitialState().(*planetcubes.State)
	var x uint32 = 7
	legal := make([]engine.Action, 0, g.NumActions())
	for i := 0; i < n && !s.IsTerminal(); i++ {
		legal = s.LegalActions(legal)
		x = x*1664525 + 1013904223
		s.Apply(legal[int(x>>16)%len(legal)])
	}
	return s
}

func benchPlayout(b *testing.B, params engine.Params) {
	g := mustGame(b, params)
	initial := *g.NewInitialState().(*planetcubes.State)
	legal := make([]engine.Action, 0, g.NumActions())
	var x uint32 = 1
	actions := 0
	b.ReportAllocs()
	for b.Loop() {
		s := initial
		for !s.IsTerminal() {
			legal = s.LegalActions(legal)
			x = x*1664525 + 1013904223
			s.Apply(legal[int(x>>16)%len(legal)])
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

func BenchmarkRandomPlayout(b *testing.B) {
	b.Run("players=2", func(b *testing.B) { benchPlayout(b, engine.Params{"players": "2"}) })
	b.Run("players=6", func(b *testing.B) { benchPlayout(b, engine.Params{"players": "6"}) })
}

func BenchmarkApply(b *testing.B) {
	s := midGame(b, engine.Params{"players": "4"}, 200)
	legal := s.LegalActions(nil)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c := *s
		c.Apply(legal[i%len(legal)])
		i++
	}
}

func BenchmarkLegalActions(b *testing.B) {
	s := midGame(b, engine.Params{"players": "4"}, 200)
	buf := make([]engine.Action, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.LegalActions(buf)
	}
}

func BenchmarkObserve(b *testing.B) {
	s := midGame(b, engine.Params{"players": "4"}, 200)
	obs := make([]float32, engine.ObservationSize(s.Game()))
	b.ReportAllocs()
	for b.Loop() {
		s.Observe(1, obs)
	}
}
