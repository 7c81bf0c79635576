package marchmars

import (
	"strconv"
	"strings"

	"github.com/moongym/moongym/internal/draw"
)

// The marines' panels of the picture: one per marine, in its colour, with
// its box, its state, its special training and its equipment.

const (
	panelH   = 92.0
	panelGap = 10.0
)

// panelsHeight is the height the panels take.
func (s *State) panelsHeight() float64 {
	rows := (s.g.n + 2) / 3
	return float64(rows) * (panelH + panelGap)
}

// drawPanels draws the marines' panels from y down.
func (s *State) drawPanels(c *draw.Canvas, y, width float64) {
	g := s.g
	cols := min(g.n, 3)
	w := (width - 40 - panelGap*float64(cols-1)) / float64(cols)
	for m := 0; m < g.n; m++ {
		ms := &s.mar[m]
		x := 20 + float64(m%cols)*(w+panelGap)
		py := y + float64(m/cols)*(panelH+panelGap)
		tx := c.Panel(x, py, w, panelH, marineFill[m], "marine "+strconv.Itoa(m+1)+" (p"+strconv.Itoa(m)+")", int(s.active) == m)
		var state []string
		switch {
		case ms.Gone:
			state = append(state, "gone (kamikaze)")
		case ms.Crashed:
			state = append(state, "crashed")
		}
		if ms.Played {
			state = append(state, "played")
		}
		if s.injected[m] {
			state = append(state, "injected")
		}
		c.Text(x+w-10, py+18, 12, "#fca5a5", draw.End, strings.Join(state, " · "))
		where := "column " + strconv.Itoa(int(ms.X)) + ", level " + strconv.Itoa(int(ms.L))
		switch side := g.sideOf(int(ms.X)); {
		case side < 0:
			where += " (Landing Zone)"
		case int(ms.X) == g.defCol[side]:
			where += " (beside the MMM)"
		}
		if !ms.Gone {
			c.Text(tx, py+38, 12, "#e5e7eb", draw.Start, where)
		}
		training := ""
		switch {
		case s.ability[m] != abNone:
			training = "ability: " + words(abilityNames[s.ability[m]])
		case s.trainCard[m] >= 0:
			tc := trainingCards[s.trainCard[m]]
			training = "training: " + words(abilityNames[tc[0]]) + " or " + words(abilityNames[tc[1]])
		}
		if training != "" {
			c.RoundRect(tx-2, py+46, min(draw.TextWidth(training, 12)+12, w-24), 19, 4, "#3b0764", "#a855f7", 1)
			c.Text(tx+4, py+60, 12, "#f3e8ff", draw.Start, training)
		}
		var kit []string
		for e := 0; e < numEquipment; e++ {
			if s.holds(m, e) {
				kit = append(kit, words(equipmentNames[e]))
			}
		}
		if len(kit) > 0 {
			c.Text(tx, py+82, 12, "#bae6fd", draw.Start, "equipment: "+strings.Join(kit, ", "))
		}
	}
}
