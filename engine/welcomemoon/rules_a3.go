package welcomemoon

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Adventure 3, The Colony (adventure-3.md): a 6x6 grid where every building
// is in a row and a column zone; quarters race for 15 points; greenhouses,
// water tanks, a tunnel network from the rocket that circles antennas;
// Energy upgrades three scoring tracks; Planning costs points.

type rawA3 struct {
	Grid     [][]string  `json:"grid"`
	Prebuilt [][2]string `json:"prebuilt"`
	Tunnels  []struct {
		ID int    `json:"id"`
		A  string `json:"a"`
		B  string `json:"b"`
	} `json:"tunnels"`
	Quarters []struct {
		Name        string  `json:"name"`
		Spaces      []int   `json:"spaces"`
		Greenhouses [][]int `json:"greenhouses"`
		High        [2]int  `json:"high"`
		Low         [2]int  `json:"low"`
	} `json:"quarters"`
	Tanks []struct {
		Space int `json:"space"`
		ID    int `json:"id"`
	} `json:"tanks"`
	Antennas []struct {
		Node string `json:"node"`
		ID   int    `json:"id"`
	} `json:"antennas"`
	Tracks []struct {
		Name   string `json:"name"`
		Boxes  []int  `json:"boxes"`
		Values []int  `json:"values"`
	} `json:"tracks"`
	AstronautMarkers []int `json:"astronaut_markers"`
	PlanningBoxes    []int `json:"planning_boxes"`
	PlanningPenalty  []int `json:"planning_penalty"`
	AstronautRanks   []int `json:"astronaut_ranks"`
}

// Grid nodes: buildings are their space index 0..nSpaces-1; then these.
const (
	nodeRocket = maxSpaces + iota
	nodeObs
	nodeXA
	nodeXB
	numNodes
)

type a3Quarter struct {
	name        string
	spaces      []int8
	greenhouses [][]int16
	high, low   int16
	highV, lowV int
}

type a3Track struct {
	name   string
	boxes  []int16
	values []int
}

type a3Layout struct {
	baseRules
	grid      [][]string
	prebuilt  [][2]int8
	tunnels   [][2]int8
	tunnelID  []int16
	quarters  []a3Quarter
	quarterOf [maxSpaces]int8
	tankAt    [maxSpaces]int16
	tanks     []int16
	antennaAt [numNodes][]int16
	antennas  []int16
	tracks    []a3Track
	astro     []int16
	plan      []int16
	penalty   []int
	ranks     []int
	rows      []int // zone indexes of rows / columns (by zone name R*/C*)
	cols      []int
}

func parseNode(l *layout, n string) (int8, error) {
	switch n {
	case "ROCKET":
		return nodeRocket, nil
	case "OBS":
		return nodeObs, nil
	case "XA":
		return nodeXA, nil
	case "XB":
		return nodeXB, nil
	}
	v, err := strconv.Atoi(n)
	if err != nil {
		return 0, fmt.Errorf("grid node %q", n)
	}
	return checkSpace(l, v)
}

