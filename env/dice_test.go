package env_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// diceGame is a one-player chance game for tests: a die is rolled; the
// player keeps it (action 0) or rerolls once (action 1); 4 or more wins.
type diceGame struct{}

func (diceGame) Spec() engine.Spec {
	return engine.Spec{Name: "dice-test", MinPlayers: 1, MaxPlayers: 1, Chance: engine.ExplicitChance, Utility: engine.GeneralSum}
}
func (diceGame) Params() engine.Params         { return engine.Params{} }
func (diceGame) NumPlayers() int               { return 1 }
func (diceGame) NumActions() int               { return 2 }
func (diceGame) MaxChanceOutcomes() int        { return 6 }
func (diceGame) ObservationShape() []int       { return []int{2} }
func (diceGame) MaxGameLength() int            { return 4 }
func (diceGame) MinUtility() float64           { return -1 }
func (diceGame) MaxUtility() float64           { return 1 }
func (diceGame) NewInitialState() engine.State { return &diceState{} }
func (diceGame) DecodeState(data []byte) (engine.State, error) {
	var s diceState
	if err := kit.States("dice").Decode(data, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

type diceState struct {
	Die      int  `json:"die"` // 0 = not rolled, else 1..6
	Rerolled bool `json:"rerolled"`
	Done     bool `json:"done"`
}

func (s *diceState) Game() engine.Game { return diceGame{} }
func (s *diceState) CurrentPlayer() engine.Player {
	switch {
	case s.Done:
		return engine.Terminal
	case s.Die == 0:
		return engine.Chance
	}
	return 0
}
func (s *diceState) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	switch s.CurrentPlayer() {
	case engine.Chance:
		for i := 0; i < 6; i++ {
			dst = append(dst, engine.Action(i))
		}
	case 0:
		dst = append(dst, 0)
		if !s.Rerolled {
			dst = append(dst, 1)
		}
	}
	return dst
}
func (s *diceState) ChanceOutcomes(dst []engine.Outcome) []engine.Outcome {
	dst = dst[:0]
	if s.CurrentPlayer() == engine.Chance {
		for i := 0; i < 6; i++ {
			dst = append(dst, engine.Outcome{Action: engine.Action(i), Prob: 1.0 / 6})
		}
	}
	return dst
}
func (s *diceState) Apply(a engine.Action) {
	switch {
	case s.Die == 0:
		s.Die = int(a) + 1
		if s.Rerolled {
			s.Done = true
		}
	case a == 1:
		s.Die, s.Rerolled = 0, true
	default:
		s.Done = true
	}
}
func (s *diceState) IsTerminal() bool { return s.Done }
func (s *diceState) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0)
	if s.Done {
		dst[0] = -1
		if s.Die >= 4 {
			dst[0] = 1
		}
	}
	return dst
}
func (s *diceState) Scores(dst []float64) []float64 { return append(dst[:0], float64(s.Die)) }
func (s *diceState) Observe(p engine.Player, dst []float32) {
	dst[0] = float32(s.Die)
	dst[1] = 0
	if s.Rerolled {
		dst[1] = 1
	}
}
func (s *diceState) Resample(engine.Player, *rand.Rand) engine.State { return s.Clone() }
func (s *diceState) Clone() engine.State                             { c := *s; return &c }
func (s *diceState) ActionString(a engine.Action) string {
	if s.CurrentPlayer() == engine.Chance {
		return fmt.Sprint("roll", a+1)
	}
	return [2]string{"keep", "reroll"}[a]
}
func (s *diceState) String() string { return fmt.Sprintf("die %d", s.Die) }
func (s *diceState) MarshalJSON() ([]byte, error) {
	type plain diceState
	return json.Marshal((*plain)(s))
}
