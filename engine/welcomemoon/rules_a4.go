package welcomemoon

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Adventure 4, The Mine (adventure-4.md): a mine of 3 levels x 12 columns;
// minerals circled when their space is filled, plant/water symbols circled
// by the actions; a completed column is extracted into the factories;
// Robot/Energy complete factories (upgrades, secondary bonuses).

type rawA4Res struct {
	Kind string `json:"kind"`
	ID   int    `json:"id"`
}

type rawA4 struct {
	Columns []struct {
		Spaces   [3]int       `json:"spaces"`
		Minerals [3]*rawA4Res `json:"minerals"`
		Symbols  [2]*rawA4Res `json:"symbols"`
		Pump     int          `json:"pump"`
	} `json:"columns"`
	Factories []struct {
		Name     string `json:"name"`
		Kind     string `json:"kind"`
		Slots    []int  `json:"slots"`
		Base     int    `json:"base"`
		Upgraded int    `json:"upgraded"`
		Upgrade  int    `json:"upgrade"`
		Energy   []int  `json:"energy"`
		Robots   []int  `json:"robots"`
		Fill     *struct {
			Slot   int `json:"slot"`
			Box    int `json:"box"`
			Points int `json:"points"`
		} `json:"fill"`
		Bonus *struct {
			Factory string `json:"factory"`
			Slots   int    `json:"slots"`
			Robots  int    `json:"robots"`
			Marks   []int  `json:"marks"`
		} `json:"bonus"`
	} `json:"factories"`
}

// Factory kinds (resources first).
const (
	resPlant int8 = iota
	resWater
	resPearl
	resRuby
	facAstronaut
	facPlanning
	facSecondary
)

var resKinds = []string{"plant", "water", "pearl", "ruby", "astronaut", "planning", "secondary"}

type a4Res struct {
	kind int8
	id   int16 // 0: none
}

type a4Column struct {
	spaces   [3]int8
	minerals [3]a4Res
	symbols  [2]a4Res // between levels 1/2 and 2/3
	pump     int16
}

type a4Factory struct {
	name            string
	kind            int8
	slots           []int16
	base, upgraded  int
	upgrade         int16
	energy, robots  []int16
	fillSlot        int16
	fillBox         int16
	fillPts         int
	bonusFactory    int
	bonusSlots      int
	bonusRobots     int
	marks           []int16
	complete, total int
}

type a4Layout struct {
	baseRules
	columns   []a4Column
	colOf     [maxSpaces]int8
	levelOf   [maxSpaces]int8
	factories []a4Factory
	byKind    [facSecondary]int // factory index of each resource / center
}

