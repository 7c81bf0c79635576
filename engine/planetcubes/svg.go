package planetcubes

import (
	"bytes"
	"fmt"
	"math"
)

var kindFill = [numKinds]string{"#dddddd", "#8fd18f", "#f3a6b5", "#9fb8e8", "#f5e08a", "#f0c419"}

var teamFill = [MaxTeams]string{"#d62828", "#1d4ed8", "#15803d", "#ca8a04", "#7e22ce", "#ea580c"}

// SVG draws the board: planets at their coordinates, coloured by kind,
// joined by their orbits; the Starting planets of a game of players teams
// are ringed in the teams' colours (players 0: none). The picture in
// docs/rules/planet-cubes.svg is this drawing of the embedded board.
func (b *Board) SVG(players int) []byte {
	const scale, radius, margin = 36.0, 17.0, 40.0
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range b.Planets {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	px := func(x float64) float64 { return margin + radius + (x-minX)*scale }
	py := func(y float64) float64 { return margin + radius + (y-minY)*scale }
	width := 2*(margin+radius) + (maxX-minX)*scale
	legendY := 2*(margin+radius) + (maxY-minY)*scale
	height := legendY + 60
	var w bytes.Buffer
	fmt.Fprintf(&w, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif">`+"\n", width, height, width, height)
	fmt.Fprintf(&w, `<title>Planet Cubes board: %s</title>`+"\n", b.Name)
	w.WriteString(`<rect width="100%" height="100%" fill="#10142a"/>` + "\n")
	for _, o := range b.Orbits() {
		p, q := b.Planets[o[0]], b.Planets[o[1]]
		fmt.Fprintf(&w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ffffff" stroke-width="2"/>`+"\n", px(p.X), py(p.Y), px(q.X), py(q.Y))
	}
	owner := map[int]int{}
	if players >= MinTeams && players <= MaxTeams {
		for t, i := range b.seats[players] {
			owner[i] = t
		}
	}
	for i, p := range b.Planets {
		stroke, sw := "#ffffff", 1.5
		if t, ok := owner[i]; ok {
			stroke, sw = teamFill[t], 5
		}
		fmt.Fprintf(&w, `<circle cx="%.1f" cy="%.1f" r="%.0f" fill="%s" stroke="%s" stroke-width="%.1f"/>`+"\n", px(p.X), py(p.Y), radius, kindFill[p.Kind], stroke, sw)
		fmt.Fprintf(&w, `<text x="%.1f" y="%.1f" font-size="13" text-anchor="middle" dominant-baseline="central">%s</text>`+"\n", px(p.X), py(p.Y), p.Name)
	}
	x := margin
	for k := Kind(0); k < numKinds; k++ {
		fmt.Fprintf(&w, `<circle cx="%.1f" cy="%.1f" r="8" fill="%s"/>`, x+8, legendY+10, kindFill[k])
		fmt.Fprintf(&w, `<text x="%.1f" y="%.1f" font-size="12" fill="#ffffff" dominant-baseline="central">%s</text>`+"\n", x+20, legendY+10, k.Title())
		x += 20 + 8*float64(len(k.Title())) + 14
	}
	if players > 0 {
		fmt.Fprintf(&w, `<text x="%.1f" y="%.1f" font-size="12" fill="#ffffff">Rings: the Starting planets of %d teams, clockwise from S1 (Red, Blue, Green, Yellow, Purple, Orange).</text>`+"\n", margin, legendY+40, players)
	}
	w.WriteString("</svg>\n")
	return w.Bytes()
}
