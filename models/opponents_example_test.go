package models_test

import (
	"errors"
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
	// One file per configuration: the 6-player planet-cubes model.
	g, err := engine.Load("planet-cubes", engine.Params{"players": "6"})
	if err != nil {
		fmt.Println(err)
		return
	}
	if m, err = models.LoadBuiltin(g); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Game, m.Params["players"])
	// A configuration no model was trained for is refused (ErrWrongGame).
	g, err = engine.Load("planet-cubes", engine.Params{"goal": "32"})
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = models.LoadBuiltin(g)
	fmt.Println(errors.Is(err, models.ErrWrongGame))
	// Output:
	// tictactoe 9
	// planet-cubes 6
	// true
}
