package welcomemoon

import (
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// Adventure 8, The Battle: one test per rule of adventure-8.md and of its
// solo part in solo-astra.md. Spaces and element ids are the folder's;
// half 0 is a sheet's bottom (its owner), half 1 its top (the owner's
// previous neighbour); an insignia is a circle (bottom) or a cross (top).

// a8Turn is a turn of a multiplayer game on the given sheets: turn 1 (each
// player on its next neighbour's sheet) or, with own, turn 2 (own sheet).
func a8Turn(t *testing.T, sheets []sheet, own bool, nums [3]int, acts [3]int8) *State {
	t.Helper()
	s := mkTurn(t, testGame(t, 8, len(sheets), 1), sheets, nums, acts)
	if own {
		s.turn = 1
	}
	return s
}

// ins puts half h's insignia on the given element ids (spaces get their X).
func ins(sh *sheet, h int, ids ...int) {
	for _, id := range ids {
		if id <= 33 {
			sh.num[id-1] = xMark
		}
		insignia(sh, int16(id), h)
	}
}

// TestA8Sheets: every sheet is shared by its owner (bottom) and the
// owner's previous neighbour (top); odd turns on the next neighbour's
// sheet, even turns on one's own; each half has its own System Errors.
func TestA8Sheets(t *testing.T) {
	for _, n := range []int{1, 2, 3, 5} {
		g := testGame(t, 8, n, 1)
		s := g.NewInitialState().(*State)
		sheets := max(n, 2)
		if g.sheets() != sheets {
			t.Fatalf("%d players: %d sheets", n, g.sheets())
		}
		for p := 0; p < n; p++ {
			next := (p + 1) % sheets
			s.turn = 0
			if got := g.lay.r.playSheet(s, p); got != next {
				t.Errorf("%d players, turn 1: p%d on sheet %d, want %d", n, p, got, next)
			}
			s.turn = 1
			if got := g.lay.r.playSheet(s, p); got != p {
				t.Errorf("%d players, turn 2: p%d on sheet %d, want its own", n, p, got)
			}
			if s.half(p, p) != 0 || s.half(p, next) != 1 {
				t.Errorf("%d players: p%d halves %d %d", n, p, s.half(p, p), s.half(p, next))
			}
			if got := g.lay.r.errBoxes(s, p, next); !slices.Equal(got, []int16{36, 37}) {
				t.Errorf("top System Errors %v", got)
			}
			if got := g.lay.r.errBoxes(s, p, p); !slices.Equal(got, []int16{34, 35}) {
				t.Errorf("bottom System Errors %v", got)
			}
		}
		if n >= 3 && s.half(0, 2) >= 0 {
			t.Errorf("%d players: p0 has a half on sheet 2", n)
		}
	}
}

// TestA8Placement: no ascending order; a value goes on the first empty
// space of a planet that takes it (3 on P0 or P1, 4 on P1 only); a full
// planet is not offered; the mark is the player's insignia.
func TestA8Placement(t *testing.T) {
	s := a8Turn(t, []sheet{{}, {}}, false, [3]int{3, 4, 13}, [3]int8{actWater, actRobot, actPlant})
	do(t, s, "3 Water [c1]")
	if got, want := legalNames(s), spaceNames(1, 4); !slices.Equal(got, want) {
		t.Fatalf("3: %v, want %v", got, want)
	}
	do(t, s, "space-4")
	sh := &s.sh[1] // p0 plays on p1's sheet as top player
	if sh.num[3] != xMark || !sh.cross.has(4) || sh.circ.has(4) {
		t.Fatalf("space 4: %d circled %v crossed %v, want p0's (top) insignia", sh.num[3], sh.circ.has(4), sh.cross.has(4))
	}
	// Water: P1's water symbol #183 and the top half's first water box #131
	if !sh.cross.has(183) || !sh.cross.has(131) || s.sh[0].cross.has(131) {
		t.Error("water symbol and track")
	}
	var full sheet
	ins(&full, 0, 1, 2, 3)
	s = a8Turn(t, []sheet{{}, full}, false, [3]int{3, 4, 13}, [3]int8{actWater, actRobot, actPlant})
	do(t, s, "3 Water [c1]")
	if got, want := legalNames(s), spaceNames(4); !slices.Equal(got, want) {
		t.Fatalf("P0 full: %v, want %v", got, want)
	}
	// 13 goes on P5 or P6 whatever the planets hold
	s = a8Turn(t, []sheet{{}, full}, false, [3]int{3, 4, 13}, [3]int8{actWater, actRobot, actPlant})
	do(t, s, "13 Plant [c3]")
	if got, want := legalNames(s), spaceNames(26, 31); !slices.Equal(got, want) {
		t.Fatalf("13: %v, want %v", got, want)
	}
}

// TestA8Icons: a space's icon triggers when it is filled: robot marks an
// asteroid, plant and water cross the next box of the player's track.
func TestA8Icons(t *testing.T) {
	var sh sheet
	ins(&sh, 0, 4, 5, 6, 7, 9, 10)
	s := a8Turn(t, []sheet{sh, {}}, true, [3]int{5, 6, 13}, [3]int8{actWater, actWater, actPlant})
	do(t, s, "5 Water [c1]", "space-8") // P1's robot space
	b := &s.sh[0]
	if !b.circ.has(50) {
		t.Error("robot icon: the bottom player's first asteroid #50")
	}
	// P1 is complete: resolved before the card action, flag to the bottom
	if !b.cross.has(224) || !b.circ.has(94) {
		t.Error("P1 not resolved")
	}
	s = a8Turn(t, []sheet{sh, {}}, true, [3]int{5, 6, 13}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "13 Plant [c3]", "space-26")
	s = a8Turn(t, []sheet{sh, {}}, true, [3]int{3, 6, 13}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "3 Robot [c1]", "space-1")
	if s.sh[0].cross.has(100) {
		t.Error("space 1 has no icon")
	}
	var p0 sheet
	ins(&p0, 1, 1, 2)
	s = a8Turn(t, []sheet{p0, {}}, true, [3]int{3, 6, 13}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "3 Robot [c1]", "space-3")
	if !s.sh[0].cross.has(100) {
		t.Error("plant icon of space 3: first plant box #100")
	}
	var p4 sheet
	ins(&p4, 1, 21, 22, 23)
	s = a8Turn(t, []sheet{{}, p4}, false, [3]int{10, 6, 13}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "10 Robot [c1]", "space-24")
	if !s.sh[1].cross.has(131) || !s.sh[1].cross.has(62) {
		t.Error("water icon of space 24 for the top player (#131), robot from #62")
	}
}

// TestA8Astronaut: the Astronaut action moves the value by up to 2 and
// stores a marker; each stored marker crossed on a later turn on the same
// sheet moves it 2 further; the move uses as few markers as it needs.
func TestA8Astronaut(t *testing.T) {
	s := a8Turn(t, []sheet{{}, {}}, true, [3]int{8, 8, 1}, [3]int8{actAstronaut, actRobot, actEnergy})
	do(t, s, "8 Astronaut [c1]")
	if got, want := legalNames(s), spaceNames(9, 14, 21); !slices.Equal(got, want) {
		t.Fatalf("8 +-2: %v, want %v", got, want)
	}
	do(t, s, "space-21")
	if !s.sh[0].circ.has(38) || s.sh[0].cross.has(38) {
		t.Fatal("Astronaut: marker #38 stored")
	}
	stored := s.sh[0]
	s = a8Turn(t, []sheet{stored, {}}, true, [3]int{8, 8, 1}, [3]int8{actAstronaut, actRobot, actEnergy})
	do(t, s, "8 Robot [c2]")
	if got, want := legalNames(s), spaceNames(9, 14, 22); !slices.Equal(got, want) {
		t.Fatalf("8 with one stored marker: %v, want %v", got, want)
	}
	do(t, s, "space-14") // 8 itself: no marker
	if s.sh[0].cross.has(38) {
		t.Error("a move of 0 used a marker")
	}
	s = a8Turn(t, []sheet{stored, {}}, true, [3]int{8, 8, 1}, [3]int8{actAstronaut, actRobot, actEnergy})
	do(t, s, "8 Robot [c2]", "space-9")
	if !s.sh[0].cross.has(38) || s.sh[0].circ.has(39) {
		t.Error("a move of 1 uses the stored marker and stores none")
	}
	// on the other sheet the marker is not there
	s = a8Turn(t, []sheet{stored, {}}, false, [3]int{8, 8, 1}, [3]int8{actAstronaut, actRobot, actEnergy})
	do(t, s, "8 Robot [c2]")
	if got, want := legalNames(s), spaceNames(14); !slices.Equal(got, want) {
		t.Fatalf("other sheet: %v, want %v", got, want)
	}
	// two stored markers and the Astronaut action: +-6; a move of 5 uses 2
	two := sheet{}
	two.circ.set(38)
	two.circ.set(39)
	s = a8Turn(t, []sheet{two, {}}, true, [3]int{1, 8, 2}, [3]int8{actAstronaut, actRobot, actEnergy})
	do(t, s, "1 Astronaut [c1]")
	if got, want := legalNames(s), spaceNames(1, 4, 9, 14); !slices.Equal(got, want) {
		t.Fatalf("1 +-6 (0..7): %v, want %v", got, want)
	}
	do(t, s, "space-9") // 5 on P2, the nearest: 4, 2 beyond the action's 2
	if !s.sh[0].cross.has(38) || s.sh[0].cross.has(39) || !s.sh[0].circ.has(40) {
		t.Errorf("a move of 4 with Astronaut (5, not 7, on P2): one marker used, one stored: circ %v cross %v",
			[]bool{s.sh[0].circ.has(38), s.sh[0].circ.has(39), s.sh[0].circ.has(40)}, []bool{s.sh[0].cross.has(38), s.sh[0].cross.has(39)})
	}
}

// TestA8Asteroids: Robot marks the first free asteroid from the player's
// end (bottom from #50 up, top from #62 down), skipping the other's; plant
// and water bonuses cross a track box, energy bonuses are Energy actions,
// planning bonuses moons without penalty.
func TestA8Asteroids(t *testing.T) {
	var sh sheet
	ins(&sh, 0, 50)
	ins(&sh, 1, 51, 52)
	sh.cross.set(63)
	sh.cross.set(64)
	s := a8Turn(t, []sheet{sh, {}}, true, [3]int{3, 6, 13}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "3 Robot [c1]", "space-1")
	b := &s.sh[0]
	if !b.circ.has(53) || !b.cross.has(65) || !b.cross.has(100) {
		t.Fatal("bottom Robot: #53 (skipping the top's #51 #52), its plant bonus")
	}
	// #54: water and energy
	s = a8Turn(t, []sheet{*b, {}}, true, [3]int{3, 6, 13}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "3 Robot [c1]", "space-2")
	if got, want := legalNames(s), []string{"energy-green", "energy-blue", "energy-grey"}; !slices.Equal(got, want) {
		t.Fatalf("energy bonus: %v", got)
	}
	do(t, s, "energy-grey")
	b = &s.sh[0]
	if !b.circ.has(54) || !b.cross.has(122) || !b.cross.has(148) || !b.cross.has(66) || !b.cross.has(67) {
		t.Fatal("#54: water box #122, grey energy #148")
	}
	// #55 two energies, #56 two planning moons without penalty
	s = a8Turn(t, []sheet{*b, {}}, true, [3]int{3, 6, 13}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "3 Robot [c1]", "space-3", "energy-green", "energy-green")
	s = a8Turn(t, []sheet{s.sh[0], {}}, true, [3]int{3, 6, 13}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "3 Robot [c1]", "space-4")
	if got := legalNames(s); len(got) != 12 || has(got, "no-moon") || has(got, "moon-P0-1") {
		t.Fatalf("planning bonus: the 12 moons of unresolved planets, compulsory: %v", got)
	}
	do(t, s, "moon-P3-1", "moon-P3-2")
	b = &s.sh[0]
	if !b.circ.has(85) || !b.circ.has(86) || b.cross.has(164) {
		t.Fatal("planning bonus: moons #85 #86, no penalty")
	}
	// the top player from #62 down, skipping the bottom's
	var race sheet
	ins(&race, 0, 50, 51, 52, 53, 54, 62)
	ins(&race, 1, 61, 60, 59, 58, 57, 56)
	s = a8Turn(t, []sheet{{}, race}, false, [3]int{3, 6, 13}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "3 Robot [c1]", "space-1", "energy-blue", "energy-blue")
	if !s.sh[1].cross.has(55) || !s.sh[1].cross.has(156) || !s.sh[1].cross.has(157) {
		t.Fatal("top Robot: #55, the last free, two energies")
	}
	full := s.sh[1]
	s = a8Turn(t, []sheet{{}, full}, false, [3]int{3, 6, 13}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "3 Robot [c1]", "space-2")
	full.num[1] = xMark
	full.cross.set(2)
	// (mission B, card 108, is met now: the turn asks it)
	if !s.sh[1].sameMarks(&full) || s.sub != subEffect || s.ctx.pend[0].kind != effMission {
		t.Fatalf("no asteroid left: the Robot does nothing more: cur %d circ %v/%v cross %v/%v", s.cur, markList(&s.sh[1].circ), markList(&full.circ), markList(&s.sh[1].cross), markList(&full.cross))
	}
}

// TestA8Actions: Energy crosses a box of one of the player's three
// tracks; Plant and Water cross the planet's next symbol and a track box
// (nothing without a symbol left); Planning puts the insignia on a free
// moon of an unresolved planet with a penalty box, and may be declined.
func TestA8Actions(t *testing.T) {
	s := a8Turn(t, []sheet{{}, {}}, true, [3]int{15, 14, 7}, [3]int8{actEnergy, actPlant, actPlanning})
	do(t, s, "15 Energy [c1]", "space-31", "energy-blue")
	if !s.sh[0].cross.has(144) {
		t.Fatal("Energy: blue box #144")
	}
	s = a8Turn(t, []sheet{s.sh[0], {}}, true, [3]int{15, 14, 7}, [3]int8{actEnergy, actPlant, actPlanning})
	do(t, s, "14 Plant [c2]", "space-32")
	if !s.sh[0].cross.has(197) || !s.sh[0].cross.has(100) {
		t.Fatal("Plant: P6's first symbol #197, plant box #100")
	}
	s = a8Turn(t, []sheet{s.sh[0], {}}, true, [3]int{15, 14, 7}, [3]int8{actEnergy, actPlant, actPlanning})
	do(t, s, "14 Plant [c2]", "space-33") // the plant icon, then the action
	if !s.sh[0].cross.has(198) || countCrossed(&s.sh[0], g8(t).halves[0].plants) != 3 {
		t.Fatal("Plant: #198 and two more plant boxes (icon and action)")
	}
	// no water symbol on P6: nothing
	var p6 sheet
	ins(&p6, 1, 31)
	s = a8Turn(t, []sheet{p6, {}}, true, [3]int{15, 14, 7}, [3]int8{actWater, actPlant, actPlanning})
	do(t, s, "15 Water [c1]", "space-32")
	if s.sh[0].cross.has(122) {
		t.Fatal("Water on P6 crossed a water box")
	}
	s = a8Turn(t, []sheet{{}, {}}, true, [3]int{15, 14, 7}, [3]int8{actEnergy, actPlant, actPlanning})
	do(t, s, "7 Planning [c3]", "space-9")
	if got := legalNames(s); len(got) != 15 || !has(got, "no-moon") {
		t.Fatalf("Planning: 14 moons or none: %v", got)
	}
	do(t, s, "moon-P2-2")
	if !s.sh[0].circ.has(84) || !s.sh[0].cross.has(164) {
		t.Fatal("Planning: moon #84 and penalty box #164")
	}
	s = a8Turn(t, []sheet{{}, {}}, true, [3]int{15, 14, 7}, [3]int8{actEnergy, actPlant, actPlanning})
	do(t, s, "7 Planning [c3]", "space-9", "no-moon")
	if s.sh[0].cross.has(164) {
		t.Fatal("declined Planning: no penalty")
	}
}

// TestA8Resolution: the space that completes a planet resolves it: the
// half with more insignias on its spaces and moons takes the flag, both on
// a tie (solo: the player); its moons are closed then.
func TestA8Resolution(t *testing.T) {
	cases := []struct {
		name     string
		players  int
		top      []int
		wantFlag [2]bool
	}{
		{"bottom wins", 2, []int{1}, [2]bool{true, false}},
		{"tie: both", 2, []int{1, 79}, [2]bool{true, true}},
		{"top wins", 2, []int{1, 79, 80}, [2]bool{false, true}},
	}
	for _, c := range cases {
		var sh sheet
		ins(&sh, 0, 2)
		ins(&sh, 1, c.top...)
		s := a8Turn(t, []sheet{sh, {}}, true, [3]int{3, 6, 7}, [3]int8{actPlanning, actRobot, actPlant})
		do(t, s, "3 Planning [c1]", "space-3")
		b := &s.sh[0]
		if got := [2]bool{b.circ.has(93), b.cross.has(93)}; got != c.wantFlag || !b.cross.has(223) {
			t.Errorf("%s: flag %v, want %v", c.name, got, c.wantFlag)
		}
		if has(legalNames(s), "moon-P0-1") || has(legalNames(s), "moon-P0-2") {
			t.Errorf("%s: P0's moons still open", c.name)
		}
	}
	// solo: a tie goes to the player, on either sheet
	g := testGame(t, 8, 1, 1)
	s := g.NewInitialState().(*State)
	a := g.lay.a8
	for i := 0; i < 2; i++ {
		sh := &s.sh[i]
		ins(sh, 0, 1)
		ins(sh, 1, 2)
		ins(sh, s.half(0, i), 3)
		ins(sh, 1-s.half(0, i), 79)
		a.resolve(s, i, 0)
		if h := s.half(0, i); !hasInsignia(sh, 93, h) || hasInsignia(sh, 93, 1-h) {
			t.Errorf("solo sheet %d: the tie is not the player's", i)
		}
	}
}

func g8(t *testing.T) *a8Layout { return testGame(t, 8, 2, 1).lay.a8 }

// TestScoreA8: per half, plants + water + planets controlled x their
// type's multiplier - planning - 5 per System Error; a player scores its
// bottom half of its own sheet, its top half of the next, and missions;
// at the end every planet not resolved goes by the current counts (0-0:
// both).
func TestScoreA8(t *testing.T) {
	g := testGame(t, 8, 2, 1)
	s := g.NewInitialState().(*State)
	a := g.lay.a8
	own, next := &s.sh[0], &s.sh[1]
	marksOf(own, nil, []int16{100, 101, 102, 122, 123, 140, 148, 149, 164, 34})
	// flags: P0 green B, P2 blue both, P3 grey B, P1 grey T
	marksOf(own, []int16{93, 95, 96}, []int16{95, 94, 223, 224, 225, 226})
	marksOf(next, nil, ids(131, 139))
	marksOf(next, nil, ids(152, 155))
	marksOf(next, nil, ids(171, 177))
	marksOf(next, nil, []int16{99, 229}) // P6 green T
	ins(next, 1, 21)                     // P4: 1-0 for the top, not resolved
	own.mval[0] = 12
	want := []scoreLine{{"own plants", 7}, {"own water", 6}, {"own planets", 3 + 2 + 6}, {"own planning", -3}, {"own System Errors", -5},
		{"next plants", 0}, {"next water", 45}, {"next planets", 8}, {"next planning", -36}, {"next System Errors", 0}}
	if got := a.scoreLines(s, 0); !slices.Equal(got, want) {
		t.Errorf("lines %v\nwant  %v", got, want)
	}
	if got := s.Score(0); got != 16+17+12 {
		t.Errorf("score %d, want 45", got)
	}
	// p1: bottom of sheet 1 (nothing), top of sheet 0: P1 grey x4, P2 blue x2
	if got := s.Score(1); got != 6 {
		t.Errorf("p1 score %d, want 6", got)
	}
	s.phase = phOver
	// own: P4 green, P5 blue, P6 green at 0-0: +3 +2 +3; next: P4 green
	// (1-0) and P0 green, P1 P3 grey, P2 P5 blue at 0-0: 8+8 + 4+4 + 2+2
	if got, want := s.Score(0), (7+6+19-3-5)+(45+8+16+8+4-36)+12; got != want {
		t.Errorf("final score %d, want %d", got, want)
	}
	// every value of the printed tracks
	h := &a.halves[1]
	for k, v := range []int{0, 2, 4, 7, 10, 13, 17, 21, 25, 30, 35, 40} {
		if h.plantVals[k] != v {
			t.Errorf("plants %d: %d, want %d", k, h.plantVals[k], v)
		}
	}
	if !slices.Equal(h.waterVals, []int{0, 3, 6, 10, 14, 19, 24, 30, 37, 45}) || !slices.Equal(h.penalty, []int{0, 3, 6, 10, 15, 21, 28, 36}) {
		t.Errorf("water %v penalty %v", h.waterVals, h.penalty)
	}
	if !slices.Equal(h.energyVals[typeGreen], []int{2, 3, 4, 6, 8}) || !slices.Equal(h.energyVals[typeBlue], []int{2, 4, 6, 8, 10}) ||
		!slices.Equal(h.energyVals[typeGrey], []int{4, 5, 6, 9, 12}) {
		t.Errorf("multipliers %v", h.energyVals)
	}
}

// TestA8Missions: the six cards hold on either sheet the player plays on,
// for its own half only.
func TestA8Missions(t *testing.T) {
	g := testGame(t, 8, 3, 1)
	a := g.lay.a8
	check := func(s *State, card int, want bool) {
		t.Helper()
		if got := a.missionMet(s, 0, card); got != want {
			t.Errorf("card %d: %v, want %v", card, got, want)
		}
	}
	// p0 is bottom of sheet 0, top of sheet 1; sheet 2 is not p0's
	for _, c := range []struct {
		sheet, half int
		want        bool
	}{{0, 0, true}, {1, 1, true}, {1, 0, false}, {2, 1, false}} {
		s := g.NewInitialState().(*State)
		sh := &s.sh[c.sheet]
		for _, f := range []int{93, 94, 95} { // green, grey, blue
			insignia(sh, int16(f), c.half)
		}
		check(s, 107, c.want)
		check(s, 106, false)
		insignia(sh, 96, c.half)
		check(s, 106, c.want)
		for _, id := range []int{50, 51, 52, 53, 54, 55} {
			insignia(sh, int16(id), c.half)
		}
		check(s, 108, false)
		insignia(sh, 62, c.half)
		check(s, 108, c.want)
		for _, id := range []int{79, 80, 81, 83} { // moons of P0, P1, P2
			insignia(sh, int16(id), c.half)
		}
		check(s, 111, false)
		insignia(sh, 92, c.half)
		check(s, 111, c.want)
		h := &a.halves[c.half]
		for k := 0; k < 3; k++ {
			marksOf(sh, nil, h.energy[k][:1])
		}
		check(s, 109, false)
		for k := 0; k < 3; k++ {
			marksOf(sh, nil, h.energy[k][:2])
		}
		check(s, 109, c.want)
		marksOf(sh, nil, h.plants[:6])
		marksOf(sh, nil, h.waters[:3])
		check(s, 110, false)
		marksOf(sh, nil, h.waters[:4])
		check(s, 110, c.want)
	}
	// "same sheet": 2 flags on each of p0's sheets are not 4
	s := g.NewInitialState().(*State)
	marksOf(&s.sh[0], []int16{93, 94}, nil)
	marksOf(&s.sh[1], nil, []int16{95, 96})
	check(s, 106, false)
}

// TestA8End: the game ends when a half has both System Errors, or a sheet
// (in solo ASTRA's too) has every space filled.
func TestA8End(t *testing.T) {
	g := testGame(t, 8, 2, 1)
	s := g.NewInitialState().(*State)
	s.sh[0].cross.set(34)
	s.sh[1].cross.set(36)
	if s.endsBy(0) != endNone {
		t.Fatal("one box on each half ends the game")
	}
	s.sh[1].cross.set(37)
	if s.endsBy(0) != endErrors || s.ErrorsUsed(0) != 3 {
		t.Fatalf("both top boxes: %d, errors %d", s.endsBy(0), s.ErrorsUsed(0))
	}
	s = g.NewInitialState().(*State)
	for sp := 1; sp <= 33; sp++ {
		ins(&s.sh[1], sp%2, sp)
	}
	if s.endsBy(1) != endFull || s.endsBy(0) != endNone {
		t.Fatal("sheet 1 full")
	}
	solo := testGame(t, 8, 1, 1)
	s = newTurn(t, solo, [3]int8{0, 0, 0}, [3]int{3, 6, 9}, [3]int8{actWater, actRobot, actRobot})
	s.astra.moved = true
	for sp := 1; sp <= 33; sp++ {
		ins(&s.sh[1], 0, sp)
	}
	s.syncPub()
	s.closeTurnRound()
	if s.phase != phOver || s.ended != endFull {
		t.Fatal("solo: ASTRA's sheet full ends the game")
	}
}

// soloStart is a solo game of Adventure 8 at its first flip, the mission
// cards drawn.
func soloStart(t *testing.T, level int) *State {
	t.Helper()
	s := testGame(t, 8, 1, level).NewInitialState().(*State)
	s.Apply(0)
	s.Apply(0)
	s.Apply(0)
	return s
}

// flip reveals the lowest unseen card with that number and action.
func flip(t *testing.T, s *State, num int, act int8) {
	t.Helper()
	s.Apply(engine.Action(findCard(t, s, num, act)))
}

// TestA8AstraTurn: in solo, the first card of a turn is ASTRA's: its
// number on an allowed planet (the player chooses between two; when none
// has room the next value, 15 then 1), on the active sheet (odd turns
// ASTRA's, even the player's), then its action with Astronaut as Planning
// and Energy as Robot; then two more cards for the player, who plays with
// all three.
func TestA8AstraTurn(t *testing.T) {
	s := soloStart(t, 1)
	flip(t, s, 5, actEnergy) // P1 or P2
	if s.phase != phAstra || !slices.Equal(legalNames(s), []string{"astra-P1", "astra-P2"}) {
		t.Fatalf("5: %v in phase %d", legalNames(s), s.phase)
	}
	// the question is ASTRA's turn's, not an ASTRA card's
	if got := s.String(); !strings.HasSuffix(got, "p0: ASTRA's turn (5 Energy): choose the planet for ASTRA's insignia.") {
		t.Errorf("ASTRA's turn: the screen ends %q", got[strings.LastIndex(got, "\n")+1:])
	}
	do(t, s, "astra-P2")
	sh := &s.sh[1] // turn 1: ASTRA's sheet, ASTRA at the bottom
	if !sh.circ.has(9) || !sh.circ.has(50) || sh.cross.has(50) {
		t.Fatal("ASTRA: space 9 and (Energy as Robot) asteroid #50 from its end")
	}
	if s.phase != phChance || s.deck.shown[1] != noCard {
		t.Fatal("after ASTRA's turn the second card is flipped")
	}
	flip(t, s, 1, actRobot)
	flip(t, s, 2, actRobot)
	if s.phase != phDecide || !has(legalNames(s), "5 Robot [n1a2]") {
		t.Fatalf("the player plays with ASTRA's card too: %v", legalNames(s))
	}
	// Astronaut as Planning: the first free moon of the planet played
	s = soloStart(t, 1)
	flip(t, s, 13, actAstronaut) // P5 or P6
	do(t, s, "astra-P6")
	if !s.sh[1].circ.has(31) || !s.sh[1].circ.has(91) {
		t.Fatal("13 Astronaut: space 31 and moon #91")
	}
	// Plant: the planet's next plant symbol; no choice with one planet
	s = soloStart(t, 1)
	flip(t, s, 4, actPlant) // P1 only
	if s.phase != phChance || !s.sh[1].circ.has(4) || !s.sh[1].cross.has(184) || s.sh[1].cross.has(100) {
		t.Fatalf("4 Plant: space 4 and symbol #184, no track box\n%s", s)
	}
	// no room for 15: 1 (P0); on the player's sheet ASTRA is the top half
	s = soloStart(t, 1)
	s.turn = 1
	ins(&s.sh[0], 0, 31, 32, 33)
	s.syncPub()
	flip(t, s, 15, actRobot)
	if !s.sh[0].cross.has(1) || !s.sh[0].cross.has(62) {
		t.Fatal("15 with P6 full: space 1 (value 1), Robot from #62 as the top half")
	}
}

// TestA8AstraTurnBeforeDeckRunsOut: the deck running out a second time is
// found when the second card of a turn must be revealed, after ASTRA's turn
// with the first (solo-astra.md 6: reveal 1 card, ASTRA's turn, reveal 2
// more); ASTRA's insignia stays and the player's turn is not played.
func TestA8AstraTurnBeforeDeckRunsOut(t *testing.T) {
	cases := []struct {
		name   string
		num    int
		act    int8
		choose []string // the player's choice of ASTRA's planet, if any
		space  int16    // ASTRA's insignia on its own sheet (turn 1)
		mark   int16    // and its action's mark
	}{
		{"4 Plant: P1 only", 4, actPlant, nil, 4, 184},
		{"5 Energy: P1 or P2, as Robot", 5, actEnergy, []string{"astra-P2"}, 9, 50},
	}
	for _, c := range cases {
		s := soloStart(t, 1)
		card := findCard(t, s, c.num, c.act)
		// second pass, this card the last one of the deck
		s.deck.unseen = cardSet{}
		s.deck.left[0] = 0
		s.deck.pass[0] = 1
		s.deck.known[0] = cardSet{}
		s.deck.known[0].add(card)
		s.Apply(engine.Action(card))
		do(t, s, c.choose...)
		sh := &s.sh[1]
		if !sh.circ.has(c.space) || !sh.cross.has(c.mark) && !sh.circ.has(c.mark) {
			t.Errorf("%s: ASTRA's turn not played (space %d, mark %d)\n%s", c.name, c.space, c.mark, s)
		}
		if !s.IsTerminal() || s.ended != endDeck {
			t.Errorf("%s: phase %d ended %d, want the deck's end", c.name, s.phase, s.ended)
		}
	}
}

// TestA8AstraCards: an ASTRA card puts two ASTRA insignias, one at a time,
// on free moons of unresolved planets of the active sheet where the player
// has the most insignias (the player chooses among ties).
func TestA8AstraCards(t *testing.T) {
	s := soloStart(t, 1)
	sh := &s.sh[1] // turn 1: the player is the top half of ASTRA's sheet
	ins(sh, 1, 14, 15, 21, 22, 26)
	insignia(sh, 85, 0) // P3 has one moon left
	s.syncPub()
	if !s.astraCard(0) || !slices.Equal(legalNames(s), []string{"astra-moon-P3", "astra-moon-P4"}) {
		t.Fatalf("ASTRA card: %v", legalNames(s))
	}
	do(t, s, "astra-moon-P3")
	if !s.sh[1].circ.has(86) {
		t.Fatal("ASTRA's moon #86")
	}
	// P3 has no moon left: P4 alone, no choice
	if s.phase != phChance || !s.sh[1].circ.has(87) {
		t.Fatalf("second moon on P4: phase %d", s.phase)
	}
}

// TestA8SoloBonus: a Solo bonus box each time the number of planets the
// player controls (both sheets) becomes even; ASTRA's score is its cards
// plus 20 plus 3 per level.
func TestA8SoloBonus(t *testing.T) {
	s := soloStart(t, 4)
	a := s.g.lay.a8
	sh0, sh1 := &s.sh[0], &s.sh[1]
	ins(sh0, 0, 1, 2, 3)
	a.resolve(s, 0, 0)
	if s.astra.bonus != 0 {
		t.Fatal("1 planet: no bonus")
	}
	ins(sh1, 0, 4, 5, 6, 7, 8) // ASTRA's
	a.resolve(s, 1, 1)
	ins(sh1, 1, 9, 10, 11, 12, 13) // the player's
	a.resolve(s, 1, 2)
	if s.astra.bonus != 1 {
		t.Fatalf("2 planets: bonus %d, want 1", s.astra.bonus)
	}
	s.astra.cards = [numActs]int8{2, 1, 0, 0, 0, 1} // Robot 2, Energy 6, Planning 2 at level 4
	if got := s.astraScore(); got != 2*2+6+2+20+3*4 {
		t.Errorf("ASTRA score %d", got)
	}
}

// TestDecodeRejectsA8: the marks must agree with the rules.
func TestDecodeRejectsA8(t *testing.T) {
	g := testGame(t, 8, 2, 1)
	s := a8Turn(t, []sheet{{}, {}}, true, [3]int{3, 6, 13}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "3 Robot [c1]", "space-1")
	checkRejects(t, g, s, []sheetCase{
		{"a number instead of an insignia", func(sh *sheet) { sh.num[3] = 4 }},
		{"a planet filled out of order", func(sh *sheet) { ins(sh, 0, 5) }},
		{"two insignias on a space", func(sh *sheet) { sh.cross.set(1) }},
		{"an insignia on an empty space", func(sh *sheet) { sh.circ.set(9) }},
		{"a flag before the resolution", func(sh *sheet) { sh.circ.set(93) }},
		{"an asteroid out of the race", func(sh *sheet) { sh.circ.set(52); sh.cross.set(64) }},
		{"an asteroid without its bonus crossed", func(sh *sheet) { sh.circ.set(51) }},
		{"a track out of order", func(sh *sheet) { sh.cross.set(102) }},
		{"an astronaut used before stored", func(sh *sheet) { sh.cross.set(38) }},
		{"a planet resolved but not full", func(sh *sheet) { sh.cross.set(224) }},
		{"a planet's second plant symbol before its first", func(sh *sheet) { sh.cross.set(186) }},
		{"a circled planet symbol", func(sh *sheet) { sh.circ.set(182) }},
		{"a tie with one flag", func(sh *sheet) { ins(sh, 1, 2, 3); ins(sh, 0, 79); sh.cross.set(223); sh.circ.set(93) }},
	})
	// solo: a tie is the player's alone (on its sheet the bottom half)
	solo := testGame(t, 8, 1, 1)
	tie := func(sh *sheet) { ins(sh, 1, 2, 3); ins(sh, 0, 1, 79); sh.cross.set(223) }
	ok := soloStart(t, 1)
	tie(&ok.sh[0])
	ok.sh[0].circ.set(93)
	ok.syncPub()
	if data, _ := ok.MarshalJSON(); !decodes(solo, data) {
		t.Error("a solo tie with the player's flag is refused")
	}
	checkRejects(t, solo, soloStart(t, 1), []sheetCase{
		{"a solo tie with both flags", func(sh *sheet) { tie(sh); sh.circ.set(93); sh.cross.set(93) }},
		{"a solo tie with ASTRA's flag", func(sh *sheet) { tie(sh); sh.cross.set(93) }},
		{"a track box of ASTRA's half", func(sh *sheet) { sh.cross.set(111) }},
		{"a System Error of ASTRA's half", func(sh *sheet) { sh.cross.set(36) }},
		{"an astronaut marker of ASTRA's half", func(sh *sheet) { sh.circ.set(44) }},
	})
}

// TestProgressA8: State.Progress adds, per planet not resolved, p's share
// of its insignias times the multiplier it would score.
func TestProgressA8(t *testing.T) {
	g := testGame(t, 8, 2, 1)
	s := g.NewInitialState().(*State)
	if got := s.Progress(0); got != 0 {
		t.Fatalf("empty sheets: %v", got)
	}
	ins(&s.sh[0], 0, 4, 5) // P1 grey x4: 2 of 2+0+1
	ins(&s.sh[0], 1, 6)    // 2 of 2+1+1
	if got, want := s.Progress(0), 4*2.0/4; got != want {
		t.Errorf("progress %v, want %v", got, want)
	}
}

// TestA8MissionSeenAtTurnStart: a mission that another seat's move this
// turn would complete on a seat's other sheet is not asked during the turn
// (that sheet is as at the start of the turn to the seat) but counts from
// the next turn.
func TestA8MissionSeenAtTurnStart(t *testing.T) {
	// p1 is the bottom of sheet 1 with 3 flags; on P0 it has space 1 and
	// both moons, p0 (top) space 2: p0 completes P0 with a 3 this turn,
	// 3-2 for p1, p1's fourth flag
	var sh sheet
	marksOf(&sh, []int16{94, 95, 96}, []int16{224, 225, 226})
	for _, pl := range []int{1, 2, 3} {
		for _, sp := range g8(t).planets[pl].spaces {
			ins(&sh, 0, int(sp)+1)
		}
	}
	ins(&sh, 0, 1, 79, 80)
	ins(&sh, 1, 2)
	s := a8Turn(t, []sheet{{}, sh}, false, [3]int{3, 6, 13}, [3]int8{actWater, actRobot, actPlant})
	s.mission = [3]int8{0, 0, 0} // card 106: control 4 planets
	do(t, s, "3 Water [c1]", "space-3")
	if !s.sh[1].circ.has(93) {
		t.Fatal("P0 is p1's")
	}
	// p1's turn: it plays on sheet 0; sheet 1 is as at the start of the turn
	if s.cur != 1 {
		t.Fatalf("p1 to play, got p%d", s.cur)
	}
	do(t, s, "13 Plant [c3]", "space-26")
	if s.sub == subEffect && s.ctx.pend[0].kind == effMission {
		t.Fatal("p1 was asked about a mission it cannot see yet")
	}
	if !g8(t).missionMet(s, 1, 106) {
		t.Fatal("card 106 holds for p1 on sheet 1")
	}
}

// TestA8ScreenErrors: a seat's line on the screen counts its own System
// Errors on both of its halves (4 boxes), not the two halves of its sheet.
func TestA8ScreenErrors(t *testing.T) {
	s := testGame(t, 8, 2, 1).NewInitialState().(*State)
	s.sh[0].cross.set(36) // p1's, the top half of p0's sheet
	s.sh[1].cross.set(36) // p0's, the top half of p1's sheet
	s.sh[1].cross.set(37)
	s.syncPub()
	got := s.String()
	for _, want := range []string{"--- p0: score -10 - missions A:- B:- C:- - System Errors 2/4", "--- p1: score -5 - missions A:- B:- C:- - System Errors 1/4"} {
		if !strings.Contains(got, want) {
			t.Errorf("no line %q in\n%s", want, got)
		}
	}
}

func decodes(g *Game, data []byte) bool {
	_, err := g.DecodeState(data)
	return err == nil
}
