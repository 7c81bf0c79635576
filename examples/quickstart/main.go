// Command quickstart plays one episode of tic-tac-toe through moongym's Go
// environment API, each seat taking the first legal action. The README
// quotes this file: copy it into a module of your own (the README says
// how) and go run it.
package main

import (
	"fmt"
	"log"

	_ "github.com/moongym/moongym/engine/all" // registers every game
	"github.com/moongym/moongym/env"
)

func main() {
	e, err := env.Make("tictactoe", nil, env.Options{})
	if err != nil {
		log.Fatal(err)
	}
	obs, info, err := e.Reset(42) // obs.Tensor, obs.Mask for the seat to act
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(obs.Player, "to act,", len(info.Legal), "legal actions")
	for {
		step, err := e.Step(info.Legal[0]) // here the first legal action; an agent would choose
		if err != nil {
			log.Fatal(err)
		}
		if step.Terminated || step.Truncated {
			fmt.Println("rewards", step.Rewards, "scores", step.Info.Scores) // for every seat
			return
		}
		info = step.Info // step.Obs is the next seat's observation
	}
}
