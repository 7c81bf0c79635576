package planetcubes

import (
	"math"
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

var _ engine.Picturer = (*State)(nil)

var kindFill = [numKinds]string{"#dddddd", "#8fd18f", "#f3a6b5", "#9fb8e8", "#f5e08a", "#f0c419"}

var teamFill = [MaxTeams]string{"#d62828", "#1d4ed8", "#15803d", "#ca8a04", "#7e22ce", "#ea580c"}

// boardLayout places a board's planets on a picture width units wide.
type boardLayout struct {
	minX, minY, scale, radius, margin float64
	width, bottom                     float64 // picture width, y below the map
}

func newBoardLayout(b *Board, width, radius float64) boardLayout {
	l := boardLayout{minX: math.Inf(1), minY: math.Inf(1), radius: radius, margin: 24, width: width}
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range b.Planets {
		l.minX, maxX = math.Min(l.minX, p.X), math.Max(maxX, p.X)
		l.minY, maxY = math.Min(l.minY, p.Y), math.Max(maxY, p.Y)
	}
	l.scale = (width - 2*(l.margin+radius)) / math.Max(maxX-l.minX, 1)
	l.bottom = 2*(l.margin+radius) + (maxY-l.minY)*l.scale
	return l
}

func (l boardLayout) at(p Planet) (float64, float64) {
	return l.margin + l.radius + (p.X-l.minX)*l.scale, l.margin + l.radius + (p.Y-l.minY)*l.scale
}

// drawMap draws the orbits and the planets, ringing the Starting planets
// of owner (planet -> team, -1 none) in the teams' colours.
func drawMap(c *draw.Canvas, b *Board, l boardLayout, owner func(int) int) {
	for _, o := range b.Orbits() {
		x1, y1 := l.at(b.Planets[o[0]])
		x2, y2 := l.at(b.Planets[o[1]])
		c.Line(x1, y1, x2, y2, "#ffffff", 2)
	}
	for i, p := range b.Planets {
		stroke, sw := "#ffffff", 1.5
		if t := owner(i); t >= 0 {
			stroke, sw = teamFill[t], 5
		}
		x, y := l.at(p)
		c.Circle(x, y, l.radius, kindFill[p.Kind], stroke, sw)
		c.Text(x, y+5, 13, "#000000", draw.Middle, p.Name)
	}
}

// kindLegend is one legend entry per kind of planet.
func kindLegend() []draw.LegendItem {
	items := make([]draw.LegendItem, 0, numKinds)
	for k := Kind(0); k < numKinds; k++ {
		items = append(items, draw.LegendItem{Fill: kindFill[k], Round: true, Label: k.Title()})
	}
	return items
}

// SVG draws the board: planets at their coordinates, coloured by kind,
// joined by their orbits; the Starting planets of a game of players teams
// are ringed in the teams' colours (players 0: none). The picture in
// docs/rules/planet-cubes.svg is this drawing of the embedded board.
func (b *Board) SVG(players int) []byte {
	l := newBoardLayout(b, 800, 17)
	owner := map[int]int{}
	if players >= MinTeams && players <= MaxTeams {
		for t, i := range b.seats[players] {
			owner[i] = t
		}
	}
	legend := []draw.LegendItem{}
	legend = append(legend, kindLegend()...)
	height := l.bottom + 90
	c := draw.New(l.width, height, "Planet Cubes board: "+b.Name, "#10142a")
	drawMap(c, b, l, func(i int) int {
		if t, ok := owner[i]; ok {
			return t
		}
		return -1
	})
	y := c.Legend(l.margin, l.bottom+10, l.width-l.margin, 13, "#ffffff", legend)
	if players > 0 {
		c.Para(l.margin, y, l.width-l.margin, 12, "#ffffff", "Rings: the Starting planets of "+strconv.Itoa(players)+
			" teams, clockwise from S1 (Red, Blue, Green, Yellow, Purple, Orange).")
	}
	return c.Bytes()
}

// SVG draws the state: the map with every cube in play beside its planet
// (a square in its team's colour, a second square behind it for a second
// life, a triangle for a short-range weapon, a bar for a long-range one, a
// ring when selected), the teams with points, cubes and supply, and what
// is being decided. The player to act's cubes, orbits and targets are
// clickable (data-action) when that action is legal.
func (s *State) SVG() []byte {
	g := s.g
	b := g.board
	l := newBoardLayout(b, 800, 20)
	panel := l.bottom
	height := panel + 60 + 22*float64(g.n) + 80
	c := draw.New(l.width, height, "Planet Cubes, round "+strconv.Itoa(int(s.round)), "#10142a")
	drawMap(c, b, l, func(i int) int { return int(g.owner[i]) })
	legal := map[int]bool{}
	for _, a := range s.LegalActions(nil) {
		legal[int(a)] = true
	}
	// Moves: the selected cube's orbits, clickable on the planet they lead to.
	if s.sel >= 0 && !s.target && !s.over && s.turn >= 0 {
		from := b.Planets[s.pieces[s.turn][s.sel].planet]
		for k, to := range from.Links {
			if a := int(g.MoveAction(k)); legal[a] {
				x, y := l.at(b.Planets[to])
				c.Action(a, "move to "+b.Planets[to].Name)
				c.Circle(x, y, l.radius+5, "", "#ffffff", 3)
				c.End()
			}
		}
	}
	// Cubes, in a ring around their planet.
	var count [MaxPlanets]int
	for t := 0; t < g.n; t++ {
		for i, pc := range s.pieces[t] {
			if pc.lives == 0 {
				continue
			}
			k := count[pc.planet]
			count[pc.planet]++
			px, py := l.at(b.Planets[pc.planet])
			ang := -math.Pi/2 + float64(k)*math.Pi/4
			rr := l.radius + 13 + 12*float64(k/8)
			x, y := px+rr*math.Cos(ang), py+rr*math.Sin(ang)
			a := -1
			switch {
			case int(s.turn) == t && legal[int(g.SelectAction(i))]:
				a = int(g.SelectAction(i))
			case s.target && t != int(s.turn):
				rel := (t - int(s.turn) + g.n) % g.n
				if ta := int(g.TargetAction(rel, i)); legal[ta] {
					a = ta
				}
			}
			if a >= 0 {
				c.Action(a, s.ActionString(engine.Action(a)))
			}
			drawCube(c, x, y, t, pc, int(s.turn) == t && int(s.sel) == i)
			if a >= 0 {
				c.End()
			}
		}
	}
	// Teams.
	y := panel + 18
	var income [MaxTeams]int
	s.MoonIncome(income[:0])
	for t := 0; t < g.n; t++ {
		mark := ""
		if int(s.turn) == t && !s.over {
			mark = "  (to act)"
		}
		if int(s.first) == t {
			mark += "  (first player)"
		}
		c.Rect(l.margin, y-12, 14, 14, teamFill[t], "#ffffff", 1)
		line := teamColours[t] + " (p" + strconv.Itoa(t) + "): " + strconv.Itoa(int(s.score[t])) + " points"
		if !s.over {
			line += " (+" + strconv.Itoa(income[t]) + " at round end)"
		}
		line += ", " + strconv.Itoa(s.NumPieces(t)) + " cubes in play, supply " + strconv.Itoa(s.Supply(t)) + mark
		c.Text(l.margin+22, y, 14, "#ffffff", draw.Start, line)
		y += 22
	}
	c.Text(l.margin, y+4, 15, "#fde68a", draw.Start, s.statusLine())
	y += 30
	y = c.Legend(l.margin, y, l.width-l.margin, 12, "#ffffff", kindLegend())
	c.Text(l.margin, y-4, 12, "#ffffff", draw.Start, "Cube: team colour; double square = 2 lives; ▲ short-range weapon; ▬ long-range; white ring = selected; * activated, ! attacked this round")
	return c.Bytes()
}

// drawCube draws a cube of team t centred at (x, y).
func drawCube(c *draw.Canvas, x, y float64, t int, pc piece, selected bool) {
	const h = 7.0
	if pc.lives > 1 {
		c.Rect(x-h+3, y-h-3, 2*h, 2*h, teamFill[t], "#ffffff", 1)
	}
	if selected {
		c.Circle(x, y, h+5, "", "#ffffff", 2.5)
	}
	c.Rect(x-h, y-h, 2*h, 2*h, teamFill[t], "#ffffff", 1)
	switch pc.weapon {
	case Short:
		c.Polygon([]float64{x, y - 4, x + 4, y + 3, x - 4, y + 3}, "#ffffff", "", 0)
	case Long:
		c.Rect(x-4, y-2, 8, 4, "#ffffff", "", 0)
	}
	mark := ""
	if pc.used&usedActivate != 0 {
		mark += "*"
	}
	if pc.used&usedAttack != 0 {
		mark += "!"
	}
	if mark != "" {
		c.Text(x+h+1, y-h, 10, "#ffffff", draw.Start, mark)
	}
}

// statusLine says what is being decided, or how the game ended.
func (s *State) statusLine() string {
	g := s.g
	switch {
	case s.over:
		best := int32(-1)
		for t := 0; t < g.n; t++ {
			best = max(best, s.score[t])
		}
		who := ""
		for t := 0; t < g.n; t++ {
			if s.score[t] == best {
				if who != "" {
					who += ", "
				}
				who += teamColours[t]
			}
		}
		if s.truncated {
			return "Game over at the round limit: " + who + " lead(s) with " + strconv.Itoa(int(best)) + " points"
		}
		return "Game over: " + who + " wins with " + strconv.Itoa(int(best)) + " points"
	case s.first < 0:
		return "The first player is to be drawn"
	}
	line := "Round " + strconv.Itoa(int(s.round)) + "/" + strconv.Itoa(g.rounds) + ", goal " + strconv.Itoa(g.goal) +
		": " + teamColours[s.turn] + " to act, " + strconv.Itoa(int(s.left)) + " action(s) left: "
	cube := PieceName(int(s.turn), int(max(s.sel, 0)))
	switch {
	case s.sel < 0:
		return line + "choose a cube, or end the turn"
	case s.target:
		return line + cube + " attacks: choose the cube to hit"
	}
	return line + cube + " selected: move, activate or attack"
}
