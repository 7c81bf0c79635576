package marchmars

import (
	"slices"
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/internal/taskrun"
	"github.com/moongym/moongym/engine/jumping"
)

// The action space of decisions. A turn is small sequential choices: the
// programme one die at a time, then per action one result (a move, a shot,
// the bomb), and a shot as its value and direction, then its box's level,
// then one kill at a time. Chance outcomes are indexed separately: a
// martian card's index in the data, an alien colour, a die face code, the
// wave's side.
const (
	aPlace      = 0   // + LZ box: where a marine lands
	aPick       = 5   // + marine: who plays next this turn
	aProgram    = 10  // + 3*action + colour: put a die on an action
	aMove       = 19  // + 32*die + 16*dir (0 left, 1 right) + path mask
	aShoot      = 211 // + 3*(value-1) + d (0 own box, 1 left, 2 right)
	aReroll     = 220 // + die: the reroll of a shared box
	aLZReroll   = 226 // + die: the reroll of the support from the LZ
	aBomb       = 232 // the dice of this roll blow up the MMM on 9+
	aLetGo      = 233 // the roll does nothing
	aLevel      = 234 // + level: the box of the target column
	aKill       = 242 // + colour: spend the hits to kill an alien
	aEndShot    = 245 // keep the hits left (they are cleared)
	aStop       = 246 // end the turn before rolling the next action
	aRoll       = 247 // roll the next action
	aTactical   = 248 // + marine: tactical crash support raises it (LZ)
	aMissile    = 253 // + missile type: the missile battery (LZ)
	aBait       = 255 // the bait (LZ)
	aBeacon     = 256 // + marine: the missile's artillery beacon
	aAim        = 261 // + d (0 left, 1 right): where the missile falls from the beacon
	aKeepSide   = 263 // the bait: keep the wave's side
	aRollSide   = 264 // the bait: roll the side again
	aFire       = 265 // the Seeking missile: no reroll
	aAntenna    = 266 // + die: the antenna's reroll (Spanish base upgrade)
	aAbility    = 272 // + 0/1: the ability kept of a training card
	aInject     = 274 // the power-up injector: 6 dice this turn
	aOrbital    = 275 // + slot: the orbital bombing clears a card
	aDrone      = 279 // + pair of colours: the drone's extra shot
	aNoDrone    = 285 // no drone shot
	aJet        = 286 // the jet pack: this move combines two dice
	aExplore    = 287 // + 0 up, 1 down: the explorer's extra diagonal advance
	aNoExplore  = 289 // the move lands without it
	aKamikaze   = 290 // + colour: the kamikaze bomb with 5 dice, one of that colour left out
	aPrecog     = 293 // precog: pick and roll the dice, then program them
	aPrecogDie  = 294 // + colour: the next precog die
	aPrecogAct  = 297 // + action: where the precog die goes
	aTeleport   = 300 // + slot: teleport to that card with a blue die
	aNoTeleport = 304 // roll the action instead
	aAmulet     = 305 // use the amulet: pick dice of this roll to reroll
	aAmuletDie  = 306 // + die: the amulet rerolls it
	aAmuletRoll = 312 // roll the picked dice
	aBullets    = 313 // the bullets: one more hit
	aRailgun    = 314 // the rail-gun: the shot's 2s hit twice
	aEquipMove  = 315 // + 2*card (boots, rope, mount) + dir: a one-box move
	aChip       = 321 // the neural chip: the other ability of the training card
	aKnife      = 322 // + colour: the laser knife kills an alien in one's box
	aGive       = 325 // + card: give it to a companion in the box
	aGiveTo     = 333 // + marine: who receives it
	numActions  = 338
)