func compileA3(l *layout, r *rawA3) (*a3Layout, error) {
	a := &a3Layout{grid: r.Grid, penalty: r.PlanningPenalty, ranks: r.AstronautRanks}
	for i := range a.quarterOf {
		a.quarterOf[i] = -1
	}
	for _, row := range r.Grid {
		for _, n := range row {
			if _, err := parseNode(l, n); err != nil {
				return nil, err
			}
		}
	}
	for _, pb := range r.Prebuilt {
		x, err1 := parseNode(l, pb[0])
		y, err2 := parseNode(l, pb[1])
		if err := errors.Join(err1, err2); err != nil {
			return nil, err
		}
		a.prebuilt = append(a.prebuilt, [2]int8{x, y})
	}
	if len(r.Tunnels) > numTarget {
		return nil, errors.New("too many tunnels")
	}
	for _, t := range r.Tunnels {
		x, err1 := parseNode(l, t.A)
		y, err2 := parseNode(l, t.B)
		id, err3 := l.reg(t.ID)
		if err := errors.Join(err1, err2, err3); err != nil {
			return nil, err
		}
		a.tunnels = append(a.tunnels, [2]int8{x, y})
		a.tunnelID = append(a.tunnelID, id)
	}
	for qi, rq := range r.Quarters {
		q := a3Quarter{name: rq.Name, highV: rq.High[1], lowV: rq.Low[1]}
		for _, id := range rq.Spaces {
			sp, err := checkSpace(l, id)
			if err != nil {
				return nil, err
			}
			q.spaces = append(q.spaces, sp)
			a.quarterOf[sp] = int8(qi)
		}
		for _, g := range rq.Greenhouses {
			ids, err := regAll(l, g)
			if err != nil {
				return nil, err
			}
			q.greenhouses = append(q.greenhouses, ids)
		}
		var err1, err2 error
		q.high, err1 = l.reg(rq.High[0])
		q.low, err2 = l.reg(rq.Low[0])
		if err := errors.Join(err1, err2); err != nil {
			return nil, err
		}
		a.quarters = append(a.quarters, q)
		l.races = append(l.races, q.high)
		l.astraBoxes = append(l.astraBoxes, q.high)
	}
	for sp := 0; sp < l.nSpaces; sp++ {
		if a.quarterOf[sp] < 0 {
			return nil, fmt.Errorf("building %d in no quarter", sp+1)
		}
	}
	l.astraCards = 3
	for _, t := range r.Tanks {
		sp, id, err := l.spaceMark(t.Space, t.ID)
		if err != nil {
			return nil, err
		}
		a.tankAt[sp] = id
		a.tanks = append(a.tanks, id)
	}
	for _, an := range r.Antennas {
		n, err := parseNode(l, an.Node)
		if err != nil {
			return nil, err
		}
		id, err := l.reg(an.ID)
		if err != nil {
			return nil, err
		}
		a.antennaAt[n] = append(a.antennaAt[n], id)
		a.antennas = append(a.antennas, id)
	}
	if len(r.Tracks) == 0 || len(r.Tracks) > numTarget {
		return nil, errors.New("bad energy tracks")
	}
	for _, t := range r.Tracks {
		ids, err := regAll(l, t.Boxes)
		if err != nil {
			return nil, err
		}
		if len(t.Values) != len(ids)+1 {
			return nil, fmt.Errorf("track %s: %d values for %d boxes", t.Name, len(t.Values), len(ids))
		}
		a.tracks = append(a.tracks, a3Track{t.Name, ids, t.Values})
	}
	var err error
	if a.astro, err = regAll(l, r.AstronautMarkers); err != nil {
		return nil, err
	}
	if a.plan, err = regAll(l, r.PlanningBoxes); err != nil {
		return nil, err
	}
	if len(a.penalty) != len(a.plan)+1 || len(a.tracks) < 3 {
		return nil, errors.New("planning penalty needs one value per box and one more")
	}
	for zi, z := range l.zones {
		switch {
		case strings.HasPrefix(z.name, "R"):
			a.rows = append(a.rows, zi)
		case strings.HasPrefix(z.name, "C"):
			a.cols = append(a.cols, zi)
		}
	}
	return a, nil
}

// connected lists the grid nodes reachable from the rocket (bit per node).
func (a *a3Layout) connected(sh *sheet) uint128 {
	var c uint128
	c.set(nodeRocket)
	for changed := true; changed; {
		changed = false
		link := func(x, y int8) {
			if c.has(x) != c.has(y) {
				c.set(x)
				c.set(y)
				changed = true
			}
		}
		for _, pb := range a.prebuilt {
			link(pb[0], pb[1])
		}
		for i, t := range a.tunnels {
			if sh.cross.has(a.tunnelID[i]) {
				link(t[0], t[1])
			}
		}
	}
	return c
}

