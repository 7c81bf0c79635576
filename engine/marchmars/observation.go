package marchmars

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/internal/taskrun"
	"github.com/moongym/moongym/engine/jumping"
)

// The observation is one flat vector (everything is public):
//
//   - the board, for every column x and level l (cols x height boxes, column
//     major): terrain one-hot (air, rock, circle, hazardous), the hidden box,
//     yellow, blue and red aliens (counts), marines, crashed marines, and
//     the observer in that box: 11 values a box;
//   - the marines, the observer first and the others after it in seat
//     order, 9 values each (5 slots, zero for absent seats): column/cols,
//     level/height, crashed, played this turn, active, in the game (not
//     gone), its ability/14, injected last turn, used precog this turn,
//     the equipment cards it holds (8);
//   - the game: a bait is set, the orbital bombing used, the active marine
//     moved, shot, the shot is a sniper's, the roll is the drone's, a move in
//     flight, its skull, the explorer used, the values a multi-shot fired (3),
//     precog this turn, the precog dice (6 x colour one-hot, value/4,
//     action/2, present), the equipment (in play, unlocked, the hidden
//     box taken, deck/8, discards/8), the upgrade counters (2 sides x intact,
//     bunker, antenna, sentinels), the observer used its antenna reroll, turn/8, attacks/3, the incoming-wave boxes (2 sides x 3
//     colours), the bag and the dead pile (3 each, /20), the pending group (3);
//   - the active turn: dice to program/4, the programme (3 actions x 3
//     colours), actions programmed, action being played, LZ reroll used,
//     shared-box reroll used, engaged;
//   - the roll: 6 dice x (colour one-hot, value/4, skull, present);
//   - the shot: hits, target column/cols, target level/height;
//   - the task on top: one-hot of its kind, whether the observer decides,
//     and its (B+1)/9 (a shot's value, a die, a side, a card; 0 for none);
//   - the action features (actionfeatures.go): the observer's seat and
//     ability, and what each legal choice of the decision on top does.
const (
	perBox    = 11
	perMarine = 9 + numEquipment
	numGlobal = 2 + 6 + 3 + 3 + 3 + 1 + 9 + 6 + 6*6 + 3 + numKinds + 1 + 1 + 7 + 5 + 2 + 7 + maxDice*6 + 6
)

func (g *Game) observationSize() int {
	return g.cols*g.height*perBox + maxMarines*perMarine + numGlobal + actionFeatureSize()
}

// ObservationBounds: every value lies in [0, 60].
func (g *Game) ObservationBounds() (low, high float32) { return 0, 60 }

func b2f(b bool) float32 { return taskrun.Flag(b) }

