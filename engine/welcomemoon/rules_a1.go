package welcomemoon

import (
	"errors"
	"fmt"
	"strings"
)

// Adventure 1, The Launch (adventure-1.md): no card action has an effect,
// the action only says on which floor the number goes; completed quarters
// give rockets, activations, X and sabotages; the score is the rocket track.

type rawA1 struct {
	Quarters []struct {
		Name    string `json:"name"`
		Spaces  []int  `json:"spaces"`
		Bonuses []struct {
			Box   int    `json:"box"`
			Kind  string `json:"kind"`
			N     int    `json:"n"`
			Needs int    `json:"needs"`
		} `json:"bonuses"`
	} `json:"quarters"`
	Arrows []struct {
		ID      int    `json:"id"`
		Quarter string `json:"quarter"`
	} `json:"arrows"`
	Rows []struct {
		First int `json:"first"`
		Last  int `json:"last"`
		Box   int `json:"box"`
		Score int `json:"score"`
	} `json:"rows"`
	BonusRockets      []int `json:"bonus_rockets"`
	BonusRocketPoints int   `json:"bonus_rocket_points"`
	AstraTrack        struct {
		Boxes       int      `json:"boxes"`
		LevelLabels []int    `json:"level_labels"`
		Scores      [][2]int `json:"scores"`
	} `json:"astra_track"`
}

// Quarter bonus kinds.
const (
	bonRockets int8 = iota // R n (needs: only if that inactive rocket is active)
	bonAct                 // Rocket Activation
	bonX                   // Building: an X
	bonSab                 // Sabotage
)

type a1Bonus struct {
	box   int16
	kind  int8
	n     int8
	needs int16
}

type a1Quarter struct {
	name    string
	spaces  []int8
	bonuses []a1Bonus
}

type a1Row struct {
	first, last, box int16
	score            int
}

type a1Layout struct {
	baseRules
	quarters     []a1Quarter
	quarterOf    [maxSpaces]int8
	arrows       []int16 // inactive rockets
	arrowQuarter []int8
	rows         []a1Row
	mainFirst    int16
	mainLast     int16
	bonusRockets []int16
	bonusPts     int
	sabotages    []int16
	astraBoxes   int
	astraLabels  []int
	astraScores  [][2]int
}

func (l *layout) reg(id int) (int16, error) {
	if err := checkID(id); err != nil {
		return 0, err
	}
	l.known.set(int16(id))
	return int16(id), nil
}

