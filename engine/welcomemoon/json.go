package welcomemoon

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// The JSON form of a state (documented in docs/rules/welcome-moon.md).

type sheetJSON struct {
	// Spaces are the number spaces in id order: "." empty, "X", or the number.
	Spaces  string  `json:"spaces"`
	Circled []int16 `json:"circled"`
	Crossed []int16 `json:"crossed"`
	// Missions are the rewards of missions A, B, C; -1 not accomplished.
	Missions [3]int8 `json:"missions"`
	// Accomplish lists the missions (0 A, 1 B, 2 C) the player chose this
	// turn to accomplish at its end.
	Accomplish []int8 `json:"accomplish,omitempty"`
}

type deckJSON struct {
	Unseen  []int8    `json:"unseen"`
	Left    [3]int8   `json:"left"`
	Known   [3][]int8 `json:"known"`
	Discard [3][]int8 `json:"discard"`
	Pass    [3]int8   `json:"pass"`
	Shown   [6]int8   `json:"shown"`
}

type effJSON struct {
	Kind string `json:"kind"`
	Arg  int8   `json:"arg"`
}

type ctxJSON struct {
	Pick    int8      `json:"pick"`
	Wild    int8      `json:"wild"`
	Value   int8      `json:"value"`
	Act     int8      `json:"action"`
	Space   int8      `json:"space"`
	Third   int8      `json:"third"`
	Asked   bool      `json:"asked"`
	Closed  bool      `json:"closed"`
	Setup   bool      `json:"setup,omitempty"`
	Pending []effJSON `json:"pending"`
}

type astraJSON struct {
	Cards [numActs]int8 `json:"cards"`
	Track int8          `json:"track"`
	Bonus int8          `json:"bonus"`
	Used  int8          `json:"used"`
	// Moved: A8, ASTRA has played its own turn of this turn.
	Moved bool `json:"moved,omitempty"`
}

type stateJSON struct {
	Adventure     int          `json:"adventure"`
	Players       int          `json:"players"`
	Turn          int16        `json:"turn"`
	Phase         string       `json:"phase"`
	Step          string       `json:"step"`
	Current       int8         `json:"current"`
	Ended         string       `json:"ended,omitempty"`
	Missions      [3]int8      `json:"missions"`
	MissionsTaken [3]bool      `json:"missions_taken"`
	Deck          deckJSON     `json:"deck"`
	Sheets        []sheetJSON  `json:"sheets"`
	TurnStart     []*sheetJSON `json:"turn_start"`
	Ctx           ctxJSON      `json:"turn_ctx"`
	Astra         *astraJSON   `json:"astra,omitempty"`
	// Propagations are, in the A6 phase 5, the propagations each seat
	// still has to resolve.
	Propagations []int8 `json:"propagations,omitempty"`
}

var (
	phaseNames = [...]string{"chance", "decide", "astra", "incident", "over"}
	stepNames  = [...]string{"choose", "modifier", "space", "effect", "done"}
	effKeys    = [numEff]string{"", "x-bonus", "planning-x", "activate", "wall", "robot", "plant", "tunnel",
		"track", "factory-robot", "factory-energy", "symbol", "error-card", "give", "astra", "energy", "mission", "dome", "split", "upgrade",
		"grey", "infect", "walkway", "quarter-energy", "virus", "propagation-symbol", "propagate", "spread", "ask-missions", "airlock",
		"moon", "asteroid", "resolve", "astra-planet", "astra-moon"}
)

func setList(c cardSet) []int8 {
	out := []int8{}
	for id := int8(0); id < numCards; id++ {
		if c.has(id) {
			out = append(out, id)
		}
	}
	return out
}

func markList(m *marks) []int16 {
	out := []int16{}
	for id := int16(0); id < markBits; id++ {
		if m.has(id) {
			out = append(out, id)
		}
	}
	return out
}

