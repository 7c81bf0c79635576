package marchmars

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

// Task kinds. The rules run as a stack of tasks: automatic tasks do their
// work and push what follows; decision and chance tasks wait on top for an
// action.
const (
	kCard         = iota // chance: the martian card of slot B
	kPlace               // decision: marine A takes a box of the LZ
	kDraw                // chance: an alien drawn from the bag into the pending group
	kDeploy              // auto: the pending group deploys on slot B (B=-1: the LZ, from side C)
	kTurnStart           // auto: a game turn begins: the incoming waves enter the LZ
	kPick                // decision: marine A says who plays next
	kMarine              // auto: marine A's turn begins
	kProgram             // decision: A spreads its dice over the actions
	kAction              // auto: A rolls action B
	kRoll                // chance: die B of the roll
	kChoose              // decision: A moves, shoots, bombs, rerolls or lets the roll go
	kLevel               // decision: A picks the box (level) of column B it shoots at
	kHit                 // decision: A spends its hits on the aliens of the target box
	kAfter               // auto: after action B: the wave of a skull, the next action
	kContinue            // decision: A rolls the next action or stops
	kTurnEnd             // auto: the end of a game turn: the attack on the LZ, the wave
	kSide                // chance: the white die sends the wave left (0) or right (1)
	kWave                // auto: a wave on side B
	kBeacon              // decision: A picks the beacon marine of missile B
	kWaveDie             // chance: the wave die B of a missile (1 or 2)
	kMissileDie          // decision: A may reroll a die of the Seeking missile
	kAim                 // decision: A aims missile B from beacon C left or right
	kBait                // decision: A keeps the wave's side B or rolls it again
	kUpgrade             // chance: the upgrade of side B (random upgrades)
	kTrain               // chance: marine A's special training card
	kAbility             // decision: A keeps one of its card's two abilities
	kDrone               // decision: A's drone shoots with two dice of its choice, or not
	kDroneEnd            // auto: after the drone's shot
	kLZCheck             // auto: the aliens left in the LZ attack the base, the next wave
	kSentinelRoll        // auto: the sentinels of side B roll their 2 dice
	kSentinel            // decision: A aims the sentinels of side B (a shot as a marine's)
	kJet                 // decision: A's jet pack strides with a die (B=-1 the first, else after die B)
	kExplore             // decision: A's explorer adds a diagonal advance to its move in direction B, or not
	kMulti               // decision: A's multi-shot fires the roll's next value, or stops
	kKamikaze            // auto: A's kamikaze bomb of 5 dice goes off
	kPrecogPick          // decision: A picks the colour of its next precog die
	kPrecogAct           // decision: A puts precog die B on an action
	kTeleport            // decision: A teleports to a card before rolling action B, or not
	kTeleLand            // decision: A picks the level where it appears in column B
	kEquip               // chance: marine A draws an equipment card
	kAmulet              // decision: A picks the dice its amulet rerolls (B: those picked)
	kGiveTo              // decision: A gives equipment card B to a companion
	numKinds
)

var kindNames = [numKinds]string{"card", "place", "draw", "deploy", "turn-start", "pick", "marine",
	"program", "action", "roll", "choose", "level", "hit", "after", "continue", "turn-end", "side", "wave",
	"beacon", "wave-die", "missile-die", "aim", "bait", "upgrade", "train", "ability", "drone", "drone-end",
	"lz-check", "sentinel-roll", "sentinel", "jet", "explore", "multi-shot", "kamikaze", "precog-pick",
	"precog-act", "teleport", "tele-land", "equipment", "amulet", "give-to"}

func isChance(kind int) bool {
	return kind == kCard || kind == kDraw || kind == kRoll || kind == kSide || kind == kWaveDie || kind == kUpgrade ||
		kind == kTrain || kind == kEquip
}

func isDecision(kind int) bool {
	switch kind {
	case kPlace, kPick, kProgram, kChoose, kLevel, kHit, kContinue, kBeacon, kMissileDie, kAim, kBait, kAbility, kDrone,
		kSentinel, kJet, kExplore, kMulti, kPrecogPick, kPrecogAct, kTeleport, kTeleLand,
		kAmulet, kGiveTo:
		return true
	}
	return false
}

