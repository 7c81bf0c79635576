package lunarrally

import (
	"math/rand/v2"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// Observation planes, each Rows x Cols of the scenario. N is the number of
// players; seats are relative to the observer (the observer is seat 0).
const (
	PlaneBoard   = 0 // 1 on the board
	PlaneCrater  = 1
	PlaneDust    = 2
	PlaneStart   = 3
	PlaneFinish  = 4
	PlaneRepair  = 5
	PlaneCache   = 6 // a cache not yet picked up
	PlaneRovers  = 7 // 2N planes: plane 7+2j+k marks Rover k+1 of relative seat j
	numTerrain   = 7
	numPerRover  = 67 // planes after the 2N rover planes (plus N seat planes at the end), offsets below
	offHeading   = 0  // 6 planes: heading one-hot at each rover's hex
	offPhases    = 6  // phases left / 3
	offShields   = 7  // shields / 2
	offMissiles  = 8  // missiles / 2
	offArmed     = 9  // weapons active
	offCommitted = 10 // programmed phases / 3 (everyone sees how many cards are down)
	offProgram   = 11 // 24 planes: 8p+c, the card c on phase p of the observer's own rovers
	offShown     = 35 // 24 planes: 8p+c, the cards each rover executed last (revealed)
	offMoon      = 59 // constant: 1 when the Moon token shows Rover 2
	offTurn      = 60 // constant: turn / turn limit
	offPlacing   = 61 // constant: 1 while rovers are being placed
	offPhase     = 62 // 3 constant planes: one-hot phase being programmed
	offTarget    = 65 // the hex of the rover being placed or programmed
	offPending   = 66 // the start hex chosen, waiting for a facing
	offToAct     = 67 // N constant planes: plane offToAct+j is 1 when relative seat j decides now
	// Planes after the N seat planes (the tail), offsets below.
	tailDistance = 0  // 1 - FinishPath/(longest path + 1) on every hex that reaches the finish
	tailClose    = 1  // 8 constant planes: Lookahead.Close per card, for the observer's decision
	tailHit      = 9  // 8 constant planes: Lookahead.Hit per card
	tailSafe     = 17 // 8 constant planes: Lookahead.Safe per card
	tailRating   = 25 // 8 constant planes: Lookahead.Rating per card
	tailRace     = 33 // 2N constant planes: tailRace+2j+k is the distance plane's value at Rover k+1 of relative seat j (0 off the race)
	numTail      = 33 // planes of the tail before the 2N race planes
)

// NumPlanes is the number of observation planes for n players (known before
// Observe writes, for ObservationShape; Observe's Done checks that its
// sections add up to it).
func NumPlanes(n int) int { return numTerrain + 2*n + numPerRover + n + numTail + 2*n }

// ObservationShape is [planes, rows, cols].
func (g *Game) ObservationShape() []int {
	return []int{NumPlanes(g.players), g.board.rows, g.board.cols}
}

// Observe writes what p may see: the board with the cost of the path to the
// finish from every hex, every rover, the cards of p's own programs, how many
// cards the others have down (not which), the cards every rover executed
// last, when p is programming a rover, what each card can achieve
// (Lookahead), and how far every rover is from the finish (the race planes,
// what the value of a position mostly depends on).
func (s *State) Observe(p engine.Player, dst []float32) {
	g := s.g
	b := g.board
	cells := b.Cells()
	n := g.players
	o := kit.NewObs(Name, dst[:NumPlanes(n)*cells])
	terrain := planes{o.Next("terrain", numTerrain*cells), cells}
	rovers := planes{o.Next("rovers", 2*n*cells), cells}
	per := planes{o.Next("rover features", numPerRover*cells), cells}
	toAct := planes{o.Next("to act", n*cells), cells}
	tail := planes{o.Next("tail", (numTail+2*n)*cells), cells}
	scale := float32(b.maxPath + 1)
	for i := 0; i < cells; i++ {
		t := b.cells[i]
		if t == Off {
			continue
		}
		terrain.set(PlaneBoard, i, 1)
		if d := b.finishPath[i]; d >= 0 {
			tail.set(tailDistance, i, 1-float32(d)/scale)
		}
		switch t {
		case Crater:
			terrain.set(PlaneCrater, i, 1)
		case Dust:
			terrain.set(PlaneDust, i, 1)
		case Start:
			terrain.set(PlaneStart, i, 1)
		case Finish:
			terrain.set(PlaneFinish, i, 1)
		case Repair:
			terrain.set(PlaneRepair, i, 1)
		case Cache:
			if s.taken&(1<<b.cacheSlot[i]) == 0 {
				terrain.set(PlaneCache, i, 1)
			}
		}
	}
	me := int(p)
	for i := 0; i < 2*n; i++ {
		r := &s.rovers[i]
		if r.Status != Racing {
			continue
		}
		rel := (i/2 - me + n) % n
		h := int(r.Pos)
		rovers.set(2*rel+i%2, h, 1)
		if d := b.finishPath[h]; d >= 0 {
			tail.fill(tailRace+2*rel+i%2, 1-float32(d)/scale)
		}
		per.set(offHeading+int(r.Heading), h, 1)
		per.set(offPhases, h, float32(r.Phases)/MaxPhases)
		per.set(offShields, h, float32(r.Shields)/2)
		per.set(offMissiles, h, float32(r.Missiles)/2)
		if r.Armed {
			per.set(offArmed, h, 1)
		}
		down := 0
		for ph, c := range r.Program {
			if c == NoCard {
				continue
			}
			down++
			if i/2 == me {
				per.set(offProgram+8*ph+int(c), h, 1)
			}
		}
		per.set(offCommitted, h, float32(down)/MaxPhases)
		for ph, c := range r.Shown {
			if c != NoCard {
				per.set(offShown+8*ph+int(c), h, 1)
			}
		}
	}
	if s.moon == 1 {
		per.fill(offMoon, 1)
	}
	per.fill(offTurn, float32(s.turn)/float32(g.turnLimit))
	switch s.stage {
	case stagePlace, stageFace:
		per.fill(offPlacing, 1)
		if s.pending >= 0 {
			per.set(offPending, int(s.pending), 1)
		}
	case stageProgram:
		per.fill(offPhase+int(s.phase), 1)
		per.set(offTarget, int(s.rovers[s.target].Pos), 1)
	}
	if s.stage != stageFirst && s.stage != stageOver {
		toAct.fill((int(s.actor)-me+n)%n, 1)
	}
	if int(s.actor) == me {
		if la, ok := s.Lookahead(); ok {
			for c := range NumCards {
				tail.fill(tailClose+c, la.Close[c])
				tail.fill(tailHit+c, la.Hit[c])
				tail.fill(tailSafe+c, la.Safe[c])
				tail.fill(tailRating+c, la.Rating[c])
			}
		}
	}
	o.Done()
}

// planes is a section of the observation: planes of cells values each.
type planes struct {
	v     []float32
	cells int
}

// set writes v at cell of plane k.
func (p planes) set(k, cell int, v float32) { p.v[k*p.cells+cell] = v }

// fill writes v on every cell of plane k (doubling copies: a plane is a few
// hundred values, and most of Observe's time is spent filling planes).
func (p planes) fill(k int, v float32) {
	row := p.v[k*p.cells : (k+1)*p.cells]
	if len(row) == 0 {
		return
	}
	row[0] = v
	for n := 1; n < len(row); n *= 2 {
		copy(row[n:], row[:n])
	}
}

// Resample redraws every card on the other players' control boards: p sees
// how many cards each rover has down but not which. The cards are drawn at
// random from each deck, each card at most once per program.
func (s *State) Resample(p engine.Player, rng *rand.Rand) engine.State {
	c := *s
	for i := 0; i < 2*s.g.players; i++ {
		if i/2 == int(p) || c.rovers[i].Status != Racing {
			continue
		}
		left := Decks[i%2]
		total := 0
		for _, k := range left {
			total += int(k)
		}
		for ph := range c.rovers[i].Program {
			if c.rovers[i].Program[ph] == NoCard {
				continue
			}
			x := rng.IntN(total)
			for card := 0; card < NumCards; card++ {
				if x < int(left[card]) {
					c.rovers[i].Program[ph] = Card(card)
					left[card]--
					total--
					break
				}
				x -= int(left[card])
			}
		}
	}
	return &c
}
