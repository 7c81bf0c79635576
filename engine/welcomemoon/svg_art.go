package welcomemoon

import "strconv"

// What each adventure draws of its sheet beyond the zones of spaces
// (svg_sheet.go): the parts of its zones, the symbols printed on spaces,
// and its bonus elements as rows of marks, circled or crossed off as the
// sheet has them. A mark carrying an effect and a target is where the
// player clicks that target.

// markIDs makes a mark of each id, all labelled label.
func markIDs(label string, list []int16) []mark {
	out := make([]mark, 0, len(list))
	for _, id := range list {
		out = append(out, mark{label: label, id: id})
	}
	return out
}

// group is a markGroup of the marks of list.
func group(name, label string, list []int16) markGroup {
	return markGroup{name: name, marks: markIDs(label, list)}
}

// target makes mark m pick target t of effect kind eff.
func target(m mark, eff int8, t int) mark {
	m.eff, m.t = eff, int8(t)
	return m
}

// firstOpen makes the first mark of ms not yet crossed off (circled,
// with circle) pick target t of effect eff.
func firstOpen(ms []mark, sh *sheet, circle bool, eff int8, t int) []mark {
	for i, m := range ms {
		if (circle && !sh.circ.has(m.id)) || (!circle && !sh.cross.has(m.id)) {
			ms[i] = target(m, eff, t)
			break
		}
	}
	return ms
}

// ---- Adventure 1: the building's floors, quarters and rockets ----

func (a *a1Layout) svgNote() string {
	return "Each floor's quarters (Q1...) list their bonuses, circled when won: Rn n rockets (Rn? only once the quarter's inactive rocket is activated), Act activate a rocket, X write an X, Sab a Sabotage (crossed: off)."
}

func (a *a1Layout) svgTopDown() bool { return true }

func (a *a1Layout) svgPart(sp int8) (int8, string) {
	q := a.quarterOf[sp]
	if q < 0 {
		return -1, ""
	}
	return q, a.quarters[q].name
}

func (a *a1Layout) svgSpace(*sheet, int8) (string, int16) { return "", 0 }

// svgZoneMarks: the bonuses of the floor's quarters, each quarter's first
// named ("Q7 R3"); "R3?" needs its inactive rocket activated.
func (a *a1Layout) svgZoneMarks(s *State, sh *sheet, zi int) []mark {
	var out []mark
	prev := int8(-1)
	for _, sp := range s.lay().zones[zi].spaces {
		qi := a.quarterOf[sp]
		if qi < 0 || qi == prev {
			continue
		}
		prev = qi
		q := &a.quarters[qi]
		for i, b := range q.bonuses {
			label := ""
			if i == 0 {
				label = q.name + " "
			}
			switch b.kind {
			case bonRockets:
				label += "R" + strconv.Itoa(int(b.n))
				if b.needs != 0 && !sh.circ.has(b.needs) {
					label += "?"
				}
			case bonAct:
				label += "Act"
			case bonX:
				label += "X"
			case bonSab:
				label += "Sab"
			}
			out = append(out, mark{label: label, id: b.box})
		}
	}
	return out
}

func (a *a1Layout) svgGroups(s *State, sh *sheet, i int) []markGroup {
	var out []markGroup
	act := markGroup{name: "Inactive rockets"}
	for i, id := range a.arrows {
		act.marks = append(act.marks, target(mark{label: a.quarters[a.arrowQuarter[i]].name, id: id}, effAct, i))
	}
	out = append(out, act)
	rockets := markGroup{name: "Rockets"}
	for _, r := range a.rows {
		for id := r.first; id <= r.last; id++ {
			label := ""
			if id == r.last {
				label = strconv.Itoa(r.score)
			}
			rockets.marks = append(rockets.marks, mark{label: label, id: id})
		}
	}
	out = append(out, rockets, group("Bonus rockets (+"+strconv.Itoa(a.bonusPts)+")", "", a.bonusRockets))
	return out
}

// ---- Adventure 2: the trajectory, its tanks, walls and stations ----

func (a *a2Layout) svgNote() string {
	return "The trajectory runs from Earth (space 1) to the Moon (36); a red bar between two spaces is a wall. Tanks are circled (green label) when won; stations S1-S4 score their circled plants times their multiplier."
}

func (a *a2Layout) svgPart(sp int8) (int8, string) { return 0, "" }