// uint128 is a small bit set of grid nodes.
type uint128 [2]uint64

func (u *uint128) set(i int8)      { u[i>>6] |= 1 << (i & 63) }
func (u *uint128) has(i int8) bool { return u[i>>6]&(1<<(i&63)) != 0 }

// antennas circles every antenna of a filled, connected building (and the
// observatory's once it is connected).
func (a *a3Layout) circleAntennas(s *State, sh *sheet) {
	c := a.connected(sh)
	for n := int8(0); n < numNodes; n++ {
		if len(a.antennaAt[n]) == 0 || !c.has(n) || (n < maxSpaces && sh.num[n] == empty) {
			continue
		}
		for _, id := range a.antennaAt[n] {
			sh.circ.set(id)
		}
	}
}

func (a *a3Layout) quarterFull(sh *sheet, q int) bool {
	for _, sp := range a.quarters[q].spaces {
		if sh.num[sp] == empty {
			return false
		}
	}
	return true
}

func (a *a3Layout) onFilled(s *State, p int, sp int8) {
	sh := &s.sh[p]
	a.circleAntennas(s, sh)
	q := int(a.quarterOf[sp])
	if a.quarterFull(sh, q) && !s.circleRace(p, a.quarters[q].high) {
		sh.circ.set(a.quarters[q].low)
	}
}

func (a *a3Layout) action(s *State, p int) {
	sh := &s.sh[p]
	switch s.ctx.act {
	case actWater:
		if id := a.tankAt[s.ctx.space]; id != 0 {
			sh.circ.set(id)
		}
	case actPlant:
		for _, g := range a.quarters[a.quarterOf[s.ctx.space]].greenhouses {
			if !sh.circ.has(g[0]) {
				for _, id := range g {
					sh.circ.set(id)
				}
				break
			}
		}
	case actRobot:
		s.push(effTunnel, 0)
	case actEnergy:
		s.push(effTrack, 0)
	case actAstronaut:
		crossNext(sh, a.astro)
	case actPlanning:
		s.push(effPlanX, 0)
	}
}

func (a *a3Layout) finish(*State, int)  {}
func (a *a3Layout) onError(*State, int) {}
func (a *a3Layout) phase5(*State)       {}

func (a *a3Layout) target(s *State, p int, e effect, t int) bool {
	sh := &s.sh[p]
	switch e.kind {
	case effTunnel:
		if t >= len(a.tunnels) || sh.cross.has(a.tunnelID[t]) {
			return false
		}
		c := a.connected(sh)
		return c.has(a.tunnels[t][0]) || c.has(a.tunnels[t][1])
	case effTrack:
		return t < len(a.tracks) && !sh.cross.has(a.tracks[t].boxes[len(a.tracks[t].boxes)-1])
	}
	return false
}

func (a *a3Layout) apply(s *State, p int, e effect, t int) {
	sh := &s.sh[p]
	switch e.kind {
	case effPlanX:
		crossNext(sh, a.plan)
	case effTunnel:
		sh.cross.set(a.tunnelID[t])
		a.circleAntennas(s, sh)
	case effTrack:
		crossNext(sh, a.tracks[t].boxes)
	}
}

func nodeName(n int8) string {
	switch n {
	case nodeRocket:
		return "R"
	case nodeObs:
		return "OBS"
	case nodeXA, nodeXB:
		return "X" + strconv.Itoa(int(n-nodeXA)+1)
	}
	return strconv.Itoa(int(n) + 1)
}

func (a *a3Layout) targetName(s *State, e effect, t int) string {
	switch e.kind {
	case effTunnel:
		if t < len(a.tunnels) {
			return "tunnel-" + nodeName(a.tunnels[t][0]) + "-" + nodeName(a.tunnels[t][1])
		}
	case effTrack:
		if t < len(a.tracks) {
			return "upgrade-" + a.tracks[t].name
		}
	}
	return ""
}

