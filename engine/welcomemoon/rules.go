package welcomemoon

import (
	"github.com/moongym/moongym/engine"
)

// advRules is what differs between adventures; everything else (deck,
// combinations, writing numbers, System Errors, missions timing, races,
// end of game, solo procedure) is common and driven by the layout data.
// Every adventure's layout embeds baseRules (rules_common.go), the hooks'
// defaults, and defines the hooks it changes; common code calls the hooks
// and never asks which adventure it is playing.
type advRules interface {
	placeRules
	turnRules
	missionRules
	effectRules
	scoreRules
	soloRules
	sheetRules
}

// placeRules: where a number may go and on which sheet.
type placeRules interface {
	// allowed says whether empty space sp of sh may take value v (noValue:
	// an X) under the adventure's placement restrictions beyond the common
	// ascending order: A5 adjacency in a skyscraper, A7 connection by
	// airlocks (neither depends on v); A8 the planets a value may go to.
	allowed(s *State, sh *sheet, sp, v int8) bool
	// reach is how far p's number with action act may be moved without a
	// modifier step of its own: the space step then offers every space
	// that some value within reach fits, and writes the nearest such
	// value (A8 stored astronaut markers; 0 elsewhere, where the Astronaut
	// action has its explicit -2..+2 step).
	reach(s *State, p int, act int8) int8
	// playSheet is the index of the sheet p writes on in the current turn
	// (its numbers, X, Wild actions): p's own in Adventures 1-7; A8 shares
	// a sheet between two neighbours (sheets.go). At most one seat writes
	// on a sheet in a turn. The adventure's own hooks find the sheet the
	// same way (s.board(p); in 1-7 that is s.sh[p]); p's missions stay on
	// p's own sheet.
	playSheet(s *State, p int) int
	// errBoxes are seat p's System Error boxes on sheet i, in the order
	// they are used (nil when p has none there): in Adventures 1-7 the
	// sheet's boxes on p's own sheet; A8 has two per sheet half.
	errBoxes(s *State, p, i int) []int16
}

// turnRules: what a turn does beyond writing a number.
type turnRules interface {
	// onFilled reacts to a space just filled with a number or an X.
	onFilled(s *State, p int, sp int8)
	// action applies the card action of the turn (s.ctx.act) after the
	// number was written in s.ctx.space.
	action(s *State, p int)
	// finish runs once the turn's effects are resolved (A4 extraction).
	finish(s *State, p int)
	// onError reacts to a System Error box just used.
	onError(s *State, p int)
	// phase5 resolves the end-of-turn incidents of a multiplayer turn.
	phase5(s *State)
	// setup pushes the choices p makes before its first pick (A6 grey
	// virus); it reports whether it pushed any.
	setup(s *State, p int) bool
	// expand resolves a pending effect that is not a choice of its own (A6
	// propagation steps): it pops it and may push others. It reports
	// whether e was such an effect.
	expand(s *State, p int, e effect) bool
	// incidents starts the phase 5 of a turn that needs decisions (A6
	// propagations, missions after them); it reports whether it did. The
	// stage ends with s.closeTurnRound.
	incidents(s *State) bool
	// decidesIncidents says whether phase 5 ever waits for decisions (A6).
	decidesIncidents() bool
}

// missionRules: the missions on a player's sheet.
type missionRules interface {
	// missionMet says whether mission card holds on p's sheet.
	missionMet(s *State, p int, card int) bool
	// missionMay says whether mission card may hold on p's sheet at the
	// end of the turn (after phase 5): missionMet, or what phase 5 could
	// still bring about (A1 sabotages circling System Errors). It is asked
	// during p's turn and judges only what p sees then (A8: p's other
	// sheet as at the start of the turn).
	missionMay(s *State, p int, card int) bool
	// reward gives p a mission reward of v.
	reward(s *State, p int, v int8)
}

// effectRules: the effects a player chooses a target for.
type effectRules interface {
	// target says whether t is a legal target of effect e; apply applies it.
	target(s *State, p int, e effect, t int) bool
	apply(s *State, p int, e effect, t int)
	targetName(s *State, e effect, t int) string
}

