package welcomemoon

import (
	"errors"
	"fmt"
	"strings"
)

// Adventure 5, The Dome (adventure-5.md): four skyscrapers numbered upward,
// each started from one of its two starting levels and grown one adjacent
// level at a time; first-to-top/bottom bonuses; a plant & water tower fed
// by the levels at its heights; a dome of 8 odd/even sections built from
// the bases by Robot (the number's parity) and cut in half by Planning;
// Energy upgrades four scoring areas; missions are ★/✦ valued by the
// Missions area.

type rawA5Bonus struct {
	High       int `json:"high"`
	Low        int `json:"low"`
	HighPoints int `json:"high_points"`
	LowPoints  int `json:"low_points"`
}

type rawA5 struct {
	Skyscrapers []struct {
		Name   string     `json:"name"`
		Start  [2]int     `json:"start"`
		Bottom rawA5Bonus `json:"bottom"`
		Top    rawA5Bonus `json:"top"`
	} `json:"skyscrapers"`
	Tower []struct {
		Spaces []int `json:"spaces"`
		Plants []int `json:"plants"`
		Water  int   `json:"water"`
	} `json:"tower"`
	Dome []struct {
		ID     int    `json:"id"`
		Even   bool   `json:"even"`
		Halves [2]int `json:"halves"`
	} `json:"dome"`
	Astronauts []int     `json:"astronauts"`
	Stars      [3][2]int `json:"stars"`
	Areas      []struct {
		Name   string  `json:"name"`
		Rows   [][]int `json:"rows"`
		Values [][]int `json:"values"`
	} `json:"areas"`
}

// The four upgradable scoring areas, in the data's order.
const (
	a5Missions = iota
	a5Tower
	a5Astronauts
	a5Dome
	a5Areas
)

var a5AreaNames = [a5Areas]string{"missions", "tower", "astronauts", "dome"}

type a5Bonus struct {
	space           int8 // the bottom or top level
	high, low       int16
	highPts, lowPts int
}

type a5Area struct {
	rows   [][]int16
	values [][]int // values[rows crossed][column]
}

type a5Section struct {
	id     int16
	even   bool
	halves [2]int16
}

type a5Layout struct {
	baseRules
	zoneOf  [maxSpaces]int8 // skyscraper of a space
	start   [maxSpaces]bool // a starting level
	bonuses []a5Bonus       // per skyscraper: bottom, top
	towerOf [maxSpaces]int8 // tower level of a space, -1 none
	plants  [][]int16       // per tower level
	water   []int16
	dome    []a5Section
	astro   []int16
	stars   [3][2]int16 // per mission: ★, ✦
	areas   [a5Areas]a5Area
}

