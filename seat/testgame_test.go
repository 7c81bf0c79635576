package seat

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/moongym/moongym/agents"
	_ "github.com/moongym/moongym/agents/all"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// A small test-only game with what tictactoe lacks: a parameter, chance
// nodes and two legal actions whose names differ only in case. Registered
// in this test binary only, so the protocol tests that iterate
// engine.Games() drive it too.
const diceRace = "seat-test-dice-race"

const diceRaceLimit = 120

type diceRaceGame struct{ goal, sides int }

type diceRaceState struct {
	g     diceRaceGame
	pos   [2]int8
	turn  int8
	roll  int8 // 0: a die is to be rolled (a chance node)
	moves int16
}

type diceRaceJSON struct {
	Pos   [2]int `json:"pos"`
	Turn  int    `json:"turn"`
	Roll  int    `json:"roll"`
	Moves int    `json:"moves"`
}

func init() {
	engine.Register(engine.Spec{
		Name: diceRace, Title: "Dice race (seat tests)", Description: "Roll a die, then step by the roll (go) or by one (GO).",
		MinPlayers: 2, MaxPlayers: 2, Chance: engine.ExplicitChance, Utility: engine.ZeroSum,
		Params: []engine.ParamSpec{
			{Name: "goal", Kind: engine.IntParam, Default: "10", Min: 3, Max: 40, Doc: "cells to the finish"},
			{Name: "sides", Kind: engine.IntParam, Default: "3", Min: 2, Max: 6, Doc: "sides of the die"},
		},
	}, func(p engine.Params, _ fs.FS) (engine.Game, error) {
		return diceRaceGame{p.Int("goal"), p.Int("sides")}, nil
	})
	agents.Register(agents.Info{Name: "test-panic", Doc: "panics (seat tests)", New: func(agents.Context) (agents.Agent, error) {
		return actFunc(func(engine.State) (engine.Action, error) { panic("test-panic agent") }), nil
	}})
	agents.Register(agents.Info{Name: "test-illegal", Doc: "chooses an illegal action (seat tests)", New: func(agents.Context) (agents.Agent, error) {
		return actFunc(func(engine.State) (engine.Action, error) { return -7, nil }), nil
	}})
	agents.Register(agents.Info{Name: "test-slow", Doc: "sleeps 300ms, then plays the first legal action (seat tests)", New: func(agents.Context) (agents.Agent, error) {
		return actFunc(func(s engine.State) (engine.Action, error) {
			time.Sleep(300 * time.Millisecond)
			return s.LegalActions(nil)[0], nil
		}), nil
	}})
	agents.Register(agents.Info{Name: "test-block", Doc: "thinks until its context ends, then gives up (seat tests)", New: func(agents.Context) (agents.Agent, error) {
		return blockAgent{}, nil
	}})
	agents.Register(agents.Info{Name: "test-search", Doc: "a random agent with a sims option (seat tests)",
		Options: []agents.Option{{Name: "sims", Default: "50", Doc: "ignored"}, {Name: "seed", Doc: "seed"}},
		New: func(ctx agents.Context) (agents.Agent, error) {
			if _, err := ctx.Opts.Int("sims"); err != nil {
				return nil, err
			}
			return agents.NewRandom(ctx.Seed), nil
		}})
}

// blocking counts the test-block agents thinking now.
var blocking atomic.Int32

// blockAgent thinks until its context ends (a search that would run for
// ever), as an agents.ContextActor; Act alone would never return.
type blockAgent struct{}

func (blockAgent) Act(s engine.State) (engine.Action, error) {
	return blockAgent{}.ActContext(context.Background(), s)
}

func (blockAgent) ActContext(ctx context.Context, _ engine.State) (engine.Action, error) {
	blocking.Add(1)
	defer blocking.Add(-1)
	<-ctx.Done()
	return 0, ctx.Err()
}

type actFunc func(engine.State) (engine.Action, error)

func (f actFunc) Act(s engine.State) (engine.Action, error) { return f(s) }

func (g diceRaceGame) Spec() engine.Spec {
	s, _ := engine.Lookup(diceRace)
	return s
}
func (g diceRaceGame) Params() engine.Params {
	return engine.Params{"goal": fmt.Sprint(g.goal), "sides": fmt.Sprint(g.sides)}
}
func (g diceRaceGame) NumPlayers() int                                   { return 2 }
func (g diceRaceGame) NumActions() int                                   { return 2 }
func (g diceRaceGame) MaxChanceOutcomes() int                            { return g.sides }
func (g diceRaceGame) ObservationShape() []int                           { return []int{4} }
func (g diceRaceGame) MaxGameLength() int                                { return diceRaceLimit }
func (g diceRaceGame) MinUtility() float64                               { return -1 }
func (g diceRaceGame) MaxUtility() float64                               { return 1 }
func (g diceRaceGame) NewInitialState() engine.State                     { return &diceRaceState{g: g} }
func (s *diceRaceState) Game() engine.Game                               { return s.g }
func (s *diceRaceState) Clone() engine.State                             { c := *s; return &c }
func (s *diceRaceState) Resample(engine.Player, *rand.Rand) engine.State { return s.Clone() }

