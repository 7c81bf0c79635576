package welcomemoon

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Adventure 6, The Virus (adventure-6.md): a housing unit of 5 floors and
// 11 quarters joined by walkways. A grey virus chosen at set-up and five
// coloured ones activated by the plant/water tracks and the missions spread
// at phase 5 (the player picks each infected space); complete quarters are
// evacuated for (1 + energies) x numbered spaces; Robot closes walkways and
// quarantines quarters; plant and water tracks score and give bonuses.

type rawA6 struct {
	Quarters []rawA6Quarter `json:"quarters"`
	Walkways []struct {
		ID int `json:"id"`
		A  int `json:"a"`
		B  int `json:"b"`
	} `json:"walkways"`
	GreyQuarters []int      `json:"grey_quarters"`
	PlantTrack   []rawA6Row `json:"plant_track"`
	PlantFinal   int        `json:"plant_final"`
	PlantBonus   string     `json:"plant_bonus"`
	WaterTrack   []rawA6Row `json:"water_track"`
	WaterFinal   int        `json:"water_final"`
	WaterBonus   string     `json:"water_bonus"`
	Specials     []rawA6Sym `json:"specials"`
	MissionVirus []rawA6Sym `json:"mission_viruses"`
	Astronauts   []int      `json:"astronauts"`
	Planning     []int      `json:"planning"`
	Wilds        []rawWild  `json:"wilds"`
	FloorsPW     [][]int    `json:"floors_plants_water"`
}

// rawA6Quarter is a quarter of the sheet as the layout file gives it.
type rawA6Quarter struct {
	Name      string `json:"name"`
	Spaces    []int  `json:"spaces"`
	Energies  []int  `json:"energies"`
	Plants    []int  `json:"plants"`
	Evacuated int    `json:"evacuated"`
	Tank      *struct {
		Space int `json:"space"`
		ID    int `json:"id"`
	} `json:"tank"`
	Target *struct {
		ID    int    `json:"id"`
		Virus string `json:"virus"`
	} `json:"target"`
}

type rawA6Row struct {
	Symbols []int `json:"symbols"`
	End     int   `json:"end"`
	Bonus   int   `json:"bonus"`
	Value   int   `json:"value"`
}

type rawA6Sym struct {
	At     int    `json:"at"`
	Symbol int    `json:"symbol"`
	Virus  string `json:"virus"`
}

var a6Viruses = []string{"grey", "red", "green", "purple", "blue", "yellow"}

type a6Quarter struct {
	name      string
	spaces    []int8
	energies  []int16
	plants    []int16
	evacuated int16
	tankSpace int8 // -1 none
	tank      int16
	target    int16 // 0 none
	virus     int8  // index in a6Viruses, -1 none
	walkways  []int8
	floor     int8
}

type a6Walk struct {
	id   int16
	a, b int8
}

type a6Row struct {
	symbols    []int16
	end, bonus int16
	value      int
}

type a6Track struct {
	rows  []a6Row
	final int
	bonus int8 // effWalkway or effQEnergy
	order []int16
}

type a6Sym struct {
	at, symbol int16
	virus      int8 // quarter of the virus it activates, -1: a propagation symbol
}

type a6Layout struct {
	baseRules
	quarters  []a6Quarter
	quarterOf [maxSpaces]int8
	walks     []a6Walk
	grey      []int8
	tracks    [2]a6Track // plant, water
	specials  []a6Sym
	mission   [3]a6Sym // symbol and virus quarter of missions A, B, C
	astro     []int16
	plan      []int16
	wilds     wildMarks
	floorsPW  [][]int16
	byVirus   [6]int8 // quarter of each coloured virus's target
}

func compileA6(l *layout, r *rawA6) (*a6Layout, error) {
	a := &a6Layout{}
	if len(r.Quarters) == 0 || len(r.Quarters) > 16 {
		return nil, fmt.Errorf("%d quarters", len(r.Quarters))
	}
	for i := range a.byVirus {
		a.byVirus[i] = -1
	}
	for sp := range a.quarterOf {
		a.quarterOf[sp] = -1
	}
	for qi, rq := range r.Quarters {
		q, err := a.compileQuarter(l, qi, rq)
		if err != nil {
			return nil, err
		}
		a.quarters = append(a.quarters, q)
	}
	for _, compile := range []func(*layout, *rawA6) error{a.compileWalkways, a.compileTracks, a.compileSymbols} {
		if err := compile(l, r); err != nil {
			return nil, err
		}
	}
	var err error
	if a.astro, err = regAll(l, r.Astronauts); err != nil {
		return nil, err
	}
	if a.plan, err = regAll(l, r.Planning); err != nil {
		return nil, err
	}
	if err := a.wilds.compile(l, r.Wilds); err != nil {
		return nil, err
	}
	for _, f := range r.FloorsPW {
		ids, err := regAll(l, f)
		if err != nil {
			return nil, err
		}
		a.floorsPW = append(a.floorsPW, ids)
	}
	if len(a.floorsPW) != len(l.zones) {
		return nil, errors.New("plants and water per floor")
	}
	l.astraCards = 7
	return a, nil
}