func (s *State) sheetJSON(sh *sheet) sheetJSON {
	toks := make([]string, s.lay().nSpaces)
	for sp := range toks {
		toks[sp] = cell(sh.num[sp])
	}
	j := sheetJSON{Spaces: strings.Join(toks, " "), Circled: markList(&sh.circ), Crossed: markList(&sh.cross)}
	for k := 0; k < 3; k++ {
		j.Missions[k] = -1
		if sh.mdone&(1<<k) != 0 {
			j.Missions[k] = sh.mval[k]
		}
		if sh.mwant&(1<<k) != 0 {
			j.Accomplish = append(j.Accomplish, int8(k))
		}
	}
	return j
}

// cell writes a space: "." empty, "X", or the number.
func cell(v int8) string {
	switch v {
	case empty:
		return "."
	case xMark:
		return "X"
	}
	return strconv.Itoa(int(v - 1))
}

// MarshalJSON writes the documented JSON form; see Game.DecodeState.
func (s *State) MarshalJSON() ([]byte, error) {
	j := stateJSON{
		Adventure: s.lay().adv, Players: s.g.players, Turn: s.turn,
		Phase: phaseNames[s.phase], Step: stepNames[s.sub], Current: s.cur,
		Ended: endNames[s.ended], Missions: s.mission,
	}
	for k := 0; k < 3; k++ {
		j.MissionsTaken[k] = s.mtaken&(1<<k) != 0
	}
	d := &s.deck
	j.Deck = deckJSON{Unseen: setList(d.unseen), Left: d.left, Pass: d.pass, Shown: d.shown}
	for i := 0; i < 3; i++ {
		j.Deck.Known[i] = setList(d.known[i])
		j.Deck.Discard[i] = setList(d.disc[i])
	}
	j.TurnStart = make([]*sheetJSON, s.g.sheets())
	for p := range s.g.sheets() {
		j.Sheets = append(j.Sheets, s.sheetJSON(&s.sh[p]))
		if s.pub[p] != s.sh[p] {
			pj := s.sheetJSON(&s.pub[p])
			j.TurnStart[p] = &pj
		}
	}
	c := &s.ctx
	j.Ctx = ctxJSON{Pick: c.pick, Wild: c.wild, Value: c.value, Act: c.act, Space: c.space, Third: c.third, Asked: c.asked, Closed: c.closed, Setup: c.setup, Pending: []effJSON{}}
	for _, e := range c.pend[:c.npend] {
		j.Ctx.Pending = append(j.Ctx.Pending, effJSON{effKeys[e.kind], e.arg})
	}
	if s.prop != [maxPlayers]int8{} {
		j.Propagations = s.prop[:s.g.players]
	}
	if s.g.solo() {
		j.Astra = &astraJSON{Cards: s.astra.cards, Track: s.astra.track, Bonus: s.astra.bonus, Used: s.astra.used, Moved: s.astra.moved}
	}
	return json.Marshal(j)
}

// states makes welcome-moon's bad-state errors.
const states kit.States = "welcome-moon"

