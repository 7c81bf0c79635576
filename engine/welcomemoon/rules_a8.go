package welcomemoon

import (
	"errors"
	"fmt"
	"strings"
)

// Adventure 8, The Battle (adventure-8.md): every sheet is shared by its
// owner (the bottom half) and the owner's previous neighbour (the top
// half); on odd turns every player plays on the next neighbour's sheet, on
// even turns on its own. A number puts the player's insignia on the first
// free space of a planet the value allows (no ascending order); a
// completed planet goes to the half with more insignias on its spaces and
// moons. Robot marks asteroids raced from both ends, Planning a moon, and
// Astronaut stores modifiers that widen later moves on the same sheet.
//
// Marks: an insignia is stored as the X mark of the space (it carries no
// value) and, on the space's element id (space k is #k) as on every moon,
// asteroid and flag, a circle for the bottom half and a cross for the top
// half. A flag with both marks is a tie both halves control.

// Planet types: the order of the energy tracks and multipliers.
const (
	typeGreen int8 = iota
	typeBlue
	typeGrey
	numTypes
)

var typeNames = [numTypes]string{"green", "blue", "grey"}

type rawA8 struct {
	Planets []struct {
		Name  string `json:"name"`
		Type  string `json:"type"`
		Min   int    `json:"min"`
		Max   int    `json:"max"`
		Icons []struct {
			Space int    `json:"space"`
			Kind  string `json:"kind"`
		} `json:"icons"`
		Plants   []int `json:"plants"`
		Waters   []int `json:"waters"`
		Moons    []int `json:"moons"`
		Flag     int   `json:"flag"`
		Resolved int   `json:"resolved"`
	} `json:"planets"`
	Asteroids []struct {
		ID      int `json:"id"`
		Bonuses []struct {
			ID   int    `json:"id"`
			Kind string `json:"kind"`
		} `json:"bonuses"`
	} `json:"asteroids"`
	Halves []struct {
		Name       string  `json:"name"`
		Errors     []int   `json:"errors"`
		Astronauts []int   `json:"astronauts"`
		Plants     []int   `json:"plants"`
		Waters     []int   `json:"waters"`
		Energy     [][]int `json:"energy"`
		Planning   []int   `json:"planning"`
	} `json:"halves"`
	PlantValues  []int            `json:"plant_values"`
	WaterValues  []int            `json:"water_values"`
	Multipliers  map[string][]int `json:"multipliers"`
	Penalty      []int            `json:"penalty"`
	ErrorPenalty int              `json:"error_penalty"`
}

type a8Planet struct {
	name           string
	kind           int8
	lo, hi         int8
	spaces         []int8
	plants, waters []int16
	moons          []int16
	flag, resolved int16
}

type a8Bonus struct {
	id  int16
	act int8 // actPlant, actWater, actEnergy or actPlanning
}

// a8Half is what one of the two players of a sheet owns on it.
type a8Half struct {
	name                  string
	errors, astro         []int16
	plants, waters, plan  []int16
	energy                [numTypes][]int16
	plantVals, waterVals  []int
	energyVals            [numTypes][]int
	penalty               []int
	errPts                int
	asteroidStep, firstAs int // the direction of the asteroid race
}

type a8Layout struct {
	baseRules
	planets   []a8Planet
	planetOf  [maxSpaces]int8
	icon      [maxSpaces]int8 // the action of a printed icon, -1 none
	asteroids []int16
	bonuses   [][]a8Bonus
	moons     []int16 // every moon; moon t is on planet t/2
	halves    [2]a8Half
}

