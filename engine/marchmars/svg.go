package marchmars

import (
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
	"github.com/moongym/moongym/internal/draw"
)

// Nothing is hidden (Resample is a copy), so one picture serves every seat.
var _ engine.Picturer = (*State)(nil)

var (
	marineFill = [maxMarines]string{"#1d4ed8", "#15803d", "#ca8a04", "#7e22ce", "#0e7490"}
	alienFill  = [numAlienColours]string{"#facc15", "#38bdf8", "#ef4444"}
)

// Box fills by terrain.
const (
	fillAir    = "#1e293b"
	fillRock   = "#78716c"
	fillCircle = "#bfdbfe"
	fillMarked = "#818cf8"
	fillHazard = "#fca5a5"
	fillLZ     = "#bbf7d0"
	fillMMM    = "#7f1d1d"
	fillDef    = "#dc2626"
)

// SVG draws the board for everyone: the track box by box (terrain, marines
// as numbered discs, grey and crossed when crashed, aliens as dots in their
// colour with their number, the red defenders beside the MMM), the cards and
// the LZ named above their columns, then the turn, the difficulty, the LZ's
// upgrades, the incoming-wave box, the bag, a panel per marine (its box,
// state, training and equipment), the turn (the programme's actions with
// their dice, the roll as dice) with the choices as buttons labelled in
// words, and a legend.
func (s *State) SVG() []byte {
	g := s.g
	const width, left = 800.0, 70.0
	mmm := 22.0 // the MMM's band at each end of the full board
	cw := (width - left - 20 - 2*mmm) / float64(g.cols)
	ch := 50.0 // room for the marines above and a row a colour of aliens below
	x0 := left + mmm
	top := 92.0
	bottom := top + ch*float64(g.height)
	aliensTop := bottom + 40
	panelsTop := aliensTop + 26*2 + 6
	turnTop := panelsTop + s.panelsHeight()
	turn := s.turnView()
	legendTop := turnTop + turn.Height(width) + 24
	height := legendTop + 100
	c := draw.New(width, height, "March on Mars, turn "+strconv.Itoa(int(s.turn)), "#1c0f0a")

	head := "March on Mars · turn " + strconv.Itoa(int(s.turn)) + "/" + strconv.Itoa(maxTurns) +
		" · difficulty " + diffNames[g.difficulty] + " · attacks on the LZ " + strconv.Itoa(int(s.attacks)) + "/3"
	c.Text(20, 24, 16, "#ffffff", draw.Start, head)
	switch s.result {
	case 1:
		c.Text(width-20, 24, 16, "#4ade80", draw.End, "THE MMM IS DESTROYED: marines win")
	case -1:
		c.Text(width-20, 24, 16, "#f87171", draw.End, "THE MARINES HAVE LOST")
	}
	up := ""
	for side := 0; side < g.sides; side++ {
		if side > 0 {
			up += " · "
		}
		up += [2]string{"left", "right"}[side] + " base upgrade: " + upgradeNames[s.upgrade[side]]
		if !s.intact[side] {
			up += " (destroyed)"
		}
	}
	c.Text(20, 46, 12, "#e5e7eb", draw.Start, up)

	// The MMM at the ends (on the half board only on the left).
	c.Rect(left, top, mmm, bottom-top, fillMMM, "#000000", 1)
	c.Text(left+mmm/2, top-6, 10, "#fca5a5", draw.Middle, "MMM")
	if g.sides == 2 {
		c.Rect(x0+cw*float64(g.cols), top, mmm, bottom-top, fillMMM, "#000000", 1)
		c.Text(x0+cw*float64(g.cols)+mmm/2, top-6, 10, "#fca5a5", draw.Middle, "MMM")
	}
	// Column heads: the card in each slot, the LZ, the defenders' columns.
	for k := 0; k < g.slots(); k++ {
		px := x0 + cw*float64(g.slotStart[k])
		name := "card ?"
		if s.slots[k] >= 0 {
			name = "card " + strconv.Itoa(g.data.Cards[s.slots[k]].ID)
		}
		c.Rect(px, top-36, cw*float64(g.width), 16, "#44403c", "#f59e0b", 1)
		c.Text(px+cw*float64(g.width)/2, top-24, 11, "#fde68a", draw.Middle, name)
	}
	lzx := x0 + cw*float64(g.lzStart)
	lzw := cw * float64(g.lzEnd-g.lzStart+1)
	c.Rect(lzx, top-36, lzw, 16, "#14532d", "#4ade80", 1)
	c.Text(lzx+lzw/2, top-24, 11, "#bbf7d0", draw.Middle, "Landing Zone")

	clicks := s.boardClicks()
	for l := g.height - 1; l >= 0; l-- {
		y := top + ch*float64(g.height-1-l)
		c.Text(left-6, y+ch/2+4, 11, "#9ca3af", draw.End, "L"+strconv.Itoa(l))
		for x := 0; x < g.cols; x++ {
			s.drawCell(c, x0+cw*float64(x), y, cw, ch, x, l, clicks)
		}
	}
	// Card edges and column numbers.
	for x := 0; x < g.cols; x++ {
		px := x0 + cw*float64(x)
		k := g.slotOf(x)
		if k >= 0 && x == g.slotStart[k] {
			c.Line(px, top-2, px, bottom+2, "#f59e0b", 2)
		}
		if k >= 0 && x == g.slotStart[k]+g.width-1 {
			c.Line(px+cw, top-2, px+cw, bottom+2, "#f59e0b", 2)
		}
		c.Text(px+cw/2, bottom+13, 9, "#9ca3af", draw.Middle, strconv.Itoa(x))
	}

	// The incoming waves, the bag and the dead, as rows of coloured counts.
	y := aliensTop
	for side := 0; side < g.sides; side++ {
		s.alienRow(c, 20, y, "incoming wave ("+[2]string{"left", "right"}[side]+")", s.incoming[side])
		if side == 0 {
			s.alienRow(c, 420, y, "bag", s.bag)
		} else {
			s.alienRow(c, 420, y, "dead", s.dead)
		}
		y += 26
	}
	if g.sides == 1 {
		s.alienRow(c, 420, y, "dead", s.dead)
		y += 26
	}
	s.drawPanels(c, panelsTop, width)
	turn.Draw(c, turnTop, width)
	y = legendTop
	items := []draw.LegendItem{
		{Fill: fillAir, Stroke: "#475569", Label: "air"}, {Fill: fillRock, Label: "rock"},
		{Fill: fillCircle, Label: "circle (safe)"}, {Fill: fillMarked, Label: "hidden box"},
		{Fill: fillHazard, Label: "hazardous box"}, {Fill: fillLZ, Label: "LZ"},
		{Fill: fillDef, Label: "D red defender"}, {Fill: fillMMM, Label: "MMM"},
	}
	for i, n := range alienNames {
		items = append(items, draw.LegendItem{Fill: alienFill[i], Label: n + " aliens"})
	}
	for m := 0; m < g.n; m++ {
		items = append(items, draw.LegendItem{Fill: marineFill[m], Stroke: "#ffffff", Round: true, Label: marineName(m)})
	}
	items = append(items, draw.LegendItem{Fill: "#6b7280", Stroke: "#ffffff", Round: true, Label: "crashed marine"})
	y = c.Legend(20, y, width-20, 12, "#ffffff", items)
	c.Text(20, y-2, 11, "#ffffff", draw.Start, "Discs: marines by number. Tags under them: aliens of that colour, with their count. Dice: pips, the skull in red.")
	return c.Bytes()
}

