package welcomemoon

import (
	"errors"
	"fmt"
	"strings"
)

// Adventure 7, The Escape (adventure-7.md): six starships made of modules
// and greenhouses joined by airlocks; a number or an X only goes in a block
// connected to the base through activated airlocks; Robot (and printed
// robot spaces, the first two System Errors) activate airlocks; reactors,
// greenhouse plants and tanks score the filled blocks; the first players to
// fill a greenhouse double it.

type rawA7 struct {
	Starships []struct {
		Name   string `json:"name"`
		Blocks []struct {
			Kind   string `json:"kind"`
			Spaces []int  `json:"spaces"`
			Tank   *struct {
				Space int `json:"space"`
				ID    int `json:"id"`
			} `json:"tank"`
		} `json:"blocks"`
		Reactors    []int `json:"reactors"`
		PreReactors int   `json:"pre_reactors"`
		Plants      []int `json:"plants"`
		PrePlants   int   `json:"pre_plants"`
		X2          int   `json:"x2"`
	} `json:"starships"`
	Airlocks []struct {
		ID int `json:"id"`
		A  int `json:"a"`
		B  int `json:"b"`
	} `json:"airlocks"`
	Base          []int     `json:"base"`
	RobotSpaces   []int     `json:"robot_spaces"`
	ErrorAirlocks int       `json:"error_airlocks"`
	Astronauts    []int     `json:"astronauts"`
	Wilds         []rawWild `json:"wilds"`
	Planning      []int     `json:"planning"`
	Penalty       []int     `json:"penalty"`
	Values        []int     `json:"values"`
}

type a7Block struct {
	greenhouse bool
	ship       int8
	spaces     []int8
	tankSpace  int8 // -1 none
	tank       int16
}

type a7Ship struct {
	name                  string
	blocks                []int8
	reactors, plants      []int16
	preReactors, prePlant int
	x2                    int16
	greenhouse            int8 // block index, -1 none
}

type a7Air struct {
	id   int16
	a, b int8
}

type a7Layout struct {
	baseRules
	blocks  []a7Block
	blockOf [maxSpaces]int8
	ships   []a7Ship
	airs    []a7Air
	base    uint32 // blocks connected from the start
	robot   [maxSpaces]bool
	errAirs int
	astro   []int16
	wilds   wildMarks
	plan    []int16
	penalty []int
	values  []int
}

func compileA7(l *layout, r *rawA7) (*a7Layout, error) {
	a := &a7Layout{}
	if len(r.Starships) != len(l.zones) {
		return nil, fmt.Errorf("%d starships for %d zones", len(r.Starships), len(l.zones))
	}
	var err error
	for si, rs := range r.Starships {
		ship := a7Ship{name: rs.Name, preReactors: rs.PreReactors, prePlant: rs.PrePlants, greenhouse: -1}
		for _, rb := range rs.Blocks {
			b := a7Block{greenhouse: rb.Kind == "greenhouse", ship: int8(si), tankSpace: -1}
			if rb.Kind != "greenhouse" && rb.Kind != "module" {
				return nil, fmt.Errorf("block kind %q", rb.Kind)
			}
			for _, id := range rb.Spaces {
				sp, err := checkSpace(l, id)
				if err != nil {
					return nil, err
				}
				if l.spaceZone[sp][0] != int8(si) {
					return nil, fmt.Errorf("space %d is not in starship %s", id, rs.Name)
				}
				a.blockOf[sp] = int8(len(a.blocks))
				b.spaces = append(b.spaces, sp)
			}
			if rb.Tank != nil {
				if b.tankSpace, err = checkSpace(l, rb.Tank.Space); err != nil {
					return nil, err
				}
				if b.tank, err = l.reg(rb.Tank.ID); err != nil {
					return nil, err
				}
			}
			if b.greenhouse {
				if ship.greenhouse >= 0 {
					return nil, fmt.Errorf("starship %s has two greenhouses", rs.Name)
				}
				ship.greenhouse = int8(len(a.blocks))
			}
			ship.blocks = append(ship.blocks, int8(len(a.blocks)))
			a.blocks = append(a.blocks, b)
		}
		if ship.reactors, err = regAll(l, rs.Reactors); err != nil {
			return nil, err
		}
		if ship.plants, err = regAll(l, rs.Plants); err != nil {
			return nil, err
		}
		if ship.x2, err = l.reg(rs.X2); err != nil {
			return nil, err
		}
		l.races = append(l.races, ship.x2)
		l.astraBoxes = append(l.astraBoxes, ship.x2)
		a.ships = append(a.ships, ship)
	}
	if len(a.blocks) > 32 {
		return nil, errors.New("too many blocks")
	}
	n := 0
	for _, z := range l.zones {
		n += len(z.spaces)
	}
	total := 0
	for _, b := range a.blocks {
		total += len(b.spaces)
	}
	if total != n {
		return nil, fmt.Errorf("blocks cover %d of %d spaces", total, n)
	}
	if len(r.Airlocks) > numTarget {
		return nil, errors.New("too many airlocks")
	}
	for _, ra := range r.Airlocks {
		id, err := l.reg(ra.ID)
		if err != nil {
			return nil, err
		}
		if ra.A < 0 || ra.A >= len(a.blocks) || ra.B < 0 || ra.B >= len(a.blocks) || ra.A == ra.B {
			return nil, fmt.Errorf("airlock %d joins %d and %d", ra.ID, ra.A, ra.B)
		}
		a.airs = append(a.airs, a7Air{id, int8(ra.A), int8(ra.B)})
	}
	for _, b := range r.Base {
		if b < 0 || b >= len(a.blocks) {
			return nil, fmt.Errorf("base block %d", b)
		}
		a.base |= 1 << b
	}
	for _, id := range r.RobotSpaces {
		sp, err := checkSpace(l, id)
		if err != nil {
			return nil, err
		}
		a.robot[sp] = true
	}
	a.errAirs = r.ErrorAirlocks
	if a.astro, err = regAll(l, r.Astronauts); err != nil {
		return nil, err
	}
	if err := a.wilds.compile(l, r.Wilds); err != nil {
		return nil, err
	}
	if a.plan, err = regAll(l, r.Planning); err != nil {
		return nil, err
	}
	a.penalty, a.values = r.Penalty, r.Values
	if len(a.penalty) != len(a.plan)+1 || len(a.values) != 4 {
		return nil, errors.New("penalty or value table")
	}
	l.astraCards = 7
	return a, nil
}

