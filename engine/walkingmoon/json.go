package walkingmoon

import (
	"encoding/json"
	"slices"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/internal/taskrun"
	"github.com/moongym/moongym/engine/kit"
)

// The JSON form of a state (see docs/rules/walking-moon.md):
//
//	{"cards": [5 lunar card ids, 0 = not dealt yet],
//	 "tokens": [4 token names between the cards, "" = none],
//	 "astronauts": [{"pos": [column, level], "stack": n, "stunned": bool,
//	    "finished": place (0 racing), "sputnik": n, "ec": n, "handicap": n,
//	    "card": name, "drawn": name, "free_reroll": bool, "started_last": bool}],
//	 "round": n, "order": [astronauts], "stack_seq": n, "finishers": n,
//	 "supply": {"sputnik": n, "ec": n},
//	 "deck"/"played"/"secret": [8 counts by card type],
//	 "turn": {"active", "dice", "pool", "program", "assigned", "last_key",
//	    "jumps", "jump", "jumps_done"},
//	 "roll": {"mover", "dice": ["black2x", ...], "free_done"},
//	 "exchange": {"done": bool, "flags": n},
//	 "tasks": [{"kind": name, "a", "b", "c"}, ...] bottom first}
type astroJSON struct {
	Pos         [2]int `json:"pos"`
	Stack       int    `json:"stack"`
	Stunned     bool   `json:"stunned,omitempty"`
	Finished    int    `json:"finished,omitempty"`
	Sputnik     int    `json:"sputnik"`
	EC          int    `json:"ec"`
	Handicap    int    `json:"handicap"`
	Card        string `json:"card,omitempty"`
	Drawn       string `json:"drawn,omitempty"`
	FreeReroll  bool   `json:"free_reroll,omitempty"`
	StartedLast bool   `json:"started_last,omitempty"`
}

type turnJSON struct {
	Active    int                `json:"active"`
	Dice      int                `json:"dice"`
	Pool      [numColours]int    `json:"pool"`
	Program   [3][numColours]int `json:"program"`
	Assigned  int                `json:"assigned"`
	LastKey   int                `json:"last_key"`
	Jumps     int                `json:"jumps"`
	Jump      int                `json:"jump"`
	JumpsDone int                `json:"jumps_done"`
}

type rollJSON struct {
	Mover    int      `json:"mover"`
	Dice     []string `json:"dice"`
	FreeDone int      `json:"free_done"`
}

type stateJSON struct {
	Cards      [numSlots]int      `json:"cards"`
	Tokens     [numBetween]string `json:"tokens"`
	Astronauts []astroJSON        `json:"astronauts"`
	Round      int                `json:"round"`
	Order      []int              `json:"order"`
	StackSeq   int                `json:"stack_seq"`
	Finishers  int                `json:"finishers"`
	Supply     struct {
		Sputnik int `json:"sputnik"`
		EC      int `json:"ec"`
	} `json:"supply"`
	Deck     [numCardTypes]int `json:"deck"`
	Played   [numCardTypes]int `json:"played"`
	Secret   [numCardTypes]int `json:"secret"`
	Turn     turnJSON          `json:"turn"`
	Roll     rollJSON          `json:"roll"`
	Exchange struct {
		Done  bool `json:"done"`
		Flags int  `json:"flags"`
	} `json:"exchange"`
	Tasks []taskrun.TaskJSON `json:"tasks"`
}

func cardName(c int8) string {
	if c < 0 || int(c) >= numCardTypes {
		return ""
	}
	return cardNames[c]
}