// outcomes lists a chance task's outcomes.
func (s *State) outcomes(t task, dst []taskrun.Outcome) []taskrun.Outcome {
	g := s.g
	switch int(t.Kind) {
	case kCard:
		n := int32(len(g.data.Cards))
		for _, c := range s.slots {
			if c >= 0 {
				n--
			}
		}
		for c := range g.data.Cards {
			if !s.cardPlaced(int8(c)) {
				dst = append(dst, taskrun.Outcome{A: int32(c), N: 1, D: n})
			}
		}
	case kDraw:
		tot := int32(s.bag[0]) + int32(s.bag[1]) + int32(s.bag[2])
		for c := 0; c < numAlienColours; c++ {
			if s.bag[c] > 0 {
				dst = append(dst, taskrun.Outcome{A: int32(c), N: int32(s.bag[c]), D: tot})
			}
		}
	case kRoll:
		if i := int(t.B); i >= 0 && i < int(s.nDice) {
			dst = taskrun.DieOutcomes(g.data.Dice[s.dieCol[i]], jumping.NumFaces, dst)
		}
	case kTrain:
		var dealt [len(trainingCards)]bool
		for m := 0; m < g.n; m++ {
			if c := s.trainCard[m]; c >= 0 {
				dealt[c] = true
			}
		}
		n := int32(0)
		for c := range trainingCards {
			if g.cardInDeck(c) && !dealt[c] {
				n++
			}
		}
		for c := range trainingCards {
			if g.cardInDeck(c) && !dealt[c] {
				dst = append(dst, taskrun.Outcome{A: int32(c), N: 1, D: n})
			}
		}
	case kEquip:
		var buf [numEquipment]int32
		set := s.equipmentOutcomes(buf[:0])
		for _, e := range set {
			dst = append(dst, taskrun.Outcome{A: e, N: 1, D: int32(len(set))})
		}
	case kUpgrade:
		for u := upBunker; u < upRandom; u++ {
			dst = append(dst, taskrun.Outcome{A: int32(u), N: 1, D: upRandom - upBunker})
		}
	case kSide, kWaveDie:
		// the white die: 1 left, 2 right, anything else is rolled again;
		// a missile reads the same die as 1 or 2
		dst = append(dst, taskrun.Outcome{A: 0, N: 1, D: 2}, taskrun.Outcome{A: 1, N: 1, D: 2})
	}
	return dst
}

// cardPlaced reports whether card index c lies in a slot.
func (s *State) cardPlaced(c int8) bool { return slices.Contains(s.slots[:], c) }

// firstOf reports whether die i is the first of the roll with its colour and face.
func (s *State) firstOf(i int) bool { return jumping.FirstOf(s.dieCol[:], s.dieFace[:], i) }

