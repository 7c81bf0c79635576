package welcomemoon

import (
	"errors"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestAscendingOrder: numbers strictly increase inside a zone, gaps and
// skipped numbers allowed, never twice; A3 buildings respect row and
// column; A2 walls cut the zone.
func TestAscendingOrder(t *testing.T) {
	cases := []struct {
		name string
		adv  int
		vals map[int]int
		sp   int // space id
		v    int
		want bool
	}{
		{"A2 gap allowed", 2, map[int]int{1: 3, 10: 9}, 5, 5, true},
		{"A2 below left neighbour", 2, map[int]int{1: 3, 10: 9}, 5, 2, false},
		{"A2 equal is a duplicate", 2, map[int]int{1: 3, 10: 9}, 5, 3, false},
		{"A2 above right neighbour", 2, map[int]int{1: 3, 10: 9}, 5, 10, false},
		{"A2 X is ignored", 2, map[int]int{1: 3, 3: -1, 10: 9}, 5, 4, true},
		{"A3 row ok, column too low", 3, map[int]int{1: 5, 8: 4}, 7, 6, false},
		{"A3 row and column ok", 3, map[int]int{1: 5, 8: 9}, 7, 6, true},
		{"A4 levels are separate zones", 4, map[int]int{1: 9}, 13, 2, true},
		{"A1 floors are separate zones", 1, map[int]int{46: 9}, 1, 2, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testGame(t, c.adv, 2, 1).NewInitialState().(*State)
			write(s, 0, c.vals)
			if got := s.fits(&s.sh[0], int8(c.sp-1), int8(c.v)); got != c.want {
				t.Errorf("fits(space %d, %d) = %v", c.sp, c.v, got)
			}
		})
	}
	// A2 wall between 5 and 6 separates the zones
	s := testGame(t, 2, 2, 1).NewInitialState().(*State)
	write(s, 0, map[int]int{3: 10})
	if s.fits(&s.sh[0], 6, 4) {
		t.Error("4 after 10 in one zone")
	}
	s.sh[0].cross.set(int16(89 + 5))
	if !s.fits(&s.sh[0], 6, 4) {
		t.Error("a wall between spaces 5 and 6 should start a new zone")
	}
}

// TestA1FloorsByAction: in A1 the action only says where the number goes:
// its floors or the wild floor F9; no modifier.
func TestA1FloorsByAction(t *testing.T) {
	g := testGame(t, 1, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{6, 9, 12}, [3]int8{actAstronaut, actWater, actPlant})
	do(t, s, "6 Astronaut [c1]")
	if s.sub != subSpace {
		t.Fatalf("A1 Astronaut asked for a modifier (step %d)", s.sub)
	}
	var spaces []int
	for _, a := range s.LegalActions(nil) {
		spaces = append(spaces, int(a-aTarget)+1)
	}
	want := []int{1, 2, 3, 4, 5, 6, 46, 47, 48, 49, 50, 51, 52, 53}
	if !slices.Equal(spaces, want) {
		t.Errorf("6 Astronaut may go on %v, want %v", spaces, want)
	}
}

// TestCompulsoryPickAndSystemError: a combination must be picked when one
// fits; otherwise the only move is a System Error, and the turn is skipped.
func TestCompulsoryPickAndSystemError(t *testing.T) {
	g := testGame(t, 4, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actEnergy, actPlant})
	if has(legalNames(s), "system-error") {
		t.Fatal("System Error offered while a number fits")
	}
	// fill the mine so that only values above 15 fit: 5/6/7 cannot be written
	for id := 1; id <= 36; id++ {
		if id%12 != 0 {
			s.sh[0].num[id-1] = xMark
		} else {
			s.sh[0].num[id-1] = 2 // value 1 at the end of each level
		}
	}
	if got := legalNames(s); !slices.Equal(got, []string{"system-error"}) {
		t.Fatalf("legal %v, want only the System Error", got)
	}
	do(t, s, "system-error")
	if got := legalNames(s); !slices.Equal(got, []string{"accomplish-A", "decline-A"}) {
		t.Fatalf("full columns meet card 82: choices %v", got)
	}
	do(t, s, "decline-A")
	if s.errorsUsed(0) != 1 || s.cur != 1 {
		t.Errorf("errors %d, current %d", s.errorsUsed(0), s.cur)
	}
}