// compileQuarter reads quarter qi: its spaces (on one floor, each in one
// quarter), energies, plants, evacuation, tank and virus target.
func (a *a6Layout) compileQuarter(l *layout, qi int, rq rawA6Quarter) (a6Quarter, error) {
	var err error
	q := a6Quarter{name: rq.Name, tankSpace: -1, virus: -1}
	for _, id := range rq.Spaces {
		sp, err := checkSpace(l, id)
		if err != nil {
			return q, err
		}
		if a.quarterOf[sp] >= 0 {
			return q, fmt.Errorf("space %d in two quarters", id)
		}
		if _, err := l.reg(id); err != nil { // an infected space is crossed
			return q, err
		}
		a.quarterOf[sp] = int8(qi)
		q.spaces = append(q.spaces, sp)
		if len(q.spaces) > 1 && l.spaceZone[sp][0] != l.spaceZone[q.spaces[0]][0] {
			return q, fmt.Errorf("quarter %s on two floors", rq.Name)
		}
	}
	if len(q.spaces) == 0 {
		return q, fmt.Errorf("quarter %s has no space", rq.Name)
	}
	q.floor = l.spaceZone[q.spaces[0]][0]
	if q.energies, err = regAll(l, rq.Energies); err != nil {
		return q, err
	}
	if q.plants, err = regAll(l, rq.Plants); err != nil {
		return q, err
	}
	if q.evacuated, err = l.reg(rq.Evacuated); err != nil {
		return q, err
	}
	if rq.Tank != nil {
		if q.tankSpace, err = checkSpace(l, rq.Tank.Space); err != nil {
			return q, err
		}
		if q.tank, err = l.reg(rq.Tank.ID); err != nil {
			return q, err
		}
	}
	if rq.Target != nil {
		if q.target, err = l.reg(rq.Target.ID); err != nil {
			return q, err
		}
		v := slices.Index(a6Viruses, rq.Target.Virus)
		if v < 0 {
			return q, fmt.Errorf("quarter %s: virus %q", rq.Name, rq.Target.Virus)
		}
		q.virus = int8(v)
		if v > 0 {
			if a.byVirus[v] >= 0 {
				return q, fmt.Errorf("two %s viruses", rq.Target.Virus)
			}
			a.byVirus[v] = int8(qi)
		}
	}
	return q, nil
}

// compileWalkways checks that every space is in a quarter and reads the
// walkways between quarters and the grey quarters.
func (a *a6Layout) compileWalkways(l *layout, r *rawA6) error {
	for sp := 0; sp < l.nSpaces; sp++ {
		if a.quarterOf[sp] < 0 {
			return fmt.Errorf("space %d in no quarter", sp+1)
		}
	}
	if len(r.Walkways) > numTarget {
		return errors.New("too many walkways")
	}
	for wi, rw := range r.Walkways {
		id, err := l.reg(rw.ID)
		if err != nil {
			return err
		}
		if rw.A < 0 || rw.A >= len(a.quarters) || rw.B < 0 || rw.B >= len(a.quarters) || rw.A == rw.B {
			return fmt.Errorf("walkway %d joins %d and %d", rw.ID, rw.A, rw.B)
		}
		a.walks = append(a.walks, a6Walk{id, int8(rw.A), int8(rw.B)})
		a.quarters[rw.A].walkways = append(a.quarters[rw.A].walkways, int8(wi))
		a.quarters[rw.B].walkways = append(a.quarters[rw.B].walkways, int8(wi))
	}
	for _, q := range r.GreyQuarters {
		if q < 0 || q >= len(a.quarters) || a.quarters[q].virus != 0 {
			return fmt.Errorf("grey quarter %d has no grey target", q)
		}
		a.grey = append(a.grey, int8(q))
	}
	return nil
}