func compileA4(l *layout, r *rawA4) (*a4Layout, error) {
	a := &a4Layout{}
	if len(r.Columns) == 0 || len(r.Columns) > 32 {
		return nil, errors.New("bad columns")
	}
	res := func(x *rawA4Res) (a4Res, error) {
		if x == nil {
			return a4Res{}, nil
		}
		k := int8(slices.Index(resKinds[:4], x.Kind))
		id, err := l.reg(x.ID)
		if k < 0 || err != nil {
			return a4Res{}, fmt.Errorf("resource %v: %v", *x, err)
		}
		return a4Res{k, id}, nil
	}
	for ci, rc := range r.Columns {
		var c a4Column
		var err error
		for lv := 0; lv < 3; lv++ {
			if c.spaces[lv], err = checkSpace(l, rc.Spaces[lv]); err != nil {
				return nil, err
			}
			a.colOf[c.spaces[lv]], a.levelOf[c.spaces[lv]] = int8(ci), int8(lv)
			if c.minerals[lv], err = res(rc.Minerals[lv]); err != nil {
				return nil, err
			}
		}
		for k := 0; k < 2; k++ {
			if c.symbols[k], err = res(rc.Symbols[k]); err != nil {
				return nil, err
			}
		}
		if c.pump, err = l.reg(rc.Pump); err != nil {
			return nil, err
		}
		a.columns = append(a.columns, c)
	}
	for k := range a.byKind {
		a.byKind[k] = -1
	}
	names := map[string]int{}
	for fi, rf := range r.Factories {
		names[rf.Name] = fi
	}
	if len(r.Factories) > numTarget {
		return nil, errors.New("too many factories")
	}
	for _, rf := range r.Factories {
		f := a4Factory{name: rf.Name, base: rf.Base, upgraded: rf.Upgraded, bonusFactory: -1}
		k := slices.Index(resKinds, rf.Kind)
		if k < 0 {
			return nil, fmt.Errorf("factory %s kind %q", rf.Name, rf.Kind)
		}
		f.kind = int8(k)
		var err error
		if f.slots, err = regAll(l, rf.Slots); err != nil {
			return nil, err
		}
		if f.energy, err = regAll(l, rf.Energy); err != nil {
			return nil, err
		}
		if f.robots, err = regAll(l, rf.Robots); err != nil {
			return nil, err
		}
		if len(f.energy)+len(f.robots) == 0 {
			return nil, fmt.Errorf("factory %s costs nothing", rf.Name)
		}
		if f.kind < facSecondary {
			if a.byKind[f.kind] >= 0 || len(f.slots) == 0 {
				return nil, fmt.Errorf("factory %s", rf.Name)
			}
			a.byKind[f.kind] = len(a.factories)
			if f.upgrade, err = l.reg(rf.Upgrade); err != nil {
				return nil, err
			}
		}
		if rf.Fill != nil {
			if f.fillBox, err = l.reg(rf.Fill.Box); err != nil {
				return nil, err
			}
			f.fillSlot, f.fillPts = int16(rf.Fill.Slot), rf.Fill.Points
			if indexOf(f.slots, f.fillSlot) < 0 {
				return nil, fmt.Errorf("factory %s: filling slot %d is not a slot", rf.Name, rf.Fill.Slot)
			}
			l.races = append(l.races, f.fillBox)
			l.astraBoxes = append(l.astraBoxes, f.fillBox)
		}
		if b := rf.Bonus; b != nil {
			if f.kind != facSecondary {
				return nil, fmt.Errorf("factory %s: only secondary factories give bonuses", rf.Name)
			}
			if b.Factory != "" {
				fi, ok := names[b.Factory]
				if !ok {
					return nil, fmt.Errorf("factory %s: bonus factory %q", rf.Name, b.Factory)
				}
				f.bonusFactory = fi
			}
			f.bonusSlots, f.bonusRobots = b.Slots, b.Robots
			if f.marks, err = regAll(l, b.Marks); err != nil {
				return nil, err
			}
			if f.bonusSlots < 0 || f.bonusSlots > 4 || f.bonusRobots < 0 || f.bonusRobots > 4 {
				return nil, fmt.Errorf("factory %s bonus", rf.Name)
			}
		}
		a.factories = append(a.factories, f)
	}
	for k, fi := range a.byKind {
		if fi < 0 {
			return nil, fmt.Errorf("no %s factory", resKinds[k])
		}
		if k < int(facAstronaut) && a.factories[fi].kind != int8(k) {
			return nil, errors.New("factory kinds")
		}
	}
	for i := range a.factories {
		if bf := a.factories[i].bonusFactory; bf >= 0 && a.factories[bf].kind >= facAstronaut {
			return nil, fmt.Errorf("factory %s: bonus goes to a resource factory", a.factories[i].name)
		}
	}
	l.astraCards = 3
	return a, nil
}

func (a *a4Layout) onFilled(s *State, p int, sp int8) {
	if m := a.columns[a.colOf[sp]].minerals[a.levelOf[sp]]; m.id != 0 {
		s.sh[p].circ.set(m.id)
	}
}

