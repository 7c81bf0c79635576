package arena_test

import (
	"context"
	"fmt"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
)

// lowest plays the lowest legal action.
type lowest struct{}

func (lowest) Act(s engine.State) (engine.Action, error) { return s.LegalActions(nil)[0], nil }

// An entrant made by a constructor (here a fixed strategy; in training, a
// network held in memory) plays a spec agent, seats rotated.
func ExampleEntrant() {
	g := tictactoe.Game{}
	first := arena.Entrant{Name: "lowest", New: func(uint64) (agents.Agent, error) { return lowest{}, nil }}
	ents := []arena.Entrant{first, arena.SpecEntrant(g, "random")}
	games, err := arena.Run(context.Background(), arena.Config{Game: g, Entrants: ents, Games: 10, Seed: 1, Opening: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := arena.Summarize(g, arena.Names(ents), 1, games)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range rep.Agents {
		fmt.Printf("%s: %d games, %d in seat 0, %d in seat 1\n", a.Spec, a.Games, a.PerSeat[0].Games, a.PerSeat[1].Games)
	}
	fmt.Println("game 0 seats:", games[0].Record.Seats)
	// Output:
	// lowest: 10 games, 5 in seat 0, 5 in seat 1
	// random: 10 games, 5 in seat 0, 5 in seat 1
	// game 0 seats: [lowest random]
}
