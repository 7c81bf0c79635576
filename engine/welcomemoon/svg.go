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

// Colours of the sheets (svg_sheet.go) and of the buttons.
const (
	picBG      = "#0f172a"
	picText    = "#f8fafc"
	picDim     = "#cbd5e1"
	paperFill  = "#fdfcf7"
	paperInk   = "#0f172a"
	paperLine  = "#94a3b8"
	clickFill  = "#fde047"
	clickLine  = "#ea580c"
	circleLine = "#16a34a"
	crossLine  = "#b91c1c"
	picWidth   = 800.0
	picLeft    = 20.0
)

// SVG draws the state as String writes it: the three combinations as
// cards, the missions as cards, then every sheet as a sheet (spaces by
// zone, the adventure's bonus elements, missions, System Errors, score),
// ASTRA in a solo game, and a legend. The seat to act sees its sheet live
// (String's view) and its legal actions are clickable.
func (s *State) SVG() []byte {
	viewer := -1
	if s.phase != phChance && s.phase != phOver {
		viewer = int(s.cur)
	}
	return s.picture(s, viewer, viewer >= 0, lastLines(s.String()))
}

// SVGFor draws the state as seat p may see it, as StringFor(p) writes it:
// the cards and missions (public), p's own sheet as it is and the others'
// as at the start of the turn while the players choose. Only the seat to
// act gets clickable elements: every legal action is a data-action on the
// cards, on its sheet (spaces, walls, bonus elements) or on a button.
func (s *State) SVGFor(p engine.Player) []byte {
	v := s
	if s.phase == phDecide && int(p) != int(s.cur) {
		c := *s // String's view with p as the seat choosing (StringFor)
		c.cur = -1
		if p >= 0 && int(p) < s.g.players {
			c.cur = int8(p)
		}
		v = &c
	}
	mine := s.CurrentPlayer() == p && p >= 0
	viewer := int(p)
	if p < 0 || int(p) >= s.g.players {
		viewer = -1
	}
	return s.picture(v, viewer, mine, lastLines(s.StringFor(p)))
}

// lastLines is what String writes after the sheets: the prompt of the step,
// or the final summary.
func lastLines(text string) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "Game over") {
			return lines[i:]
		}
	}
	return lines[len(lines)-1:]
}

// picture draws s as the view v shows it (v is s, or StringFor's copy with
// the viewer as the seat choosing) for viewer (-1: nobody in particular);
// with clickable, s's legal actions carry data-action. It draws twice:
// once to measure the height, once for good.
func (s *State) picture(v *State, viewer int, clickable bool, prompt []string) []byte {
	ck := s.clicksFor(clickable)
	if ck != nil {
		ck.onSheet = s.sheetActions(v, ck)
	}
	sc := &scene{s: s, v: v, c: draw.New(picWidth, 1, "", picBG), ck: ck, viewer: viewer, prompt: prompt, paper: map[int]float64{}}
	h := sc.all()
	if ck != nil {
		ck.used = map[engine.Action]bool{}
	}
	sc.c, sc.measured = draw.New(picWidth, h, s.title(), picBG), true
	sc.all()
	return sc.c.Bytes()
}

// headLine is String's first line: the adventure, the turn, ASTRA.
func (s *State) headLine() string {
	l := s.lay()
	h := "Welcome to the Moon - Adventure " + strconv.Itoa(l.adv) + ": " + l.name + " - turn " + strconv.Itoa(int(s.turn)+1)
	if s.g.solo() {
		h += " - solo vs ASTRA level " + strconv.Itoa(s.g.level) + " (" + astraNames[s.g.level-1] + ")"
	}
	return h
}

func (s *State) title() string {
	return "Welcome to the Moon, Adventure " + strconv.Itoa(s.lay().adv) + ", turn " + strconv.Itoa(int(s.turn)+1)
}

// scene is one drawing of a state.
type scene struct {
	s, v   *State
	c      *draw.Canvas
	ck     *clicks
	viewer int
	prompt []string
	// paper is the height of each sheet, measured by the first drawing
	// (the sheets' paper is drawn before what is on it)
	paper    map[int]float64
	measured bool
}

// all draws everything from the top and returns the height used.
func (sc *scene) all() float64 {
	s, c := sc.s, sc.c
	y := c.Para(picLeft, 26, picWidth-picLeft, 15, picText, s.headLine()) + 2
	for _, l := range sc.prompt {
		y = c.Para(picLeft, y, picWidth-picLeft, 13, "#fde68a", l)
	}
	y = sc.cards(y + 6)
	y = sc.missions(y)
	y = sc.buttons(y)
	y = sc.sheets(y + 8)
	y = sc.astra(y)
	return sc.legend(y + 10)
}