func compileA8(l *layout, r *rawA8) (*a8Layout, error) {
	a := &a8Layout{}
	if len(r.Planets) != len(l.zones) {
		return nil, fmt.Errorf("%d planets for %d zones", len(r.Planets), len(l.zones))
	}
	for sp := range a.icon {
		a.icon[sp] = -1
	}
	var err error
	for pi, rp := range r.Planets {
		p := a8Planet{name: rp.Name, kind: -1, lo: int8(rp.Min), hi: int8(rp.Max), spaces: l.zones[pi].spaces}
		for k, n := range typeNames {
			if n == rp.Type {
				p.kind = int8(k)
			}
		}
		if p.kind < 0 || rp.Min < minValue || rp.Max > maxValue || rp.Min > rp.Max {
			return nil, fmt.Errorf("planet %s: type %q, values %d-%d", rp.Name, rp.Type, rp.Min, rp.Max)
		}
		for _, sp := range p.spaces {
			a.planetOf[sp] = int8(pi)
			if _, err := l.reg(int(sp) + 1); err != nil {
				return nil, err
			}
		}
		for _, ic := range rp.Icons {
			sp, err := checkSpace(l, ic.Space)
			if err != nil {
				return nil, err
			}
			act, err := parseAct(ic.Kind)
			if err != nil || (act != actRobot && act != actPlant && act != actWater) || a.planetOf[sp] != int8(pi) {
				return nil, fmt.Errorf("planet %s: icon %q on space %d", rp.Name, ic.Kind, ic.Space)
			}
			a.icon[sp] = act
		}
		if p.plants, err = regAll(l, rp.Plants); err != nil {
			return nil, err
		}
		if p.waters, err = regAll(l, rp.Waters); err != nil {
			return nil, err
		}
		if len(rp.Moons) != 2 {
			return nil, fmt.Errorf("planet %s has %d moons, want 2", rp.Name, len(rp.Moons))
		}
		if p.moons, err = regAll(l, rp.Moons); err != nil {
			return nil, err
		}
		a.moons = append(a.moons, p.moons...)
		if p.flag, err = l.reg(rp.Flag); err != nil {
			return nil, err
		}
		if p.resolved, err = l.reg(rp.Resolved); err != nil {
			return nil, err
		}
		a.planets = append(a.planets, p)
	}
	if len(a.planets) > 8 || len(a.moons) > numTarget {
		return nil, errors.New("too many planets")
	}
	for _, ra := range r.Asteroids {
		id, err := l.reg(ra.ID)
		if err != nil {
			return nil, err
		}
		var bs []a8Bonus
		for _, rb := range ra.Bonuses {
			bid, err := l.reg(rb.ID)
			if err != nil {
				return nil, err
			}
			act, err := parseAct(rb.Kind)
			if err != nil || act == actRobot || act == actAstronaut || act == actAny {
				return nil, fmt.Errorf("asteroid %d: bonus %q", ra.ID, rb.Kind)
			}
			bs = append(bs, a8Bonus{bid, act})
		}
		a.asteroids = append(a.asteroids, id)
		a.bonuses = append(a.bonuses, bs)
	}
	if len(a.asteroids) < 2 {
		return nil, errors.New("fewer than 2 asteroids")
	}
	if len(r.Halves) != 2 {
		return nil, fmt.Errorf("%d sheet halves, want 2", len(r.Halves))
	}
	var mult [numTypes][]int
	for k, n := range typeNames {
		mult[k] = r.Multipliers[n]
	}
	for hi, rh := range r.Halves {
		h := a8Half{name: rh.Name, plantVals: r.PlantValues, waterVals: r.WaterValues, energyVals: mult,
			penalty: r.Penalty, errPts: r.ErrorPenalty, asteroidStep: 1 - 2*hi, firstAs: hi * (len(a.asteroids) - 1)}
		for _, pair := range []struct {
			dst *[]int16
			ids []int
		}{{&h.errors, rh.Errors}, {&h.astro, rh.Astronauts}, {&h.plants, rh.Plants}, {&h.waters, rh.Waters}, {&h.plan, rh.Planning}} {
			if *pair.dst, err = regAll(l, pair.ids); err != nil {
				return nil, err
			}
		}
		if len(rh.Energy) != int(numTypes) {
			return nil, fmt.Errorf("half %s: %d energy tracks", rh.Name, len(rh.Energy))
		}
		for k := range rh.Energy {
			if h.energy[k], err = regAll(l, rh.Energy[k]); err != nil {
				return nil, err
			}
			if len(mult[k]) != len(h.energy[k])+1 {
				return nil, fmt.Errorf("multipliers of %s", typeNames[k])
			}
		}
		if len(h.plantVals) != len(h.plants)+1 || len(h.waterVals) != len(h.waters)+1 || len(h.penalty) != len(h.plan)+1 {
			return nil, fmt.Errorf("half %s: value tables", rh.Name)
		}
		if !sameIDs(h.errors, l.errIDs[hi*len(h.errors):]) {
			return nil, fmt.Errorf("half %s: System Error boxes are not the sheet's", rh.Name)
		}
		a.halves[hi] = h
	}
	l.astraCards = 7
	l.astraPlays = true
	return a, nil
}

// sameIDs says whether ids starts the list all.
func sameIDs(ids, all []int16) bool {
	if len(all) < len(ids) {
		return false
	}
	for k, id := range ids {
		if all[k] != id {
			return false
		}
	}
	return true
}

// ---- halves and insignias ----

// half is seat p's half of sheet i: 0 bottom (p owns the sheet), 1 top (p
// is the owner's previous neighbour), -1 none. In solo ASTRA is seat 1 of
// a ring of two sheets.
func (s *State) half(p, i int) int {
	n := s.g.sheets()
	switch {
	case i >= n:
		return -1
	case p == i:
		return 0
	case p == (i+n-1)%n:
		return 1
	}
	return -1
}

