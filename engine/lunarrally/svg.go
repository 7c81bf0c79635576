package lunarrally

import (
	"math"
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

var _ engine.PlayerPicturer = (*State)(nil)

var roverFill = [4]string{"#1d4ed8", "#15803d", "#d62828", "#ca8a04"}

var terrainFill = [8]string{"#e5e7eb", "#d1d5db", "#374151", "#d6b98c", "#bfdbfe", "#fecaca", "#bbf7d0", "#fde68a"}

var terrainLabel = [8]string{"", "", "", "", "S", "F", "R", "M"}

// SVG draws everything, for spectators and replays: the hex map (terrain,
// caches, rovers with their facing), a control board per rover (shields,
// missiles, every programmed card face up, where String shows only the
// actor's) and what is being decided.
func (s *State) SVG() []byte { return s.picture(allCards, s.statusLine()) }

// allCards, as picture's shown, shows every seat's cards.
const allCards = 4

// SVGFor draws the state as seat p may see it: p's own cards shown, every
// other player's programmed cards face down (all shown once the game is
// over), as StringFor does.
func (s *State) SVGFor(p engine.Player) []byte {
	if s.stage == stageOver {
		return s.SVG()
	}
	seat := -1
	if p >= 0 && int(p) < s.g.players {
		seat = int(p)
	}
	return s.picture(seat, s.statusLine())
}

func (s *State) picture(shown int, status string) []byte {
	g, b := s.g, s.g.board
	const width = 800.0
	r := math.Min(30, (width-40)/(math.Sqrt(3)*(float64(b.cols)+0.5))/1)
	hw := math.Sqrt(3) * r
	top := 30.0
	mapH := float64(b.rows-1)*1.5*r + 2*r
	panel := top + mapH + 20
	hand := s.stage == stageProgram && (shown == allCards || shown == int(s.actor))
	height := panel + 24 + rowH*float64(2*g.players) + 100
	if hand {
		height += handHeight
	}
	c := draw.New(width, height, "Lunar Rally: "+status, "#0b1020")
	center := func(cell int) (float64, float64) {
		row, col := cell/b.cols, cell%b.cols
		x := 20 + hw/2 + float64(col)*hw
		if row&1 == 1 {
			x += hw / 2
		}
		return x, top + r + float64(row)*1.5*r
	}
	legal := map[int]bool{}
	for _, a := range s.LegalActions(nil) {
		legal[int(a)] = true
	}
	for cell := 0; cell < b.rows*b.cols; cell++ {
		x, y := center(cell)
		t := b.cells[cell]
		if t == Cache && s.CacheTaken(cell) {
			t = Plain
		}
		pts := make([]float64, 0, 12)
		for k := 0; k < 6; k++ {
			a := math.Pi/6 + float64(k)*math.Pi/3
			pts = append(pts, x+r*math.Cos(a), y+r*math.Sin(a))
		}
		act := -1
		if s.stage == stagePlace && t == Start {
			if a := int(g.StartAction(int(b.startSlot[cell]))); legal[a] {
				act = a
			}
		}
		if act >= 0 {
			c.Action(act, engine.ActionLabel(s, engine.Action(act))+" ("+s.ActionString(engine.Action(act))+")")
		}
		c.Polygon(pts, terrainFill[t], "#6b7280", 1)
		if act >= 0 {
			c.Circle(x, y, r*0.6, "", "#22c55e", 3)
			c.End()
		}
		if lbl := terrainLabel[t]; lbl != "" && s.occupant(int16(cell)) < 0 {
			c.Text(x, y+5, 13, "#111827", draw.Middle, lbl)
		}
	}
	for col := 0; col < b.cols; col++ {
		x, _ := center(col)
		c.Text(x, top-8, 11, "#9ca3af", draw.Middle, string(rune('a'+col)))
	}
	for row := 0; row < b.rows; row++ {
		_, y := center(row * b.cols)
		c.Text(12, y+4, 11, "#9ca3af", draw.Middle, strconv.Itoa(row+1))
	}
	// Facing choices around the pending start hex.
	if s.stage == stageFace && s.pending >= 0 {
		x, y := center(int(s.pending))
		for d := 0; d < 6; d++ {
			if a := int(g.FacingAction(d)); legal[a] {
				ang := -float64(d) * math.Pi / 3
				ax, ay := x+r*0.95*math.Cos(ang), y+r*0.95*math.Sin(ang)
				c.Action(a, engine.ActionLabel(s, engine.Action(a))+" ("+dirNames[d]+")")
				c.Circle(ax, ay, r*0.3, "#22c55e", "#ffffff", 1)
				c.Text(ax, ay+4, 10, "#000000", draw.Middle, dirNames[d])
				c.End()
			}
		}
	}
	for i := 0; i < 2*g.players; i++ {
		rv := &s.rovers[i]
		if rv.Status != Racing {
			continue
		}
		x, y := center(int(rv.Pos))
		drawRover(c, x, y, r*0.72, i, int(rv.Heading))
	}
	// Control boards.
	y := panel
	c.Text(20, y, 14, "#ffffff", draw.Start, "Turn "+strconv.Itoa(int(s.turn))+"/"+strconv.Itoa(g.turnLimit)+
		", the Moon shows Rover "+strconv.Itoa(int(s.moon)+1))
	y += 24
	for i := 0; i < 2*g.players; i++ {
		s.drawBoard(c, i, y, shown)
		y += rowH
	}
	if hand {
		y = s.drawHand(c, y-10) + 10
	}
	c.Text(20, y, 15, "#fde68a", draw.Start, status)
	y += 26
	items := []draw.LegendItem{}
	for t := Plain; t <= Cache; t++ {
		if t == Plain {
			continue
		}
		items = append(items, draw.LegendItem{Fill: terrainFill[t], Stroke: "#6b7280", Label: []string{"", "plain", "crater", "fine dust", "start (S)", "finish (F)", "repair (R)", "missile cache (M)"}[t]})
	}
	items = append(items, draw.LegendItem{Fill: cardBack, Label: "face-down card"})
	y = c.Legend(20, y, width-20, 12, "#ffffff", items)
	c.Text(20, y-4, 12, "#ffffff", draw.Start, "Rover: player colour and number, the point shows its facing; the cards are its program for phases 1-3.")
	return c.Bytes()
}

// drawRover draws rover i at (x, y), radius r, pointing in direction d.
func drawRover(c *draw.Canvas, x, y, r float64, i, d int) {
	ang := -float64(d) * math.Pi / 3
	tip := []float64{
		x + 1.5*r*math.Cos(ang), y + 1.5*r*math.Sin(ang),
		x + r*math.Cos(ang+2.2), y + r*math.Sin(ang+2.2),
		x + r*math.Cos(ang-2.2), y + r*math.Sin(ang-2.2),
	}
	c.Polygon(tip, "#ffffff", roverFill[i/2], 2)
	c.Circle(x, y, r*0.8, roverFill[i/2], "#ffffff", 1.5)
	c.Text(x, y+4, 11, "#ffffff", draw.Middle, roverName(i))
}

// statusLine says what is being decided or how the game ended.
func (s *State) statusLine() string {
	switch s.stage {
	case stageFirst:
		return "Throwing the start tokens for the first player"
	case stagePlace:
		return "p" + strconv.Itoa(int(s.actor)) + ": place " + roverWords(int(s.target)) + " on a start hex"
	case stageFace:
		return "p" + strconv.Itoa(int(s.actor)) + ": face " + roverWords(int(s.target)) + " on " + s.g.board.CellName(int(s.pending))
	case stageProgram:
		return "p" + strconv.Itoa(int(s.actor)) + ": program " + roverWords(int(s.target)) + ", phase " + strconv.Itoa(int(s.phase)+1)
	}
	switch s.end {
	case endFinish:
		w := "Game over: won by"
		for i := 0; i < s.g.players; i++ {
			if s.winners&(1<<i) != 0 {
				w += " p" + strconv.Itoa(i) + " (" + Colours[i] + ")"
			}
		}
		return w
	case endDestroyed:
		return "Game over: every rover destroyed, a draw"
	}
	return "Game over: turn limit reached, a draw"
}

// rowH is the height of a rover's control board.
const rowH = 68.0

// drawBoard draws rover i's control board from y (its top): the rover,
// its place and counters, its program's phases as cards (face down where
// shown does not show them), and the program it executed last.
func (s *State) drawBoard(c *draw.Canvas, i int, y float64, shown int) {
	b := s.g.board
	rv := &s.rovers[i]
	c.Circle(30, y+14, 10, roverFill[i/2], "#ffffff", 1)
	c.Text(30, y+18, 10, "#ffffff", draw.Middle, roverName(i))
	c.Text(48, y+18, 14, "#ffffff", draw.Start, roverWords(i)+" (p"+strconv.Itoa(i/2)+")")
	line := ""
	switch rv.Status {
	case Waiting:
		line = "not placed"
	case Destroyed:
		line = "destroyed"
	default:
		line = b.CellName(int(rv.Pos)) + " facing " + dirWords[rv.Heading] + " · shields " + strconv.Itoa(int(rv.Shields)) +
			" · missiles " + strconv.Itoa(int(rv.Missiles))
		if !rv.Armed {
			line += " · weapons off"
		}
	}
	c.Text(48, y+38, 12, "#cbd5e1", draw.Start, line)
	if rv.Status != Racing {
		return
	}
	x := 430.0
	for p := 0; p < MaxPhases; p++ {
		card := rv.Program[p]
		switch {
		case p >= int(rv.Phases):
			c.RoundRect(x, y, rowCardW, rowCardH, 5, "#450a0a", "#7f1d1d", 1)
			c.Text(x+rowCardW/2, y+rowCardH*0.58, 10, "#fca5a5", draw.Middle, "damaged")
		case card == NoCard:
			drawEmpty(c, x, y, rowCardW, rowCardH, p)
		case shown == allCards || shown == i/2:
			drawCard(c, x, y, rowCardW, rowCardH, card)
		default:
			drawBack(c, x, y, rowCardW, rowCardH)
		}
		x += rowCardW + 6
	}
	if rv.Shown != emptyProgram {
		c.Text(x+8, y+12, 10, "#9ca3af", draw.Start, "last program:")
		for p, cd := range rv.Shown {
			if cd != NoCard {
				c.Text(x+8, y+26+12*float64(p), 10, "#9ca3af", draw.Start, strconv.Itoa(p+1)+". "+cardWords[cd])
			}
		}
	}
}