// connected is the set of blocks reached from the base through activated
// (circled) airlocks.
func (a *a7Layout) connected(sh *sheet) uint32 {
	c := a.base
	for changed := true; changed; {
		changed = false
		for _, ar := range a.airs {
			if !sh.circ.has(ar.id) {
				continue
			}
			ia, ib := c&(1<<ar.a) != 0, c&(1<<ar.b) != 0
			if ia != ib {
				c |= 1<<ar.a | 1<<ar.b
				changed = true
			}
		}
	}
	return c
}

func (a *a7Layout) allowed(s *State, sh *sheet, sp, _ int8) bool {
	return a.connected(sh)&(1<<a.blockOf[sp]) != 0
}

// onFilled: a printed robot space activates an airlock; a greenhouse space
// circles its x2 box if it is not crossed (race).
func (a *a7Layout) onFilled(s *State, p int, sp int8) {
	if a.robot[sp] {
		s.push(effAirlock, 0)
	}
	if b := &a.blocks[a.blockOf[sp]]; b.greenhouse {
		s.circleRace(p, a.ships[b.ship].x2)
	}
}

func (a *a7Layout) action(s *State, p int) {
	sh := &s.sh[p]
	sp := s.ctx.space
	b := &a.blocks[a.blockOf[sp]]
	ship := &a.ships[b.ship]
	switch s.ctx.act {
	case actRobot:
		s.push(effAirlock, 0)
	case actEnergy:
		circleNext(sh, ship.reactors)
	case actPlant:
		circleNext(sh, ship.plants)
	case actWater:
		if b.tankSpace == sp {
			sh.circ.set(b.tank)
		}
	case actAstronaut:
		a.wilds.cross(sh, a.astro)
	case actPlanning:
		s.push(effPlanX, 0)
	}
}

func (a *a7Layout) finish(*State, int) {}

// onError: the first System Errors (printed robot) activate an airlock.
func (a *a7Layout) onError(s *State, p int) {
	if s.errorsUsed(p) <= a.errAirs {
		s.push(effAirlock, 0)
	}
}

func (a *a7Layout) phase5(*State) {}

func (a *a7Layout) target(s *State, p int, e effect, t int) bool {
	if e.kind != effAirlock || t >= len(a.airs) {
		return false
	}
	sh := &s.sh[p]
	ar := a.airs[t]
	c := a.connected(sh)
	return !sh.circ.has(ar.id) && c&(1<<ar.a|1<<ar.b) != 0
}