// scoreRules: the end and the score.
type scoreRules interface {
	// ends says whether p's sheet ends the game (beyond the common conditions).
	ends(s *State, p int) bool
	// score is p's final score, scoreLines its parts for display.
	score(s *State, p int) int
	scoreLines(s *State, p int) []scoreLine
	// anticipation is what the expert adds to TurnValue with other seats
	// (A3: ExpertValue); 0 elsewhere.
	anticipation(s *State, p int, w ExpertWeights) float64
	// missionsApart says whether scoreLines hold the missions' points
	// (A5), which the final summary then does not add again.
	missionsApart() bool
	// progress is p's score plus what the sheet is on its way to
	// (State.Progress).
	progress(s *State, p int) float64
}

// soloRules: ASTRA, the solo opponent.
type soloRules interface {
	// astraTurn plays ASTRA's own turn of a solo game after the first card
	// of the turn is revealed (A8), pushing the choices it leaves to the
	// player; the others do nothing.
	astraTurn(s *State)
	// astraCard pushes the effects of ASTRA card x that the adventure adds
	// to crossing its astraBoxes (A6 viruses and propagations).
	astraCard(s *State, x int8)
	// astraTrack is ASTRA's track of its own at the level (A1): the boxes
	// crossed at the start and the boxes (0 and 0: no track).
	astraTrack(level int) (start, boxes int)
	// astraScore is ASTRA's score, astraProgress the same read before the
	// end (AstraProgress).
	astraScore(s *State) int
	astraProgress(s *State) float64
	// checkSoloBonus checks a decoded state's Solo bonus against what the
	// player triggered.
	checkSoloBonus(s *State, bonus int8) error
}

// sheetRules: a sheet's marks.
type sheetRules interface {
	// initSheet marks a blank sheet as the game starts (A2: the first
	// energy circled).
	initSheet(sh *sheet)
	// check validates the adventure's marks of a decoded sheet.
	check(s *State, sh *sheet) error
	// draw renders p's sheet.
	draw(s *State, sh *sheet) string
}

type scoreLine struct {
	name string
	pts  int
}

func (l *layout) rules() advRules { return l.r }

// Effect kinds.
const (
	effNone        int8 = iota
	effXBonus           // A1 Building: an X in any empty space (compulsory)
	effPlanX            // Planning: an X in any empty space (optional)
	effAct              // A1 Rocket Activation
	effWall             // A2 wall between two spaces
	effRobot            // A2 cross a robot of a station
	effPlant            // A2 circle a plant of a station of the zone
	effTunnel           // A3 build a tunnel
	effTrack            // A3 Energy: cross a box of a scoring track
	effFactRobot        // A4 cross a robot symbol of a factory
	effFactEnergy       // A4 cross an energy symbol of a factory
	effSymbol           // A4 circle the plant/water symbol above or below (arg: action)
	effErrCard          // solo: the card ASTRA gets after a System Error
	effGive             // solo: give the third card to ASTRA or spend a Solo bonus
	effAstra            // solo: target of an ASTRA card (arg: 0 A, 1 B, 2 C)
	effEnergy           // A2 Energy action: circle the next energy (optional)
	effMission          // accomplish mission arg (0 A, 1 B, 2 C) at the end of the turn (optional)
	effDome             // A5 Robot: build a dome section of the number's parity
	effSplit            // A5 Planning: cut an unbuilt dome section in half
	effUpgrade          // A5 Energy: upgrade a scoring area
	effGrey             // A6 set-up: the space the grey virus infects (its quarter's target becomes active)
	effInfect           // A6: infect an empty space of quarter arg
	effWalkway          // A6 Robot: close a walkway
	effQEnergy          // A6 Energy bonus: circle an energy in a quarter not evacuated
	effVirus            // A6 ASTRA card: activate the green or the blue virus
	effPropSym          // A6 ASTRA card: cross a propagation symbol
	effPropagate        // A6: one propagation of every active virus (expanded)
	effSpread           // A6: the virus of quarter arg spreads (expanded)
	effAskMissions      // A6 phase 5: ask the missions met after the propagations (expanded)
	effAirlock          // A7: activate an airlock touching a connected block
	effMoon             // A8: an insignia on a free moon (arg 0 Planning, with its penalty, optional; 1 asteroid bonus)
	effAsteroid         // A8 Robot: the insignia on the next free asteroid, then its bonuses (expanded)
	effResolve          // A8: resolve planet arg, just completed (expanded)
	effAstraPlanet      // A8 solo: the planet of ASTRA's insignia for value arg
	effAstraMoon        // A8 solo ASTRA card: the planet of ASTRA's moon insignia
	numEff
)