func compileA1(l *layout, r *rawA1) (*a1Layout, error) {
	a := &a1Layout{}
	for i := range a.quarterOf {
		a.quarterOf[i] = -1
	}
	byName := map[string]int8{}
	for qi, rq := range r.Quarters {
		q := a1Quarter{name: rq.Name}
		byName[rq.Name] = int8(qi)
		for _, id := range rq.Spaces {
			sp, err := checkSpace(l, id)
			if err != nil {
				return nil, fmt.Errorf("quarter %s: %w", rq.Name, err)
			}
			if a.quarterOf[sp] >= 0 {
				return nil, fmt.Errorf("space %d in two quarters", id)
			}
			a.quarterOf[sp] = int8(qi)
			q.spaces = append(q.spaces, sp)
		}
		for _, rb := range rq.Bonuses {
			box, err := l.reg(rb.Box)
			if err != nil {
				return nil, err
			}
			b := a1Bonus{box: box, n: int8(rb.N)}
			switch rb.Kind {
			case "R":
				b.kind = bonRockets
				if rb.N < 1 || rb.N > 10 {
					return nil, fmt.Errorf("bonus %d: %d rockets", rb.Box, rb.N)
				}
				if rb.Needs != 0 {
					if b.needs, err = l.reg(rb.Needs); err != nil {
						return nil, err
					}
				}
			case "Act":
				b.kind = bonAct
			case "X":
				b.kind = bonX
			case "Sab":
				b.kind = bonSab
				a.sabotages = append(a.sabotages, box)
			default:
				return nil, fmt.Errorf("bonus %d: kind %q", rb.Box, rb.Kind)
			}
			q.bonuses = append(q.bonuses, b)
		}
		a.quarters = append(a.quarters, q)
	}
	for sp := 0; sp < l.nSpaces; sp++ {
		if a.quarterOf[sp] < 0 {
			return nil, fmt.Errorf("space %d is in no quarter", sp+1)
		}
	}
	for _, ra := range r.Arrows {
		id, err := l.reg(ra.ID)
		if err != nil {
			return nil, err
		}
		q, ok := byName[ra.Quarter]
		if !ok {
			return nil, fmt.Errorf("arrow %d: quarter %q", ra.ID, ra.Quarter)
		}
		a.arrows = append(a.arrows, id)
		a.arrowQuarter = append(a.arrowQuarter, q)
	}
	if len(a.arrows) > numTarget || len(r.Rows) == 0 {
		return nil, errors.New("bad arrows or rows")
	}
	next := -1
	for _, rr := range r.Rows {
		if next >= 0 && rr.First != next || rr.Last < rr.First {
			return nil, fmt.Errorf("rocket row %d-%d does not follow the previous one", rr.First, rr.Last)
		}
		for id := rr.First; id <= rr.Last; id++ {
			if _, err := l.reg(id); err != nil {
				return nil, err
			}
		}
		box, err := l.reg(rr.Box)
		if err != nil {
			return nil, err
		}
		a.rows = append(a.rows, a1Row{int16(rr.First), int16(rr.Last), box, rr.Score})
		next = rr.Last + 1
	}
	a.mainFirst, a.mainLast = a.rows[0].first, a.rows[len(a.rows)-1].last
	for _, id := range r.BonusRockets {
		b, err := l.reg(id)
		if err != nil {
			return nil, err
		}
		a.bonusRockets = append(a.bonusRockets, b)
	}
	a.bonusPts = r.BonusRocketPoints
	t := r.AstraTrack
	if t.Boxes < 1 || t.Boxes > 127 || len(t.LevelLabels) > t.Boxes || len(t.Scores) == 0 {
		return nil, errors.New("bad ASTRA track")
	}
	a.astraBoxes, a.astraLabels, a.astraScores = t.Boxes, t.LevelLabels, t.Scores
	l.astraBoxes, l.astraCards, l.astraError = a.sabotages, 7, true
	return a, nil
}

// astraSetup is the number of boxes of ASTRA's track crossed at the start:
// those labelled above its level.
func (a *a1Layout) astraSetup(level int) int {
	n := 0
	for _, lab := range a.astraLabels {
		if lab > level {
			n++
		}
	}
	return n
}

func (a *a1Layout) astraTrackScore(crossed int) int {
	v := 0
	for _, sc := range a.astraScores {
		if crossed >= sc[0] {
			v = sc[1]
		}
	}
	return v
}

func (a *a1Layout) quarterDone(sh *sheet, q int8) bool {
	for _, sp := range a.quarters[q].spaces {
		if sh.num[sp] == empty {
			return false
		}
	}
	return true
}

func (a *a1Layout) onFilled(s *State, p int, sp int8) {
	sh := &s.sh[p]
	q := a.quarterOf[sp]
	if !a.quarterDone(sh, q) {
		return
	}
	for _, b := range a.quarters[q].bonuses {
		switch b.kind {
		case bonRockets:
			if b.needs == 0 || sh.circ.has(b.needs) {
				a.crossRockets(s, p, int(b.n))
			}
		case bonAct:
			s.push(effAct, 0)
		case bonX:
			s.push(effXBonus, 0)
		case bonSab:
			if sh.cross.has(b.box) {
				continue
			}
			if s.g.solo() {
				sh.cross.set(b.box)
				s.soloTrigger()
			} else {
				sh.circ.set(b.box) // triggered; resolved in phase 5
			}
		}
	}
}

// outstanding counts circled System Errors not crossed off.
func (a *a1Layout) outstanding(s *State, sh *sheet) int {
	n := 0
	for _, id := range s.lay().errIDs {
		if sh.circ.has(id) && !sh.cross.has(id) {
			n++
		}
	}
	return n
}

// crossRockets is the rocket procedure (adventure-1.md 5).
func (a *a1Layout) crossRockets(s *State, p int, n int) {
	sh := &s.sh[p]
	for ; n > 0; n-- {
		if a.rocketStep(s, sh) {
			continue
		}
		return
	}
}