// hitsToKill is the colour's toughness: yellow 1, blue 2, red 3.
func hitsToKill(c int) int { return c + 1 }

// setup: the cards are dealt, the red defenders stand beside the MMM, the
// marines take their boxes in the LZ, and a wave lands on every card.
func (s *State) setup() {
	g := s.g
	for k := range s.slots {
		s.slots[k] = -1
	}
	s.active, s.lastKey, s.bait = -1, -1, -1
	s.bag = g.data.Bag
	for side := 0; side < g.sides; side++ {
		s.aliens[g.defCol[side]][g.plain][red] = 1
		s.bag[red]--
	}
	for m := 0; m < g.n; m++ {
		s.mar[m] = marine{X: int8(g.lzStart), L: int8(g.plain)}
	}
	s.push(kTurnStart, 0, 0, 0)
	// initial waves: as many aliens as marines plus one on every card (the
	// Spanish text; the English "on this side" counts the same at setup),
	// one fewer at the baby level (its "oleadas" include the initial ones)
	for k := g.slots() - 1; k >= 0; k-- {
		s.pushWave(k, s.levelSize(g.n+1))
	}
	for m := g.n - 1; m >= 0; m-- {
		s.push(kPlace, m, 0, 0)
	}
	for m := g.n - 1; m >= 0; m-- {
		s.trainCard[m] = -1
		if g.training {
			s.push(kAbility, m, 0, 0)
			s.push(kTrain, m, 0, 0)
		}
	}
	if g.equipment {
		s.deck = allEquipment
		s.equipOpen = g.difficulty == diffBaby
	}
	for side := 0; side < g.sides; side++ {
		s.intact[side] = true
		if g.upgrades != upRandom {
			s.upgrade[side] = int8(g.upgrades)
		}
	}
	if g.upgrades == upRandom {
		for side := g.sides - 1; side >= 0; side-- {
			s.push(kUpgrade, 0, side, 0)
		}
	}
	for k := g.slots() - 1; k >= 0; k-- {
		s.push(kCard, 0, k, 0)
	}
	s.advance()
}

// pushWave queues a group of n aliens drawn from the bag and deployed on
// slot k.
func (s *State) pushWave(k, n int) {
	s.push(kDeploy, 0, k, 0)
	for i := 0; i < n; i++ {
		s.push(kDraw, 0, i, 0)
	}
}

// advance runs automatic tasks until a decision or chance node with
// something to choose is on top; a decided game drops what is left.
func (s *State) advance() {
	var buf [numActions]engine.Action
	for s.result == 0 {
		t, ok := s.top()
		if !ok || len(s.LegalActions(buf[:0])) > 0 {
			return
		}
		s.stack.Pop()
		s.run(t)
	}
	s.stack.Clear()
}

// run does the work of an automatic task.
func (s *State) run(t task) {
	a := int(t.A) // DecodeState checks it is a marine
	switch int(t.Kind) {
	case kDraw:
		// the bag is empty: the dead make a new one
		if s.bag[0]+s.bag[1]+s.bag[2] == 0 && s.dead[0]+s.dead[1]+s.dead[2] > 0 {
			s.bag, s.dead = s.dead, [numAlienColours]int8{}
			s.push(kDraw, 0, int(t.B), 0)
		}
	case kDeploy:
		if t.B < 0 {
			s.deployLZ(int(t.C))
		} else {
			s.deploySlot(int(t.B))
		}
	case kTurnStart:
		s.turnStart()
	case kMarine:
		s.marineStart(a)
	case kAction:
		s.startAction(a, int(t.B))
	case kAfter:
		s.afterAction(a, int(t.B))
	case kDroneEnd:
		s.droneEnd(a)
	case kTurnEnd:
		s.turnEnd()
	case kLZCheck:
		s.lzCheck()
	case kKamikaze:
		s.kamikazeEnd(a)
	case kEquip:
		s.drawEquipment(t)
	case kSentinelRoll:
		s.sentinelRoll(int(t.B))
	case kWave:
		s.wave(int(t.B))
	}
}