// seatOf is the seat of half h of sheet i (ASTRA: seat 1 of a solo game).
func (s *State) seatOf(i, h int) int {
	if h == 0 {
		return i
	}
	n := s.g.sheets()
	return (i + n - 1) % n
}

// seatName names a seat of an A8 sheet ring.
func (s *State) seatName(q int) string {
	if q >= s.g.players {
		return "ASTRA"
	}
	return "p" + itoa(q)
}

func insignia(sh *sheet, id int16, h int) {
	if h == 0 {
		sh.circ.set(id)
	} else {
		sh.cross.set(id)
	}
}

func hasInsignia(sh *sheet, id int16, h int) bool {
	if h == 0 {
		return sh.circ.has(id)
	}
	return sh.cross.has(id)
}

func taken(sh *sheet, id int16) bool { return sh.circ.has(id) || sh.cross.has(id) }

func spaceID(sp int8) int16 { return int16(sp) + 1 }

func (a *a8Layout) playSheet(s *State, p int) int {
	if s.turn%2 == 0 { // odd turns, from turn 1: the next neighbour's sheet
		return (p + 1) % s.g.sheets()
	}
	return p
}

func (a *a8Layout) errBoxes(s *State, p, i int) []int16 {
	if h := s.half(p, i); h >= 0 {
		return a.halves[h].errors
	}
	return nil
}

// stored counts the astronaut markers of half h circled and not yet used.
func (a *a8Layout) stored(sh *sheet, h int) int {
	return countCircled(sh, a.halves[h].astro) - countCrossed(sh, a.halves[h].astro)
}

// reach: 2 per stored astronaut marker of p's half of the sheet p plays
// on, and 2 more with the Astronaut action.
func (a *a8Layout) reach(s *State, p int, act int8) int8 {
	i := a.playSheet(s, p)
	r := 2 * a.stored(&s.sh[i], s.half(p, i))
	if act == actAstronaut {
		r += 2
	}
	return int8(min(r, maxValue))
}

// firstFree is the first empty space of planet pl (-1 full).
func (a *a8Layout) firstFree(sh *sheet, pl int) int8 {
	for _, sp := range a.planets[pl].spaces {
		if !sh.filled(sp) {
			return sp
		}
	}
	return -1
}

// allowed: v goes on the first empty space of a planet that takes v.
func (a *a8Layout) allowed(s *State, sh *sheet, sp, v int8) bool {
	pl := int(a.planetOf[sp])
	p := &a.planets[pl]
	return v >= p.lo && v <= p.hi && a.firstFree(sh, pl) == sp
}

// onFilled: the insignia, the space's icon, and the planet's resolution
// when the space completes it (before the card action).
func (a *a8Layout) onFilled(s *State, p int, sp int8) {
	i := a.playSheet(s, p)
	sh, h := &s.sh[i], s.half(p, i)
	sh.num[sp] = xMark
	insignia(sh, spaceID(sp), h)
	switch a.icon[sp] {
	case actRobot:
		s.push(effAsteroid, 0)
	case actPlant:
		crossNext(sh, a.halves[h].plants)
	case actWater:
		crossNext(sh, a.halves[h].waters)
	}
	if pl := a.planetOf[sp]; a.firstFree(sh, int(pl)) < 0 {
		s.push(effResolve, pl)
	}
}

// action: the stored markers the move used, then the card action.
func (a *a8Layout) action(s *State, p int) {
	i := a.playSheet(s, p)
	sh, h := &s.sh[i], s.half(p, i)
	half := &a.halves[h]
	numC, _ := s.combo(int(s.ctx.pick))
	d := int(s.ctx.value) - int(cardNum[numC])
	d = max(d, -d)
	if s.ctx.act == actAstronaut {
		d -= 2
	}
	for k := 0; k < (d+1)/2; k++ {
		useStored(sh, half.astro)
	}
	pl := int(a.planetOf[s.ctx.space])
	switch s.ctx.act {
	case actRobot:
		s.push(effAsteroid, 0)
	case actEnergy:
		s.push(effTrack, 0)
	case actPlant:
		if crossNext(sh, a.planets[pl].plants) != 0 {
			crossNext(sh, half.plants)
		}
	case actWater:
		if crossNext(sh, a.planets[pl].waters) != 0 {
			crossNext(sh, half.waters)
		}
	case actAstronaut:
		circleNext(sh, half.astro)
	case actPlanning:
		s.push(effMoon, 0)
	}
}

// useStored crosses the first circled marker not crossed yet.
func useStored(sh *sheet, ids []int16) {
	for _, id := range ids {
		if sh.circ.has(id) && !sh.cross.has(id) {
			sh.cross.set(id)
			return
		}
	}
}