// TestAstronautModifier: -2..+2 in A2-A4, only values that fit.
func TestAstronautModifier(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{1, 6, 7}, [3]int8{actAstronaut, actEnergy, actPlant})
	do(t, s, "1 Astronaut [c1]")
	if got := legalNames(s); !slices.Equal(got, []string{"-1", "+0", "+1", "+2"}) {
		t.Errorf("modifiers %v (value 1: -2 gives -1, not writable)", got)
	}
	do(t, s, "+2", "space-36")
	if s.sh[0].num[35] != 4 || !s.sh[0].cross.has(151) {
		t.Errorf("wrote %d, astronaut marker crossed %v", s.sh[0].num[35]-1, s.sh[0].cross.has(151))
	}
}

// TestPlanningX: Planning writes an optional X in an empty space.
func TestPlanningX(t *testing.T) {
	g := testGame(t, 3, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actPlanning, actEnergy, actPlant})
	do(t, s, "5 Planning [c1]", "space-1", "x-32")
	if s.sh[0].num[31] != xMark || !s.sh[0].cross.has(83) {
		t.Errorf("X not written or planning box not crossed")
	}
	s = newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actPlanning, actEnergy, actPlant})
	do(t, s, "5 Planning [c1]", "space-1", "no-x")
	if s.sh[0].cross.has(83) {
		t.Error("declined X still cost a planning box")
	}
}

// TestHiddenChoices: until the end of the turn the others see a seat's sheet
// as it was at the start of the turn, and Resample redraws it.
func TestHiddenChoices(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actWater, actPlant})
	obs := make([]float32, engine.ObservationSize(g))
	before := make([]float32, len(obs))
	s.Observe(1, before)
	do(t, s, "5 Robot [c1]", "space-10", "robot-S1")
	if s.cur != 1 {
		t.Fatalf("seat 0 not done")
	}
	s.Observe(1, obs)
	ps, _ := g.obsSizes()
	seat0 := func(o []float32) []float32 { return o[ps : 2*ps] } // seat 0 is second in seat 1's view
	if !slices.Equal(seat0(obs), seat0(before)) {
		t.Error("seat 1 sees seat 0's choice before the end of the turn")
	}
	r := s.Resample(1, engineRNG(3)).(*State)
	if r.sh[1] != s.sh[1] || r.cur != 1 {
		t.Error("Resample changed the observer")
	}
	do(t, s, "6 Water [c2]", "space-20")
	s.Observe(1, obs)
	if slices.Equal(seat0(obs), seat0(before)) {
		t.Error("choices not revealed at the end of the turn")
	}
}

