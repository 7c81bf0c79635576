package tictactoe

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

var _ engine.Picturer = (*State)(nil)

var markColour = [3]string{"", "#1d4ed8", "#d62828"}

// SVG draws the board with its column letters and row numbers; empty cells
// are clickable (data-action) while the game goes on; the line of a win is
// struck through; the legend says who is X and who O and what happens next.
func (s *State) SVG() []byte {
	const cell, x0, y0 = 120.0, 60.0, 50.0
	c := draw.New(480, 530, "Tic-tac-toe: "+s.status(), "#f8fafc")
	for i := 0; i < 3; i++ {
		c.Text(x0+cell*float64(i)+cell/2, y0-14, 20, "#334155", draw.Middle, string(rune('a'+i)))
		c.Text(x0-22, y0+cell*float64(i)+cell/2+7, 20, "#334155", draw.Middle, string(rune('1'+i)))
	}
	for i, m := range s.board {
		x, y := x0+cell*float64(i%3), y0+cell*float64(i/3)
		if m == 0 && !s.IsTerminal() {
			c.Action(i, "play "+cellNames[i])
		}
		c.Rect(x, y, cell, cell, "#ffffff", "#334155", 3)
		switch m {
		case 1:
			c.Line(x+25, y+25, x+cell-25, y+cell-25, markColour[1], 12)
			c.Line(x+cell-25, y+25, x+25, y+cell-25, markColour[1], 12)
		case 2:
			c.Circle(x+cell/2, y+cell/2, cell/2-25, "", markColour[2], 11)
		default:
			c.Text(x+cell/2, y+cell/2+6, 16, "#94a3b8", draw.Middle, cellNames[i])
		}
		if m == 0 && !s.IsTerminal() {
			c.End()
		}
	}
	if s.winner != 0 {
		for _, l := range lines {
			if s.board[l[0]] == s.winner && s.board[l[1]] == s.winner && s.board[l[2]] == s.winner {
				p := func(i int8) (float64, float64) {
					return x0 + cell*float64(i%3) + cell/2, y0 + cell*float64(i/3) + cell/2
				}
				ax, ay := p(l[0])
				bx, by := p(l[2])
				c.Line(ax, ay, bx, by, "#16a34a", 8)
				break
			}
		}
	}
	y := c.Legend(x0, y0+3*cell+34, 460, 16, "#0f172a", []draw.LegendItem{
		{Fill: markColour[1], Label: "X: seat p0"},
		{Fill: markColour[2], Round: true, Label: "O: seat p1"},
		{Fill: "#16a34a", Label: "winning line"},
	})
	c.Text(x0, y+4, 18, "#0f172a", draw.Start, s.status())
	return c.Bytes()
}

// status says who is to move, who won or that it is a draw.
func (s *State) status() string {
	switch {
	case s.winner != 0:
		return string(".XO"[s.winner]) + " wins"
	case s.moves == 9:
		return "draw"
	}
	return string("XO"[s.turn]) + " to move"
}