func (a *a2Layout) svgSpace(_ *sheet, sp int8) (string, int16) {
	if id := a.tankAt[sp]; id != 0 {
		return "tank " + strconv.Itoa(int(a.tankVal[id])), id
	}
	for _, st := range a.stations {
		if st.space == sp {
			return st.name, 0
		}
	}
	return "", 0
}

func (a *a2Layout) svgGroups(s *State, sh *sheet, i int) []markGroup {
	var out []markGroup
	for i, st := range a.stations {
		g := markGroup{name: "Station " + st.name}
		next := true
		for _, id := range st.robots {
			m := mark{label: "robot", id: id}
			if next && !sh.cross.has(id) {
				m, next = target(m, effRobot, i), false
			}
			g.marks = append(g.marks, m)
		}
		next = true
		for _, id := range st.plants {
			m := mark{label: "plant", id: id}
			if next && !sh.circ.has(id) {
				m, next = target(m, effPlant, i), false
			}
			g.marks = append(g.marks, m)
		}
		g.marks = append(g.marks, mark{label: "x" + strconv.Itoa(st.highV), id: st.high}, mark{label: "x" + strconv.Itoa(st.lowV), id: st.low})
		out = append(out, g)
	}
	en := markGroup{name: "Energy"}
	next := true
	for _, id := range a.energy {
		m := mark{label: "E", id: id}
		if next && !sh.circ.has(id) {
			m, next = target(m, effEnergy, 0), false
		}
		en.marks = append(en.marks, m)
	}
	out = append(out, en, group("Wall markers", "wall", a.wallMarkers), group("Astronauts", "A", a.astro),
		group("Planning", "P", a.plan), group("Error energy", "E", a.errEnergy))
	return out
}

// ---- Adventure 3: the colony's quarters and tracks (its grid and
// tunnels: svg_a3.go) ----

func (a *a3Layout) svgNote() string {
	return "The colony's grid: quarters TL, TR, BL, BR by colour; tunnels join neighbours, thick once built; a framed building is connected to the rocket. Quarters list their greenhouses (gh) and the 15/5-point boxes."
}

func (a *a3Layout) svgPart(sp int8) (int8, string) {
	q := a.quarterOf[sp]
	if q < 0 {
		return -1, ""
	}
	return q, a.quarters[q].name
}

func (a *a3Layout) svgSpace(_ *sheet, sp int8) (string, int16) {
	if id := a.tankAt[sp]; id != 0 {
		return "tank", id
	}
	if ids := a.antennaAt[sp]; len(ids) > 0 {
		return "antenna", ids[0]
	}
	return "", 0
}

func (a *a3Layout) svgGroups(s *State, sh *sheet, i int) []markGroup {
	var out []markGroup
	q := markGroup{name: "Quarters"}
	for _, qu := range a.quarters {
		for i, gh := range qu.greenhouses {
			label := "gh"
			if i == 0 {
				label = qu.name + " gh"
			}
			q.marks = append(q.marks, mark{label: label, id: gh[0]})
		}
		q.marks = append(q.marks, mark{label: strconv.Itoa(qu.highV), id: qu.high}, mark{label: strconv.Itoa(qu.lowV), id: qu.low})
	}
	out = append(out, q)
	for t, tr := range a.tracks {
		g := markGroup{name: "Track " + tr.name}
		next := true
		for i, id := range tr.boxes {
			m := mark{label: "x" + strconv.Itoa(tr.values[min(i+1, len(tr.values)-1)]), id: id}
			if next && !sh.cross.has(id) {
				m, next = target(m, effTrack, t), false
			}
			g.marks = append(g.marks, m)
		}
		out = append(out, g)
	}
	out = append(out, group("Astronauts", "A", a.astro), group("Planning", "P", a.plan))
	return out
}

// ---- Adventure 4: the mine's columns, minerals and factories ----

func (a *a4Layout) svgNote() string {
	return "The mine's three levels in columns 1-12; under a space its mineral (circled: extracted to a factory, crossed: gone). Factories list their slots, energy (E) and robot (R) symbols, upgrade and filling bonus."
}

func (a *a4Layout) svgPart(int8) (int8, string) { return 0, "" }

func (a *a4Layout) svgSpace(_ *sheet, sp int8) (string, int16) {
	c := a.colOf[sp]
	if c < 0 {
		return "", 0
	}
	r := a.columns[c].minerals[a.levelOf[sp]]
	if r.id == 0 {
		return "", 0
	}
	return resKinds[r.kind], r.id
}