func compileA5(l *layout, r *rawA5) (*a5Layout, error) {
	a := &a5Layout{}
	if len(r.Skyscrapers) != len(l.zones) {
		return nil, fmt.Errorf("%d skyscrapers for %d zones", len(r.Skyscrapers), len(l.zones))
	}
	for sp := range a.towerOf {
		a.towerOf[sp] = -1
	}
	bonus := func(sp int8, b rawA5Bonus) (a5Bonus, error) {
		hi, err := l.reg(b.High)
		if err != nil {
			return a5Bonus{}, err
		}
		lo, err := l.reg(b.Low)
		if err != nil {
			return a5Bonus{}, err
		}
		if b.HighPoints < b.LowPoints || b.LowPoints < 0 {
			return a5Bonus{}, fmt.Errorf("bonus %d/%d points", b.HighPoints, b.LowPoints)
		}
		l.races = append(l.races, hi)
		l.astraBoxes = append(l.astraBoxes, hi)
		return a5Bonus{space: sp, high: hi, low: lo, highPts: b.HighPoints, lowPts: b.LowPoints}, nil
	}
	for zi, rk := range r.Skyscrapers {
		z := l.zones[zi].spaces
		for _, sp := range z {
			a.zoneOf[sp] = int8(zi)
		}
		for _, id := range rk.Start {
			sp, err := checkSpace(l, id)
			if err != nil {
				return nil, err
			}
			if a.zoneOf[sp] != int8(zi) || l.spaceZone[sp][0] != int8(zi) {
				return nil, fmt.Errorf("skyscraper %s: starting level %d is not in it", rk.Name, id)
			}
			a.start[sp] = true
		}
		b, err := bonus(z[0], rk.Bottom)
		if err != nil {
			return nil, err
		}
		t, err := bonus(z[len(z)-1], rk.Top)
		if err != nil {
			return nil, err
		}
		a.bonuses = append(a.bonuses, b, t)
	}
	for ti, rt := range r.Tower {
		for _, id := range rt.Spaces {
			sp, err := checkSpace(l, id)
			if err != nil {
				return nil, err
			}
			if a.towerOf[sp] >= 0 {
				return nil, fmt.Errorf("space %d on two tower levels", id)
			}
			a.towerOf[sp] = int8(ti)
		}
		p, err := regAll(l, rt.Plants)
		if err != nil {
			return nil, err
		}
		w, err := l.reg(rt.Water)
		if err != nil {
			return nil, err
		}
		a.plants = append(a.plants, p)
		a.water = append(a.water, w)
	}
	if len(r.Dome) == 0 || 3*len(r.Dome) > numTarget {
		return nil, fmt.Errorf("%d dome sections", len(r.Dome))
	}
	for _, rd := range r.Dome {
		id, err := l.reg(rd.ID)
		if err != nil {
			return nil, err
		}
		sec := a5Section{id: id, even: rd.Even}
		for k, h := range rd.Halves {
			if sec.halves[k], err = l.reg(h); err != nil {
				return nil, err
			}
		}
		a.dome = append(a.dome, sec)
	}
	var err error
	if a.astro, err = regAll(l, r.Astronauts); err != nil {
		return nil, err
	}
	for k, st := range r.Stars {
		for j, id := range st {
			if a.stars[k][j], err = l.reg(id); err != nil {
				return nil, err
			}
		}
	}
	if len(r.Areas) != a5Areas {
		return nil, fmt.Errorf("%d scoring areas, want %d", len(r.Areas), a5Areas)
	}
	for k, ra := range r.Areas {
		if ra.Name != a5AreaNames[k] {
			return nil, fmt.Errorf("area %d is %q, want %q", k, ra.Name, a5AreaNames[k])
		}
		if len(ra.Values) != len(ra.Rows)+1 {
			return nil, fmt.Errorf("area %s: %d values for %d rows", ra.Name, len(ra.Values), len(ra.Rows))
		}
		cols := len(ra.Values[0])
		if k == a5Astronauts && cols != 2 || k == a5Missions && cols != 2 || k == a5Tower && cols != 3 || k == a5Dome && cols != 1 {
			return nil, fmt.Errorf("area %s: %d columns", ra.Name, cols)
		}
		for _, v := range ra.Values {
			if len(v) != cols {
				return nil, fmt.Errorf("area %s: ragged values", ra.Name)
			}
		}
		for _, row := range ra.Rows {
			ids, err := regAll(l, row)
			if err != nil {
				return nil, err
			}
			if len(ids) == 0 {
				return nil, fmt.Errorf("area %s: empty row", ra.Name)
			}
			a.areas[k].rows = append(a.areas[k].rows, ids)
		}
		a.areas[k].values = ra.Values
	}
	if len(a.areas[a5Tower].values[0]) != 3 || len(a.plants) == 0 {
		return nil, errors.New("no tower")
	}
	l.astraCards = 7
	return a, nil
}

// allowed: a starting level, or directly above or below a filled level of
// the same skyscraper (adventure-5.md 1).
func (a *a5Layout) allowed(s *State, sh *sheet, sp, _ int8) bool {
	if a.start[sp] {
		return true
	}
	n := int8(s.lay().nSpaces)
	return (sp > 0 && a.zoneOf[sp-1] == a.zoneOf[sp] && sh.filled(sp-1)) ||
		(sp+1 < n && a.zoneOf[sp+1] == a.zoneOf[sp] && sh.filled(sp+1))
}

// onFilled: the bottom or top level of a skyscraper circles its high box
// (race) if it is not crossed, else its low box.
func (a *a5Layout) onFilled(s *State, p int, sp int8) {
	for i := range a.bonuses {
		b := &a.bonuses[i]
		if b.space != sp {
			continue
		}
		if !s.circleRace(p, b.high) && !s.sh[p].circ.has(b.high) {
			s.sh[p].circ.set(b.low)
		}
	}
}

