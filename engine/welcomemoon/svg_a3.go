package welcomemoon

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

// zonesArt is implemented by the adventures that draw their spaces
// themselves rather than as rows of zones (A3's grid with its tunnels).
type zonesArt interface {
	// svgZones draws sheet sh's spaces from y down between x0 and x1 at
	// scale k, the targets of ck clickable, and returns the y below.
	svgZones(sc *scene, sh *sheet, ck *clicks, x0, x1, y, k float64) float64
	// svgDrawsTargets says whether svgZones draws every target of
	// effect kind eff.
	svgDrawsTargets(eff int8) bool
}

func (a *a3Layout) svgDrawsTargets(eff int8) bool { return eff == effTunnel }

// svgZones draws the colony as its grid: the buildings (spaces), the
// rocket, the observatory and the two X nodes, with the tunnels between
// neighbours: built (thick), open, or clickable when the player builds
// one; the rows and columns named as their zones, the quarters by colour.
func (a *a3Layout) svgZones(sc *scene, sh *sheet, ck *clicks, x0, x1, y, k float64) float64 {
	s, c := sc.s, sc.c
	l := s.lay()
	box := 32 * k
	step := box + 26*k
	left := x0 + 40*k
	top := y + 14*k
	at := func(r, col int) (float64, float64) { return left + float64(col)*step, top + float64(r)*step }
	nodes := make([][]int8, len(a.grid))
	pos := map[int8][2]int{}
	for r, row := range a.grid {
		for col, name := range row {
			n, _ := parseNode(l, name)
			nodes[r] = append(nodes[r], n)
			pos[n] = [2]int{r, col}
		}
	}
	// zone names: a row's or column's first space tells which zone it is
	zoneOf := func(sps []int8, list []int) string {
		for _, sp := range sps {
			if sp >= maxSpaces {
				continue
			}
			for _, zi := range list {
				for _, zs := range l.zones[zi].spaces {
					if zs == sp {
						return l.zones[zi].name
					}
				}
			}
		}
		return ""
	}
	for r, row := range nodes {
		_, yy := at(r, 0)
		c.Text(x0, yy+box*0.65, 12*k, paperInk, draw.Start, zoneOf(row, a.rows))
	}
	for col := range nodes[0] {
		var sps []int8
		for r := range nodes {
			if col < len(nodes[r]) {
				sps = append(sps, nodes[r][col])
			}
		}
		xx, _ := at(0, col)
		c.Text(xx+box/2, top-4*k, 12*k, paperInk, draw.Middle, zoneOf(sps, a.cols))
	}
	// tunnels, under the nodes
	tunnel := func(t int, id int16, n1, n2 int8, pre bool) {
		p1, ok1 := pos[n1]
		p2, ok2 := pos[n2]
		if !ok1 || !ok2 {
			return
		}
		xa, ya := at(p1[0], p1[1])
		xb, yb := at(p2[0], p2[1])
		xa, ya, xb, yb = xa+box/2, ya+box/2, xb+box/2, yb+box/2
		switch {
		case pre || sh.cross.has(id):
			c.Line(xa, ya, xb, yb, "#1e293b", 6*k)
		default:
			a := engine.Action(aTarget + t)
			if ck != nil && ck.eff.kind == effTunnel && ck.set[a] {
				c.Action(int(a), s.ActionString(a))
				c.Line(xa, ya, xb, yb, clickLine, 10*k)
				c.Line(xa, ya, xb, yb, clickFill, 6*k)
				c.End()
				ck.use(a)
				return
			}
			c.Line(xa, ya, xb, yb, "#cbd5e1", 2*k)
		}
	}
	for _, p := range a.prebuilt {
		tunnel(-1, 0, p[0], p[1], true)
	}
	for t, tn := range a.tunnels {
		tunnel(t, a.tunnelID[t], tn[0], tn[1], false)
	}
	connected := a.connected(sh)
	for r, row := range nodes {
		for col, n := range row {
			x, yy := at(r, col)
			if n < maxSpaces {
				if q := a.quarterOf[n]; q >= 0 {
					c.Rect(x-3*k, yy-3*k, box+6*k, box+6*k, quarterTint[int(q)%len(quarterTint)], "", 0)
				}
				if connected.has(n) {
					c.Rect(x-3*k, yy-3*k, box+6*k, box+6*k, "", "#1e293b", 1.5*k)
				}
				sc.space(sh, ck, n, x, yy, box, k, a)
				continue
			}
			label := nodeLabel(n)
			fill := "#e2e8f0"
			if n == nodeRocket {
				fill, label = "#fecaca", "RKT"
			}
			c.Rect(x, yy, box, box, fill, "#475569", 1.5*k)
			c.Text(x+box/2, yy+box*0.62, 10*k, paperInk, draw.Middle, label)
			if ids := a.antennaAt[n]; len(ids) > 0 {
				on := countCircled(sh, ids)
				col := "#475569"
				if on > 0 {
					col = circleLine
				}
				c.Text(x+box/2, yy+box+9*k, 8*k, col, draw.Middle, "antennas "+itoa(on)+"/"+itoa(len(ids)))
			}
		}
	}
	// the quarters' names, in their colours
	lx := left + float64(len(nodes[0]))*step + 10*k
	ly := top + 10*k
	c.Text(lx, ly, 11*k, paperInk, draw.Start, "Quarters:")
	for i, q := range a.quarters {
		ly += 16 * k
		c.Rect(lx, ly-10*k, 12*k, 12*k, quarterTint[i%len(quarterTint)], "#475569", 1)
		c.Text(lx+16*k, ly, 11*k, paperInk, draw.Start, q.name)
	}
	ly += 24 * k
	for _, ln := range []string{"thick line: tunnel built", "framed: connected to the rocket", "RKT rocket, OBS observatory,", "X: crossing nodes"} {
		c.Text(lx, ly, 10*k, "#475569", draw.Start, ln)
		ly += 13 * k
	}
	_, bottom := at(len(nodes)-1, 0)
	return bottom + box + 20*k
}

// quarterTint colours the quarters of a grid sheet.
var quarterTint = []string{"#dbeafe", "#dcfce7", "#fef9c3", "#fce7f3", "#ede9fe", "#ffedd5"}
