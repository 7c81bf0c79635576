package tictactoe

import (
	"io/fs"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// Name is the registry name of the game.
const Name = "tictactoe"

var spec = engine.Spec{
	Name:        Name,
	Title:       "Tic-tac-toe",
	Description: "Three in a row on a 3x3 grid; the reference game for testing algorithms.",
	MinPlayers:  2,
	MaxPlayers:  2,
	Chance:      engine.Deterministic,
	Information: engine.PerfectInformation,
	Utility:     engine.ZeroSum,
	Params:      []engine.ParamSpec{},
}

func init() {
	engine.Register(spec, func(engine.Params, fs.FS) (engine.Game, error) { return Game{}, nil })
}

// Game is tic-tac-toe. It has no parameters.
type Game struct{}

var _ engine.Game = Game{}

// Spec describes the game.
func (Game) Spec() engine.Spec { return spec }

// Params is empty: the game has none.
func (Game) Params() engine.Params { return engine.Params{} }

// NumPlayers is 2.
func (Game) NumPlayers() int { return 2 }

// NumActions is 9, one per cell.
func (Game) NumActions() int { return 9 }

// MaxChanceOutcomes is 0: no chance.
func (Game) MaxChanceOutcomes() int { return 0 }

// ObservationShape is [3, 3, 3].
func (Game) ObservationShape() []int { return []int{3, 3, 3} }

// ObservationBounds: every value is 0 or 1.
func (Game) ObservationBounds() (low, high float32) { return 0, 1 }

// MaxGameLength is 9.
func (Game) MaxGameLength() int { return 9 }

// MinUtility is -1 (a loss).
func (Game) MinUtility() float64 { return -1 }

// MaxUtility is +1 (a win).
func (Game) MaxUtility() float64 { return 1 }

// NewInitialState is the empty board, X to move.
func (Game) NewInitialState() engine.State { return &State{} }

// stateJSON is the documented JSON form of a state.
type stateJSON struct {
	// Board is 9 characters in reading order: 'X', 'O' or '.'.
	Board string `json:"board"`
}

// states makes tictactoe's bad-state errors.
const states kit.States = "tictactoe"

// DecodeState reads {"board": "X.O......"}. The player to move and the
// result follow from the board; boards that cannot arise in play are rejected.
func (Game) DecodeState(data []byte) (engine.State, error) {
	var j stateJSON
	if err := states.Decode(data, &j); err != nil {
		return nil, err
	}
	if len(j.Board) != 9 {
		return nil, states.Bad("board has %d cells, want 9", len(j.Board))
	}
	s := &State{}
	var count [3]int
	for i := 0; i < 9; i++ {
		switch j.Board[i] {
		case '.':
		case 'X', 'x':
			s.board[i] = 1
		case 'O', 'o':
			s.board[i] = 2
		default:
			return nil, states.Bad("cell %d is %q, want X, O or .", i, j.Board[i])
		}
		count[s.board[i]]++
	}
	x, o := count[1], count[2]
	if x != o && x != o+1 {
		return nil, states.Bad("%d X and %d O cannot arise (X moves first)", x, o)
	}
	s.moves = int8(x + o)
	s.turn = int8(s.moves % 2)
	xWins, oWins := s.lineOf(1), s.lineOf(2)
	switch {
	case xWins && oWins:
		return nil, states.Bad("both players have a line")
	case xWins && x != o+1:
		return nil, states.Bad("X has a line but O moved after it")
	case oWins && x != o:
		return nil, states.Bad("O has a line but X moved after it")
	case xWins:
		s.winner = 1
	case oWins:
		s.winner = 2
	}
	return s, nil
}