// turnStart: turn 1..8 begins; the aliens of the incoming-wave boxes enter
// the LZ; the marines play in the order they choose.
func (s *State) turnStart() {
	g := s.g
	s.turn++
	s.bait = -1
	if g.equipment && s.turn == 5 && s.defenderAlive(0) && (g.sides == 1 || s.defenderAlive(1)) {
		s.equipOpen = true // High Command drops the equipment
	}
	s.antenna = [maxMarines]bool{}
	for m := 0; m < g.n; m++ {
		s.mar[m].Played = s.mar[m].Gone
	}
	s.push(kTurnEnd, 0, 0, 0)
	s.push(kPick, s.nextPicker(), 0, 0)
	for side := g.sides - 1; side >= 0; side-- {
		if s.incoming[side] != ([numAlienColours]int8{}) {
			s.push(kDeploy, 0, -1, side)
		}
	}
}

// nextPicker is the lowest marine that has not played this turn (it speaks
// for the team: "no turn order, you decide each round"), or -1.
func (s *State) nextPicker() int {
	for m := 0; m < s.g.n; m++ {
		if !s.mar[m].Played {
			return m
		}
	}
	return -1
}

// marineStart: a crashed marine stands up with 2 dice, else 4.
func (s *State) marineStart(a int) {
	ms := &s.mar[a]
	ms.Played = true
	s.active = int8(a)
	s.dice = 4
	if s.injected[a] {
		s.dice = 3
		s.injected[a] = false
	}
	s.moved, s.shot, s.acted, s.commanded = false, false, false, false
	if ms.Crashed {
		s.dice = 2
		ms.Crashed = false
	}
	s.prog = [3][jumping.NumColours]int8{}
	s.nAssigned, s.lastKey, s.nActs, s.act = 0, -1, 0, 0
	s.lzReroll = false
	s.explored, s.precog, s.nPool = false, false, 0
	s.push(kAction, a, 0, 0)
	s.push(kProgram, a, 0, 0)
}

// startAction rolls the dice of programmed action j; a teleporter may
// first teleport with one of the action's blue dice.
func (s *State) startAction(a, j int) {
	ms := &s.mar[a]
	if ms.Crashed || j >= int(s.nActs) || j > 2 {
		s.endMarine()
		return
	}
	s.act = int8(j)
	s.nDice = 0
	s.multiUsed = 0
	s.push(kAfter, a, j, 0)
	if s.canTeleport(a, j) {
		s.push(kTeleport, a, j, 0)
		return
	}
	s.rollAction(a, j)
}

// rollAction rolls action j's dice (precog: takes the dice already rolled
// for it).
func (s *State) rollAction(a, j int) {
	ms := &s.mar[a]
	s.nDice = 0
	if s.precog {
		for i := 0; i < int(s.nPool); i++ {
			if int(s.poolAct[i]) == j {
				s.dieCol[s.nDice], s.dieFace[s.nDice] = s.poolCol[i], s.poolFace[i]
				s.nDice++
			}
		}
	} else {
		for c := 0; c < jumping.NumColours; c++ {
			for k := int8(0); k < s.prog[j][c] && s.nDice < maxDice; k++ {
				s.dieCol[s.nDice], s.dieFace[s.nDice] = int8(c), 0
				s.nDice++
			}
		}
	}
	s.engaged = s.boxAliens(int(ms.X), int(ms.L)) > 0
	s.teamUsed = false
	s.push(kChoose, a, 0, 0)
	if s.precog {
		return
	}
	for i := int(s.nDice) - 1; i >= 0; i-- {
		s.push(kRoll, 0, i, 0)
	}
}