var effNames = [numEff]string{"", "building X", "planning X", "rocket activation", "wall", "robot", "plant",
	"tunnel", "energy track", "factory robot", "factory energy", "resource", "card for ASTRA", "give to ASTRA", "ASTRA card",
	"energy", "mission", "dome section", "dome section to split", "scoring area",
	"space for the grey virus", "space to infect", "walkway to close", "quarter for the energy", "virus to activate",
	"propagation symbol to cross", "propagation", "spread", "missions", "airlock to activate",
	"moon", "asteroid", "planet resolution", "planet for ASTRA's insignia", "planet for ASTRA's moon"}

// optional effects may be declined (aSkip): the Planning X (A8: the
// Planning moon), the A2 Energy and accomplishing a mission. Every other
// effect either is compulsory in the rules or can never lower the player's
// result (docs/rules/welcome-moon.md, interpretation 1).
func optional(e effect) bool {
	return e.kind == effPlanX || e.kind == effEnergy || e.kind == effMission || (e.kind == effMoon && e.arg == 0)
}

func (s *State) push(kind, arg int8) {
	if s.ctx.npend < maxPend {
		s.ctx.pend[s.ctx.npend] = effect{kind, arg}
		s.ctx.npend++
	}
}

// pushFront makes kind the next pending effect.
func (s *State) pushFront(kind, arg int8) {
	if s.ctx.npend < maxPend {
		copy(s.ctx.pend[1:s.ctx.npend+1], s.ctx.pend[:s.ctx.npend])
		s.ctx.pend[0] = effect{kind, arg}
		s.ctx.npend++
	}
}

func (s *State) pop() {
	copy(s.ctx.pend[:], s.ctx.pend[1:s.ctx.npend])
	s.ctx.npend--
	s.ctx.pend[s.ctx.npend] = effect{}
}

// ---- cards and combinations ----

var soloPairs = [6][2]int8{{0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}}

func (s *State) numCombos() int {
	if s.g.solo() {
		return 6
	}
	return 3
}

// combo returns the number card and the action card of combination c.
func (s *State) combo(c int) (num, act int8) {
	if s.g.solo() {
		return s.deck.shown[soloPairs[c][0]], s.deck.shown[soloPairs[c][1]]
	}
	return s.deck.shown[3+c], s.deck.shown[c]
}

// ---- writing numbers ----

// fits reports whether value v may be written in empty space sp of p:
// strictly increasing in every zone of the space (X and empty spaces are
// ignored; A2 walls cut the zone). Numbers already in a zone increase, so
// the nearest number on each side is the only bound.
func (s *State) fits(sh *sheet, sp int8, v int8) bool {
	if sh.num[sp] != empty {
		return false
	}
	lo, hi := s.bounds(sh, sp)
	return lo < v && v < hi
}

// spaceOK: v fits sp and (A1) the floor takes action act.
func (s *State) spaceOK(sh *sheet, sp int8, v, act int8) bool {
	return s.mayTake(sp, v, act) && s.fits(sh, sp, v) && s.lay().r.allowed(s, sh, sp, v)
}

// mayTake: v is a number and sp's zone takes action act (spaceOK's checks
// that do not read the sheet).
func (s *State) mayTake(sp, v, act int8) bool {
	if v < minValue || v > maxValue {
		return false
	}
	l := s.lay()
	za := l.zones[l.spaceZone[sp][0]].action
	return za == actAny || za == act
}

func (s *State) canWrite(sh *sheet, v, act int8) bool {
	for sp := int8(0); int(sp) < s.lay().nSpaces; sp++ {
		if s.spaceOK(sh, sp, v, act) {
			return true
		}
	}
	return false
}

func (s *State) modifies(act int8) bool { return act == actAstronaut && s.lay().modifier }

// span is how far p's number with action act may be moved: the explicit
// Astronaut step's 2, or the adventure's reach.
func (s *State) span(p int, act int8) int8 {
	if s.modifies(act) {
		return 2
	}
	return s.lay().r.reach(s, p, act)
}