func (a *a4Layout) svgGroups(s *State, sh *sheet, i int) []markGroup {
	var out []markGroup
	pumps := markGroup{name: "Pumps"}
	syms := markGroup{name: "Resources between levels"}
	for ci, c := range a.columns {
		pumps.marks = append(pumps.marks, mark{label: strconv.Itoa(ci + 1), id: c.pump})
		for k, r := range c.symbols {
			if r.id == 0 {
				continue
			}
			m := mark{label: strconv.Itoa(ci+1) + [2]string{"a", "b"}[k] + " " + resKinds[r.kind], id: r.id}
			if s.ctx.space >= 0 && a.colOf[s.ctx.space] == int8(ci) {
				if t := a.symbolIndex(s.ctx.space, r.id); t >= 0 {
					m = target(m, effSymbol, t)
				}
			}
			syms.marks = append(syms.marks, m)
		}
	}
	out = append(out, pumps, syms)
	for i, f := range a.factories {
		g := markGroup{name: f.name}
		g.marks = append(g.marks, markIDs("", f.slots)...)
		g.marks = append(g.marks, firstOpen(markIDs("E", f.energy), sh, false, effFactEnergy, i)...)
		g.marks = append(g.marks, firstOpen(markIDs("R", f.robots), sh, false, effFactRobot, i)...)
		if f.upgrade != 0 {
			g.marks = append(g.marks, mark{label: "upgrade", id: f.upgrade})
		}
		if f.fillBox != 0 {
			g.marks = append(g.marks, mark{label: "fill +" + strconv.Itoa(f.fillPts), id: f.fillBox})
		}
		out = append(out, g)
	}
	return out
}

// symbolIndex is the target (0 above, 1 below) of resource id next to
// space sp, -1 none.
func (a *a4Layout) symbolIndex(sp int8, id int16) int {
	for t := 0; t < 2; t++ {
		if a.symbolAt(sp, t).id == id {
			return t
		}
	}
	return -1
}

// ---- Adventure 5: the skyscrapers, the tower and the dome ----

func (a *a5Layout) svgNote() string {
	return "Skyscrapers K1-K4 from the bottom level; start marks a starting level, T1-T8 the level of the tower. Bottom and top bonuses: the high value, then the low one."
}

func (a *a5Layout) svgPart(sp int8) (int8, string) { return 0, "" }

func (a *a5Layout) svgSpace(_ *sheet, sp int8) (string, int16) {
	label := ""
	if a.start[sp] {
		label = "start"
	}
	if lv := a.towerOf[sp]; lv >= 0 {
		label += " T" + strconv.Itoa(int(lv)+1)
	}
	return label, 0
}

// svgZoneMarks: the skyscraper's bottom and top bonuses (high, then low).
func (a *a5Layout) svgZoneMarks(s *State, sh *sheet, zi int) []mark {
	var out []mark
	for i := 2 * zi; i < 2*zi+2 && i < len(a.bonuses); i++ {
		bn := a.bonuses[i]
		out = append(out, mark{label: [2]string{"bottom ", "top "}[i%2] + strconv.Itoa(bn.highPts), id: bn.high},
			mark{label: strconv.Itoa(bn.lowPts), id: bn.low})
	}
	return out
}

func (a *a5Layout) svgGroups(s *State, sh *sheet, i int) []markGroup {
	var out []markGroup
	tw := markGroup{name: "Tower"}
	for lv, pl := range a.plants {
		for j, id := range pl {
			label := "p"
			if j == 0 {
				label = "T" + strconv.Itoa(lv+1) + " p"
			}
			tw.marks = append(tw.marks, mark{label: label, id: id})
		}
		if lv < len(a.water) {
			tw.marks = append(tw.marks, mark{label: "w", id: a.water[lv]})
		}
	}
	out = append(out, tw)
	dome := markGroup{name: "Dome"}
	n := len(a.dome)
	for i, d := range a.dome {
		par := map[bool]string{true: "even", false: "odd"}[d.even]
		m := target(mark{label: strconv.Itoa(i+1) + " " + par, id: d.id}, effDome, i)
		if s.ctx.npend > 0 && s.ctx.pend[0].kind == effSplit {
			m = target(m, effSplit, i)
		}
		dome.marks = append(dome.marks, m)
		if sh.cross.has(d.id) { // split: its halves
			for k, h := range d.halves {
				dome.marks = append(dome.marks, target(mark{label: strconv.Itoa(i+1) + "LR"[k:k+1], id: h}, effDome, n+2*i+k))
			}
		}
	}
	out = append(out, dome)
	for k := range a.areas {
		g := markGroup{name: "Area " + a5AreaNames[k]}
		for r, row := range a.areas[k].rows {
			for j, id := range row {
				m := mark{label: "", id: id}
				if j == 0 {
					m.label = strconv.Itoa(r + 1)
				}
				if r == a.area(sh, k) && j == 0 {
					m = target(m, effUpgrade, k)
				}
				g.marks = append(g.marks, m)
			}
		}
		out = append(out, g)
	}
	st := markGroup{name: "Mission stars"}
	for k := 0; k < 3; k++ {
		st.marks = append(st.marks, mark{label: string(rune('A'+k)) + " high", id: a.stars[k][0]}, mark{label: "low", id: a.stars[k][1]})
	}
	out = append(out, st, group("Astronauts", "A", a.astro))
	return out
}