// TestMissionsFirstAndLater: a player whose sheet meets a mission is asked
// whether to accomplish it; every player accomplishing it in the first such
// turn gets the high value, later ones the low value; a declined mission
// stays open for that player; each once.
func TestMissionsFirstAndLater(t *testing.T) {
	g := testGame(t, 2, 3, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actEnergy, actPlant}) // C: card 74, 6 tanks: 9/5
	for p := 0; p < 3; p++ {
		for _, id := range []int16{62, 63, 64, 65, 66, 67} {
			s.sh[p].circ.set(id)
		}
	}
	s.syncPub()
	do(t, s, "5 Robot [c1]", "space-10", "robot-S1")
	if got := legalNames(s); !slices.Equal(got, []string{"accomplish-C", "decline-C"}) {
		t.Fatalf("mission choice %v", got)
	}
	do(t, s, "accomplish-C")
	if s.sh[0].mdone != 0 || s.sh[0].mwant != 4 {
		t.Fatal("the mission is accomplished at the end of the turn, not during it")
	}
	do(t, s, "5 Robot [c1]", "space-10", "robot-S1", "accomplish-C", "5 Robot [c1]", "space-10", "robot-S1", "decline-C")
	if s.sh[0].mval[2] != 9 || s.sh[1].mval[2] != 9 || s.sh[2].mdone != 0 || s.mtaken != 4 {
		t.Fatalf("first turn rewards %v %v %v, declined %b, taken %b", s.sh[0].mval, s.sh[1].mval, s.sh[2].mval, s.sh[2].mdone, s.mtaken)
	}
	// next turn: seat 2 takes it for the low value; the others are not asked again
	s2 := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{7, 8, 9}, [3]int8{actRobot, actEnergy, actPlant})
	s2.sh, s2.mtaken = s.sh, s.mtaken
	s2.syncPub()
	do(t, s2, "7 Robot [c1]", "space-11", "robot-S2", "7 Robot [c1]", "space-11", "robot-S2", "7 Robot [c1]", "space-11", "robot-S2", "accomplish-C")
	if s2.sh[2].mval[2] != 5 || s2.sh[0].mval[2] != 9 || s2.sh[0].mdone != 4 {
		t.Errorf("later reward %d (want 5), first kept %d", s2.sh[2].mval[2], s2.sh[0].mval[2])
	}
}

// TestDeclineLastMission: accomplishing the third mission ends the game, so
// a player may decline it and play on.
func TestDeclineLastMission(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	for _, choice := range []string{"accomplish-C", "decline-C"} {
		s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actEnergy, actPlant})
		s.sh[0].mdone, s.sh[0].mval = 3, [3]int8{9, 11, 0}
		s.sh[0].cross.set(47)
		s.sh[0].cross.set(48)
		for _, id := range []int16{62, 63, 64, 65, 66, 67} {
			s.sh[0].circ.set(id)
		}
		s.mtaken = 3
		s.syncPub()
		do(t, s, "5 Robot [c1]", "space-10", "robot-S1", choice, "5 Robot [c1]", "space-10", "robot-S1")
		if ended := s.IsTerminal(); ended != (choice == "accomplish-C") {
			t.Errorf("%s: game over %v", choice, ended)
		}
	}
}

// TestA1MissionAfterSabotage: in A1 missions are checked after phase 5, so
// a player with 4 outstanding System Errors is asked about card 69 (5
// errors) while a sabotage of another player may still bring the fifth;
// the reward applies only if the condition holds at the end of the turn.
func TestA1MissionAfterSabotage(t *testing.T) {
	g := testGame(t, 1, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 1}, [3]int{9, 6, 7}, [3]int8{actWater, actEnergy, actPlant}) // C: card 69, 3/2 rockets
	for i := 0; i < 4; i++ {
		s.markError(1)
	}
	write(s, 0, map[int]int{7: 3})
	s.syncPub()
	// seat 0 triggers sabotage #61 (and is asked too: 8 sabotages are still open)
	do(t, s, "9 Water [c1]", "space-8", "decline-C", "6 Energy [c2]", "space-28")
	if got := legalNames(s); !slices.Equal(got, []string{"accomplish-C", "decline-C"}) {
		t.Fatalf("seat 1 choices %v", got)
	}
	do(t, s, "accomplish-C")
	if s.sh[1].mval[2] != 3 || s.sh[1].cross.countRange(100, 130) != 3 || s.errorsUsed(1) != 5 {
		t.Errorf("card 69 after the sabotage: reward %d, rockets %d, errors %d", s.sh[1].mval[2], s.sh[1].cross.countRange(100, 130), s.errorsUsed(1))
	}
}

