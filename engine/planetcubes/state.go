package planetcubes

import (
	"math/rand/v2"

	"github.com/moongym/moongym/engine"
)

// Weapon is the face of a cube on top.
type Weapon int8

// The weapons of a cube.
const (
	// NoWeapon: an empty face on top; the cube cannot attack.
	NoWeapon Weapon = iota
	// Short: the triangle on top; hits a cube on the same planet.
	Short
	// Long: the square on top; hits a cube on the same or a linked planet.
	Long
)

var weaponNames = [3]string{"none", "short", "long"}

// String is "none", "short" or "long".
func (w Weapon) String() string {
	if w < 0 || int(w) >= len(weaponNames) {
		return "?"
	}
	return weaponNames[w]
}

// Flags of what a cube did this round.
const (
	usedActivate uint8 = 1 << iota
	usedAttack
)

// piece is a cube in play: a pile of 1 or 2 cubes (its lives) of one team,
// or an empty slot (lives 0).
type piece struct {
	planet int8
	lives  int8
	weapon Weapon
	used   uint8
}

// Piece describes a cube in play, for agents and tests.
type Piece struct {
	Planet    int
	Lives     int
	Weapon    Weapon
	Activated bool // has activated a benefit this round
	Attacked  bool // has attacked this round
}

// State is a position of Planet Cubes: a flat value (fixed-size arrays and
// one pointer to the immutable Game), so Clone is one copy.
type State struct {
	g      *Game
	pieces [MaxTeams][CubesPerTeam]piece
	score  [MaxTeams]int32
	round  int16 // 1-based
	first  int8  // first player of every round; -1 until drawn
	turn   int8  // seat to act; -1 before the draw and at the end
	left   int8  // actions left in the turn
	sel    int8  // selected slot, or -1
	backs  int8  // "back" decisions made in this turn
	target bool  // the selected cube attacks: a target is to be chosen
	over   bool
	// truncated: the game ended at the round limit without a winner by points.
	truncated bool
}

var _ engine.State = (*State)(nil)

// Game returns the game.
func (s *State) Game() engine.Game { return s.g }

// Clone copies the state.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src (engine.Copier): one assignment.
func (s *State) CopyFrom(src engine.State) bool { return engine.CopyFlat(s, src) }

// Equal compares every field (engine.Comparer): all are the position.
func (s *State) Equal(o engine.State) bool { return engine.EqualFlat(s, o) }

// Resample is a clone: nothing is hidden.
func (s *State) Resample(engine.Player, *rand.Rand) engine.State { return s.Clone() }

// IsTerminal reports whether the game is over.
func (s *State) IsTerminal() bool { return s.over }

// Truncated reports whether the game ended at the round limit rather than
// by a team reaching the goal.
func (s *State) Truncated() bool { return s.over && s.truncated }

// CurrentPlayer is the seat to act, Chance before the first player is
// drawn, or Terminal.
func (s *State) CurrentPlayer() engine.Player {
	switch {
	case s.over:
		return engine.Terminal
	case s.first < 0:
		return engine.Chance
	}
	return engine.Player(s.turn)
}

// Round is the current round, from 1.
func (s *State) Round() int { return int(s.round) }

// First is the first player of every round, or -1 before the draw.
func (s *State) First() int { return int(s.first) }

// ActionsLeft is the number of actions left to the player to move.
func (s *State) ActionsLeft() int { return int(s.left) }

// Selected is the slot of the selected cube of the player to move, or -1.
func (s *State) Selected() int { return int(s.sel) }

// BacksLeft is the number of "back" decisions the player to move may still
// make in this turn (0 when nobody is to move).
func (s *State) BacksLeft() int {
	if s.over || s.turn < 0 {
		return 0
	}
	return s.g.backs - int(s.backs)
}

// Targeting reports whether the selected cube attacks and a target is to
// be chosen.
func (s *State) Targeting() bool { return s.target }

// Score is seat t's points.
func (s *State) Score(t int) int { return int(s.score[t]) }

// Piece describes slot i of seat t; ok is false for an empty slot.
func (s *State) Piece(t, i int) (p Piece, ok bool) {
	pc := s.pieces[t][i]
	if pc.lives == 0 {
		return Piece{}, false
	}
	return Piece{Planet: int(pc.planet), Lives: int(pc.lives), Weapon: pc.weapon,
		Activated: pc.used&usedActivate != 0, Attacked: pc.used&usedAttack != 0}, true
}

// Supply is the number of seat t's 20 cubes not in play.
func (s *State) Supply(t int) int {
	n := CubesPerTeam
	for _, pc := range s.pieces[t] {
		n -= int(pc.lives)
	}
	return n
}

// NumPieces is the number of seat t's cubes (piles) in play.
func (s *State) NumPieces(t int) int {
	n := 0
	for _, pc := range s.pieces[t] {
		if pc.lives > 0 {
			n++
		}
	}
	return n
}

func (s *State) hasPieces(t int8) bool {
	for _, pc := range s.pieces[t] {
		if pc.lives > 0 {
			return true
		}
	}
	return false
}

// Returns: when the game is over the k teams with the highest score share
// the win, each getting (n-k)/(k(n-1)), and every other team gets -1/(n-1):
// a sole winner gets +1, the sum is 0. Zero before the end.
func (s *State) Returns(dst []float64) []float64 {
	n := s.g.n
	dst = dst[:0]
	for range n {
		dst = append(dst, 0)
	}
	if !s.over {
		return dst
	}
	best := s.score[0]
	for t := 1; t < n; t++ {
		best = max(best, s.score[t])
	}
	k := 0
	for t := 0; t < n; t++ {
		if s.score[t] == best {
			k++
		}
	}
	win := float64(n-k) / float64(k*(n-1))
	lose := -1 / float64(n-1)
	for t := 0; t < n; t++ {
		if s.score[t] == best {
			dst[t] = win
		} else {
			dst[t] = lose
		}
	}
	return dst
}

// Scores are the teams' points.
func (s *State) Scores(dst []float64) []float64 {
	dst = dst[:0]
	for t := 0; t < s.g.n; t++ {
		dst = append(dst, float64(s.score[t]))
	}
	return dst
}