func (a *a5Layout) action(s *State, p int) {
	sh := &s.sh[p]
	switch s.ctx.act {
	case actRobot:
		s.push(effDome, 0)
	case actEnergy:
		s.push(effUpgrade, 0)
	case actPlant:
		if lv := a.towerOf[s.ctx.space]; lv >= 0 {
			for _, id := range a.plants[lv] {
				if !sh.circ.has(id) {
					sh.circ.set(id)
					break
				}
			}
		}
	case actWater:
		if lv := a.towerOf[s.ctx.space]; lv >= 0 {
			sh.circ.set(a.water[lv])
		}
	case actAstronaut:
		crossNext(sh, a.astro)
	case actPlanning:
		s.push(effPlanX, 0)
	}
}

func (a *a5Layout) finish(*State, int)  {}
func (a *a5Layout) onError(*State, int) {}
func (a *a5Layout) phase5(*State)       {}

// Dome targets: section i is target i (built whole), its halves 8+2i and
// 9+2i once it is split.
func (a *a5Layout) element(t int) (sec int, id int16, ok bool) {
	n := len(a.dome)
	switch {
	case t < n:
		return t, a.dome[t].id, true
	case t < 3*n:
		i := (t - n) / 2
		return i, a.dome[i].halves[(t-n)%2], true
	}
	return 0, 0, false
}

// unbuilt lists the unbuilt dome elements from the left base to the right
// one as targets (adventure-5.md 4).
func (a *a5Layout) unbuilt(sh *sheet, dst []int8) []int8 {
	n := len(a.dome)
	for i := range a.dome {
		d := &a.dome[i]
		if sh.cross.has(d.id) { // split
			for k, h := range d.halves {
				if !sh.circ.has(h) {
					dst = append(dst, int8(n+2*i+k))
				}
			}
		} else if !sh.circ.has(d.id) {
			dst = append(dst, int8(i))
		}
	}
	return dst
}

// area is the number of rows of area k crossed (upgrades made).
func (a *a5Layout) area(sh *sheet, k int) int {
	n := 0
	for _, r := range a.areas[k].rows {
		n += boolInt(sh.cross.has(r[0]))
	}
	return n
}

// value is the current (lowest visible) value of column c of area k.
func (a *a5Layout) value(sh *sheet, k, c int) int { return a.areas[k].values[a.area(sh, k)][c] }

func firstOf(rows [][]int16) []int16 {
	ids := make([]int16, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r[0])
	}
	return ids
}

func (a *a5Layout) target(s *State, p int, e effect, t int) bool {
	sh := &s.sh[p]
	switch e.kind {
	case effDome:
		var buf [24]int8
		list := a.unbuilt(sh, buf[:0])
		if len(list) == 0 || s.ctx.value < 0 {
			return false
		}
		if int(list[0]) != t && int(list[len(list)-1]) != t {
			return false
		}
		i, _, _ := a.element(t)
		return a.dome[i].even == (s.ctx.value%2 == 0)
	case effSplit:
		return t < len(a.dome) && !sh.cross.has(a.dome[t].id) && !sh.circ.has(a.dome[t].id)
	case effUpgrade:
		return t < a5Areas && a.area(sh, t) < len(a.areas[t].rows)
	}
	return false
}

func (a *a5Layout) apply(s *State, p int, e effect, t int) {
	sh := &s.sh[p]
	switch e.kind {
	case effPlanX:
		s.push(effSplit, 0)
	case effDome:
		_, id, _ := a.element(t)
		sh.circ.set(id)
	case effSplit:
		sh.cross.set(a.dome[t].id)
	case effUpgrade:
		for _, id := range a.areas[t].rows[a.area(sh, t)] {
			sh.cross.set(id)
		}
	}
}

func (a *a5Layout) targetName(s *State, e effect, t int) string {
	switch e.kind {
	case effDome:
		if i, _, ok := a.element(t); ok {
			if t < len(a.dome) {
				return fmt.Sprintf("build-dome-%d", i+1)
			}
			return fmt.Sprintf("build-dome-%d%c", i+1, "LR"[(t-len(a.dome))%2])
		}
	case effSplit:
		if t < len(a.dome) {
			return fmt.Sprintf("split-dome-%d", t+1)
		}
	case effUpgrade:
		if t < a5Areas {
			return "upgrade-" + a5AreaNames[t]
		}
	}
	return ""
}

