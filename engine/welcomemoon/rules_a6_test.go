package welcomemoon

import (
	"slices"
	"testing"
)

// Adventure 6, The Virus: one test per rule of adventure-6.md and of its
// solo part in solo-astra.md. Spaces and element ids are the folder's.

// greySheet is a sheet whose grey virus was set up in Q10 (target #230
// active, space 55 infected), so that a test's turn starts at the pick.
func greySheet() sheet {
	var sh sheet
	sh.circ.set(230)
	sh.num[54] = xMark
	sh.cross.set(55)
	return sh
}

func a6Turn(t *testing.T, sheets []sheet, nums [3]int, acts [3]int8) *State {
	t.Helper()
	return mkTurn(t, testGame(t, 6, len(sheets), 1), sheets, nums, acts)
}

func spacesOf(lo, hi int) []string {
	var out []string
	for sp := lo; sp <= hi; sp++ {
		out = append(out, "grey-virus-"+itoa(sp))
	}
	return out
}

// TestA6GreySetup: before its first pick each player chooses a space of
// Q0, Q3, Q7 or Q10: it is infected and that quarter's target becomes the
// active grey virus; then the player picks as usual.
func TestA6GreySetup(t *testing.T) {
	s := a6Turn(t, []sheet{{}, {}}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
	want := slices.Concat(spacesOf(1, 5), spacesOf(16, 20), spacesOf(36, 40), spacesOf(51, 55))
	if got := legalNames(s); !slices.Equal(got, want) {
		t.Fatalf("grey virus choices %v, want %v", got, want)
	}
	do(t, s, "grey-virus-18")
	sh := &s.sh[0]
	if sh.num[17] != xMark || !sh.cross.has(18) || !sh.circ.has(225) || s.sub != subChoose {
		t.Fatal("space 18 infected, the Q3 grey virus active, then the pick")
	}
	do(t, s, "9 Water [c1]", "space-1")
	if got := legalNames(s); len(got) != 20 || got[0] != "grey-virus-1" {
		t.Fatalf("the second player sets up its own grey virus: %v", got)
	}
	if s.Score(0) != 0 {
		t.Errorf("score %d, want 0: Q0 1 x 1 number, 1 infected space", s.Score(0))
	}
}

// TestA6Actions: Energy circles the next energy of the number's quarter;
// Plant circles the next plant of the quarter and crosses the next plant
// track symbol; Water circles the tank of the space and crosses the next
// water symbol; nothing without a plant left or a tank; a completed row
// crosses its end and bonus box and gives its Robot (close a walkway) or
// Energy (circle an energy in a quarter not evacuated).
func TestA6Actions(t *testing.T) {
	sh := greySheet()
	step := func(act int8, num int, space string, after ...string) {
		t.Helper()
		sh.num = greySheet().num
		s := a6Turn(t, []sheet{sh, greySheet()}, [3]int{num, 6, 7}, [3]int8{act, actRobot, actPlanning})
		do(t, s, itoa(num)+" "+actNames[act]+" [c1]", space)
		do(t, s, after...)
		sh = s.sh[0]
	}
	step(actEnergy, 9, "space-2")
	step(actEnergy, 9, "space-3")
	step(actEnergy, 9, "space-4")
	if !sh.circ.has(146) || !sh.circ.has(147) {
		t.Fatal("energies #146, #147 of Q0")
	}
	step(actPlant, 9, "space-2")
	step(actPlant, 9, "space-3") // Q0 has a single plant
	if !sh.circ.has(120) || countCrossed(&sh, []int16{168, 169, 170}) != 1 {
		t.Fatalf("plant of Q0 and one track symbol: %v", markList(&sh.cross))
	}
	step(actPlant, 9, "space-12", "close-Q0-Q7") // the second plant symbol ends row 1: Robot bonus
	if !sh.circ.has(122) || !sh.cross.has(169) || !sh.cross.has(194) || !sh.cross.has(205) || !sh.cross.has(98) {
		t.Fatalf("row 1 of the plant track, its bonus walkway: %v", markList(&sh.cross))
	}
	step(actWater, 9, "space-12") // no tank there
	step(actWater, 9, "space-13")
	step(actWater, 9, "space-1", "energy-Q4") // row 1 of the water track: Energy bonus anywhere
	if !sh.circ.has(138) || !sh.circ.has(136) || !sh.cross.has(185) || !sh.cross.has(211) || !sh.circ.has(154) {
		t.Fatalf("water: circled %v crossed %v", markList(&sh.circ), markList(&sh.cross))
	}
	if got := sh.cross.countRange(184, 193); got != 2 {
		t.Errorf("water symbols crossed %d, want 2", got)
	}
}

// TestA6Evacuation: a quarter whose 5 spaces are filled (numbers, X,
// infections) is evacuated at once, after the Energy of the space that
// completes it: (1 + energies) x spaces holding a number or X; it takes no
// energy afterwards.
func TestA6Evacuation(t *testing.T) {
	sh := greySheet()
	sh.num[0], sh.num[1], sh.num[3] = 2, xMark, 5
	sh.num[2] = xMark
	sh.cross.set(3) // space 3 infected
	sh.circ.set(146)
	s := a6Turn(t, []sheet{sh, greySheet()}, [3]int{9, 6, 7}, [3]int8{actEnergy, actRobot, actPlanning})
	do(t, s, "9 Energy [c1]", "space-5")
	a := s.lay().a6
	if !s.sh[0].circ.has(147) || !s.sh[0].circ.has(231) {
		t.Fatal("the energy first, then Q0 evacuated")
	}
	if got := a.quarterScore(&s.sh[0], 0); got != 3*4 {
		t.Errorf("Q0 scores %d, want (1+2) x 4", got)
	}
	if a.target(s, 0, effect{kind: effQEnergy}, 0) {
		t.Error("an evacuated quarter takes no energy")
	}
	// the end of the game evacuates the rest: Q1 with 2 numbers and no energy
	s.sh[0].num[5], s.sh[0].num[6] = 1, 2
	lines := a.scoreLines(s, 0)
	if lines[2].pts != 12+2 || lines[3].pts != -2 {
		t.Errorf("quarters %d (want 14), infections %d (want -2)", lines[2].pts, lines[3].pts)
	}
}

// TestA6WalkwaysAndQuarantine: Robot closes any open walkway; a quarter
// with all its walkways closed is quarantined and its virus target is
// crossed (it cannot be activated any more); missions 96 and 97.
func TestA6WalkwaysAndQuarantine(t *testing.T) {
	sh := greySheet()
	for _, id := range []int16{103, 104, 105} { // Q2's walkways but #118 (Q2-Q5)
		sh.cross.set(id)
	}
	s := a6Turn(t, []sheet{sh, greySheet()}, [3]int{9, 6, 7}, [3]int8{actRobot, actWater, actPlanning})
	do(t, s, "9 Robot [c1]", "space-2")
	if got := len(legalNames(s)); got != 22-3 {
		t.Fatalf("%d walkways offered, want the 19 open ones", got)
	}
	do(t, s, "close-Q2-Q5")
	a := s.lay().a6
	if !a.quarantined(&s.sh[0], 2) || !s.sh[0].cross.has(224) {
		t.Fatal("Q2 quarantined: the green target #224 crossed")
	}
	if a.missionMet(s, 0, 97) || a.missionMet(s, 0, 96) {
		t.Fatal("only one quarter quarantined")
	}
	for _, id := range []int16{107, 108, 114, 119, 98, 99, 117} { // Q8's and Q7's walkways
		s.sh[0].cross.set(id)
	}
	if !a.missionMet(s, 0, 97) || !a.missionMet(s, 0, 96) {
		t.Error("Q2, Q7, Q8 quarantined: missions 96 and 97")
	}
}

// TestA6Propagation: one propagation spreads every active virus in
// quarter order: into its own quarter while it is not complete, else into
// every neighbour reached by an open walkway that is not complete; the
// player picks each space; an infection that completes a quarter
// evacuates it.
func TestA6Propagation(t *testing.T) {
	g := testGame(t, 6, 2, 1)
	sh := greySheet() // grey virus in Q10 (spaces 51-55)
	sh.circ.set(222)  // and one in Q0, complete
	for sp := 0; sp < 5; sp++ {
		sh.num[sp] = xMark
	}
	sh.circ.set(231)
	for sp := 20; sp < 25; sp++ { // Q4 complete
		sh.num[sp] = xMark
	}
	sh.circ.set(235)
	sh.cross.set(98) // Q0-Q7 closed
	for sp := 51; sp < 54; sp++ {
		sh.num[sp] = 1 + int8(sp-50) // Q10: one empty space left (52 .. 54 numbered, 55 infected)
	}
	s := mkTurn(t, g, []sheet{sh, greySheet()}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
	s.prop = [maxPlayers]int8{1, 0}
	s.startIncidents()
	// Q0 complete: Q4 is complete, Q7 closed off: only Q1 (spaces 6-10)
	if got := legalNames(s); !slices.Equal(got, []string{"infect-6", "infect-7", "infect-8", "infect-9", "infect-10"}) {
		t.Fatalf("first spread %v", got)
	}
	do(t, s, "infect-7")
	// Q10's only empty space (51) was infected without asking: Q10 complete
	if !s.sh[0].cross.has(7) || s.sh[0].num[50] != xMark || !s.sh[0].cross.has(51) || !s.sh[0].circ.has(241) {
		t.Fatalf("infections: %v", markList(&s.sh[0].cross))
	}
	// Q0, Q4, Q10 evacuated: mission A (card 94) is asked after the
	// propagations; then p1's stage (nothing) and the end of the turn
	if got := legalNames(s); !slices.Equal(got, []string{"accomplish-A", "decline-A"}) {
		t.Fatalf("mission after the propagation: %v", got)
	}
	do(t, s, "decline-A")
	if s.phase != phChance {
		t.Fatalf("phase %d after the stage", s.phase)
	}
	// a second propagation: Q0 again into Q1; Q10 complete now spreads into
	// its open neighbours Q3, Q6, Q9
	s2 := mkTurn(t, g, []sheet{s.sh[0], greySheet()}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
	s2.prop = [maxPlayers]int8{1, 0}
	s2.startIncidents()
	var quarters []int8
	for s2.phase == phIncident && s2.cur == 0 && s2.ctx.pend[0].kind == effInfect {
		legal := s2.LegalActions(nil)
		quarters = append(quarters, s2.lay().a6.quarterOf[int(legal[0])-aTarget])
		s2.Apply(legal[0])
	}
	if !slices.Equal(quarters, []int8{1, 3, 6, 9}) {
		t.Errorf("spreads into quarters %v, want Q1 then Q10's neighbours 3, 6, 9", quarters)
	}
}

// TestA6PhaseFive: at the end of a turn a virus activated by a track is
// activated on every sheet (not where its target is quarantined) with one
// propagation for everybody; a propagation symbol hits only the players
// who did not trigger it; a second or third System Error of the turn
// propagates on its own sheet.
func TestA6PhaseFive(t *testing.T) {
	g := testGame(t, 6, 3, 1)
	p0 := greySheet()
	for _, id := range []int16{168, 169, 170, 171, 194, 195, 205, 206} { // 4 plant symbols: #172 next
		p0.cross.set(id)
	}
	p1 := greySheet()
	for _, id := range []int16{103, 104, 105, 118, 224} { // Q2 quarantined on p1
		p1.cross.set(id)
	}
	p2 := greySheet()
	p2.cross.set(77) // one System Error
	s := mkTurn(t, g, []sheet{p0, p1, p2}, [3]int{9, 6, 7}, [3]int8{actPlant, actWater, actPlanning})
	s.sh[2].cross.set(78) // p2's second System Error, this turn
	do(t, s, "9 Plant [c1]", "space-12", "6 Water [c2]", "space-12", "6 Water [c2]", "space-12")
	if s.phase != phIncident {
		t.Fatal("phase 5 stage expected")
	}
	for p := 0; p < 3; p++ {
		if !s.sh[p].cross.has(216) {
			t.Errorf("p%d: green activation symbol not crossed", p)
		}
	}
	if !s.sh[0].circ.has(224) || s.sh[1].circ.has(224) || !s.sh[2].circ.has(224) {
		t.Fatal("green target circled except where quarantined (p1)")
	}
	if got := s.prop; got != [maxPlayers]int8{0, 1, 2} {
		t.Errorf("propagations still to come %v, want p1 1, p2 1 + 1 (System Error)", got)
	}
	// p0: the green virus spreads in Q2 (11, 13, 14, 15 empty), then grey Q10
	if got := legalNames(s); len(got) != 4 || got[0] != "infect-11" {
		t.Fatalf("p0's first infection %v", got)
	}

	// a propagation symbol: p0 triggers #217 (plant position #175), p1 too; p2 is hit once
	p0 = greySheet()
	for _, id := range []int16{168, 169, 170, 171, 172, 173, 174, 194, 195, 196, 205, 206, 207, 216} {
		p0.cross.set(id)
	}
	p1 = p0
	s = mkTurn(t, g, []sheet{p0, p1, greySheet()}, [3]int{9, 6, 7}, [3]int8{actPlant, actWater, actPlanning})
	do(t, s, "9 Plant [c1]", "space-12", "9 Plant [c1]", "space-12", "6 Water [c2]", "space-12")
	// p0 and p1 have nothing to resolve; p2 infects Q10 (its grey virus)
	if !s.sh[2].cross.has(217) || s.phase != phIncident || s.cur != 2 || s.ctx.pend[0].kind != effInfect {
		t.Errorf("propagation symbol: p2 crossed %v, stage at seat %d", s.sh[2].cross.has(217), s.cur)
	}
}

// TestA6MissionVirus: missions are asked after the propagations; the first
// accomplishment of mission A activates the red virus for everybody, with
// one more propagation each before the turn ends.
func TestA6MissionVirus(t *testing.T) {
	g := testGame(t, 6, 2, 1)
	p0 := greySheet()
	for sp := 0; sp < 9; sp++ { // Q0 complete, Q1 one space short
		p0.num[sp] = xMark
	}
	p0.circ.set(231)
	s := mkTurn(t, g, []sheet{p0, greySheet()}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
	do(t, s, "9 Water [c1]", "space-10") // Q1 complete: 2 quarters evacuated (card 94)
	if has(legalNames(s), "accomplish-A") {
		t.Fatal("A6 missions are asked in phase 5, not during the turn")
	}
	do(t, s, "6 Robot [c2]", "space-12", "close-Q0-Q1")
	if s.phase != phIncident || !slices.Equal(legalNames(s), []string{"accomplish-A", "decline-A"}) {
		t.Fatalf("phase 5 mission choice: %v", legalNames(s))
	}
	do(t, s, "accomplish-A")
	// p1 has nothing to do; the red virus is activated on both sheets and
	// each gets one propagation: p0's red virus sits in complete Q1 and
	// spreads to Q2, Q4, Q5 (Q0 is complete)
	for p := 0; p < 2; p++ {
		if !s.sh[p].cross.has(242) || !s.sh[p].circ.has(223) {
			t.Fatalf("p%d: red virus not activated", p)
		}
	}
	if s.sh[0].mval[0] != 8 || s.phase != phIncident || s.cur != 0 {
		t.Fatalf("mission A 8 points, then a propagation round: phase %d, seat %d", s.phase, s.cur)
	}
	if got := legalNames(s); len(got) == 0 || s.lay().a6.quarterOf[int(s.LegalActions(nil)[0])-aTarget] != 2 {
		t.Errorf("first spread into Q2 expected: %v", got)
	}
}

// TestA6Wild: two crossed Astronaut markers circle a Wild action, used to
// replace a combination's action.
func TestA6Wild(t *testing.T) {
	sh := greySheet()
	sh.cross.set(80)
	s := a6Turn(t, []sheet{sh, greySheet()}, [3]int{9, 6, 7}, [3]int8{actAstronaut, actRobot, actPlanning})
	do(t, s, "9 Astronaut [c1]", "+0", "space-2")
	if !s.sh[0].cross.has(81) || !s.sh[0].circ.has(82) {
		t.Fatal("second astronaut marker: Wild #82")
	}
	s2 := a6Turn(t, []sheet{s.sh[0], greySheet()}, [3]int{9, 6, 7}, [3]int8{actAstronaut, actRobot, actPlanning})
	do(t, s2, "6 wild-Energy [c2]", "space-1")
	if !s2.sh[0].cross.has(82) || !s2.sh[0].circ.has(146) {
		t.Error("the Wild used as Energy")
	}
}

// TestScoreA6Tracks: plant track 0, 5, 10, 20, 35, 55, 80 and water track
// 0, 10, 20, 35, 55, 80 by completed rows (lowest visible value).
func TestScoreA6Tracks(t *testing.T) {
	g := testGame(t, 6, 1, 1)
	a := g.lay.a6
	for k, want := range [2][]int{{0, 5, 10, 20, 35, 55, 80}, {0, 10, 20, 35, 55, 80}} {
		for rows, v := range want {
			var sh sheet
			for r := 0; r < rows; r++ {
				sh.cross.set(a.tracks[k].rows[r].end)
			}
			if got := a.trackValue(&sh, k); got != v {
				t.Errorf("track %d, %d rows: %d, want %d", k, rows, got, v)
			}
		}
	}
}

// TestScoreA6: a whole sheet added by hand.
func TestScoreA6(t *testing.T) {
	g := testGame(t, 6, 2, 1)
	s := g.NewInitialState().(*State)
	sh := &s.sh[0]
	write(s, 0, map[int]int{1: 1, 2: 2, 3: -1, 4: 4, 5: 5, 11: 3, 12: 4, 16: 8})
	sh.num[5], sh.num[6] = xMark, xMark // spaces 6, 7 infected
	sh.cross.set(6)
	sh.cross.set(7)
	sh.circ.set(146)                                 // Q0: 2 energies
	sh.circ.set(150)                                 // Q2
	sh.circ.set(151)                                 // Q2: 3 energies
	marksOf(sh, nil, []int16{194, 195, 200, 77, 78}) // plants 2 rows (10), water 1 row (10), 2 errors
	sh.mval[1] = 11
	// Q0 (1+1) x 5 = 10; Q1 0; Q2 (1+2) x 2 = 6; Q3 1 x 1 = 1: quarters 17;
	// plants 10, water 10, infections -2, errors -10, mission 11
	if got, want := s.Score(0), 17+10+10-2-10+11; got != want {
		t.Errorf("score %d, want %d: %v", got, want, g.lay.a6.scoreLines(s, 0))
	}
}

// TestA6Astra: ASTRA's cards (solo-astra.md 5): first draw, the player
// activates the green or the blue virus (or, both gone, crosses a
// propagation symbol), then one propagation; second draw, mission X's
// virus with one propagation, or nothing when its target is marked. No
// Solo bonus for these; the player's own activations give one.
func TestA6Astra(t *testing.T) {
	g := testGame(t, 6, 1, 4)
	s := g.NewInitialState().(*State)
	s.mission = [3]int8{0, 0, 0}
	s.sh[0] = greySheet()
	if !s.astraCard(0) || !slices.Equal(legalNames(s), []string{"activate-green", "activate-blue"}) {
		t.Fatalf("first draw: %v", legalNames(s))
	}
	do(t, s, "activate-blue")
	if !s.sh[0].circ.has(228) || !s.sh[0].cross.has(219) {
		t.Fatal("blue virus activated")
	}
	// the propagation: blue in Q8 (spaces 41-45), then grey Q10
	if got := legalNames(s); len(got) != 5 || got[0] != "infect-41" {
		t.Fatalf("propagation after the card: %v", got)
	}
	do(t, s, "infect-42", "infect-51")
	if s.phase != phChance || s.astra.bonus != 0 {
		t.Fatalf("back to the flips, no Solo bonus: phase %d bonus %d", s.phase, s.astra.bonus)
	}
	s.sh[0].cross.set(216) // green gone: the next first draw crosses a propagation symbol
	s.astraCard(1)
	if got := legalNames(s); !slices.Equal(got, []string{"cross-#217", "cross-#218", "cross-#220", "cross-#221"}) {
		t.Fatalf("propagation symbols %v", got)
	}
	do(t, s, "cross-#220")
	for s.phase == phAstra {
		s.Apply(s.LegalActions(nil)[0])
	}
	// second draw of C: yellow virus (Q9) and ASTRA takes mission C
	s.deck.pass[0] = 1
	s.astraCard(2)
	if !s.sh[0].circ.has(229) || !s.sh[0].cross.has(244) || s.mtaken != 4 {
		t.Fatalf("second draw: yellow %v, taken %b", s.sh[0].circ.has(229), s.mtaken)
	}
	for s.phase == phAstra {
		s.Apply(s.LegalActions(nil)[0])
	}
	// second draw of A with the red target quarantined: nothing
	s.sh[0].cross.set(223)
	infected := s.sh[0].cross.count()
	if s.astraCard(0) || s.sh[0].circ.has(223) || s.sh[0].cross.count() != infected+1 {
		t.Error("red target marked: only its symbol is crossed")
	}
	if got, want := s.astraScore(), 5+4*4; got != want {
		t.Errorf("ASTRA with no card at level 4: %d, want %d", got, want)
	}
	// the player's own System Error propagation gives a Solo bonus
	s2 := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlant})
	s2.sh[0], s2.pub[0] = greySheet(), greySheet()
	s2.sh[0].cross.set(77)
	s2.pub[0].cross.set(77)
	s2.sh[0].cross.set(78)
	s2.ctx.reset()
	s2.endTurn()
	if s2.astra.bonus != 1 || s2.phase != phIncident {
		t.Errorf("System Error #78: Solo bonus %d, phase %d", s2.astra.bonus, s2.phase)
	}
}

// TestDecodeRejectsA6: the marks must agree with the rules.
func TestDecodeRejectsA6(t *testing.T) {
	g := testGame(t, 6, 2, 1)
	s := a6Turn(t, []sheet{greySheet(), greySheet()}, [3]int{9, 6, 7}, [3]int8{actPlant, actRobot, actPlanning})
	do(t, s, "9 Plant [c1]", "space-12")
	checkRejects(t, g, s, []sheetCase{
		{"an infected space holding a number", func(sh *sheet) { sh.cross.set(12) }},
		{"a quarter evacuated but not complete", func(sh *sheet) { sh.circ.set(232) }},
		{"a plant without its track symbol", func(sh *sheet) { sh.circ.set(123) }},
		{"a tank under an X", func(sh *sheet) { sh.num[0] = xMark; sh.circ.set(136); sh.cross.set(184); sh.cross.set(89) }},
		{"a target crossed without quarantine", func(sh *sheet) { sh.cross.set(223) }},
		{"two grey viruses", func(sh *sheet) { sh.circ.set(222) }},
		{"a coloured virus before its activation", func(sh *sheet) { sh.circ.set(224) }},
		{"a Wild without its markers", func(sh *sheet) { sh.circ.set(82) }},
		{"a Planning marker without an X", func(sh *sheet) { sh.cross.set(89) }},
		{"a row end before its row", func(sh *sheet) { sh.cross.set(194) }},
	})
}