// symbolAt is the plant/water symbol above (t=0) or below (t=1) space sp.
func (a *a4Layout) symbolAt(sp int8, t int) a4Res {
	lv := int(a.levelOf[sp])
	c := &a.columns[a.colOf[sp]]
	if t == 0 && lv > 0 {
		return c.symbols[lv-1]
	}
	if t == 1 && lv < 2 {
		return c.symbols[lv]
	}
	return a4Res{}
}

func (a *a4Layout) action(s *State, p int) {
	sh := &s.sh[p]
	switch s.ctx.act {
	case actPlant:
		s.push(effSymbol, int8(resPlant))
	case actWater:
		s.push(effSymbol, int8(resWater))
	case actRobot:
		s.push(effFactRobot, 0)
	case actEnergy:
		s.push(effFactEnergy, 0)
	case actAstronaut:
		crossNext(sh, a.factories[a.byKind[facAstronaut]].slots)
	case actPlanning:
		s.push(effPlanX, 0)
	}
}

// circleSlot circles the next slot of factory fi (filling bonus race).
func (a *a4Layout) circleSlot(s *State, p int, fi int) {
	sh := &s.sh[p]
	f := &a.factories[fi]
	for _, id := range f.slots {
		if !sh.circ.has(id) {
			sh.circ.set(id)
			if id == f.fillSlot {
				s.circleRace(p, f.fillBox)
			}
			return
		}
	}
}

// finish extracts every completed column (adventure-4.md 4).
func (a *a4Layout) finish(s *State, p int) {
	sh := &s.sh[p]
	for ci := range a.columns {
		c := &a.columns[ci]
		if sh.cross.has(c.pump) || !a.columnFull(sh, ci) {
			continue
		}
		for _, r := range [5]a4Res{c.minerals[0], c.minerals[1], c.minerals[2], c.symbols[0], c.symbols[1]} {
			if r.id != 0 && sh.circ.has(r.id) && !sh.cross.has(r.id) {
				sh.cross.set(r.id)
				a.circleSlot(s, p, a.byKind[r.kind])
			}
		}
		sh.cross.set(c.pump)
	}
}

func (a *a4Layout) columnFull(sh *sheet, ci int) bool {
	for _, sp := range a.columns[ci].spaces {
		if sh.num[sp] == empty {
			return false
		}
	}
	return true
}

func (a *a4Layout) onError(*State, int) {}
func (a *a4Layout) phase5(*State)       {}

func (a *a4Layout) factoryDone(sh *sheet, f *a4Factory) bool {
	for _, id := range f.energy {
		if !sh.cross.has(id) {
			return false
		}
	}
	for _, id := range f.robots {
		if !sh.cross.has(id) {
			return false
		}
	}
	return true
}

func hasOpen(sh *sheet, ids []int16) bool {
	for _, id := range ids {
		if !sh.cross.has(id) {
			return true
		}
	}
	return false
}

func (a *a4Layout) target(s *State, p int, e effect, t int) bool {
	sh := &s.sh[p]
	switch e.kind {
	case effSymbol:
		if t > 1 || s.ctx.space < 0 {
			return false
		}
		r := a.symbolAt(s.ctx.space, t)
		return r.id != 0 && r.kind == e.arg && !sh.circ.has(r.id)
	case effFactRobot:
		return t < len(a.factories) && hasOpen(sh, a.factories[t].robots)
	case effFactEnergy:
		return t < len(a.factories) && hasOpen(sh, a.factories[t].energy)
	}
	return false
}

