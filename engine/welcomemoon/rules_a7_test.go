package welcomemoon

import (
	"slices"
	"testing"
)

// Adventure 7, The Escape: one test per rule of adventure-7.md and of its
// solo part in solo-astra.md. Spaces and element ids are the folder's;
// blocks B0..B18 and airlocks by their ids.

func a7Turn(t *testing.T, sheets []sheet, nums [3]int, acts [3]int8) *State {
	t.Helper()
	return mkTurn(t, testGame(t, 7, len(sheets), 1), sheets, nums, acts)
}

func spaceNames(ids ...int) []string {
	var out []string
	for _, id := range ids {
		out = append(out, "space-"+itoa(id))
	}
	return out
}

// TestA7Connected: numbers and X only in blocks connected to the base (B0
// and B2 at the start) through activated airlocks; Robot activates an
// airlock touching a connected block.
func TestA7Connected(t *testing.T) {
	s := a7Turn(t, []sheet{{}, {}}, [3]int{9, 6, 7}, [3]int8{actRobot, actWater, actPlanning})
	do(t, s, "9 Robot [c1]")
	if got, want := legalNames(s), spaceNames(1, 2, 3, 4, 6, 7, 8, 9); !slices.Equal(got, want) {
		t.Fatalf("start: %v, want B0 and B2 %v", got, want)
	}
	do(t, s, "space-3")
	// the airlocks touching B0 or B2
	want := []string{"airlock-B0-B1", "airlock-B1-B2", "airlock-B0-B3", "airlock-B0-B4", "airlock-B2-B6"}
	if got := legalNames(s); !slices.Equal(got, want) {
		t.Fatalf("airlocks %v, want %v", got, want)
	}
	do(t, s, "airlock-B0-B4")
	if !s.sh[0].circ.has(133) {
		t.Fatal("airlock #133 not activated")
	}
	s2 := a7Turn(t, []sheet{s.sh[0], {}}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
	do(t, s2, "9 Water [c1]")
	if got := legalNames(s2); !has(got, "space-13") || !has(got, "space-15") || has(got, "space-10") {
		t.Errorf("B4 (13-15) connected now, B3 not: %v", got)
	}
	// the Planning X too
	do(t, s2, "space-14")
	s3 := a7Turn(t, []sheet{{}, {}}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
	do(t, s3, "7 Planning [c3]", "space-2")
	if got := legalNames(s3); has(got, "x-5") || has(got, "x-10") || !has(got, "x-9") {
		t.Errorf("X only in connected blocks: %v", got)
	}
}

// TestA7RobotSpacesAndErrors: a printed robot space (1, 8, 12, 19, 24, 28,
// 38, 40) filled, and the first two System Errors, activate an airlock.
func TestA7RobotSpacesAndErrors(t *testing.T) {
	s := a7Turn(t, []sheet{{}, {}}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
	do(t, s, "9 Water [c1]", "space-8")
	if s.sub != subEffect || !has(legalNames(s), "airlock-B2-B6") {
		t.Fatalf("robot space 8: %v", legalNames(s))
	}
	do(t, s, "airlock-B2-B6")
	// System Errors: the player has no playable combination
	var full sheet
	for sp := 0; sp < 43; sp++ {
		full.num[sp] = xMark
	}
	full.num[0] = empty // only space 1 (B0) is open: 9 fits, so make it impossible
	full.num[1] = 1     // space 2 holds 0: space 1 needs a number below 0
	for k, wantAir := range []bool{true, true, false} {
		s := a7Turn(t, []sheet{full, {}}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
		if got := legalNames(s); !slices.Equal(got, []string{"system-error"}) {
			t.Fatalf("error %d: %v", k+1, got)
		}
		do(t, s, "system-error")
		if got := s.sub == subEffect && s.ctx.pend[0].kind == effAirlock; got != wantAir {
			t.Errorf("System Error %d gives an airlock: %v, want %v", k+1, got, wantAir)
		}
		for s.sub == subEffect {
			s.Apply(s.LegalActions(nil)[0])
		}
		full = s.sh[0]
	}
}

// TestA7Actions: Energy circles the next reactor of the number's
// starship, Plant the next plant of its greenhouse (wherever the number
// is), Water the tank of the space; Astronaut markers give Wilds.
func TestA7Actions(t *testing.T) {
	var sh sheet
	sh.circ.set(133) // B4 connected
	for _, c := range []struct {
		act   int8
		space string
		id    int16
	}{
		{actEnergy, "space-2", 118}, {actEnergy, "space-7", 117}, {actPlant, "space-14", 88}, {actWater, "space-3", 72},
		{actWater, "space-14", 75}, {actPlant, "space-6", 85},
	} {
		sh.num = [maxSpaces]int8{}
		s := a7Turn(t, []sheet{sh, {}}, [3]int{9, 6, 7}, [3]int8{c.act, actRobot, actPlanning})
		do(t, s, "9 "+actNames[c.act]+" [c1]", c.space)
		if !s.sh[0].circ.has(c.id) {
			t.Fatalf("%s on %s: #%d not circled", actNames[c.act], c.space, c.id)
		}
		sh = s.sh[0]
	}
	sh.num = [maxSpaces]int8{}
	s := a7Turn(t, []sheet{sh, {}}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
	do(t, s, "9 Water [c1]", "space-2") // no tank
	if s.sh[0].circ.count() != sh.circ.count() {
		t.Error("Water off a tank circles nothing")
	}
	sh.cross.set(98)
	s = a7Turn(t, []sheet{sh, {}}, [3]int{9, 6, 7}, [3]int8{actAstronaut, actRobot, actPlanning})
	do(t, s, "9 Astronaut [c1]", "+1", "space-2")
	if !s.sh[0].cross.has(99) || !s.sh[0].circ.has(104) || s.sh[0].num[1] != 11 {
		t.Error("second astronaut marker: Wild #104; 9+1 written")
	}
}

// TestA7GreenhouseRace: filling a greenhouse circles its x2 box unless it
// is crossed; the same turn's players keep it, the others lose it; solo,
// one Solo bonus; ASTRA cards cross an available x2 box.
func TestA7GreenhouseRace(t *testing.T) {
	var sh sheet
	sh.circ.set(130) // B0-B1: greenhouse B1 (space 5) connected
	s := a7Turn(t, []sheet{sh, sh, sh}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
	do(t, s, "9 Water [c1]", "space-5", "9 Water [c1]", "space-5", "6 Robot [c2]", "space-7", "airlock-B2-B6")
	if !s.sh[0].circ.has(154) || !s.sh[1].circ.has(154) || !s.sh[2].cross.has(154) {
		t.Fatal("x2 #154: kept by the two players of the turn, crossed for the third")
	}
	solo := newTurn(t, testGame(t, 7, 1, 1), [3]int8{0, 0, 0}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlant})
	solo.sh[0] = sh
	solo.syncPub()
	do(t, solo, "9 Robot [n1a2]", "space-5")
	if !solo.sh[0].circ.has(154) || solo.astra.bonus != 1 {
		t.Fatalf("solo x2: %v, Solo bonus %d", solo.sh[0].circ.has(154), solo.astra.bonus)
	}
	g := testGame(t, 7, 1, 2)
	st := g.NewInitialState().(*State)
	st.mission = [3]int8{0, 0, 0}
	if !st.astraCard(2) || len(st.LegalActions(nil)) != 6 {
		t.Fatalf("ASTRA card: %v", legalNames(st))
	}
	do(t, st, "cross-SS3-x2")
	if !st.sh[0].cross.has(157) {
		t.Error("x2 #157 crossed by ASTRA")
	}
	st.astra.cards = [numActs]int8{0, 0, 0, 2, 0, 1} // Alexei: Water 2, Planning 3
	if got, want := st.astraScore(), 2*2+3+15+2*1; got != want {
		t.Errorf("ASTRA score %d, want %d", got, want)
	}
}

// TestScoreA7: greenhouses filled score value(plants) (0/2/4/7) doubled
// with their x2; complete modules value(reactors of the starship) doubled
// with their tank; the Planning penalty; System Errors.
func TestScoreA7(t *testing.T) {
	g := testGame(t, 7, 2, 1)
	s := g.NewInitialState().(*State)
	sh := &s.sh[0]
	write(s, 0, map[int]int{
		1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: -1, 7: 7, 8: 8, 9: 9, // SS0 full (one X)
		20: 3,                      // SS2 greenhouse
		39: 1, 40: 2, 43: 4, 41: 3, // SS5: B16 full, B17 not, greenhouse
	})
	marksOf(sh, []int16{
		85, 86, // SS0 plants 2: 4, x2 -> 8
		154,
		118, 117, 116, // SS0 reactors 3: 7 per module
		72, // B0's tank: its module doubled (14); B2 7
		91, // SS2: 1 pre + 1 = 2 plants: 4
		83, // B16's tank: SS5 reactors 2 pre: 4 x 2 = 8
	}, []int16{107, 108, 109, 69}) // 3 Planning boxes: -6; one error -5
	s.syncPub()
	// SS5 greenhouse: 2 pre-circled plants: 4
	want := []scoreLine{{"greenhouses", 8 + 4 + 4}, {"modules", 14 + 7 + 8}, {"planning", -6}, {"System Errors", -5}}
	if got := g.lay.a7.scoreLines(s, 0); !slices.Equal(got, want) {
		t.Errorf("score lines %v, want %v", got, want)
	}
	// every penalty step and every value of the table
	for k, pen := range []int{0, 1, 3, 6, 9, 12, 16, 20, 24, 28} {
		if g.lay.a7.penalty[k] != pen {
			t.Errorf("penalty after %d boxes: %d, want %d", k, g.lay.a7.penalty[k], pen)
		}
	}
	if !slices.Equal(g.lay.a7.values, []int{0, 2, 4, 7}) {
		t.Errorf("values %v", g.lay.a7.values)
	}
}

// TestA7Missions: the six mission cards.
func TestA7Missions(t *testing.T) {
	g := testGame(t, 7, 2, 1)
	s := g.NewInitialState().(*State)
	a := g.lay.a7
	sh := &s.sh[0]
	fill := func(ids ...int) {
		for _, id := range ids {
			sh.num[id-1] = xMark
		}
	}
	check := func(card int, want bool) {
		t.Helper()
		if got := a.missionMet(s, 0, card); got != want {
			t.Errorf("card %d: %v, want %v", card, got, want)
		}
	}
	fill(43)
	check(101, false)
	sh.circ.set(97)
	check(101, true) // 2 pre-circled + #97
	fill(29, 36)
	sh.circ.set(93)
	sh.circ.set(95)
	check(100, false) // SS3, SS4 greenhouses need 2 circled each
	sh.circ.set(94)
	sh.circ.set(96)
	check(100, true)
	fill(1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17, 18)
	check(102, false) // 4 modules
	fill(19)
	check(102, false) // 5 modules: B0, B2, B3, B4, B6
	check(103, false) // SS0 and SS1 miss their greenhouses
	fill(5, 16, 20, 21, 22, 23, 24, 25, 26)
	check(102, true) // and B8, B9
	check(103, true)
	for _, id := range []int16{116, 117, 118, 119, 120, 121, 122, 123} {
		sh.circ.set(id)
	}
	check(104, false)
	sh.circ.set(124)
	check(104, true)
	for _, id := range []int16{72, 73, 74, 75, 76, 77} {
		sh.circ.set(id)
	}
	check(105, false)
	sh.circ.set(78)
	check(105, true)
}

// TestDecodeRejectsA7: the marks must agree with the rules.
func TestDecodeRejectsA7(t *testing.T) {
	g := testGame(t, 7, 2, 1)
	s := a7Turn(t, []sheet{{}, {}}, [3]int{9, 6, 7}, [3]int8{actEnergy, actRobot, actPlanning})
	do(t, s, "9 Energy [c1]", "space-3")
	checkRejects(t, g, s, []sheetCase{
		{"a number in a block not connected", func(sh *sheet) { sh.num[9] = 3 }},
		{"a reactor out of order", func(sh *sheet) { sh.circ.set(116) }},
		{"a tank under an X", func(sh *sheet) { sh.num[6] = xMark; sh.circ.set(73); sh.cross.set(107) }},
		{"an x2 without its greenhouse", func(sh *sheet) { sh.circ.set(154) }},
		{"a Wild without its markers", func(sh *sheet) { sh.circ.set(104) }},
		{"a Planning box without an X", func(sh *sheet) { sh.cross.set(107) }},
	})
}

// TestProgressA7: State.Progress reads a block on its way: its share of
// filled spaces of what it would score full now, plus 1 per connected
// block.
func TestProgressA7(t *testing.T) {
	g := testGame(t, 7, 1, 1)
	s := g.NewInitialState().(*State)
	base := s.Progress(0) // B0, B2 connected: 2
	if base != 2 {
		t.Fatalf("empty sheet: %v, want 2", base)
	}
	write(s, 0, map[int]int{1: 1, 2: 2})
	marksOf(&s.sh[0], []int16{118, 117, 116, 72}, nil) // SS0 reactors 3 (7), B0's tank: 14 full
	if got, want := s.Progress(0), 2+14.0*2/4; got != want {
		t.Errorf("half of B0: %v, want %v", got, want)
	}
}
