package walkingmoon

import (
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
	"github.com/moongym/moongym/internal/draw"
)

// The turn in the picture: the active astronaut's dice (the pool, the
// programme's jumps with the dice on them, the roll), what is being
// decided, and the choices as buttons where the viewer may see them.

// decideWords says in words what a decision task asks.
var decideWords = map[int]string{
	kKeep: "keep a card", kPrompt: "play an action card?", kNoInstr: "remove a die (No instructions)",
	kProgram: "put the dice on the jumps", kChoose: "choose a result of the roll", kContinue: "roll the next jump or stop",
	kColour: "choose the die of a single jump", kFreeAdv: "take the free advance?", kRob: "rob or sabotage?",
	kExchange: "exchange counters", kSpend: "spend Sputniks to advance?", kTeam: "choose a partner (Teamwork)",
}

const (
	dieSize    = 30.0
	buttonSize = 12.0
)

// rolledDie is a die of the roll: its colour and face, whether it is
// rolled yet, and the action that chooses it where it has one result only.
type rolledDie struct {
	col    int
	face   int8
	rolled bool
	action int
	label  string
}

// turnView is what the turn part of the picture shows.
type turnView struct {
	title   string
	pool    []int
	slots   []jumping.Slot
	rolled  []rolledDie
	prompt  string
	choices []draw.Choice
}

// turnView gathers the turn as viewer sees it (-1 everything): the
// choices only for everything or the seat to act.
func (s *State) turnView(viewer engine.Player) turnView {
	g := s.g
	var v turnView
	t, ok := s.top()
	if !ok {
		v.title = "Game over"
		v.prompt = s.Result(viewer)
		if viewer == -2 {
			v.prompt = s.Result(-1)
		}
		return v
	}
	mover := s.CurrentPlayer()
	var legal []engine.Action
	if mover >= 0 && (viewer == -1 || viewer == mover) {
		legal = s.LegalActions(nil)
	}
	var adds []jumping.AddDie
	one := map[int]int{} // die -> its choose action, -1 when several
	for _, a := range legal {
		x := int(a)
		label := engine.ActionLabel(s, a)
		switch {
		case t.Kind == kProgram && x >= aProgram && x < aStop:
			adds = append(adds, jumping.AddDie{Colour: (x - aProgram) % 3, Action: x, Label: label, Name: s.ActionString(a)})
			continue
		case t.Kind == kChoose && x < aProgram:
			if _, seen := one[x/16]; seen {
				one[x/16] = -1
			} else {
				one[x/16] = x
			}
		}
		v.choices = append(v.choices, draw.Choice{Action: x, Label: label, Title: label + " (" + s.ActionString(a) + ")"})
	}
	if s.active >= 0 {
		a := int(s.active)
		v.title = "Turn of " + g.astroWords(a) + ": " + strconv.Itoa(int(s.dice)) + " dice"
		if s.nJumps > 0 && t.Kind != kProgram {
			v.title += ", jump " + strconv.Itoa(int(s.jump)+1) + " of " + strconv.Itoa(int(s.nJumps))
		}
		for col := 0; col < numColours; col++ {
			n := int(s.pool[col])
			for j := 0; j < 3; j++ {
				n -= int(s.prog[j][col])
			}
			for range max(n, 0) {
				v.pool = append(v.pool, col)
			}
		}
		if s.nAssigned > 0 || t.Kind == kProgram {
			current := -1
			if s.nAssigned >= s.dice {
				current = int(s.jump)
			}
			v.slots = jumping.ProgrammeSlots("jump", 3, s.prog, current, adds, func(x int) int { return (x - aProgram) / 3 })
		}
	}
	if t.Kind == kChoose || t.Kind == kRollDie {
		for i := 0; i < int(s.nDice); i++ {
			d := rolledDie{col: int(s.dieCol[i]), face: s.dieFace[i], rolled: t.Kind == kChoose || i < int(t.B), action: -1}
			if x, ok := one[i]; ok && x >= 0 {
				d.action = x
				d.label = engine.ActionLabel(s, engine.Action(x)) + " (" + s.ActionString(engine.Action(x)) + ")"
			}
			v.rolled = append(v.rolled, d)
		}
	}
	switch {
	case isChance(int(t.Kind)):
		v.prompt = "chance: " + kindNames[t.Kind]
	default:
		w, ok := decideWords[int(t.Kind)]
		if !ok {
			w = kindNames[t.Kind]
		}
		v.prompt = g.astroWords(int(t.A)) + " to decide: " + w
	}
	return v
}

// height is the height the turn takes.
func (v *turnView) height(width float64) float64 {
	h := 26.0
	if len(v.pool) > 0 {
		h += dieSize + 14
	}
	if len(v.slots) > 0 {
		h += jumping.SlotH + 10
	}
	if len(v.rolled) > 0 {
		h += dieSize + 14
	}
	h += 24 + draw.ButtonsHeight(20, width-20, buttonSize, v.choices)
	return h
}

// draw draws the turn from y down.
func (v *turnView) draw(c *draw.Canvas, y, width float64) {
	c.Text(20, y+14, 15, "#ffffff", draw.Start, v.title)
	y += 26
	if len(v.pool) > 0 {
		c.Text(20, y+dieSize*0.65, 12, "#cbd5e1", draw.Start, "pool:")
		for i, col := range v.pool {
			jumping.DrawBlank(c, 60+float64(i)*(dieSize+6), y, dieSize, col)
		}
		y += dieSize + 14
	}
	if len(v.slots) > 0 {
		y = jumping.DrawProgramme(c, 20, y, v.slots)
	}
	if len(v.rolled) > 0 {
		c.Text(20, y+dieSize*0.65, 12, "#cbd5e1", draw.Start, "roll:")
		for i, d := range v.rolled {
			x := 60 + float64(i)*(dieSize+6)
			switch {
			case !d.rolled:
				jumping.DrawBlank(c, x, y, dieSize, d.col)
			case d.action >= 0:
				c.Action(d.action, d.label)
				jumping.DrawFace(c, x, y, dieSize, d.col, d.face)
				c.Rect(x-2, y+dieSize+2, dieSize+4, 3, draw.ButtonStroke, "", 0)
				c.End()
			default:
				jumping.DrawDie(c, x, y, dieSize, d.col, d.face)
			}
		}
		y += dieSize + 14
	}
	c.Text(20, y+14, 13, "#fde68a", draw.Start, v.prompt)
	y += 24
	c.Buttons(20, y, width-20, buttonSize, v.choices)
}