func (a *a8Layout) finish(*State, int)  {}
func (a *a8Layout) onError(*State, int) {}
func (a *a8Layout) phase5(*State)       {}

// nextAsteroid is the first asteroid no one marked, from half h's end (-1 none).
func (a *a8Layout) nextAsteroid(sh *sheet, h int) int {
	st := a.halves[h].asteroidStep
	for k := a.halves[h].firstAs; k >= 0 && k < len(a.asteroids); k += st {
		if !taken(sh, a.asteroids[k]) {
			return k
		}
	}
	return -1
}

// asteroid marks half h's next asteroid of sheet i and crosses its bonus
// symbols; it returns the asteroid (-1 none).
func (a *a8Layout) asteroid(sh *sheet, h int) int {
	k := a.nextAsteroid(sh, h)
	if k < 0 {
		return -1
	}
	insignia(sh, a.asteroids[k], h)
	for _, b := range a.bonuses[k] {
		sh.cross.set(b.id)
	}
	return k
}

// expand: the Robot asteroid (its plant and water bonuses at once, its
// energy and planning bonuses as the next choices) and a planet's
// resolution.
func (a *a8Layout) expand(s *State, p int, e effect) bool {
	if e.kind != effAsteroid && e.kind != effResolve {
		return false
	}
	s.pop()
	i := a.playSheet(s, p)
	sh, h := &s.sh[i], s.half(p, i)
	if e.kind == effResolve {
		if pl := int(e.arg); pl < len(a.planets) && a.firstFree(sh, pl) < 0 {
			a.resolve(s, i, pl)
		}
		return true
	}
	k := a.asteroid(sh, h)
	if k < 0 {
		return true
	}
	for _, b := range a.bonuses[k] {
		switch b.act {
		case actPlant:
			crossNext(sh, a.halves[h].plants)
		case actWater:
			crossNext(sh, a.halves[h].waters)
		case actEnergy:
			s.pushFront(effTrack, 0)
		case actPlanning:
			s.pushFront(effMoon, 1)
		}
	}
	return true
}

// count is half h's insignias on planet pl's spaces and moons.
func (a *a8Layout) count(sh *sheet, pl, h int) int {
	p := &a.planets[pl]
	n := 0
	for _, sp := range p.spaces {
		n += boolInt(hasInsignia(sh, spaceID(sp), h))
	}
	for _, m := range p.moons {
		n += boolInt(hasInsignia(sh, m, h))
	}
	return n
}

// winners are the halves (bits) that control planet pl of sheet i at the
// current counts: the one with more insignias; on a tie both, in solo the
// player's.
func (s *State) winners(a *a8Layout, i, pl int) int {
	sh := &s.sh[i]
	c0, c1 := a.count(sh, pl, 0), a.count(sh, pl, 1)
	switch {
	case c0 > c1:
		return 1
	case c1 > c0:
		return 2
	case s.g.solo():
		return 1 << s.half(0, i)
	}
	return 3
}

// resolve gives planet pl of sheet i its flag and marks it resolved; in
// solo the player circles a Solo bonus box each time the number of planets
// it controls becomes even.
func (a *a8Layout) resolve(s *State, i, pl int) {
	sh := &s.sh[i]
	p := &a.planets[pl]
	if sh.cross.has(p.resolved) {
		return
	}
	before := 0
	if s.g.solo() {
		before = a.controlled(s, 0)
	}
	w := s.winners(a, i, pl)
	for h := 0; h < 2; h++ {
		if w&(1<<h) != 0 {
			insignia(sh, p.flag, h)
		}
	}
	sh.cross.set(p.resolved)
	if s.g.solo() {
		if after := a.controlled(s, 0); after > before && after%2 == 0 {
			s.soloTrigger()
		}
	}
}

// controlled counts the resolved planets seat p controls on its sheets.
func (a *a8Layout) controlled(s *State, p int) int {
	n := 0
	for i := 0; i < s.g.sheets(); i++ {
		if h := s.half(p, i); h >= 0 {
			for pl := range a.planets {
				n += boolInt(hasInsignia(&s.sh[i], a.planets[pl].flag, h))
			}
		}
	}
	return n
}

// controls says whether half h controls planet pl of sheet i: its flag,
// or at the end of the game the current counts of a planet not resolved.
func (a *a8Layout) controls(s *State, i, pl, h int) bool {
	sh := &s.sh[i]
	if sh.cross.has(a.planets[pl].resolved) {
		return hasInsignia(sh, a.planets[pl].flag, h)
	}
	return s.phase == phOver && s.winners(a, i, pl)&(1<<h) != 0
}

func (a *a8Layout) resolved(sh *sheet, pl int) bool { return sh.cross.has(a.planets[pl].resolved) }