func (a *a7Layout) apply(s *State, p int, e effect, t int) {
	switch e.kind {
	case effPlanX:
		crossNext(&s.sh[p], a.plan)
	case effAirlock:
		s.sh[p].circ.set(a.airs[t].id)
	}
}

func (a *a7Layout) targetName(s *State, e effect, t int) string {
	if e.kind == effAirlock && t < len(a.airs) {
		return fmt.Sprintf("airlock-B%d-B%d", a.airs[t].a, a.airs[t].b)
	}
	return ""
}

func (a *a7Layout) blockFull(sh *sheet, bi int) bool {
	for _, sp := range a.blocks[bi].spaces {
		if !sh.filled(sp) {
			return false
		}
	}
	return true
}

func (a *a7Layout) plantsOf(sh *sheet, si int) int {
	return a.ships[si].prePlant + countCircled(sh, a.ships[si].plants)
}

func (a *a7Layout) reactorsOf(sh *sheet, si int) int {
	return a.ships[si].preReactors + countCircled(sh, a.ships[si].reactors)
}

func (a *a7Layout) missionMet(s *State, p int, card int) bool {
	sh := &s.sh[p]
	n := 0
	switch card {
	case 100, 101:
		for si, ship := range a.ships {
			if ship.greenhouse < 0 || !a.blockFull(sh, int(ship.greenhouse)) || a.plantsOf(sh, si) < 3 {
				continue
			}
			if card == 101 && si == len(a.ships)-1 {
				return true
			}
			n++
		}
		return card == 100 && n >= 3
	case 102:
		for bi, b := range a.blocks {
			n += boolInt(!b.greenhouse && a.blockFull(sh, bi))
		}
		return n >= 7
	case 103, 104, 105:
		for _, ship := range a.ships {
			all := true
			for _, bi := range ship.blocks {
				b := &a.blocks[bi]
				switch card {
				case 103:
					all = all && a.blockFull(sh, int(bi))
				case 105:
					all = all && (b.tank == 0 || sh.circ.has(b.tank))
				}
			}
			if card == 104 {
				all = countCircled(sh, ship.reactors) == len(ship.reactors)
			}
			n += boolInt(all)
		}
		return n >= 3
	}
	return false
}

func (a *a7Layout) missionMay(s *State, p int, card int) bool { return a.missionMet(s, p, card) }
func (a *a7Layout) reward(*State, int, int8)                  {}
func (a *a7Layout) ends(*State, int) bool                     { return false }

func (a *a7Layout) scoreLines(s *State, p int) []scoreLine { return a.lines(s, p, nil) }

// lines appends p's score lines to dst (score passes a buffer on its stack:
// the observation's lookahead scores every move).
func (a *a7Layout) lines(s *State, p int, dst []scoreLine) []scoreLine {
	sh := &s.sh[p]
	green, mods := 0, 0
	for bi, b := range a.blocks {
		if !a.blockFull(sh, bi) {
			continue
		}
		ship := &a.ships[b.ship]
		if b.greenhouse {
			v := a.values[min(a.plantsOf(sh, int(b.ship)), 3)]
			if sh.circ.has(ship.x2) {
				v *= 2
			}
			green += v
			continue
		}
		v := a.values[min(a.reactorsOf(sh, int(b.ship)), 3)]
		if b.tank != 0 && sh.circ.has(b.tank) {
			v *= 2
		}
		mods += v
	}
	return append(dst, scoreLine{"greenhouses", green}, scoreLine{"modules", mods},
		scoreLine{"planning", -a.penalty[countCrossed(sh, a.plan)]}, scoreLine{"System Errors", -5 * s.errorsOn(sh)})
}

func (a *a7Layout) score(s *State, p int) int {
	var buf [16]scoreLine
	return sumLines(a.lines(s, p, buf[:0])) + missionPoints(&s.sh[p])
}

// progress is p's score plus what its blocks are on their way to
// (onTheWay).
func (a *a7Layout) progress(s *State, p int) float64 {
	return float64(s.Score(p)) + a.onTheWay(&s.sh[p])
}

// onTheWay is what A7's blocks are on their way to: each block not yet full
// at its share of filled spaces of what it would score full now, and 1 per
// connected block (room to write).
func (a *a7Layout) onTheWay(sh *sheet) float64 {
	c := a.connected(sh)
	v := 0.0
	for bi, b := range a.blocks {
		if c&(1<<bi) != 0 {
			v++
		}
		n := 0
		for _, sp := range b.spaces {
			n += boolInt(sh.filled(sp))
		}
		if n == len(b.spaces) {
			continue
		}
		ship := &a.ships[b.ship]
		var full int
		if b.greenhouse {
			full = a.values[min(a.plantsOf(sh, int(b.ship)), 3)] * (1 + boolInt(!sh.cross.has(ship.x2)))
		} else {
			full = a.values[min(a.reactorsOf(sh, int(b.ship)), 3)] * (1 + boolInt(b.tank != 0 && sh.circ.has(b.tank)))
		}
		v += float64(full*n) / float64(len(b.spaces))
	}
	return v
}

