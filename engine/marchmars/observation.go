package marchmars

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
	"github.com/moongym/moongym/engine/kit"
)

// The observation is one flat vector (everything is public):
//
//   - the board, for every column x and level l (cols x height boxes, column
//     major): terrain one-hot (air, rock, circle, hazardous), the hidden box,
//     yellow, blue and red aliens (counts), marines, crashed marines, and
//     the observer in that box: 11 values a box;
//   - the marines, the observer first and the others after it in seat
//     order, 9 + 8 values each (5 slots, zero for absent seats):
//     column/cols, level/height, crashed, played this turn, active, in the
//     game (not gone), its ability/14, injected last turn, used precog this
//     turn, the equipment cards it holds (8);
//   - the game: a bait is set, the orbital bombing used, the active marine
//     moved, shot, the shot is a sniper's, the roll is the drone's, a move in
//     flight, its skull, the explorer used, the values a multi-shot fired (3),
//     precog this turn, the equipment (in play, unlocked, the hidden box
//     taken, deck/8, discards/8), the precog dice (6 x colour one-hot,
//     value/4, action/2, present), the upgrade counters (2 sides x intact,
//     bunker, antenna, sentinels), the observer used its antenna reroll,
//     turn/8, attacks/3, the incoming-wave boxes (2 sides x 3 colours), the
//     bag and the dead pile (3 each, /20), the pending group (3);
//   - the active turn: dice to program/4, the programme (3 actions x 3
//     colours), dice assigned, actions programmed, action being played, LZ
//     reroll used, shared-box reroll used, engaged;
//   - the roll: 6 dice x (colour one-hot, value/4, skull, present);
//   - the shot: hits, target column/cols, target level/height;
//   - the task on top: one-hot of its kind, whether the observer decides,
//     and its (B+1)/9 (a shot's value, a die, a side, a card; 0 for none);
//   - the action features (actionfeatures.go): the observer's seat and
//     ability, and what each legal choice of the decision on top does.
//
// The sizes below are known before Observe writes (ObservationShape);
// Observe's Done checks that its sections add up to them.
const (
	perBox    = 11
	perMarine = 9 + numEquipment
	numGlobal = 18 + maxDice*6 + 8 + 1 + 2 + 6 + 3*3 + // the game
		16 + maxDice*6 + 3 + numKinds + 2 // the turn, the roll, the shot, the task
)

func (g *Game) observationSize() int {
	return g.cols*g.height*perBox + maxMarines*perMarine + numGlobal + actionFeatureSize()
}

// ObservationBounds: every value lies in [0, 60].
func (g *Game) ObservationBounds() (low, high float32) { return 0, 60 }

// ObservationSeatSlots implements engine.SeatSlots: the marines' section
// has maxMarines slots, zero past the game's marines, so 2 and 3 marines
// (and 4 and 5, which share the bigger map) have one observation shape.
func (g *Game) ObservationSeatSlots() int { return maxMarines }

