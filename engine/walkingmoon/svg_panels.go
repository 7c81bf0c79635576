package walkingmoon

import (
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

// The astronauts' panels of the picture: one per astronaut, in its seat's
// colour, with its box, points, counters, card and state.

const panelGap = 10.0

// panelH is the height of a panel: room for Earth Control and a card
// where the rules have them.
func (s *State) panelH() float64 {
	h := 68.0
	if s.g.ecRules {
		h += 18
	}
	if s.g.advanced {
		h += 26
	}
	return h
}

// panelCols is the number of panels a row.
func (s *State) panelCols() int { return min(s.g.na, 3) }

// panelsHeight is the height the panels take.
func (s *State) panelsHeight(float64) float64 {
	rows := (s.g.na + s.panelCols() - 1) / s.panelCols()
	return float64(rows) * (s.panelH() + panelGap)
}

// drawPanels draws the astronauts' panels from y down, naming the cards of
// those that show(a).
func (s *State) drawPanels(c *draw.Canvas, y, width float64, show func(a int) bool) {
	g := s.g
	cols := s.panelCols()
	w := (width - 40 - panelGap*float64(cols-1)) / float64(cols)
	panelH := s.panelH()
	for a := 0; a < g.na; a++ {
		as := &s.ast[a]
		x := 20 + float64(a%cols)*(w+panelGap)
		py := y + float64(a/cols)*(panelH+panelGap)
		name := strconv.Itoa(a) + " · " + g.astroWords(a)
		tx := c.Panel(x, py, w, panelH, seatFill[g.seat(a)], name, int(s.active) == a)
		c.Text(x+w-10, py+19, 15, "#fde68a", draw.End, engine.Points(float64(s.points(a))))
		where := "column " + strconv.Itoa(int(as.X)) + ", level " + strconv.Itoa(int(as.L))
		switch {
		case as.Finished:
			where = "finished " + engine.Ordinal(int(as.FinishPos))
		case as.Stunned:
			where += " · stunned"
		}
		c.Text(tx, py+38, 12, "#e5e7eb", draw.Start, where)
		// Sputniks as small yellow stars' discs, Earth Control and handicap.
		c.Circle(tx+6, py+52, 6, glyphFill['*'], "#ca8a04", 1)
		counters := "× " + strconv.Itoa(int(as.Sputnik)) + " Sputnik"
		if as.Sputnik != 1 {
			counters += "s"
		}
		c.Text(tx+16, py+56, 12, "#e5e7eb", draw.Start, counters)
		cy := py + 62
		if g.ecRules {
			c.Text(tx, py+74, 12, "#e5e7eb", draw.Start, "Earth Control "+strconv.Itoa(int(as.EC))+" · handicap "+strconv.Itoa(int(as.Handicap)))
			cy += 18
		}
		card := ""
		switch {
		case as.Card != noCard && show(a):
			card = "card: " + cardWords[as.Card]
		case as.Card != noCard:
			card = "holds an action card"
		}
		if as.Card2 != noCard && show(a) {
			card += " · drawn: " + cardWords[as.Card2]
		}
		if as.FreeReroll {
			if card != "" {
				card += " · "
			}
			card += "free reroll"
		}
		if card != "" {
			c.RoundRect(tx-2, cy, min(draw.TextWidth(card, 12)+12, w-24), 20, 4, "#312e81", "#6366f1", 1)
			c.Text(tx+4, cy+14, 12, "#e0e7ff", draw.Start, card)
		}
	}
}