// compileTracks reads the plant and water tracks: rows of symbols, their
// ends and bonuses, the final value and the track's bonus.
func (a *a6Layout) compileTracks(l *layout, r *rawA6) error {
	var err error
	for k, rt := range []struct {
		rows  []rawA6Row
		final int
		bonus string
	}{{r.PlantTrack, r.PlantFinal, r.PlantBonus}, {r.WaterTrack, r.WaterFinal, r.WaterBonus}} {
		t := &a.tracks[k]
		t.final = rt.final
		switch rt.bonus {
		case "robot":
			t.bonus = effWalkway
		case "energy":
			t.bonus = effQEnergy
		default:
			return fmt.Errorf("track bonus %q", rt.bonus)
		}
		for _, rr := range rt.rows {
			row := a6Row{value: rr.Value}
			if row.symbols, err = regAll(l, rr.Symbols); err != nil {
				return err
			}
			if row.end, err = l.reg(rr.End); err != nil {
				return err
			}
			if row.bonus, err = l.reg(rr.Bonus); err != nil {
				return err
			}
			t.rows = append(t.rows, row)
			t.order = append(t.order, row.symbols...)
		}
		if len(t.rows) == 0 {
			return errors.New("empty track")
		}
	}
	return nil
}

// virusQuarter is the quarter of the named virus's target (-1 for none).
func (a *a6Layout) virusQuarter(name string) (int8, error) {
	if name == "" {
		return -1, nil
	}
	v := slices.Index(a6Viruses, name)
	if v <= 0 || a.byVirus[v] < 0 {
		return 0, fmt.Errorf("virus %q has no target", name)
	}
	return a.byVirus[v], nil
}

// compileSymbols reads the special symbols and the three mission viruses.
func (a *a6Layout) compileSymbols(l *layout, r *rawA6) error {
	var err error
	for _, rs := range r.Specials {
		var sym a6Sym
		if sym.at, err = l.reg(rs.At); err != nil {
			return err
		}
		if sym.symbol, err = l.reg(rs.Symbol); err != nil {
			return err
		}
		if sym.virus, err = a.virusQuarter(rs.Virus); err != nil {
			return err
		}
		a.specials = append(a.specials, sym)
	}
	if len(r.MissionVirus) != 3 {
		return errors.New("want 3 mission viruses")
	}
	for k, rs := range r.MissionVirus {
		if a.mission[k].symbol, err = l.reg(rs.Symbol); err != nil {
			return err
		}
		if a.mission[k].virus, err = a.virusQuarter(rs.Virus); err != nil || a.mission[k].virus < 0 {
			return fmt.Errorf("mission virus %q", rs.Virus)
		}
	}
	return nil
}

// ---- the sheet ----

func (a *a6Layout) infected(sh *sheet, sp int8) bool { return sh.cross.has(int16(sp) + 1) }

func (a *a6Layout) complete(sh *sheet, q int) bool {
	for _, sp := range a.quarters[q].spaces {
		if !sh.filled(sp) {
			return false
		}
	}
	return true
}

// quarantined: every walkway of quarter q is closed.
func (a *a6Layout) quarantined(sh *sheet, q int) bool {
	for _, w := range a.quarters[q].walkways {
		if !sh.cross.has(a.walks[w].id) {
			return false
		}
	}
	return true
}

// open: an open walkway joins quarters q and n.
func (a *a6Layout) open(sh *sheet, q, n int) bool {
	for _, wi := range a.quarters[q].walkways {
		w := a.walks[wi]
		if (int(w.a) == n || int(w.b) == n) && !sh.cross.has(w.id) {
			return true
		}
	}
	return false
}

// active: the virus of quarter q is active (its target circled).
func (a *a6Layout) active(sh *sheet, q int) bool {
	t := a.quarters[q].target
	return t != 0 && sh.circ.has(t)
}

// evacuate circles q's evacuation marker once the quarter is complete.
func (a *a6Layout) evacuate(sh *sheet, q int) {
	if a.complete(sh, q) {
		sh.circ.set(a.quarters[q].evacuated)
	}
}

// quarterScore is (1 + circled energies) x spaces holding a number or an X.
func (a *a6Layout) quarterScore(sh *sheet, q int) int {
	n := 0
	for _, sp := range a.quarters[q].spaces {
		n += boolInt(sh.filled(sp) && !a.infected(sh, sp))
	}
	e := 1
	for _, id := range a.quarters[q].energies {
		e += boolInt(sh.circ.has(id))
	}
	return e * n
}

