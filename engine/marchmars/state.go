package marchmars

import (
	"math/rand/v2"

	"github.com/moongym/moongym/engine/internal/taskrun"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

const (
	maxMarines = 5
	maxDice    = 6
	maxCols    = 2 + numSlots*maxWidth + maxLZ
)

// marine is one marine pawn.
type marine struct {
	X, L    int8
	Crashed bool // flipped: 2 dice next turn unless a companion raises it
	Played  bool // has had its turn this game turn
	Gone    bool // out of the game (a kamikaze)
}

// task is one step of the rules waiting on the task stack. Kinds are in
// rules.go.
type task = taskrun.Task

// State is a position of March on Mars: a flat value (the game pointer is
// to immutable configuration), cloned by one copy.
type State struct {
	g *Game

	slots    [numSlots]int8 // card index per slot, -1 before it is dealt
	aliens   [maxCols][maxHeight][numAlienColours]int8
	incoming [2][numAlienColours]int8 // the incoming-wave box, by side
	bag      [numAlienColours]int8
	dead     [numAlienColours]int8 // killed, back into the bag when it is empty
	pending  [numAlienColours]int8 // aliens drawn, waiting to deploy
	mar      [maxMarines]marine

	turn    int8             // 1..8
	attacks int8             // successful attacks on the LZ
	result  int8             // 0 playing, 1 the MMM fell, -1 lost
	bait    int8             // the marine that set the bait this turn, -1 none
	upgrade [2]int8          // the base upgrade counter of each side: upNone.. (upNone also once destroyed)
	intact  [2]bool          // the counter of that side still stands
	antenna [maxMarines]bool // the antenna reroll was used this turn

	ability     [maxMarines]int8 // special training kept (abNone before the choice)
	trainCard   [maxMarines]int8 // training card dealt, -1 none
	orbitalUsed bool
	injected    [maxMarines]bool  // the injector was used: 3 dice next turn
	moved, shot bool              // the active marine moved / shot this turn (sniper)
	sniper      bool              // the current shot is a sniper's
	droneShot   bool              // the roll is the drone's: shots only
	acted       bool              // the active marine bombed from orbit or fought with equipment this turn (no Command Center)
	commanded   bool              // the active marine used the Command Center: that was its turn (no drone)
	hand        [maxMarines]uint8 // equipment cards held (bit e)
	deck        uint8             // equipment cards in the deck
	discard     uint8             // equipment cards used
	equipOpen   bool              // equipment is drawn for kills
	hiddenTaken bool              // the hidden box's card was taken
	flying      bool              // a move's strides are walked, its landing waits (jet pack, explorer)
	flySkull    bool              // a skull among the dice of that move
	explored    bool              // the explorer's extra advance was used this turn
	multiUsed   int8              // the values a multi-shot fired this roll (bit v)
	precog      bool              // the active marine's dice were rolled by precog this turn
	precogTurn  [maxMarines]int8  // the turn a marine last used precog (0 never)
	nPool       int8              // precog: the dice rolled
	poolCol     [maxDice]int8
	poolFace    [maxDice]int8
	poolAct     [maxDice]int8 // the action each precog die went to

	// the active marine's turn
	active    int8 // -1 outside turns
	dice      int8 // dice to program
	prog      [3][jumping.NumColours]int8
	nAssigned int8
	lastKey   int8
	nActs     int8
	act       int8
	lzReroll  bool // the LZ support reroll was used this turn

	// the roll being resolved
	nDice    int8
	dieCol   [maxDice]int8
	dieFace  [maxDice]int8
	engaged  bool // aliens were in the marine's box when it rolled
	teamUsed bool // the shared-box reroll of this roll was used
	shotX    int8
	shotL    int8
	hits     int8
	shotDone bool // the current shot killed or aimed (for the event log)

	stack taskrun.Stack
}

var _ engine.State = (*State)(nil)

// Game returns the game.
func (s *State) Game() engine.Game { return s.g }

func (s *State) push(kind int, a, b, c int) { s.stack.Push(kind, a, b, c) }

func (s *State) top() (task, bool) { return s.stack.Top() }

// IsTerminal: the game is decided (no task is left).
func (s *State) IsTerminal() bool { return s.stack.Len() == 0 }

// CurrentPlayer is the marine deciding, Chance, or Terminal.
func (s *State) CurrentPlayer() engine.Player { return s.stack.Player(isChance) }

// Clone copies the state.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src (engine.Copier): one assignment.
func (s *State) CopyFrom(src engine.State) bool { return engine.CopyFlat(s, src) }

// Resample is a copy: nothing is hidden (the bag is drawn at chance nodes).
func (s *State) Resample(p engine.Player, rng *rand.Rand) engine.State { return s.Clone() }

// Returns: +1 for every marine when the MMM fell, -1 when the team lost.
func (s *State) Returns(dst []float64) []float64 {
	dst = dst[:0]
	for i := 0; i < s.g.n; i++ {
		dst = append(dst, float64(s.result))
	}
	return dst
}

// Scores (the rules keep no points): the turns the base held, 9 when the
// MMM fell, the same for every marine. A lost game scores the turn it was
// lost in, minus one (turn 8 completed without the bomb scores 8).
func (s *State) Scores(dst []float64) []float64 {
	dst = dst[:0]
	v := float64(s.turn)
	switch {
	case s.result > 0:
		v = maxTurns + 1
	case s.attacks >= 3:
		v--
	}
	for i := 0; i < s.g.n; i++ {
		dst = append(dst, v)
	}
	return dst
}

// Turn is the game turn (1..8), 0 during the setup.
func (s *State) Turn() int { return int(s.turn) }

// Won reports whether the MMM was destroyed.
func (s *State) Won() bool { return s.result > 0 }

// Attacks is the number of successful attacks on the LZ.
func (s *State) Attacks() int { return int(s.attacks) }