// TestRaces: the first players to complete a station's robots circle its
// high multiplier; at the end of the turn it is crossed for the others, who
// can then only get the low one.
func TestRaces(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actWater, actPlant})
	s.sh[0].cross.set(50)
	s.sh[1].cross.set(50)
	s.syncPub()
	do(t, s, "5 Robot [c1]", "space-10", "robot-S1")
	if !s.sh[0].circ.has(125) {
		t.Fatal("high multiplier not circled")
	}
	do(t, s, "6 Water [c2]", "space-10")
	if !s.sh[1].cross.has(125) || s.sh[0].cross.has(125) {
		t.Fatal("race box not crossed for the other player only")
	}
	// seat 1 completes S1 later: low multiplier
	s2 := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actWater, actPlant})
	s2.sh[1] = s.sh[1]
	s2.syncPub()
	do(t, s2, "6 Water [c2]", "space-10", "5 Robot [c1]", "space-9", "robot-S1")
	if !s2.sh[1].circ.has(129) || s2.sh[1].circ.has(125) {
		t.Error("later player should circle the low multiplier")
	}
}

// TestSabotage: several players triggering the same sabotage in a turn are
// spared; the others circle one System Error only; the box is crossed for all.
func TestSabotage(t *testing.T) {
	g := testGame(t, 1, 3, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{9, 6, 7}, [3]int8{actWater, actEnergy, actPlant})
	for p := 0; p < 2; p++ {
		write(s, p, map[int]int{7: 3})
	}
	do(t, s, "9 Water [c1]", "space-8", "9 Water [c1]", "space-8", "6 Energy [c2]", "space-28")
	for p := 0; p < 3; p++ {
		if !s.sh[p].cross.has(61) {
			t.Errorf("p%d: sabotage #61 not crossed", p)
		}
	}
	if s.errorsUsed(0) != 0 || s.errorsUsed(1) != 0 || s.errorsUsed(2) != 1 {
		t.Errorf("errors %d %d %d, want 0 0 1", s.errorsUsed(0), s.errorsUsed(1), s.errorsUsed(2))
	}
}

// TestA1RocketsAndScore: completing a quarter crosses its rockets; circled
// System Errors are crossed after the 31 main rockets; the score is the
// lowest visible score box minus 5 per outstanding error, plus 5 per bonus
// rocket when none is outstanding.
func TestA1RocketsAndScore(t *testing.T) {
	g := testGame(t, 1, 2, 1)
	s := g.NewInitialState().(*State)
	a := g.lay.a1
	a.crossRockets(s, 0, 5)
	if a.base(&s.sh[0]) != 15 {
		t.Errorf("5 rockets: base %d, want 15", a.base(&s.sh[0]))
	}
	s.markError(0)
	s.markError(0)
	if got := s.Score(0); got != 5 {
		t.Errorf("score %d, want 15 - 2x5", got)
	}
	a.crossRockets(s, 0, 26+1+3) // rest of the main rockets, one error... then the other, then 2 bonus
	if got, want := s.Score(0), 150+2*5; got != want {
		t.Errorf("score %d, want %d\n%s", got, want, s)
	}
	if !a.launched(s, &s.sh[0]) {
		t.Error("rocket should launch")
	}
	// quarter Q2 (spaces 4-6): R2, R2 if #152 active, sabotage
	s = g.NewInitialState().(*State)
	s.sh[0].circ.set(152)
	write(s, 0, map[int]int{4: 1, 5: 2, 6: 3})
	a.onFilled(s, 0, 5)
	if n := s.sh[0].cross.countRange(100, 130); n != 4 || !s.sh[0].circ.has(59) {
		t.Errorf("Q2 gave %d rockets (want 4), sabotage triggered %v", n, s.sh[0].circ.has(59))
	}
}

// TestA1BuildingXChains: a Building X can complete another quarter.
func TestA1BuildingXChains(t *testing.T) {
	g := testGame(t, 1, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{3, 6, 7}, [3]int8{actAstronaut, actEnergy, actPlant})
	write(s, 0, map[int]int{1: 1, 2: 2, 12: 1})
	do(t, s, "3 Astronaut [c1]", "space-3") // Q1 complete: R3, Act, X
	if !has(legalNames(s), "activate Q2") {
		t.Fatalf("activation targets %v", legalNames(s))
	}
	do(t, s, "activate Q2", "x-13") // X completes Q5: Act, X
	if s.sh[0].num[12] != xMark || s.ctx.npend == 0 {
		t.Fatalf("X chain: %v pending %d", s.sh[0].num[12], s.ctx.npend)
	}
}