// freeMoon is planet pl's first moon without an insignia (-1 none; none
// either once the planet is resolved).
func (a *a8Layout) freeMoon(sh *sheet, pl int) int {
	if a.resolved(sh, pl) {
		return -1
	}
	for k, m := range a.planets[pl].moons {
		if !taken(sh, m) {
			return 2*pl + k
		}
	}
	return -1
}

// ---- solo: ASTRA ----

// active is the sheet both play on in a solo turn.
func (a *a8Layout) active(s *State) int { return a.playSheet(s, 0) }

// fitsPlanet: ASTRA's value v may go on planet pl of sh.
func (a *a8Layout) fitsPlanet(sh *sheet, pl int, v int8) bool {
	p := &a.planets[pl]
	return v >= p.lo && v <= p.hi && a.firstFree(sh, pl) >= 0
}

// astraTurn: ASTRA's insignia for the number of the first card (the next
// value, 15 then 1, until a planet has room); the player chooses between
// two planets.
func (a *a8Layout) astraTurn(s *State) {
	c := s.deck.shown[0]
	if c == noCard || isAstraCard(c) {
		return
	}
	sh := &s.sh[a.active(s)]
	v := cardNum[c]
	for range 15 {
		for pl := range a.planets {
			if a.fitsPlanet(sh, pl, v) {
				s.push(effAstraPlanet, v)
				return
			}
		}
		v = v%15 + 1
	}
}

// astraPlace puts ASTRA's insignia on planet pl of the active sheet,
// resolves the planet if that completes it, then plays the card's action
// (Astronaut as Planning, Energy as Robot).
func (a *a8Layout) astraPlace(s *State, pl int) {
	i := a.active(s)
	sh, h := &s.sh[i], s.half(1, i)
	sp := a.firstFree(sh, pl)
	sh.num[sp] = xMark
	insignia(sh, spaceID(sp), h)
	if a.firstFree(sh, pl) < 0 {
		a.resolve(s, i, pl)
	}
	switch cardAct[s.deck.shown[0]] {
	case actAstronaut, actPlanning:
		if m := a.freeMoon(sh, pl); m >= 0 {
			insignia(sh, a.moons[m], h)
		}
	case actEnergy, actRobot:
		a.asteroid(sh, h)
	case actPlant:
		crossNext(sh, a.planets[pl].plants)
	case actWater:
		crossNext(sh, a.planets[pl].waters)
	}
}

// astraCard: ASTRA's two moon insignias (two choices, one after the other).
func (a *a8Layout) astraCard(s *State, _ int8) {
	s.push(effAstraMoon, 0)
	s.push(effAstraMoon, 0)
}

// astraMoonOK: planet pl may take ASTRA's moon: a free moon, and among the
// planets with one, the player has the most insignias there.
func (a *a8Layout) astraMoonOK(s *State, pl int) bool {
	i := a.active(s)
	sh, h := &s.sh[i], s.half(0, i)
	if a.freeMoon(sh, pl) < 0 {
		return false
	}
	c := a.count(sh, pl, h)
	for q := range a.planets {
		if a.freeMoon(sh, q) >= 0 && a.count(sh, q, h) > c {
			return false
		}
	}
	return true
}

// ---- choices ----

func (a *a8Layout) target(s *State, p int, e effect, t int) bool {
	i := a.playSheet(s, p)
	sh, h := &s.sh[i], s.half(p, i)
	switch e.kind {
	case effMoon:
		return t < len(a.moons) && !taken(sh, a.moons[t]) && !a.resolved(sh, t/2)
	case effTrack:
		return t < int(numTypes) && h >= 0 && countCrossed(sh, a.halves[h].energy[t]) < len(a.halves[h].energy[t])
	case effAstraPlanet:
		return t < len(a.planets) && a.fitsPlanet(sh, t, e.arg)
	case effAstraMoon:
		return t < len(a.planets) && a.astraMoonOK(s, t)
	}
	return false
}

func (a *a8Layout) apply(s *State, p int, e effect, t int) {
	i := a.playSheet(s, p)
	sh, h := &s.sh[i], s.half(p, i)
	switch e.kind {
	case effMoon:
		insignia(sh, a.moons[t], h)
		if e.arg == 0 {
			crossNext(sh, a.halves[h].plan)
		}
	case effTrack:
		crossNext(sh, a.halves[h].energy[t])
	case effAstraPlanet:
		a.astraPlace(s, t)
	case effAstraMoon:
		insignia(sh, a.moons[a.freeMoon(sh, t)], s.half(1, i))
	}
}

