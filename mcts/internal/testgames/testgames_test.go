package testgames

import (
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

func TestConformance(t *testing.T) {
	for _, g := range []engine.Game{DiceRace{Goal: 8, MaxTurns: 12}, Kuhn{}} {
		t.Run(g.Spec().Name, func(t *testing.T) { enginetest.Run(t, g, enginetest.Options{Playouts: 50}) })
	}
}

func TestNotRegistered(t *testing.T) {
	for _, g := range []engine.Game{DiceRace{}, Kuhn{}} {
		if _, err := engine.Lookup(g.Spec().Name); err == nil {
			t.Errorf("%s is registered", g.Spec().Name)
		}
	}
}

func TestKuhnReturns(t *testing.T) {
	for _, tc := range []struct {
		c0, c1  int
		actions []engine.Action
		want    []float64
	}{
		{2, 0, []engine.Action{Pass, Pass}, []float64{1, -1}},
		{0, 2, []engine.Action{Pass, Pass}, []float64{-1, 1}},
		{0, 2, []engine.Action{Bet, Pass}, []float64{1, -1}},
		{0, 2, []engine.Action{Bet, Bet}, []float64{-2, 2}},
		{2, 1, []engine.Action{Pass, Bet, Pass}, []float64{-1, 1}},
		{2, 1, []engine.Action{Pass, Bet, Bet}, []float64{2, -2}},
	} {
		s := Kuhn{}.Deal(tc.c0, tc.c1, tc.actions...)
		if !s.IsTerminal() {
			t.Fatalf("%v: not terminal", s)
		}
		if got := s.Returns(nil); !slices.Equal(got, tc.want) {
			t.Errorf("%v: returns %v, want %v", s, got, tc.want)
		}
	}
}

func TestDiceRace(t *testing.T) {
	g := DiceRace{Goal: 6, MaxTurns: 10}
	s := g.NewState(5, 0, 0, 0)
	s.Apply(Step)
	if !s.IsTerminal() || s.Returns(nil)[0] != 1 {
		t.Errorf("stepping to the goal: %v returns %v", s, s.Returns(nil))
	}
	s = g.NewState(0, 0, 1, 0)
	s.Apply(Risk)
	if s.CurrentPlayer() != engine.Chance {
		t.Fatalf("risk is not followed by chance: %v", s)
	}
	s.Apply(1)
	if s.Pos[1] != 4 || s.Turn != 0 {
		t.Errorf("winning the coin: %v", s)
	}
}
