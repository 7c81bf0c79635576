package engine_test

import (
	"fmt"
	"os"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/tictactoe"
)

// Load a game by name, play actions by name, and save the record.
func ExampleLoad() {
	g, err := engine.Load("tictactoe", nil)
	if err != nil {
		panic(err)
	}
	s := g.NewInitialState()
	rec := engine.NewRecord(g)
	for _, move := range []string{"b2", "a1", "c3"} {
		a, err := engine.ParseAction(s, move)
		if err != nil {
			panic(err)
		}
		if err := engine.ApplyChecked(s, a); err != nil {
			panic(err)
		}
		rec.Actions = append(rec.Actions, a)
	}
	fmt.Println(s)
	_ = engine.WriteRecords(os.Stdout, rec)
	// Output:
	//    a b c
	//  1 O . .
	//  2 . X .
	//  3 . . X
	// O to move
	// {"game":"tictactoe","params":{},"actions":[4,0,8]}
}

// Bad input gives errors that say what is valid.
func ExampleParseAction() {
	g := engine.MustLoad("tictactoe", nil)
	s := g.NewInitialState()
	s.Apply(4)
	_, err := engine.ParseAction(s, "b2")
	fmt.Println(err)
	// Output:
	// unknown action: "b2" (legal: 0=a1, 1=b1, 2=c1, 3=a2, 5=c2, 6=a3, 7=b3, 8=c3)
}