// onFilled: an X completes its quarter (the number's quarter is checked by
// action, after the Plant/Water/Energy of the space).
func (a *a6Layout) onFilled(s *State, p int, sp int8) {
	if s.sub == subSpace {
		return
	}
	a.evacuate(&s.sh[p], int(a.quarterOf[sp]))
}

func (a *a6Layout) action(s *State, p int) {
	sh := &s.sh[p]
	sp := s.ctx.space
	q := int(a.quarterOf[sp])
	qu := &a.quarters[q]
	switch s.ctx.act {
	case actEnergy:
		if !sh.circ.has(qu.evacuated) {
			circleNext(sh, qu.energies)
		}
	case actPlant:
		if circleNext(sh, qu.plants) != 0 {
			a.trackStep(s, p, 0)
		}
	case actWater:
		if qu.tankSpace == sp && !sh.circ.has(qu.tank) {
			sh.circ.set(qu.tank)
			a.trackStep(s, p, 1)
		}
	case actRobot:
		s.push(effWalkway, 0)
	case actAstronaut:
		a.wilds.cross(sh, a.astro)
	case actPlanning:
		s.push(effPlanX, 0)
	}
	a.evacuate(sh, q)
}

func circleNext(sh *sheet, ids []int16) int16 {
	for _, id := range ids {
		if !sh.circ.has(id) {
			sh.circ.set(id)
			return id
		}
	}
	return 0
}

// trackStep crosses the next symbol of track k (0 plants, 1 water): its
// special symbol if still available, then the row's end and bonus.
func (a *a6Layout) trackStep(s *State, p int, k int) {
	sh := &s.sh[p]
	t := &a.tracks[k]
	id := crossNext(sh, t.order)
	if id == 0 {
		return
	}
	for _, sym := range a.specials {
		if sym.at == id && !sh.cross.has(sym.symbol) {
			sh.cross.set(sym.symbol) // resolved in phase 5
		}
	}
	for _, row := range t.rows {
		if !sh.cross.has(row.end) && countCrossed(sh, row.symbols) == len(row.symbols) {
			sh.cross.set(row.end)
			sh.cross.set(row.bonus)
			s.push(t.bonus, 0)
		}
	}
}

func (a *a6Layout) trackValue(sh *sheet, k int) int {
	t := &a.tracks[k]
	n := 0
	for _, row := range t.rows {
		n += boolInt(sh.cross.has(row.end))
	}
	if n == len(t.rows) {
		return t.final
	}
	return t.rows[n].value
}

func (a *a6Layout) finish(*State, int)  {}
func (a *a6Layout) onError(*State, int) {}
func (a *a6Layout) phase5(*State)       {}

// setup: before its first pick, each player picks the space the grey virus
// infects (adventure-6.md 3).
func (a *a6Layout) setup(s *State, p int) bool {
	sh := &s.sh[p]
	for _, q := range a.grey {
		if sh.circ.has(a.quarters[q].target) {
			return false
		}
	}
	s.push(effGrey, 0)
	return true
}

// infect crosses empty space sp (an infection) and evacuates its quarter
// if that completes it.
func (a *a6Layout) infect(sh *sheet, sp int8) {
	sh.num[sp] = xMark
	sh.cross.set(int16(sp) + 1)
	a.evacuate(sh, int(a.quarterOf[sp]))
}

// activate activates the virus of quarter q on every sheet: its target is
// circled unless quarantined (crossed); sym, its activation symbol, is
// crossed (adventure-6.md 7).
func (a *a6Layout) activate(s *State, q int8, sym int16) {
	for p := range s.g.players {
		sh := &s.sh[p]
		sh.cross.set(sym)
		if t := a.quarters[q].target; !sh.cross.has(t) {
			sh.circ.set(t)
		}
	}
}