func (a *a8Layout) targetName(s *State, e effect, t int) string {
	switch e.kind {
	case effMoon:
		if t < len(a.moons) {
			return fmt.Sprintf("moon-%s-%d", a.planets[t/2].name, t%2+1)
		}
	case effTrack:
		if t < int(numTypes) {
			return "energy-" + typeNames[t]
		}
	case effAstraPlanet, effAstraMoon:
		if t < len(a.planets) {
			if e.kind == effAstraMoon {
				return "astra-moon-" + a.planets[t].name
			}
			return "astra-" + a.planets[t].name
		}
	}
	return ""
}

// ---- missions ----

// missionMet: the condition holds on one of p's two sheets for p's half
// ("on the same sheet").
func (a *a8Layout) missionMet(s *State, p int, card int) bool { return a.met(s, p, card, false) }

// missionMay judges by what p sees during its turn: the sheet it plays on
// as it is, the other as at the start of the turn.
func (a *a8Layout) missionMay(s *State, p int, card int) bool { return a.met(s, p, card, true) }

func (a *a8Layout) met(s *State, p, card int, seen bool) bool {
	for i := 0; i < s.g.sheets(); i++ {
		h := s.half(p, i)
		if h < 0 {
			continue
		}
		sh := &s.sh[i]
		if seen {
			sh = s.view(p, i)
		}
		if a.metOn(sh, h, card) {
			return true
		}
	}
	return false
}

func (a *a8Layout) metOn(sh *sheet, h, card int) bool {
	half := &a.halves[h]
	switch card {
	case 106, 107:
		n, kinds := 0, 0
		for _, p := range a.planets {
			if hasInsignia(sh, p.flag, h) {
				n++
				kinds |= 1 << p.kind
			}
		}
		return (card == 106 && n >= 4) || (card == 107 && kinds == 1<<numTypes-1)
	case 108:
		n := 0
		for _, id := range a.asteroids {
			n += boolInt(hasInsignia(sh, id, h))
		}
		return n >= 7
	case 109:
		for _, tr := range half.energy {
			if countCrossed(sh, tr) < 2 {
				return false
			}
		}
		return true
	case 110:
		return countCrossed(sh, half.plants) >= 6 && countCrossed(sh, half.waters) >= 4
	case 111:
		n := 0
		for _, p := range a.planets {
			n += boolInt(hasInsignia(sh, p.moons[0], h) || hasInsignia(sh, p.moons[1], h))
		}
		return n >= 4
	}
	return false
}

func (a *a8Layout) reward(*State, int, int8) {}
func (a *a8Layout) ends(*State, int) bool    { return false }

// ---- scoring ----

// halfParts are the points of half h of sheet i: plants, water, the planets
// it controls by type times the type's multiplier, the Planning penalty
// and its System Errors.
func (a *a8Layout) halfParts(s *State, i, h int) [5]int {
	sh := &s.sh[i]
	half := &a.halves[h]
	planets := 0
	for pl, p := range a.planets {
		if a.controls(s, i, pl, h) {
			planets += half.energyVals[p.kind][countCrossed(sh, half.energy[p.kind])]
		}
	}
	return [5]int{
		half.plantVals[countCrossed(sh, half.plants)],
		half.waterVals[countCrossed(sh, half.waters)],
		planets,
		-half.penalty[countCrossed(sh, half.plan)],
		-half.errPts * countCrossed(sh, half.errors),
	}
}

// halfLines are halfParts as score lines named after tag.
func (a *a8Layout) halfLines(s *State, i, h int, tag string) []scoreLine {
	v := a.halfParts(s, i, h)
	return []scoreLine{
		{tag + " plants", v[0]},
		{tag + " water", v[1]},
		{tag + " planets", v[2]},
		{tag + " planning", v[3]},
		{tag + " System Errors", v[4]},
	}
}

// scoreLines: p's half of its own sheet, then of the next neighbour's.
func (a *a8Layout) scoreLines(s *State, p int) []scoreLine {
	n := s.g.sheets()
	own := a.halfLines(s, p, 0, "own")
	return append(own, a.halfLines(s, (p+1)%n, 1, "next")...)
}

// score is the sum of scoreLines and the missions, without allocating
// (Observe's look-ahead features read it).
func (a *a8Layout) score(s *State, p int) int {
	n := s.g.sheets()
	t := missionPoints(&s.sh[p])
	for _, half := range [2][5]int{a.halfParts(s, p, 0), a.halfParts(s, (p+1)%n, 1)} {
		for _, v := range half {
			t += v
		}
	}
	return t
}

// progress is p's score plus what its halves are on their way to
// (onTheWay).
func (a *a8Layout) progress(s *State, p int) float64 {
	return float64(s.Score(p)) + a.onTheWay(s, p)
}