// afterAction: a skull among the dice calls a wave on the marine's side;
// then the next action, unless the marine crashed.
func (s *State) afterAction(a, j int) {
	ms := &s.mar[a]
	skull := false
	for i := 0; i < int(s.nDice); i++ {
		if jumping.FaceSkull(s.dieFace[i]) {
			skull = true
		}
	}
	next := !ms.Crashed && j+1 < int(s.nActs)
	if next {
		s.push(kContinue, a, j+1, 0)
	} else {
		s.endMarine()
	}
	if skull && !s.has(a, abRanger) {
		if side := s.g.sideOf(int(ms.X)); side >= 0 {
			s.push(kWave, 0, side, 0)
		}
	}
}

// endMarine ends the active marine's turn: the next marine is picked.
func (s *State) endMarine() {
	a := int(s.active)
	s.nDice = 0
	if p := s.nextPicker(); p >= 0 {
		s.push(kPick, p, 0, 0)
	}
	if s.has(a, abDrone) && !s.commanded {
		// the drone's extra shot (not after the Command Center, the whole
		// turn of a marine "doing nothing more"): the marine stays active
		s.push(kDrone, a, 0, 0)
		return
	}
	s.active = -1
}

// turnEnd: the sentinels fire (Spanish base upgrade), then the LZ is
// checked.
func (s *State) turnEnd() {
	s.push(kLZCheck, 0, 0, 0)
	for side := s.g.sides - 1; side >= 0; side-- {
		if s.intact[side] && s.upgrade[side] == upSentinels {
			s.push(kSentinelRoll, 0, side, 0)
		}
	}
}

// lzCheck: aliens left in the LZ attack the base (the third success
// destroys it); the MMM sends a wave; after the 8th turn the team has lost.
func (s *State) lzCheck() {
	g := s.g
	s.nDice = 0
	attacked := false
	for x := g.lzStart; x <= g.lzEnd; x++ {
		for l := 0; l < g.height; l++ {
			for c := 0; c < numAlienColours; c++ {
				if n := s.aliens[x][l][c]; n > 0 {
					attacked = true
					s.dead[c] += n
					s.aliens[x][l][c] = 0
				}
			}
		}
	}
	if attacked {
		// the counter of the left side falls first, then the right's
		for side := 0; side < g.sides; side++ {
			if s.intact[side] {
				s.intact[side] = false
				break
			}
		}
		s.attacks++
		if s.attacks >= 3 {
			s.result = -1
			return
		}
	}
	if s.turn >= maxTurns {
		s.result = -1
		return
	}
	s.push(kTurnStart, 0, 0, 0)
	s.push(kSide, 0, 0, 0)
}

// wave: every alien of the side moves one card toward the LZ (those of the
// card next to the LZ to its incoming-wave box) and a new wave lands on the
// card next to the MMM. On the half board a wave sent to the unused side
// adds one alien to the card next to the MMM (English, 2-3 players) or is
// ignored (Spanish, 2 players: "other marines deal with them").
func (s *State) wave(side int) {
	g := s.g
	if side >= g.sides {
		if g.edition == editionEN {
			s.pushWave(nearMMM(0), 1)
		}
		return
	}
	lz, mmm := nearLZ(side), nearMMM(side)
	var crossing [numAlienColours]int8
	s.collect(lz, &crossing)
	if s.intact[side] && s.upgrade[side] == upBunker {
		// the bunker kills one alien of the wave crossing it, the toughest
		for c := red; c >= yellow; c-- {
			if crossing[c] > 0 {
				crossing[c]--
				s.dead[c]++
				break
			}
		}
	}
	for c := range crossing {
		s.incoming[side][c] += crossing[c]
	}
	s.pending = [numAlienColours]int8{}
	s.collect(mmm, &s.pending)
	s.pushWave(mmm, s.waveSize(side))
	s.push(kDeploy, 0, lz, 0)
}

// collect takes every alien off slot k into group.
func (s *State) collect(k int, group *[numAlienColours]int8) {
	g := s.g
	for x := g.slotStart[k]; x < g.slotStart[k]+g.width; x++ {
		for l := 0; l < g.height; l++ {
			for c := 0; c < numAlienColours; c++ {
				group[c] += s.aliens[x][l][c]
				s.aliens[x][l][c] = 0
			}
		}
	}
}