func (a *a3Layout) zoneFull(l *layout, sh *sheet, zi int) bool {
	for _, sp := range l.zones[zi].spaces {
		if sh.num[sp] == empty {
			return false
		}
	}
	return true
}

func (a *a3Layout) allCircled(sh *sheet, ids []int16) bool {
	for _, id := range ids {
		if !sh.circ.has(id) {
			return false
		}
	}
	return true
}

// lineZones are the zones of missions 76 (columns) and 77 (rows).
func (a *a3Layout) lineZones(card int) []int {
	if card == 77 {
		return a.rows
	}
	return a.cols
}

func (a *a3Layout) missionMet(s *State, p int, card int) bool {
	l := s.lay()
	sh := &s.sh[p]
	switch card {
	case 76, 77:
		n := 0
		for _, zi := range a.lineZones(card) {
			n += boolInt(a.zoneFull(l, sh, zi))
		}
		return n >= 3
	case 78:
		c := a.connected(sh)
		return c.has(nodeObs)
	case 79, 81:
		n := 0
		for qi := range a.quarters {
			all, some := true, false
			for _, sp := range a.quarters[qi].spaces {
				ids := a.antennaAt[sp]
				if card == 81 {
					ids = nil
					if a.tankAt[sp] != 0 {
						ids = []int16{a.tankAt[sp]}
					}
				}
				some = some || len(ids) > 0
				all = all && a.allCircled(sh, ids)
			}
			if card == 79 && qi == a.obsQuarter() {
				some = true
				all = all && a.allCircled(sh, a.antennaAt[nodeObs])
			}
			n += boolInt(all && some)
		}
		return n >= 2
	case 80:
		return a.plants(sh) >= 10
	}
	return false
}

// obsQuarter is the quarter of the observatory: the quarter of the
// building below it in the grid (top-right).
func (a *a3Layout) obsQuarter() int {
	for qi := range a.quarters {
		if a.quarters[qi].name == "TR" {
			return qi
		}
	}
	return -1
}

func (a *a3Layout) plants(sh *sheet) int {
	n := 0
	for qi := range a.quarters {
		for _, g := range a.quarters[qi].greenhouses {
			for _, id := range g {
				n += boolInt(sh.circ.has(id))
			}
		}
	}
	return n
}

// missionMay: nothing after a player's own effects changes a mission of
// this adventure, so a mission may hold at the end of the turn only if it
// holds now.
func (a *a3Layout) missionMay(s *State, p int, card int) bool { return a.missionMet(s, p, card) }

func (a *a3Layout) reward(*State, int, int8) {}
func (a *a3Layout) ends(*State, int) bool    { return false }

// mult is the lowest visible value of a track: the value after the last
// crossed box (adventure-3.md 6 and 11).
func (a *a3Layout) mult(sh *sheet, t int) int {
	return a.tracks[t].values[countCrossed(sh, a.tracks[t].boxes)]
}

func (a *a3Layout) astroRank(s *State, p int) int { return s.markerRank(p, a.astro, a.ranks) }

// markerRank is p's reward for the most crossed markers ids (A3, A5
// astronauts): dense ranking of the players with at least one (deck.md
// 4.11); solo, first place when p has at least ASTRA's Astronaut cards.
func (s *State) markerRank(p int, ids []int16, rewards []int) int {
	mine := countCrossed(&s.sh[p], ids)
	if mine == 0 {
		return 0
	}
	if s.g.solo() {
		if mine >= int(s.astra.cards[actAstronaut]) {
			return rewards[0]
		}
		return rewards[1]
	}
	var counts [maxPlayers]int
	for q := range s.g.players {
		counts[q] = countCrossed(s.view(p, q), ids)
	}
	return denseRank(counts[:s.g.players], mine, rewards)
}

func (a *a3Layout) scoreLines(s *State, p int) []scoreLine { return a.lines(s, p, nil) }