// playable: p's number n with action act can be written somewhere.
func (s *State) playable(p int, sh *sheet, n, act int8) bool {
	m := s.span(p, act)
	for d := -m; d <= m; d++ {
		if s.canWrite(sh, n+d, act) {
			return true
		}
	}
	return false
}

// nearest is the value within p's reach of the number in hand that fits
// space sp, nearest that number (-1 none).
func (s *State) nearest(p int, sh *sheet, sp int8) int8 {
	v, act := s.ctx.value, s.ctx.act
	m := s.lay().r.reach(s, p, act)
	for d := int8(0); d <= m; d++ {
		if s.spaceOK(sh, sp, v-d, act) {
			return v - d
		}
		if s.spaceOK(sh, sp, v+d, act) {
			return v + d
		}
	}
	return -1
}

// pickOK: combination c with action choice w (0 own, 1..6 Wild) is legal.
func (s *State) pickOK(p int, c, w int) bool {
	numC, actC := s.combo(c)
	if numC == noCard || actC == noCard {
		return false
	}
	act := cardAct[actC]
	if w > 0 {
		if !s.hasWild(p) {
			return false
		}
		act = int8(w - 1)
	}
	return s.playable(p, s.board(p), cardNum[numC], act)
}

// ---- Wild actions (A2, A6 markers) ----

func (s *State) hasWild(p int) bool {
	l := s.lay()
	if !l.wild {
		return false
	}
	sh := s.board(p)
	for _, id := range l.wildIDs {
		if sh.circ.has(id) && !sh.cross.has(id) {
			return true
		}
	}
	return false
}

func (s *State) useWild(p int) {
	sh := s.board(p)
	for _, id := range s.lay().wildIDs {
		if sh.circ.has(id) && !sh.cross.has(id) {
			sh.cross.set(id)
			return
		}
	}
}

// ---- System Errors ----

// errorsUsed is the number of p's used System Error boxes, on every sheet
// p has boxes on (A8: both halves; the tie-break counts them all).
func (s *State) errorsUsed(p int) int {
	r := s.lay().r
	n := 0
	for i := range s.sh {
		n += s.usedOf(&s.sh[i], r.errBoxes(s, p, i))
	}
	return n
}

// errorsOn counts the used System Error boxes of a sheet (A1: circled).
func (s *State) errorsOn(sh *sheet) int { return s.usedOf(sh, s.lay().errIDs) }

// usedOf counts the used boxes among ids on sh.
func (s *State) usedOf(sh *sheet, ids []int16) int {
	l := s.lay()
	n := 0
	for _, id := range ids {
		if (l.errCircle && sh.circ.has(id)) || (!l.errCircle && sh.cross.has(id)) {
			n++
		}
	}
	return n
}

// errorsFull says whether p has used every System Error box of one of its
// sets (A8: of one sheet half), which ends the game.
func (s *State) errorsFull(p int) bool {
	r := s.lay().r
	for i := range s.sh {
		if ids := r.errBoxes(s, p, i); len(ids) > 0 && s.usedOf(&s.sh[i], ids) == len(ids) {
			return true
		}
	}
	return false
}

// markError uses p's next free System Error box on the sheet p writes on
// (A1 circles, others cross); it reports whether a box was free.
func (s *State) markError(p int) bool {
	l := s.lay()
	i := l.r.playSheet(s, p)
	sh := &s.sh[i]
	for _, id := range l.r.errBoxes(s, p, i) {
		if l.errCircle && !sh.circ.has(id) {
			sh.circ.set(id)
			return true
		}
		if !l.errCircle && !sh.cross.has(id) {
			sh.cross.set(id)
			return true
		}
	}
	return false
}

// ---- solo bonus ----

// soloTrigger gives the solo player the Solo bonus boxes of a "first"
// achievement that opponents would have been denied.
func (s *State) soloTrigger() {
	l := s.lay()
	s.astra.bonus = int8(min(int(s.astra.bonus)+l.solo.bonusPerTrigger, l.solo.bonusBoxes))
}