// DecodeState reads what MarshalJSON wrote and checks it against the rules:
// the game's adventure and players, every card in exactly one place, numbers
// ascending in every zone, marks only on the sheet's elements, missions and
// the turn in progress consistent, and a legal move available.
func (g *Game) DecodeState(data []byte) (engine.State, error) {
	var j stateJSON
	if err := states.Decode(data, &j); err != nil {
		return nil, err
	}
	if j.Adventure != g.lay.adv || j.Players != g.players {
		return nil, states.Bad("adventure %d with %d players, want %d with %d", j.Adventure, j.Players, g.lay.adv, g.players)
	}
	s := &State{g: g}
	var err error
	if s.phase, err = kit.Index[int8](states, phaseNames[:], j.Phase, "phase"); err != nil {
		return nil, err
	}
	if s.sub, err = kit.Index[int8](states, stepNames[:], j.Step, "step"); err != nil {
		return nil, err
	}
	if s.ended, err = kit.Index[int8](states, endNames[:], j.Ended, "ended"); err != nil {
		return nil, err
	}
	if (s.ended != endNone) != (s.phase == phOver) {
		return nil, states.Bad("ended %q in phase %s", j.Ended, j.Phase)
	}
	if j.Current < 0 || int(j.Current) >= g.players || j.Turn < 0 || j.Turn > 100 {
		return nil, states.Bad("current seat %d, turn %d", j.Current, j.Turn)
	}
	s.cur, s.turn = j.Current, j.Turn
	if err := s.decodeMissions(&j); err != nil {
		return nil, err
	}
	if err := s.decodeDeck(&j); err != nil {
		return nil, err
	}
	if len(j.Sheets) != g.sheets() || len(j.TurnStart) != g.sheets() {
		return nil, states.Bad("%d sheets, %d turn starts for %d sheets", len(j.Sheets), len(j.TurnStart), g.sheets())
	}
	for p := range g.sheets() {
		if err := s.decodeSheet(&j.Sheets[p], &s.sh[p]); err != nil {
			return nil, states.Bad("sheet %d: %v", p, err)
		}
		s.pub[p] = s.sh[p]
		if j.TurnStart[p] != nil {
			// its writer's marks or its owner's mission choices of this turn
			if w := s.writer(p); s.phase != phDecide || (w < 0 || w > int(s.cur)) && (p >= g.players || p > int(s.cur)) {
				return nil, states.Bad("sheet %d has a turn start but no one has played on it this turn", p)
			}
			if err := s.decodeSheet(j.TurnStart[p], &s.pub[p]); err != nil {
				return nil, states.Bad("turn start %d: %v", p, err)
			}
		}
	}
	if err := s.decodeCtx(&j); err != nil {
		return nil, err
	}
	if err := s.decodeAstra(&j); err != nil {
		return nil, err
	}
	if len(j.Propagations) > 0 {
		if s.phase != phIncident || len(j.Propagations) != g.players {
			return nil, states.Bad("propagations %v outside phase 5", j.Propagations)
		}
		for p, n := range j.Propagations {
			if n < 0 || n > 20 || (n > 0 && p <= int(s.cur)) {
				return nil, states.Bad("seat %d has %d propagations", p, n)
			}
			s.prop[p] = n
		}
	}
	if s.phase != phOver {
		if len(s.LegalActions(nil)) == 0 {
			return nil, states.Bad("no legal action")
		}
	} else if s.sub != subChoose || s.cur != 0 || s.ctx != (turnCtx{pick: -1, wild: -1, value: -1, act: -1, space: -1, third: -1}) {
		return nil, states.Bad("finished game with a turn in progress")
	}
	return s, nil
}

func (s *State) decodeMissions(j *stateJSON) error {
	drawn := true
	for k, m := range j.Missions {
		if m < -1 || m > 1 || (m >= 0 && !drawn) {
			return states.Bad("missions %v", j.Missions)
		}
		drawn = m >= 0
		s.mission[k] = m
		if j.MissionsTaken[k] {
			if m < 0 {
				return states.Bad("mission %d taken but not drawn", k)
			}
			s.mtaken |= 1 << k
		}
	}
	if !drawn && s.phase != phChance {
		return states.Bad("missions not drawn in phase %s", j.Phase)
	}
	return nil
}

