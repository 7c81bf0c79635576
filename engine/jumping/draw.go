package jumping

import (
	"strconv"

	"github.com/moongym/moongym/internal/draw"
)

// Drawing the dice and the programme, shared by the games' pictures.

// DieFill and DieInk are the dice's colours and their pips'.
var (
	DieFill = [NumColours]string{"#2563eb", "#111827", "#f9fafb"}
	DieInk  = [NumColours]string{"#ffffff", "#ffffff", "#111827"}
)

// DrawDie draws a rolled die of colour col showing face at (x, y), with
// its words as a tooltip.
func DrawDie(c *draw.Canvas, x, y, size float64, col int, face int8) {
	c.Tip(DieWords(col, face))
	DrawFace(c, x, y, size, col, face)
	c.End()
}

// DrawFace draws the die without a tooltip, for a die inside a group that
// has one (a die that is clicked).
func DrawFace(c *draw.Canvas, x, y, size float64, col int, face int8) {
	c.Die(x, y, size, DieFill[col], DieInk[col], "#f59e0b", FaceValue(face), FaceSkull(face))
}

// DrawBlank draws a die of colour col not rolled yet.
func DrawBlank(c *draw.Canvas, x, y, size float64, col int) {
	c.Tip("a " + ColourNames[col] + " die")
	c.RoundRect(x, y, size, size, size*0.18, DieFill[col], "#cbd5e1", 1.5)
	c.End()
}

// AddDie is a die that may be put on a slot of a programme: its colour,
// the action that does it, its label and name (the tooltip).
type AddDie struct {
	Colour, Action int
	Label, Name    string
}

// Slot is one place of a programme (a jump, an action): its name, the
// colours of the dice on it, whether it is the one being played, and the
// dice that may be added to it.
type Slot struct {
	Name    string
	Dice    []int
	Current bool
	Add     []AddDie
}

// SlotW and SlotH are the size of a programme slot.
const (
	SlotW = 170.0
	SlotH = 78.0
)

// DrawProgramme draws slots left to right from (x, y), each a box with
// its name, the dice on it, and the dice that may be added as clickable
// ghost dice marked +; it returns the y below them.
func DrawProgramme(c *draw.Canvas, x, y float64, slots []Slot) float64 {
	const die = 24.0
	for i, sl := range slots {
		sx := x + float64(i)*(SlotW+10)
		stroke, width := "#475569", 1.5
		if sl.Current {
			stroke, width = "#fde68a", 3
		}
		c.RoundRect(sx, y, SlotW, SlotH, 8, "#0f172a", stroke, width)
		c.Text(sx+10, y+17, 13, "#e5e7eb", draw.Start, sl.Name)
		if len(sl.Dice) == 0 && len(sl.Add) == 0 {
			c.Text(sx+10, y+48, 11, "#64748b", draw.Start, "empty")
		}
		dx := sx + 10
		for _, col := range sl.Dice {
			DrawBlank(c, dx, y+30, die, col)
			dx += die + 5
		}
		for _, a := range sl.Add {
			c.Action(a.Action, a.Label+" ("+a.Name+")")
			c.RoundRect(dx, y+30, die, die, die*0.18, DieFill[a.Colour], draw.ButtonStroke, 2)
			c.Text(dx+die/2, y+30+die*0.72, die*0.7, DieInk[a.Colour], draw.Middle, "+")
			c.End()
			dx += die + 5
		}
	}
	return y + SlotH + 10
}

// ProgrammeSlots builds the slots of a programme of n places named name
// 1..n ("jump 1"): prog[k][col] dice of each colour on place k, current
// the place being played (-1 none); adds the clickable dice.
func ProgrammeSlots(name string, n int, prog [3][NumColours]int8, current int, adds []AddDie, place func(action int) int) []Slot {
	slots := make([]Slot, n)
	for k := range slots {
		slots[k].Name = name + " " + strconv.Itoa(k+1)
		slots[k].Current = k == current
		for col := 0; col < NumColours; col++ {
			for range prog[k][col] {
				slots[k].Dice = append(slots[k].Dice, col)
			}
		}
	}
	for _, a := range adds {
		if k := place(a.Action); k >= 0 && k < n {
			slots[k].Add = append(slots[k].Add, a)
		}
	}
	return slots
}
