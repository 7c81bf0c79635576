package testgames

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// Dice race actions.
const (
	Step engine.Action = iota // advance 2, no dice
	Roll                      // roll a d4, advance 1-4
	Risk                      // coin: advance 4 or nothing
)

// DiceRace is a two-player race to Goal: on a turn a player steps 2, rolls a
// d4, or risks a coin flip for 4 or nothing. The first to reach Goal wins
// (+1, the other -1); after MaxTurns turns without a winner the one further
// ahead wins, equal positions draw.
type DiceRace struct {
	Goal, MaxTurns int
}

var _ engine.Game = DiceRace{}

// Spec describes the dice race.
func (g DiceRace) Spec() engine.Spec {
	return engine.Spec{Name: "test-dice-race", Title: "Dice race (test only)", MinPlayers: 2, MaxPlayers: 2,
		Chance: engine.ExplicitChance, Information: engine.PerfectInformation, Utility: engine.ZeroSum, Params: []engine.ParamSpec{}}
}

// Params is empty.
func (g DiceRace) Params() engine.Params { return engine.Params{} }

// NumPlayers is 2.
func (g DiceRace) NumPlayers() int { return 2 }

// NumActions is 3: step, roll, risk.
func (g DiceRace) NumActions() int { return 3 }

// MaxChanceOutcomes is 4 (the d4).
func (g DiceRace) MaxChanceOutcomes() int { return 4 }

// ObservationShape is [4].
func (g DiceRace) ObservationShape() []int { return []int{4} }

// MaxGameLength counts a decision and a chance outcome per turn.
func (g DiceRace) MaxGameLength() int { return 2 * g.MaxTurns }

// MinUtility is -1.
func (g DiceRace) MinUtility() float64 { return -1 }

// MaxUtility is 1.
func (g DiceRace) MaxUtility() float64 { return 1 }

// NewInitialState is both players at 0, seat 0 to move.
func (g DiceRace) NewInitialState() engine.State {
	return &RaceState{Goal: int8(g.Goal), MaxTurns: int8(g.MaxTurns)}
}

// NewState is a position of the race: the players' positions, the seat to
// move and the number of turns played.
func (g DiceRace) NewState(pos0, pos1 int, turn engine.Player, turns int) *RaceState {
	return &RaceState{Goal: int8(g.Goal), MaxTurns: int8(g.MaxTurns), Pos: [2]int8{int8(pos0), int8(pos1)}, Turn: int8(turn), Turns: int8(turns)}
}

// DecodeState reads the JSON of a RaceState.
func (g DiceRace) DecodeState(data []byte) (engine.State, error) {
	var s RaceState
	if err := kit.States("dice-race").Decode(data, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// RaceState is a dice race position.
type RaceState struct {
	Goal, MaxTurns int8
	Pos            [2]int8
	Turn           int8
	Turns          int8
	Pending        int8 // 0 none, 1 a d4 roll, 2 a coin
}

// Game returns the game.
func (s *RaceState) Game() engine.Game {
	return DiceRace{Goal: int(s.Goal), MaxTurns: int(s.MaxTurns)}
}

// CurrentPlayer is the seat to move, Chance or Terminal.
func (s *RaceState) CurrentPlayer() engine.Player {
	switch {
	case s.IsTerminal():
		return engine.Terminal
	case s.Pending != 0:
		return engine.Chance
	}
	return engine.Player(s.Turn)
}

// LegalActions lists step, roll, risk, or the chance outcomes.
func (s *RaceState) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	switch {
	case s.IsTerminal():
	case s.Pending == 1:
		dst = append(dst, 0, 1, 2, 3)
	case s.Pending == 2:
		dst = append(dst, 0, 1)
	default:
		dst = append(dst, Step, Roll, Risk)
	}
	return dst
}

// ChanceOutcomes: a d4 (advance 1-4) or a coin (0: nothing, 1: advance 4).
func (s *RaceState) ChanceOutcomes(dst []engine.Outcome) []engine.Outcome {
	dst = dst[:0]
	switch s.Pending {
	case 1:
		for i := 0; i < 4; i++ {
			dst = append(dst, engine.Outcome{Action: engine.Action(i), Prob: 0.25})
		}
	case 2:
		dst = append(dst, engine.Outcome{Action: 0, Prob: 0.5}, engine.Outcome{Action: 1, Prob: 0.5})
	}
	return dst
}

// Apply plays a move or a chance outcome.
func (s *RaceState) Apply(a engine.Action) {
	switch s.Pending {
	case 0:
		switch a {
		case Step:
			s.advance(2)
		case Roll:
			s.Pending = 1
		default:
			s.Pending = 2
		}
	case 1:
		s.Pending = 0
		s.advance(int8(a) + 1)
	default:
		s.Pending = 0
		s.advance(4 * int8(a))
	}
}

func (s *RaceState) advance(d int8) {
	s.Pos[s.Turn] = min(s.Pos[s.Turn]+d, s.Goal)
	s.Turn ^= 1
	s.Turns++
}

// IsTerminal: someone reached the goal or the turns ran out.
func (s *RaceState) IsTerminal() bool {
	return s.Pos[0] >= s.Goal || s.Pos[1] >= s.Goal || s.Turns >= s.MaxTurns
}

// Returns: +1 to the winner, -1 to the loser, 0 in a draw or before the end.
func (s *RaceState) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	if !s.IsTerminal() || s.Pos[0] == s.Pos[1] {
		return dst
	}
	if s.Pos[0] > s.Pos[1] {
		dst[0], dst[1] = 1, -1
	} else {
		dst[0], dst[1] = -1, 1
	}
	return dst
}

// Scores are the positions.
func (s *RaceState) Scores(dst []float64) []float64 {
	return append(dst[:0], float64(s.Pos[0]), float64(s.Pos[1]))
}

// Observe writes own position, other's position, turns, pending.
func (s *RaceState) Observe(p engine.Player, dst []float32) {
	dst[0], dst[1] = float32(s.Pos[p]), float32(s.Pos[1-p])
	dst[2], dst[3] = float32(s.Turns), float32(s.Pending)
}

// Resample is a clone: nothing is hidden.
func (s *RaceState) Resample(engine.Player, *rand.Rand) engine.State { return s.Clone() }

// Clone copies the state.
func (s *RaceState) Clone() engine.State { c := *s; return &c }

// CopyFrom makes s a copy of src (engine.Copier).
func (s *RaceState) CopyFrom(src engine.State) bool { return engine.CopyFlat(s, src) }

// Equal compares every field (engine.Comparer).
func (s *RaceState) Equal(o engine.State) bool { return engine.EqualFlat(s, o) }

// ActionString names moves and outcomes.
func (s *RaceState) ActionString(a engine.Action) string {
	if s.Pending != 0 {
		return fmt.Sprintf("outcome%d", a)
	}
	return [...]string{"step", "roll", "risk"}[a]
}

// String shows the positions.
func (s *RaceState) String() string {
	return fmt.Sprintf("race %d-%d turn p%d turns %d pending %d", s.Pos[0], s.Pos[1], s.Turn, s.Turns, s.Pending)
}

// MarshalJSON writes every field.
func (s *RaceState) MarshalJSON() ([]byte, error) {
	type plain RaceState
	return json.Marshal((*plain)(s))
}
