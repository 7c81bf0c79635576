package env_test

import (
	"fmt"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/env"
)

// A multi-agent episode of tic-tac-toe: each step is played by the seat to
// act; rewards come for every seat.
func ExampleMake() {
	e, err := env.Make("tictactoe", nil, env.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(e.ObservationSpace(), e.ActionSpace())
	obs, _, err := e.Reset(42)
	if err != nil {
		panic(err)
	}
	for _, a := range []engine.Action{4, 0, 2, 6, 3, 5, 1, 7, 8} {
		st, err := e.Step(a)
		if err != nil {
			panic(err)
		}
		obs = st.Obs
		if st.Terminated {
			fmt.Println("rewards", st.Rewards, "scores", st.Info.Scores)
		}
	}
	fmt.Println("last player", obs.Player)
	// Output:
	// Box(0, 1, [3 3 3]) Discrete(9)
	// rewards [0 0] scores [0 0]
	// last player terminal
}

// One seat trained against a fixed opponent.
func ExampleSingleAgent() {
	e, err := env.Make("tictactoe", nil, env.Options{})
	if err != nil {
		panic(err)
	}
	s, err := env.SingleAgent(e, 1, agents.NewRandom(1)) // learner plays O
	if err != nil {
		panic(err)
	}
	obs, info, err := s.Reset(0)
	if err != nil {
		panic(err)
	}
	fmt.Println("learner to act:", obs.Player, "legal:", len(info.Legal))
	// Output:
	// learner to act: p1 legal: 8
}

// Vectorized environments with next-step autoreset.
func ExampleVec() {
	v, err := env.Vec(3, engine.MustLoad("tictactoe", nil), env.Options{})
	if err != nil {
		panic(err)
	}
	obs, _, err := v.Reset(5)
	if err != nil {
		panic(err)
	}
	steps, err := v.Step([]engine.Action{0, 4, 8})
	if err != nil {
		panic(err)
	}
	fmt.Println(len(obs), steps[1].Obs.Player, steps[1].Terminated)
	// Output:
	// 3 p1 false
}