// drawCell draws box (x, l) at (px, py): its terrain, then the defender,
// the aliens and the marines in it.
func (s *State) drawCell(c *draw.Canvas, px, py, cw, ch float64, x, l int, clicks boardClicks) {
	g := s.g
	cell := s.cell(x, l)
	fill := fillHazard
	switch cell & jumping.Kind {
	case jumping.Air:
		fill = fillAir
	case jumping.Rock:
		fill = fillRock
	case jumping.Circle:
		fill = fillCircle
		if cell&jumping.Marked != 0 {
			fill = fillMarked
		}
	}
	if x >= g.lzStart && x <= g.lzEnd && cell&jumping.Kind != jumping.Rock && cell&jumping.Kind != jumping.Air {
		fill = fillLZ
	}
	if a, ok := clicks.box[[2]int{x, l}]; ok {
		c.Action(a, clicks.title(s, a))
		c.Rect(px, py, cw, ch, fill, draw.ButtonStroke, 3)
		c.End()
	} else {
		c.Rect(px, py, cw, ch, fill, "#0b0b0b", 1)
	}
	for side := 0; side < g.sides; side++ {
		if x == g.defCol[side] && l == g.plain && s.defenderAlive(side) {
			c.Rect(px+2, py+2, cw-4, ch-4, fillDef, "#ffffff", 1)
			c.Text(px+cw/2, py+15, 12, "#ffffff", draw.Middle, "D")
		}
	}
	// Aliens: one dot a colour along the bottom, with its count.
	a := s.aliens[x][l]
	dot := 0
	for k := 0; k < numAlienColours; k++ {
		if a[k] == 0 {
			continue
		}
		cx := px + cw/2
		cy := py + ch*0.5 + 4 + 8.5*float64(dot)
		c.Rect(cx-7, cy-4, 14, 8.5, alienFill[k], "#000000", 0.5)
		c.Text(cx, cy+3.5, 8, "#000000", draw.Middle, strconv.Itoa(int(a[k])))
		dot++
	}
	// Marines: numbered discs in the upper part of the box, side by side.
	var here []int
	for m := 0; m < g.n; m++ {
		if !s.mar[m].Gone && int(s.mar[m].X) == x && int(s.mar[m].L) == l {
			here = append(here, m)
		}
	}
	// Up to two side by side; more (the team landing together) in a grid of
	// two columns over the upper half of the box.
	perRow := min(len(here), 2)
	rows := (len(here) + 1) / 2
	rowH := ch * 0.5 / float64(max(rows, 1))
	r := min(cw/float64(2*max(perRow, 1)), rowH/2) - 0.5
	size := min(11, 2*r)
	for i, m := range here {
		cx := px + cw*(float64(i%2)+0.5)/float64(perRow)
		cy := py + rowH*(float64(i/2)+0.5)
		f := marineFill[m]
		if s.mar[m].Crashed {
			f = "#6b7280"
		}
		a, click := clicks.marine[m]
		if click {
			c.Action(a, clicks.title(s, a))
			c.Circle(cx, cy, r+2, draw.ButtonStroke, "", 0)
		}
		c.Circle(cx, cy, r, f, "#ffffff", 1.5)
		c.Text(cx, cy+size*0.36, size, "#ffffff", draw.Middle, strconv.Itoa(m+1))
		if click {
			c.End()
		}
		if s.mar[m].Crashed {
			c.Line(cx-r, cy-r, cx+r, cy+r, "#fca5a5", 1.5)
		}
	}
}