func (a *a4Layout) apply(s *State, p int, e effect, t int) {
	sh := &s.sh[p]
	switch e.kind {
	case effPlanX:
		crossNext(sh, a.factories[a.byKind[facPlanning]].slots)
	case effSymbol:
		sh.circ.set(a.symbolAt(s.ctx.space, t).id)
	case effFactRobot, effFactEnergy:
		f := &a.factories[t]
		if e.kind == effFactRobot {
			crossNext(sh, f.robots)
		} else {
			crossNext(sh, f.energy)
		}
		if !a.factoryDone(sh, f) {
			return
		}
		if f.kind < facSecondary {
			sh.cross.set(f.upgrade)
			return
		}
		for _, id := range f.marks {
			sh.cross.set(id)
		}
		for i := 0; i < f.bonusSlots; i++ {
			a.circleSlot(s, p, f.bonusFactory)
		}
		for i := 0; i < f.bonusRobots; i++ {
			s.push(effFactRobot, 0)
		}
	}
}

func (a *a4Layout) targetName(s *State, e effect, t int) string {
	switch e.kind {
	case effSymbol:
		return resKinds[e.arg] + "-" + [2]string{"above", "below"}[t&1]
	case effFactRobot:
		if t < len(a.factories) {
			return "robot-" + a.factories[t].name
		}
	case effFactEnergy:
		if t < len(a.factories) {
			return "energy-" + a.factories[t].name
		}
	}
	return ""
}

func (a *a4Layout) missionMet(s *State, p int, card int) bool {
	sh := &s.sh[p]
	switch card {
	case 82, 83:
		n, run, best := 0, 0, 0
		for ci := range a.columns {
			if sh.cross.has(a.columns[ci].pump) {
				n++
				run++
				best = max(best, run)
			} else {
				run = 0
			}
		}
		if card == 82 {
			return n >= 5
		}
		return best >= 4
	case 84, 85:
		sec, all := 0, 0
		for i := range a.factories {
			if a.factoryDone(sh, &a.factories[i]) {
				all++
				sec += boolInt(a.factories[i].kind == facSecondary)
			}
		}
		if card == 84 {
			return sec >= 5
		}
		return all >= 6
	case 86, 87:
		kind, need := resPlant, 8
		if card == 87 {
			kind, need = resWater, 5
		}
		n := 0
		for ci := range a.columns {
			for _, r := range a.columns[ci].symbols {
				n += boolInt(r.id != 0 && r.kind == kind && sh.circ.has(r.id))
			}
		}
		return n >= need
	}
	return false
}

// missionMay: nothing after a player's own effects changes a mission of
// this adventure, so a mission may hold at the end of the turn only if it
// holds now.
func (a *a4Layout) missionMay(s *State, p int, card int) bool { return a.missionMet(s, p, card) }

func (a *a4Layout) reward(*State, int, int8) {}
func (a *a4Layout) ends(*State, int) bool    { return false }

func (a *a4Layout) scoreLines(s *State, p int) []scoreLine { return a.lines(s, p, nil) }

// lines appends p's score lines to dst (score sums them in a buffer on the
// stack: the solo lookahead of Observe reads scores and must not allocate).
func (a *a4Layout) lines(s *State, p int, dst []scoreLine) []scoreLine {
	sh := &s.sh[p]
	out := dst
	for k := resPlant; k < facSecondary; k++ {
		f := &a.factories[a.byKind[k]]
		mult := f.base
		if sh.cross.has(f.upgrade) {
			mult = f.upgraded
		}
		n := 0
		if k >= facAstronaut {
			n = countCrossed(sh, f.slots)
		} else {
			for _, id := range f.slots {
				n += boolInt(sh.circ.has(id))
			}
		}
		pts := n * mult
		if f.fillBox != 0 && sh.circ.has(f.fillBox) {
			pts += f.fillPts
		}
		out = append(out, scoreLine{f.name, pts})
	}
	return append(out, scoreLine{"System Errors", -5 * s.errorsOn(sh)})
}

func (a *a4Layout) score(s *State, p int) int {
	var buf [16]scoreLine
	return sumLines(a.lines(s, p, buf[:0])) + missionPoints(&s.sh[p])
}