// onTheWay is what p's halves are on their way to: each planet not
// resolved at p's share of the insignias on it times the multiplier it
// would score.
func (a *a8Layout) onTheWay(s *State, p int) float64 {
	v := 0.0
	for i := 0; i < s.g.sheets(); i++ {
		h := s.half(p, i)
		if h < 0 {
			continue
		}
		sh := &s.sh[i]
		half := &a.halves[h]
		for pl, pp := range a.planets {
			if a.resolved(sh, pl) {
				continue
			}
			c, o := a.count(sh, pl, h), a.count(sh, pl, 1-h)
			v += float64(half.energyVals[pp.kind][countCrossed(sh, half.energy[pp.kind])]*c) / float64(c+o+1)
		}
	}
	return v
}

// ---- decoding and drawing ----

// check validates the marks of a decoded sheet: insignias (an X and one
// half's mark) on the first spaces of each planet, its plant and water
// symbols crossed in order, at most one insignia per
// moon and asteroid, asteroid bonuses crossed exactly with their asteroid,
// each half's asteroids reached from its end, a planet resolved
// only when full, with the flag of the half with more insignias (on a tie
// both, in solo the player's), flags only on resolved planets, every
// track in order, and none on ASTRA's half (solo).
func (a *a8Layout) check(s *State, sh *sheet) error {
	for _, p := range a.planets {
		gap := false
		for _, sp := range p.spaces {
			id := spaceID(sp)
			switch v := sh.num[sp]; {
			case v == empty:
				gap = true
				if taken(sh, id) {
					return fmt.Errorf("space %d: insignia on an empty space", id)
				}
			case v != xMark || gap || sh.circ.has(id) == sh.cross.has(id):
				return fmt.Errorf("space %d: want one insignia, planets filled in order", id)
			}
		}
		// the planet's symbols are crossed in order (Plant, Water, ASTRA)
		for _, ids := range [][]int16{p.plants, p.waters} {
			if !prefix(sh, ids, false) || countCircled(sh, ids) > 0 {
				return fmt.Errorf("planet %s: symbols not crossed in order", p.name)
			}
		}
		for _, m := range p.moons {
			if sh.circ.has(m) && sh.cross.has(m) {
				return fmt.Errorf("moon #%d has two insignias", m)
			}
		}
		// a full planet waits for its resolution while the effects of the
		// space that completed it are resolved
		done := sh.cross.has(p.resolved)
		if done && gap || sh.circ.has(p.resolved) {
			return fmt.Errorf("planet %s: resolved marker", p.name)
		}
		f0, f1 := sh.circ.has(p.flag), sh.cross.has(p.flag)
		if !done && (f0 || f1) {
			return fmt.Errorf("planet %s: flag before its resolution", p.name)
		}
		pl := int(a.planetOf[p.spaces[0]])
		c0, c1 := a.count(sh, pl, 0), a.count(sh, pl, 1)
		w0, w1 := c0 >= c1, c1 >= c0 // a tie: both
		if c0 == c1 && s.g.solo() {  // in solo the player's
			h := s.half(0, s.sheetIndex(sh))
			w0, w1 = h == 0, h == 1
		}
		if done && (f0 != w0 || f1 != w1) {
			return fmt.Errorf("planet %s: flag for %d-%d", p.name, c0, c1)
		}
	}
	for k, id := range a.asteroids {
		if sh.circ.has(id) && sh.cross.has(id) {
			return fmt.Errorf("asteroid #%d has two insignias", id)
		}
		for _, b := range a.bonuses[k] {
			if sh.cross.has(b.id) != taken(sh, id) || sh.circ.has(b.id) {
				return fmt.Errorf("asteroid #%d: bonus #%d", id, b.id)
			}
		}
		for h := 0; h < 2; h++ {
			if !hasInsignia(sh, id, h) {
				continue
			}
			st := a.halves[h].asteroidStep
			for j := a.halves[h].firstAs; j != k; j += st {
				if !taken(sh, a.asteroids[j]) {
					return fmt.Errorf("asteroid #%d marked before #%d", id, a.asteroids[j])
				}
			}
		}
	}
	i := s.sheetIndex(sh)
	for h, half := range a.halves {
		tracks := [][]int16{half.errors, half.plants, half.waters, half.plan, half.energy[0], half.energy[1], half.energy[2]}
		for _, ids := range append(tracks, half.astro) {
			if s.seatOf(i, h) >= s.g.players && (countCircled(sh, ids) > 0 || countCrossed(sh, ids) > 0) {
				return fmt.Errorf("half %s: ASTRA's half has no tracks", half.name)
			}
		}
		for _, ids := range tracks {
			if !prefix(sh, ids, false) || countCircled(sh, ids) > 0 {
				return fmt.Errorf("half %s: track not in order", half.name)
			}
		}
		if !prefix(sh, half.astro, true) || !prefix(sh, half.astro, false) {
			return fmt.Errorf("half %s: astronaut markers not in order", half.name)
		}
		for _, id := range half.astro {
			if sh.cross.has(id) && !sh.circ.has(id) {
				return fmt.Errorf("half %s: marker #%d used before it was stored", half.name, id)
			}
		}
	}
	return nil
}