func (a *a1Layout) rocketStep(s *State, sh *sheet) bool {
	for _, row := range a.rows {
		for id := row.first; id <= row.last; id++ {
			if !sh.cross.has(id) {
				sh.cross.set(id)
				if id == row.last {
					sh.cross.set(row.box)
				}
				return true
			}
		}
	}
	for _, id := range s.lay().errIDs {
		if sh.circ.has(id) && !sh.cross.has(id) {
			sh.cross.set(id)
			return true
		}
	}
	for _, id := range a.bonusRockets {
		if !sh.cross.has(id) {
			sh.cross.set(id)
			return true
		}
	}
	return false
}

func (a *a1Layout) action(*State, int)  {}
func (a *a1Layout) finish(*State, int)  {}
func (a *a1Layout) onError(*State, int) {}

// phase5 resolves the sabotages triggered this turn (circled, not yet
// crossed): crossed on every sheet, a System Error for every player who did
// not trigger it.
func (a *a1Layout) phase5(s *State) {
	for _, box := range a.sabotages {
		var trig [maxPlayers]bool
		any := false
		for p := range s.g.players {
			sh := &s.sh[p]
			trig[p] = sh.circ.has(box) && !sh.cross.has(box)
			any = any || trig[p]
		}
		if !any {
			continue
		}
		for p := range s.g.players {
			s.sh[p].cross.set(box)
			if !trig[p] {
				s.markError(p)
			}
		}
	}
}

func rangeFilled(sh *sheet, lo, hi int) bool {
	for sp := lo - 1; sp < hi; sp++ {
		if sh.num[sp] == empty {
			return false
		}
	}
	return true
}

func countX(sh *sheet, n int) int {
	k := 0
	for sp := 0; sp < n; sp++ {
		if sh.num[sp] == xMark {
			k++
		}
	}
	return k
}

func (a *a1Layout) missionMet(s *State, p int, card int) bool {
	sh := &s.sh[p]
	switch card {
	case 64:
		return rangeFilled(sh, 1, 11)
	case 65:
		return rangeFilled(sh, 12, 27)
	case 66:
		return rangeFilled(sh, 28, 37)
	case 67:
		return rangeFilled(sh, 38, 53)
	case 68:
		return countX(sh, s.lay().nSpaces) >= 10
	case 69:
		return a.outstanding(s, sh) >= 5
	}
	return false
}

// missionMay: in a multiplayer game, phase 5 can circle one System Error
// per sabotage box the others may still trigger this turn, so card 69 (5
// circled System Errors) may hold after phase 5 even if it does not now.
// No other A1 condition changes in phase 5.
func (a *a1Layout) missionMay(s *State, p int, card int) bool {
	if a.missionMet(s, p, card) {
		return true
	}
	if card != 69 || s.g.solo() {
		return false
	}
	sh := &s.sh[p]
	open, free := 0, 0
	for _, box := range a.sabotages {
		open += boolInt(!sh.circ.has(box) && !sh.cross.has(box))
	}
	for _, id := range s.lay().errIDs {
		free += boolInt(!sh.circ.has(id))
	}
	return a.outstanding(s, sh)+min(open, free) >= 5
}

// reward: A1 missions give rockets.
func (a *a1Layout) reward(s *State, p int, v int8) { a.crossRockets(s, p, int(v)) }

func (a *a1Layout) target(s *State, p int, e effect, t int) bool {
	if e.kind != effAct || t >= len(a.arrows) {
		return false
	}
	sh := &s.sh[p]
	return !sh.circ.has(a.arrows[t]) && !a.quarterDone(sh, a.arrowQuarter[t])
}

func (a *a1Layout) apply(s *State, p int, e effect, t int) {
	if e.kind == effAct {
		s.sh[p].circ.set(a.arrows[t])
	}
}

func (a *a1Layout) targetName(s *State, e effect, t int) string {
	if e.kind == effAct && t < len(a.arrows) {
		return "activate " + a.quarters[a.arrowQuarter[t]].name
	}
	return ""
}

// launched: every main rocket crossed and no circled System Error left.
func (a *a1Layout) launched(s *State, sh *sheet) bool {
	return sh.cross.has(a.mainLast) && a.outstanding(s, sh) == 0
}

func (a *a1Layout) ends(s *State, p int) bool { return a.launched(s, &s.sh[p]) }