// TestEndOfGame: the game ends at the end of a turn when a sheet has all
// System Error boxes used, all missions, or every space filled.
func TestEndOfGame(t *testing.T) {
	g := testGame(t, 3, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actEnergy, actPlant})
	s.markError(1)
	s.markError(1)
	s.syncPub()
	do(t, s, "5 Robot [c1]", "space-1", "tunnel-1-2")
	s.sh[1].num = s.sh[0].num // make seat 1 unable to fit? simpler: it plays and errs
	s.markError(1)
	s.syncPub()
	do(t, s, "6 Energy [c2]", "space-5", "upgrade-plants")
	if !s.IsTerminal() || s.ended != endErrors {
		t.Fatalf("game should end on 3 System Errors: phase %d", s.phase)
	}
	r := s.Returns(nil)
	if r[0] != 1 || r[1] != -1 {
		t.Errorf("returns %v", r)
	}
}

// TestScoresA2: plants x multiplier, water tanks, longest complete zone,
// most complete zones, System Errors (hand-checked).
func TestScoresA2(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := g.NewInitialState().(*State)
	sh := &s.sh[0]
	sh.circ.set(125)                     // S1 x6
	sh.circ.set(74)                      // 1 plant
	sh.circ.set(75)                      // 2 plants -> 12
	sh.circ.set(62)                      // tank 4
	sh.circ.set(67)                      // tank 8 -> 12
	sh.cross.set(int16(89 + 2))          // wall 2|3
	write(s, 0, map[int]int{1: 1, 2: 2}) // zone 1-2 complete (2 spaces)
	sh.cross.set(44)                     // one error -5
	want := 12 + 12 + 2 + 20 - 5
	if got := s.Score(0); got != want {
		t.Errorf("score %d, want %d (%v)", got, want, g.lay.rules().scoreLines(s, 0))
	}
}

// TestScoresA3: multipliers start at 0 and rise with Energy; quarters,
// astronauts ranking and the planning penalty (hand-checked).
func TestScoresA3(t *testing.T) {
	g := testGame(t, 3, 2, 1)
	s := g.NewInitialState().(*State)
	sh := &s.sh[0]
	sh.circ.set(113)
	sh.circ.set(114) // 2 tanks
	sh.cross.set(105)
	sh.cross.set(106) // water x4 -> 8
	sh.circ.set(63)   // 1 plant, plant multiplier 0 -> 0
	sh.circ.set(55)   // quarter 15
	sh.cross.set(92)  // 1 astronaut: rank 1 -> 20
	sh.cross.set(83)
	sh.cross.set(84) // planning 2 boxes: -3
	s.syncPub()
	if got, want := s.Score(0), 8+0+15+20-3; got != want {
		t.Errorf("score %d, want %d (%v)", got, want, g.lay.rules().scoreLines(s, 0))
	}
}

// TestScoresA4: extraction moves circled resources to the factories;
// factory value by multiplier and filling bonus; centers (hand-checked).
func TestScoresA4(t *testing.T) {
	g := testGame(t, 4, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actPlant, actEnergy, actRobot})
	write(s, 0, map[int]int{1: 1, 13: 2}) // column 1: pearl #158, ruby #160 circled below
	s.sh[0].circ.set(158)
	s.sh[0].circ.set(160)
	do(t, s, "5 Plant [c1]", "space-25") // pearl #162 circled by the fill; plant #161 (the only one) by the action
	if !s.sh[0].cross.has(232) {
		t.Fatalf("column 1 not extracted")
	}
	// pearl x2 (2 pearls = 4), ruby 1 x2 = 2, plant 1 x2 = 2
	if got, want := s.Score(0), 4+2+2; got != want {
		t.Errorf("score %d, want %d (%v)", got, want, g.lay.rules().scoreLines(s, 0))
	}
}

