package welcomemoon

import (
	"slices"
	"testing"
)

// Adventure 5, The Dome: one test per rule of adventure-5.md and of its
// solo part in solo-astra.md. Space names are the folder's (1-based).

// a5Turn is a 2-player turn of A5 whose combinations are (nums[i], acts[i]),
// with p0's and p1's sheets taken from sheets.
func a5Turn(t *testing.T, sheets [2]sheet, nums [3]int, acts [3]int8) *State {
	t.Helper()
	return mkTurn(t, testGame(t, 5, 2, 1), sheets[:], nums, acts)
}

// mkTurn is a multiplayer turn of g whose combinations are (nums[i],
// acts[i]), missions 0, 0, 0, with the seats' sheets taken from sheets.
func mkTurn(t *testing.T, g *Game, sheets []sheet, nums [3]int, acts [3]int8) *State {
	t.Helper()
	s := g.NewInitialState().(*State)
	s.mission = [3]int8{0, 0, 0}
	place := func(slot int, c int8) {
		s.deck.unseen.del(c)
		s.deck.left[s.pileOf(slot)]--
		s.deck.shown[slot] = c
	}
	for i := 0; i < 3; i++ {
		place(3+i, findCard(t, s, nums[i], fillerAct(nums[i])))
	}
	for i := 0; i < 3; i++ {
		// the action card: any unseen card of that action
		for n := 15; n >= 1; n-- {
			if composition[n-1][acts[i]] > 0 && s.deck.unseen.has(findKind(s, n, acts[i])) {
				place(i, findCard(t, s, n, acts[i]))
				break
			}
		}
	}
	copy(s.sh[:], sheets)
	s.syncPub()
	s.phase = phDecide
	s.startSeat()
	return s
}

// TestA5Adjacency: the first number of a skyscraper goes on one of its two
// starting levels; later ones directly above or below a filled level; the
// order is ascending bottom to top; the Planning X obeys the same rule.
func TestA5Adjacency(t *testing.T) {
	s := a5Turn(t, [2]sheet{}, [3]int{8, 6, 7}, [3]int8{actWater, actPlanning, actPlant})
	do(t, s, "8 Water [c1]")
	starts := []string{"space-6", "space-7", "space-13", "space-14", "space-22", "space-23", "space-34", "space-35"}
	if got := legalNames(s); !slices.Equal(got, starts) {
		t.Fatalf("empty sheet: %v, want the starting levels %v", got, starts)
	}
	s = a5Turn(t, [2]sheet{}, [3]int{8, 6, 7}, [3]int8{actWater, actPlanning, actPlant})
	write(s, 0, map[int]int{7: 5, 6: 3, 14: 10, 22: -1})
	do(t, s, "8 Water [c1]")
	// K1: 8 above 7 (5 < 8); 5 below 6 would need < 3. K2: 13 below 14 needs < 10
	// and 15 above needs > 10. K3: 21 and 23 next to the X, 22's neighbour.
	want := []string{"space-8", "space-13", "space-21", "space-23", "space-34", "space-35"}
	if got := legalNames(s); !slices.Equal(got, want) {
		t.Fatalf("after some levels: %v, want %v", got, want)
	}
	do(t, s, "space-8")
	// Planning: the X also needs a starting level or a filled neighbour
	s = a5Turn(t, [2]sheet{}, [3]int{8, 6, 7}, [3]int8{actWater, actPlanning, actPlant})
	write(s, 0, map[int]int{7: 5})
	do(t, s, "6 Planning [c2]", "space-8")
	got := legalNames(s)
	for _, x := range []string{"x-6", "x-9", "x-13", "x-14", "x-22", "x-23", "x-34", "x-35", "no-x"} {
		if !has(got, x) {
			t.Errorf("Planning X: %s missing from %v", x, got)
		}
	}
	for _, x := range []string{"x-5", "x-10", "x-1"} {
		if has(got, x) {
			t.Errorf("Planning X: %s is not adjacent to a filled level", x)
		}
	}
}

