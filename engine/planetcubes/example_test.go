package planetcubes_test

import (
	"fmt"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/planetcubes"
)

// A turn: Red moves its cube to Planet Weaponry and arms it; then Blue is
// to act.
func Example() {
	g, err := engine.Load(planetcubes.Name, engine.Params{"players": "2", "first": "0"})
	if err != nil {
		panic(err)
	}
	s := g.NewInitialState()
	for _, name := range []string{"R1", "move W1", "R1", "activate"} {
		a, err := engine.ParseAction(s, name)
		if err != nil {
			panic(err)
		}
		s.Apply(a)
	}
	st := s.(*planetcubes.State)
	p, _ := st.Piece(0, 0)
	fmt.Println("R1 on", g.(*planetcubes.Game).Board().Planets[p.Planet].Name, "with a", p.Weapon, "range weapon")
	fmt.Println(s.CurrentPlayer(), "to act:")
	for _, a := range s.LegalActions(nil) {
		fmt.Println(" ", s.ActionString(a))
	}
	// Output:
	// R1 on W1 with a short range weapon
	// p1 to act:
	//   end
	//   B1
}

// The embedded board's Starting planets for 4 players, clockwise.
func ExampleBoard_Seats() {
	b := planetcubes.DefaultBoard()
	for t, i := range b.Seats(4) {
		fmt.Println(planetcubes.TeamColour(t), b.Planets[i].Name, b.Planets[i].Kind.Title())
	}
	// Output:
	// Red S1 Starting planet
	// Blue S2 Starting planet
	// Green S4 Starting planet
	// Yellow S5 Starting planet
}