// cards draws the three combinations as pairs of cards (solo: the three
// revealed cards, each as its number and its action), a pair clickable
// when it plays its combination with its own action, and the Wild
// variants of a pair as buttons under it.
func (sc *scene) cards(y float64) float64 {
	s, c := sc.s, sc.c
	d := &s.deck
	bottom := y + 20 + 56
	for i := 0; i < 3; i++ {
		x := picLeft + float64(i)*260
		if s.g.solo() {
			c.Text(x, y+12, 12, picDim, draw.Start, "card "+strconv.Itoa(i+1))
			// after a System Error, the player picks the card ASTRA gets
			a := engine.Action(aTarget + i)
			ok := sc.ck != nil && sc.ck.eff.kind == effErrCard && sc.ck.has(a)
			if ok {
				sc.ck.use(a)
				c.Action(int(a), s.ActionString(a))
				c.Rect(x-4, y+16, 218, 64, clickFill, clickLine, 2)
			}
			drawCard(c, x, y+20, d.shown[i], false)
			drawCard(c, x+110, y+20, d.shown[i], true)
			if ok {
				c.End()
			}
			continue
		}
		c.Text(x, y+12, 12, picDim, draw.Start, "combination c"+strconv.Itoa(i+1))
		a := engine.Action(aPick + 7*i)
		ok := sc.ck.has(a)
		if ok {
			sc.ck.use(a)
			c.Action(int(a), s.ActionString(a))
			c.Rect(x-4, y+16, 218, 64, clickFill, clickLine, 2)
		}
		drawCard(c, x, y+20, d.shown[3+i], false)
		drawCard(c, x+110, y+20, d.shown[i], true)
		if ok {
			c.End()
		}
		// Wild variants (A2, A6): "as Robot" ...
		bx, by := x, y+20+56+8
		for w := 1; w < 7; w++ {
			a := engine.Action(aPick + 7*i + w)
			if !sc.ck.has(a) {
				continue
			}
			label := "as " + actNames[w-1]
			wd := draw.TextWidth(label, 11) + 14
			if bx+wd > x+215 {
				bx, by = x, by+22
			}
			sc.ck.use(a)
			c.Action(int(a), s.ActionString(a))
			c.Rect(bx, by, wd, 18, actFill[w-1], clickLine, 2)
			c.Text(bx+wd/2, by+13, 11, paperInk, draw.Middle, label)
			c.End()
			bx += wd + 4
			bottom = max(bottom, by+18)
		}
	}
	return bottom + 8
}

// buttons draws every legal action that the cards and the sheet do not
// show as a labelled button, under a heading.
func (sc *scene) buttons(y float64) float64 {
	ck := sc.ck
	if ck == nil {
		return y
	}
	var rest []engine.Action
	for _, a := range ck.legal {
		if !ck.onSheet[a] && !ck.used[a] {
			rest = append(rest, a)
		}
	}
	if len(ck.onSheet) > 0 {
		y = sc.c.Para(picLeft, y+12, picWidth-picLeft, 12, picDim, "Click a highlighted element on the sheet you write on"+map[bool]string{true: ", or a button:", false: "."}[len(rest) > 0]) - 4
	}
	if len(rest) == 0 {
		return y
	}
	y += 6
	x := picLeft
	for _, a := range rest {
		label := sc.s.ActionString(a)
		wd := draw.TextWidth(label, 12) + 16
		if x > picLeft && x+wd > picWidth-picLeft {
			x, y = picLeft, y+28
		}
		button(sc.c, a, x, y, wd, label)
		ck.use(a)
		x += wd + 6
	}
	return y + 30
}

// button draws a clickable labelled button playing a.
func button(c *draw.Canvas, a engine.Action, x, y, w float64, label string) {
	c.Action(int(a), label)
	c.Rect(x, y, w, 22, clickFill, clickLine, 2)
	c.Text(x+w/2, y+15, 12, paperInk, draw.Middle, label)
	c.End()
}

