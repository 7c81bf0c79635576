package models_test

import (
	"fmt"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
)

// LoadBuiltin finds the embedded model of a game's configuration; another
// configuration without a model is an error that lists those with one.
func ExampleLoadBuiltin() {
	m, err := models.LoadBuiltin(tictactoe.Game{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Game, m.Net.Shapes.Actions)
	g, err := engine.Load("planet-cubes", engine.Params{"players": "6"})
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = models.LoadBuiltin(g)
	fmt.Println(err != nil)
	// Output:
	// tictactoe 9
	// true
}