// lines appends p's score lines to dst (score sums them in a buffer on the
// stack: the solo lookahead of Observe reads scores and must not allocate).
func (a *a3Layout) lines(s *State, p int, dst []scoreLine) []scoreLine {
	sh := &s.sh[p]
	water, ant, quarters := 0, 0, 0
	for _, id := range a.tanks {
		water += boolInt(sh.circ.has(id))
	}
	for _, id := range a.antennas {
		ant += boolInt(sh.circ.has(id))
	}
	for i := range a.quarters {
		q := &a.quarters[i]
		if sh.circ.has(q.high) {
			quarters += q.highV
		} else if sh.circ.has(q.low) {
			quarters += q.lowV
		}
	}
	return append(dst, scoreLine{"plants", a.plants(sh) * a.mult(sh, 0)}, scoreLine{"water", water * a.mult(sh, 1)},
		scoreLine{"antennas", ant * a.mult(sh, 2)}, scoreLine{"quarters", quarters}, scoreLine{"astronauts", a.astroRank(s, p)},
		scoreLine{"planning", -a.penalty[countCrossed(sh, a.plan)]}, scoreLine{"System Errors", -5 * s.errorsOn(sh)})
}

func (a *a3Layout) score(s *State, p int) int {
	var buf [16]scoreLine
	return sumLines(a.lines(s, p, buf[:0])) + missionPoints(&s.sh[p])
}

func (a *a3Layout) check(s *State, sh *sheet) error {
	if !prefix(sh, a.astro, false) || !prefix(sh, a.plan, false) {
		return errors.New("markers not in order")
	}
	for _, t := range a.tracks {
		if !prefix(sh, t.boxes, false) {
			return fmt.Errorf("track %s not in order", t.name)
		}
	}
	l := s.lay()
	if n, x := countCrossed(sh, a.plan), countX(sh, l.nSpaces); n != min(x, len(a.plan)) {
		return fmt.Errorf("%d planning boxes for %d X", n, x)
	}
	for sp := int8(0); int(sp) < l.nSpaces; sp++ {
		if id := a.tankAt[sp]; id != 0 && sh.circ.has(id) && (sh.num[sp] == empty || sh.num[sp] == xMark) {
			return fmt.Errorf("tank %d circled without a number on building %d", id, sp+1)
		}
	}
	c := a.connected(sh)
	for n := int8(0); n < numNodes; n++ {
		on := c.has(n) && (n >= maxSpaces || sh.num[n] != empty)
		for _, id := range a.antennaAt[n] {
			if sh.circ.has(id) != on {
				return fmt.Errorf("antenna %d circled %v, but its building is filled and connected: %v", id, sh.circ.has(id), on)
			}
		}
	}
	for i, t := range a.tunnels {
		if sh.cross.has(a.tunnelID[i]) && !c.has(t[0]) {
			return fmt.Errorf("tunnel %d not connected to the rocket", a.tunnelID[i])
		}
	}
	for i := range a.quarters {
		q := &a.quarters[i]
		full := a.quarterFull(sh, i)
		if (sh.circ.has(q.high) || sh.circ.has(q.low)) != full || (sh.circ.has(q.low) && !sh.cross.has(q.high)) {
			return fmt.Errorf("quarter %s bonus", q.name)
		}
		prev := true
		for _, g := range q.greenhouses {
			for _, id := range g {
				if sh.circ.has(id) != sh.circ.has(g[0]) || (sh.circ.has(id) && !prev) {
					return fmt.Errorf("quarter %s greenhouses not in order", q.name)
				}
			}
			prev = sh.circ.has(g[0])
		}
	}
	return nil
}

// a3Cell is what building n holds: its number (or its name), tank and
// antennas.
func (a *a3Layout) a3Cell(sh *sheet, n int8) string {
	var v string
	switch {
	case n >= maxSpaces:
		v = nodeLabel(n)
	case a.tankAt[n] != 0:
		v = cell(sh.num[n]) + map[bool]string{true: "w", false: "~"}[sh.circ.has(a.tankAt[n])]
	default:
		v = cell(sh.num[n])
	}
	for _, id := range a.antennaAt[n] {
		v += map[bool]string{true: "A", false: "^"}[sh.circ.has(id)]
	}
	return v
}

