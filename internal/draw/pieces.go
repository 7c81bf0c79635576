package draw

import (
	"math"
	"strconv"
)

// Pieces the games share: rounded boxes, dice with pips and the skull
// face, arrows, buttons that play an action, panels. Everything is drawn
// with the shapes of canvas.go, so that the rasterizer draws it too.

// RoundRect draws a rectangle with corners rounded to radius r, as a
// polygon.
func (c *Canvas) RoundRect(x, y, w, h, r float64, fill, stroke string, width float64) {
	r = max(0, min(r, w/2, h/2))
	pts := make([]float64, 0, 40)
	corner := func(cx, cy, from float64) {
		for k := 0; k <= 4; k++ {
			a := from + float64(k)*math.Pi/8
			pts = append(pts, cx+r*math.Cos(a), cy+r*math.Sin(a))
		}
	}
	corner(x+w-r, y+r, -math.Pi/2)
	corner(x+w-r, y+h-r, 0)
	corner(x+r, y+h-r, math.Pi/2)
	corner(x+r, y+r, math.Pi)
	c.Polygon(pts, fill, stroke, width)
}

// pipAt are the pips of faces 1..6 on a 3x3 grid (0..8, row by row).
var pipAt = [7][]int{nil, {4}, {2, 6}, {2, 4, 6}, {0, 2, 6, 8}, {0, 2, 4, 6, 8}, {0, 2, 3, 5, 6, 8}}

// Die draws a die of side size at (x, y): a rounded square in fill with
// value's pips in ink (a number for values past 6), and the skull in the
// middle for a skull face (its pips then in the corners).
func (c *Canvas) Die(x, y, size float64, fill, ink, stroke string, value int, skull bool) {
	c.RoundRect(x, y, size, size, size*0.18, fill, stroke, max(1, size/18))
	if value < 1 || value > 6 {
		c.Text(x+size/2, y+size*0.68, size*0.55, ink, Middle, strconv.Itoa(value))
		return
	}
	pips := pipAt[value]
	if skull && value%2 == 1 {
		pips = pipAt[value-1] // the skull takes the middle
		if value == 1 {
			pips = nil
		}
	}
	r := size * 0.09
	for _, k := range pips {
		c.Circle(x+size*(0.25+0.25*float64(k%3)), y+size*(0.25+0.25*float64(k/3)), r, ink, "", 0)
	}
	if skull {
		c.Skull(x+size/2, y+size/2, size*0.17, "#dc2626", fill)
	}
}

// Skull draws a small skull centred at (cx, cy), r its head's radius, in
// fill with eyes of the colour behind it.
func (c *Canvas) Skull(cx, cy, r float64, fill, behind string) {
	c.Circle(cx, cy-r*0.15, r, fill, "", 0)
	c.Rect(cx-r*0.55, cy+r*0.5, r*1.1, r*0.6, fill, "", 0)
	c.Circle(cx-r*0.4, cy-r*0.2, r*0.28, behind, "", 0)
	c.Circle(cx+r*0.4, cy-r*0.2, r*0.28, behind, "", 0)
}

// Arrow draws a line from (x1, y1) to (x2, y2) with a head at its end.
func (c *Canvas) Arrow(x1, y1, x2, y2 float64, colour string, width float64) {
	a := math.Atan2(y2-y1, x2-x1)
	h := width * 3
	bx, by := x2-h*math.Cos(a), y2-h*math.Sin(a)
	c.Line(x1, y1, bx, by, colour, width)
	c.Polygon([]float64{x2, y2,
		bx + h*0.6*math.Cos(a+math.Pi/2), by + h*0.6*math.Sin(a+math.Pi/2),
		bx + h*0.6*math.Cos(a-math.Pi/2), by + h*0.6*math.Sin(a-math.Pi/2)}, colour, "", 0)
}

// Tip opens a group whose shapes show title as a tooltip; End closes it.
func (c *Canvas) Tip(title string) {
	c.b.WriteString("<g><title>")
	c.esc(title)
	c.b.WriteString("</title>\n")
}

// Choice is a button of Buttons: the action it plays, its label, and the
// tooltip (the action's name for programs, say).
type Choice struct {
	Action       int
	Label, Title string
}

// Button colours.
const (
	ButtonFill   = "#1e3a5f"
	ButtonStroke = "#22c55e"
	ButtonInk    = "#ffffff"
)

// Buttons writes choices as clickable buttons, left to right from (x, y)
// (their top), wrapping before maxX, size the text's size, and returns
// the y below the last row.
func (c *Canvas) Buttons(x, y, maxX, size float64, choices []Choice) float64 {
	return layButtons(x, y, maxX, size, choices, func(ch Choice, bx, by, w, h float64) {
		c.Action(ch.Action, ch.Title)
		c.RoundRect(bx, by, w, h, size*0.5, ButtonFill, ButtonStroke, 1.5)
		c.Text(bx+w/2, by+h*0.66, size, ButtonInk, Middle, ch.Label)
		c.End()
	})
}

// ButtonsHeight is the height Buttons would take.
func ButtonsHeight(x, maxX, size float64, choices []Choice) float64 {
	return layButtons(x, 0, maxX, size, choices, func(Choice, float64, float64, float64, float64) {})
}

func layButtons(x, y, maxX, size float64, choices []Choice, put func(ch Choice, x, y, w, h float64)) float64 {
	x0, h := x, size*1.9
	for _, ch := range choices {
		w := TextWidth(ch.Label, size) + size*1.4
		if x > x0 && x+w > maxX {
			x, y = x0, y+h+size*0.5
		}
		put(ch, x, y, w, h)
		x += w + size*0.5
	}
	if len(choices) == 0 {
		return y
	}
	return y + h + size*0.6
}

// Panel draws a player's panel at (x, y), w by h: a dark box edged in the
// player's colour with a band of that colour on the left and the name at
// the top; it returns the x where its text may start.
func (c *Canvas) Panel(x, y, w, h float64, colour, name string, active bool) float64 {
	edge := 1.5
	if active {
		edge = 3.5
	}
	c.RoundRect(x, y, w, h, 6, "#111827", colour, edge)
	c.Rect(x+edge, y+6, 6, h-12, colour, "", 0)
	c.Text(x+16, y+18, 14, "#ffffff", Start, name)
	return x + 16
}
