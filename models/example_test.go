package models_test

import (
	"bytes"
	"fmt"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
)

// A model made for tic-tac-toe, written as a safetensors file and read back.
func Example() {
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.DefaultArch(models.ShapesOf(g)), 1)
	if err != nil {
		panic(err)
	}
	var file bytes.Buffer
	if err := m.Encode(&file); err != nil {
		panic(err)
	}
	back, err := models.Decode(file.Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println(back.Game, back.Net.Arch, back.Net.Shapes)
	fmt.Println("same weights:", back.Net.Equal(m.Net), "plays tictactoe:", back.Check(g) == nil)
	// Output:
	// tictactoe kind=conv,width=32,depth=2,value=32 obs [3 3 3], 9 actions, 2 players
	// same weights: true plays tictactoe: true
}