func (a *a5Layout) zoneFull(l *layout, sh *sheet, zi int) bool {
	for _, sp := range l.zones[zi].spaces {
		if !sh.filled(sp) {
			return false
		}
	}
	return true
}

// towerCount is the number of circled symbols of tower level lv.
func (a *a5Layout) towerCount(sh *sheet, lv int) int {
	n := boolInt(sh.circ.has(a.water[lv]))
	for _, id := range a.plants[lv] {
		n += boolInt(sh.circ.has(id))
	}
	return n
}

func (a *a5Layout) missionMet(s *State, p int, card int) bool {
	l := s.lay()
	sh := &s.sh[p]
	switch card {
	case 88:
		for zi := range l.zones {
			if a.zoneFull(l, sh, zi) {
				return true
			}
		}
		return false
	case 89:
		n := 0
		for zi := range l.zones {
			z := l.zones[zi].spaces
			n += boolInt(sh.filled(z[len(z)-1]))
		}
		return n >= 2
	case 90, 91:
		need, lvls := 2, 3
		if card == 91 {
			need, lvls = 3, 2
		}
		n := 0
		for lv := range a.plants {
			n += boolInt(a.towerCount(sh, lv) >= need)
		}
		return n >= lvls
	case 92:
		var buf [24]int8
		return len(a.unbuilt(sh, buf[:0])) == 0
	case 93:
		return countX(sh, l.nSpaces) >= 4
	}
	return false
}

func (a *a5Layout) missionMay(s *State, p int, card int) bool { return a.missionMet(s, p, card) }

// reward circles mission k's ★ (the high value) or ✦ (adventure-5.md 6);
// the value of the mission is the first or later of its card, read here
// only to tell which.
func (a *a5Layout) reward(s *State, p int, v int8) {
	sh := &s.sh[p]
	for k := 0; k < 3; k++ {
		if sh.mval[k] != v || sh.circ.has(a.stars[k][0]) || sh.circ.has(a.stars[k][1]) || sh.mdone&(1<<k) == 0 {
			continue
		}
		m := s.lay().missions[k][s.mission[k]]
		if v == m.first {
			sh.circ.set(a.stars[k][0])
		} else {
			sh.circ.set(a.stars[k][1])
		}
	}
}

func (a *a5Layout) ends(*State, int) bool { return false }

// astroRank: first place the Astronauts area's 1st column, every other
// place its 2nd (adventure-5.md 8).
func (a *a5Layout) astroRank(s *State, p int) int {
	first, other := a.value(&s.sh[p], a5Astronauts, 0), a.value(&s.sh[p], a5Astronauts, 1)
	ranks := [maxPlayers]int{first, other, other, other, other, other}
	return s.markerRank(p, a.astro, ranks[:])
}

func (a *a5Layout) scoreLines(s *State, p int) []scoreLine { return a.lines(s, p, nil) }

// lines appends p's score lines to dst (score passes a buffer on its stack:
// the observation's lookahead scores every move).
func (a *a5Layout) lines(s *State, p int, dst []scoreLine) []scoreLine {
	sh := &s.sh[p]
	missions := 0
	for k := 0; k < 3; k++ {
		missions += boolInt(sh.circ.has(a.stars[k][0]))*a.value(sh, a5Missions, 0) +
			boolInt(sh.circ.has(a.stars[k][1]))*a.value(sh, a5Missions, 1)
	}
	tower := 0
	for lv := range a.plants {
		if n := a.towerCount(sh, lv); n > 0 {
			tower += a.value(sh, a5Tower, n-1)
		}
	}
	sky := 0
	for _, b := range a.bonuses {
		sky += boolInt(sh.circ.has(b.high))*b.highPts + boolInt(sh.circ.has(b.low))*b.lowPts
	}
	var buf [24]int8
	dome := len(a.unbuilt(sh, buf[:0])) * a.value(sh, a5Dome, 0)
	return append(dst, scoreLine{"missions", missions}, scoreLine{"tower", tower}, scoreLine{"skyscrapers", sky},
		scoreLine{"astronauts", a.astroRank(s, p)}, scoreLine{"dome", -dome}, scoreLine{"System Errors", -5 * s.errorsOn(sh)})
}