// sheetIndex finds which sheet sh is (live or as at the start of the turn).
func (s *State) sheetIndex(sh *sheet) int {
	for i := range s.sh {
		if sh == &s.sh[i] || sh == &s.pub[i] {
			return i
		}
	}
	return 0
}

var bonusLetters = [numActs]string{actPlant: "p", actWater: "w", actEnergy: "e", actPlanning: "m"}

// draw renders the planets (B bottom's insignia, T top's, . free), their
// moons, flags and symbols, the asteroid race, then each half's tracks.
func (a *a8Layout) draw(s *State, sh *sheet) string {
	var b strings.Builder
	i := s.sheetIndex(sh)
	names := [2]string{s.seatName(s.seatOf(i, 0)), s.seatName(s.seatOf(i, 1))}
	fmt.Fprintf(&b, "  bottom B = %s (owner), top T = %s\n", names[0], names[1])
	ins := func(id int16) string {
		switch {
		case sh.circ.has(id) && sh.cross.has(id):
			return "BT"
		case sh.circ.has(id):
			return "B"
		case sh.cross.has(id):
			return "T"
		}
		return "."
	}
	for pl, p := range a.planets {
		fmt.Fprintf(&b, "  %s %-5s %2d-%-2d [", p.name, typeNames[p.kind], p.lo, p.hi)
		for k, sp := range p.spaces {
			if k > 0 {
				b.WriteByte(' ')
			}
			t := ins(spaceID(sp))
			if ic := a.icon[sp]; ic >= 0 {
				t += strings.ToLower(actNames[ic][:1])
			}
			b.WriteString(t)
		}
		fmt.Fprintf(&b, "] moons %s %s  plants %d/%d water %d/%d  flag ", ins(p.moons[0]), ins(p.moons[1]),
			countCrossed(sh, p.plants), len(p.plants), countCrossed(sh, p.waters), len(p.waters))
		switch {
		case a.resolved(sh, pl):
			b.WriteString(ins(p.flag))
		case s.phase == phOver:
			b.WriteString(map[int]string{1: "B", 2: "T", 3: "BT"}[s.winners(a, i, pl)] + " (at the end)")
		default:
			fmt.Fprintf(&b, "open %d-%d", a.count(sh, pl, 0), a.count(sh, pl, 1))
		}
		b.WriteString("\n")
	}
	b.WriteString("  asteroids (B from the left, T from the right):")
	for k, id := range a.asteroids {
		fmt.Fprintf(&b, " %s", ins(id))
		if len(a.bonuses[k]) > 0 && !taken(sh, id) {
			for _, bn := range a.bonuses[k] {
				b.WriteString(bonusLetters[bn.act])
			}
		}
	}
	b.WriteString("\n")
	for h, half := range a.halves {
		if s.seatOf(i, h) >= s.g.players {
			fmt.Fprintf(&b, "  %s ASTRA: no tracks (it scores by its cards)\n", map[int]string{0: "B", 1: "T"}[h])
			continue
		}
		fmt.Fprintf(&b, "  %s %s: plants %d/%d water %d/%d energy", map[int]string{0: "B", 1: "T"}[h], names[h],
			countCrossed(sh, half.plants), len(half.plants), countCrossed(sh, half.waters), len(half.waters))
		for k, tr := range half.energy {
			fmt.Fprintf(&b, " %s %d/%d (x%d)", typeNames[k], countCrossed(sh, tr), len(tr), half.energyVals[k][countCrossed(sh, tr)])
		}
		fmt.Fprintf(&b, " astronauts %d stored %d used planning %d/%d (-%d) errors %d/%d\n",
			a.stored(sh, h), countCrossed(sh, half.astro), countCrossed(sh, half.plan), len(half.plan),
			half.penalty[countCrossed(sh, half.plan)], countCrossed(sh, half.errors), len(half.errors))
	}
	b.WriteString("  (space icons r robot, p plant, w water; bonuses of a free asteroid p plant, w water, e energy, m planning moon)\n")
	return b.String()
}

// checkSoloBonus: a Solo bonus each time the planets the player controls
// become even.
func (a *a8Layout) checkSoloBonus(s *State, bonus int8) error {
	if n := a.controlled(s, 0); int(bonus) != min(s.lay().solo.bonusBoxes, n/2) {
		return states.Bad("Solo bonus %d for %d planets controlled", bonus, n)
	}
	return nil
}
