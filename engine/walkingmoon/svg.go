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
// as numbered discs in their seat's colour), then the astronauts with every
// action card named, the dice and the choices.
func (s *State) SVG() []byte { return s.picture(s.withCards(func(int) bool { return true })) }

// SVGFor draws the state as seat p may see it: the track, and the lists of
// StringFor(p), which names only p's own action cards.
func (s *State) SVGFor(p engine.Player) []byte { return s.picture(s.StringFor(p)) }

func (s *State) picture(text string) []byte {
	g := s.g
	const width, left = 800.0, 40.0
	cw := (width - left - 20) / float64(g.cols)
	ch := min(cw*1.3, 34)
	top := 56.0
	lines := strings.Split(text, "\n")
	// The lines after the track: from the first astronaut's line on.
	rest := lines[:0:0]
	for i, l := range lines {
		if strings.HasPrefix(l, "0 ") {
			rest = lines[i:]
			break
		}
	}
	var wrapped []string
	for _, l := range rest {
		for len(l) > 100 {
			k := strings.LastIndexByte(l[:100], ' ')
			if k <= 0 {
				k = 100
			}
			wrapped = append(wrapped, l[:k])
			l = "    " + strings.TrimLeft(l[k:], " ")
		}
		wrapped = append(wrapped, l)
	}
	trackBottom := top + ch*float64(g.height)
	height := trackBottom + 50 + 15*float64(len(wrapped)) + 90
	c := draw.New(width, height, "Walking on the Moon, round "+strconv.Itoa(int(s.round)), "#0b1020")
	c.Text(left, 22, 15, "#ffffff", draw.Start, lines[0])
	if len(lines) > 1 {
		c.Text(left, 42, 12, "#cbd5e1", draw.Start, "lunar "+lines[1])
	}
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
				c.Circle(px+cw/2, y+ch/2, min(cw, ch)*0.45, seatFill[g.seat(a)], "#ffffff", 1.5)
				c.Text(px+cw/2, y+ch/2+4, 11, "#ffffff", draw.Middle, strconv.Itoa(a))
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
	y := trackBottom + 50
	c.Mono(left-20, y, 12, "#e5e7eb", wrapped)
	y += 15*float64(len(wrapped)) + 10
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