// TestA5TopBottomRace: filling the bottom or top level circles its high
// box; players doing so in the same turn all keep it; at the end of the
// turn it is crossed for the others, who later circle the low box; an X
// counts; solo, each high box gives one Solo bonus box.
func TestA5TopBottomRace(t *testing.T) {
	var sh sheet
	for sp := 2; sp <= 6; sp++ {
		sh.num[sp-1] = xMark
	}
	s := a5Turn(t, [2]sheet{sh, sh}, [3]int{1, 6, 7}, [3]int8{actWater, actPlanning, actPlant})
	do(t, s, "1 Water [c1]", "space-1")
	if !s.sh[0].circ.has(92) {
		t.Fatal("bottom of K1: high box #92 not circled")
	}
	do(t, s, "1 Water [c1]", "space-1")
	if !s.sh[0].circ.has(92) || !s.sh[1].circ.has(92) || s.sh[1].cross.has(92) {
		t.Fatal("two players in the same turn both keep the high box")
	}
	// p0 alone: p1 loses the high box at the end of the turn, then gets the low one
	s = a5Turn(t, [2]sheet{sh, sh}, [3]int{1, 6, 7}, [3]int8{actWater, actPlanning, actPlant})
	do(t, s, "1 Water [c1]", "space-1", "6 Planning [c2]", "space-7", "no-x")
	if !s.sh[1].cross.has(92) || s.sh[0].cross.has(92) {
		t.Fatal("race box not crossed for the other player only")
	}
	s2 := a5Turn(t, [2]sheet{s.sh[0], s.sh[1]}, [3]int{1, 6, 7}, [3]int8{actWater, actPlanning, actPlant})
	do(t, s2, "6 Planning [c2]", "space-7", "no-x", "1 Water [c1]", "space-1")
	if !s2.sh[1].circ.has(93) || s2.sh[1].circ.has(92) {
		t.Fatal("later player should circle the low box #93")
	}
	// an X on the top level of K1 (9 above an 8) circles #90
	s3 := a5Turn(t, [2]sheet{}, [3]int{1, 6, 7}, [3]int8{actWater, actPlanning, actPlant})
	write(s3, 0, map[int]int{8: 4, 7: 2})
	do(t, s3, "6 Planning [c2]", "space-13", "x-9")
	if !s3.sh[0].circ.has(90) {
		t.Fatal("an X on the top level circles its bonus")
	}
	// solo: one Solo bonus box per high box
	solo := newTurn(t, testGame(t, 5, 1, 1), [3]int8{0, 0, 0}, [3]int{1, 6, 7}, [3]int8{actRobot, actPlanning, actPlant})
	solo.sh[0] = sh
	solo.syncPub()
	do(t, solo, "1 Planning [n1a2]", "space-1")
	if !solo.sh[0].circ.has(92) || solo.astra.bonus != 1 {
		t.Fatalf("solo: high box %v, Solo bonus %d", solo.sh[0].circ.has(92), solo.astra.bonus)
	}
}