// waveSize: the marines on that side plus one (Spanish: at least 2); the
// baby level takes one off (at least 2, but never more than the normal
// wave: levelSize); sergeant and exterminator count the marines in the LZ
// on both sides.
func (s *State) waveSize(side int) int {
	g := s.g
	n := 1
	for m := 0; m < g.n; m++ {
		sd := g.sideOf(int(s.mar[m].X))
		if s.mar[m].Gone {
			continue
		}
		if sd == side || (sd < 0 && (g.difficulty == diffSergeant || g.difficulty == diffExterminator)) {
			n++
		}
	}
	if g.edition == editionES {
		n = max(2, n)
	}
	return s.levelSize(n)
}

// levelSize is the size at the game's difficulty of a wave of n aliens at
// the normal level: the baby level's "-1 al tamaño de las oleadas (mínimo
// 2 aliens)" takes one off a wave of 3 or more and leaves a smaller one as
// it is. The floor keeps a wave from shrinking below 2; it never makes one
// bigger (the Spanish waves, which the text is written for, have 2 at
// least; an English wave of 1 stays 1: docs/rules/march-mars.md).
func (s *State) levelSize(n int) int {
	if s.g.difficulty == diffBaby {
		return max(min(2, n), n-1)
	}
	return n
}

// boxAliens counts the aliens in a box.
func (s *State) boxAliens(x, l int) int {
	if x < 0 || x >= s.g.cols || l < 0 || l >= s.g.height {
		return 0
	}
	a := &s.aliens[x][l]
	return int(a[0]) + int(a[1]) + int(a[2])
}

// box is a box of the board.
type box struct{ X, L int8 }

// deployBoxes lists the boxes aliens may take in columns x0..x1, ordered
// closest to the MMM of side first (left: smaller columns), higher levels
// first in a column; the English aliens avoid hazardous boxes, the Spanish
// ones are not affected by them.
func (s *State) deployBoxes(x0, x1, side int, dst []box) []box {
	g := s.g
	for i := 0; i <= x1-x0; i++ {
		x := x0 + i
		if side == 1 {
			x = x1 - i
		}
		for l := g.height - 1; l >= 0; l-- {
			k := s.cell(x, l) & jumping.Kind
			if k == jumping.Circle || (k == jumping.Hazard && g.edition == editionES) {
				dst = append(dst, box{int8(x), int8(l)})
			}
		}
	}
	return dst
}

// deploySlot deploys the pending group on slot k.
func (s *State) deploySlot(k int) {
	g := s.g
	if k < 0 || k >= g.slots() {
		return
	}
	st := g.slotStart[k]
	s.deploy(st, st+g.width-1, slotSide(k))
}

// deployLZ: the incoming group of a side enters the LZ.
func (s *State) deployLZ(side int) {
	if side < 0 || side > 1 {
		return
	}
	s.pending = s.incoming[side]
	s.incoming[side] = [numAlienColours]int8{}
	s.deploy(s.g.lzStart, s.g.lzEnd, side)
}

// deploy places the pending group in columns x0..x1 by the rules: yellow
// explorers one a box from the column farthest from the MMM; red, then
// blue, one a box from the closest; in a column higher levels first, for
// every colour ("In the case of several levels occupy higher levels
// first"). At the exterminator
// level yellows first take the boxes of marines, those closest to the MMM
// first.
func (s *State) deploy(x0, x1, side int) {
	var buf [maxWidth * maxHeight]box
	boxes := s.deployBoxes(x0, x1, side, buf[:0])
	p := s.pending
	s.pending = [numAlienColours]int8{}
	if len(boxes) == 0 {
		for c := range p {
			s.dead[c] += p[c]
		}
		return
	}
	n := len(boxes)
	put := func(b box, c int) { s.aliens[b.X][b.L][c]++ }
	if s.g.difficulty == diffExterminator {
		for _, b := range boxes {
			if p[yellow] == 0 {
				break
			}
			if s.marineAt(int(b.X), int(b.L)) {
				put(b, yellow)
				p[yellow]--
			}
		}
	}
	// yellows: the columns from the farthest, each column from its top
	var ybuf [maxWidth * maxHeight]box
	ys := ybuf[:0]
	for end := n; end > 0; {
		start := end - 1
		for start > 0 && boxes[start-1].X == boxes[end-1].X {
			start--
		}
		ys = append(ys, boxes[start:end]...)
		end = start
	}
	for i := 0; i < int(p[yellow]); i++ {
		put(ys[i%n], yellow)
	}
	i := 0
	for _, c := range [2]int{red, blueAlien} {
		for k := 0; k < int(p[c]); k++ {
			put(boxes[i%n], c)
			i++
		}
	}
}