// decisions lists the legal actions of a decision task, sorted.
func (s *State) decisions(t task, dst []int32) []int32 {
	g := s.g
	a := int(t.A)
	if a < 0 || a >= g.n {
		return dst
	}
	switch int(t.Kind) {
	case kPlace:
		for i := 0; i <= g.lzEnd-g.lzStart; i++ {
			dst = append(dst, int32(aPlace+i))
		}
	case kPick:
		for m := 0; m < g.n; m++ {
			if !s.mar[m].Played {
				dst = append(dst, int32(aPick+m))
			}
		}
	case kProgram:
		if s.nAssigned >= s.dice {
			return dst
		}
		var avail [jumping.NumColours]int
		for c := range avail {
			avail[c] = 2
			for j := 0; j < 3; j++ {
				avail[c] -= int(s.prog[j][c])
			}
		}
		dst = jumping.ProgramKeys(avail, int(s.dice-s.nAssigned)-1, int(s.lastKey), int(s.nActs), aProgram, dst)
		dst = s.supportActions(a, dst)
		dst = s.trainingActions(a, dst)
		dst = s.equipmentActions(a, kProgram, t, dst)
	case kDrone:
		for k := range droneDice {
			dst = append(dst, int32(aDrone+k))
		}
		dst = append(dst, aNoDrone)
	case kAbility:
		if c := s.trainCard[a]; c >= 0 && int(c) < len(trainingCards) {
			dst = append(dst, aAbility, aAbility+1)
		}
	case kBeacon:
		for m := 0; m < g.n; m++ {
			if !s.mar[m].Gone {
				dst = append(dst, int32(aBeacon+m))
			}
		}
	case kMissileDie:
		dst = append(dst, aReroll)
		if s.dieFace[1] != s.dieFace[0] {
			dst = append(dst, aReroll+1)
		}
		dst = append(dst, aFire)
	case kAim:
		b := int(t.C)
		if b < 0 || b >= g.n {
			return dst
		}
		for d := 0; d < 2; d++ {
			if _, ok := s.missileTarget(int(t.B), b, d); ok {
				dst = append(dst, int32(aAim+d))
			}
		}
	case kBait:
		dst = append(dst, aKeepSide, aRollSide)
	case kChoose:
		if int(s.active) != a || s.nDice == 0 {
			return dst
		}
		return s.equipmentActions(a, kChoose, t, s.chooseActions(a, dst))
	case kLevel:
		x := int(t.B)
		for l := 0; l < g.height; l++ {
			if s.boxAliens(x, l) > 0 {
				dst = append(dst, int32(aLevel+l))
			}
		}
	case kHit:
		x, l := int(s.shotX), int(s.shotL)
		if x < 0 || x >= g.cols || l < 0 || l >= g.height {
			return dst
		}
		for c := 0; c < numAlienColours; c++ {
			cost := hitsToKill(c)
			if s.sniper {
				cost = 1
			}
			if s.aliens[x][l][c] > 0 && int(s.hits) >= cost {
				dst = append(dst, int32(aKill+c))
			}
		}
		var buf [2]int32
		eq := s.equipmentActions(a, kHit, t, buf[:0])
		if len(dst) > 0 || len(eq) > 0 {
			dst = append(append(dst, aEndShot), eq...)
		}
	case kContinue:
		dst = append(dst, aStop, aRoll)
		dst = s.equipmentActions(a, kContinue, t, dst)
	case kEquip:
		dst = s.equipmentOutcomes(dst)
	case kAmulet:
		dst = s.amuletPicks(int(t.B), dst)
	case kGiveTo:
		dst = s.giveTo(a, dst)
	case kSentinel:
		dst = s.sentinelShots(int(t.B), dst)
	case kJet:
		dst = s.jetMoves(int(t.B), dst)
	case kExplore:
		dst = append(dst, aExplore, aExplore+1, aNoExplore)
	case kMulti:
		if dst = s.shots(a, dst); len(dst) > 0 {
			dst = append(dst, aEndShot)
		}
	case kPrecogPick:
		dst = s.precogPicks(dst)
	case kPrecogAct:
		for j := 0; j <= min(int(s.nActs), 2); j++ {
			dst = append(dst, int32(aPrecogAct+j))
		}
	case kTeleport:
		dst = append(s.teleportSlots(dst), aNoTeleport)
	case kTeleLand:
		dst = s.teleLevels(int(t.B), dst)
	}
	return dst
}

// chooseActions: what a rolled action may do. An engaged marine (aliens in
// its box when it rolled) may only shoot its own box with its 1s, or the
// roll is lost. Otherwise: move with one die (either way, any path its
// colour allows), shoot the dice of one value at a box that far holding
// aliens (1s also at its own box), or, beside the MMM with 4 dice, set the
// bomb. The English roll may do nothing; the Spanish one must do something
// if it can. Rerolls come after.
func (s *State) chooseActions(a int, dst []int32) []int32 {
	g := s.g
	ms := &s.mar[a]
	start := len(dst)
	canMove := (!s.engaged || s.has(a, abJetPack)) && !s.droneShot && !(s.has(a, abSniper) && s.shot)
	if canMove {
		dst = s.jetMoves(-1, dst)
	}
	dst = s.shots(a, dst)
	bomb := !s.engaged && !s.droneShot && s.canBomb(a)
	jet := canMove && s.has(a, abJetPack) && s.nDice >= 2
	letGo := (len(dst) == start && !bomb && !jet) || g.edition == editionEN
	if s.precog {
		// the future cannot be changed: no reroll of precog dice
	} else if (s.companion(a, int(ms.X), int(ms.L)) || s.commsReroll(a)) && !s.teamUsed {
		for i := 0; i < int(s.nDice); i++ {
			if s.firstOf(i) {
				dst = append(dst, int32(aReroll+i))
			}
		}
	}
	if s.lzSupport(a) && !s.precog {
		for i := 0; i < int(s.nDice); i++ {
			if s.firstOf(i) {
				dst = append(dst, int32(aLZReroll+i))
			}
		}
	}
	if bomb {
		dst = append(dst, aBomb)
	}
	if letGo {
		dst = append(dst, aLetGo)
	}
	if s.antennaReroll(a) && !s.precog {
		for i := 0; i < int(s.nDice); i++ {
			if s.firstOf(i) {
				dst = append(dst, int32(aAntenna+i))
			}
		}
	}
	if jet {
		dst = append(dst, aJet)
	}
	return dst
}