// missions draws the three drawn mission cards.
func (sc *scene) missions(y float64) float64 {
	s, c := sc.s, sc.c
	l := s.lay()
	const w, h = 246.0, 74.0
	any := false
	for k := 0; k < 3; k++ {
		x := picLeft + float64(k)*(w+11)
		if s.mission[k] < 0 {
			continue
		}
		any = true
		m := l.missions[k][s.mission[k]]
		fill, state := "#e0e7ff", "first "+strconv.Itoa(int(m.first))+" / then "+strconv.Itoa(int(m.later))+" points"
		if s.mtaken&(1<<k) != 0 {
			fill, state = "#cbd5e1", "high value taken: "+strconv.Itoa(int(m.later))+" points"
		}
		// accomplishing the mission at the end of the turn: on its card
		a := engine.Action(aTarget)
		click := sc.ck != nil && sc.ck.eff.kind == effMission && int(sc.ck.eff.arg) == k && sc.ck.has(a)
		if click {
			sc.ck.use(a)
			c.Action(int(a), s.ActionString(a))
			fill = clickFill
		}
		c.Rect(x, y, w, h, fill, "#6366f1", 1.5)
		c.Text(x+8, y+15, 12, paperInk, draw.Start, "Mission "+string(rune('A'+k))+" (card "+strconv.Itoa(m.card)+")")
		c.Text(x+w-8, y+15, 10, "#334155", draw.End, state)
		lines := draw.Wrap(m.text, 38)
		for i, ln := range lines {
			if i == 4 {
				break
			}
			c.Text(x+8, y+30+float64(i)*12, 11, paperInk, draw.Start, ln)
		}
		if click {
			c.End()
		}
	}
	if !any {
		return y
	}
	return y + h + 8
}

// astra draws ASTRA's cards, score, track and Solo bonus in a solo game.
func (sc *scene) astra(y float64) float64 {
	s, c := sc.s, sc.c
	if !s.g.solo() {
		return y
	}
	l := s.lay()
	_, boxes := l.r.astraTrack(s.g.level)
	h := 56.0
	if boxes > 0 {
		h += 20
	}
	if l.solo.bonusBoxes > 0 {
		h += 20
	}
	c.Rect(picLeft, y, picWidth-2*picLeft, h, "#1e293b", "#64748b", 1)
	c.Text(picLeft+10, y+18, 14, picText, draw.Start, "ASTRA (level "+strconv.Itoa(s.g.level)+", "+astraNames[s.g.level-1]+"): score "+strconv.Itoa(s.astraScore()))
	c.Text(picWidth-picLeft-10, y+18, 11, picDim, draw.End, "points per card: "+astraPoints(s.g.level))
	x := picLeft + 10
	c.Text(x, y+40, 11, picDim, draw.Start, "cards")
	x += 40
	for a, n := range s.astra.cards {
		c.Rect(x, y+26, 86, 20, actFill[a], "#f8fafc", 1)
		c.Text(x+43, y+40, 11, paperInk, draw.Middle, actNames[a]+" "+strconv.Itoa(int(n)))
		x += 90
	}
	yy := y + 56
	if boxes > 0 {
		x = picLeft + 10
		c.Text(x, yy+10, 11, picDim, draw.Start, "track")
		x += 40
		sz := min(12, (picWidth-picLeft-10-x)/float64(boxes)-2)
		for i := 0; i < boxes; i++ {
			markBox(c, x, yy, sz, "", false, int(s.astra.track) > i)
			x += sz + 2
		}
		yy += 20
	}
	if l.solo.bonusBoxes > 0 {
		x = picLeft + 10
		c.Text(x, yy+10, 11, picDim, draw.Start, "Solo bonus (circled: earned, crossed: spent)")
		x += 250
		for i := 0; i < l.solo.bonusBoxes; i++ {
			markBox(c, x, yy, 12, "", int(s.astra.bonus) > i, int(s.astra.used) > i)
			x += 14
		}
	}
	return y + h + 8
}

func astraPoints(level int) string {
	var b strings.Builder
	for a, n := range astraLevels[level-1] {
		if a > 0 {
			b.WriteString(", ")
		}
		b.WriteString(actNames[a][:3] + " " + strconv.Itoa(n))
	}
	return b.String()
}

// legend explains the colours and marks.
func (sc *scene) legend(y float64) float64 {
	c := sc.c
	items := make([]draw.LegendItem, 0, numActs+6)
	for a := int8(0); a < numActs; a++ {
		items = append(items, draw.LegendItem{Fill: actFill[a], Label: actNames[a]})
	}
	items = append(items,
		draw.LegendItem{Fill: paperFill, Stroke: paperLine, Label: "empty space / box"},
		draw.LegendItem{Fill: clickFill, Stroke: clickLine, Label: "click to play"},
		draw.LegendItem{Fill: "#dcfce7", Stroke: circleLine, Round: true, Label: "circled"},
		draw.LegendItem{Fill: "#e5e7eb", Stroke: crossLine, Label: "crossed off"},
	)
	y = c.Legend(picLeft, y+12, picWidth-picLeft, 12, picText, items)
	if n, ok := sc.s.lay().r.(noted); ok {
		y = c.Para(picLeft, y, picWidth-picLeft, 11, picDim, n.svgNote())
	}
	y = c.Para(picLeft, y, picWidth-picLeft, 11, picDim,
		"Spaces show the number written or X, the small grey number is the space's id (space-N). The others' sheets are drawn smaller, as at the start of the turn while the players choose.")
	return y + 6
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