// circleRace circles race box id on p's sheet if it is still open there;
// it reports whether it did.
func (s *State) circleRace(p int, id int16) bool {
	sh := &s.sh[p]
	if sh.cross.has(id) || sh.circ.has(id) {
		return false
	}
	sh.circ.set(id)
	if s.g.solo() {
		s.soloTrigger()
	}
	return true
}

// ---- the turn ----

// Apply plays action a (trusting the caller).
func (s *State) Apply(a engine.Action) {
	switch s.phase {
	case phChance:
		s.applyChance(a)
	case phAstra:
		s.applyAstra(int(a) - aTarget)
	case phIncident:
		s.applyIncident(int(a))
	case phDecide:
		s.decide(a)
		if s.sub == subDone {
			s.nextSeat()
		}
	}
}

func (s *State) startSeat() {
	s.ctx.reset()
	s.sub = subChoose
	if s.lay().r.setup(s, int(s.cur)) {
		s.ctx.setup = true
		s.runEffects()
	}
}

func (s *State) nextSeat() {
	s.cur++
	if int(s.cur) < s.g.players {
		s.startSeat()
		return
	}
	s.endTurn()
}

// decide applies one decision of the acting seat.
func (s *State) decide(a engine.Action) {
	p := int(s.cur)
	sh := s.board(p)
	switch s.sub {
	case subChoose:
		if a == aError {
			s.ctx.pick = -1
			s.markError(p)
			s.lay().rules().onError(s, p)
			if s.g.solo() {
				s.push(effErrCard, 0)
			}
			s.runEffects()
			return
		}
		c, w := int(a-aPick)/7, int(a-aPick)%7
		numC, actC := s.combo(c)
		s.ctx.pick = int8(c)
		s.ctx.value = cardNum[numC]
		s.ctx.act = cardAct[actC]
		if w > 0 {
			s.ctx.wild = int8(w - 1)
			s.ctx.act = int8(w - 1)
			s.useWild(p)
		}
		s.sub = subSpace
		if s.modifies(s.ctx.act) {
			s.sub = subModifier
		}
	case subModifier:
		s.ctx.value += int8(a - aModifier - 2)
		s.sub = subSpace
	case subSpace:
		sp := int8(a - aTarget)
		s.ctx.value = s.nearest(p, sh, sp)
		sh.num[sp] = s.ctx.value + 1
		s.ctx.space = sp
		r := s.lay().rules()
		r.onFilled(s, p, sp)
		r.action(s, p)
		s.runEffects()
	case subEffect:
		e := s.ctx.pend[0]
		s.pop()
		if a != aSkip {
			s.applyTarget(p, e, int(a-aTarget))
		}
		s.runEffects()
	}
}

// targetOK says whether t is a legal target of e for p.
func (s *State) targetOK(p int, e effect, t int) bool {
	sh := s.board(p)
	switch e.kind {
	case effXBonus, effPlanX:
		return t < s.lay().nSpaces && sh.num[t] == empty && s.lay().r.allowed(s, sh, int8(t), noValue)
	case effErrCard:
		return t < 3
	case effGive:
		return t == 0 || (t == 1 && s.astra.bonus > s.astra.used)
	case effAstra:
		return s.astraTargetOK(t)
	case effMission:
		return t == 0
	}
	return s.lay().rules().target(s, p, e, t)
}

func (s *State) applyTarget(p int, e effect, t int) {
	switch e.kind {
	case effXBonus, effPlanX:
		s.board(p).num[t] = xMark
		r := s.lay().rules()
		if e.kind == effPlanX {
			r.apply(s, p, e, t) // the adventure's Planning marker
		}
		r.onFilled(s, p, int8(t))
	case effErrCard:
		s.ctx.third = int8(t)
	case effGive:
		s.giveCard(t == 1)
	case effAstra:
		s.board(p).cross.set(s.lay().astraBoxes[t])
	case effMission:
		s.sh[p].mwant |= 1 << e.arg
	default:
		s.lay().rules().apply(s, p, e, t)
	}
}

// countTargets counts the legal targets of e and returns the first.
func (s *State) countTargets(p int, e effect) (n, first int) {
	first = -1
	for t := 0; t < numTarget; t++ {
		if s.targetOK(p, e, t) {
			if n == 0 {
				first = t
			}
			n++
		}
	}
	return n, first
}