// alienRow writes a label and one dot per alien colour with its count.
func (s *State) alienRow(c *draw.Canvas, x, y float64, label string, a [numAlienColours]int8) {
	c.Text(x, y, 12, "#e5e7eb", draw.Start, label+":")
	px := x + draw.TextWidth(label, 12) + 18
	for k := 0; k < numAlienColours; k++ {
		c.Circle(px+8, y-4, 8, alienFill[k], "#000000", 1)
		c.Text(px+22, y, 12, "#ffffff", draw.Start, strconv.Itoa(int(a[k])))
		px += 46
	}
}

// boardClicks are the choices made on the board itself: the Landing Zone's
// boxes where a marine lands, the marines who may play next.
type boardClicks struct {
	box    map[[2]int]int // (column, level) -> action
	marine map[int]int    // marine -> action
}

// boardClicks finds the legal actions the board plays.
func (s *State) boardClicks() boardClicks {
	b := boardClicks{box: map[[2]int]int{}, marine: map[int]int{}}
	t, ok := s.top()
	if !ok || isChance(int(t.Kind)) {
		return b
	}
	for _, a := range s.LegalActions(nil) {
		switch x := int(a); {
		case t.Kind == kPlace && x >= aPlace && x < aPick:
			b.box[[2]int{s.g.lzStart + x - aPlace, s.g.plain}] = x
		case t.Kind == kPick && x >= aPick && x < aProgram:
			b.marine[x-aPick] = x
		}
	}
	return b
}

// title is the tooltip of action a: its label and its name.
func (boardClicks) title(s *State, a int) string {
	return engine.ActionLabel(s, engine.Action(a)) + " (" + s.ActionString(engine.Action(a)) + ")"
}