// canBomb: beside the MMM (its defender dead), free of aliens, rolling 4
// dice; Spanish: as the only action of the turn.
func (s *State) canBomb(a int) bool {
	ms := &s.mar[a]
	if !s.besideMMM(a) || s.boxAliens(int(ms.X), int(ms.L)) > 0 || s.nDice != 4 {
		return false
	}
	return s.g.edition == editionEN || (s.act == 0 && s.nActs == 1)
}

// antennaReroll: a marine on the side of a standing antenna may reroll one
// die of its first roll each turn.
func (s *State) antennaReroll(a int) bool {
	side := s.g.sideOf(int(s.mar[a].X))
	return side >= 0 && s.intact[side] && s.upgrade[side] == upAntenna && s.act == 0 && !s.antenna[a]
}

// lzSupport: a marine in the LZ may reroll one die of one roll a turn
// (Spanish: of its first roll).
func (s *State) lzSupport(a int) bool {
	g := s.g
	ms := &s.mar[a]
	if s.lzReroll || g.sideOf(int(ms.X)) >= 0 {
		return false
	}
	return g.edition == editionEN || s.act == 0
}

// lists are the chance outcomes or the decisions of the task on top.
func (s *State) lists(outs []taskrun.Outcome, decs []int32) (bool, []taskrun.Outcome, []int32) {
	t, ok := s.top()
	switch {
	case !ok:
		return false, nil, nil
	case isChance(int(t.Kind)):
		return true, s.outcomes(t, outs), nil
	}
	return false, nil, s.decisions(t, decs)
}

// LegalActions lists the legal actions or chance outcomes, sorted.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	var ob [maxCards]taskrun.Outcome
	var db [numActions]int32
	chance, outs, decs := s.lists(ob[:0], db[:0])
	return taskrun.AppendActions(dst, chance, outs, decs)
}

// ChanceOutcomes lists the outcomes of a chance node with their probabilities.
func (s *State) ChanceOutcomes(dst []engine.Outcome) []engine.Outcome {
	t, ok := s.top()
	if !ok || !isChance(int(t.Kind)) {
		return dst[:0]
	}
	var ob [maxCards]taskrun.Outcome
	return taskrun.AppendOutcomes(dst, s.outcomes(t, ob[:0]))
}

// Apply plays a legal action (trusted; see engine.ApplyChecked): the task
// on top takes it, then the automatic tasks run.
func (s *State) Apply(act engine.Action) {
	if t, ok := s.top(); ok {
		s.stack.Pop()
		s.apply(t, int(act))
		s.advance()
	}
}

// again puts the popped task t back on the stack.
func (s *State) again(t task) { s.stack.Again(t) }