// settle resolves p's pending effects until one needs a choice (it reports
// whether one does): expanded steps, effects with no target skipped, a
// compulsory effect with a single target applied.
func (s *State) settle(p int) bool {
	r := s.lay().r
	for s.ctx.npend > 0 {
		e := s.ctx.pend[0]
		if r.expand(s, p, e) {
			continue
		}
		n, first := s.countTargets(p, e)
		if n == 0 {
			s.pop()
			continue
		}
		if n == 1 && !optional(e) {
			s.pop()
			s.applyTarget(p, e, first)
			continue
		}
		return true
	}
	return false
}

// runEffects resolves pending effects until one needs a choice; then the
// turn's closing steps.
func (s *State) runEffects() {
	p := int(s.cur)
	for {
		if s.settle(p) {
			s.sub = subEffect
			return
		}
		if s.ctx.setup {
			s.ctx.setup = false
			s.sub = subChoose
			return
		}
		if s.closeTurn(p) {
			continue
		}
		s.sub = subDone
		return
	}
}

// closeTurn runs the end of a seat's turn once; it reports whether it
// pushed a new step.
func (s *State) closeTurn(p int) bool {
	if s.ctx.closed {
		return false
	}
	s.lay().rules().finish(s, p)
	if s.ctx.npend > 0 {
		return true
	}
	if !s.ctx.asked {
		s.ctx.asked = true
		if s.askMissions(p) {
			return true
		}
	}
	s.ctx.closed = true
	if s.g.solo() {
		if s.ctx.pick >= 0 {
			s.ctx.third = 3 - soloPairs[s.ctx.pick][0] - soloPairs[s.ctx.pick][1]
		}
		if s.astra.bonus > s.astra.used {
			s.push(effGive, 0)
			return true
		}
		s.giveCard(false)
	}
	return false
}

// askMissions asks p, at the end of p's own effects, whether to accomplish
// each mission not yet accomplished whose condition holds (or, in A1, may
// hold after phase 5); the choice takes effect at the end of the turn
// (checkMissions). It reports whether it asked anything.
func (s *State) askMissions(p int) bool {
	l := s.lay()
	asked := false
	for k := int8(0); k < 3; k++ {
		if s.mission[k] < 0 || s.sh[p].mdone&(1<<k) != 0 {
			continue
		}
		if l.rules().missionMay(s, p, l.missions[k][s.mission[k]].card) {
			s.push(effMission, k)
			asked = true
		}
	}
	return asked
}

// giveCard gives the third card of a solo turn to ASTRA, or discards it
// with a Solo bonus; the other two are discarded.
func (s *State) giveCard(bonus bool) {
	third := s.ctx.third
	for i := int8(0); i < 3; i++ {
		c := s.deck.shown[i]
		if i != third || bonus {
			s.deck.disc[0].add(c)
		}
		if i == third && !bonus {
			a := cardAct[c]
			s.astra.cards[a]++
			if _, boxes := s.lay().r.astraTrack(s.g.level); boxes > 0 {
				s.astra.track = int8(min(int(s.astra.track)+astraLevels[s.g.level-1][a], boxes))
			}
		}
		s.deck.shown[i] = noCard
	}
	if bonus {
		s.astra.used++
	}
}

// endTurn: phase 5, missions, the end-of-game check, the next cards.
func (s *State) endTurn() {
	r := s.lay().rules()
	if r.incidents(s) {
		return // A6: decisions first; the stage calls closeTurnRound
	}
	if !s.g.solo() {
		r.phase5(s)
		s.resolveRaces()
	}
	s.checkMissions()
	s.closeTurnRound()
}

// closeTurnRound ends a turn once phase 5 and the missions are resolved:
// the end-of-game check and the next cards.
func (s *State) closeTurnRound() {
	s.ctx.reset()
	s.astra.moved = false
	s.syncPub()
	for p := range s.g.players {
		if e := s.endsBy(p); e != endNone {
			s.finishGame(e)
			return
		}
	}
	for i := s.g.players; i < s.g.sheets(); i++ {
		if s.sheetFull(i) { // A8 solo: ASTRA's sheet
			s.finishGame(endFull)
			return
		}
	}
	if _, boxes := s.lay().r.astraTrack(s.g.level); s.g.solo() && boxes > 0 && int(s.astra.track) >= boxes {
		s.finishGame(endAstraLaunch)
		return
	}
	s.turn++
	s.cur, s.sub = 0, subChoose
	if !s.g.solo() {
		for i := 0; i < 3; i++ {
			s.deck.disc[i].add(s.deck.shown[i])
			s.deck.shown[i] = s.deck.shown[3+i]
			s.deck.shown[3+i] = noCard
		}
	}
	s.advanceChance()
}