func (a *a5Layout) score(s *State, p int) int {
	var buf [16]scoreLine
	return sumLines(a.lines(s, p, buf[:0]))
}

// check validates the marks of a decoded sheet: every filled level reached
// from a starting level through filled levels; bonus boxes exactly on the
// filled bottom/top levels; tower symbols in order and only at the height
// of a filled level; astronaut markers and area rows in order (a row whole);
// dome halves only of split sections, a section not both split and built,
// no more splits than X; ★/✦ exactly for the accomplished missions.
func (a *a5Layout) check(s *State, sh *sheet) error {
	l := s.lay()
	for zi := range l.zones {
		z := l.zones[zi].spaces
		reach := make([]bool, len(z))
		for i, sp := range z {
			reach[i] = sh.filled(sp) && (a.start[sp] || (i > 0 && reach[i-1]))
		}
		for i := len(z) - 2; i >= 0; i-- {
			reach[i] = reach[i] || (sh.filled(z[i]) && reach[i+1])
		}
		for i, sp := range z {
			if sh.filled(sp) && !reach[i] {
				return fmt.Errorf("space %d is not connected to a starting level", sp+1)
			}
		}
	}
	for _, b := range a.bonuses {
		n := boolInt(sh.circ.has(b.high)) + boolInt(sh.circ.has(b.low))
		if sh.circ.has(b.high) && sh.cross.has(b.high) || sh.cross.has(b.low) {
			return fmt.Errorf("bonus boxes %d/%d", b.high, b.low)
		}
		if n != boolInt(sh.filled(b.space)) || (sh.circ.has(b.low) && !sh.cross.has(b.high)) {
			return fmt.Errorf("bonus of level %d: %d boxes circled", b.space+1, n)
		}
	}
	for lv := range a.plants {
		if !prefix(sh, a.plants[lv], true) {
			return fmt.Errorf("tower level %d plants not in order", lv+1)
		}
		if a.towerCount(sh, lv) == 0 {
			continue
		}
		fed := false
		for sp := int8(0); int(sp) < l.nSpaces; sp++ {
			fed = fed || (a.towerOf[sp] == int8(lv) && sh.num[sp] != empty && sh.num[sp] != xMark)
		}
		if !fed {
			return fmt.Errorf("tower level %d has symbols but no number at its height", lv+1)
		}
	}
	if !prefix(sh, a.astro, false) {
		return errors.New("astronaut markers not in order")
	}
	for k := range a.areas {
		rows := a.areas[k].rows
		if !prefix(sh, firstOf(rows), false) {
			return fmt.Errorf("area %s rows not in order", a5AreaNames[k])
		}
		for _, row := range rows {
			for _, id := range row {
				if sh.cross.has(id) != sh.cross.has(row[0]) {
					return fmt.Errorf("area %s: a row half crossed", a5AreaNames[k])
				}
			}
		}
	}
	splits := 0
	for _, d := range a.dome {
		split := sh.cross.has(d.id)
		splits += boolInt(split)
		if split && sh.circ.has(d.id) {
			return fmt.Errorf("dome section %d split and built", d.id)
		}
		for _, h := range d.halves {
			if !split && sh.circ.has(h) {
				return fmt.Errorf("dome half %d of an unsplit section", h)
			}
		}
	}
	if splits > countX(sh, l.nSpaces) {
		return fmt.Errorf("%d dome splits for %d X", splits, countX(sh, l.nSpaces))
	}
	for k := 0; k < 3; k++ {
		st := a.stars[k]
		n := boolInt(sh.circ.has(st[0])) + boolInt(sh.circ.has(st[1]))
		if n != boolInt(sh.mdone&(1<<k) != 0) {
			return fmt.Errorf("mission %c: %d stars circled", 'A'+k, n)
		}
		if n == 1 {
			m := l.missions[k][s.mission[k]]
			if sh.circ.has(st[0]) != (sh.mval[k] == m.first) {
				return fmt.Errorf("mission %c: star does not match its reward", 'A'+k)
			}
		}
	}
	return nil
}