// TestAstraScore: the formula of solo-astra.md 2, with its example.
func TestAstraScore(t *testing.T) {
	s := testGame(t, 3, 1, 4).NewInitialState().(*State)
	s.astra.cards[actEnergy] = 2
	s.astra.cards[actPlant] = 1
	if got := s.astraScore(); got != 38 {
		t.Errorf("ASTRA level 4, A3, 2 Energy + 1 Plant: %d, want 38", got)
	}
	s1 := testGame(t, 1, 1, 3).NewInitialState().(*State)
	if s1.astra.track != 10 || s1.astraScore() != 10 {
		t.Errorf("A1 level 3 track starts at %d (want 10 crossed), score %d", s1.astra.track, s1.astraScore())
	}
	s1.astra.track = 81
	if s1.astraScore() != 150 {
		t.Errorf("full track scores %d", s1.astraScore())
	}
}

// TestDecodeRejects: bad states wrap ErrBadState.
func TestDecodeRejects(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actEnergy, actPlant})
	good, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.DecodeState(good); err != nil {
		t.Fatalf("good state rejected: %v", err)
	}
	for name, mut := range map[string]func(*State){
		"descending zone": func(s *State) { write(s, 0, map[int]int{1: 9, 2: 3}) },
		"unknown mark":    func(s *State) { s.sh[0].circ.set(250) },
		"card twice":      func(s *State) { s.deck.unseen.add(s.deck.shown[0]) },
		"bad seat":        func(s *State) { s.cur = 5 },
	} {
		c := *s
		mut(&c)
		data, _ := c.MarshalJSON()
		if _, err := g.DecodeState(data); !errors.Is(err, engine.ErrBadState) {
			t.Errorf("%s: got %v", name, err)
		}
	}
}

// TestA2EnergyOptional: the Energy action may be declined (an energy
// commits the player to a wall); taken, it circles the next energy and the
// second of a pair forces a wall where the player chooses.
func TestA2EnergyOptional(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actEnergy, actPlant})
	do(t, s, "6 Energy [c2]", "space-5")
	if got := legalNames(s); !slices.Equal(got, []string{"circle-energy", "no-energy"}) {
		t.Fatalf("energy choices %v", got)
	}
	do(t, s, "no-energy")
	if s.sh[0].circ.has(134) || s.cur != 1 {
		t.Fatal("declined energy was circled")
	}
	do(t, s, "6 Energy [c2]", "space-5", "circle-energy")
	if !s.sh[1].circ.has(134) || !s.sh[1].cross.has(135) || !has(legalNames(s), "wall-5|6") {
		t.Fatalf("second energy of the pair: circled %v, marker %v, choices %v", s.sh[1].circ.has(134), s.sh[1].cross.has(135), legalNames(s))
	}
	do(t, s, "wall-5|6")
	if !s.sh[1].cross.has(94) {
		t.Error("wall 5|6 (#94) not drawn")
	}
}

// TestResampleHidesUnfinishedChoice: halfway through seat 0's decision,
// seat 1's resampled world has seat 0 at the start of its decision, its
// sheet as at the start of the turn, and seat 1's view unchanged.
func TestResampleHidesUnfinishedChoice(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actWater, actPlant})
	do(t, s, "5 Robot [c1]")
	if s.cur != 0 || s.sub == subChoose {
		t.Fatalf("seat 0 should be mid-decision (cur %d, sub %d)", s.cur, s.sub)
	}
	before := make([]float32, engine.ObservationSize(g))
	s.Observe(1, before)
	r := s.Resample(1, engineRNG(3)).(*State)
	if r.cur != 0 || r.sub != subChoose || r.sh[0] != s.pub[0] {
		t.Errorf("seat 0's unfinished choice survives in seat 1's world (sub %d)", r.sub)
	}
	after := make([]float32, len(before))
	r.Observe(1, after)
	if !slices.Equal(before, after) {
		t.Error("Resample(1) changed seat 1's observation")
	}
	if own := s.Resample(0, engineRNG(3)).(*State); own.sub != s.sub || own.sh[0] != s.sh[0] {
		t.Error("Resample(0) changed seat 0's own unfinished choice")
	}
}
