package env_test

import (
	"fmt"

	_ "github.com/moongym/moongym/engine/all" // registers every game
	"github.com/moongym/moongym/env"
)

// One episode through the Go API, each seat taking the first legal action
// (examples/quickstart is the same as a program, which the README quotes).
func Example_episode() {
	e, err := env.Make("tictactoe", nil, env.Options{})
	if err != nil {
		panic(err)
	}
	obs, info, err := e.Reset(42) // obs.Tensor, obs.Mask for the seat to act
	if err != nil {
		panic(err)
	}
	fmt.Println(obs.Player, "to act,", len(info.Legal), "legal actions")
	for {
		step, err := e.Step(info.Legal[0]) // here the first legal action; an agent would choose
		if err != nil {
			panic(err)
		}
		if step.Terminated || step.Truncated {
			fmt.Println("rewards", step.Rewards, "scores", step.Info.Scores) // for every seat
			break
		}
		info = step.Info // step.Obs is the next seat's observation
	}
	// Output:
	// p0 to act, 9 legal actions
	// rewards [1 -1] scores [1 -1]
}