// draw renders the four skyscrapers side by side (top row first) with the
// tower level of each height, then the dome and the scoring areas.
func (a *a5Layout) draw(s *State, sh *sheet) string {
	l := s.lay()
	var b strings.Builder
	box := func(bn a5Bonus) string {
		switch {
		case sh.circ.has(bn.high):
			return fmt.Sprintf("(%d)", bn.highPts)
		case sh.circ.has(bn.low):
			return fmt.Sprintf("(%d)", bn.lowPts)
		case sh.cross.has(bn.high):
			return fmt.Sprintf("x/%d", bn.lowPts)
		}
		return fmt.Sprintf("%d/%d", bn.highPts, bn.lowPts)
	}
	// rows by height: the tower level T1 (top) .. T8 (bottom) sits at the
	// height of its spaces; each skyscraper's levels are placed by their
	// tower level (or, outside the tower, next to their neighbour).
	height := func(zi, i int) int {
		z := l.zones[zi].spaces
		for j := i; j >= 0; j-- {
			if lv := a.towerOf[z[j]]; lv >= 0 {
				return int(lv) - (i - j)
			}
		}
		for j := i; j < len(z); j++ {
			if lv := a.towerOf[z[j]]; lv >= 0 {
				return int(lv) + (j - i)
			}
		}
		return i
	}
	lo, hi := 0, 0
	for zi := range l.zones {
		for i := range l.zones[zi].spaces {
			h := height(zi, i)
			lo, hi = min(lo, h), max(hi, h)
		}
	}
	b.WriteString("        ")
	for zi := range l.zones {
		fmt.Fprintf(&b, "%-13s", l.zones[zi].name+" top "+box(a.bonuses[2*zi+1]))
	}
	b.WriteString(" tower (plants, water)\n")
	for h := lo; h <= hi; h++ {
		b.WriteString("        ")
		for zi := range l.zones {
			cellText := ""
			for i, sp := range l.zones[zi].spaces {
				if height(zi, i) == h {
					mark := " "
					if a.start[sp] {
						mark = "*"
					}
					cellText = fmt.Sprintf("%2d:%-3s%s", sp+1, cell(sh.num[sp]), mark)
				}
			}
			fmt.Fprintf(&b, "%-13s", cellText)
		}
		if h >= 0 && h < len(a.plants) {
			fmt.Fprintf(&b, " T%d ", h+1)
			for _, id := range a.plants[h] {
				b.WriteString(map[bool]string{true: "(p)", false: " p "}[sh.circ.has(id)])
			}
			b.WriteString(map[bool]string{true: "(w)", false: " w "}[sh.circ.has(a.water[h])])
		}
		b.WriteString("\n")
	}
	b.WriteString("        ")
	for zi := range l.zones {
		fmt.Fprintf(&b, "%-13s", "bottom "+box(a.bonuses[2*zi]))
	}
	b.WriteString("\n  (space:value, * starting level; bonus high/low, (n) circled, x crossed)\n  dome:")
	for i, d := range a.dome {
		par := map[bool]string{true: "even", false: "odd"}[d.even]
		switch {
		case sh.circ.has(d.id):
			fmt.Fprintf(&b, " %d[built]", i+1)
		case sh.cross.has(d.id):
			fmt.Fprintf(&b, " %d[%s|%s %s]", i+1, map[bool]string{true: "L", false: "."}[sh.circ.has(d.halves[0])],
				map[bool]string{true: "R", false: "."}[sh.circ.has(d.halves[1])], par)
		default:
			fmt.Fprintf(&b, " %d[%s]", i+1, par)
		}
	}
	var buf [24]int8
	fmt.Fprintf(&b, "  unbuilt %d\n  astronauts %d/%d  areas:", len(a.unbuilt(sh, buf[:0])), countCrossed(sh, a.astro), len(a.astro))
	for k := range a.areas {
		fmt.Fprintf(&b, " %s %v (%d/%d)", a5AreaNames[k], a.areas[k].values[a.area(sh, k)], a.area(sh, k), len(a.areas[k].rows))
	}
	b.WriteString("\n  missions:")
	for k := 0; k < 3; k++ {
		st := "-"
		switch {
		case sh.circ.has(a.stars[k][0]):
			st = "★"
		case sh.circ.has(a.stars[k][1]):
			st = "✦"
		}
		fmt.Fprintf(&b, " %c %s", 'A'+k, st)
	}
	b.WriteString("\n")
	return b.String()
}

// missionsApart: A5 scores its missions in a line of their own.
func (a *a5Layout) missionsApart() bool { return true }
