package welcomemoon

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestA8RandomInvariants plays random games of Adventure 8 (solo at every
// ASTRA level, 2 and 3 players) and checks every step against an oracle
// written from adventure-8.md and solo-astra.md alone (not from the data
// file): the combinations offered and the System Error (stored astronaut
// markers widen the reach), the spaces offered, the markers a move crosses
// and the half that gets the insignia, ASTRA's value and planets, ASTRA's
// card moons, every resolved planet's flag against its counts (its moons
// closed then), the Solo bonus, each seat's turn's track boxes, moons and
// markers (oracleEffects), each ASTRA turn (oracleAstraTurn), and the
// final scores.
func TestA8RandomInvariants(t *testing.T) {
	var seen oracleSeen
	for _, players := range []int{1, 2, 3} {
		for seed := uint64(1); seed <= 40; seed++ {
			g := testGame(t, 8, players, int(seed%8)+1)
			s := g.NewInitialState().(*State)
			rng := rand.New(rand.NewPCG(seed, uint64(players)))
			moons := map[[2]int]int{}
			var seat, move *State // the start of a seat's turn, its space step
			var moveSp int16      // the space it chose
			var astra *State      // solo: before ASTRA's turn
			for step := 0; !s.IsTerminal(); step++ {
				if err := oracleState(s, moons); err != nil {
					t.Fatalf("%d players, seed %d, step %d: %v\n%s", players, seed, step, err, s)
				}
				if err := oracleChoices(s, &seen); err != nil {
					t.Fatalf("%d players, seed %d, step %d: %v\n%s", players, seed, step, err, s)
				}
				var a engine.Action
				if s.phase == phChance {
					outs := s.ChanceOutcomes(nil)
					a = outs[rng.IntN(len(outs))].Action
				} else {
					la := s.LegalActions(nil)
					a = la[rng.IntN(len(la))]
				}
				pre := *s
				if s.phase == phDecide && s.sub == subChoose && (seat == nil || seat.cur != s.cur || seat.turn != s.turn) {
					seat, move = &pre, nil // a seat's turn starts
				}
				if s.g.solo() && s.phase == phChance && s.nextMission() < 0 && s.nextSlot() == 0 && !isAstraCard(int8(a)) {
					astra = &pre // ASTRA's turn comes with this card
				}
				s.Apply(a)
				if astra != nil && s.phase != phAstra && (s.IsTerminal() || s.astra.moved) {
					seen.astraTurns++
					if err := oracleAstraTurn(astra, s, s.deck.shown[0]); err != nil {
						t.Fatalf("%d players, seed %d, step %d: %v\n%s", players, seed, step, err, s)
					}
					astra = nil
				}
				if pre.phase == phDecide && pre.sub == subSpace {
					if err := oracleMove(&pre, s, a, &seen); err != nil {
						t.Fatalf("%d players, seed %d, step %d: %v\n%s", players, seed, step, err, &pre)
					}
					move, moveSp = &pre, int16(a-aTarget)+1
				}
				if seat != nil && move != nil && (s.phase != phDecide || s.cur != seat.cur || s.turn != seat.turn) {
					seen.turns++
					if err := oracleEffects(move, s, moveSp); err != nil {
						t.Fatalf("%d players, seed %d, step %d: %v\n%s", players, seed, step, err, s)
					}
					seat, move = nil, nil
				}
			}
			for p := 0; p < players; p++ {
				if got, want := s.Score(p), oracleScore(s, p); got != want {
					t.Fatalf("%d players, seed %d: p%d scores %d, want %d\n%s", players, seed, p, got, want, s)
				}
			}
		}
	}
	if seen.astraPlanet == 0 || seen.astraMoon == 0 || seen.markers == 0 || seen.turns < 1000 || seen.astraTurns < 500 {
		t.Errorf("the games reached %d choices of ASTRA's planet, %d of an ASTRA card's moon, %d moves with stored markers, %d turns and %d ASTRA turns checked",
			seen.astraPlanet, seen.astraMoon, seen.markers, seen.turns, seen.astraTurns)
	}
	t.Logf("%d turns' effects and %d ASTRA turns checked", seen.turns, seen.astraTurns)
}

type oracleSeen struct{ astraPlanet, astraMoon, markers, turns, astraTurns int }

// oraclePlanets: section 3 of adventure-8.md (kind 0 green, 1 blue, 2 grey).
var oraclePlanets = []struct {
	kind, lo, hi int
	spaces       []int16
	moons        [2]int16
	flag, res    int16
}{
	{0, 0, 3, []int16{1, 2, 3}, [2]int16{79, 80}, 93, 223},
	{2, 3, 5, []int16{4, 5, 6, 7, 8}, [2]int16{81, 82}, 94, 224},
	{1, 5, 7, []int16{9, 10, 11, 12, 13}, [2]int16{83, 84}, 95, 225},
	{2, 7, 9, []int16{14, 15, 16, 17, 18, 19, 20}, [2]int16{85, 86}, 96, 226},
	{0, 9, 11, []int16{21, 22, 23, 24, 25}, [2]int16{87, 88}, 97, 227},
	{1, 11, 13, []int16{26, 27, 28, 29, 30}, [2]int16{89, 90}, 98, 228},
	{0, 13, 17, []int16{31, 32, 33}, [2]int16{91, 92}, 99, 229},
}

// oracleHalf: the first id of each of a half's tracks (section 2).
type oracleHalf struct{ plants, waters, energy, planning, errors, astro int16 }

var oracleHalves = [2]oracleHalf{{100, 122, 140, 164, 34, 38}, {111, 131, 152, 171, 36, 44}}

func oracleMark(sh *sheet, id int16, h int) bool {
	if h == 0 {
		return sh.circ.has(id)
	}
	return sh.cross.has(id)
}

func oracleCount(sh *sheet, pl, h int) int {
	n := 0
	for _, id := range oraclePlanets[pl].spaces {
		n += boolInt(oracleMark(sh, id, h))
	}
	for _, id := range oraclePlanets[pl].moons {
		n += boolInt(oracleMark(sh, id, h))
	}
	return n
}

// oracleWinners: more insignias, a tie both, in solo the player's.
func oracleWinners(s *State, i, pl int) (w0, w1 bool) {
	c0, c1 := oracleCount(&s.sh[i], pl, 0), oracleCount(&s.sh[i], pl, 1)
	if c0 == c1 && s.g.solo() {
		h := s.half(0, i)
		return h == 0, h == 1
	}
	return c0 >= c1, c1 >= c0
}

// crossedFrom counts the crossed boxes of the n ids from first.
func crossedFrom(sh *sheet, first int16, n int) int {
	k := 0
	for id := first; id < first+int16(n); id++ {
		k += boolInt(sh.cross.has(id))
	}
	return k
}

func storedMarkers(sh *sheet, h int) int {
	n := 0
	for id := oracleHalves[h].astro; id < oracleHalves[h].astro+6; id++ {
		n += boolInt(sh.circ.has(id) && !sh.cross.has(id))
	}
	return n
}

// oracleFits: the planets with room that a value within r of n takes.
func oracleFits(sh *sheet, n, r int) map[int]bool {
	out := map[int]bool{}
	for k, pp := range oraclePlanets {
		room := false
		for _, id := range pp.spaces {
			room = room || sh.num[id-1] == empty
		}
		for v := max(0, n-r); room && v <= min(17, n+r); v++ {
			out[k] = out[k] || (v >= pp.lo && v <= pp.hi)
		}
		if !out[k] {
			delete(out, k)
		}
	}
	return out
}

func oracleState(s *State, moons map[[2]int]int) error {
	controlled := 0
	for i := 0; i < s.g.sheets(); i++ {
		sh := &s.sh[i]
		for k, pp := range oraclePlanets {
			full := true
			for _, id := range pp.spaces {
				full = full && sh.num[id-1] != empty
			}
			res := sh.cross.has(pp.res)
			f0, f1 := sh.circ.has(pp.flag), sh.cross.has(pp.flag)
			switch {
			case res && !full:
				return fmt.Errorf("sheet %d P%d resolved before it is full", i, k)
			case full && !res && s.phase != phDecide && s.phase != phAstra:
				return fmt.Errorf("sheet %d P%d full and not resolved between turns", i, k)
			case !res && (f0 || f1):
				return fmt.Errorf("sheet %d P%d flag before its resolution", i, k)
			case !res:
				continue
			}
			if w0, w1 := oracleWinners(s, i, k); f0 != w0 || f1 != w1 {
				return fmt.Errorf("sheet %d P%d flags %v %v for %d-%d", i, k, f0, f1, oracleCount(sh, k, 0), oracleCount(sh, k, 1))
			}
			m := 0
			for b, id := range pp.moons {
				m |= boolInt(sh.circ.has(id)) << (2 * b)
				m |= boolInt(sh.cross.has(id)) << (2*b + 1)
			}
			if old, ok := moons[[2]int{i, k}]; ok && old != m {
				return fmt.Errorf("sheet %d P%d: a moon taken after the resolution", i, k)
			}
			moons[[2]int{i, k}] = m
			if s.g.solo() && oracleMark(sh, pp.flag, s.half(0, i)) {
				controlled++
			}
		}
	}
	if s.g.solo() && int(s.astra.bonus) != min(6, controlled/2) {
		return fmt.Errorf("Solo bonus %d for %d planets controlled", s.astra.bonus, controlled)
	}
	return nil
}

func oracleChoices(s *State, seen *oracleSeen) error {
	legal := map[engine.Action]bool{}
	for _, a := range s.LegalActions(nil) {
		legal[a] = true
	}
	switch {
	case s.phase == phDecide && s.sub == subChoose:
		p := int(s.cur)
		i := s.lay().r.playSheet(s, p)
		stored := storedMarkers(&s.sh[i], s.half(p, i))
		playable := false
		for c := 0; c < s.numCombos(); c++ {
			numC, actC := s.combo(c)
			r := 2*stored + 2*boolInt(cardAct[actC] == actAstronaut)
			ok := len(oracleFits(&s.sh[i], int(cardNum[numC]), r)) > 0
			playable = playable || ok
			if legal[engine.Action(aPick+7*c)] != ok {
				return fmt.Errorf("combination %d offered %v, playable %v", c, !ok, ok)
			}
		}
		if legal[aError] == playable {
			return fmt.Errorf("System Error offered %v, a combination playable %v", legal[aError], playable)
		}
	case s.phase == phAstra && s.ctx.pend[0].kind == effAstraPlanet:
		seen.astraPlanet++
		sh := &s.sh[s.lay().r.playSheet(s, 0)]
		v := int(cardNum[s.deck.shown[0]])
		want := oracleFits(sh, v, 0)
		for k := 0; len(want) == 0 && k < 15; k++ {
			v = v%15 + 1
			want = oracleFits(sh, v, 0)
		}
		if int(s.ctx.pend[0].arg) != v || len(legal) != len(want) || len(want) < 2 {
			return fmt.Errorf("ASTRA's value %d planets %v, want %d %v", s.ctx.pend[0].arg, legal, v, want)
		}
		for pl := range want {
			if !legal[engine.Action(aTarget+pl)] {
				return fmt.Errorf("ASTRA's planets %v, want %v", legal, want)
			}
		}
	case s.phase == phAstra && s.ctx.pend[0].kind == effAstraMoon:
		seen.astraMoon++
		i := s.lay().r.playSheet(s, 0)
		sh, h := &s.sh[i], s.half(0, i)
		best, want := -1, map[int]bool{}
		for k, pp := range oraclePlanets {
			free := !sh.cross.has(pp.res) && (!sh.circ.has(pp.moons[0]) && !sh.cross.has(pp.moons[0]) || !sh.circ.has(pp.moons[1]) && !sh.cross.has(pp.moons[1]))
			if c := oracleCount(sh, k, h); free && c > best {
				best, want = c, map[int]bool{k: true}
			} else if free && c == best {
				want[k] = true
			}
		}
		if len(legal) != len(want) || len(want) < 2 {
			return fmt.Errorf("ASTRA card's moon planets %v, want %v", legal, want)
		}
		for pl := range want {
			if !legal[engine.Action(aTarget+pl)] {
				return fmt.Errorf("ASTRA card's moon planets %v, want %v", legal, want)
			}
		}
	}
	return nil
}

// oracleMove checks a space decision: the spaces offered (the first empty
// space of each planet a value within reach takes), the markers crossed
// (as few as the nearest value needs) and the insignia's half.
func oracleMove(pre, post *State, a engine.Action, seen *oracleSeen) error {
	p := int(pre.cur)
	i := pre.lay().r.playSheet(pre, p)
	h := pre.half(p, i)
	sh := &pre.sh[i]
	numC, _ := pre.combo(int(pre.ctx.pick))
	n, astro := int(cardNum[numC]), boolInt(pre.ctx.act == actAstronaut)
	r := 2*storedMarkers(sh, h) + 2*astro
	want := map[int16]int{} // space id -> the nearest value's distance
	for k := range oracleFits(sh, n, r) {
		pp := oraclePlanets[k]
		d := 99
		for v := max(0, n-r); v <= min(17, n+r); v++ {
			if v >= pp.lo && v <= pp.hi {
				d = min(d, max(v-n, n-v))
			}
		}
		for _, id := range pp.spaces {
			if sh.num[id-1] == empty {
				want[id] = d
				break
			}
		}
	}
	got := pre.LegalActions(nil)
	if len(got) != len(want) {
		return fmt.Errorf("spaces %v, want %v", got, want)
	}
	for _, la := range got {
		if _, ok := want[int16(la-aTarget)+1]; !ok {
			return fmt.Errorf("spaces %v, want %v", got, want)
		}
	}
	id := int16(a-aTarget) + 1
	used := max(0, (want[id]-2*astro+1)/2)
	if used > 0 {
		seen.markers++
	}
	if crossed := crossedFrom(&post.sh[i], oracleHalves[h].astro, 6) - crossedFrom(sh, oracleHalves[h].astro, 6); crossed != used {
		return fmt.Errorf("space %d: %d markers crossed, want %d", id, crossed, used)
	}
	if !oracleMark(&post.sh[i], id, h) || oracleMark(&post.sh[i], id, 1-h) {
		return fmt.Errorf("space %d: not half %d's insignia", id, h)
	}
	return nil
}

// oracleScore: section 8 of adventure-8.md, at the end of the game.
func oracleScore(s *State, p int) int {
	plants := []int{0, 2, 4, 7, 10, 13, 17, 21, 25, 30, 35, 40}
	water := []int{0, 3, 6, 10, 14, 19, 24, 30, 37, 45}
	mult := [3][]int{{2, 3, 4, 6, 8}, {2, 4, 6, 8, 10}, {4, 5, 6, 9, 12}}
	penalty := []int{0, 3, 6, 10, 15, 21, 28, 36}
	total := 0
	for h, i := range []int{p, (p + 1) % s.g.sheets()} {
		sh, o := &s.sh[i], oracleHalves[h]
		total += plants[crossedFrom(sh, o.plants, 11)] + water[crossedFrom(sh, o.waters, 9)] -
			penalty[crossedFrom(sh, o.planning, 7)] - 5*crossedFrom(sh, o.errors, 2)
		for k, pp := range oraclePlanets {
			ctl := oracleMark(sh, pp.flag, h)
			if !sh.cross.has(pp.res) {
				w0, w1 := oracleWinners(s, i, k)
				ctl = h == 0 && w0 || h == 1 && w1
			}
			if ctl {
				total += mult[pp.kind][crossedFrom(sh, o.energy+4*int16(pp.kind), 4)]
			}
		}
	}
	for k := 0; k < 3; k++ {
		total += int(s.sh[p].mval[k])
	}
	return total
}

// oracleEffects checks what a seat's turn did to its half's tracks, from
// its space step (pre) to the end of its turn (post): the space's icon,
// the card action and the bonuses of the asteroids it marked (sections 4-6).
func oracleEffects(pre, post *State, sp int16) error {
	p := int(pre.cur)
	i := pre.lay().r.playSheet(pre, p)
	h := pre.half(p, i)
	a, b, o := &pre.sh[i], &post.sh[i], oracleHalves[h]
	act := pre.ctx.act
	pl := -1
	for k, pp := range oraclePlanets {
		if sp >= pp.spaces[0] && sp <= pp.spaces[len(pp.spaces)-1] {
			pl = k
		}
	}
	icons := map[int16]int8{3: actPlant, 8: actRobot, 11: actRobot, 13: actWater, 14: actPlant, 18: actPlant, 20: actRobot, 24: actWater, 25: actPlant, 30: actWater, 33: actPlant}
	icon, ok := icons[sp]
	if !ok {
		icon = -1
	}
	// bonuses of asteroids #50-#62 (section 6): plant, water, energy, planning
	bonus := map[int16][4]int{51: {1, 0, 0, 0}, 52: {0, 1, 0, 0}, 53: {1, 0, 0, 0}, 54: {0, 1, 1, 0}, 55: {0, 0, 2, 0},
		56: {0, 0, 0, 2}, 57: {0, 0, 2, 0}, 58: {0, 1, 1, 0}, 59: {1, 0, 0, 0}, 60: {0, 1, 0, 0}, 61: {1, 0, 0, 0}}
	var got [4]int // plant, water, energy, planning bonuses
	robots := 0
	for id := int16(50); id <= 62; id++ {
		if oracleMark(b, id, h) && !oracleMark(a, id, h) {
			robots++
			for k, n := range bonus[id] {
				got[k] += n
			}
		}
	}
	free := 0
	for id := int16(50); id <= 62; id++ {
		free += boolInt(!a.circ.has(id) && !a.cross.has(id))
	}
	if want := min(free, boolInt(icon == actRobot)+boolInt(act == actRobot)); robots != want {
		return fmt.Errorf("space %d, %s: %d asteroids, want %d", sp, actNames[act], robots, want)
	}
	symbol := func(ids []int16) int {
		for _, id := range ids {
			if !a.cross.has(id) {
				return 1
			}
		}
		return 0
	}
	plantSyms := [][]int16{{181}, {184}, {185, 186}, {188, 189}, {191, 192}, {194, 195}, {197, 198}}
	waterSyms := [][]int16{{182}, {183}, {187}, {190}, {193}, {196}, {}}
	plants := boolInt(icon == actPlant) + got[0]
	waters := boolInt(icon == actWater) + got[1]
	if act == actPlant {
		plants += symbol(plantSyms[pl])
	}
	if act == actWater {
		waters += symbol(waterSyms[pl])
	}
	energy := got[2] + boolInt(act == actEnergy)
	check := []struct {
		name    string
		first   int16
		n, want int
	}{{"plant", o.plants, 11, plants}, {"water", o.waters, 9, waters}, {"energy", o.energy, 12, energy}}
	for _, c := range check {
		d := crossedFrom(b, c.first, c.n) - crossedFrom(a, c.first, c.n)
		if want := min(c.want, c.n-crossedFrom(a, c.first, c.n)); d != want {
			return fmt.Errorf("space %d, %s: %d %s boxes, want %d", sp, actNames[act], d, c.name, want)
		}
	}
	moons, penalty := 0, crossedFrom(b, o.planning, 7)-crossedFrom(a, o.planning, 7)
	for id := int16(79); id <= 92; id++ {
		moons += boolInt(oracleMark(b, id, h) && !oracleMark(a, id, h))
	}
	if penalty < 0 || penalty > boolInt(act == actPlanning) || moons < penalty || moons > penalty+got[3] {
		return fmt.Errorf("space %d, %s: %d moons, %d penalty boxes, %d planning bonuses", sp, actNames[act], moons, penalty, got[3])
	}
	circled := 0
	for id := o.astro; id < o.astro+6; id++ {
		circled += boolInt(b.circ.has(id)) - boolInt(a.circ.has(id))
	}
	if want := min(boolInt(act == actAstronaut), 6-countCircledFrom(a, o.astro)); circled != want {
		return fmt.Errorf("space %d, %s: %d markers circled, want %d", sp, actNames[act], circled, want)
	}
	return nil
}

func countCircledFrom(sh *sheet, first int16) int {
	n := 0
	for id := first; id < first+6; id++ {
		n += boolInt(sh.circ.has(id))
	}
	return n
}

// oracleAstraTurn checks ASTRA's turn with card c (solo-astra.md 6): one
// insignia on the first empty space of a planet its value (or the next,
// 15 then 1) takes, on the sheet of the turn, then its action: Astronaut
// and Planning the planet's first free moon if it is not resolved, Energy
// and Robot the first free asteroid from ASTRA's end (bonuses crossed),
// Plant and Water the planet's next symbol; no track box for anyone.
func oracleAstraTurn(pre, post *State, c int8) error {
	if post.IsTerminal() && !post.astra.moved {
		return nil // the deck ran out at this card
	}
	i := pre.lay().r.playSheet(pre, 0)
	h := pre.half(1, i)
	a, b := &pre.sh[i], &post.sh[i]
	v := int(cardNum[c])
	fits := oracleFits(a, v, 0)
	for k := 0; len(fits) == 0 && k < 15; k++ {
		v = v%15 + 1
		fits = oracleFits(a, v, 0)
	}
	var spaces []int16
	for id := int16(1); id <= 33; id++ {
		if oracleMark(b, id, h) && !oracleMark(a, id, h) {
			spaces = append(spaces, id)
		}
	}
	pl := -1
	for k, pp := range oraclePlanets {
		for _, id := range pp.spaces {
			if a.num[id-1] == empty {
				if len(spaces) == 1 && spaces[0] == id && fits[k] {
					pl = k
				}
				break
			}
		}
	}
	if pl < 0 {
		return fmt.Errorf("ASTRA's %s (value %d, planets %v): insignias on %v", cardName(c), v, fits, spaces)
	}
	pp := oraclePlanets[pl]
	newIDs := func(lo, hi int16) (n int, first int16) {
		for id := lo; id <= hi; id++ {
			if oracleMark(b, id, h) && !oracleMark(a, id, h) {
				n++
				if first == 0 {
					first = id
				}
			}
		}
		return n, first
	}
	moons, moon := newIDs(79, 92)
	asteroids, asteroid := newIDs(50, 62)
	wantMoon, wantAsteroid := int16(0), int16(0)
	switch cardAct[c] {
	case actAstronaut, actPlanning:
		for _, id := range pp.moons {
			if !b.cross.has(pp.res) && !a.circ.has(id) && !a.cross.has(id) {
				wantMoon = id
				break
			}
		}
	case actEnergy, actRobot:
		for k := 0; k < 13; k++ {
			id := int16(50 + k)
			if h == 1 {
				id = int16(62 - k)
			}
			if !a.circ.has(id) && !a.cross.has(id) {
				wantAsteroid = id
				break
			}
		}
	}
	if moons != boolInt(wantMoon != 0) || moon != wantMoon || asteroids != boolInt(wantAsteroid != 0) || asteroid != wantAsteroid {
		return fmt.Errorf("ASTRA's %s on P%d: moon %d asteroid %d, want %d %d", cardName(c), pl, moon, asteroid, wantMoon, wantAsteroid)
	}
	plantSyms := [][]int16{{181}, {184}, {185, 186}, {188, 189}, {191, 192}, {194, 195}, {197, 198}}
	waterSyms := [][]int16{{182}, {183}, {187}, {190}, {193}, {196}, {}}
	for k, syms := range [][][]int16{plantSyms, waterSyms} {
		d, left := 0, 0
		for _, id := range syms[pl] {
			d += boolInt(b.cross.has(id)) - boolInt(a.cross.has(id))
			left += boolInt(!a.cross.has(id))
		}
		act := [2]int8{actPlant, actWater}[k]
		if want := min(left, boolInt(cardAct[c] == act)); d != want {
			return fmt.Errorf("ASTRA's %s on P%d: %d symbols crossed, want %d", cardName(c), pl, d, want)
		}
	}
	for hh := 0; hh < 2; hh++ {
		o := oracleHalves[hh]
		for _, tr := range [][2]int16{{o.plants, 11}, {o.waters, 9}, {o.energy, 12}, {o.planning, 7}, {o.errors, 2}} {
			if crossedFrom(b, tr[0], int(tr[1])) != crossedFrom(a, tr[0], int(tr[1])) {
				return fmt.Errorf("ASTRA's %s: a track box of half %d", cardName(c), hh)
			}
		}
	}
	return nil
}