// MarshalJSON writes the documented JSON form.
func (s *State) MarshalJSON() ([]byte, error) {
	g := s.g
	var j stateJSON
	for k := 0; k < numSlots; k++ {
		if s.slots[k] >= 0 {
			j.Cards[k] = g.data.Cards[s.slots[k]].ID
		}
	}
	for k, t := range s.tokens {
		if t >= 0 {
			j.Tokens[k] = tokenNames[t]
		}
	}
	j.Astronauts = make([]astroJSON, g.na)
	for a := 0; a < g.na; a++ {
		as := &s.ast[a]
		j.Astronauts[a] = astroJSON{Pos: [2]int{int(as.X), int(as.L)}, Stack: int(as.Stack), Stunned: as.Stunned,
			Finished: int(as.FinishPos), Sputnik: int(as.Sputnik), EC: int(as.EC), Handicap: int(as.Handicap),
			Card: cardName(as.Card), Drawn: cardName(as.Card2), FreeReroll: as.FreeReroll, StartedLast: as.StartedLast}
	}
	j.Round = int(s.round)
	j.Order = make([]int, s.nOrder)
	for i := range j.Order {
		j.Order[i] = int(s.order[i])
	}
	j.StackSeq, j.Finishers = int(s.stackSeq), int(s.finishers)
	j.Supply.Sputnik, j.Supply.EC = int(s.supplySp), int(s.supplyEC)
	for t := 0; t < numCardTypes; t++ {
		j.Deck[t], j.Played[t], j.Secret[t] = int(s.deck[t]), int(s.played[t]), int(s.secret[t])
	}
	j.Turn = turnJSON{Active: int(s.active), Dice: int(s.dice), Assigned: int(s.nAssigned), LastKey: int(s.lastKey),
		Jumps: int(s.nJumps), Jump: int(s.jump), JumpsDone: int(s.jumpsDone)}
	for c := 0; c < numColours; c++ {
		j.Turn.Pool[c] = int(s.pool[c])
		for k := 0; k < 3; k++ {
			j.Turn.Program[k][c] = int(s.prog[k][c])
		}
	}
	j.Roll = rollJSON{Mover: int(s.mover), Dice: make([]string, s.nDice), FreeDone: int(s.freeDone)}
	for i := range j.Roll.Dice {
		j.Roll.Dice[i] = dieName(int(s.dieCol[i]), s.dieFace[i])
	}
	j.Exchange.Done, j.Exchange.Flags = s.exchanged, int(s.exFlags)
	j.Tasks = s.stack.Encode(kindNames[:])
	return json.Marshal(j)
}

// states makes walking-moon's bad-state errors.
const states kit.States = "walking-moon"

// DecodeState reads the JSON form and checks it against the rules.
func (g *Game) DecodeState(data []byte) (engine.State, error) {
	var j stateJSON
	if err := states.Decode(data, &j); err != nil {
		return nil, err
	}
	s := &State{g: g}
	s.setupBlank()
	if err := s.decodeLunarCards(&j); err != nil {
		return nil, err
	}
	if err := s.decodeTokens(&j); err != nil {
		return nil, err
	}
	var counts [numCardTypes]int // the cards the astronauts hold
	if err := s.decodeAstronauts(&j, &counts); err != nil {
		return nil, err
	}
	if err := s.decodeSupply(&j, &counts); err != nil {
		return nil, err
	}
	if err := s.decodeOrder(&j); err != nil {
		return nil, err
	}
	if err := s.decodeTurn(&j); err != nil {
		return nil, err
	}
	if err := s.decodeTasks(j.Tasks); err != nil {
		return nil, err
	}
	return s, nil
}

// decodeLunarCards deals the lunar cards of the JSON form: in slot order,
// from the edition, each once, no more difficult ones than the setup allows.
func (s *State) decodeLunarCards(j *stateJSON) error {
	g := s.g
	hard := 0
	for k := 0; k < numSlots; k++ {
		s.slots[k] = -1
		if j.Cards[k] == 0 {
			continue
		}
		if k > 0 && s.slots[k-1] < 0 {
			return states.Bad("card slot %d dealt before slot %d", k+1, k)
		}
		for _, c := range g.cards {
			if g.data.Cards[c].ID == j.Cards[k] {
				s.slots[k] = c
			}
		}
		if s.slots[k] < 0 {
			return states.Bad("lunar card %d is not in the %s edition", j.Cards[k], editionNames[g.edition])
		}
		for m := 0; m < k; m++ {
			if s.slots[m] == s.slots[k] {
				return states.Bad("lunar card %d dealt twice", j.Cards[k])
			}
		}
		if g.data.Cards[s.slots[k]].Difficult {
			hard++
		}
	}
	if hard > g.difficult {
		return states.Bad("%d difficult cards, limit %d", hard, g.difficult)
	}
	return nil
}

