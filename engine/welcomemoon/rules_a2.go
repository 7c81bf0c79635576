package welcomemoon

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Adventure 2, The Journey (adventure-2.md): one trajectory that Energy
// splits with walls into zones; water tanks; four space stations with
// robots (race for the high multiplier) and plants; Astronaut and Planning
// markers that give Wild actions.

type rawA2 struct {
	Tanks []struct {
		Space int `json:"space"`
		ID    int `json:"id"`
		Value int `json:"value"`
	} `json:"tanks"`
	Stations []struct {
		Name   string `json:"name"`
		Space  int    `json:"space"`
		Plants []int  `json:"plants"`
		Robots []int  `json:"robots"`
		High   [2]int `json:"high"`
		Low    [2]int `json:"low"`
	} `json:"stations"`
	Energy           []int    `json:"energy"`
	WallMarkers      []int    `json:"wall_markers"`
	AstronautMarkers []int    `json:"astronaut_markers"`
	AstronautWilds   [][2]int `json:"astronaut_wilds"`
	PlanningMarkers  []int    `json:"planning_markers"`
	PlanningWilds    [][2]int `json:"planning_wilds"`
	ErrorEnergy      []int    `json:"error_energy"`
	MaxWalls         int      `json:"max_walls"`
	ZoneRanks        []int    `json:"zone_ranks"`
}

type a2Station struct {
	name           string
	space          int8
	plants, robots []int16
	high, low      int16
	highV, lowV    int
}

type a2Layout struct {
	baseRules
	tankAt      [maxSpaces]int16 // tank id on a space, 0 none
	tankVal     [markBits]int8
	tanks       []int16 // in trajectory order
	stations    []a2Station
	energy      []int16 // energy[0] is circled at the start; pairs (2k, 2k+1)
	wallMarkers []int16
	astro, plan []int16
	wildOf      [markBits]int16 // marker -> Wild it circles
	wilds       []int16
	errEnergy   []int16
	maxWalls    int
	zoneRanks   []int
}

// spaceMark checks a space and registers the element id printed on it.
func (l *layout) spaceMark(space, id int) (int8, int16, error) {
	sp, err := checkSpace(l, space)
	if err != nil {
		return 0, 0, err
	}
	m, err := l.reg(id)
	return sp, m, err
}