// apply does the effect of action x on task t, already popped.
func (s *State) apply(t task, x int) {
	g := s.g
	a := int(t.A)
	switch int(t.Kind) {
	case kCard:
		s.slots[t.B] = int8(x)
	case kUpgrade:
		s.upgrade[t.B] = int8(x)
	case kTrain:
		s.trainCard[a] = int8(x)
	case kAbility:
		s.ability[a] = trainingCards[s.trainCard[a]][x-aAbility]
	case kDrone:
		if x == aNoDrone {
			s.active = -1
		} else {
			s.drone(a, x-aDrone)
		}
	case kDraw:
		s.bag[x]--
		s.pending[x]++
	case kRoll:
		s.dieFace[t.B] = int8(x)
	case kSide:
		if s.bait >= 0 {
			s.push(kBait, int(s.bait), x, 0)
			s.bait = -1
		} else {
			s.push(kWave, 0, x, 0)
		}
	case kWaveDie:
		s.dieFace[t.B] = int8(x)
	case kBait:
		if x == aKeepSide {
			s.push(kWave, 0, int(t.B), 0)
		} else {
			s.push(kSide, 0, 0, 0)
		}
	case kBeacon:
		s.fire(a, int(t.B), x-aBeacon)
	case kMissileDie:
		if x != aFire {
			s.push(kWaveDie, 0, x-aReroll, 0)
		}
	case kAim:
		col, _ := s.missileTarget(int(t.B), int(t.C), x-aAim)
		s.impact(a, int(t.B), col)
	case kPlace:
		s.mar[a].X = int8(g.lzStart + x - aPlace)
	case kPick:
		s.push(kMarine, x-aPick, 0, 0)
	case kProgram:
		switch {
		case x >= aAmulet:
			s.useEquipment(t, a, x)
			return
		case x >= aKamikaze && x < aPrecog:
			s.kamikaze(a, x-aKamikaze)
			return
		case x == aPrecog:
			s.precog, s.precogTurn[a], s.nDice = true, s.turn, 0
			s.push(kPrecogPick, a, 0, 0)
			return
		case x >= aInject:
			s.training(a, x)
			s.again(t)
			return
		}
		if x >= aTactical {
			s.support(a, x)
			return
		}
		key := x - aProgram
		j, c := key/3, key%3
		s.prog[j][c]++
		s.nAssigned++
		s.lastKey = int8(key)
		s.nActs = max(s.nActs, int8(j+1))
		if s.nAssigned < s.dice {
			s.again(t)
		}
	case kChoose, kContinue, kHit:
		if x >= aAmulet {
			s.useEquipment(t, a, x)
			return
		}
		s.applyRoll(t, a, x)
	case kEquip:
		s.deck &^= 1 << x
		s.hand[a] |= 1 << x
	case kAmulet:
		s.amulet(t, x)
	case kGiveTo:
		s.hand[a] &^= 1 << t.B
		s.hand[x-aGiveTo] |= 1 << t.B
	case kSentinel:
		s.sentinelShoot(a, int(t.B), x)
	case kJet:
		s.jet(a, int(t.B), x)
	case kExplore:
		s.explore(a, int(t.B), x)
	case kMulti:
		if x != aEndShot {
			k := x - aShoot
			s.shoot(a, k/3+1, k%3)
		}
	case kPrecogPick:
		s.precogPick(t, x-aPrecogDie)
	case kPrecogAct:
		s.precogAct(a, int(t.B), x-aPrecogAct)
	case kTeleport:
		s.teleport(a, int(t.B), x)
	case kTeleLand:
		s.teleLand(a, int(t.B), x-aLevel)
	case kLevel:
		s.shotL = int8(x - aLevel)
	}
}

// applyRoll applies x to a rolled action's choice, a shot's hits or the
// next action's continue (task t, popped).
func (s *State) applyRoll(t task, a, x int) {
	switch int(t.Kind) {
	case kChoose:
		s.choose(t, a, x)
	case kHit:
		if x != aEndShot {
			s.kill(x - aKill)
			s.again(t)
		}
	case kContinue:
		if x == aRoll {
			s.push(kAction, a, int(t.B), 0)
		} else {
			s.endMarine()
		}
	}
}

// choose applies a rolled action's choice.
func (s *State) choose(t task, a, x int) {
	switch {
	case x >= aMove && x < aShoot:
		k := x - aMove
		i, dir, m := k/32, (k%32)/16, k%16
		s.move(a, i, m, 2*dir-1)
	case x >= aShoot && x < aReroll:
		k := x - aShoot
		s.shoot(a, k/3+1, k%3)
	case x == aJet:
		s.push(kJet, a, -1, 0)
	case x >= aReroll && x < aLZReroll:
		s.teamUsed = true
		s.again(t)
		s.push(kRoll, 0, x-aReroll, 0)
	case x >= aLZReroll && x < aBomb:
		s.lzReroll = true
		s.again(t)
		s.push(kRoll, 0, x-aLZReroll, 0)
	case x >= aAntenna:
		s.antenna[a] = true
		s.again(t)
		s.push(kRoll, 0, x-aAntenna, 0)
	case x == aBomb:
		if s.bombSum() >= 9 {
			s.result = 1
		}
	}
}