// nodeLabel names a grid node that is not a building space.
func nodeLabel(n int8) string {
	switch n {
	case nodeRocket:
		return "ROCKET"
	case nodeObs:
		return "OBS"
	}
	return "X"
}

// tunnelBuilt says whether the tunnel between grid nodes x and y is built
// (or pre-built).
func (a *a3Layout) tunnelBuilt(sh *sheet, x, y int8) bool {
	for _, t := range a.prebuilt {
		if t == [2]int8{x, y} || t == [2]int8{y, x} {
			return true
		}
	}
	for i, t := range a.tunnels {
		if (t == [2]int8{x, y} || t == [2]int8{y, x}) && sh.cross.has(a.tunnelID[i]) {
			return true
		}
	}
	return false
}

func (a *a3Layout) draw(s *State, sh *sheet) string {
	var b strings.Builder
	c := a.connected(sh)
	grid := make([][]int8, len(a.grid))
	for r, row := range a.grid {
		for _, name := range row {
			n, _ := parseNode(s.lay(), name)
			grid[r] = append(grid[r], n)
		}
	}
	const width = 7 // "*ROCKET", "*12~^A"
	for r, row := range grid {
		b.WriteString(" ")
		for col, n := range row {
			v := a.a3Cell(sh, n)
			if c.has(n) {
				v = "*" + v
			}
			tunnel := "  "
			if col+1 < len(row) && a.tunnelBuilt(sh, n, row[col+1]) {
				tunnel = "=="
			}
			fmt.Fprintf(&b, " %-*s%s", width, v, tunnel)
		}
		b.WriteString(" | buildings")
		for _, name := range a.grid[r] {
			if name == "ROCKET" {
				name = "RKT"
			}
			fmt.Fprintf(&b, " %-3s", name)
		}
		trimSpaces(&b)
		b.WriteString("\n")
		if r+1 < len(grid) {
			line := " "
			for col, n := range row {
				v := ""
				if col < len(grid[r+1]) && a.tunnelBuilt(sh, n, grid[r+1][col]) {
					v = "||"
				}
				line += fmt.Sprintf("  %-*s", width+1, v)
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
	}
	b.WriteString("  (* connected to the rocket, == || tunnels built, ~ tank, w circled tank, ^ antenna,\n" +
		"   A circled antenna, RKT the rocket)\n  quarters (complete: 15 points, or 5 once another player has the 15):\n   ")
	for i := range a.quarters {
		q := &a.quarters[i]
		st := ""
		switch {
		case sh.circ.has(q.high):
			st = fmt.Sprintf(" won %d,", q.highV)
		case sh.circ.has(q.low):
			st = fmt.Sprintf(" won %d,", q.lowV)
		case sh.cross.has(q.high):
			st = fmt.Sprintf(" %d taken,", q.highV)
		}
		g := 0
		for _, gh := range q.greenhouses {
			g += boolInt(sh.circ.has(gh[0]))
		}
		fmt.Fprintf(&b, " %s%s greenhouses %d/4;", q.name, st, g)
	}
	b.WriteString("\n  multipliers:")
	for t := range a.tracks {
		fmt.Fprintf(&b, " %s x%d", a.tracks[t].name, a.mult(sh, t))
	}
	fmt.Fprintf(&b, "  tunnels %d  astronauts %d  planning %d (-%d)\n", countCrossed(sh, a.tunnelID), countCrossed(sh, a.astro),
		countCrossed(sh, a.plan), a.penalty[countCrossed(sh, a.plan)])
	return b.String()
}

// trimSpaces drops the spaces at the end of b.
func trimSpaces(b *strings.Builder) {
	t := strings.TrimRight(b.String(), " ")
	b.Reset()
	b.WriteString(t)
}