// incidents is phase 5 (adventure-6.md 7): called at the end of the turn
// (phase phDecide) it resolves the viruses activated this turn and counts
// each player's propagations: its own System Errors #78/#79 of this turn,
// the propagation symbols others triggered, one per activation; then the
// stage asks the infections and the missions. Called again after the
// missions, it activates the virus of each mission accomplished for the
// first time, with one more propagation for everybody.
func (a *a6Layout) incidents(s *State) bool {
	l := s.lay()
	n := s.g.players
	if s.phase == phIncident {
		acts := 0
		for k, m := range a.mission {
			if s.mtaken&(1<<k) == 0 || s.sh[0].cross.has(m.symbol) {
				continue
			}
			// solo: only the player's own first accomplishment is left here
			// (ASTRA's second draw crosses the symbol itself)
			a.activate(s, m.virus, m.symbol)
			acts++
			if s.g.solo() {
				s.soloTrigger()
			}
		}
		if acts == 0 {
			return false
		}
		for p := range n {
			s.prop[p] = int8(acts)
		}
		s.startIncidents()
		return true
	}
	var props [maxPlayers]int8
	acts := 0
	for _, sym := range a.specials {
		var trig [maxPlayers]bool
		any := false
		for p := range n {
			trig[p] = s.sh[p].cross.has(sym.symbol) && !s.pub[p].cross.has(sym.symbol)
			any = any || trig[p]
		}
		if !any {
			continue
		}
		if sym.virus >= 0 {
			a.activate(s, sym.virus, sym.symbol)
			acts++
			if s.g.solo() {
				s.soloTrigger() // the player activated a virus
			}
			continue
		}
		for p := range n {
			if trig[p] {
				if s.g.solo() {
					s.soloTrigger() // the player triggered a propagation symbol
				}
				continue
			}
			s.sh[p].cross.set(sym.symbol)
			props[p]++
		}
	}
	for p := range n {
		props[p] += int8(acts)
		for _, id := range l.errIDs[1:] {
			if s.sh[p].cross.has(id) && !s.pub[p].cross.has(id) {
				props[p]++
				if s.g.solo() {
					s.soloTrigger() // folder: the implementation counts these too
				}
			}
		}
		s.prop[p] = props[p]
	}
	s.startIncidents()
	return true
}

// expand unfolds the propagation steps: a propagation is one spread of
// every active virus in quarter order; a spread infects a space of the
// virus's quarter, or once it is complete one of each neighbour reached by
// an open walkway and not complete.
func (a *a6Layout) expand(s *State, p int, e effect) bool {
	sh := &s.sh[p]
	switch e.kind {
	case effPropagate:
		s.pop()
		for q := len(a.quarters) - 1; q >= 0; q-- {
			if a.active(sh, q) {
				s.pushFront(effSpread, int8(q))
			}
		}
	case effSpread:
		s.pop()
		q := int(e.arg)
		if !a.complete(sh, q) {
			s.pushFront(effInfect, e.arg)
			return true
		}
		for n := len(a.quarters) - 1; n >= 0; n-- { // neighbours in quarter order
			if a.open(sh, q, n) && !a.complete(sh, n) {
				s.pushFront(effInfect, int8(n))
			}
		}
	case effAskMissions:
		s.pop()
		s.askMissions(p)
	default:
		return false
	}
	return true
}

// Targets: a space index (effGrey, effInfect), a walkway index
// (effWalkway), a quarter (effQEnergy), 0 green / 1 blue (effVirus), a
// propagation symbol's index among the specials (effPropSym).
func (a *a6Layout) target(s *State, p int, e effect, t int) bool {
	sh := &s.sh[p]
	switch e.kind {
	case effGrey:
		if t >= s.lay().nSpaces || sh.filled(int8(t)) {
			return false
		}
		q := a.quarterOf[t]
		for _, g := range a.grey {
			if g == q {
				return true
			}
		}
	case effInfect:
		return t < s.lay().nSpaces && a.quarterOf[t] == e.arg && !sh.filled(int8(t))
	case effWalkway:
		return t < len(a.walks) && !sh.cross.has(a.walks[t].id)
	case effQEnergy:
		if t >= len(a.quarters) || sh.circ.has(a.quarters[t].evacuated) {
			return false
		}
		for _, id := range a.quarters[t].energies {
			if !sh.circ.has(id) {
				return true
			}
		}
	case effVirus:
		if t > 1 {
			return false
		}
		sym := a.specials[a.colourSpecial(t)]
		tg := a.quarters[sym.virus].target
		return !sh.cross.has(sym.symbol) && !sh.circ.has(tg) && !sh.cross.has(tg)
	case effPropSym:
		return t < len(a.specials) && a.specials[t].virus < 0 && !sh.cross.has(a.specials[t].symbol)
	}
	return false
}

// colourSpecial is the index among the specials of the green (0) or blue
// (1) activation.
func (a *a6Layout) colourSpecial(t int) int {
	k := 0
	for i, sym := range a.specials {
		if sym.virus >= 0 {
			if k == t {
				return i
			}
			k++
		}
	}
	return 0
}