// decodeTokens places the tokens between the cards (advanced rules), no
// more of a type than the game has.
func (s *State) decodeTokens(j *stateJSON) error {
	g := s.g
	var tokLeft [numTokenTypes]int
	for t := range tokLeft {
		tokLeft[t] = int(g.tokens[t])
	}
	for k, name := range j.Tokens {
		s.tokens[k] = -1
		if name == "" {
			continue
		}
		t := slices.Index(tokenNames[:], name)
		if t < 0 || !g.advanced {
			return states.Bad("token %q", name)
		}
		if tokLeft[t]--; tokLeft[t] < 0 {
			return states.Bad("too many %s tokens", name)
		}
		s.tokens[k] = int8(t)
	}
	return nil
}

// decodeAstronauts reads the astronauts, the counters and the finishing
// places; counts gets the cards they hold.
func (s *State) decodeAstronauts(j *stateJSON, counts *[numCardTypes]int) error {
	g := s.g
	if len(j.Astronauts) != g.na {
		return states.Bad("%d astronauts, want %d", len(j.Astronauts), g.na)
	}
	if !kit.In(j.StackSeq, 0, 30000) || !kit.In(j.Finishers, 0, g.na) || !kit.In(j.Round, 0, g.rounds) {
		return states.Bad("stack_seq, finishers or round out of range")
	}
	s.stackSeq, s.finishers, s.round = int16(j.StackSeq), int8(j.Finishers), int16(j.Round)
	var places [maxAstro + 1]bool
	for a, aj := range j.Astronauts {
		if err := s.decodeAstronaut(j, a, aj, &places, counts); err != nil {
			return err
		}
	}
	for p := 1; p <= j.Finishers; p++ {
		if !places[p] {
			return states.Bad("no astronaut finished in place %d", p)
		}
	}
	return nil
}

// decodeAstronaut reads astronaut a: its box, stack position, finish,
// counters and cards.
func (s *State) decodeAstronaut(j *stateJSON, a int, aj astroJSON, places *[maxAstro + 1]bool, counts *[numCardTypes]int) error {
	g := s.g
	as := &s.ast[a]
	x, l := aj.Pos[0], aj.Pos[1]
	if !kit.In(x, 0, g.goal) || !kit.In(l, 0, g.height-1) {
		return states.Bad("astronaut %d at %v: off the track", a, aj.Pos)
	}
	if k := s.cell(x, l) & cellKind; k != cellCircle && k != cellHazard {
		return states.Bad("astronaut %d at %v: not on a box", a, aj.Pos)
	}
	if !kit.In(aj.Stack, 1, j.StackSeq) {
		return states.Bad("astronaut %d: stack %d outside 1..%d", a, aj.Stack, j.StackSeq)
	}
	for b := 0; b < a; b++ {
		if int(s.ast[b].Stack) == aj.Stack {
			return states.Bad("astronauts %d and %d share stack position %d", b, a, aj.Stack)
		}
	}
	if (aj.Finished > 0) != (x == g.goal) || !kit.In(aj.Finished, 0, j.Finishers) {
		return states.Bad("astronaut %d: finished %d at column %d", a, aj.Finished, x)
	}
	if aj.Finished > 0 {
		if places[aj.Finished] {
			return states.Bad("two astronauts finished in place %d", aj.Finished)
		}
		places[aj.Finished] = true
	}
	if !kit.In(aj.Sputnik, 0, int(g.supplySp)) || !kit.In(aj.EC, 0, int(g.supplyEC)) || !kit.In(aj.Handicap, 0, maxCounter) {
		return states.Bad("astronaut %d: counters out of range", a)
	}
	if !g.ecRules && (aj.EC > 0 || aj.Handicap > 0) {
		return states.Bad("astronaut %d: Earth Control and handicap counters are not in these rules", a)
	}
	as.X, as.L, as.Stack, as.Stunned = int8(x), int8(l), int16(aj.Stack), aj.Stunned
	as.Finished, as.FinishPos = aj.Finished > 0, int8(aj.Finished)
	as.Sputnik, as.EC, as.Handicap = int8(aj.Sputnik), int8(aj.EC), int8(aj.Handicap)
	as.FreeReroll, as.StartedLast = aj.FreeReroll, aj.StartedLast
	as.Card, as.Card2 = noCard, noCard
	for i, name := range []string{aj.Card, aj.Drawn} {
		if name == "" {
			continue
		}
		c := slices.Index(cardNames[:], name)
		if c < 0 || !g.advanced || !g.holds(a) {
			return states.Bad("astronaut %d: card %q (with 2 players only p0a and p1a hold their seat's card)", a, name)
		}
		counts[c]++
		if i == 0 {
			as.Card = int8(c)
		} else {
			as.Card2 = int8(c)
		}
	}
	if as.Card2 != noCard && (as.Card == noCard || g.edition == editionES) {
		return states.Bad("astronaut %d: a drawn card without a card in hand", a)
	}
	if aj.FreeReroll && !g.advanced {
		return states.Bad("astronaut %d: free reroll in basic rules", a)
	}
	return nil
}