func (g diceRaceGame) DecodeState(data []byte) (engine.State, error) {
	var j diceRaceJSON
	if err := kit.States("test-dice-race").Decode(data, &j); err != nil {
		return nil, err
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{engine.ErrBadState}, a...)...)
	}
	switch {
	case j.Pos[0] < 0 || j.Pos[1] < 0 || j.Pos[0] > g.goal || j.Pos[1] > g.goal:
		return nil, bad("positions %v outside 0..%d", j.Pos, g.goal)
	case j.Pos[0] == g.goal && j.Pos[1] == g.goal:
		return nil, bad("both racers finished")
	case j.Turn != 0 && j.Turn != 1:
		return nil, bad("turn %d", j.Turn)
	case j.Roll < 0 || j.Roll > g.sides:
		return nil, bad("roll %d outside 0..%d", j.Roll, g.sides)
	case j.Moves < 0 || j.Moves > diceRaceLimit:
		return nil, bad("moves %d outside 0..%d", j.Moves, diceRaceLimit)
	case (j.Moves%2 == 1) != (j.Roll > 0):
		return nil, bad("roll %d after %d moves: a die is rolled on even moves", j.Roll, j.Moves)
	case j.Turn != j.Moves/2%2:
		return nil, bad("turn %d after %d moves", j.Turn, j.Moves)
	}
	return &diceRaceState{g: g, pos: [2]int8{int8(j.Pos[0]), int8(j.Pos[1])}, turn: int8(j.Turn), roll: int8(j.Roll), moves: int16(j.Moves)}, nil
}

func (s *diceRaceState) MarshalJSON() ([]byte, error) {
	return json.Marshal(diceRaceJSON{[2]int{int(s.pos[0]), int(s.pos[1])}, int(s.turn), int(s.roll), int(s.moves)})
}

func (s *diceRaceState) IsTerminal() bool {
	return int(s.pos[0]) >= s.g.goal || int(s.pos[1]) >= s.g.goal || s.moves >= diceRaceLimit
}

func (s *diceRaceState) CurrentPlayer() engine.Player {
	switch {
	case s.IsTerminal():
		return engine.Terminal
	case s.roll == 0:
		return engine.Chance
	}
	return engine.Player(s.turn)
}

func (s *diceRaceState) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	switch s.CurrentPlayer() {
	case engine.Terminal:
	case engine.Chance:
		for i := 0; i < s.g.sides; i++ {
			dst = append(dst, engine.Action(i))
		}
	default:
		dst = append(dst, 0, 1)
	}
	return dst
}

func (s *diceRaceState) ChanceOutcomes(dst []engine.Outcome) []engine.Outcome {
	dst = dst[:0]
	if s.CurrentPlayer() == engine.Chance {
		for i := 0; i < s.g.sides; i++ {
			dst = append(dst, engine.Outcome{Action: engine.Action(i), Prob: 1 / float64(s.g.sides)})
		}
	}
	return dst
}

func (s *diceRaceState) Apply(a engine.Action) {
	s.moves++
	if s.roll == 0 {
		s.roll = int8(a) + 1
		return
	}
	step := s.roll
	if a == 1 {
		step = 1
	}
	s.pos[s.turn] = min(s.pos[s.turn]+step, int8(s.g.goal))
	s.roll = 0
	s.turn ^= 1
}

func (s *diceRaceState) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	for p := range 2 {
		if int(s.pos[p]) >= s.g.goal {
			dst[p], dst[1-p] = 1, -1
		}
	}
	return dst
}

func (s *diceRaceState) Scores(dst []float64) []float64 {
	return append(dst[:0], float64(s.pos[0]), float64(s.pos[1]))
}

func (s *diceRaceState) Observe(p engine.Player, dst []float32) {
	dst[0], dst[1] = float32(s.pos[p]), float32(s.pos[1-p])
	dst[2], dst[3] = float32(s.roll), float32(s.moves)
}

func (s *diceRaceState) ActionString(a engine.Action) string {
	if s.roll == 0 {
		return fmt.Sprintf("roll%d", a+1)
	}
	return [2]string{"go", "GO"}[a&1]
}

func (s *diceRaceState) String() string {
	return fmt.Sprintf("race to %d: p0 at %d, p1 at %d, roll %d, %d moves", s.g.goal, s.pos[0], s.pos[1], s.roll, s.moves)
}
