package jumping

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

// The turn in the pictures of the jumping games: the active pawn's dice
// (the pool, the programme's places with the dice on them, the roll),
// what is being decided, and the choices as buttons.

// Sizes of the turn's dice and buttons.
const (
	TurnDie    = 30.0
	TurnButton = 12.0
)

// RolledDie is a die of the roll: its colour and face, whether it is
// rolled yet, and the action that chooses it where it has one result only
// (-1 none) with that action's tooltip.
type RolledDie struct {
	Colour int
	Face   int8
	Rolled bool
	Action int
	Title  string
}

// Turn is what the turn part of a picture shows.
type Turn struct {
	Title   string
	Pool    []int // dice not programmed yet, by colour
	Slots   []Slot
	Rolled  []RolledDie
	Prompt  string
	Buttons []draw.Choice
}

// Choose sorts the legal actions of s for a Turn: those that program(x)
// says put a die of a colour on a place become the slots' clickable dice
// (slot fills them in), the others buttons labelled by engine.ActionLabel
// with the name as tooltip; result(x) says which rolled die an action
// plays, and a die with one such action gets that action (Turn.Rolled's
// Action, for the dice filled in after).
func (t *Turn) Choose(s engine.State, legal []engine.Action, program func(x int) (col int, ok bool), result func(x int) (die int, ok bool)) (adds []AddDie, only map[int]int) {
	only = map[int]int{}
	for _, a := range legal {
		x := int(a)
		label, name := engine.ActionLabel(s, a), s.ActionString(a)
		if col, ok := program(x); ok {
			adds = append(adds, AddDie{Colour: col, Action: x, Label: label, Name: name})
			continue
		}
		if d, ok := result(x); ok {
			if _, seen := only[d]; seen {
				only[d] = -1
			} else {
				only[d] = x
			}
		}
		t.Buttons = append(t.Buttons, draw.Choice{Action: x, Label: label, Title: label + " (" + name + ")"})
	}
	return adds, only
}

// Roll fills t.Rolled: n dice of colours col(i) and faces face(i), the
// first rolled of them rolled, each with its only action from only.
func (t *Turn) Roll(s engine.State, n, rolled int, col func(i int) int, face func(i int) int8, only map[int]int) {
	for i := 0; i < n; i++ {
		d := RolledDie{Colour: col(i), Face: face(i), Rolled: i < rolled, Action: -1}
		if x, ok := only[i]; ok && x >= 0 {
			a := engine.Action(x)
			d.Action, d.Title = x, engine.ActionLabel(s, a)+" ("+s.ActionString(a)+")"
		}
		t.Rolled = append(t.Rolled, d)
	}
}

// Height is the height Draw takes.
func (t *Turn) Height(width float64) float64 {
	h := 26.0
	if len(t.Pool) > 0 {
		h += TurnDie + 14
	}
	if len(t.Slots) > 0 {
		h += SlotH + 10
	}
	if len(t.Rolled) > 0 {
		h += TurnDie + 14
	}
	return h + 24 + draw.ButtonsHeight(20, width-20, TurnButton, t.Buttons)
}

// Draw draws the turn from y down.
func (t *Turn) Draw(c *draw.Canvas, y, width float64) {
	c.Text(20, y+14, 15, "#ffffff", draw.Start, t.Title)
	y += 26
	if len(t.Pool) > 0 {
		c.Text(20, y+TurnDie*0.65, 12, "#cbd5e1", draw.Start, "pool:")
		for i, col := range t.Pool {
			DrawBlank(c, 60+float64(i)*(TurnDie+6), y, TurnDie, col)
		}
		y += TurnDie + 14
	}
	if len(t.Slots) > 0 {
		y = DrawProgramme(c, 20, y, t.Slots)
	}
	if len(t.Rolled) > 0 {
		c.Text(20, y+TurnDie*0.65, 12, "#cbd5e1", draw.Start, "roll:")
		for i, d := range t.Rolled {
			x := 60 + float64(i)*(TurnDie+6)
			switch {
			case !d.Rolled:
				DrawBlank(c, x, y, TurnDie, d.Colour)
			case d.Action >= 0:
				c.Action(d.Action, d.Title)
				DrawFace(c, x, y, TurnDie, d.Colour, d.Face)
				c.Rect(x-2, y+TurnDie+2, TurnDie+4, 3, draw.ButtonStroke, "", 0)
				c.End()
			default:
				DrawDie(c, x, y, TurnDie, d.Colour, d.Face)
			}
		}
		y += TurnDie + 14
	}
	c.Text(20, y+14, 13, "#fde68a", draw.Start, t.Prompt)
	c.Buttons(20, y+24, width-20, TurnButton, t.Buttons)
}