// decodeSupply checks that the counters and the cards add up: held plus the
// supply, and the deck, played and face-down piles per type.
func (s *State) decodeSupply(j *stateJSON, counts *[numCardTypes]int) error {
	g := s.g
	sumSp, sumEC := 0, 0
	for _, as := range s.ast[:g.na] {
		sumSp += int(as.Sputnik)
		sumEC += int(as.EC)
	}
	if j.Supply.Sputnik < 0 || sumSp+j.Supply.Sputnik != int(g.supplySp) {
		return states.Bad("Sputniks: %d held + %d in the supply, want %d", sumSp, j.Supply.Sputnik, g.supplySp)
	}
	if j.Supply.EC < 0 || sumEC+j.Supply.EC != int(g.supplyEC) {
		return states.Bad("Earth Control: %d held + %d in the supply, want %d", sumEC, j.Supply.EC, g.supplyEC)
	}
	s.supplySp, s.supplyEC = int8(j.Supply.Sputnik), int8(j.Supply.EC)
	for t := 0; t < numCardTypes; t++ {
		if j.Deck[t] < 0 || j.Played[t] < 0 || j.Secret[t] < 0 {
			return states.Bad("negative card count")
		}
		if counts[t]+j.Deck[t]+j.Played[t]+j.Secret[t] != int(g.deck[t]) || (!g.advanced && g.deck[t] != 0 && j.Deck[t] != int(g.deck[t])) {
			return states.Bad("%s cards do not add up to %d", cardNames[t], g.deck[t])
		}
		s.deck[t], s.played[t], s.secret[t] = int8(j.Deck[t]), int8(j.Played[t]), int8(j.Secret[t])
	}
	return nil
}

// decodeOrder reads the order of play of the round.
func (s *State) decodeOrder(j *stateJSON) error {
	g := s.g
	if len(j.Order) > g.na {
		return states.Bad("order too long")
	}
	for i, a := range j.Order {
		if !kit.In(a, 0, g.na-1) {
			return states.Bad("order: astronaut %d", a)
		}
		for k := 0; k < i; k++ {
			if j.Order[k] == a {
				return states.Bad("order: astronaut %d twice", a)
			}
		}
		s.order[i] = int8(a)
	}
	s.nOrder = int8(len(j.Order))
	return nil
}

func (s *State) setupBlank() {
	s.active, s.mover, s.lastKey = -1, -1, -1
	for a := range s.ast {
		s.ast[a] = astro{Card: noCard, Card2: noCard}
	}
}

