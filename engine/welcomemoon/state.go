package welcomemoon

import (
	"math/bits"

	"github.com/moongym/moongym/engine"
)

// marks is a set of element ids of a sheet (bit id).
type marks [markBits / 64]uint64

func (m *marks) has(id int16) bool { return m[id>>6]&(1<<(id&63)) != 0 }
func (m *marks) set(id int16)      { m[id>>6] |= 1 << (id & 63) }

func (m *marks) countRange(lo, hi int16) int {
	n := 0
	for id := lo; id <= hi; id++ {
		if m.has(id) {
			n++
		}
	}
	return n
}

func (m *marks) count() int {
	n := 0
	for _, w := range m {
		n += bits.OnesCount64(w)
	}
	return n
}

// Values written in a space.
const (
	empty int8 = 0  // nothing written
	xMark int8 = 99 // an X (Planning, Building bonus)
	// a number v (0..17) is stored as v+1
	minValue = 0
	maxValue = 17
	// noValue is the value of an X for advRules.allowed
	noValue int8 = -1
)

// sheet is one player's adventure sheet: the spaces and the marks on every
// element id of the folder's data (circled and crossed are separate marks).
type sheet struct {
	num   [maxSpaces]int8
	circ  marks
	cross marks
	// mval[k] is the reward of mission k (0 A, 1 B, 2 C) once accomplished.
	mval  [3]int8
	mdone uint8 // bit k: mission k accomplished
	// mwant bit k: during the turn, the player chose to accomplish mission
	// k at the end of the turn if its condition then holds (cleared at the
	// end of every turn).
	mwant uint8
}

func (sh *sheet) filled(s int8) bool { return sh.num[s] != empty }

// Phases of a game.
const (
	phChance   int8 = iota // a card flip or a mission draw
	phDecide               // seat cur makes its choices of the turn
	phAstra                // solo: the player picks the target of an ASTRA card
	phIncident             // A6 phase 5: seat cur resolves its propagations and missions
	phOver
)

// Steps of a seat's turn.
const (
	subChoose   int8 = iota // pick a combination or take a System Error
	subModifier             // Astronaut modifier
	subSpace                // space for the number
	subEffect               // the first pending effect
	subDone
)

// effect is a pending step of a turn that may need a choice.
type effect struct {
	kind int8
	arg  int8
}

// turnCtx is the acting seat's turn in progress.
type turnCtx struct {
	pick   int8 // combination (multi 0..2, solo 0..5), -1 System Error
	wild   int8 // action chosen with a Wild action, -1 none
	value  int8 // number to write (after the modifier)
	act    int8 // action in effect
	space  int8 // space of the number, -1 none
	third  int8 // solo: slot of the card for ASTRA, -1 not known yet
	asked  bool // the mission choices of the turn have been asked
	closed bool // the closing steps of the turn have run
	setup  bool // the pending effects are the seat's set-up (A6 grey virus), before its pick
	npend  int8
	pend   [maxPend]effect
}

// deck is the Starship deck. Multiplayer: three piles; shown[i] is the card
// showing its action on pile i, shown[3+i] the card showing its number.
// Solo: one deck (pile 0); shown[0..2] are the three revealed cards.
// Cards of a pile's first pass are drawn from unseen (a random partition
// is exchangeable, so the next card of any pile is uniform over the unseen
// cards); after a reshuffle the pile's contents are known.
type deck struct {
	unseen cardSet    // never revealed, first pass
	left   [3]int8    // first-pass cards still in pile i
	known  [3]cardSet // pile i after a reshuffle
	disc   [3]cardSet // discard of pile i
	pass   [3]int8    // reshuffles of pile i
	shown  [6]int8
}

// astraState is the solo opponent.
type astraState struct {
	cards [numActs]int8 // cards given to ASTRA, by the card's action
	track int8          // A1: boxes of ASTRA's rocket track crossed
	bonus int8          // Solo bonus boxes circled
	used  int8          // Solo bonus boxes crossed (spent)
	moved bool          // A8: ASTRA has played its own turn of this turn
}

// Why a game ended.
const (
	endNone int8 = iota
	endMissions
	endErrors
	endFull
	endLaunch
	endAstraLaunch
	endDeck
)

var endNames = [...]string{"", "all three missions", "all System Error boxes", "full sheet", "rocket launch", "ASTRA launched", "deck exhausted twice"}

// State is a position of Welcome to the Moon: a flat value (the pointer is
// to the immutable game), cloned by one copy.
type State struct {
	g       *Game
	phase   int8
	sub     int8
	cur     int8
	ended   int8
	turn    int16
	mission [3]int8 // drawn card of each stack (0/1), -1 not yet drawn
	mtaken  uint8   // bit k: mission k's high value is gone
	deck    deck
	ctx     turnCtx
	astra   astraState
	// prop[p] is the number of propagations p still has to resolve in the
	// A6 phase 5 (phIncident).
	prop [maxPlayers]int8
	sh   [maxPlayers]sheet
	// pub[q] is q's sheet as the others see it: as at the start of the turn.
	pub [maxPlayers]sheet
}

var _ engine.State = (*State)(nil)

// Game returns the game.
func (s *State) Game() engine.Game { return s.g }

func (s *State) lay() *layout { return s.g.lay }

// NewInitialState is the state before the mission draws and the first flips.
func (g *Game) NewInitialState() engine.State {
	s := &State{g: g}
	s.mission = [3]int8{-1, -1, -1}
	s.deck.unseen = allStarship
	for i := range s.deck.shown {
		s.deck.shown[i] = noCard
	}
	if g.solo() {
		s.deck.unseen = cardSet{allStarship[0] | allAstra[0], allAstra[1]}
		s.deck.left[0] = numCards
		start, _ := g.lay.r.astraTrack(g.level)
		s.astra.track = int8(start)
	} else {
		s.deck.left = [3]int8{21, 21, 21}
	}
	for i := range g.sheets() {
		s.sh[i].initSheet(g.lay)
	}
	s.syncPub()
	s.ctx.reset()
	return s
}

func (sh *sheet) initSheet(l *layout) {
	l.r.initSheet(sh)
}

func (c *turnCtx) reset() {
	*c = turnCtx{pick: -1, wild: -1, value: -1, act: -1, space: -1, third: -1}
}

func (s *State) syncPub() { s.pub = s.sh }

// Clone copies the state.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src (engine.Copier): one assignment.
func (s *State) CopyFrom(src engine.State) bool { return engine.CopyFlat(s, src) }

// Equal compares every field (engine.Comparer): all are the position.
func (s *State) Equal(o engine.State) bool { return engine.EqualFlat(s, o) }

// CurrentPlayer is the seat to act, Chance or Terminal.
func (s *State) CurrentPlayer() engine.Player {
	switch s.phase {
	case phChance:
		return engine.Chance
	case phOver:
		return engine.Terminal
	}
	return engine.Player(s.cur)
}

// IsTerminal reports whether the game is over.
func (s *State) IsTerminal() bool { return s.phase == phOver }