// Observe writes the observation of marine p into dst.
func (s *State) Observe(p engine.Player, dst []float32) {
	g := s.g
	f := dst[:g.obsSize]
	for i := range f {
		f[i] = 0
	}
	i := 0
	put := func(v float32) { f[i] = v; i++ }
	me := int(p)
	for x := 0; x < g.cols; x++ {
		for l := 0; l < g.height; l++ {
			c := s.cell(x, l)
			f[i+int(c&jumping.Kind)] = 1
			i += 4
			put(b2f(c&jumping.Marked != 0))
			for k := 0; k < numAlienColours; k++ {
				put(float32(s.aliens[x][l][k]))
			}
			var n, crashed, mine float32
			for m := 0; m < g.n; m++ {
				if !s.mar[m].Gone && int(s.mar[m].X) == x && int(s.mar[m].L) == l {
					n++
					crashed += b2f(s.mar[m].Crashed)
					if m == me {
						mine = 1
					}
				}
			}
			put(n)
			put(crashed)
			put(mine)
		}
	}
	for k := 0; k < maxMarines; k++ {
		if k >= g.n {
			i += perMarine
			continue
		}
		m := (me + k) % g.n
		ms := &s.mar[m]
		put(float32(ms.X) / float32(g.cols))
		put(float32(ms.L) / float32(g.height))
		put(b2f(ms.Crashed))
		put(b2f(ms.Played))
		put(b2f(int(s.active) == m))
		put(b2f(!ms.Gone))
		put(float32(s.ability[m]) / numAbilities)
		put(b2f(s.injected[m]))
		put(b2f(s.precogTurn[m] > 0 && s.precogTurn[m] == s.turn))
		for e := 0; e < numEquipment; e++ {
			put(b2f(s.hand[m]>>e&1 != 0))
		}
	}
	put(b2f(s.bait >= 0))
	put(b2f(s.orbitalUsed))
	put(b2f(s.moved))
	put(b2f(s.shot))
	put(b2f(s.sniper))
	put(b2f(s.droneShot))
	put(b2f(s.flying))
	put(b2f(s.flySkull))
	put(b2f(s.explored))
	for v := 1; v <= 3; v++ {
		put(b2f(s.multiUsed>>v&1 != 0))
	}
	put(b2f(s.precog))
	put(b2f(g.equipment))
	put(b2f(s.equipOpen))
	put(b2f(s.hiddenTaken))
	put(float32(cards(s.deck)) / numEquipment)
	put(float32(cards(s.discard)) / numEquipment)
	for d := 0; d < maxDice; d++ {
		if d >= int(s.nPool) {
			i += 6
			continue
		}
		f[i+int(s.poolCol[d])] = 1
		i += 3
		put(float32(jumping.FaceValue(s.poolFace[d])) / 4)
		put(float32(s.poolAct[d]) / 2)
		put(1)
	}
	for side := 0; side < 2; side++ {
		put(b2f(s.intact[side]))
		put(b2f(s.upgrade[side] == upBunker))
		put(b2f(s.upgrade[side] == upAntenna))
		put(b2f(s.upgrade[side] == upSentinels))
	}
	if me >= 0 && me < g.n {
		put(b2f(s.antenna[me]))
	} else {
		i++
	}
	put(float32(s.turn) / maxTurns)
	put(float32(s.attacks) / 3)
	for side := 0; side < 2; side++ {
		for c := 0; c < numAlienColours; c++ {
			put(float32(s.incoming[side][c]))
		}
	}
	for c := 0; c < numAlienColours; c++ {
		put(float32(s.bag[c]) / 20)
	}
	for c := 0; c < numAlienColours; c++ {
		put(float32(s.dead[c]) / 20)
	}
	for c := 0; c < numAlienColours; c++ {
		put(float32(s.pending[c]))
	}
	put(float32(s.dice) / 4)
	for j := 0; j < 3; j++ {
		for c := 0; c < jumping.NumColours; c++ {
			put(float32(s.prog[j][c]))
		}
	}
	put(float32(s.nAssigned))
	put(float32(s.nActs))
	put(float32(s.act))
	put(b2f(s.lzReroll))
	put(b2f(s.teamUsed))
	put(b2f(s.engaged))
	for d := 0; d < maxDice; d++ {
		if d >= int(s.nDice) {
			i += 6
			continue
		}
		f[i+int(s.dieCol[d])] = 1
		i += 3
		put(float32(jumping.FaceValue(s.dieFace[d])) / 4)
		put(b2f(jumping.FaceSkull(s.dieFace[d])))
		put(1)
	}
	put(float32(s.hits))
	put(float32(s.shotX) / float32(g.cols))
	put(float32(s.shotL) / float32(g.height))
	if t, ok := s.top(); ok {
		f[i+numKinds+1] = float32(t.B+1) / 9 // B is -1 (none) or more
		f[i+int(t.Kind)] = 1
		f[i+numKinds] = b2f(!isChance(int(t.Kind)) && int(t.A) == me)
	}
	s.actionFeaturesOf(me, f[g.obsSize-actionFeatureSize():])
}
