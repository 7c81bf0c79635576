package welcomemoon

import (
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

var _ engine.PlayerPicturer = (*State)(nil)

// actFill colours the six actions: Robot, Energy, Plant, Water, Astronaut,
// Planning.
var actFill = [numActs]string{"#94a3b8", "#facc15", "#4ade80", "#60a5fa", "#f472b6", "#c084fc"}

var playerFill = [6]string{"#1d4ed8", "#d62828", "#15803d", "#ca8a04", "#7e22ce", "#ea580c"}

// SVG draws the three card pairs (number and action, coloured by action),
// the missions, then every sheet and ASTRA as String writes them, in panels
// in the players' colours.
func (s *State) SVG() []byte { return s.picture(s.String(), true) }

// SVGFor draws the state as seat p may see it: the cards and missions
// (public) and the sheets as StringFor(p) writes them, the others' as at
// the start of the turn.
// Only the player to act gets clickable combinations (which are legal
// depends on its sheet).
func (s *State) SVGFor(p engine.Player) []byte {
	return s.picture(s.StringFor(p), s.phase == phDecide && int(p) == int(s.cur))
}

// picture draws text's sheets below the cards and missions; with clickable,
// a combination that one legal action picks plays it when clicked.
func (s *State) picture(text string, clickable bool) []byte {
	const width, left = 800.0, 20.0
	lines := strings.Split(text, "\n")
	// The sheets: from the first "--- " line on.
	var sheets []string
	for i, l := range lines {
		if strings.HasPrefix(l, "--- ") {
			sheets = lines[i:]
			break
		}
	}
	// Monospace at 0.6 em a character: the font shrinks (to 9.5 units) so
	// that the longest line fits; longer lines still wrap.
	longest := 0
	for _, line := range sheets {
		longest = max(longest, len([]rune(line)))
	}
	mono := min(11.5, max(9.5, (width-2*left)/(0.6*float64(max(longest, 1)))))
	limit := int((width - 2*left) / (0.6 * mono))
	var wrapped []string
	for _, l := range sheets {
		for len(l) > limit {
			k := strings.LastIndexByte(l[:limit], ' ')
			if k <= 0 {
				k = limit
			}
			wrapped = append(wrapped, l[:k])
			l = "      " + strings.TrimLeft(l[k:], " ")
		}
		wrapped = append(wrapped, l)
	}
	l := s.lay()
	cardsY := 44.0
	missionsY := cardsY + 110
	sheetsY := missionsY + 3*34 + 16
	height := sheetsY + mono*1.25*float64(len(wrapped)) + 70
	c := draw.New(width, height, "Welcome to the Moon, turn "+strconv.Itoa(int(s.turn)+1), "#0f172a")
	c.Text(left, 26, 16, "#ffffff", draw.Start, lines[0])
	d := &s.deck
	for i := 0; i < 3; i++ {
		x := left + float64(i)*260
		if s.g.solo() {
			c.Text(x, cardsY+12, 12, "#cbd5e1", draw.Start, "card "+strconv.Itoa(i+1))
			drawCard(c, x, cardsY+20, d.shown[i], false)
			drawCard(c, x+110, cardsY+20, d.shown[i], true)
			continue
		}
		c.Text(x, cardsY+12, 12, "#cbd5e1", draw.Start, "combination c"+strconv.Itoa(i+1))
		a, ok := s.comboAction(i)
		if ok = ok && clickable; ok {
			c.Action(int(a), s.ActionString(a))
		}
		drawCard(c, x, cardsY+20, d.shown[3+i], false)
		drawCard(c, x+110, cardsY+20, d.shown[i], true)
		if ok {
			c.End()
		}
	}
	for k := 0; k < 3; k++ {
		y := missionsY + float64(k)*34
		if s.mission[k] < 0 {
			continue
		}
		m := l.missions[k][s.mission[k]]
		state, fill := "open", "#1e293b"
		if s.mtaken&(1<<k) != 0 {
			state, fill = "high value taken", "#334155"
		}
		c.Rect(left, y, width-2*left, 28, fill, "#64748b", 1)
		c.Text(left+8, y+19, 13, "#f8fafc", draw.Start, "Mission "+string(rune('A'+k))+" ("+strconv.Itoa(int(m.first))+"/"+strconv.Itoa(int(m.later))+" points, "+state+"): "+m.text)
	}
	y := sheetsY
	seat := -1
	for _, line := range wrapped {
		if strings.HasPrefix(line, "--- p") {
			if n, err := strconv.Atoi(strings.TrimLeftFunc(line[5:6], func(r rune) bool { return r < '0' || r > '9' })); err == nil && n < len(playerFill) {
				seat = n
			}
			c.Rect(left-6, y-11, 4, 14, playerFill[max(seat, 0)], "", 0)
		}
		if strings.HasPrefix(line, "--- ASTRA") {
			seat = -1
		}
		fill := "#e5e7eb"
		if !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "---") {
			fill = "#fde68a"
		}
		c.Mono(left, y, mono, fill, []string{line})
		y += mono * 1.25
	}
	items := make([]draw.LegendItem, 0, numActs+1)
	for a := int8(0); a < numActs; a++ {
		items = append(items, draw.LegendItem{Fill: actFill[a], Label: actNames[a]})
	}
	items = append(items, draw.LegendItem{Fill: "#f8fafc", Label: "number card"})
	y = c.Legend(left, y+14, width-left, 12, "#ffffff", items)
	c.Text(left, y-4, 11, "#ffffff", draw.Start, "Sheets as the game writes them: . empty space, X cross, other symbols on the sheet; a choice made this turn stays secret until the turn ends.")
	return c.Bytes()
}

// drawCard draws a Starship card: its number (number cards of a
// combination) or its action on the action's colour (with the number too in
// a solo game, where one card gives both); an ASTRA card by name; "-" when
// none is shown.
func drawCard(c *draw.Canvas, x, y float64, card int8, action bool) {
	const w, h = 100.0, 56.0
	switch {
	case card < 0 || card >= numStarship:
		label := "-"
		if card != noCard {
			label = cardName(card)
		}
		c.Rect(x, y, w, h, "#334155", "#64748b", 1)
		c.Text(x+w/2, y+h/2+5, 13, "#e2e8f0", draw.Middle, label)
	case !action:
		c.Rect(x, y, w, h, "#f8fafc", "#64748b", 1.5)
		c.Text(x+w/2, y+h/2+12, 32, "#0f172a", draw.Middle, strconv.Itoa(int(cardNum[card])))
	default:
		c.Rect(x, y, w, h, actFill[cardAct[card]], "#f8fafc", 1.5)
		c.Text(x+w/2, y+h/2+5, 14, "#0f172a", draw.Middle, actNames[cardAct[card]])
	}
}

// comboAction is the one legal action that picks combination i, if any.
func (s *State) comboAction(i int) (engine.Action, bool) {
	if s.phase != phDecide || s.sub != subChoose {
		return 0, false
	}
	tag := s.comboTag(i)
	found, n := engine.Action(0), 0
	for _, a := range s.LegalActions(nil) {
		if strings.HasSuffix(s.ActionString(a), tag) {
			found, n = a, n+1
		}
	}
	return found, n == 1
}
