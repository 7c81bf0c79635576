package lunarrally

import (
	"github.com/moongym/moongym/engine"
)

// Rover status.
const (
	Waiting   int8 = iota // not placed yet
	Racing                // on the board
	Destroyed             // exploded (its slot may take a replacement Rover 1)
)

// Rover is one rover and its control board. Index i of State's rovers is
// seat i/2, Rover 1 for even i and Rover 2 for odd i.
type Rover struct {
	Status   int8
	Pos      int16 // cell, -1 when not on the board
	Heading  int8  // 0 east, counter-clockwise
	Phases   int8  // phases left on the control board, 1..3
	Shields  int8
	Missiles int8
	Armed    bool            // weapons active: the rover has moved off the start line
	Program  [MaxPhases]Card // cards on the phases, NoCard where none
	Shown    [MaxPhases]Card // the program it executed last (revealed to all)
}

// Game stages.
const (
	stageFirst   int8 = iota // chance: who places first
	stagePlace               // placing a rover: choose a start hex
	stageFace                // placing a rover: choose its facing
	stageProgram             // programming rovers
	stageOver
)

// Ends of a game.
const (
	endNone      int8 = iota
	endFinish         // a rover reached the finish line
	endDestroyed      // every rover was destroyed: a draw
	endTurnLimit      // the turn limit: a draw
)

const maxRovers = 8

// State is a position of Lunar Rally: a flat value whose only pointer is to
// the immutable Game, so Clone is one copy.
type State struct {
	g      *Game
	rovers [maxRovers]Rover
	taken  uint16 // caches picked up, bit per cache
	stage  int8
	// initial is true until the first execution: placement and programming
	// of both rovers.
	initial bool
	moon    int8  // the rover (0: Rover 1s, 1: Rover 2s) executing next, or being reprogrammed
	turn    int16 // 1-based
	first   int8  // the player who placed first
	pending int16 // start hex chosen, waiting for the facing (stageFace)
	winners uint8 // bit per seat
	end     int8
	// The decision cursor, derived from the rest by locate().
	actor  int8
	target int8 // rover being placed or programmed
	phase  int8 // phase being programmed
}

var _ engine.State = (*State)(nil)

func (s *State) reset() {
	for i := range s.rovers {
		s.rovers[i] = Rover{Pos: -1, Program: emptyProgram, Shown: emptyProgram}
	}
	s.stage = stageFirst
	s.initial = true
	s.turn = 1
	s.pending = -1
	s.actor = int8(engine.Chance)
}

var emptyProgram = [MaxPhases]Card{NoCard, NoCard, NoCard}

// Game returns the game.
func (s *State) Game() engine.Game { return s.g }

// Rover returns rover r (0 for Rover 1, 1 for Rover 2) of a seat.
func (s *State) Rover(seat, r int) Rover { return s.rovers[2*seat+r] }

// Turn is the current turn, from 1.
func (s *State) Turn() int { return int(s.turn) }

// Moon is the rover (0: Rover 1s, 1: Rover 2s) that executes next or is being reprogrammed.
func (s *State) Moon() int { return int(s.moon) }

// Deciding is the rover being placed or programmed, as seat and rover, and
// the phase being programmed (-1 while placing); ok is false at chance and
// terminal nodes.
func (s *State) Deciding() (seat, r, phase int, ok bool) {
	switch s.stage {
	case stagePlace, stageFace:
		return int(s.target) / 2, int(s.target) % 2, -1, true
	case stageProgram:
		return int(s.target) / 2, int(s.target) % 2, int(s.phase), true
	}
	return 0, 0, 0, false
}

// Placing reports whether the decision is a placement, and if so whether the
// start hex is chosen and waiting for a facing (pending, a cell).
func (s *State) Placing() (placing bool, pending int) {
	return s.stage == stagePlace || s.stage == stageFace, int(s.pending)
}

// CacheTaken reports whether the cache on cell has been picked up.
func (s *State) CacheTaken(cell int) bool {
	k := s.g.board.cacheSlot[cell]
	return k >= 0 && s.taken&(1<<k) != 0
}

// RoverAt is the index (2*seat + r) of the rover on cell, or -1.
func (s *State) RoverAt(cell int) int { return s.occupant(int16(cell)) }

func (s *State) occupant(cell int16) int {
	if cell < 0 {
		return -1
	}
	for i := 0; i < 2*s.g.players; i++ {
		if s.rovers[i].Status == Racing && s.rovers[i].Pos == cell {
			return i
		}
	}
	return -1
}

// CurrentPlayer is the seat to decide, Chance, or Terminal.
func (s *State) CurrentPlayer() engine.Player {
	switch s.stage {
	case stageFirst:
		return engine.Chance
	case stageOver:
		return engine.Terminal
	}
	return engine.Player(s.actor)
}

// IsTerminal reports whether the game is over.
func (s *State) IsTerminal() bool { return s.stage == stageOver }

// Winners is the bit set of winning seats (zero unless someone finished).
func (s *State) Winners() uint8 { return s.winners }

// Returns: winners share the win, see the package documentation.
func (s *State) Returns(dst []float64) []float64 {
	n := s.g.players
	dst = dst[:0]
	for i := 0; i < n; i++ {
		dst = append(dst, 0)
	}
	if s.stage != stageOver || s.winners == 0 {
		return dst
	}
	k := 0
	for i := 0; i < n; i++ {
		if s.winners&(1<<i) != 0 {
			k++
		}
	}
	if k == n {
		return dst
	}
	for i := 0; i < n; i++ {
		if s.winners&(1<<i) != 0 {
			dst[i] = float64(n-k) / float64(k*(n-1))
		} else {
			dst[i] = -1 / float64(n-1)
		}
	}
	return dst
}

// Scores are 1 for a winner and 0 for everyone else.
func (s *State) Scores(dst []float64) []float64 {
	dst = dst[:0]
	for i := 0; i < s.g.players; i++ {
		v := 0.0
		if s.winners&(1<<i) != 0 {
			v = 1
		}
		dst = append(dst, v)
	}
	return dst
}

// Clone copies the state.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src (engine.Copier): one assignment.
func (s *State) CopyFrom(src engine.State) bool { return engine.CopyFlat(s, src) }