// ---- Adventure 6: the base's quarters and viruses ----

func (a *a6Layout) svgNote() string {
	return "Floors F1-F5 and their quarters Q0-Q10: energies (E), plants (P), the virus target and the evacuation box. An infected space is an X marked infected."
}

func (a *a6Layout) svgPart(sp int8) (int8, string) {
	q := a.quarterOf[sp]
	if q < 0 {
		return -1, ""
	}
	return q, a.quarters[q].name
}

func (a *a6Layout) svgSpace(sh *sheet, sp int8) (string, int16) {
	label := ""
	if a.infected(sh, sp) {
		label = "infected"
	}
	q := a.quarterOf[sp]
	if q >= 0 && a.quarters[q].tankSpace == sp {
		return label + " tank", a.quarters[q].tank
	}
	return label, 0
}

// svgZoneMarks: the floor's quarters, each with its energies, plants,
// virus target and evacuation box.
func (a *a6Layout) svgZoneMarks(s *State, sh *sheet, zi int) []mark {
	var out []mark
	for i, qu := range a.quarters {
		if int(qu.floor) != zi {
			continue
		}
		out = append(out, mark{label: qu.name})
		out = append(out, firstOpen(markIDs("E", qu.energies), sh, true, effQEnergy, i)...)
		out = append(out, markIDs("P", qu.plants)...)
		if qu.target != 0 && qu.virus >= 0 {
			out = append(out, mark{label: a6Viruses[qu.virus], id: qu.target})
		}
		out = append(out, mark{label: "evac", id: qu.evacuated})
	}
	return out
}

func (a *a6Layout) svgGroups(s *State, sh *sheet, i int) []markGroup {
	var out []markGroup
	w := markGroup{name: "Walkways"}
	for t, wk := range a.walks {
		w.marks = append(w.marks, target(mark{label: a.quarters[wk.a].name + "-" + a.quarters[wk.b].name, id: wk.id}, effWalkway, t))
	}
	out = append(out, w)
	for k, tr := range a.tracks {
		out = append(out, group([2]string{"Plant track", "Water track"}[k], "", tr.order))
	}
	sp := markGroup{name: "Virus symbols"}
	for t, sy := range a.specials {
		label := "prop"
		m := mark{label: label, id: sy.symbol}
		if sy.virus >= 0 {
			m.label = a6Viruses[a.quarters[sy.virus].virus]
		} else {
			m = target(m, effPropSym, t)
		}
		sp.marks = append(sp.marks, m)
	}
	if s.g.solo() && s.ctx.npend > 0 && s.ctx.pend[0].kind == effVirus { // an ASTRA card's choice
		for t, name := range []string{"activate green", "activate blue"} {
			sp.marks = append(sp.marks, target(mark{label: name}, effVirus, t))
		}
	}
	out = append(out, sp, group("Astronauts", "A", a.astro), group("Planning", "P", a.plan))
	return out
}

// ---- Adventure 7: the starships, blocks and airlocks ----

func (a *a7Layout) svgNote() string {
	return "Starships SS0-SS5 and their blocks (B0M a module, B1G a greenhouse); each starship's reactors, plants and x2. Airlocks are circled once activated."
}

func (a *a7Layout) svgPart(sp int8) (int8, string) {
	b := a.blockOf[sp]
	if b < 0 {
		return -1, ""
	}
	kind := "M"
	if a.blocks[b].greenhouse {
		kind = "G"
	}
	return b, "B" + strconv.Itoa(int(b)) + kind
}

