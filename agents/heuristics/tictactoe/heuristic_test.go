package tictactoe_test

import (
	"testing"

	"github.com/moongym/moongym/agents"
	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
	"github.com/moongym/moongym/engine"
	ttt "github.com/moongym/moongym/engine/tictactoe"
)

func TestWinsAndBlocks(t *testing.T) {
	g := ttt.Game{}
	cases := []struct {
		name  string
		moves []engine.Action
		want  engine.Action
	}{
		{"win the row", []engine.Action{0, 3, 1, 4}, 2},        // X: a1 b1, O: a2 b2 -> X takes c1
		{"block the row", []engine.Action{0, 3, 8, 4}, 5},      // O threatens a2 b2 c2
		{"win beats block", []engine.Action{0, 3, 1, 4, 8}, 5}, // O to move: O wins on c2
		{"take the centre", []engine.Action{0}, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := agents.New(g, "heuristic", 1)
			if err != nil {
				t.Fatal(err)
			}
			s := g.NewInitialState()
			for _, m := range c.moves {
				s.Apply(m)
			}
			got, err := a.Act(s)
			if err != nil || got != c.want {
				t.Errorf("Act = %v, %v; want %v\n%s", got, err, c.want, s)
			}
		})
	}
}