func (a *a4Layout) check(s *State, sh *sheet) error {
	for i := range a.factories {
		f := &a.factories[i]
		if !prefix(sh, f.energy, false) || !prefix(sh, f.robots, false) {
			return fmt.Errorf("factory %s symbols not in order", f.name)
		}
		done := a.factoryDone(sh, f)
		if f.kind < facSecondary && sh.cross.has(f.upgrade) != done {
			return fmt.Errorf("factory %s upgrade box", f.name)
		}
		if f.kind == facAstronaut || f.kind == facPlanning {
			if !prefix(sh, f.slots, false) {
				return fmt.Errorf("center %s markers not in order", f.name)
			}
		} else if !prefix(sh, f.slots, true) {
			return fmt.Errorf("factory %s slots not in order", f.name)
		}
		for _, id := range f.marks {
			if sh.cross.has(id) != done {
				return fmt.Errorf("factory %s bonus marks", f.name)
			}
		}
		if f.fillBox != 0 && sh.circ.has(f.fillBox) && !sh.circ.has(f.fillSlot) {
			return fmt.Errorf("factory %s filling bonus without its slot", f.name)
		}
	}
	return a.checkMine(s, sh)
}

// checkMine validates the mine against the factories: a mineral is circled
// exactly when its space is filled; a plant or water symbol only next to a
// filled space; a resource is crossed (extracted) only if circled and its
// column's pump is crossed; an extracted column is full and has no circled
// resource left behind; every resource factory holds exactly the resources
// of its kind extracted plus its secondary factory's bonus slots; a filled
// filling slot has its bonus circled or crossed; one Planning marker per X.
func (a *a4Layout) checkMine(s *State, sh *sheet) error {
	var extracted [facAstronaut]int
	for ci := range a.columns {
		c := &a.columns[ci]
		pumped := sh.cross.has(c.pump)
		if pumped && !a.columnFull(sh, ci) {
			return fmt.Errorf("column %d extracted but not full", ci+1)
		}
		for lv, m := range c.minerals {
			if m.id != 0 && sh.circ.has(m.id) != sh.filled(c.spaces[lv]) {
				return fmt.Errorf("mineral %d circled %v but its space filled %v", m.id, sh.circ.has(m.id), sh.filled(c.spaces[lv]))
			}
		}
		for k, r := range c.symbols {
			if r.id != 0 && sh.circ.has(r.id) && !sh.filled(c.spaces[k]) && !sh.filled(c.spaces[k+1]) {
				return fmt.Errorf("symbol %d circled with no filled space next to it", r.id)
			}
		}
		for _, r := range [5]a4Res{c.minerals[0], c.minerals[1], c.minerals[2], c.symbols[0], c.symbols[1]} {
			if r.id == 0 {
				continue
			}
			if sh.cross.has(r.id) {
				if !sh.circ.has(r.id) || !pumped {
					return fmt.Errorf("resource %d crossed but not circled or not extracted", r.id)
				}
				extracted[r.kind]++
			} else if pumped && sh.circ.has(r.id) {
				return fmt.Errorf("resource %d left behind in extracted column %d", r.id, ci+1)
			}
		}
	}
	for k := resPlant; k < facAstronaut; k++ {
		want := extracted[k]
		for i := range a.factories {
			f := &a.factories[i]
			if f.bonusFactory == a.byKind[k] && a.factoryDone(sh, f) {
				want += f.bonusSlots
			}
		}
		f := &a.factories[a.byKind[k]]
		got := 0
		for _, id := range f.slots {
			got += boolInt(sh.circ.has(id))
			if sh.cross.has(id) {
				return fmt.Errorf("factory %s slot %d crossed", f.name, id)
			}
		}
		if got != min(want, len(f.slots)) {
			return fmt.Errorf("factory %s has %d circled slots for %d resources", f.name, got, want)
		}
		if f.fillBox != 0 {
			if sh.circ.has(f.fillSlot) && !sh.circ.has(f.fillBox) && !sh.cross.has(f.fillBox) {
				return fmt.Errorf("factory %s filled its bonus slot without circling or losing the bonus", f.name)
			}
			if sh.circ.has(f.fillBox) && sh.cross.has(f.fillBox) {
				return fmt.Errorf("factory %s filling bonus both circled and crossed", f.name)
			}
		}
	}
	if n, x := countCrossed(sh, a.factories[a.byKind[facPlanning]].slots), countX(sh, s.lay().nSpaces); n != min(x, len(a.factories[a.byKind[facPlanning]].slots)) {
		return fmt.Errorf("%d Planning markers for %d X", n, x)
	}
	return nil
}

