package welcomemoon

import (
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

// The sheets of the picture (svg.go): each adventure's zones as rows of
// boxes, the spaces' printed symbols, and the bonus elements that the
// adventure lists (svg_art.go) as labelled boxes, circled or crossed off
// as the sheet marks them. The seat to act clicks its legal targets there.

// clicks are the legal actions of the seat to act and where they are drawn.
type clicks struct {
	legal   []engine.Action
	set     map[engine.Action]bool
	sheet   int    // the sheet the seat to act plays on
	spaces  bool   // aTarget+sp writes space sp (a number or an X)
	eff     effect // the pending effect whose targets are chosen (kind effNone: none)
	onSheet map[engine.Action]bool
	used    map[engine.Action]bool
}

// clicksFor lists the legal actions of the seat to act, nil when on is
// false or nobody decides.
func (s *State) clicksFor(on bool) *clicks {
	if !on || s.phase == phChance || s.phase == phOver {
		return nil
	}
	ck := &clicks{legal: s.LegalActions(nil), set: map[engine.Action]bool{}, used: map[engine.Action]bool{}}
	for _, a := range ck.legal {
		ck.set[a] = true
	}
	ck.sheet = s.lay().r.playSheet(s, int(s.cur))
	if s.phase == phDecide && s.sub == subSpace {
		ck.spaces = true
	}
	if (s.phase != phDecide || s.sub == subEffect) && s.ctx.npend > 0 {
		ck.eff = s.ctx.pend[0]
		switch ck.eff.kind {
		case effXBonus, effPlanX, effGrey, effInfect:
			ck.spaces = true
		}
	}
	return ck
}

func (ck *clicks) has(a engine.Action) bool { return ck != nil && ck.set[a] }

func (ck *clicks) use(a engine.Action) {
	if ck != nil {
		ck.used[a] = true
	}
}

// mark is one bonus element of a sheet: a box, circle or symbol with a
// short label, circled and/or crossed off as element id is on the sheet
// (id 0: a drawn value, marked when on). eff and t: the effect target
// that picks it (effNone: none).
type mark struct {
	label string
	id    int16
	on    bool
	eff   int8
	t     int8
}

// markGroup is a named row of marks.
type markGroup struct {
	name  string
	marks []mark
}

// Optional drawing hooks of an adventure's rules (svg_art.go).
type (
	// sheetArt lists a sheet's bonus elements.
	sheetArt interface {
		svgGroups(s *State, sh *sheet, i int) []markGroup
	}
	// spaceArt names the part (quarter, block, column) of a space, drawn
	// as a gap and a name in its zone's row, and a symbol printed on it
	// (id: its element, 0 none).
	spaceArt interface {
		svgPart(sp int8) (part int8, name string)
		svgSpace(sh *sheet, sp int8) (label string, id int16)
	}
	// topDown draws the zones last first (A1's floors, the top one up).
	topDown interface{ svgTopDown() bool }
	// noted explains the adventure's sheet in a sentence of the legend.
	noted interface{ svgNote() string }
	// zoneArt lists the bonus elements that belong to zone zi (a floor's
	// quarters, a starship, a planet), drawn to the right of its spaces.
	zoneArt interface {
		svgZoneMarks(s *State, sh *sheet, zi int) []mark
	}
)

// sheets draws every sheet from y down: the sheet the viewer plays on and
// its own first at full size, the others smaller.
func (sc *scene) sheets(y float64) float64 {
	s := sc.s
	l := s.lay()
	n := s.g.sheets()
	var order []int
	first := -1
	if sc.viewer >= 0 {
		first = l.r.playSheet(s, sc.viewer)
		order = append(order, first)
		if sc.viewer != first {
			order = append(order, sc.viewer)
		}
	}
	for i := 0; i < n; i++ {
		if i != first && i != sc.viewer {
			order = append(order, i)
		}
	}
	for _, i := range order {
		k := 1.0
		if sc.viewer >= 0 && i != first && i != sc.viewer && s.phase != phOver {
			k = 0.8
		}
		y = sc.sheet(i, y, k) + 10
	}
	return y
}

// sheet draws sheet i at scale k from y down on paper and returns the y
// below it.
func (sc *scene) sheet(i int, y, k float64) float64 {
	if sc.measured {
		sc.c.Rect(picLeft, y, picWidth-2*picLeft, sc.paper[i], paperFill, "", 0)
	}
	bottom := sc.sheetBody(i, y, k)
	sc.paper[i] = bottom - y
	return bottom
}

// shown is sheet i as v shows it: live on the sheet v's seat to act
// writes on and at the end, else as at the start of the turn (String).
func shown(v *State, i int) *sheet {
	if (v.phase == phDecide && v.writer(i) == int(v.cur)) || v.phase == phOver {
		return &v.sh[i]
	}
	return &v.pub[i]
}

// sheetActions are the legal actions drawn on the sheet of the seat to act
// (spaces, walls, bonus elements), as sheetBody draws them.
func (s *State) sheetActions(v *State, ck *clicks) map[engine.Action]bool {
	l := s.lay()
	out := map[engine.Action]bool{}
	sh := shown(v, ck.sheet)
	for _, a := range ck.legal {
		t := int(a) - aTarget
		if t < 0 || t >= numTarget {
			continue
		}
		if za, ok := l.r.(zonesArt); ok && za.svgDrawsTargets(ck.eff.kind) {
			out[a] = true
			continue
		}
		if (ck.spaces && t < l.nSpaces) || (ck.eff.kind == effWall && l.wallBase > 0 && t+1 < l.nSpaces && !sh.cross.has(int16(l.wallBase+t+1))) {
			out[a] = true
		}
	}
	sc := &scene{s: s, v: v}
	var ms []mark
	for _, g := range sc.groups(sh, ck.sheet) {
		ms = append(ms, g.marks...)
	}
	if za, ok := l.r.(zoneArt); ok {
		for zi := range l.zones {
			ms = append(ms, za.svgZoneMarks(s, sh, zi)...)
		}
	}
	for _, m := range ms {
		if a, ok := sc.markAction(m, ck); ok {
			out[a] = true
		}
	}
	return out
}

// groups are the bonus elements of sh, sheet i: the adventure's, then
// the Wild actions.
func (sc *scene) groups(sh *sheet, i int) []markGroup {
	l := sc.s.lay()
	var out []markGroup
	if art, ok := l.r.(sheetArt); ok {
		out = art.svgGroups(sc.s, sh, i)
	}
	if l.wild && len(l.wildIDs) > 0 {
		g := markGroup{name: "Wild actions"}
		for _, id := range l.wildIDs {
			g.marks = append(g.marks, mark{label: "Wild", id: id})
		}
		out = append(out, g)
	}
	return out
}

// sheetBody draws sheet i's header, zones and bonus elements.
func (sc *scene) sheetBody(i int, y, k float64) float64 {
	s, v, c := sc.s, sc.v, sc.c
	l := s.lay()
	sh := shown(v, i)
	live := sh == &v.sh[i]
	ck := sc.ck
	if ck != nil && i != ck.sheet {
		ck = nil
	}
	x0, x1 := picLeft, picWidth-picLeft
	top := y
	// header: who, score, missions, System Errors
	hh := 24 * k
	colour := "#475569"
	var who string
	if i >= s.g.players {
		who = "ASTRA's sheet"
	} else {
		colour = playerFill[i]
		who = "p" + strconv.Itoa(i)
		if i == sc.viewer {
			who += " (you)"
		}
		if !live && v.phase == phDecide {
			who += ", as at the start of the turn"
		} else {
			who += ": score " + strconv.Itoa(v.known().Score(i))
		}
	}
	c.Rect(x0, y, x1-x0, hh, colour, "", 0)
	c.Text(x0+8, y+hh*0.7, 14*k, "#ffffff", draw.Start, who)
	if i < s.g.players {
		sc.sheetStatus(i, x1-6, y, hh, k)
	}
	y += hh + 6*k
	// the zones
	if za, ok := l.r.(zonesArt); ok {
		y = za.svgZones(sc, sh, ck, x0+6, x1-6, y, k)
	} else {
		y = sc.zones(i, sh, ck, x0+6, x1-6, y, k)
	}
	// the bonus elements
	for _, g := range sc.groups(sh, i) {
		y = sc.group(g, sh, ck, x0+6, x1-6, y, k)
	}
	y += 4 * k
	c.Rect(x0, top, x1-x0, y-top, "", colour, 2)
	return y
}

// sheetStatus writes seat p's missions and System Error boxes at the right
// of its sheet's header, ending at x.
func (sc *scene) sheetStatus(p int, x, y, hh, k float64) {
	s, v, c := sc.s, sc.v, sc.c
	l := s.lay()
	ms := &v.pub[p]
	if (v.phase == phDecide && int(v.cur) == p) || v.phase == phOver {
		ms = &v.sh[p]
	}
	kn := v.known()
	sz := 12 * k
	// System Errors, right-aligned
	var boxes [][]int16
	var on [][]bool
	total := 0
	for j := range kn.sh {
		ids := l.r.errBoxes(kn, p, j)
		if len(ids) == 0 {
			continue
		}
		boxes = append(boxes, ids)
		row := make([]bool, len(ids))
		for b, id := range ids {
			row[b] = (l.errCircle && kn.sh[j].circ.has(id)) || (!l.errCircle && kn.sh[j].cross.has(id))
		}
		on = append(on, row)
		total += len(ids)
	}
	bw := sz + 2*k
	x -= float64(total)*bw + float64(max(len(boxes)-1, 0))*6*k
	bx := x
	for j := range boxes {
		for b := range boxes[j] {
			markBox(c, bx, y+(hh-sz)/2, sz, "", on[j][b] && l.errCircle, on[j][b] && !l.errCircle)
			if on[j][b] && l.errCircle {
				c.Rect(bx+2*k, y+(hh-sz)/2+2*k, sz-4*k, sz-4*k, "#f87171", "", 0)
			}
			bx += bw
		}
		bx += 6 * k
	}
	c.Text(x-4*k, y+hh*0.7, 11*k, "#ffffff", draw.End, "System Errors "+strconv.Itoa(kn.errorsUsed(p))+"/"+strconv.Itoa(total))
	x -= 4*k + draw.TextWidth("System Errors 0/00", 11*k) + 10*k
	// missions: done (value), wanted this turn, open
	for m := 2; m >= 0; m-- {
		label := string(rune('A'+m)) + " -"
		fill := "#e2e8f0"
		switch {
		case ms.mdone&(1<<m) != 0:
			label, fill = string(rune('A'+m))+" "+strconv.Itoa(int(ms.mval[m])), "#bbf7d0"
		case ms.mwant&(1<<m) != 0:
			label, fill = string(rune('A'+m))+" ?", "#fef08a"
		}
		w := draw.TextWidth(label, 11*k) + 8*k
		x -= w + 3*k
		c.Rect(x, y+(hh-sz-2*k)/2, w, sz+2*k, fill, "#1e293b", 1)
		c.Text(x+w/2, y+hh*0.68, 11*k, paperInk, draw.Middle, label)
	}
	c.Text(x-4*k, y+hh*0.7, 11*k, "#ffffff", draw.End, "missions")
}

// zones draws the adventure's zones of sheet sh as rows of space boxes:
// each space once, in the first zone listing it (A3's columns repeat its
// rows' spaces), long zones wrapped.
func (sc *scene) zones(i int, sh *sheet, ck *clicks, x0, x1, y, k float64) float64 {
	s, c := sc.s, sc.c
	l := s.lay()
	art, _ := l.r.(spaceArt)
	var drawn [maxSpaces]bool
	idx := make([]int, len(l.zones))
	for zi := range idx {
		idx[zi] = zi
	}
	if td, ok := l.r.(topDown); ok && td.svgTopDown() {
		for a, b := 0, len(idx)-1; a < b; a, b = a+1, b-1 {
			idx[a], idx[b] = idx[b], idx[a]
		}
	}
	box := 30 * k
	gap := 4 * k
	if l.wallBase > 0 {
		gap = 9 * k
	}
	labW := 62 * k
	named := false // the adventure names the parts of its zones
	if art != nil {
		for sp := int8(0); int(sp) < l.nSpaces; sp++ {
			if _, name := art.svgPart(sp); name != "" {
				named = true
				break
			}
		}
	}
	rowH := box + 18*k
	if named {
		y += 10 * k
		rowH += 10 * k
	}
	perRow := int((x1 - x0 - labW) / (box + gap + 1*k))
	for _, zi := range idx {
		z := &l.zones[zi]
		var sps []int8
		for _, sp := range z.spaces {
			if !drawn[sp] {
				drawn[sp] = true
				sps = append(sps, sp)
			}
		}
		if len(sps) == 0 {
			continue
		}
		// rows of equal length
		rows := (len(sps) + perRow - 1) / perRow
		per := (len(sps) + rows - 1) / rows
		c.Text(x0, y+box*0.45, 13*k, paperInk, draw.Start, z.name)
		if z.action != actAny {
			c.Rect(x0, y+box*0.58, labW-10*k, 11*k, actFill[z.action], "", 0)
			c.Text(x0+2*k, y+box*0.58+9*k, 9*k, paperInk, draw.Start, actNames[z.action])
		}
		x := x0 + labW
		prev := int8(-1)
		for n, sp := range sps {
			if n > 0 && (n%per == 0 || x+box > x1) {
				x, y = x0+labW, y+rowH
			}
			if art != nil {
				if part, name := art.svgPart(sp); part != prev {
					if n > 0 && x > x0+labW {
						x += 4 * k
						c.Line(x-gap/2-2*k, y-8*k, x-gap/2-2*k, y+box+11*k, "#64748b", 1.5*k)
					}
					if name != "" {
						c.Text(x, y-3*k, 9*k, "#475569", draw.Start, name)
					}
					prev = part
				}
			}
			sc.space(sh, ck, sp, x, y, box, k, art)
			if l.wallBase > 0 && int(sp)+1 < l.nSpaces {
				sc.wall(sh, ck, sp, x+box+gap/2, y, box, k)
			}
			x += box + gap
		}
		if za, ok := l.r.(zoneArt); ok {
			if ms := za.svgZoneMarks(s, sh, zi); len(ms) > 0 {
				y = sc.inline(ms, sh, ck, x+10*k, x0+labW, x1, y+(box-18*k)/2, box+14*k, k) - (box-18*k)/2
			}
		}
		y += rowH
	}
	return y
}

// inline draws marks from x on the line at y, wrapping to new lines step
// apart from xWrap, and returns the y of the last line.
func (sc *scene) inline(ms []mark, sh *sheet, ck *clicks, x, xWrap, x1, y, step, k float64) float64 {
	for _, m := range ms {
		w := draw.TextWidth(m.label, 10*k) + 10*k
		if x+w > x1 {
			x, y = xWrap, y+step
		}
		sc.mark(m, sh, ck, x, y, w, k)
		x += w + 4*k
	}
	return y
}

// space draws space sp: its written number, an X or nothing, its id, the
// symbol printed on it; clickable when a legal action writes it.
func (sc *scene) space(sh *sheet, ck *clicks, sp int8, x, y, box, k float64, art spaceArt) {
	s, c := sc.s, sc.c
	a := engine.Action(aTarget + int(sp))
	click := ck != nil && ck.spaces && ck.set[a]
	if click {
		title := s.ActionString(a)
		if s.phase == phDecide && s.sub == subSpace {
			if v := s.nearest(int(s.cur), sh, sp); v >= 0 {
				title += ": write " + strconv.Itoa(int(v))
			}
		}
		c.Action(int(a), title)
		ck.use(a)
	}
	fill, line, lw := paperFill, paperLine, 1.0
	if click {
		fill, line, lw = clickFill, clickLine, 2.5
	}
	c.Rect(x, y, box, box, fill, line, lw*k)
	switch v := sh.num[sp]; {
	case v == xMark:
		crossLines(c, x+5*k, y+5*k, box-10*k, box-10*k, paperInk, 2.5*k)
	case v != empty:
		c.Text(x+box/2, y+box*0.72, 17*k, paperInk, draw.Middle, strconv.Itoa(int(v-1)))
	}
	c.Text(x+2*k, y+8*k, 7*k, "#64748b", draw.Start, strconv.Itoa(int(sp)+1))
	if art != nil {
		if label, id := art.svgSpace(sh, sp); label != "" {
			col := "#475569"
			if id != 0 && sh.circ.has(id) {
				col = circleLine
			}
			size := min(8*k, (box+2*k)/(0.55*float64(len(label))))
			c.Text(x+box/2, y+box+9*k, size, col, draw.Middle, label)
			if id != 0 && sh.cross.has(id) {
				c.Line(x+3*k, y+box+6*k, x+box-3*k, y+box+6*k, crossLine, 1.2*k)
			}
		}
	}
	if click {
		c.End()
	}
}

// wall draws the A2 wall slot after space sp (between spaces sp+1 and
// sp+2 in the sheet's numbering), centred on x: a thick bar once built,
// clickable where a legal action builds it.
func (sc *scene) wall(sh *sheet, ck *clicks, sp int8, x, y, box, k float64) {
	s, c := sc.s, sc.c
	l := s.lay()
	id := int16(l.wallBase + int(sp) + 1)
	if sh.cross.has(id) {
		c.Rect(x-2*k, y-3*k, 4*k, box+6*k, crossLine, "", 0)
		return
	}
	a := engine.Action(aTarget + int(sp))
	if ck != nil && ck.eff.kind == effWall && ck.set[a] {
		c.Action(int(a), s.ActionString(a))
		c.Rect(x-3.5*k, y-3*k, 7*k, box+6*k, clickFill, clickLine, 1.5*k)
		c.End()
		ck.use(a)
	}
}

// group draws a row of marks under its name, wrapped.
func (sc *scene) group(g markGroup, sh *sheet, ck *clicks, x0, x1, y, k float64) float64 {
	c := sc.c
	if len(g.marks) == 0 {
		return y
	}
	h := 18 * k
	labW := 96 * k
	c.Text(x0, y+h*0.72, 10*k, "#334155", draw.Start, g.name)
	x := x0 + max(labW, draw.TextWidth(g.name, 10*k)+8*k)
	for _, m := range g.marks {
		w := draw.TextWidth(m.label, 10*k) + 10*k
		if x+w > x1 {
			x, y = x0+labW, y+h+4*k
		}
		sc.mark(m, sh, ck, x, y, w, k)
		x += w + 4*k
	}
	return y + h + 6*k
}

// mark draws mark m as a w-wide box at x, y, clickable when it picks a
// legal target.
func (sc *scene) mark(m mark, sh *sheet, ck *clicks, x, y, w, k float64) {
	s, c := sc.s, sc.c
	h := 18 * k
	a, click := sc.markAction(m, ck)
	if click {
		c.Action(int(a), s.ActionString(a))
		ck.use(a)
	}
	circ := m.id != 0 && sh.circ.has(m.id) || m.id == 0 && m.on
	cross := m.id != 0 && sh.cross.has(m.id)
	fill, line, lw := paperFill, paperLine, 1.0
	switch {
	case click:
		fill, line, lw = clickFill, clickLine, 2.5
	case cross:
		fill, line = "#e5e7eb", "#9ca3af"
	case circ:
		fill, line, lw = "#dcfce7", circleLine, 2.5
	}
	c.Rect(x, y, w, h, fill, line, lw*k)
	c.Text(x+w/2, y+h*0.7, 10*k, paperInk, draw.Middle, m.label)
	if cross {
		crossLines(c, x+2*k, y+2*k, w-4*k, h-4*k, crossLine, 1.6*k)
	}
	if click {
		c.End()
	}
}

// markAction is the legal action that picks mark m, if any.
func (sc *scene) markAction(m mark, ck *clicks) (engine.Action, bool) {
	if ck == nil || ck.eff.kind == effNone {
		return 0, false
	}
	if ck.eff.kind == effAstra && m.id != 0 {
		for t, id := range sc.s.lay().astraBoxes {
			if id == m.id && ck.set[engine.Action(aTarget+t)] {
				return engine.Action(aTarget + t), true
			}
		}
		return 0, false
	}
	if m.eff == ck.eff.kind && m.eff != effNone {
		a := engine.Action(aTarget + int(m.t))
		return a, ck.set[a]
	}
	return 0, false
}

// markBox draws a small box: circled (a green ring), crossed (a red X).
func markBox(c *draw.Canvas, x, y, size float64, label string, circled, crossed bool) {
	c.Rect(x, y, size, size, paperFill, paperLine, 1)
	if circled {
		c.Circle(x+size/2, y+size/2, size/2-1, "", circleLine, 2)
	}
	if crossed {
		crossLines(c, x+2, y+2, size-4, size-4, crossLine, 1.6)
	}
	if label != "" {
		c.Text(x+size/2, y+size*0.75, size*0.7, paperInk, draw.Middle, label)
	}
}

// crossLines draws an X across the box x, y, w, h.
func crossLines(c *draw.Canvas, x, y, w, h float64, stroke string, width float64) {
	c.Line(x, y, x+w, y+h, stroke, width)
	c.Line(x+w, y, x, y+h, stroke, width)
}