func (a *a6Layout) apply(s *State, p int, e effect, t int) {
	sh := &s.sh[p]
	switch e.kind {
	case effPlanX:
		a.wilds.cross(sh, a.plan)
	case effGrey:
		sh.circ.set(a.quarters[a.quarterOf[t]].target)
		a.infect(sh, int8(t))
	case effInfect:
		a.infect(sh, int8(t))
	case effWalkway:
		w := a.walks[t]
		sh.cross.set(w.id)
		for _, q := range [2]int8{w.a, w.b} {
			if tg := a.quarters[q].target; tg != 0 && a.quarantined(sh, int(q)) {
				sh.cross.set(tg)
			}
		}
	case effQEnergy:
		circleNext(sh, a.quarters[t].energies)
	case effVirus:
		sym := a.specials[a.colourSpecial(t)]
		a.activate(s, sym.virus, sym.symbol)
	case effPropSym:
		sh.cross.set(a.specials[t].symbol)
	}
}

func (a *a6Layout) targetName(s *State, e effect, t int) string {
	switch e.kind {
	case effGrey:
		return fmt.Sprintf("grey-virus-%d", t+1)
	case effInfect:
		return fmt.Sprintf("infect-%d", t+1)
	case effWalkway:
		if t < len(a.walks) {
			w := a.walks[t]
			return fmt.Sprintf("close-%s-%s", a.quarters[w.a].name, a.quarters[w.b].name)
		}
	case effQEnergy:
		if t < len(a.quarters) {
			return "energy-" + a.quarters[t].name
		}
	case effVirus:
		return [2]string{"activate-green", "activate-blue"}[t&1]
	case effPropSym:
		if t < len(a.specials) {
			return fmt.Sprintf("cross-#%d", a.specials[t].symbol)
		}
	}
	return ""
}

// astraCard (solo-astra.md 5): first draw, activate the green or the blue
// virus (player's choice) if one is still available, else cross an
// available propagation symbol; second draw, activate mission x's virus if
// its target is unmarked; then one immediate propagation.
func (a *a6Layout) astraCard(s *State, x int8) {
	sh := &s.sh[0]
	if s.deck.pass[0] == 0 {
		n := 0
		for t := 0; t < 2; t++ {
			n += boolInt(a.target(s, 0, effect{kind: effVirus}, t))
		}
		if n > 0 {
			s.push(effVirus, x)
		} else {
			s.push(effPropSym, x)
		}
		s.push(effPropagate, 0)
		return
	}
	m := a.mission[x]
	tg := a.quarters[m.virus].target
	if sh.circ.has(tg) || sh.cross.has(tg) || sh.cross.has(m.symbol) {
		sh.cross.set(m.symbol)
		return
	}
	a.activate(s, m.virus, m.symbol)
	s.push(effPropagate, 0)
}

func (a *a6Layout) missionMet(s *State, p int, card int) bool {
	l := s.lay()
	sh := &s.sh[p]
	switch card {
	case 94:
		n := 0
		for q := range a.quarters {
			n += boolInt(sh.circ.has(a.quarters[q].evacuated))
		}
		return n >= 2
	case 95:
		for f := range l.zones {
			all := true
			for _, q := range a.quarters {
				all = all && (int(q.floor) != f || sh.circ.has(q.evacuated))
			}
			if all {
				return true
			}
		}
		return false
	case 96, 97:
		if card == 97 {
			return a.quarantined(sh, int(a.byVirus[2])) && a.quarantined(sh, int(a.byVirus[4]))
		}
		n := 0
		for q := range a.quarters {
			n += boolInt(a.quarantined(sh, q))
		}
		return n >= 3
	case 98, 99:
		n := 0
		for f := range l.zones {
			all := true
			if card == 98 {
				for _, q := range a.quarters {
					for _, id := range q.energies {
						all = all && (int(q.floor) != f || sh.circ.has(id))
					}
				}
			} else {
				for _, id := range a.floorsPW[f] {
					all = all && sh.circ.has(id)
				}
			}
			n += boolInt(all)
		}
		return n >= 2
	}
	return false
}

// missionMay: missions are asked in phase 5, after the propagations.
func (a *a6Layout) missionMay(s *State, p int, card int) bool {
	return s.phase == phIncident && a.missionMet(s, p, card)
}