func (s *State) finishGame(why int8) {
	s.ended = why
	s.phase = phOver
	s.cur = 0
	s.sub = subChoose
	s.ctx.reset()
}

func (s *State) endsBy(p int) int8 {
	switch sh := &s.sh[p]; {
	case s.lay().rules().ends(s, p):
		return endLaunch
	case sh.mdone == 7:
		return endMissions
	case s.errorsFull(p):
		return endErrors
	case s.sheetFull(p):
		return endFull
	}
	return endNone
}

// sheetFull says whether every number space of sheet i is filled.
func (s *State) sheetFull(i int) bool {
	for sp := 0; sp < s.lay().nSpaces; sp++ {
		if s.sh[i].num[sp] == empty {
			return false
		}
	}
	return true
}

// resolveRaces crosses every race box that some player circled on the
// sheets of the players who did not (deck.md 4.8).
func (s *State) resolveRaces() {
	for _, id := range s.lay().races {
		won := false
		for p := range s.g.players {
			won = won || s.sh[p].circ.has(id)
		}
		if !won {
			continue
		}
		for p := range s.g.players {
			if !s.sh[p].circ.has(id) {
				s.sh[p].cross.set(id)
			}
		}
	}
}

// checkMissions: every player who chose to accomplish a mission this turn
// and meets its condition accomplishes it; the first turn's players get the
// high value (deck.md 4.7).
func (s *State) checkMissions() {
	l := s.lay()
	r := l.rules()
	var met [maxPlayers]uint8
	for p := range s.g.players {
		for k := 0; k < 3; k++ {
			if s.sh[p].mdone&(1<<k) == 0 && s.sh[p].mwant&(1<<k) != 0 && r.missionMet(s, p, l.missions[k][s.mission[k]].card) {
				met[p] |= 1 << k
			}
		}
		s.sh[p].mwant = 0
	}
	var any uint8
	for p := range s.g.players {
		for k := 0; k < 3; k++ {
			if met[p]&(1<<k) == 0 {
				continue
			}
			m := l.missions[k][s.mission[k]]
			v := m.first
			if s.mtaken&(1<<k) != 0 {
				v = m.later
			}
			sh := &s.sh[p]
			sh.mdone |= 1 << k
			sh.mval[k] = v
			sh.cross.set(l.missBox[k])
			r.reward(s, p, v)
			any |= 1 << k
		}
	}
	s.mtaken |= any
}

// ---- chance ----

func (s *State) nextMission() int {
	for k, m := range s.mission {
		if m < 0 {
			return k
		}
	}
	return -1
}

func (s *State) nextSlot() int {
	n := 6
	if s.g.solo() {
		n = 3
	}
	for i := 0; i < n; i++ {
		if s.deck.shown[i] == noCard {
			return i
		}
	}
	return -1
}

func (s *State) pileOf(slot int) int {
	if s.g.solo() {
		return 0
	}
	return slot % 3
}

// pool is the set the next card of pile i is drawn from.
func (s *State) pool(i int) cardSet {
	d := &s.deck
	if d.left[i] > 0 {
		if s.g.solo() && numCards-int(d.left[0]) < 42 {
			return d.unseen.regular() // the ASTRA cards are in the bottom 24
		}
		return d.unseen
	}
	if !d.known[i].empty() {
		return d.known[i]
	}
	return d.disc[i] // reshuffled when drawn
}