// Observe writes the observation of marine p into dst.
func (s *State) Observe(p engine.Player, dst []float32) {
	g := s.g
	o := kit.NewObs(Name, dst[:g.obsSize])
	me := int(p)
	board := o.Next("board", g.cols*g.height*perBox)
	for x := 0; x < g.cols; x++ {
		for l := 0; l < g.height; l++ {
			v := board[(x*g.height+l)*perBox : (x*g.height+l+1)*perBox]
			c := s.cell(x, l)
			v[int(c&jumping.Kind)] = 1
			v[4] = kit.Flag(c&jumping.Marked != 0)
			for k := 0; k < numAlienColours; k++ {
				v[5+k] = float32(s.aliens[x][l][k])
			}
			for m := 0; m < g.n; m++ {
				if !s.mar[m].Gone && int(s.mar[m].X) == x && int(s.mar[m].L) == l {
					v[8]++
					v[9] += kit.Flag(s.mar[m].Crashed)
					if m == me {
						v[10] = 1
					}
				}
			}
		}
	}
	s.observeMarines(me, &o)
	o.Flag(s.bait >= 0)
	o.Flag(s.orbitalUsed)
	o.Flag(s.moved)
	o.Flag(s.shot)
	o.Flag(s.sniper)
	o.Flag(s.droneShot)
	o.Flag(s.flying)
	o.Flag(s.flySkull)
	o.Flag(s.explored)
	for v := 1; v <= 3; v++ {
		o.Flag(s.multiUsed>>v&1 != 0)
	}
	o.Flag(s.precog)
	o.Flag(g.equipment)
	o.Flag(s.equipOpen)
	o.Flag(s.hiddenTaken)
	o.Put(float32(cards(s.deck)) / numEquipment)
	o.Put(float32(cards(s.discard)) / numEquipment)
	for d := 0; d < maxDice; d++ {
		if d >= int(s.nPool) {
			o.Next("precog dice", 6)
			continue
		}
		o.OneHot("precog dice", int(s.poolCol[d]), 3)
		o.Put(float32(jumping.FaceValue(s.poolFace[d])) / 4)
		o.Put(float32(s.poolAct[d]) / 2)
		o.Put(1)
	}
	for side := 0; side < 2; side++ {
		o.Flag(s.intact[side])
		o.Flag(s.upgrade[side] == upBunker)
		o.Flag(s.upgrade[side] == upAntenna)
		o.Flag(s.upgrade[side] == upSentinels)
	}
	o.Flag(me >= 0 && me < g.n && s.antenna[me])
	o.Put(float32(s.turn) / maxTurns)
	o.Put(float32(s.attacks) / 3)
	for side := 0; side < 2; side++ {
		for c := 0; c < numAlienColours; c++ {
			o.Put(float32(s.incoming[side][c]))
		}
	}
	for c := 0; c < numAlienColours; c++ {
		o.Put(float32(s.bag[c]) / 20)
	}
	for c := 0; c < numAlienColours; c++ {
		o.Put(float32(s.dead[c]) / 20)
	}
	for c := 0; c < numAlienColours; c++ {
		o.Put(float32(s.pending[c]))
	}
	s.observeTurn(me, &o)
	s.actionFeaturesOf(me, o.Next("action features", actionFeatureSize()))
	o.Done()
}

// observeMarines writes the marines' section: the observer first, then the
// others in seat order, zeros for absent seats.
func (s *State) observeMarines(me int, o *kit.Obs) {
	g := s.g
	for k := 0; k < maxMarines; k++ {
		if k >= g.n {
			o.Next("marines", perMarine)
			continue
		}
		m := (me + k) % g.n
		ms := &s.mar[m]
		o.Put(float32(ms.X) / float32(g.cols))
		o.Put(float32(ms.L) / float32(g.height))
		o.Flag(ms.Crashed)
		o.Flag(ms.Played)
		o.Flag(int(s.active) == m)
		o.Flag(!ms.Gone)
		o.Put(float32(s.ability[m]) / numAbilities)
		o.Flag(s.injected[m])
		o.Flag(s.precogTurn[m] > 0 && s.precogTurn[m] == s.turn)
		for e := 0; e < numEquipment; e++ {
			o.Flag(s.hand[m]>>e&1 != 0)
		}
	}
}

// observeTurn writes the active turn, the roll, the shot and the task on
// top.
func (s *State) observeTurn(me int, o *kit.Obs) {
	g := s.g
	o.Put(float32(s.dice) / 4)
	for j := 0; j < 3; j++ {
		for c := 0; c < jumping.NumColours; c++ {
			o.Put(float32(s.prog[j][c]))
		}
	}
	o.Put(float32(s.nAssigned))
	o.Put(float32(s.nActs))
	o.Put(float32(s.act))
	o.Flag(s.lzReroll)
	o.Flag(s.teamUsed)
	o.Flag(s.engaged)
	for d := 0; d < maxDice; d++ {
		if d >= int(s.nDice) {
			o.Next("roll", 6)
			continue
		}
		o.OneHot("roll", int(s.dieCol[d]), 3)
		o.Put(float32(jumping.FaceValue(s.dieFace[d])) / 4)
		o.Flag(jumping.FaceSkull(s.dieFace[d]))
		o.Put(1)
	}
	o.Put(float32(s.hits))
	o.Put(float32(s.shotX) / float32(g.cols))
	o.Put(float32(s.shotL) / float32(g.height))
	t, ok := s.top()
	if !ok {
		o.Next("task", numKinds+2)
		return
	}
	o.OneHot("task", int(t.Kind), numKinds)
	o.Flag(!isChance(int(t.Kind)) && int(t.A) == me)
	o.Put(float32(t.B+1) / 9) // B is -1 (none) or more
}
