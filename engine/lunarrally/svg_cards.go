package lunarrally

import (
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

// The instruction cards in the picture: a card is a white rounded card
// with its move drawn (an arrow, the laser's beam, the missile, a stop)
// over its name; a face-down card is purple; the hand of the rover being
// programmed is a row of cards to click.

const (
	cardFill  = "#f9fafb"
	cardBack  = "#6b21a8"
	cardInk   = "#111827"
	laserInk  = "#dc2626"
	rowCardW  = 52.0
	rowCardH  = 58.0
	handCardW = 74.0
	handCardH = 84.0
)

// cardShort are the names that fit under a card's symbol.
var cardShort = [NumCards]string{"Forward 1", "Fwd 1 AT", "Reverse", "Turn Left", "Turn Right", "Laser", "Missile", "Still"}

// drawCard draws card k face up at (x, y), w by h.
func drawCard(c *draw.Canvas, x, y, w, h float64, k Card) {
	c.RoundRect(x, y, w, h, w*0.1, cardFill, "#9ca3af", 1)
	cx, cy, s := x+w/2, y+h*0.4, min(w, h)*0.3 // the symbol's centre and half size
	lw := max(2, w/18)
	switch k {
	case Forward, ForwardAT:
		c.Arrow(cx, cy+s, cx, cy-s, cardInk, lw)
		if k == ForwardAT {
			c.Text(cx+s*0.9, cy+s*0.4, s*0.7, "#b45309", draw.Middle, "AT")
		}
	case Reverse:
		c.Arrow(cx, cy-s, cx, cy+s, cardInk, lw)
	case TurnLeft, TurnRight:
		d := 1.0
		if k == TurnLeft {
			d = -1
		}
		c.Line(cx-d*s*0.5, cy+s, cx-d*s*0.5, cy-s*0.3, cardInk, lw)
		c.Arrow(cx-d*s*0.5, cy-s*0.3, cx+d*s, cy-s*0.3, cardInk, lw)
	case Laser:
		c.Circle(cx-s*0.8, cy, s*0.25, laserInk, "", 0)
		c.Line(cx-s*0.6, cy, cx+s, cy, laserInk, lw)
		c.Line(cx+s*0.5, cy-s*0.4, cx+s, cy, laserInk, lw*0.6)
		c.Line(cx+s*0.5, cy+s*0.4, cx+s, cy, laserInk, lw*0.6)
	case Missile:
		c.Polygon([]float64{cx - s, cy - s*0.25, cx + s*0.5, cy - s*0.25, cx + s, cy, cx + s*0.5, cy + s*0.25, cx - s, cy + s*0.25}, "#374151", "", 0)
		c.Polygon([]float64{cx - s, cy - s*0.25, cx - s*1.2, cy - s*0.6, cx - s*0.6, cy - s*0.25}, laserInk, "", 0)
		c.Polygon([]float64{cx - s, cy + s*0.25, cx - s*1.2, cy + s*0.6, cx - s*0.6, cy + s*0.25}, laserInk, "", 0)
	case Still:
		c.Circle(cx, cy, s*0.8, "", cardInk, lw)
		c.Rect(cx-s*0.35, cy-s*0.4, s*0.25, s*0.8, cardInk, "", 0)
		c.Rect(cx+s*0.1, cy-s*0.4, s*0.25, s*0.8, cardInk, "", 0)
	}
	c.Text(cx, y+h-7, min(11, w/5.2), cardInk, draw.Middle, cardShort[k])
}

// drawBack draws a face-down card.
func drawBack(c *draw.Canvas, x, y, w, h float64) {
	c.RoundRect(x, y, w, h, w*0.1, cardBack, "#c084fc", 1)
	c.Text(x+w/2, y+h*0.6, h*0.35, "#e9d5ff", draw.Middle, "?")
}

// drawEmpty draws an empty phase.
func drawEmpty(c *draw.Canvas, x, y, w, h float64, phase int) {
	c.RoundRect(x, y, w, h, w*0.1, "#1f2937", "#4b5563", 1)
	c.Text(x+w/2, y+h*0.58, 11, "#6b7280", draw.Middle, "phase "+strconv.Itoa(phase+1))
}

// handHeight is the room the hand takes when it is drawn.
const handHeight = handCardH + 40

// drawHand draws the cards left for the phase being programmed, each
// clickable (its label and name as tooltip), with how many of it are left;
// it returns the y below.
func (s *State) drawHand(c *draw.Canvas, y float64) float64 {
	c.Text(20, y+14, 14, "#ffffff", draw.Start, "Hand: "+roverWords(int(s.target))+", phase "+strconv.Itoa(int(s.phase)+1)+" (click a card)")
	left := s.cardsLeft(int(s.target), int(s.phase))
	x := 20.0
	for k := Card(0); k < NumCards; k++ {
		if left[k] == 0 {
			continue
		}
		a := CardAction(k)
		c.Action(int(a), engine.ActionLabel(s, a)+" ("+s.ActionString(a)+")")
		drawCard(c, x, y+24, handCardW, handCardH, k)
		c.RoundRect(x, y+24, handCardW, handCardH, handCardW*0.1, "", draw.ButtonStroke, 2.5)
		if left[k] > 1 {
			c.Circle(x+handCardW-8, y+32, 9, "#f59e0b", "#ffffff", 1)
			c.Text(x+handCardW-8, y+36, 11, "#111827", draw.Middle, "×"+strconv.Itoa(int(left[k])))
		}
		c.End()
		x += handCardW + 10
	}
	return y + handHeight
}