func (a *a7Layout) svgSpace(_ *sheet, sp int8) (string, int16) {
	label := ""
	if a.robot[sp] {
		label = "robot"
	}
	if b := a.blockOf[sp]; b >= 0 && a.blocks[b].tankSpace == sp {
		return label + " tank", a.blocks[b].tank
	}
	return label, 0
}

// svgZoneMarks: the starship's reactors, plants and x2 box.
func (a *a7Layout) svgZoneMarks(s *State, sh *sheet, zi int) []mark {
	var out []mark
	for _, ship := range a.ships {
		if ship.name != s.lay().zones[zi].name {
			continue
		}
		out = append(out, markIDs("reactor", ship.reactors)...)
		out = append(out, markIDs("plant", ship.plants)...)
		out = append(out, mark{label: "x2", id: ship.x2})
	}
	return out
}

func (a *a7Layout) svgGroups(s *State, sh *sheet, i int) []markGroup {
	var out []markGroup
	air := markGroup{name: "Airlocks"}
	for t, ar := range a.airs {
		air.marks = append(air.marks, target(mark{label: "B" + strconv.Itoa(int(ar.a)) + "-B" + strconv.Itoa(int(ar.b)), id: ar.id}, effAirlock, t))
	}
	out = append(out, air, group("Astronauts", "A", a.astro), group("Planning", "P", a.plan))
	return out
}

// ---- Adventure 8: the planets, moons and asteroids ----

func (a *a8Layout) svgNote() string {
	return "Each sheet is shared: B (bottom) is its owner, T (top) the owner's previous neighbour. Under a space B / T says whose insignia it holds; moons, asteroids and flags are circled for B, crossed for T."
}

func (a *a8Layout) svgPart(sp int8) (int8, string) { return 0, "" }

func (a *a8Layout) svgSpace(sh *sheet, sp int8) (string, int16) {
	label := ""
	if ic := a.icon[sp]; ic >= 0 {
		label = actNames[ic]
	}
	id := spaceID(sp)
	switch {
	case sh.circ.has(id) && sh.cross.has(id):
		label += " B+T"
	case sh.circ.has(id):
		label += " B"
	case sh.cross.has(id):
		label += " T"
	}
	return label, 0
}

// svgZoneMarks: the planet (its type and values; circled once resolved),
// its moons, plant and water symbols and flag.
func (a *a8Layout) svgZoneMarks(s *State, sh *sheet, zi int) []mark {
	var out []mark
	for i, p := range a.planets {
		if p.name != s.lay().zones[zi].name {
			continue
		}
		m := target(mark{label: typeNames[p.kind] + " " + strconv.Itoa(int(p.lo)) + "-" + strconv.Itoa(int(p.hi)), on: a.resolved(sh, i)}, effAstraPlanet, i)
		if s.ctx.npend > 0 && s.ctx.pend[0].kind == effAstraMoon {
			m = target(m, effAstraMoon, i)
		}
		out = append(out, m)
		for k, id := range p.moons {
			out = append(out, target(mark{label: "moon", id: id}, effMoon, 2*i+k))
		}
		out = append(out, markIDs("p", p.plants)...)
		out = append(out, markIDs("w", p.waters)...)
		out = append(out, mark{label: "flag", id: p.flag})
	}
	return out
}

func (a *a8Layout) svgGroups(s *State, sh *sheet, i int) []markGroup {
	var out []markGroup
	as := markGroup{name: "Asteroids"}
	for k, id := range a.asteroids {
		label := strconv.Itoa(k + 1)
		for _, bn := range a.bonuses[k] {
			label += bonusLetters[bn.act]
		}
		as.marks = append(as.marks, mark{label: label, id: id})
	}
	out = append(out, as)
	for h, half := range a.halves {
		if s.seatOf(i, h) >= s.g.players {
			continue // ASTRA scores by its cards: no tracks
		}
		side := [2]string{"B ", "T "}[h]
		g := markGroup{name: side + s.seatName(s.seatOf(i, h))}
		g.marks = append(g.marks, markIDs("p", half.plants)...)
		g.marks = append(g.marks, markIDs("w", half.waters)...)
		mine := s.phase != phOver && h == s.half(int(s.cur), i)
		for k, tr := range half.energy {
			ms := markIDs(typeNames[k], tr)
			if mine {
				ms = firstOpen(ms, sh, false, effTrack, k)
			}
			g.marks = append(g.marks, ms...)
		}
		g.marks = append(g.marks, markIDs("A", half.astro)...)
		g.marks = append(g.marks, markIDs("P", half.plan)...)
		out = append(out, g)
	}
	return out
}