func regAll(l *layout, ids []int) ([]int16, error) {
	out := make([]int16, 0, len(ids))
	for _, id := range ids {
		v, err := l.reg(id)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func compileA2(l *layout, r *rawA2) (*a2Layout, error) {
	a := &a2Layout{maxWalls: r.MaxWalls, zoneRanks: r.ZoneRanks}
	if l.wallBase == 0 {
		return nil, errors.New("adventure 2 needs walls")
	}
	for k := 1; k < l.nSpaces; k++ {
		l.known.set(int16(l.wallBase + k))
	}
	for _, t := range r.Tanks {
		sp, id, err := l.spaceMark(t.Space, t.ID)
		if err != nil {
			return nil, err
		}
		if t.Value < 0 || t.Value > 100 {
			return nil, fmt.Errorf("tank %d value %d", t.ID, t.Value)
		}
		a.tankAt[sp], a.tankVal[id] = id, int8(t.Value)
		a.tanks = append(a.tanks, id)
	}
	if len(r.Stations) == 0 || len(r.Stations) > numTarget {
		return nil, errors.New("bad stations")
	}
	for _, rs := range r.Stations {
		st := a2Station{name: rs.Name, highV: rs.High[1], lowV: rs.Low[1]}
		sp, err := checkSpace(l, rs.Space)
		if err != nil {
			return nil, err
		}
		st.space = sp
		if st.plants, err = regAll(l, rs.Plants); err != nil {
			return nil, err
		}
		if st.robots, err = regAll(l, rs.Robots); err != nil {
			return nil, err
		}
		if st.high, err = l.reg(rs.High[0]); err != nil {
			return nil, err
		}
		if st.low, err = l.reg(rs.Low[0]); err != nil {
			return nil, err
		}
		if len(st.robots) == 0 {
			return nil, fmt.Errorf("station %s has no robots", rs.Name)
		}
		a.stations = append(a.stations, st)
		l.races = append(l.races, st.high)
		l.astraBoxes = append(l.astraBoxes, st.high)
	}
	l.astraCards = 3 // cards A and B
	var err error
	if a.energy, err = regAll(l, r.Energy); err != nil {
		return nil, err
	}
	if a.wallMarkers, err = regAll(l, r.WallMarkers); err != nil {
		return nil, err
	}
	if len(a.energy) == 0 || len(a.energy)%2 != 0 || len(a.wallMarkers) != len(a.energy)/2 {
		return nil, errors.New("energy track must be pairs with one wall marker each")
	}
	if a.astro, err = regAll(l, r.AstronautMarkers); err != nil {
		return nil, err
	}
	if a.plan, err = regAll(l, r.PlanningMarkers); err != nil {
		return nil, err
	}
	for _, w := range append(append([][2]int{}, r.AstronautWilds...), r.PlanningWilds...) {
		m, err := l.reg(w[0])
		if err != nil {
			return nil, err
		}
		wild, err := l.reg(w[1])
		if err != nil {
			return nil, err
		}
		a.wildOf[m] = wild
		a.wilds = append(a.wilds, wild)
		l.wildIDs = append(l.wildIDs, wild)
	}
	if a.errEnergy, err = regAll(l, r.ErrorEnergy); err != nil {
		return nil, err
	}
	return a, nil
}

// zoneOf returns the bounds [lo, hi] of the zone holding space sp.
func (a *a2Layout) zoneOf(l *layout, sh *sheet, sp int8) (lo, hi int8) {
	lo, hi = sp, sp
	for lo > 0 && !sh.cross.has(int16(l.wallBase+int(lo))) {
		lo--
	}
	for int(hi) < l.nSpaces-1 && !sh.cross.has(int16(l.wallBase+int(hi)+1)) {
		hi++
	}
	return lo, hi
}

// completeZones lists the sizes of the complete zones (at most 36).
func (a *a2Layout) completeZones(l *layout, sh *sheet, dst []int8) []int8 {
	for lo := int8(0); int(lo) < l.nSpaces; {
		_, hi := a.zoneOf(l, sh, lo)
		full := true
		for sp := lo; sp <= hi; sp++ {
			full = full && sh.num[sp] != empty
		}
		if full {
			dst = append(dst, hi-lo+1)
		}
		lo = hi + 1
	}
	return dst
}

func (a *a2Layout) onFilled(*State, int, int8) {}

// energy circles the next energy symbol; closing a pair forces a wall.
func (a *a2Layout) energyAction(s *State, p int) {
	sh := &s.sh[p]
	for i, id := range a.energy {
		if sh.circ.has(id) {
			continue
		}
		sh.circ.set(id)
		if i%2 == 1 {
			sh.cross.set(a.wallMarkers[i/2])
			s.push(effWall, 0)
		}
		return
	}
}

func crossNext(sh *sheet, ids []int16) int16 {
	for _, id := range ids {
		if !sh.cross.has(id) {
			sh.cross.set(id)
			return id
		}
	}
	return 0
}

// marker crosses the next Astronaut or Planning marker and circles the
// Wild action it gives.
func (a *a2Layout) marker(sh *sheet, ids []int16) {
	if id := crossNext(sh, ids); id != 0 && a.wildOf[id] != 0 {
		sh.circ.set(a.wildOf[id])
	}
}

func (a *a2Layout) action(s *State, p int) {
	sh := &s.sh[p]
	switch s.ctx.act {
	case actEnergy:
		s.push(effEnergy, 0) // optional: an energy commits the player to a wall
	case actWater:
		if id := a.tankAt[s.ctx.space]; id != 0 {
			sh.circ.set(id)
		}
	case actRobot:
		s.push(effRobot, 0)
	case actPlant:
		s.push(effPlant, 0)
	case actAstronaut:
		a.marker(sh, a.astro)
	case actPlanning:
		s.push(effPlanX, 0)
	}
}

func (a *a2Layout) finish(*State, int) {}

func (a *a2Layout) onError(s *State, p int) {
	for _, id := range a.errEnergy {
		if s.sh[p].cross.has(id) && s.errorsUsed(p) == indexOf(s.lay().errIDs, id)+1 {
			a.energyAction(s, p)
		}
	}
}

func indexOf(ids []int16, id int16) int {
	for i, v := range ids {
		if v == id {
			return i
		}
	}
	return -1
}

func (a *a2Layout) phase5(*State) {}

func (a *a2Layout) walls(l *layout, sh *sheet) int {
	n := 0
	for k := 1; k < l.nSpaces; k++ {
		if sh.cross.has(int16(l.wallBase + k)) {
			n++
		}
	}
	return n
}

func (a *a2Layout) target(s *State, p int, e effect, t int) bool {
	l := s.lay()
	sh := &s.sh[p]
	switch e.kind {
	case effEnergy:
		return t == 0 && !sh.circ.has(a.energy[len(a.energy)-1])
	case effWall:
		return t < l.nSpaces-1 && !sh.cross.has(int16(l.wallBase+t+1)) && a.walls(l, sh) < a.maxWalls
	case effRobot:
		return t < len(a.stations) && !sh.cross.has(a.stations[t].robots[len(a.stations[t].robots)-1])
	case effPlant:
		if t >= len(a.stations) || s.ctx.space < 0 {
			return false
		}
		st := &a.stations[t]
		lo, hi := a.zoneOf(l, sh, s.ctx.space)
		return st.space >= lo && st.space <= hi && !sh.circ.has(st.plants[len(st.plants)-1])
	}
	return false
}

func (a *a2Layout) apply(s *State, p int, e effect, t int) {
	l := s.lay()
	sh := &s.sh[p]
	switch e.kind {
	case effPlanX:
		a.marker(sh, a.plan)
	case effEnergy:
		a.energyAction(s, p)
	case effWall:
		sh.cross.set(int16(l.wallBase + t + 1))
	case effRobot:
		st := &a.stations[t]
		crossNext(sh, st.robots)
		if sh.cross.has(st.robots[len(st.robots)-1]) && !s.circleRace(p, st.high) {
			sh.circ.set(st.low)
		}
	case effPlant:
		for _, id := range a.stations[t].plants {
			if !sh.circ.has(id) {
				sh.circ.set(id)
				break
			}
		}
	}
}

func (a *a2Layout) targetName(s *State, e effect, t int) string {
	switch e.kind {
	case effEnergy:
		return "circle-energy"
	case effWall:
		return fmt.Sprintf("wall-%d|%d", t+1, t+2)
	case effRobot:
		if t < len(a.stations) {
			return "robot-" + a.stations[t].name
		}
	case effPlant:
		if t < len(a.stations) {
			return "plant-" + a.stations[t].name
		}
	}
	return ""
}

func (a *a2Layout) missionMet(s *State, p int, card int) bool {
	l := s.lay()
	sh := &s.sh[p]
	switch card {
	case 70, 71:
		n := 0
		for i := range a.stations {
			st := &a.stations[i]
			if (card == 70 && (sh.circ.has(st.high) || sh.circ.has(st.low))) ||
				(card == 71 && sh.circ.has(st.plants[len(st.plants)-1])) {
				n++
			}
		}
		return n >= 2+boolInt(card == 70)
	case 72, 73:
		var buf [maxSpaces]int8
		var by [maxSpaces + 1]int
		for _, z := range a.completeZones(l, sh, buf[:0]) {
			by[z]++
		}
		if card == 72 {
			return by[6] >= 2
		}
		return by[6] >= 1 && by[4] >= 1 && by[2] >= 1
	case 74:
		n := 0
		for _, id := range a.tanks {
			n += boolInt(sh.circ.has(id))
		}
		return n >= 6
	case 75:
		run := 0
		for _, id := range a.tanks {
			if sh.circ.has(id) {
				run++
				if run >= 4 {
					return true
				}
			} else {
				run = 0
			}
		}
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// missionMay: nothing after a player's own effects changes a mission of
// this adventure, so a mission may hold at the end of the turn only if it
// holds now.
func (a *a2Layout) missionMay(s *State, p int, card int) bool { return a.missionMet(s, p, card) }

func (a *a2Layout) reward(*State, int, int8) {}

func (a *a2Layout) ends(*State, int) bool { return false }

// zoneRank is p's place by number of complete zones (dense ranking of the
// players with at least one; solo against ASTRA's count).
func (a *a2Layout) zoneRank(s *State, p int) int {
	l := s.lay()
	var buf [maxSpaces]int8
	mine := len(a.completeZones(l, &s.sh[p], buf[:0]))
	if mine == 0 {
		return 0
	}
	if s.g.solo() {
		if mine >= int(s.astra.cards[actEnergy])/2 {
			return a.zoneRanks[0]
		}
		return a.zoneRanks[1]
	}
	var counts [maxPlayers]int
	for q := range s.g.players {
		counts[q] = len(a.completeZones(l, s.view(p, q), buf[:0]))
	}
	return denseRank(counts[:s.g.players], mine, a.zoneRanks)
}

// denseRank gives the reward of count mine among counts (deck.md 4.11):
// players with at least 1 are ranked, ties share a rank, no rank skipped.
func denseRank(counts []int, mine int, rewards []int) int {
	rank := 0
	for v := 100; v > mine; v-- {
		for _, c := range counts {
			if c == v {
				rank++
				break
			}
		}
	}
	if mine < 1 || rank >= len(rewards) {
		return 0
	}
	return rewards[rank]
}

func (a *a2Layout) scoreLines(s *State, p int) []scoreLine { return a.lines(s, p, nil) }

// lines appends p's score lines to dst (score sums them in a buffer on the
// stack: the solo lookahead of Observe reads scores and must not allocate).
func (a *a2Layout) lines(s *State, p int, dst []scoreLine) []scoreLine {
	l := s.lay()
	sh := &s.sh[p]
	plants, water := 0, 0
	for i := range a.stations {
		st := &a.stations[i]
		mult := 0
		if sh.circ.has(st.high) {
			mult = st.highV
		} else if sh.circ.has(st.low) {
			mult = st.lowV
		}
		n := 0
		for _, id := range st.plants {
			n += boolInt(sh.circ.has(id))
		}
		plants += mult * n
	}
	for _, id := range a.tanks {
		if sh.circ.has(id) {
			water += int(a.tankVal[id])
		}
	}
	var buf [maxSpaces]int8
	longest := 0
	for _, z := range a.completeZones(l, sh, buf[:0]) {
		longest = max(longest, int(z))
	}
	return append(dst, scoreLine{"plants", plants}, scoreLine{"water", water}, scoreLine{"longest zone", longest},
		scoreLine{"most zones", a.zoneRank(s, p)}, scoreLine{"System Errors", -5 * s.errorsOn(sh)})
}

func (a *a2Layout) score(s *State, p int) int {
	var buf [16]scoreLine
	return sumLines(a.lines(s, p, buf[:0])) + missionPoints(&s.sh[p])
}

func sumLines(ls []scoreLine) int {
	n := 0
	for _, l := range ls {
		n += l.pts
	}
	return n
}

func missionPoints(sh *sheet) int { return int(sh.mval[0]) + int(sh.mval[1]) + int(sh.mval[2]) }

func prefix(sh *sheet, ids []int16, circled bool) bool {
	gap := false
	for _, id := range ids {
		on := sh.cross.has(id)
		if circled {
			on = sh.circ.has(id)
		}
		if on && gap {
			return false
		}
		gap = gap || !on
	}
	return true
}

func (a *a2Layout) check(s *State, sh *sheet) error {
	l := s.lay()
	if !prefix(sh, a.energy, true) || !sh.circ.has(a.energy[0]) || !prefix(sh, a.astro, false) || !prefix(sh, a.plan, false) {
		return errors.New("energy or markers not in order")
	}
	pairs := 0
	for i := 1; i < len(a.energy); i += 2 {
		pairs += boolInt(sh.circ.has(a.energy[i]))
		if sh.circ.has(a.energy[i]) != sh.cross.has(a.wallMarkers[i/2]) {
			return errors.New("wall marker does not match its energy pair")
		}
	}
	if w := a.walls(l, sh); w > pairs || w > a.maxWalls {
		return fmt.Errorf("%d walls for %d energy pairs", w, pairs)
	}
	for m, w := range a.wildOf {
		if w != 0 && sh.circ.has(w) != sh.cross.has(int16(m)) {
			return fmt.Errorf("Wild %d does not match marker %d", w, m)
		}
		if w != 0 && sh.cross.has(w) && !sh.circ.has(w) {
			return fmt.Errorf("Wild %d used but not circled", w)
		}
	}
	if n, x := countCrossed(sh, a.plan), countX(sh, l.nSpaces); n != min(x, len(a.plan)) {
		return fmt.Errorf("%d Planning markers for %d X", n, x)
	}
	for sp := int8(0); int(sp) < l.nSpaces; sp++ {
		if id := a.tankAt[sp]; id != 0 && sh.circ.has(id) && (sh.num[sp] == empty || sh.num[sp] == xMark) {
			return fmt.Errorf("tank %d circled without a number on space %d", id, sp+1)
		}
	}
	for i := range a.stations {
		st := &a.stations[i]
		if !prefix(sh, st.robots, false) || !prefix(sh, st.plants, true) {
			return fmt.Errorf("station %s robots or plants not in order", st.name)
		}
		done := sh.cross.has(st.robots[len(st.robots)-1])
		if (sh.circ.has(st.high) || sh.circ.has(st.low)) != done || (sh.circ.has(st.high) && sh.circ.has(st.low)) {
			return fmt.Errorf("station %s multiplier", st.name)
		}
		if sh.circ.has(st.low) && !sh.cross.has(st.high) {
			return fmt.Errorf("station %s low multiplier while the high one is open", st.name)
		}
	}
	return nil
}

func (a *a2Layout) draw(s *State, sh *sheet) string {
	l := s.lay()
	var b strings.Builder
	var ruler, tanks strings.Builder
	b.WriteString("  Earth>")
	ruler.WriteString("  space ")
	tanks.WriteString("  tank  ")
	for sp := int8(0); int(sp) < l.nSpaces; sp++ {
		if sp > 0 && sh.cross.has(int16(l.wallBase+int(sp))) {
			b.WriteString(" ||")
			ruler.WriteString("   ")
			tanks.WriteString("   ")
		}
		c := cell(sh.num[sp])
		if id := a.tankAt[sp]; id != 0 {
			if sh.circ.has(id) {
				c += "w"
			} else {
				c += "~"
			}
		}
		id, val := strconv.Itoa(int(sp)+1), ""
		if t := a.tankAt[sp]; t != 0 {
			val = strconv.Itoa(int(a.tankVal[t]))
		}
		w := max(len(c), len(id), len(val))
		fmt.Fprintf(&b, " %-*s", w, c)
		fmt.Fprintf(&ruler, " %-*s", w, id)
		fmt.Fprintf(&tanks, " %-*s", w, val)
	}
	b.WriteString(" >Moon\n" + ruler.String() + "\n" + strings.TrimRight(tanks.String(), " ") +
		"\n  (~ tank, w circled tank, || wall; tank: a circled tank's points)\n  stations (plants score the multiplier times the circled plants):")
	for i := range a.stations {
		st := &a.stations[i]
		mult := fmt.Sprintf("x%d or x%d", st.highV, st.lowV) // not won yet: x high first, x low once taken
		switch {
		case sh.circ.has(st.high):
			mult = fmt.Sprintf("x%d", st.highV)
		case sh.circ.has(st.low):
			mult = fmt.Sprintf("x%d", st.lowV)
		case sh.cross.has(st.high):
			mult = fmt.Sprintf("x%d to win (x%d taken)", st.lowV, st.highV)
		}
		r, pl := 0, 0
		for _, id := range st.robots {
			r += boolInt(sh.cross.has(id))
		}
		for _, id := range st.plants {
			pl += boolInt(sh.circ.has(id))
		}
		fmt.Fprintf(&b, "\n    %s at space %d: robots %d/%d, plants %d/%d, multiplier %s", st.name, st.space+1, r, len(st.robots), pl, len(st.plants), mult)
	}
	en, wild := 0, 0
	for _, id := range a.energy {
		en += boolInt(sh.circ.has(id))
	}
	for _, id := range a.wilds {
		wild += boolInt(sh.circ.has(id) && !sh.cross.has(id))
	}
	b.WriteString("\n    (a station's robots all crossed win its multiplier: the high one if nobody has it yet)")
	fmt.Fprintf(&b, "\n  energy %d/%d  walls %d  astronauts %d/%d  planning %d/%d  wild actions %d\n",
		en, len(a.energy), a.walls(l, sh), countCrossed(sh, a.astro), len(a.astro),
		countCrossed(sh, a.plan), len(a.plan), wild)
	return b.String()
}

func countCrossed(sh *sheet, ids []int16) int {
	n := 0
	for _, id := range ids {
		n += boolInt(sh.cross.has(id))
	}
	return n
}

// initSheet circles the first energy: it is circled at the start.
func (a *a2Layout) initSheet(sh *sheet) { sh.circ.set(a.energy[0]) }