func (a *a6Layout) reward(*State, int, int8) {}
func (a *a6Layout) ends(*State, int) bool    { return false }

func (a *a6Layout) scoreLines(s *State, p int) []scoreLine { return a.lines(s, p, nil) }

// lines appends p's score lines to dst (score passes a buffer on its stack:
// the observation's lookahead scores every move).
func (a *a6Layout) lines(s *State, p int, dst []scoreLine) []scoreLine {
	sh := &s.sh[p]
	quarters, inf := 0, 0
	for q := range a.quarters {
		quarters += a.quarterScore(sh, q)
	}
	for sp := int8(0); int(sp) < s.lay().nSpaces; sp++ {
		inf += boolInt(a.infected(sh, sp))
	}
	return append(dst, scoreLine{"plants", a.trackValue(sh, 0)}, scoreLine{"water", a.trackValue(sh, 1)},
		scoreLine{"quarters", quarters}, scoreLine{"infections", -inf}, scoreLine{"System Errors", -5 * s.errorsOn(sh)})
}

func (a *a6Layout) score(s *State, p int) int {
	var buf [16]scoreLine
	return sumLines(a.lines(s, p, buf[:0])) + missionPoints(&s.sh[p])
}

// check validates the marks of a decoded sheet: infected spaces hold an X;
// evacuation markers exactly on complete quarters; energies, plants,
// markers and tracks in order; one track symbol per plant / tank circled;
// row ends and bonuses exactly on complete rows; tanks only under a
// number; Wilds only from their markers; a crossed target only in a
// quarantined quarter; at most one grey virus, and a coloured target
// circled only once its activation symbol is crossed; one Planning marker
// per X that is not an infection.
func (a *a6Layout) check(s *State, sh *sheet) error {
	l := s.lay()
	xs := 0
	for sp := int8(0); int(sp) < l.nSpaces; sp++ {
		if a.infected(sh, sp) && sh.num[sp] != xMark {
			return fmt.Errorf("space %d infected but holds %s", sp+1, cell(sh.num[sp]))
		}
		xs += boolInt(sh.num[sp] == xMark && !a.infected(sh, sp))
	}
	plants, tanks, grey := 0, 0, 0
	for qi, q := range a.quarters {
		if sh.circ.has(q.evacuated) != a.complete(sh, qi) {
			return fmt.Errorf("quarter %s: evacuated %v, complete %v", q.name, sh.circ.has(q.evacuated), a.complete(sh, qi))
		}
		if !prefix(sh, q.energies, true) || !prefix(sh, q.plants, true) {
			return fmt.Errorf("quarter %s: energies or plants not in order", q.name)
		}
		for _, id := range q.plants {
			plants += boolInt(sh.circ.has(id))
		}
		if q.tank != 0 && sh.circ.has(q.tank) {
			tanks++
			if v := sh.num[q.tankSpace]; v == empty || v == xMark {
				return fmt.Errorf("tank of space %d circled without a number", q.tankSpace+1)
			}
		}
		if q.target == 0 {
			continue
		}
		if sh.cross.has(q.target) && !a.quarantined(sh, qi) {
			return fmt.Errorf("target of %s crossed but not quarantined", q.name)
		}
		if q.virus == 0 && sh.circ.has(q.target) {
			grey++
		}
	}
	if grey > 1 {
		return errors.New("more than one grey virus")
	}
	for _, sym := range a.specials {
		if sym.virus >= 0 && sh.circ.has(a.quarters[sym.virus].target) && !sh.cross.has(sym.symbol) {
			return fmt.Errorf("virus of %s active before its activation", a.quarters[sym.virus].name)
		}
	}
	for k, m := range a.mission {
		if sh.circ.has(a.quarters[m.virus].target) && !sh.cross.has(m.symbol) {
			return fmt.Errorf("virus of mission %c active before its activation", 'A'+k)
		}
	}
	for k, want := range [2]int{plants, tanks} {
		t := &a.tracks[k]
		if !prefix(sh, t.order, false) || countCrossed(sh, t.order) != min(want, len(t.order)) {
			return fmt.Errorf("track %d: %d symbols crossed for %d circled", k, countCrossed(sh, t.order), want)
		}
		for _, row := range t.rows {
			done := countCrossed(sh, row.symbols) == len(row.symbols)
			if sh.cross.has(row.end) != done || sh.cross.has(row.bonus) != done {
				return fmt.Errorf("track %d: row end %d", k, row.end)
			}
		}
	}
	if !prefix(sh, a.astro, false) || !prefix(sh, a.plan, false) {
		return errors.New("markers not in order")
	}
	if err := a.wilds.check(sh); err != nil {
		return err
	}
	for _, w := range l.wildIDs {
		if sh.cross.has(w) && !sh.circ.has(w) {
			return fmt.Errorf("wild %d used but not earned", w)
		}
	}
	if n := countCrossed(sh, a.plan); n != min(xs, len(a.plan)) {
		return fmt.Errorf("%d Planning markers for %d X", n, xs)
	}
	return nil
}