// aimAt points the hits of a shot of dice of value v (0: not dice) at
// column x: at level l for a shot at one's own box, else at the column's only box with aliens, or the shooter A picks
// the level.
func (s *State) aimAt(a, x, l, v int, own bool) {
	s.shotX, s.shotL = int8(x), int8(l)
	s.push(kHit, a, v, 0)
	if own {
		return
	}
	n, last := 0, 0
	for k := 0; k < s.g.height; k++ {
		if s.boxAliens(x, k) > 0 {
			n++
			last = k
		}
	}
	s.shotL = int8(last)
	if n > 1 {
		s.push(kLevel, a, x, 0)
	}
}

// marineName names marine m: m1..m5.
func marineName(m int) string { return "m" + strconv.Itoa(m+1) }

func dieName(col int, face int8) string {
	return jumping.ColourNames[col] + jumping.FaceName(face)
}

// ActionString names an action in this state.
func (s *State) ActionString(act engine.Action) string {
	t, ok := s.top()
	switch {
	case !ok:
		return "?"
	case isChance(int(t.Kind)):
		return s.outcomeName(t, int(act))
	}
	return s.decisionName(int(act))
}

// outcomeName names chance outcome x of task t.
func (s *State) outcomeName(t task, x int) string {
	g := s.g
	switch int(t.Kind) {
	case kCard:
		if x >= 0 && x < len(g.data.Cards) {
			return "card" + strconv.Itoa(g.data.Cards[x].ID)
		}
		return "?"
	case kDraw:
		if x >= 0 && x < numAlienColours {
			return "alien-" + alienNames[x]
		}
		return "?"
	case kRoll:
		if i := int(t.B); i >= 0 && i < int(s.nDice) && x >= 0 && x < jumping.NumFaces {
			return dieName(int(s.dieCol[i]), int8(x))
		}
		return "?"
	case kSide:
		if x == 0 {
			return "wave-left"
		}
		return "wave-right"
	case kWaveDie:
		return "wave-die-" + strconv.Itoa(x+1)
	case kUpgrade:
		if x >= 0 && x < len(upgradeNames) {
			return "upgrade-" + upgradeNames[x]
		}
	case kEquip:
		if x >= 0 && x < numEquipment {
			return "equipment-" + equipmentNames[x]
		}
	case kTrain:
		if x >= 0 && x < len(trainingCards) {
			c := trainingCards[x]
			return "training-" + abilityNames[c[0]] + "/" + abilityNames[c[1]]
		}
	}
	return "?"
}