func (s *State) decodeDeck(j *stateJSON) error {
	d := &s.deck
	solo := s.g.solo()
	limit := int8(numStarship)
	if solo {
		limit = numCards
	}
	var seen cardSet
	place := func(ids []int8, dst *cardSet, what string) error {
		for _, id := range ids {
			if id < 0 || id >= limit || seen.has(id) {
				return states.Bad("card %d in %s: unknown or in two places", id, what)
			}
			seen.add(id)
			dst.add(id)
		}
		return nil
	}
	if err := place(j.Deck.Unseen, &d.unseen, "unseen"); err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if err := place(j.Deck.Known[i], &d.known[i], "pile"); err != nil {
			return err
		}
		if err := place(j.Deck.Discard[i], &d.disc[i], "discard"); err != nil {
			return err
		}
		if j.Deck.Pass[i] < 0 || j.Deck.Pass[i] > 50 {
			return states.Bad("pile %d reshuffled %d times", i, j.Deck.Pass[i])
		}
	}
	d.left, d.pass = j.Deck.Left, j.Deck.Pass
	var shownSet cardSet
	for i, c := range j.Deck.Shown {
		d.shown[i] = c
		if c == noCard {
			continue
		}
		if c < 0 || c >= numStarship || seen.has(c) || (solo && i >= 3) {
			return states.Bad("shown card %d in slot %d", c, i)
		}
		seen.add(c)
		shownSet.add(c)
	}
	sumLeft := 0
	for i, n := range d.left {
		max := int8(21)
		if solo {
			max = 0
			if i == 0 {
				max = numCards
			}
		}
		if n < 0 || n > max {
			return states.Bad("pile %d has %d first-pass cards left", i, n)
		}
		if n > 0 && d.pass[i] > 0 {
			return states.Bad("pile %d reshuffled before its first pass ended", i)
		}
		sumLeft += int(n)
	}
	if d.unseen.count() != sumLeft {
		return states.Bad("%d unseen cards for %d first-pass cards left", d.unseen.count(), sumLeft)
	}
	if solo {
		if !d.known[1].empty() || !d.known[2].empty() || !d.disc[1].empty() || !d.disc[2].empty() || d.pass[1] != 0 || d.pass[2] != 0 {
			return states.Bad("solo deck uses piles 2 and 3")
		}
		if d.left[0] > 24 && d.unseen[1] != allAstra[1] || (d.left[0] > 24 && d.unseen[0]&(1<<63) == 0) {
			return states.Bad("an ASTRA card was seen among the first 42 cards")
		}
		if d.pass[0] > 1 {
			return states.Bad("the solo deck is reshuffled only once")
		}
		// the cards nowhere are ASTRA's
		var missing [numActs]int8
		for c := int8(0); c < numStarship; c++ {
			if !seen.has(c) {
				missing[cardAct[c]]++
			}
		}
		var astra [numActs]int8
		if j.Astra != nil {
			astra = j.Astra.Cards
		}
		if missing != astra {
			return states.Bad("cards missing from the deck %v differ from ASTRA's cards %v", missing, astra)
		}
		for c := int8(numStarship); c < numCards; c++ {
			if !seen.has(c) {
				return states.Bad("ASTRA card %d is missing", c)
			}
		}
	} else if seen != allStarship {
		return states.Bad("cards missing from the deck")
	}
	// slots fill in order during the flips and are all shown during a turn
	n := 6
	if solo {
		n = 3
	}
	filled := 0
	for i := 0; i < n; i++ {
		if d.shown[i] != noCard {
			if filled != i {
				return states.Bad("card slots filled out of order")
			}
			filled++
		}
	}
	switch s.phase {
	case phDecide:
		if filled != n {
			return states.Bad("a turn with %d of %d cards shown", filled, n)
		}
	case phChance, phAstra:
		if filled == n || (s.nextMission() >= 0 && filled > 0) {
			return states.Bad("flip with %d cards shown", filled)
		}
	case phIncident:
		if (solo && filled != 0) || (!solo && filled != n) {
			return states.Bad("phase 5 with %d cards shown", filled)
		}
	case phOver:
		if solo && filled == n {
			return states.Bad("solo game over with a full turn shown")
		}
	}
	if s.phase == phAstra && !solo {
		return states.Bad("ASTRA phase in a multiplayer game")
	}
	return nil
}