// draw renders the floors (quarters separated by |, infected spaces #,
// tanks ~), each quarter's state, the walkways, tracks and markers.
func (a *a6Layout) draw(s *State, sh *sheet) string {
	l := s.lay()
	var b strings.Builder
	for f := range l.zones {
		fmt.Fprintf(&b, "  F%d ", f+1)
		for qi, q := range a.quarters {
			if int(q.floor) != f {
				continue
			}
			fmt.Fprintf(&b, "| %s ", q.name)
			for _, sp := range q.spaces {
				c := cell(sh.num[sp])
				if a.infected(sh, sp) {
					c = "#"
				}
				if q.tankSpace == sp {
					c += map[bool]string{true: "w", false: "~"}[sh.circ.has(q.tank)]
				}
				fmt.Fprintf(&b, "%-4s", c)
			}
			virus := ""
			if q.target != 0 {
				switch {
				case sh.circ.has(q.target) && sh.cross.has(q.target):
					virus = " " + a6Viruses[q.virus] + "!q"
				case sh.circ.has(q.target):
					virus = " " + a6Viruses[q.virus] + "!"
				case sh.cross.has(q.target):
					virus = " (" + a6Viruses[q.virus] + " q)"
				case q.virus > 0:
					virus = " (" + a6Viruses[q.virus] + ")"
				}
			}
			fmt.Fprintf(&b, "E%d P%d/%d%s%s ", 1+countCircled(sh, q.energies), countCircled(sh, q.plants), len(q.plants), virus,
				map[bool]string{true: " evac " + itoa(a.quarterScore(sh, qi)), false: ""}[sh.circ.has(q.evacuated)])
		}
		b.WriteString("\n")
	}
	b.WriteString("  (# infected, ~ tank, w circled; E energies x, P plants; virus! active, q quarantined)\n  walkways open:")
	for _, w := range a.walks {
		if !sh.cross.has(w.id) {
			fmt.Fprintf(&b, " Q%d-Q%d", w.a, w.b)
		}
	}
	fmt.Fprintf(&b, "\n  plants %d/%d (%d pts)  water %d/%d (%d pts)  astronauts %d/%d  planning %d/%d  wild actions %d\n",
		countCrossed(sh, a.tracks[0].order), len(a.tracks[0].order), a.trackValue(sh, 0),
		countCrossed(sh, a.tracks[1].order), len(a.tracks[1].order), a.trackValue(sh, 1),
		countCrossed(sh, a.astro), len(a.astro), countCrossed(sh, a.plan), len(a.plan), countWild(sh, l.wildIDs))
	return b.String()
}

func countCircled(sh *sheet, ids []int16) int {
	n := 0
	for _, id := range ids {
		n += boolInt(sh.circ.has(id))
	}
	return n
}

func countWild(sh *sheet, ids []int16) int {
	n := 0
	for _, id := range ids {
		n += boolInt(sh.circ.has(id) && !sh.cross.has(id))
	}
	return n
}

// decidesIncidents: the propagations of phase 5 are decisions.
func (a *a6Layout) decidesIncidents() bool { return true }

// checkSoloBonus: a Solo bonus per virus the player activated, propagation
// symbol it triggered and propagation of its System Errors: at most the
// symbols and error boxes crossed.
func (a *a6Layout) checkSoloBonus(s *State, bonus int8) error {
	l := s.lay()
	n := countCrossed(&s.sh[0], l.errIDs[1:])
	for _, sym := range a.specials {
		n += boolInt(s.sh[0].cross.has(sym.symbol))
	}
	for _, m := range a.mission {
		n += boolInt(s.sh[0].cross.has(m.symbol))
	}
	if int(bonus) > min(l.solo.bonusBoxes, n) {
		return states.Bad("ASTRA Solo bonus %d for %d triggers", bonus, n)
	}
	return nil
}
