package marchmars

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// Action features: the part of the observation that spells out what each
// legal choice of the decision on top does, so that a network need not
// learn the jumping, shooting and wave rules from the board planes (the
// heuristic team picks most of its choices by the result they lead to; a
// network that sees only the board and the dice does not reproduce them:
// docs/benchmarks/learning.md). Everything is public, so the features are
// read from a copy of the state that the choice was applied to (no chance
// outcome is drawn: the copy stops at the next chance task).
//
// It follows the rest of the observation:
//
//	the observer's seat one-hot (maxMarines), its trained ability one-hot
//	  (numAbilities) and its training card one-hot (len(trainingCards)): the
//	  team's roles go by seat, an ability changes what a die does, and the
//	  card is what the ability is chosen from;
//	per action of the action space (numActions x actionFeatures), filled
//	  for the legal actions of the decision on top: legal, the deciding
//	  marine's move left and right in columns/4 (at most 1), its level
//	  after/height, crashed after, the hits its box's aliens need after/6,
//	  the hits removed from the board/6, from the LZ and the cards beside
//	  it/6, a defender fell, the hits of a shot left to spend/6, and beside
//	  the MMM (or the MMM fell), the move toward and away from the LZ's
//	  middle in columns/4 (at most 1), and for a shot its target column:
//	  the hits its aliens need/6 (at most 1), in the LZ or a card beside
//	  it, a living defender there.
//
// Every value lies in [0, 1].
const actionFeatures = 16

const seatFeatures = maxMarines + numAbilities + len(trainingCards)

func actionFeatureSize() int { return seatFeatures + numActions*actionFeatures }

// actionFeaturesOf writes the action features for observer p into f (zeroed).
func (s *State) actionFeaturesOf(p int, f []float32) {
	g := s.g
	if p >= 0 && p < g.n {
		f[p] = 1
		f[maxMarines+int(s.ability[p])] = 1
		if c := int(s.trainCard[p]); c >= 0 && c < len(trainingCards) {
			f[maxMarines+numAbilities+c] = 1
		}
	}
	f = f[seatFeatures:]
	t, ok := s.top()
	if !ok || !isDecision(int(t.Kind)) || int(t.A) < 0 || int(t.A) >= g.n {
		return
	}
	a := int(t.A)
	var db [numActions]int32
	decs := s.decisions(t, db[:0])
	x0 := int(s.mar[a].X)
	mid := (g.lzStart + g.lzEnd) / 2
	d0 := abs(x0 - mid)
	board, lz := s.hitPoints(0, g.cols-1), s.hitPoints(g.lzStart-g.width, g.lzEnd+g.width)
	defs := s.defendersAlive()
	c := g.scratch.Get().(*State)
	defer g.scratch.Put(c)
	for _, act := range decs {
		if act < 0 || int(act) >= numActions {
			continue
		}
		*c = *s
		c.Apply(engine.Action(act))
		ms := &c.mar[a]
		v := f[int(act)*actionFeatures:]
		v[0] = 1
		dx := int(ms.X) - x0
		v[1] = min(float32(max(-dx, 0))/4, 1)
		v[2] = min(float32(max(dx, 0))/4, 1)
		v[3] = float32(ms.L) / float32(g.height)
		v[4] = kit.Flag(ms.Crashed)
		v[5] = min(float32(c.boxHitPoints(int(ms.X), int(ms.L)))/6, 1)
		v[6] = min(float32(max(board-c.hitPoints(0, g.cols-1), 0))/6, 1)
		v[7] = min(float32(max(lz-c.hitPoints(g.lzStart-g.width, g.lzEnd+g.width), 0))/6, 1)
		v[8] = kit.Flag(c.defendersAlive() < defs)
		v[9] = min(float32(max(c.hits, 0))/6, 1)
		v[10] = kit.Flag(c.result > 0 || (!ms.Gone && c.besideMMM(a)))
		d1 := abs(int(ms.X) - mid)
		v[11] = min(float32(max(d0-d1, 0))/4, 1)
		v[12] = min(float32(max(d1-d0, 0))/4, 1)
		if act >= aShoot && act < aReroll {
			k := int(act) - aShoot
			x, _ := s.target(a, k/3+1, k%3)
			v[13] = min(float32(s.hitPoints(x, x))/6, 1)
			v[14] = kit.Flag(x >= g.lzStart-g.width && x <= g.lzEnd+g.width)
			for side := 0; side < g.sides; side++ {
				if x == g.defCol[side] && s.defenderAlive(side) {
					v[15] = 1
				}
			}
		}
	}
}

// newScratch is the New of Game.scratch, the pool of the copies the action
// features apply choices to (a copy would escape to the heap; the pool keeps
// Observe from allocating and is safe for concurrent use of one Game).
func newScratch() any { return new(State) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// boxHitPoints is the hits the aliens of box (x, l) need to die.
func (s *State) boxHitPoints(x, l int) int {
	if x < 0 || x >= s.g.cols || l < 0 || l >= s.g.height {
		return 0
	}
	return hitsIn(&s.aliens[x][l])
}

// hitsIn is the hits the aliens of one box need to die.
func hitsIn(box *[numAlienColours]int8) int {
	n := 0
	for c, k := range box {
		n += int(k) * hitsToKill(c)
	}
	return n
}

// hitPoints is the hits the aliens of columns x0..x1 need to die (the
// action features take it twice over the whole board for every legal
// choice: one loop over the boxes, no per-box bounds checks).
func (s *State) hitPoints(x0, x1 int) int {
	n := 0
	h := s.g.height
	for x := max(x0, 0); x <= min(x1, s.g.cols-1); x++ {
		for l := range s.aliens[x][:h] {
			n += hitsIn(&s.aliens[x][l])
		}
	}
	return n
}

// defendersAlive counts the red defenders standing.
func (s *State) defendersAlive() int {
	n := 0
	for side := 0; side < s.g.sides; side++ {
		if s.defenderAlive(side) {
			n++
		}
	}
	return n
}