// check validates the marks of a decoded sheet: every filled space in a
// connected block; reactors, plants, markers and Planning boxes in order;
// a tank circled only under a number; an x2 box circled only with its
// greenhouse filled, never both circled and crossed; Wilds from their
// markers; one Planning box per X.
func (a *a7Layout) check(s *State, sh *sheet) error {
	l := s.lay()
	c := a.connected(sh)
	for sp := int8(0); int(sp) < l.nSpaces; sp++ {
		if sh.filled(sp) && c&(1<<a.blockOf[sp]) == 0 {
			return fmt.Errorf("space %d filled in a block not connected", sp+1)
		}
	}
	for _, ship := range a.ships {
		if !prefix(sh, ship.reactors, true) || !prefix(sh, ship.plants, true) {
			return fmt.Errorf("starship %s: reactors or plants not in order", ship.name)
		}
		if sh.circ.has(ship.x2) && (sh.cross.has(ship.x2) || !a.blockFull(sh, int(ship.greenhouse))) {
			return fmt.Errorf("starship %s: x2 box", ship.name)
		}
	}
	for _, b := range a.blocks {
		if b.tank != 0 && sh.circ.has(b.tank) {
			if v := sh.num[b.tankSpace]; v == empty || v == xMark {
				return fmt.Errorf("tank of space %d circled without a number", b.tankSpace+1)
			}
		}
	}
	if !prefix(sh, a.astro, false) || !prefix(sh, a.plan, false) {
		return errors.New("markers not in order")
	}
	if err := a.wilds.check(sh); err != nil {
		return err
	}
	if n := countCrossed(sh, a.plan); n != min(countX(sh, l.nSpaces), len(a.plan)) {
		return fmt.Errorf("%d Planning boxes for %d X", n, countX(sh, l.nSpaces))
	}
	return nil
}

// draw renders the starships top (SS5) to bottom (SS0), blocks separated
// by |, with each starship's reactors, greenhouse plants and x2 box, then
// the activated airlocks and the markers.
func (a *a7Layout) draw(s *State, sh *sheet) string {
	var b strings.Builder
	c := a.connected(sh)
	for si := len(a.ships) - 1; si >= 0; si-- {
		ship := &a.ships[si]
		fmt.Fprintf(&b, "  %s ", ship.name)
		for _, bi := range ship.blocks {
			blk := &a.blocks[bi]
			mark := " "
			if c&(1<<bi) != 0 {
				mark = "+"
			}
			kind := "M"
			if blk.greenhouse {
				kind = "G"
			}
			fmt.Fprintf(&b, "|%sB%d%s ", mark, bi, kind)
			for _, sp := range blk.spaces {
				t := cell(sh.num[sp])
				if blk.tankSpace == sp {
					t += map[bool]string{true: "w", false: "~"}[sh.circ.has(blk.tank)]
				}
				if a.robot[sp] {
					t += "r"
				}
				fmt.Fprintf(&b, "%-5s", t)
			}
		}
		x2 := "x2"
		switch {
		case sh.circ.has(ship.x2):
			x2 = "(x2)"
		case sh.cross.has(ship.x2):
			x2 = "x2 gone"
		}
		fmt.Fprintf(&b, "| reactors %d/3 plants %d/3 %s\n", a.reactorsOf(sh, si), a.plantsOf(sh, si), x2)
	}
	b.WriteString("  (+ connected block, M module, G greenhouse; ~ tank, w circled; r robot space)\n  airlocks activated:")
	for _, ar := range a.airs {
		if sh.circ.has(ar.id) {
			fmt.Fprintf(&b, " B%d-B%d", ar.a, ar.b)
		}
	}
	fmt.Fprintf(&b, "\n  astronauts %d/%d  wild actions %d  planning %d/%d (-%d)\n", countCrossed(sh, a.astro), len(a.astro),
		countWild(sh, s.lay().wildIDs), countCrossed(sh, a.plan), len(a.plan), a.penalty[countCrossed(sh, a.plan)])
	return b.String()
}
