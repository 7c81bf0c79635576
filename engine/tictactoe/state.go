package tictactoe

import (
	"encoding/json"
	"math/rand/v2"
	"strings"

	"github.com/moongym/moongym/engine"
)

// State is a tic-tac-toe position: a flat value, cloned by one copy.
type State struct {
	board  [9]int8 // 0 empty, 1 X (seat 0), 2 O (seat 1)
	moves  int8
	turn   int8 // seat to move
	winner int8 // 0 none, 1 X, 2 O
}

var _ engine.State = (*State)(nil)

var lines = [8][3]int8{
	{0, 1, 2}, {3, 4, 5}, {6, 7, 8},
	{0, 3, 6}, {1, 4, 7}, {2, 5, 8},
	{0, 4, 8}, {2, 4, 6},
}

var cellNames = [9]string{"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"}

// Game returns the game.
func (s *State) Game() engine.Game { return Game{} }

// CurrentPlayer is the seat to move or Terminal.
func (s *State) CurrentPlayer() engine.Player {
	if s.IsTerminal() {
		return engine.Terminal
	}
	return engine.Player(s.turn)
}

// LegalActions lists the empty cells.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	if s.IsTerminal() {
		return dst
	}
	for i, c := range s.board {
		if c == 0 {
			dst = append(dst, engine.Action(i))
		}
	}
	return dst
}

// ChanceOutcomes is empty: there is no chance.
func (s *State) ChanceOutcomes(dst []engine.Outcome) []engine.Outcome { return dst[:0] }

// Apply marks cell a for the player to move.
func (s *State) Apply(a engine.Action) {
	mark := s.turn + 1
	s.board[a] = mark
	s.moves++
	s.turn ^= 1
	if s.lineOf(mark) {
		s.winner = mark
	}
}

func (s *State) lineOf(mark int8) bool {
	for _, l := range lines {
		if s.board[l[0]] == mark && s.board[l[1]] == mark && s.board[l[2]] == mark {
			return true
		}
	}
	return false
}

// IsTerminal: a line is made or the board is full.
func (s *State) IsTerminal() bool { return s.winner != 0 || s.moves == 9 }

// Returns: +1 win, -1 loss, 0 draw or unfinished.
func (s *State) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	if s.winner != 0 {
		w := s.winner - 1
		dst[w], dst[1-w] = 1, -1
	}
	return dst
}

// Scores are the returns: the game has no points.
func (s *State) Scores(dst []float64) []float64 { return s.Returns(dst) }

// Observe writes the observer's marks, the opponent's marks, then the empty cells.
func (s *State) Observe(p engine.Player, dst []float32) {
	own := int8(p) + 1
	for i, c := range s.board {
		var mine, theirs, empty float32
		switch c {
		case 0:
			empty = 1
		case own:
			mine = 1
		default:
			theirs = 1
		}
		dst[i], dst[9+i], dst[18+i] = mine, theirs, empty
	}
}

// Resample is a clone: nothing is hidden.
func (s *State) Resample(engine.Player, *rand.Rand) engine.State { return s.Clone() }

// Clone copies the state.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src (engine.Copier): one assignment.
func (s *State) CopyFrom(src engine.State) bool { return engine.CopyFlat(s, src) }

// Equal compares every field (engine.Comparer): all are the position.
func (s *State) Equal(o engine.State) bool { return engine.EqualFlat(s, o) }

// ActionString names cell a: a1..c3.
func (s *State) ActionString(a engine.Action) string {
	if a < 0 || a > 8 {
		return "?"
	}
	return cellNames[a]
}

func (s *State) boardString() string {
	var b [9]byte
	for i, c := range s.board {
		b[i] = ".XO"[c]
	}
	return string(b[:])
}

// String draws the board.
func (s *State) String() string {
	var b strings.Builder
	b.WriteString("   a b c\n")
	for r := 0; r < 3; r++ {
		b.WriteString(" " + string(rune('1'+r)) + " ")
		for c := 0; c < 3; c++ {
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte(".XO"[s.board[3*r+c]])
		}
		b.WriteByte('\n')
	}
	switch {
	case s.winner != 0:
		b.WriteString(string(".XO"[s.winner]) + " wins")
	case s.moves == 9:
		b.WriteString("draw")
	default:
		b.WriteString(string("XO"[s.turn]) + " to move")
	}
	return b.String()
}

// MarshalJSON writes {"board": "..."}; see Game.DecodeState.
func (s *State) MarshalJSON() ([]byte, error) {
	return json.Marshal(stateJSON{Board: s.boardString()})
}