// marineAt reports whether a marine stands in the box.
func (s *State) marineAt(x, l int) bool {
	for m := 0; m < s.g.n; m++ {
		if !s.mar[m].Gone && int(s.mar[m].X) == x && int(s.mar[m].L) == l {
			return true
		}
	}
	return false
}

// companion reports whether another marine than a stands in the box.
func (s *State) companion(a, x, l int) bool {
	for m := 0; m < s.g.n; m++ {
		if m != a && !s.mar[m].Gone && int(s.mar[m].X) == x && int(s.mar[m].L) == l {
			return true
		}
	}
	return false
}

// defenderAlive reports whether the red defender of a side still stands.
func (s *State) defenderAlive(side int) bool {
	g := s.g
	if side < 0 || side >= g.sides {
		return false
	}
	return s.aliens[g.defCol[side]][g.plain][red] > 0
}

// besideMMM reports whether a stands in a defender box (beside the MMM)
// whose defender is dead.
func (s *State) besideMMM(a int) bool {
	g := s.g
	ms := &s.mar[a]
	for side := 0; side < g.sides; side++ {
		if int(ms.X) == g.defCol[side] && int(ms.L) == g.plain && !s.defenderAlive(side) {
			return true
		}
	}
	return false
}

// targets: the columns a shot of value v can aim at from a, by direction
// (0 own box, 1 left, 2 right), and whether any box there holds aliens.
func (s *State) target(a, v, d int) (x int, ok bool) {
	ms := &s.mar[a]
	return s.targetFrom(int(ms.X), int(ms.L), v, d)
}

// targetFrom is target for a shooter in box (x0, l0).
func (s *State) targetFrom(x0, l0, v, d int) (x int, ok bool) {
	switch d {
	case 0:
		return x0, v == 1 && s.boxAliens(x0, l0) > 0
	case 1:
		x = x0 - v
	default:
		x = x0 + v
	}
	if x < 0 || x >= s.g.cols {
		return x, false
	}
	for l := 0; l < s.g.height; l++ {
		if s.boxAliens(x, l) > 0 {
			return x, true
		}
	}
	return x, false
}

// count is the number of dice of the roll showing value v.
func (s *State) count(v int) int {
	n := 0
	for i := 0; i < int(s.nDice); i++ {
		if jumping.FaceValue(s.dieFace[i]) == v {
			n++
		}
	}
	return n
}

// kill removes an alien of colour c from the target box; a defender is not
// replaced (it leaves the game), the others go to the dead pile.
func (s *State) kill(c int) {
	x, l := int(s.shotX), int(s.shotL)
	s.aliens[x][l][c]--
	if s.sniper {
		s.hits--
	} else {
		s.hits -= int8(hitsToKill(c))
	}
	s.earn(int(s.active), c)
	for side := 0; side < s.g.sides; side++ {
		if x == s.g.defCol[side] {
			return
		}
	}
	s.dead[c]++
}

// bombSum is the total of the dice: 9 or more destroys the MMM.
func (s *State) bombSum() int {
	n := 0
	for i := 0; i < int(s.nDice); i++ {
		n += jumping.FaceValue(s.dieFace[i])
	}
	return n
}
