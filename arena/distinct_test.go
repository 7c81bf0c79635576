package arena

import (
	"context"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
)

func TestDistinctGames(t *testing.T) {
	rec := func(actions ...engine.Action) *engine.Record { return &engine.Record{Actions: actions} }
	cases := []struct {
		name  string
		games []GameResult
		want  int
	}{
		{"none", nil, 0},
		{"same twice", []GameResult{{Seats: []int{0, 1}, Record: rec(4, 0, 8)}, {Seats: []int{0, 1}, Record: rec(4, 0, 8)}}, 1},
		{"other seats", []GameResult{{Seats: []int{0, 1}, Record: rec(4, 0, 8)}, {Seats: []int{1, 0}, Record: rec(4, 0, 8)}}, 2},
		{"other actions", []GameResult{{Seats: []int{0, 1}, Record: rec(4, 0, 8)}, {Seats: []int{0, 1}, Record: rec(4, 0, 7)}}, 2},
		{"prefix", []GameResult{{Seats: []int{0, 1}, Record: rec(4, 0)}, {Seats: []int{0, 1}, Record: rec(4, 0, 8)}}, 2},
		{"a game without record", []GameResult{{Seats: []int{0, 1}, Record: rec(4)}, {Seats: []int{0, 1}}}, 0},
	}
	for _, c := range cases {
		if got := distinctGames(c.games); got != c.want {
			t.Errorf("%s: %d distinct games, want %d", c.name, got, c.want)
		}
	}
}

// Deterministic agents repeat their games; random opening decisions vary
// them, and the report says how many differ.
func TestReportDistinct(t *testing.T) {
	g := tictactoe.Game{}
	specs := []string{"heuristic", "mcts:sims=50,seed=1"}
	distinct := func(opening int) int {
		res, err := Run(context.Background(), Config{Game: g, Agents: specs, Games: 40, Seed: 1, Opening: opening})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Summarize(g, specs, 1, res)
		if err != nil {
			t.Fatal(err)
		}
		return rep.Distinct
	}
	plain, varied := distinct(0), distinct(3)
	if plain < 1 || plain > 40 || varied <= plain {
		t.Fatalf("distinct games: %d without openings, %d with 3 random opening decisions; want 1..40 and more with openings", plain, varied)
	}
}
