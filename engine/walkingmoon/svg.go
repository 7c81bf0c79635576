package walkingmoon

import (
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

var _ engine.PlayerPicturer = (*State)(nil)

var seatFill = [5]string{"#1d4ed8", "#d62828", "#15803d", "#ca8a04", "#7e22ce"}

// glyphFill colours the boxes of the track by String's glyph.
var glyphFill = map[byte]string{
	'.': "#e5e7eb", '#': "#4b5563", 'o': "#bfdbfe", 'O': "#93c5fd",
	'x': "#fca5a5", 'X': "#f87171", '*': "#fde68a",
}

// SVG draws everything, for spectators and replays: the track (every
// column and level, lunar cards framed, special boxes lettered, astronauts
// as numbered discs in their seat's colour), a panel per astronaut with
// every action card named, the turn (the dice as dice, the programme's
// jumps with their dice) and the choices of the astronaut to act as
// buttons.
func (s *State) SVG() []byte { return s.picture(func(int) bool { return true }, -1) }

// SVGFor draws the state as seat p may see it: the track, the panels
// naming only p's own action cards (as StringFor), and the choices as
// buttons only when p is to act (its labels may name its card).
func (s *State) SVGFor(p engine.Player) []byte {
	if p < 0 || int(p) >= s.g.seats {
		return s.picture(func(int) bool { return false }, -2)
	}
	return s.picture(func(a int) bool { return s.g.seat(a) == int(p) }, p)
}

// picture draws the state with the cards of the astronauts that show(a)
// named, as seat viewer sees it (-1 everything, -2 a spectator).
func (s *State) picture(show func(a int) bool, viewer engine.Player) []byte {
	g := s.g
	const width, left = 800.0, 40.0
	cw := (width - left - 20) / float64(g.cols)
	ch := min(cw*1.3, 34)
	top := 56.0
	trackBottom := top + ch*float64(g.height)
	panelsTop := trackBottom + 40
	turnTop := panelsTop + s.panelsHeight(width)
	turn := s.turnView(viewer)
	legendTop := turnTop + turn.Height(width) + 24
	height := legendTop + 90
	c := draw.New(width, height, "Walking on the Moon, round "+strconv.Itoa(int(s.round)), "#0b1020")
	head, _, _ := strings.Cut(s.String(), "\n")
	c.Text(left, 22, 15, "#ffffff", draw.Start, head)
	cards := "lunar cards:"
	for k := 0; k < numSlots; k++ {
		if s.slots[k] < 0 {
			cards += " ?"
		} else {
			cards += " " + strconv.Itoa(g.data.Cards[s.slots[k]].ID)
		}
	}
	if g.advanced {
		cards += " · special boxes:"
		for _, t := range s.tokens {
			if t >= 0 {
				cards += " " + string(rune('A'+t)) + "=" + tokenNames[t]
			}
		}
	}
	c.Text(left, 42, 12, "#cbd5e1", draw.Start, cards)
	picks := s.astronautPicks(viewer)
	for l := g.height - 1; l >= 0; l-- {
		y := top + ch*float64(g.height-1-l)
		c.Text(left-6, y+ch/2+4, 11, "#9ca3af", draw.End, "L"+strconv.Itoa(l))
		for x := 0; x < g.cols; x++ {
			px := left + cw*float64(x)
			gl := s.glyph(x, l)
			fill, ok := glyphFill[gl]
			switch {
			case gl >= '0' && gl <= '9':
				fill = glyphFill['.']
			case gl >= 'A' && gl <= 'G' && !ok:
				fill = "#a7f3d0"
			}
			c.Rect(px, y, cw, ch, fill, "#0b1020", 1)
			switch {
			case gl >= '0' && gl <= '9':
				a := int(gl - '0')
				act, click := picks[a]
				if click {
					c.Action(act, engine.ActionLabel(s, engine.Action(act))+" ("+s.ActionString(engine.Action(act))+")")
					c.Circle(px+cw/2, y+ch/2, min(cw, ch)*0.45+3, draw.ButtonStroke, "", 0)
				}
				c.Circle(px+cw/2, y+ch/2, min(cw, ch)*0.45, seatFill[g.seat(a)], "#ffffff", 1.5)
				c.Text(px+cw/2, y+ch/2+4, 11, "#ffffff", draw.Middle, strconv.Itoa(a))
				if click {
					c.End()
				}
			case gl >= 'A' && gl <= 'G' && !ok:
				c.Text(px+cw/2, y+ch/2+4, 11, "#064e3b", draw.Middle, string(gl))
			case gl == 'O' || gl == 'X' || gl == '*':
				c.Text(px+cw/2, y+ch/2+4, 11, "#111827", draw.Middle, "*")
			}
		}
	}
	// Lunar cards' edges, column numbers and the start, between and goal marks.
	for x := 0; x < g.cols; x++ {
		px := left + cw*float64(x)
		if g.slotOf(x) >= 0 && g.slotOf(x-1) < 0 {
			c.Line(px, top-2, px, trackBottom+2, "#f59e0b", 2)
		}
		if g.slotOf(x) >= 0 && g.slotOf(x+1) < 0 {
			c.Line(px+cw, top-2, px+cw, trackBottom+2, "#f59e0b", 2)
		}
		c.Text(px+cw/2, trackBottom+14, 9, "#9ca3af", draw.Middle, strconv.Itoa(x))
		mark := ""
		switch {
		case x == 0:
			mark = "S"
		case x == g.goal:
			mark = "G"
		case g.betweenIndex(x) >= 0:
			mark = strconv.Itoa(1 + g.betweenIndex(x))
		}
		c.Text(px+cw/2, trackBottom+28, 11, "#fde68a", draw.Middle, mark)
	}
	s.drawPanels(c, panelsTop, width, show)
	turn.Draw(c, turnTop, width)
	y := legendTop
	items := []draw.LegendItem{
		{Fill: glyphFill['.'], Label: "empty box"}, {Fill: glyphFill['#'], Label: "rock"},
		{Fill: glyphFill['o'], Label: "circle"}, {Fill: glyphFill['x'], Label: "hazardous box"},
		{Fill: glyphFill['*'], Label: "* Sputnik"}, {Fill: "#a7f3d0", Label: "special box A-G"},
		{Fill: "#f59e0b", Label: "lunar card edge"},
	}
	for p := 0; p < g.seats; p++ {
		items = append(items, draw.LegendItem{Fill: seatFill[p], Round: true, Label: "p" + strconv.Itoa(p)})
	}
	y = c.Legend(left-20, y, width-20, 12, "#ffffff", items)
	c.Text(left-20, y-4, 11, "#ffffff", draw.Start, "Discs: astronauts by number, in their seat's colour. Marks under the track: S start, 1-4 between cards, G goal.")
	return c.Bytes()
}

// astronautPicks are the choices made by clicking an astronaut on the
// track: whom to rob or sabotage, the Teamwork partner; for everything
// (viewer -1) or the seat to act.
func (s *State) astronautPicks(viewer engine.Player) map[int]int {
	picks := map[int]int{}
	t, ok := s.top()
	if !ok || (t.Kind != kRob && t.Kind != kTeam) || (viewer != -1 && viewer != s.CurrentPlayer()) {
		return picks
	}
	for _, a := range s.LegalActions(nil) {
		switch x := int(a); {
		case t.Kind == kRob && x >= aRob && x < aNoRob:
			picks[x-aRob] = x
		case t.Kind == kTeam && x >= aPartner && x < aSpend:
			picks[x-aPartner] = x
		}
	}
	return picks
}
