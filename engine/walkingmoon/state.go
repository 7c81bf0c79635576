package walkingmoon

import (
	"math/rand/v2"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/internal/taskrun"
)

const (
	maxAstro   = 5
	maxDice    = 6
	noCard     = -1
	maxCounter = 99
)

// astro is one astronaut pawn and its counters.
type astro struct {
	X, L        int8  // column along the track, level
	Stack       int16 // higher is on top of a stack
	Stunned     bool  // crashed: flipped face down
	Finished    bool
	FinishPos   int8 // 1 for the first across the line, 2 next...
	Sputnik     int8
	EC          int8
	Handicap    int8
	Card        int8 // action card in hand, noCard if none
	Card2       int8 // a card drawn and not yet kept or discarded
	FreeReroll  bool // special box: may reroll the dice of the next jump
	StartedLast bool // in last position (or tied) when the round began
}

// task is one step of the rules waiting on the task stack: a decision, a
// chance node, or automatic work. Kinds are in rules.go.
type task = taskrun.Task

// State is a position of Walking on the Moon: a flat value (the game
// pointer is to immutable configuration), cloned by one copy.
type State struct {
	g *Game

	slots  [numSlots]int8   // lunar card index per slot, -1 before it is dealt
	tokens [numBetween]int8 // special-box token per box between cards, -1 none
	ast    [maxAstro]astro

	round     int16
	order     [maxAstro]int8
	nOrder    int8
	stackSeq  int16
	finishers int8
	supplySp  int8
	supplyEC  int8
	deck      [numCardTypes]int8 // action cards left to draw
	played    [numCardTypes]int8 // played cards, face up
	secret    [numCardTypes]int8 // discarded unplayed cards, face down

	// the turn of the active astronaut
	active    int8 // -1 outside turns
	dice      int8 // dice to program this turn
	pool      [numColours]int8
	prog      [3][numColours]int8 // jump x colour
	nAssigned int8
	lastKey   int8 // last programmed jump*3+colour, -1 none
	nJumps    int8
	jump      int8 // index of the current programmed jump
	jumpsDone int8

	// the roll being resolved
	mover    int8
	nDice    int8
	dieCol   [maxDice]int8
	dieFace  [maxDice]int8
	freeDone uint8 // dice already rerolled for free (special box)

	exchanged bool  // 2 players: counters exchanged after this landing
	exFlags   uint8 // directions used in the exchange

	stack taskrun.Stack
}

var _ engine.State = (*State)(nil)

// Game returns the game.
func (s *State) Game() engine.Game { return s.g }

func (s *State) push(kind int, a, b, c int) { s.stack.Push(kind, a, b, c) }

func (s *State) top() (task, bool) { return s.stack.Top() }

// IsTerminal: no task is left.
func (s *State) IsTerminal() bool { return s.stack.Len() == 0 }

// CurrentPlayer is the seat deciding, Chance, or Terminal.
func (s *State) CurrentPlayer() engine.Player {
	t, ok := s.top()
	if !ok {
		return engine.Terminal
	}
	if isChance(int(t.Kind)) {
		return engine.Chance
	}
	return engine.Player(s.g.seat(int(t.A)))
}

// Clone copies the state.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src (engine.Copier): one assignment.
func (s *State) CopyFrom(src engine.State) bool { return engine.CopyFlat(s, src) }

// Resample redraws what seat p cannot know: the action cards of the other
// seats' astronauts (in hand and drawn), the face-down discards and the deck.
func (s *State) Resample(p engine.Player, rng *rand.Rand) engine.State {
	c := *s
	g := s.g
	var pool [numCardTypes]int
	total := 0
	add := func(t int8) {
		if t >= 0 && int(t) < numCardTypes {
			pool[t]++
			total++
		}
	}
	for t := 0; t < numCardTypes; t++ {
		for i := int8(0); i < c.deck[t]+c.secret[t]; i++ {
			add(int8(t))
		}
	}
	for a := 0; a < g.na; a++ {
		if g.seat(a) == int(p) {
			continue
		}
		add(c.ast[a].Card)
		add(c.ast[a].Card2)
	}
	draw := func() int8 {
		k := rng.IntN(total)
		for t := 0; t < numCardTypes; t++ {
			if k < pool[t] {
				pool[t]--
				total--
				return int8(t)
			}
			k -= pool[t]
		}
		return noCard
	}
	for a := 0; a < g.na; a++ {
		if g.seat(a) == int(p) {
			continue
		}
		if c.ast[a].Card != noCard {
			c.ast[a].Card = draw()
		}
		if c.ast[a].Card2 != noCard {
			c.ast[a].Card2 = draw()
		}
	}
	nSecret := 0
	for t := 0; t < numCardTypes; t++ {
		nSecret += int(c.secret[t])
		c.secret[t] = 0
	}
	for i := 0; i < nSecret; i++ {
		c.secret[draw()]++
	}
	for t := 0; t < numCardTypes; t++ {
		c.deck[t] = int8(pool[t])
	}
	return &c
}

