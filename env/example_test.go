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
	obs, _ := e.Reset(42)
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
	e, _ := env.Make("tictactoe", nil, env.Options{})
	s, _ := env.SingleAgent(e, 1, agents.NewRandom(1)) // learner plays O
	obs, info, _ := s.Reset(0)
	fmt.Println("learner to act:", obs.Player, "legal:", len(info.Legal))
	// Output:
	// learner to act: p1 legal: 8
}

// Vectorized environments with next-step autoreset.
func ExampleVec() {
	v, _ := env.Vec(3, engine.MustLoad("tictactoe", nil), env.Options{})
	obs, _ := v.Reset(5)
	steps, _ := v.Step([]engine.Action{0, 4, 8})
	fmt.Println(len(obs), steps[1].Obs.Player, steps[1].Terminated)
	// Output:
	// 3 p1 false
}
