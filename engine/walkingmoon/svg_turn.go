package walkingmoon

import (
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

// The turn in the picture (jumping.Turn): the active astronaut's dice,
// what is being decided, and the choices where the viewer may see them.

// decideWords says in words what a decision task asks.
var decideWords = map[int]string{
	kKeep: "keep a card", kPrompt: "play an action card?", kNoInstr: "remove a die (No instructions)",
	kProgram: "put the dice on the jumps", kChoose: "choose a result of the roll", kContinue: "roll the next jump or stop",
	kColour: "choose the die of a single jump", kFreeAdv: "take the free advance?", kRob: "rob or sabotage?",
	kExchange: "exchange counters", kSpend: "spend Sputniks to advance?", kTeam: "choose a partner (Teamwork)",
}

// turnView gathers the turn as viewer sees it (-1 everything, -2 a
// spectator): the choices only for everything or the seat to act, whose
// labels may name its own card.
func (s *State) turnView(viewer engine.Player) jumping.Turn {
	g := s.g
	var v jumping.Turn
	t, ok := s.top()
	if !ok {
		v.Title = "Game over"
		v.Prompt = s.Result(max(viewer, -1))
		return v
	}
	var legal []engine.Action
	if mover := s.CurrentPlayer(); mover >= 0 && (viewer == -1 || viewer == mover) {
		legal = s.LegalActions(nil)
	}
	adds, only := v.Choose(s, legal, func(x int) (int, bool) {
		return (x - aProgram) % 3, t.Kind == kProgram && x >= aProgram && x < aStop
	}, func(x int) (int, bool) {
		return x / 16, t.Kind == kChoose && x < aProgram
	})
	if s.active >= 0 {
		a := int(s.active)
		v.Title = "Turn of " + g.astroWords(a) + ": " + strconv.Itoa(int(s.dice)) + " dice"
		if s.nJumps > 0 && t.Kind != kProgram {
			v.Title += ", jump " + strconv.Itoa(int(s.jump)+1) + " of " + strconv.Itoa(int(s.nJumps))
		}
		for col := 0; col < numColours; col++ {
			n := int(s.pool[col])
			for j := 0; j < 3; j++ {
				n -= int(s.prog[j][col])
			}
			for range max(n, 0) {
				v.Pool = append(v.Pool, col)
			}
		}
		if s.nAssigned > 0 || t.Kind == kProgram {
			current := -1
			if s.nAssigned >= s.dice {
				current = int(s.jump)
			}
			v.Slots = jumping.ProgrammeSlots("jump", 3, s.prog, current, adds, func(x int) int { return (x - aProgram) / 3 })
		}
	}
	if t.Kind == kChoose || t.Kind == kRollDie {
		rolled := int(s.nDice)
		if t.Kind == kRollDie {
			rolled = int(t.B)
		}
		v.Roll(s, int(s.nDice), rolled, func(i int) int { return int(s.dieCol[i]) }, func(i int) int8 { return s.dieFace[i] }, only)
	}
	if isChance(int(t.Kind)) {
		v.Prompt = "chance: " + kindNames[t.Kind]
		return v
	}
	w, ok := decideWords[int(t.Kind)]
	if !ok {
		w = kindNames[t.Kind]
	}
	v.Prompt = g.astroWords(int(t.A)) + " to decide: " + w
	return v
}
