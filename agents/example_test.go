package agents_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/tictactoe"
)

// Agents are made from spec strings and play whole games.
func ExampleNew() {
	g := engine.MustLoad("tictactoe", nil)
	x, _ := agents.New(g, "random:seed=3", 0)
	o, _ := agents.New(g, "random", 4)
	rec, final, err := agents.PlayGame(g, []agents.Agent{x, o}, rand.New(rand.NewPCG(0, 0)))
	if err != nil {
		panic(err)
	}
	fmt.Println(len(rec.Actions), "moves; returns", rec.Returns)
	fmt.Println(final)
	// Output:
	// 8 moves; returns [-1 1]
	//    a b c
	//  1 O O O
	//  2 X X O
	//  3 X . X
	// O wins
}