func (a *a1Layout) base(sh *sheet) int {
	v := 0
	for _, row := range a.rows {
		if sh.cross.has(row.box) {
			v = row.score
		}
	}
	return v
}

func (a *a1Layout) bonusCount(sh *sheet) int {
	n := 0
	for _, id := range a.bonusRockets {
		if sh.cross.has(id) {
			n++
		}
	}
	return n
}

func (a *a1Layout) scoreLines(s *State, p int) []scoreLine {
	sh := &s.sh[p]
	out := a.outstanding(s, sh)
	bonus := 0
	if out == 0 {
		bonus = a.bonusPts * a.bonusCount(sh)
	}
	return []scoreLine{{"rocket track", a.base(sh)}, {"circled System Errors", -5 * out}, {"bonus rockets", bonus}}
}

func (a *a1Layout) score(s *State, p int) int {
	sh := &s.sh[p]
	out := a.outstanding(s, sh)
	v := a.base(sh) - 5*out
	if out == 0 {
		v += a.bonusPts * a.bonusCount(sh)
	}
	return v
}

func (a *a1Layout) draw(s *State, sh *sheet) string {
	l := s.lay()
	var b strings.Builder
	floors := make([]string, len(l.zones))
	quarters := make([][]int8, len(l.zones))
	width := 0
	for zi, z := range l.zones {
		act := "Any"
		if z.action != actAny {
			act = actNames[z.action]
		}
		var f strings.Builder
		fmt.Fprintf(&f, "  %-3s %-9s %5s ", z.name, act, fmt.Sprintf("%d-%d", z.spaces[0]+1, z.spaces[len(z.spaces)-1]+1))
		prevQ := int8(-1)
		for _, sp := range z.spaces {
			if q := a.quarterOf[sp]; q != prevQ {
				if prevQ >= 0 {
					f.WriteString(" |")
				}
				prevQ = q
				quarters[zi] = append(quarters[zi], q)
			}
			f.WriteString(" " + cell(sh.num[sp]))
		}
		floors[zi] = f.String()
		width = max(width, len(floors[zi]))
	}
	for zi := len(l.zones) - 1; zi >= 0; zi-- { // top floor first
		fmt.Fprintf(&b, "%-*s   ", width, floors[zi])
		for i, q := range quarters[zi] {
			if i > 0 {
				b.WriteString(" |")
			}
			b.WriteString(" " + a.quarterBonuses(sh, q))
		}
		b.WriteString("\n")
	}
	b.WriteString("  (floor, action, spaces; then each quarter's bonuses when complete: Rn n rockets,\n" +
		"   Rn? only once its inactive rocket is activated, Act activate a rocket, X write an X,\n" +
		"   Sab a Sabotage, Sab- one crossed off)\n")
	b.WriteString("  inactive rockets in:")
	active := ""
	for i, id := range a.arrows {
		name := a.quarters[a.arrowQuarter[i]].name
		b.WriteString(" " + name)
		if sh.circ.has(id) {
			active += " " + name
		}
	}
	if active == "" {
		active = " none"
	}
	b.WriteString("; activated:" + active)
	main, next, nextScore := 0, -1, 0
	for _, row := range a.rows {
		n := row.last - row.first + 1
		done := sh.cross.countRange(row.first, row.last)
		main += done
		if next < 0 && done < int(n) {
			next, nextScore = int(n)-done, row.score
		}
	}
	fmt.Fprintf(&b, "\n  rockets %d/%d: score %d", main, int(a.mainLast-a.mainFirst)+1, a.base(sh))
	if next > 0 {
		fmt.Fprintf(&b, ", %d more to score %d", next, nextScore)
	}
	b.WriteString("\n  score by rockets crossed:")
	total := 0
	for _, row := range a.rows {
		total += int(row.last-row.first) + 1
		fmt.Fprintf(&b, " %d:%d", total, row.score)
	}
	fmt.Fprintf(&b, "\n  bonus rockets %d/%d  errors circled %d, crossed %d", a.bonusCount(sh), len(a.bonusRockets), s.errorsOn(sh), a.crossedErrors(s, sh))
	b.WriteString("\n  sabotages:")
	for _, box := range a.sabotages {
		st := "open"
		switch {
		case sh.circ.has(box) && !sh.cross.has(box):
			st = "triggered"
		case sh.cross.has(box):
			st = "crossed"
		}
		fmt.Fprintf(&b, " %s %s", strings.TrimPrefix(a.boxName(box), "sabotage-"), st)
	}
	b.WriteString("\n")
	return b.String()
}