func (s *State) decodeTurn(j *stateJSON) error {
	g := s.g
	t := j.Turn
	if !kit.In(t.Active, -1, g.na-1) || !kit.In(t.Dice, 0, maxDice) || !kit.In(t.LastKey, -1, 8) ||
		!kit.In(t.Jumps, 0, 3) || !kit.In(t.Jump, 0, 2) || !kit.In(t.JumpsDone, 0, 3) || !kit.In(t.Assigned, 0, t.Dice) {
		return states.Bad("turn fields out of range")
	}
	total := 0
	for c := 0; c < numColours; c++ {
		if !kit.In(t.Pool[c], 0, 2) {
			return states.Bad("pool of %s: %d", colourNames[c], t.Pool[c])
		}
		used := 0
		for k := 0; k < 3; k++ {
			if t.Program[k][c] < 0 {
				return states.Bad("negative programme")
			}
			used += t.Program[k][c]
			if t.Program[k][c] > 0 && k >= t.Jumps {
				return states.Bad("dice on jump %d of %d", k+1, t.Jumps)
			}
		}
		if used > t.Pool[c] {
			return states.Bad("%d %s dice programmed from a pool of %d", used, colourNames[c], t.Pool[c])
		}
		total += used
	}
	if total != t.Assigned {
		return states.Bad("programme has %d dice, assigned %d", total, t.Assigned)
	}
	s.active, s.dice, s.nAssigned, s.lastKey = int8(t.Active), int8(t.Dice), int8(t.Assigned), int8(t.LastKey)
	s.nJumps, s.jump, s.jumpsDone = int8(t.Jumps), int8(t.Jump), int8(t.JumpsDone)
	for c := 0; c < numColours; c++ {
		s.pool[c] = int8(t.Pool[c])
		for k := 0; k < 3; k++ {
			s.prog[k][c] = int8(t.Program[k][c])
		}
	}
	r := j.Roll
	if !kit.In(r.Mover, -1, g.na-1) || len(r.Dice) > maxDice || !kit.In(r.FreeDone, 0, 1<<maxDice-1) {
		return states.Bad("roll fields out of range")
	}
	s.mover, s.nDice, s.freeDone = int8(r.Mover), int8(len(r.Dice)), uint8(r.FreeDone)
	for i, name := range r.Dice {
		found := false
		for c := 0; c < numColours && !found; c++ {
			for f := int8(0); f < numFaces; f++ {
				if dieName(c, f) == name && (f == 0 || dieHas(g, c, f)) {
					s.dieCol[i], s.dieFace[i], found = int8(c), f, true
					break
				}
			}
		}
		if !found {
			return states.Bad("die %q", name)
		}
	}
	if !kit.In(j.Exchange.Flags, 0, 15) {
		return states.Bad("exchange flags %d", j.Exchange.Flags)
	}
	s.exchanged, s.exFlags = j.Exchange.Done, uint8(j.Exchange.Flags)
	return nil
}

func dieHas(g *Game, c int, f int8) bool {
	for _, x := range g.data.Dice[c] {
		if x == f {
			return true
		}
	}
	return false
}

func (s *State) decodeTasks(tasks []taskrun.TaskJSON) error {
	stack, err := taskrun.Decode(tasks, kindNames[:], states, s.checkTask)
	if err != nil {
		return err
	}
	s.stack = stack
	if t, ok := s.top(); ok && !s.waiting(t) {
		return states.Bad("the top task %s waits for nothing", kindNames[t.Kind])
	}
	return nil
}

// checkTask checks task i of kind k against what the kind reads.
func (s *State) checkTask(i, k int, tj taskrun.TaskJSON) error {
	g := s.g
	if !kit.In(tj.A, -1, g.na-1) || !kit.In(tj.C, -1, g.na-1) {
		return states.Bad("task %d: astronaut out of range", i)
	}
	bmax := 0
	switch k {
	case kSetupCard:
		bmax = numSlots - 1
	case kSetupToken:
		bmax = numBetween - 1
		if !g.advanced {
			return states.Bad("task %d: tokens in basic rules", i)
		}
	case kDraw:
		bmax = 1
	case kWindow, kPrompt:
		bmax = numTimings - 1
	case kJump:
		bmax = 2
	case kRollDie:
		bmax = max(int(s.nDice)-1, 0)
	case kChoose, kJumpEnd, kColour:
		bmax = numPurposes - 1
	case kSpend:
		bmax = 1
	}
	if !kit.In(tj.B, 0, bmax) {
		return states.Bad("task %d (%s): b=%d outside 0..%d", i, tj.Kind, tj.B, bmax)
	}
	if isDecision(k) && tj.A < 0 {
		return states.Bad("task %d (%s): no astronaut decides", i, tj.Kind)
	}
	if (k == kDraw || k == kKeep || k == kDealRound || k == kPrompt || k == kNoInstr || k == kTeam) && !g.advanced {
		return states.Bad("task %d (%s): action cards are not in the basic rules", i, tj.Kind)
	}
	if (k == kToken || k == kSpend || k == kFreeAdv || k == kColour || k == kRob) && !g.advanced {
		return states.Bad("task %d (%s): special boxes, single-die jumps and robbery are not in the basic rules", i, tj.Kind)
	}
	return nil
}