func (s *State) decodeSheet(j *sheetJSON, sh *sheet) error {
	l := s.lay()
	*sh = sheet{}
	toks := strings.Fields(j.Spaces)
	if len(toks) != l.nSpaces {
		return fmt.Errorf("%d spaces, want %d", len(toks), l.nSpaces)
	}
	for _, id := range j.Circled {
		if id < 0 || id >= markBits || !l.known.has(id) {
			return fmt.Errorf("circled element %d is not on the sheet", id)
		}
		sh.circ.set(id)
	}
	for _, id := range j.Crossed {
		if id < 0 || id >= markBits || !l.known.has(id) {
			return fmt.Errorf("crossed element %d is not on the sheet", id)
		}
		sh.cross.set(id)
	}
	for sp, t := range toks {
		switch t {
		case ".":
		case "X":
			sh.num[sp] = xMark
		default:
			v, err := strconv.Atoi(t)
			if err != nil || v < minValue || v > maxValue {
				return fmt.Errorf("space %d holds %q", sp+1, t)
			}
			sh.num[sp] = int8(v + 1)
		}
	}
	for sp := int8(0); int(sp) < l.nSpaces; sp++ {
		if v := sh.num[sp]; v != empty && v != xMark {
			sh.num[sp] = empty
			ok := s.fits(sh, sp, v-1)
			sh.num[sp] = v
			if !ok {
				return fmt.Errorf("space %d: %d breaks the ascending order", sp+1, v-1)
			}
		}
	}
	for k, v := range j.Missions {
		if v == -1 {
			if sh.cross.has(l.missBox[k]) {
				return fmt.Errorf("mission box %d crossed but mission not accomplished", k)
			}
			continue
		}
		if s.mission[k] < 0 {
			return fmt.Errorf("mission %d accomplished before it was drawn", k)
		}
		m := l.missions[k][s.mission[k]]
		if (v != m.first && v != m.later) || !sh.cross.has(l.missBox[k]) || s.mtaken&(1<<k) == 0 {
			return fmt.Errorf("mission %d reward %d (card %d gives %d/%d)", k, v, m.card, m.first, m.later)
		}
		sh.mdone |= 1 << k
		sh.mval[k] = v
	}
	for _, k := range j.Accomplish {
		if k < 0 || k > 2 || s.mission[k] < 0 || sh.mdone&(1<<k) != 0 || sh.mwant&(1<<k) != 0 {
			return fmt.Errorf("choice to accomplish mission %d", k)
		}
		sh.mwant |= 1 << k
	}
	return l.rules().check(s, sh)
}

func (s *State) decodeCtx(j *stateJSON) error {
	c := j.Ctx
	combos := int8(s.numCombos())
	if c.Pick < -1 || c.Pick >= combos || c.Wild < -1 || c.Wild >= numActs || c.Value < -1 || c.Value > maxValue ||
		c.Act < -1 || c.Act >= numActs || c.Space < -1 || int(c.Space) >= s.lay().nSpaces || c.Third < -1 || c.Third > 2 || len(c.Pending) > maxPend {
		return states.Bad("turn in progress out of range: %+v", c)
	}
	s.ctx = turnCtx{pick: c.Pick, wild: c.Wild, value: c.Value, act: c.Act, space: c.Space, third: c.Third, asked: c.Asked, closed: c.Closed, setup: c.Setup}
	for _, e := range c.Pending {
		k, err := kit.Index[int8](states, effKeys[:], e.Kind, "effect")
		if err != nil || k == effNone {
			return states.Bad("pending effect %q", e.Kind)
		}
		if e.Arg < 0 || e.Arg >= 16 {
			return states.Bad("pending effect argument %d", e.Arg)
		}
		s.ctx.pend[s.ctx.npend] = effect{k, e.Arg}
		s.ctx.npend++
	}
	fresh := turnCtx{pick: -1, wild: -1, value: -1, act: -1, space: -1, third: -1}
	switch {
	case s.phase == phAstra || s.phase == phIncident:
		if s.ctx.npend == 0 || (s.phase == phAstra && s.cur != 0) {
			return states.Bad("%s phase without a pending choice", j.Phase)
		}
		rest := s.ctx
		rest.npend, rest.pend = 0, [maxPend]effect{}
		if rest != fresh {
			return states.Bad("%s phase with a turn in progress", j.Phase)
		}
		if s.phase == phIncident && !s.lay().r.decidesIncidents() {
			return states.Bad("phase 5 decisions outside Adventure 6")
		}
		for _, e := range s.ctx.pend[:s.ctx.npend] {
			astraKind := e.kind == effAstra || e.kind == effVirus || e.kind == effPropSym || e.kind == effPropagate || e.kind == effSpread || e.kind == effInfect ||
				e.kind == effAstraPlanet || e.kind == effAstraMoon
			incidentKind := e.kind == effPropagate || e.kind == effSpread || e.kind == effInfect || e.kind == effAskMissions || e.kind == effMission
			if s.phase == phAstra && !astraKind || s.phase == phIncident && !incidentKind {
				return states.Bad("effect %s in phase %s", effKeys[e.kind], j.Phase)
			}
		}
	case s.phase != phDecide || s.sub == subChoose:
		if s.ctx != fresh {
			return states.Bad("turn state %+v in step %s", c, j.Step)
		}
	case s.sub == subDone:
		return states.Bad("step done is never stored")
	default:
		if s.ctx.pick >= 0 {
			numC, actC := s.combo(int(s.ctx.pick))
			act := cardAct[actC]
			if s.ctx.wild >= 0 {
				act = s.ctx.wild
			}
			if act != s.ctx.act {
				return states.Bad("action %d is not the combination's", s.ctx.act)
			}
			if s.sub == subModifier && s.ctx.value != cardNum[numC] {
				return states.Bad("value %d is not the combination's", s.ctx.value)
			}
		} else if s.sub != subEffect {
			return states.Bad("step %s after a System Error", j.Step)
		}
		if (s.sub == subEffect) != (s.ctx.npend > 0) {
			return states.Bad("step %s with %d pending effects", j.Step, s.ctx.npend)
		}
		for _, e := range s.ctx.pend[:s.ctx.npend] {
			if e.kind == effAstra || e.kind == effAstraPlanet || e.kind == effAstraMoon || ((e.kind == effGive || e.kind == effErrCard) && !s.g.solo()) {
				return states.Bad("effect %s in this turn", effKeys[e.kind])
			}
		}
	}
	for p := int(s.cur) + 1; p < s.g.players && s.phase == phDecide; p++ {
		if i := s.lay().r.playSheet(s, p); !s.sh[i].sameMarks(&s.pub[i]) || !s.sh[p].sameMissions(&s.pub[p]) {
			return states.Bad("seat %d changed before its turn", p)
		}
	}
	if s.ctx.closed && !s.ctx.asked || s.ctx.asked && s.sub != subEffect {
		return states.Bad("closing steps out of order")
	}
	for _, e := range s.ctx.pend[:s.ctx.npend] {
		if e.kind == effMission && (!s.ctx.asked && s.phase != phIncident || s.ctx.closed || e.arg > 2 || s.sh[s.cur].mdone&(1<<e.arg) != 0) {
			return states.Bad("mission choice out of place")
		}
	}
	for p := range s.g.players {
		asked := (s.phase == phDecide || s.phase == phIncident) && (p < int(s.cur) || p == int(s.cur) && s.ctx.asked) ||
			s.phase == phIncident && p == int(s.cur)
		if s.pub[p].mwant != 0 && s.phase != phIncident || (s.sh[p].mwant != 0 && !asked) {
			return states.Bad("seat %d chose missions outside its turn", p)
		}
	}
	return nil
}