func (s *State) applyChance(a engine.Action) {
	if k := s.nextMission(); k >= 0 {
		s.mission[k] = int8(a)
		s.advanceChance()
		return
	}
	slot := s.nextSlot()
	i := s.pileOf(slot)
	d := &s.deck
	c := int8(a)
	switch {
	case d.left[i] > 0:
		d.unseen.del(c)
		d.left[i]--
	case !d.known[i].empty():
		d.known[i].del(c)
	default:
		d.known[i], d.disc[i] = d.disc[i], cardSet{}
		d.pass[i]++
		d.known[i].del(c)
	}
	if isAstraCard(c) {
		d.disc[0].add(c)
		if s.astraCard(c - cardAstraA) {
			return // the player picks the target first
		}
	} else {
		d.shown[slot] = c
	}
	s.advanceChance()
}

// advanceChance moves to the next chance node or starts the turn.
func (s *State) advanceChance() {
	s.phase = phChance
	if s.nextMission() >= 0 {
		return
	}
	slot := s.nextSlot()
	if slot < 0 {
		s.phase = phDecide
		s.cur = 0
		s.startSeat()
		return
	}
	if s.g.solo() && slot == 1 && s.lay().astraPlays && !s.astra.moved {
		// A8: ASTRA plays with the first card before the other two are
		// revealed (so before the deck may be found out a second time)
		s.astra.moved = true
		s.ctx.reset()
		s.cur = 0
		s.lay().r.astraTurn(s)
		more := s.runAstra()
		s.syncPub()
		if more {
			return
		}
	}
	i := s.pileOf(slot)
	d := &s.deck
	if d.left[i] == 0 && d.known[i].empty() && (d.disc[i].empty() || (s.g.solo() && d.pass[0] >= 1)) {
		s.finishGame(endDeck) // solo: the deck ran out a second time
	}
}

// ChanceOutcomes lists the mission cards (0/1) or the cards that can be
// flipped, each equally likely.
func (s *State) ChanceOutcomes(dst []engine.Outcome) []engine.Outcome {
	dst = dst[:0]
	if s.phase != phChance {
		return dst
	}
	if s.nextMission() >= 0 {
		return append(dst, engine.Outcome{Action: 0, Prob: 0.5}, engine.Outcome{Action: 1, Prob: 0.5})
	}
	pool := s.pool(s.pileOf(s.nextSlot()))
	total := float64(pool.count())
	for c := int8(0); c < numCards; c++ {
		if n := pool.copies(c); n > 0 {
			dst = append(dst, engine.Outcome{Action: engine.Action(c), Prob: float64(n) / total})
		}
	}
	return dst
}

// LegalActions lists the legal actions, sorted.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	switch s.phase {
	case phChance:
		if s.nextMission() >= 0 {
			return append(dst, 0, 1)
		}
		pool := s.pool(s.pileOf(s.nextSlot()))
		for c := int8(0); c < numCards; c++ {
			if pool.copies(c) > 0 {
				dst = append(dst, engine.Action(c))
			}
		}
		return dst
	case phAstra, phIncident:
		p := int(s.cur)
		e := s.ctx.pend[0]
		for t := 0; t < numTarget; t++ {
			if s.targetOK(p, e, t) {
				dst = append(dst, engine.Action(aTarget+t))
			}
		}
		if optional(e) {
			dst = append(dst, aSkip)
		}
		return dst
	case phOver:
		return dst
	}
	p := int(s.cur)
	sh := s.board(p)
	switch s.sub {
	case subChoose:
		plain := false
		for c := 0; c < s.numCombos(); c++ {
			for w := 0; w < 7; w++ {
				if s.pickOK(p, c, w) {
					dst = append(dst, engine.Action(aPick+7*c+w))
					plain = plain || w == 0
				}
			}
		}
		if !plain {
			dst = append(dst, aError)
		}
	case subModifier:
		for d := int8(-2); d <= 2; d++ {
			if s.canWrite(sh, s.ctx.value+d, s.ctx.act) {
				dst = append(dst, engine.Action(aModifier+d+2))
			}
		}
	case subSpace:
		for sp := int8(0); int(sp) < s.lay().nSpaces; sp++ {
			if s.nearest(p, sh, sp) >= 0 {
				dst = append(dst, engine.Action(aTarget+int(sp)))
			}
		}
	case subEffect:
		e := s.ctx.pend[0]
		for t := 0; t < numTarget; t++ {
			if s.targetOK(p, e, t) {
				dst = append(dst, engine.Action(aTarget+t))
			}
		}
		if optional(e) {
			dst = append(dst, aSkip)
		}
	}
	return dst
}