// quarterBonuses names quarter q and its bonuses ("Q7 R3 R3? Sab Sab"), or
// says it is done.
func (a *a1Layout) quarterBonuses(sh *sheet, q int8) string {
	name := a.quarters[q].name
	if a.quarterDone(sh, q) {
		return name + " done"
	}
	var b strings.Builder
	b.WriteString(name)
	for _, bon := range a.quarters[q].bonuses {
		switch bon.kind {
		case bonRockets:
			fmt.Fprintf(&b, " R%d", bon.n)
			if bon.needs != 0 && !sh.circ.has(bon.needs) {
				b.WriteString("?")
			}
		case bonAct:
			b.WriteString(" Act")
		case bonX:
			b.WriteString(" X")
		case bonSab:
			b.WriteString(" Sab")
			if sh.cross.has(bon.box) {
				b.WriteString("-")
			}
		}
	}
	return b.String()
}

func (a *a1Layout) crossedErrors(s *State, sh *sheet) int {
	n := 0
	for _, id := range s.lay().errIDs {
		if sh.cross.has(id) {
			n++
		}
	}
	return n
}

// check validates the rocket track of a decoded sheet: rockets crossed in
// order with their row boxes, circled System Errors crossed only after the
// 31 main rockets, bonus rockets only after those.
func (a *a1Layout) check(s *State, sh *sheet) error {
	gap := false
	for _, row := range a.rows {
		for id := row.first; id <= row.last; id++ {
			if sh.cross.has(id) && gap {
				return fmt.Errorf("rocket %d crossed out of order", id)
			}
			gap = gap || !sh.cross.has(id)
			if sh.circ.has(id) {
				return fmt.Errorf("rocket %d circled", id)
			}
		}
		if sh.cross.has(row.box) != sh.cross.has(row.last) {
			return fmt.Errorf("row box %d does not match its row", row.box)
		}
	}
	for _, id := range s.lay().errIDs {
		if sh.cross.has(id) && (!sh.circ.has(id) || gap) {
			return fmt.Errorf("System Error %d crossed before it was circled or before the main rockets", id)
		}
	}
	for _, id := range a.bonusRockets {
		if sh.cross.has(id) && (gap || a.outstanding(s, sh) > 0) {
			return fmt.Errorf("bonus rocket %d crossed too early", id)
		}
		gap = gap || !sh.cross.has(id)
	}
	return nil
}

// progress is p's score read along the rocket track between its score
// boxes: each main rocket 150/31 points, the bonus rockets once no System
// Error is outstanding, -5 per outstanding error.
func (a *a1Layout) progress(s *State, p int) float64 {
	sh := &s.sh[p]
	main := sh.cross.countRange(a.mainFirst, a.mainLast)
	out := a.outstanding(s, sh)
	v := 150*float64(main)/float64(a.mainLast-a.mainFirst+1) - 5*float64(out)
	if out == 0 {
		v += float64(a.bonusPts * a.bonusCount(sh))
	}
	return v
}

// astraTrack: ASTRA's sabotage track, its start at the level and its boxes.
func (a *a1Layout) astraTrack(level int) (start, boxes int) {
	return a.astraSetup(level), a.astraBoxes
}

// astraScore is read off ASTRA's track.
func (a *a1Layout) astraScore(s *State) int { return a.astraTrackScore(int(s.astra.track)) }

// astraProgress is ASTRA's track between the score labels: 10 points per 5
// boxes from box 11 on.
func (a *a1Layout) astraProgress(s *State) float64 {
	return max(10, 10+2*float64(int(s.astra.track)-11))
}

// checkSoloBonus: one Solo bonus per sabotage the player triggered, at most
// the crossed sabotages (ASTRA cards cross some too).
func (a *a1Layout) checkSoloBonus(s *State, bonus int8) error {
	if n := countCrossed(&s.sh[0], a.sabotages); int(bonus) > min(s.lay().solo.bonusBoxes, n) {
		return states.Bad("ASTRA Solo bonus %d for %d crossed sabotages", bonus, n)
	}
	return nil
}