func (s *State) decodeAstra(j *stateJSON) error {
	if !s.g.solo() {
		if j.Astra != nil {
			return states.Bad("ASTRA in a multiplayer game")
		}
		return nil
	}
	if j.Astra == nil {
		return states.Bad("solo game without ASTRA")
	}
	a := j.Astra
	l := s.lay()
	start, boxes := l.r.astraTrack(s.g.level)
	if a.Track < 0 || int(a.Track) > boxes || a.Bonus < 0 || int(a.Bonus) > l.solo.bonusBoxes || a.Used < 0 || a.Used > a.Bonus {
		return states.Bad("ASTRA track %d, bonus %d, used %d", a.Track, a.Bonus, a.Used)
	}
	if boxes > 0 && int(a.Track) < start {
		return states.Bad("ASTRA track %d below its start", a.Track)
	}
	if boxes > 0 {
		want := start
		for act, n := range a.Cards {
			want += int(n) * astraLevels[s.g.level-1][act]
		}
		if int(a.Track) != min(want, boxes) {
			return states.Bad("ASTRA track %d, but its start and cards cross %d", a.Track, want)
		}
	}
	if err := l.r.checkSoloBonus(s, a.Bonus); err != nil {
		return err
	}
	s.astra = astraState{cards: a.Cards, track: a.Track, bonus: a.Bonus, used: a.Used, moved: a.Moved}
	if l.astraPlays {
		// ASTRA plays once the first card of the turn is shown, before the
		// second; it has played whenever the player does
		shown := s.deck.shown[0] != noCard
		if s.phase != phOver && a.Moved != shown {
			return states.Bad("ASTRA moved %v with the first card shown %v in phase %s", a.Moved, shown, j.Phase)
		}
	} else if a.Moved {
		return states.Bad("ASTRA plays no turns of its own in this adventure")
	}
	return nil
}