// decisionName names decision x.
func (s *State) decisionName(x int) string {
	g := s.g
	switch {
	case x >= aPlace && x < aPick:
		return "lz" + strconv.Itoa(x-aPlace+1)
	case x >= aPick && x < aProgram:
		return "next-" + marineName(x-aPick)
	case x >= aProgram && x < aMove:
		k := x - aProgram
		return "a" + strconv.Itoa(k/3+1) + "-" + jumping.ColourNames[k%3]
	case x >= aMove && x < aShoot:
		k := x - aMove
		i, dir, m := k/32, (k%32)/16, k%16
		if i >= int(s.nDice) {
			return "?"
		}
		col := int(s.dieCol[i])
		n := "move-" + "LR"[dir:dir+1] + "-" + dieName(col, s.dieFace[i])
		if col == jumping.Blue {
			return n
		}
		b := []byte(n + ":")
		for k := 0; k < jumping.FaceValue(s.dieFace[i]); k++ {
			switch {
			case m>>k&1 == 0:
				b = append(b, 'S')
			case col == jumping.Black:
				b = append(b, 'U')
			default:
				b = append(b, 'D')
			}
		}
		return string(b)
	case x >= aShoot && x < aReroll:
		k := x - aShoot
		return "shoot-" + strconv.Itoa(k/3+1) + "-" + [3]string{"here", "L", "R"}[k%3]
	case x >= aReroll && x < aLZReroll:
		return "reroll-" + s.dieLabel(x-aReroll)
	case x >= aLZReroll && x < aBomb:
		return "lz-reroll-" + s.dieLabel(x-aLZReroll)
	case x == aBomb:
		return "bomb"
	case x == aLetGo:
		return "let-go"
	case x >= aLevel && x < aKill:
		return "level" + strconv.Itoa(x-aLevel)
	case x >= aKill && x < aEndShot:
		return "kill-" + alienNames[x-aKill]
	case x == aEndShot:
		return "end-shot"
	case x == aStop:
		return "stop"
	case x == aRoll:
		return "roll"
	case x >= aTactical && x < aMissile:
		return "raise-" + marineName(x-aTactical)
	case x >= aMissile && x < aBait:
		if g.edition == editionEN {
			return [2]string{"missile-high-impact", "missile-seeking"}[x-aMissile]
		}
		return [2]string{"missile-perforante", "missile-fragmentation"}[x-aMissile]
	case x == aBait:
		return "bait"
	case x >= aBeacon && x < aAim:
		return "beacon-" + marineName(x-aBeacon)
	case x >= aAim && x < aKeepSide:
		return "aim-" + "LR"[x-aAim:x-aAim+1]
	case x == aKeepSide:
		return "keep-side"
	case x == aRollSide:
		return "roll-side-again"
	case x == aFire:
		return "fire"
	case x >= aAntenna && x < aAbility:
		return "antenna-reroll-" + s.dieLabel(x-aAntenna)
	case x >= aAbility && x < aInject:
		if t, ok := s.top(); ok && t.A >= 0 && int(t.A) < g.n && s.trainCard[t.A] >= 0 {
			return abilityNames[trainingCards[s.trainCard[t.A]][x-aAbility]]
		}
		return "ability"
	case x == aInject:
		return "injector"
	case x >= aOrbital && x < aDrone:
		return "orbital-bombing-slot" + strconv.Itoa(x-aOrbital)
	case x >= aDrone && x < aNoDrone:
		d := droneDice[x-aDrone]
		return "drone-" + jumping.ColourNames[d[0]] + "-" + jumping.ColourNames[d[1]]
	case x == aNoDrone:
		return "no-drone"
	case x == aJet:
		return "jet-pack"
	case x == aExplore, x == aExplore+1:
		return [2]string{"explore-up", "explore-down"}[x-aExplore]
	case x == aNoExplore:
		return "no-explore"
	case x >= aKamikaze && x < aPrecog:
		return "kamikaze-without-" + jumping.ColourNames[x-aKamikaze]
	case x == aPrecog:
		return "precog"
	case x >= aPrecogDie && x < aPrecogAct:
		return "precog-" + jumping.ColourNames[x-aPrecogDie]
	case x >= aPrecogAct && x < aTeleport:
		return "precog-to-a" + strconv.Itoa(x-aPrecogAct+1)
	case x >= aTeleport && x < aNoTeleport:
		return "teleport-slot" + strconv.Itoa(x-aTeleport)
	case x == aNoTeleport:
		return "no-teleport"
	case x == aAmulet:
		return "amulet"
	case x >= aAmuletDie && x < aAmuletRoll:
		return "amulet-" + s.dieLabel(x-aAmuletDie)
	case x == aAmuletRoll:
		return "amulet-roll"
	case x == aBullets:
		return "bullets"
	case x == aRailgun:
		return "rail-gun"
	case x >= aEquipMove && x < aChip:
		k := x - aEquipMove
		return [3]string{"rocket-boots", "rope", "mount"}[k/2] + "-" + "LR"[k%2:k%2+1]
	case x == aChip:
		return "neural-chip"
	case x >= aKnife && x < aGive:
		return "laser-knife-" + alienNames[x-aKnife]
	case x >= aGive && x < aGiveTo:
		return "give-" + equipmentNames[x-aGive]
	case x >= aGiveTo && x < numActions:
		return "give-to-" + marineName(x-aGiveTo)
	}
	return "?"
}

func (s *State) dieLabel(i int) string {
	if i < 0 || i >= int(s.nDice) {
		return "?"
	}
	return strconv.Itoa(i+1) + "-" + dieName(int(s.dieCol[i]), s.dieFace[i])
}
