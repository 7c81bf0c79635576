package marchmars

import (
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

// The turn in the picture (jumping.Turn): the active marine's programme
// and roll, what is being decided, and the choices as buttons (nothing is
// hidden: every seat sees them).

// decideWords says in words what a decision task asks.
var decideWords = map[int]string{
	kPlace: "land in the Landing Zone", kPick: "choose who plays next", kProgram: "put the dice on the actions",
	kChoose: "use the roll: move, shoot, bomb or let it go", kLevel: "choose the box to shoot at", kHit: "spend the hits",
	kContinue: "roll the next action or stop", kBeacon: "choose the missile's beacon", kMissileDie: "reroll a missile die?",
	kAim: "aim the missile", kBait: "keep the wave's side or roll again", kAbility: "keep an ability of the training card",
	kDrone: "a drone shot?", kSentinel: "aim the sentinels", kJet: "jet pack: the next stride", kExplore: "the explorer's advance?",
	kMulti: "multi-shot: fire the next value?", kPrecogPick: "precognition: pick a die", kPrecogAct: "precognition: place the die",
	kTeleport: "teleport?", kTeleLand: "choose where to appear", kAmulet: "amulet: pick dice to reroll", kGiveTo: "give the card to whom?",
}

// turnView gathers the turn.
func (s *State) turnView() jumping.Turn {
	var v jumping.Turn
	t, ok := s.top()
	if !ok {
		v.Title = "Game over"
		v.Prompt = s.Result(-1)
		return v
	}
	var legal []engine.Action
	if s.CurrentPlayer() >= 0 {
		legal = s.LegalActions(nil)
	}
	adds, only := v.Choose(s, legal, func(x int) (int, bool) {
		return (x - aProgram) % 3, x >= aProgram && x < aMove
	}, func(x int) (int, bool) {
		return (x - aMove) / 32, x >= aMove && x < aShoot
	})
	v.Title = "Game turn " + strconv.Itoa(int(s.turn)) + " of " + strconv.Itoa(maxTurns)
	if s.active >= 0 {
		v.Title = "Turn of marine " + strconv.Itoa(int(s.active)+1) + ": " + strconv.Itoa(int(s.dice)) + " dice"
		if left := int(s.dice - s.nAssigned); left > 0 && t.Kind == kProgram {
			v.Title += ", " + strconv.Itoa(left) + " to place"
		} else if s.nActs > 0 {
			v.Title += ", action " + strconv.Itoa(int(s.act)+1) + " of " + strconv.Itoa(int(s.nActs))
		}
		if s.nAssigned > 0 || t.Kind == kProgram {
			current := -1
			if s.nAssigned >= s.dice {
				current = int(s.act)
			}
			v.Slots = jumping.ProgrammeSlots("action", 3, s.prog, current, adds, func(x int) int { return (x - aProgram) / 3 })
		}
	}
	if s.nDice > 0 {
		rolled := int(s.nDice)
		if t.Kind == kRoll {
			rolled = int(t.B)
		}
		v.Roll(s, int(s.nDice), rolled, func(i int) int { return int(s.dieCol[i]) }, func(i int) int8 { return s.dieFace[i] }, only)
		if s.engaged {
			v.Title += " · engaged: aliens in the marine's box"
		}
	}
	if isChance(int(t.Kind)) {
		v.Prompt = "chance: " + kindNames[t.Kind]
		return v
	}
	w, ok := decideWords[int(t.Kind)]
	if !ok {
		w = kindNames[t.Kind]
	}
	v.Prompt = "marine " + strconv.Itoa(int(t.A)+1) + " to decide: " + w
	return v
}