// Returns are rank based: 1 - 2*rank/(seats-1), +1 for the winner, -1 for
// the last; ties are broken by the rules' tie-breaks. Zero before the end.
func (s *State) Returns(dst []float64) []float64 {
	dst = dst[:0]
	n := s.g.seats
	for i := 0; i < n; i++ {
		dst = append(dst, 0)
	}
	if !s.IsTerminal() {
		return dst
	}
	rank := s.ranking()
	for r := 0; r < n; r++ {
		dst[rank[r]] = 1 - 2*float64(r)/float64(n-1)
	}
	return dst
}

// Scores are the game points so far: position points plus Sputniks, the
// two astronauts of a seat summed in 2-player games.
func (s *State) Scores(dst []float64) []float64 {
	dst = dst[:0]
	for i := 0; i < s.g.seats; i++ {
		dst = append(dst, 0)
	}
	for a := 0; a < s.g.na; a++ {
		dst[s.g.seat(a)] += float64(s.points(a))
	}
	return dst
}

// positionPoints is what an astronaut's place in the race scores: 11 for the
// first across the line, 10 for the others across, the column's points on
// the last lunar card, else 0.
func (s *State) positionPoints(a int) int {
	as := &s.ast[a]
	g := s.g
	switch {
	case as.Finished && as.FinishPos == 1:
		return 11
	case as.Finished:
		return 10
	}
	st := g.slotStart[numSlots-1]
	x := int(as.X)
	if x >= st && x < st+g.width && s.slots[numSlots-1] >= 0 {
		return int(g.data.Cards[s.slots[numSlots-1]].Points[x-st])
	}
	return 0
}

func (s *State) points(a int) int { return s.positionPoints(a) + int(s.ast[a].Sputnik) }

// ranking orders the seats best first with the tie-breaks of the edition:
// English: the first player (seat 0, the last to walk on the Moon) wins a
// tie, then the first across the line; Spanish: the best position points,
// then the first to arrive (across the line, or on the box scoring those
// points of the last card). Then: the farther astronaut, then the lower seat.
func (s *State) ranking() [maxAstro]int {
	g := s.g
	var r [maxAstro]int
	for i := range r {
		r[i] = i
	}
	type key struct{ pts, pos, finish, arrive, far int }
	var k [maxAstro]key
	for seat := 0; seat < g.seats; seat++ {
		k[seat].finish = 99
		k[seat].arrive = 1 << 20
		for a := 0; a < g.na; a++ {
			if g.seat(a) != seat {
				continue
			}
			as := &s.ast[a]
			k[seat].pts += s.points(a)
			k[seat].pos = max(k[seat].pos, s.positionPoints(a))
			if as.Finished {
				k[seat].finish = min(k[seat].finish, int(as.FinishPos))
			}
			k[seat].far = max(k[seat].far, int(as.X)*16+int(as.L))
		}
		// the arrival (stack sequence) of its astronaut holding the best position points
		for a := 0; a < g.na; a++ {
			if g.seat(a) == seat && k[seat].pos > 0 && s.positionPoints(a) == k[seat].pos {
				k[seat].arrive = min(k[seat].arrive, int(s.ast[a].Stack))
			}
		}
	}
	better := func(a, b int) bool {
		ka, kb := k[a], k[b]
		if ka.pts != kb.pts {
			return ka.pts > kb.pts
		}
		if g.edition == editionEN {
			if a == 0 || b == 0 {
				return a == 0
			}
		} else if ka.pos != kb.pos {
			return ka.pos > kb.pos
		}
		if ka.finish != kb.finish {
			return ka.finish < kb.finish
		}
		if g.edition == editionES && ka.arrive != kb.arrive {
			return ka.arrive < kb.arrive
		}
		if ka.far != kb.far {
			return ka.far > kb.far
		}
		return a < b
	}
	for i := 1; i < g.seats; i++ {
		for j := i; j > 0 && better(r[j], r[j-1]); j-- {
			r[j], r[j-1] = r[j-1], r[j]
		}
	}
	return r
}

// Round is the number of the current round (1 for the first).
func (s *State) Round() int { return int(s.round) }