// TestA5Tower: Plant/Water circle the next plant / the water of the tower
// level at the height of the space just numbered; nothing for a space
// without a tower connection or when the symbols are used.
func TestA5Tower(t *testing.T) {
	var sh sheet
	for _, c := range []struct {
		act   int8
		space string
		want  []int16
	}{
		{actPlant, "space-7", []int16{72}},                 // T4
		{actPlant, "space-14", []int16{72, 73}},            // T4 again: the second plant
		{actPlant, "space-23", []int16{72, 73}},            // T4 has no plant left
		{actWater, "space-35", []int16{72, 73, 85}},        // T4 water
		{actWater, "space-6", []int16{72, 73, 85, 86}},     // T5 water
		{actWater, "space-8", []int16{72, 73, 84, 85, 86}}, // T3 water: space 8 is above 7
		{actPlant, "space-1", []int16{72, 73, 84, 85, 86}}, // no tower level
	} {
		sh.num = [maxSpaces]int8{}
		if c.space == "space-8" || c.space == "space-1" {
			for sp := 1; sp <= 6; sp++ {
				sh.num[sp] = xMark
			}
		}
		s := a5Turn(t, [2]sheet{sh, {}}, [3]int{9, 6, 7}, [3]int8{c.act, actRobot, actPlanning})
		do(t, s, "9 "+actNames[c.act]+" [c1]", c.space)
		var got []int16
		for id := int16(66); id <= 89; id++ {
			if s.sh[0].circ.has(id) {
				got = append(got, id)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Fatalf("%s on %s: circled %v, want %v", actNames[c.act], c.space, got, c.want)
		}
		sh = s.sh[0]
	}
	// spaces 1, 2, 18, 19, 27-30 have no tower level
	l := testGame(t, 5, 2, 1).lay.a5
	for _, sp := range []int{1, 2, 18, 19, 27, 28, 29, 30} {
		if l.towerOf[sp-1] >= 0 {
			t.Errorf("space %d should have no tower level", sp)
		}
	}
}

// TestA5Dome: Robot builds the first or the last unbuilt element whose
// parity is the number's; Planning's X makes the player split an unsplit
// unbuilt section (compulsory while one exists); halves keep the parity.
func TestA5Dome(t *testing.T) {
	s := a5Turn(t, [2]sheet{}, [3]int{8, 9, 7}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "8 Robot [c1]", "space-7")
	if !s.sh[0].circ.has(121) {
		t.Fatal("8: the even section at the right base (#121) is the only target")
	}
	do(t, s, "9 Robot [c2]", "space-7")
	if !s.sh[1].circ.has(114) {
		t.Fatal("9: the odd section at the left base (#114) is the only target")
	}
	// section 1 built, section 8 split: an even number may build 2 or 8R
	var sh sheet
	sh.circ.set(114)
	sh.cross.set(121)
	s = a5Turn(t, [2]sheet{sh, {}}, [3]int{8, 9, 7}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "8 Robot [c1]", "space-7")
	if got := legalNames(s); !slices.Equal(got, []string{"build-dome-2", "build-dome-8R"}) {
		t.Fatalf("dome choices %v", got)
	}
	do(t, s, "build-dome-8R")
	if !s.sh[0].circ.has(137) {
		t.Fatal("half 8R (#137) not built")
	}
	// odd number: 8L is last but even, section 2 first but even: nothing
	s = a5Turn(t, [2]sheet{s.sh[0], {}}, [3]int{8, 9, 7}, [3]int8{actRobot, actRobot, actPlant})
	do(t, s, "9 Robot [c2]", "space-14")
	if s.sub == subEffect || s.sh[0].circ.count() != 2 {
		t.Fatal("an odd number cannot build an even element")
	}
	// Planning: the X forces a split of an unsplit unbuilt section
	s = a5Turn(t, [2]sheet{sh, {}}, [3]int{8, 6, 7}, [3]int8{actRobot, actPlanning, actPlant})
	do(t, s, "6 Planning [c2]", "space-7", "x-8")
	want := []string{"split-dome-2", "split-dome-3", "split-dome-4", "split-dome-5", "split-dome-6", "split-dome-7"}
	if got := legalNames(s); !slices.Equal(got, want) {
		t.Fatalf("split choices %v, want %v (no skip: compulsory)", got, want)
	}
	do(t, s, "split-dome-3")
	if !s.sh[0].cross.has(116) {
		t.Fatal("section 3 not split")
	}
	var buf [24]int8
	if got := len(s.lay().a5.unbuilt(&s.sh[0], buf[:0])); got != 9 {
		t.Errorf("unbuilt elements %d, want 9 (2, 3L, 3R, 4-7, 8L)", got)
	}
	// declining the X: no split
	s = a5Turn(t, [2]sheet{sh, {}}, [3]int{8, 6, 7}, [3]int8{actRobot, actPlanning, actPlant})
	do(t, s, "6 Planning [c2]", "space-7", "no-x")
	if s.sh[0].cross.count() != 1 {
		t.Fatal("no X, no split")
	}
	// every section split or built: the X costs nothing
	var full sheet
	for i := int16(114); i <= 121; i++ {
		full.cross.set(i)
	}
	s = a5Turn(t, [2]sheet{full, {}}, [3]int{8, 6, 7}, [3]int8{actRobot, actPlanning, actPlant})
	do(t, s, "6 Planning [c2]", "space-7", "x-8")
	if s.sub == subEffect && s.ctx.pend[0].kind == effSplit {
		t.Fatal("nothing left to split")
	}
}

// TestA5Energy: Energy crosses the next row of the chosen area, all its
// boxes at once; an area with every row crossed is no longer offered.
func TestA5Energy(t *testing.T) {
	var sh sheet
	for k := 0; k < 4; k++ {
		sh.num = [maxSpaces]int8{}
		s := a5Turn(t, [2]sheet{sh, {}}, [3]int{9, 6, 7}, [3]int8{actEnergy, actRobot, actPlanning})
		do(t, s, "9 Energy [c1]", "space-7")
		want := []string{"upgrade-missions", "upgrade-tower", "upgrade-astronauts", "upgrade-dome"}
		if got := legalNames(s); !slices.Equal(got, want) {
			t.Fatalf("upgrade %d: %v", k, got)
		}
		do(t, s, "upgrade-tower")
		sh = s.sh[0]
	}
	for id := int16(146); id <= 157; id++ {
		if !sh.cross.has(id) {
			t.Fatalf("tower box #%d not crossed after 4 upgrades", id)
		}
	}
	sh.num = [maxSpaces]int8{}
	s := a5Turn(t, [2]sheet{sh, {}}, [3]int{9, 6, 7}, [3]int8{actEnergy, actRobot, actPlanning})
	do(t, s, "9 Energy [c1]", "space-7")
	if got := legalNames(s); !slices.Equal(got, []string{"upgrade-missions", "upgrade-astronauts", "upgrade-dome"}) {
		t.Fatalf("the tower is fully upgraded: %v", got)
	}
}

// TestA5Astronaut: -2..+2 and one marker crossed per Astronaut action.
func TestA5Astronaut(t *testing.T) {
	s := a5Turn(t, [2]sheet{}, [3]int{9, 6, 7}, [3]int8{actAstronaut, actRobot, actPlanning})
	do(t, s, "9 Astronaut [c1]", "-2", "space-7")
	if s.sh[0].num[6] != 7+1 || !s.sh[0].cross.has(106) {
		t.Fatal("Astronaut: 9-2 written and marker #106 crossed")
	}
}

// TestA5Missions: the six mission cards, and their ★ (first turn) / ✦
// (later) symbols.
func TestA5Missions(t *testing.T) {
	g := testGame(t, 5, 2, 1)
	s := g.NewInitialState().(*State)
	a := g.lay.a5
	sh := &s.sh[0]
	check := func(card int, want bool) {
		t.Helper()
		if got := a.missionMet(s, 0, card); got != want {
			t.Errorf("card %d: %v, want %v\n%s", card, got, want, a.draw(s, sh))
		}
	}
	for c := 88; c <= 91; c++ {
		check(c, false)
	}
	check(92, false)
	for sp := 1; sp <= 8; sp++ {
		sh.num[sp-1] = xMark
	}
	check(88, false)
	check(93, true) // 8 X
	sh.num[8] = 5
	check(88, true)  // K1 full
	check(89, false) // one top
	sh.num[37] = 5
	check(89, true) // tops of K1 and K4
	sh.circ.set(66)
	sh.circ.set(82)
	sh.circ.set(68)
	sh.circ.set(69)
	check(90, false) // T1, T2 with 2
	sh.circ.set(70)
	sh.circ.set(84)
	check(90, true)
	check(91, false)
	sh.circ.set(67)
	check(91, false) // only T1 with 3
	sh.circ.set(83)
	check(91, true)
	for i := int16(114); i <= 120; i++ {
		sh.circ.set(i)
	}
	sh.cross.set(121)
	sh.circ.set(136)
	check(92, false) // 8R unbuilt
	sh.circ.set(137)
	check(92, true)

	// ★ for the first turn's players, ✦ later
	st := a5Turn(t, [2]sheet{}, [3]int{9, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
	st.mission = [3]int8{0, 0, 1} // C: card 93, 4 X
	for p := 0; p < 2; p++ {
		for _, sp := range []int{6, 7, 8, 13} {
			st.sh[p].num[sp-1] = xMark
		}
	}
	st.syncPub()
	do(t, st, "9 Water [c1]", "space-14", "accomplish-C", "9 Water [c1]", "space-14", "decline-C")
	if !st.sh[0].circ.has(186) || st.sh[1].circ.has(186) || st.sh[1].circ.has(187) {
		t.Fatal("first accomplishment: ★ #186 for p0 only")
	}
	st2 := a5Turn(t, [2]sheet{st.sh[0], st.sh[1]}, [3]int{10, 6, 7}, [3]int8{actWater, actRobot, actPlanning})
	st2.mission, st2.mtaken = st.mission, st.mtaken
	do(t, st2, "10 Water [c1]", "space-15", "10 Water [c1]", "space-15", "accomplish-C")
	if !st2.sh[1].circ.has(187) || st2.sh[1].circ.has(186) {
		t.Fatal("later accomplishment: ✦ #187")
	}
	if got := g.lay.a5.scoreLines(st2, 1)[0]; got.pts != 4 {
		t.Errorf("✦ with no upgrade: %d, want 4", got.pts)
	}
	if got := g.lay.a5.scoreLines(st2, 0)[0]; got.pts != 8 {
		t.Errorf("★ with no upgrade: %d, want 8", got.pts)
	}
}

// TestScoreA5Areas: each area's value for every number of upgrades
// (adventure-5.md 5): the lowest visible value of its rows.
func TestScoreA5Areas(t *testing.T) {
	g := testGame(t, 5, 1, 1)
	for rows := 0; rows <= 4; rows++ {
		s := g.NewInitialState().(*State)
		sh := &s.sh[0]
		// one ★, one ✦; tower levels with 1, 2 and 3 symbols; 1 astronaut
		// (ASTRA has none: first place); the whole dome unbuilt (8)
		marksOf(sh, []int16{182, 185, 66, 68, 69, 70, 71, 84}, []int16{106})
		a := g.lay.a5
		for k := range a.areas {
			for r := 0; r < rows; r++ {
				for _, id := range a.areas[k].rows[r] {
					sh.cross.set(id)
				}
			}
		}
		star := []int{8, 10, 12, 15, 18}[rows]
		dia := []int{4, 6, 8, 9, 10}[rows]
		tower := [][3]int{{2, 5, 9}, {2, 6, 10}, {3, 7, 12}, {3, 8, 15}, {4, 10, 18}}[rows]
		astro := []int{-10, 0, 10, 20, 30}[rows]
		dome := []int{6, 5, 4, 3, 2}[rows]
		want := []scoreLine{{"missions", star + dia}, {"tower", tower[0] + tower[1] + tower[2]}, {"skyscrapers", 0},
			{"astronauts", astro}, {"dome", -8 * dome}, {"System Errors", 0}}
		if got := a.scoreLines(s, 0); !slices.Equal(got, want) {
			t.Errorf("%d upgrades: %v, want %v", rows, got, want)
		}
		// second place (ASTRA holds 2 Astronaut cards)
		s.astra.cards[actAstronaut] = 2
		if got := a.scoreLines(s, 0)[3].pts; got != []int{0, 2, 4, 7, 10}[rows] {
			t.Errorf("%d upgrades: second place %d", rows, got)
		}
	}
}

// TestScoreA5: a whole sheet added by hand, 2 players (astronaut ranks).
func TestScoreA5(t *testing.T) {
	g := testGame(t, 5, 2, 1)
	s := g.NewInitialState().(*State)
	marksOf(&s.sh[0], []int16{
		182, 187, // ★ A, ✦ C
		66, 67, 82, 68, 70, 84, // T1: 3 symbols, T2: 1, T3: 2
		92, 95, 101, // skyscraper boxes 20 + 10 + 3
		114, 121, 124, // dome: 1 and 8 built, 2 split with 2L built
	}, []int16{
		138, 139, // missions upgraded once: ★ 10, ✦ 6
		146, 147, 148, 149, 150, 151, // tower twice: 3 / 7 / 12
		106, 107, 108, // 3 astronauts
		158, 159, 160, 161, 162, 163, // astronauts 3 times: 20 / 7
		115, // section 2 split
		166, // dome once: 5 per unbuilt element
		48,  // one System Error
	})
	marksOf(&s.sh[1], nil, []int16{106})
	s.syncPub()
	// p0: missions 10 + 6; tower 12 + 3 + 7; skyscrapers 33; astronauts
	// first (3 > 1) 20; dome 6 unbuilt (2R, 3-7) x 5; error -5
	if got, want := s.Score(0), 16+22+33+20-30-5; got != want {
		t.Errorf("p0 score %d, want %d: %v", got, want, g.lay.a5.scoreLines(s, 0))
	}
	// p1: astronauts second (no upgrade: 0); dome 8 x 6
	if got, want := s.Score(1), 0-48; got != want {
		t.Errorf("p1 score %d, want %d: %v", got, want, g.lay.a5.scoreLines(s, 1))
	}
	// dense ranks: equal counts share first place (no upgrade: -10 each)
	s.sh[1].cross.set(107)
	s.sh[1].cross.set(108)
	s.syncPub()
	if got := g.lay.a5.scoreLines(s, 1)[3].pts; got != -10 {
		t.Errorf("tied first with no upgrade: %d, want -10", got)
	}
}

// TestA5Astra: ASTRA cards A, B and C each cross a high skyscraper box
// (the player's choice); the A5 formula is the cards + 10 + 2 x level.
func TestA5Astra(t *testing.T) {
	g := testGame(t, 5, 1, 3)
	s := g.NewInitialState().(*State)
	s.mission = [3]int8{0, 0, 0}
	for x := int8(0); x < 3; x++ {
		if !s.astraCard(x) || s.phase != phAstra {
			t.Fatalf("card %c: the player should choose", 'A'+x)
		}
		if got := len(s.LegalActions(nil)); got != 8-int(x) {
			t.Fatalf("card %c: %d choices, want %d", 'A'+x, got, 8-x)
		}
		s.Apply(s.LegalActions(nil)[0])
	}
	if !s.sh[0].cross.has(92) || !s.sh[0].cross.has(90) || !s.sh[0].cross.has(96) || s.errorsUsed(0) != 0 {
		t.Errorf("crossed: %v", markList(&s.sh[0].cross))
	}
	s.astra.cards = [numActs]int8{1, 0, 2, 0, 1, 0} // Margaret: 5 + 2x2 + 2
	if got, want := s.astraScore(), 5+4+2+10+3*2; got != want {
		t.Errorf("ASTRA score %d, want %d", got, want)
	}
}

// TestDecodeRejectsA5: the marks must agree with the rules.
func TestDecodeRejectsA5(t *testing.T) {
	g := testGame(t, 5, 2, 1)
	s := a5Turn(t, [2]sheet{}, [3]int{9, 6, 7}, [3]int8{actPlant, actRobot, actPlanning})
	write(s, 0, map[int]int{7: 3, 8: 5, 9: 6})
	s.sh[0].circ.set(90)
	s.syncPub()
	do(t, s, "9 Plant [c1]", "space-14")
	checkRejects(t, g, s, []sheetCase{
		{"a level not connected to a starting level", func(sh *sheet) { sh.num[3] = 2 }},
		{"a filled top level without its bonus", func(sh *sheet) { sh.circ = clearMark(sh.circ, 90) }},
		{"high and low boxes both circled", func(sh *sheet) { sh.circ.set(91) }},
		{"a second plant before the first", func(sh *sheet) { sh.circ = clearMark(sh.circ, 72); sh.circ.set(73) }},
		{"tower symbols at an empty height", func(sh *sheet) { sh.circ.set(66) }},
		{"half a row of an area", func(sh *sheet) { sh.cross.set(138) }},
		{"a half of an unsplit section", func(sh *sheet) { sh.circ.set(122) }},
		{"a split without an X", func(sh *sheet) { sh.cross.set(116) }},
		{"a ★ without the mission", func(sh *sheet) { sh.circ.set(182) }},
	})
}