func (a *a4Layout) draw(s *State, sh *sheet) string {
	var b strings.Builder
	mark := func(r a4Res) string {
		if r.id == 0 {
			return " "
		}
		c := "pwPR"[r.kind : r.kind+1]
		switch {
		case sh.cross.has(r.id):
			return "x"
		case sh.circ.has(r.id):
			return "(" + c + ")"
		}
		return c
	}
	b.WriteString("  col  ")
	for ci := range a.columns {
		fmt.Fprintf(&b, "%-6d", ci+1)
	}
	b.WriteString(" (level 1: spaces 1-12, level 2: 13-24, level 3: 25-36)\n  pump ")
	for ci := range a.columns {
		fmt.Fprintf(&b, "%-6s", map[bool]string{true: "[x]", false: "[ ]"}[sh.cross.has(a.columns[ci].pump)])
	}
	for lv := 0; lv < 3; lv++ {
		fmt.Fprintf(&b, "\n  L%d   ", lv+1)
		for ci := range a.columns {
			c := &a.columns[ci]
			fmt.Fprintf(&b, "%-6s", cell(sh.num[c.spaces[lv]])+mark(c.minerals[lv]))
		}
		if lv < 2 {
			b.WriteString("\n       ")
			for ci := range a.columns {
				fmt.Fprintf(&b, "%-6s", mark(a.columns[ci].symbols[lv]))
			}
		}
	}
	b.WriteString("\n  (P pearl, R ruby, p plant, w water; (..) circled, x extracted)\n  factories:")
	for i := range a.factories {
		f := &a.factories[i]
		n := 0
		for _, id := range f.slots {
			n += boolInt(sh.circ.has(id) || sh.cross.has(id))
		}
		fmt.Fprintf(&b, " %s", f.name)
		if len(f.slots) > 0 {
			fmt.Fprintf(&b, " %d/%d", n, len(f.slots))
		}
		if a.factoryDone(sh, f) {
			b.WriteString(" done")
		} else {
			fmt.Fprintf(&b, " (E%d R%d left)", len(f.energy)-countCrossed(sh, f.energy), len(f.robots)-countCrossed(sh, f.robots))
		}
		if f.fillBox != 0 && sh.circ.has(f.fillBox) {
			fmt.Fprintf(&b, " +%d", f.fillPts)
		}
		b.WriteString(";")
	}
	b.WriteString("\n")
	return b.String()
}

func missionKnown(card int) bool { return card >= 64 && card <= 111 }

// progress is p's score plus every circled resource not yet extracted at
// half the current value of a slot of its factory.
func (a *a4Layout) progress(s *State, p int) float64 {
	sh := &s.sh[p]
	v := float64(s.Score(p))
	for ci := range a.columns {
		c := &a.columns[ci]
		for _, r := range [5]a4Res{c.minerals[0], c.minerals[1], c.minerals[2], c.symbols[0], c.symbols[1]} {
			if r.id != 0 && sh.circ.has(r.id) && !sh.cross.has(r.id) {
				f := &a.factories[a.byKind[r.kind]]
				mult := f.base
				if sh.cross.has(f.upgrade) {
					mult = f.upgraded
				}
				v += 0.5 * float64(mult)
			}
		}
	}
	return v
}
