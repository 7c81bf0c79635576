package welcomemoon

import (
	"slices"
	"testing"
)

// Hand-checked scores: every scoring track of Adventures 1-4 and ASTRA,
// with the values read off the folder's tables (adventure-N.md,
// solo-astra.md) and the totals added by hand.

func marksOf(sh *sheet, circled, crossed []int16) {
	for _, id := range circled {
		sh.circ.set(id)
	}
	for _, id := range crossed {
		sh.cross.set(id)
	}
}

func ids(lo, hi int16) []int16 {
	var out []int16
	for id := lo; id <= hi; id++ {
		out = append(out, id)
	}
	return out
}

// TestScoreA1RocketTrack: the base score is the lowest visible score box
// (adventure-1.md 4): rows of 5, 4, 3x6, 2, 2 rockets.
func TestScoreA1RocketTrack(t *testing.T) {
	g := testGame(t, 1, 2, 1)
	for _, c := range []struct{ rockets, base int }{
		{0, 0}, {4, 0}, {5, 15}, {8, 15}, {9, 30}, {12, 45}, {15, 60}, {18, 75},
		{21, 90}, {24, 105}, {27, 120}, {28, 120}, {29, 135}, {30, 135}, {31, 150},
	} {
		s := g.NewInitialState().(*State)
		g.lay.a1.crossRockets(s, 0, c.rockets)
		if got := s.Score(0); got != c.base {
			t.Errorf("%d rockets: score %d, want %d", c.rockets, got, c.base)
		}
	}
}

// TestScoreA1ErrorsAndBonusRockets: -5 per circled System Error not
// crossed off; rockets beyond the 31 main ones cross circled errors, then
// bonus rockets worth 5 each once no error is outstanding (interpretation 2).
func TestScoreA1ErrorsAndBonusRockets(t *testing.T) {
	g := testGame(t, 1, 2, 1)
	for _, c := range []struct {
		name            string
		errors, rockets int
		want            int
	}{
		{"12 rockets, 2 errors", 2, 12, 45 - 10},
		{"31 rockets, 2 errors", 2, 31, 150 - 10},
		{"one error crossed by the 32nd rocket", 2, 32, 150 - 5},
		{"both errors crossed, 3 bonus rockets", 2, 36, 150 + 15},
		{"all 8 bonus rockets", 0, 39, 150 + 40},
		{"more rockets than the track holds", 1, 60, 150 + 40},
	} {
		s := g.NewInitialState().(*State)
		for range c.errors {
			s.markError(0)
		}
		g.lay.a1.crossRockets(s, 0, c.rockets)
		if got := s.Score(0); got != c.want {
			t.Errorf("%s: score %d, want %d", c.name, got, c.want)
		}
	}
	// a sabotage after the bonus rockets: they do not count while an error is outstanding
	s := g.NewInitialState().(*State)
	g.lay.a1.crossRockets(s, 0, 33)
	s.markError(0)
	if got := s.Score(0); got != 150-5 {
		t.Errorf("2 bonus rockets, then an error circled: %d, want 145", got)
	}
}

// TestScoreAstraA1Track: boxes crossed at setup by level, then a card
// crosses its action's level value; the score is the lowest visible label.
func TestScoreAstraA1Track(t *testing.T) {
	for level, want := range []int{15, 12, 10, 8, 6, 4, 2, 0} {
		s := testGame(t, 1, 1, level+1).NewInitialState().(*State)
		if int(s.astra.track) != want {
			t.Errorf("level %d starts with %d boxes crossed, want %d", level+1, s.astra.track, want)
		}
	}
	s := testGame(t, 1, 1, 1).NewInitialState().(*State)
	for _, c := range []struct{ crossed, score int }{
		{0, 10}, {15, 10}, {16, 20}, {20, 20}, {21, 30}, {50, 80}, {51, 90}, {75, 130}, {76, 140}, {80, 140}, {81, 150},
	} {
		s.astra.track = int8(c.crossed)
		if got := s.astraScore(); got != c.score {
			t.Errorf("%d boxes: ASTRA %d, want %d", c.crossed, got, c.score)
		}
	}
	// level 1 (Katherine): a Planning card crosses 4 boxes: 15 -> 19, score 20
	s = newTurn(t, testGame(t, 1, 1, 1), [3]int8{0, 0, 0}, [3]int{5, 6, 4}, [3]int8{actRobot, actEnergy, actPlanning})
	s.ctx.third = 2
	s.giveCard(false)
	if s.astra.track != 19 || s.astraScore() != 20 || s.astra.cards[actPlanning] != 1 {
		t.Errorf("after a Planning card: track %d, score %d", s.astra.track, s.astraScore())
	}
}

// TestScoreA2: plants x the station's circled multiplier (none: 0), tank
// values, longest complete zone, most complete zones, errors, missions.
func TestScoreA2(t *testing.T) {
	g := testGame(t, 2, 3, 1)
	s := g.NewInitialState().(*State)
	sh := &s.sh[0]
	marksOf(sh, []int16{
		125, 74, 75, 76, // S1 high x6, 3 plants: 18
		130, 79, 80, // S2 low x7, 2 plants: 14
		82, 83, 84, 85, // S3 4 plants, no multiplier: 0
		128, 86, 87, 88, 89, // S4 high x10, 4 plants: 40
		62, 66, 67, 73, // tanks 4 + 7 + 8 + 4 = 23
	}, []int16{
		126,    // S2's high multiplier lost
		89 + 2, // wall 2|3
		89 + 6, // wall 6|7
		44, 45, // 2 System Errors: -10
	})
	write(s, 0, map[int]int{1: 1, 2: 2, 3: 3, 4: -1, 5: 6, 6: 9}) // zones 1-2 and 3-6 (with an X) complete: longest 4
	sh.mdone, sh.mval = 3, [3]int8{9, 6, 0}                       // missions 15
	// seat 1 has 2 complete zones too, seat 2 one: seat 0 ranks first (20)
	s.sh[1].cross.set(89 + 1)
	s.sh[1].cross.set(89 + 3)
	write(s, 1, map[int]int{1: 5, 2: 1, 3: 2})
	s.sh[2].cross.set(89 + 1)
	write(s, 2, map[int]int{1: 5})
	want := 18 + 14 + 0 + 40 + 23 + 4 + 20 - 10 + 15
	if got := s.Score(0); got != want {
		t.Errorf("score %d, want %d (%v)", got, want, g.lay.rules().scoreLines(s, 0))
	}
	if got := g.lay.a2.zoneRank(s, 2); got != 10 {
		t.Errorf("1 zone behind two players with 2: %d, want 10 (dense ranking)", got)
	}
}

// TestDenseRank: deck.md 4.11: ties share a rank, no rank skipped, players
// without the item are not ranked.
func TestDenseRank(t *testing.T) {
	rewards := []int{20, 10, 5}
	for _, c := range []struct {
		counts []int
		want   []int
	}{
		{[]int{3, 2, 2, 1}, []int{20, 10, 10, 5}},
		{[]int{4, 3, 2, 1}, []int{20, 10, 5, 0}},
		{[]int{2, 2}, []int{20, 20}},
		{[]int{1, 0}, []int{20, 0}},
		{[]int{0, 0, 0}, []int{0, 0, 0}},
	} {
		var got []int
		for _, mine := range c.counts {
			got = append(got, denseRank(c.counts, mine, rewards))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("counts %v: rewards %v, want %v", c.counts, got, c.want)
		}
	}
}

// TestScoreSoloMajorities: solo, the player with at least one is first
// (20) when its count is at least ASTRA's (A2: Energy cards / 2, A3:
// Astronaut cards), else second (10).
func TestScoreSoloMajorities(t *testing.T) {
	s2 := testGame(t, 2, 1, 1).NewInitialState().(*State)
	s2.astra.cards[actEnergy] = 5 // ASTRA counts 2 zones
	s3 := testGame(t, 3, 1, 1).NewInitialState().(*State)
	s3.astra.cards[actAstronaut] = 2
	for _, c := range []struct{ mine, want int }{{0, 0}, {1, 10}, {2, 20}, {3, 20}} {
		a := &s2.sh[0]
		*a = sheet{}
		a.circ.set(133)
		for k := 0; k < c.mine; k++ {
			a.cross.set(int16(89 + k + 1)) // walls after spaces 1, 2, 3: zones of one space
			a.num[k] = xMark
		}
		if got := s2.lay().a2.zoneRank(s2, 0); got != c.want {
			t.Errorf("A2 %d complete zones vs ASTRA 2: %d, want %d", c.mine, got, c.want)
		}
		b := &s3.sh[0]
		*b = sheet{}
		for k := 0; k < c.mine; k++ {
			b.cross.set(int16(92 + k))
		}
		if got := s3.lay().a3.astroRank(s3, 0); got != c.want {
			t.Errorf("A3 %d astronauts vs ASTRA 2: %d, want %d", c.mine, got, c.want)
		}
	}
}

// TestScoreA3Tracks: each of the three Energy tracks multiplies by its
// lowest visible value; the planning penalty is its lowest visible value.
func TestScoreA3Tracks(t *testing.T) {
	g := testGame(t, 3, 2, 1)
	a := g.lay.a3
	for k, want := range [][3]int{{0, 0, 0}, {1, 2, 1}, {2, 4, 2}, {3, 6, 4}, {4, 8, 6}} {
		var sh sheet
		marksOf(&sh, nil, append(append(ids(101, 100+int16(k)), ids(105, 104+int16(k))...), ids(109, 108+int16(k))...))
		for tr := 0; tr < 3; tr++ {
			if got := a.mult(&sh, tr); got != want[tr] {
				t.Errorf("track %s with %d boxes crossed: x%d, want x%d", a.tracks[tr].name, k, got, want[tr])
			}
		}
	}
	for k, want := range []int{0, 1, 3, 6, 9, 12, 16, 20, 24, 28} {
		s := g.NewInitialState().(*State)
		marksOf(&s.sh[0], nil, ids(83, 82+int16(k)))
		if got := s.Score(0); got != -want {
			t.Errorf("%d planning boxes: score %d, want %d", k, got, -want)
		}
	}
}

// TestScoreA3: plants, water and antennas x multipliers, quarters 15/5,
// astronauts 20/10/5, planning, errors, missions.
func TestScoreA3(t *testing.T) {
	g := testGame(t, 3, 3, 1)
	s := g.NewInitialState().(*State)
	sh := &s.sh[0]
	marksOf(sh, []int16{
		63, 64, 65, 66, 67, 78, // 6 plants
		113, 114, 119, // 3 tanks
		121, 123, 125, 134, 135, // 5 antennas
		55, 62, // TL 15, BR 5
	}, []int16{
		101, 102, // plants x2: 12
		105, 106, 107, 108, // water x8: 24
		109, 110, 111, // antennas x4: 20
		58,         // BR's 15 lost
		92, 93, 94, // 3 astronauts
		83, 84, 85, 86, // 4 planning boxes: -9
		42, // 1 error -5
	})
	sh.mdone, sh.mval = 1, [3]int8{12, 0, 0}
	marksOf(&s.sh[1], nil, []int16{92, 93, 94}) // ties seat 0: both 20
	marksOf(&s.sh[2], nil, []int16{92})         // 10
	s.syncPub()
	want := 12 + 24 + 20 + 20 + 20 - 9 - 5 + 12
	if got := s.Score(0); got != want {
		t.Errorf("score %d, want %d (%v)", got, want, g.lay.rules().scoreLines(s, 0))
	}
	if r1, r2 := g.lay.a3.astroRank(s, 1), g.lay.a3.astroRank(s, 2); r1 != 20 || r2 != 10 {
		t.Errorf("astronaut ranks %d %d, want 20 10", r1, r2)
	}
}

// TestScoreA4: each resource factory is circled slots x its multiplier
// (base or upgraded) plus its filling bonus; the astronaut center 0 or 3
// per marker, the planning center -3 or 0; errors; missions.
func TestScoreA4(t *testing.T) {
	g := testGame(t, 4, 2, 1)
	cases := []struct {
		name             string
		circled, crossed []int16
		want             int
	}{
		{"plant 8 slots x2 + filling bonus 8", append(ids(103, 110), 224), nil, 16 + 8},
		{"plant 8 slots upgraded x4", ids(103, 110), []int16{218, 224}, 32},
		{"water 6 slots upgraded x5 + 10", append(ids(93, 98), 225), []int16{219}, 30 + 10},
		{"water 3 slots x3", ids(93, 95), nil, 9},
		{"pearl 10 slots x2 + 8", append(ids(117, 126), 226), nil, 20 + 8},
		{"pearl 3 slots upgraded x3", ids(117, 119), []int16{220}, 9},
		{"ruby 12 slots upgraded x3, bonus lost", ids(131, 142), []int16{221, 227}, 36},
		{"ruby 12 slots x2 + 12", append(ids(131, 142), 227), nil, 24 + 12},
		{"astronauts without upgrade score 0", nil, ids(204, 207), 0},
		{"astronauts upgraded 3 each", nil, append(ids(204, 207), 222), 12},
		{"planning -3 each", nil, ids(212, 213), -6},
		{"planning upgraded 0", nil, append(ids(212, 213), 223), 0},
		{"System Errors -5 each", nil, []int16{45, 46, 47}, -15},
	}
	for _, c := range cases {
		s := g.NewInitialState().(*State)
		marksOf(&s.sh[0], c.circled, c.crossed)
		if got := s.Score(0); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
	s := g.NewInitialState().(*State)
	s.sh[0].mdone, s.sh[0].mval = 5, [3]int8{8, 0, 3}
	if got := s.Score(0); got != 11 {
		t.Errorf("missions 8 + 3: %d", got)
	}
}

// TestScoreAstraFormula: fixed points + level x factor + each card's level
// value (solo-astra.md 2).
func TestScoreAstraFormula(t *testing.T) {
	for _, c := range []struct {
		adv, level int
		cards      [numActs]int8
		want       int
	}{
		{3, 4, [numActs]int8{0, 2, 1, 0, 0, 0}, 2*6 + 4 + 10 + 4*3},            // the example: 38
		{2, 2, [numActs]int8{3, 0, 0, 0, 2, 0}, 3*2 + 2*4 + 5 + 2*1},           // Alexei: 21
		{4, 8, [numActs]int8{0, 1, 2, 0, 0, 1}, 3 + 2*6 + 6 + 5 + 8*2},         // Peggy: 42
		{2, 1, [numActs]int8{1, 1, 1, 1, 1, 1}, 2 + 3 + 2 + 3 + 1 + 4 + 5 + 1}, // Katherine: 21
		{4, 5, [numActs]int8{}, 5 + 5*2},                                       // Sergei, no card: 15
	} {
		s := testGame(t, c.adv, 1, c.level).NewInitialState().(*State)
		s.astra.cards = c.cards
		if got := s.astraScore(); got != c.want {
			t.Errorf("A%d level %d cards %v: %d, want %d", c.adv, c.level, c.cards, got, c.want)
		}
	}
}

// TestTieBreak: equal scores are ranked by fewer System Errors; solo, a
// player ahead of ASTRA wins, level is a draw.
func TestTieBreak(t *testing.T) {
	s := testGame(t, 2, 2, 1).NewInitialState().(*State)
	s.sh[0].circ.set(64)  // tank 5
	s.sh[0].cross.set(44) // error -5: 0 points, like seat 1
	s.phase = phOver
	if r := s.Returns(nil); r[0] != -1 || r[1] != 1 {
		t.Errorf("tie on points: returns %v, want seat 1 (no error) ahead", r)
	}
	solo := testGame(t, 2, 1, 1).NewInitialState().(*State)
	solo.phase = phOver
	for _, c := range []struct {
		tanks []int16
		want  float64
	}{
		{[]int16{62, 63}, 1}, // 8 > ASTRA's 6
		{[]int16{69}, 1},     // 7 > 6
		{[]int16{65}, 0},     // 6 = 6: a draw
		{[]int16{72}, -1},    // 4 < 6
		{nil, -1},
	} {
		solo.sh[0] = sheet{}
		marksOf(&solo.sh[0], c.tanks, nil)
		if r := solo.Returns(nil); r[0] != c.want {
			t.Errorf("tanks %v (score %d) vs ASTRA %d: %v", c.tanks, solo.Score(0), solo.astraScore(), r)
		}
	}
}

// TestProgress: the smooth readings agents use: A1 rockets between score
// boxes, A4 circled resources before extraction, ASTRA's A1 track.
func TestProgress(t *testing.T) {
	s1 := testGame(t, 1, 1, 1).NewInitialState().(*State)
	s1.lay().a1.crossRockets(s1, 0, 3)
	if got, want := s1.Progress(0), 150*3/31.0; got != want || s1.Score(0) != 0 {
		t.Errorf("A1 3 rockets: progress %v, want %v (score %d)", got, want, s1.Score(0))
	}
	if got := s1.AstraProgress(); got != 18 { // 15 boxes: 10 + 2 x 4
		t.Errorf("ASTRA level 1 at the start: %v, want 18", got)
	}
	s4 := testGame(t, 4, 2, 1).NewInitialState().(*State)
	write(s4, 0, map[int]int{1: 3})
	s4.sh[0].circ.set(158) // a pearl, not extracted: half a slot of x2
	if got := s4.Progress(0); got != 1 || s4.MissionsDone(0) != 0 {
		t.Errorf("A4 one circled pearl: progress %v, want 1", got)
	}
	s2 := testGame(t, 2, 2, 1).NewInitialState().(*State)
	s2.sh[0].circ.set(62)
	s2.sh[0].mdone, s2.sh[0].mval = 5, [3]int8{9, 0, 5}
	if s2.Progress(0) != float64(s2.Score(0)) || s2.Score(0) != 18 || s2.MissionsDone(0) != 2 {
		t.Errorf("A2 progress %v, score %d, missions %d", s2.Progress(0), s2.Score(0), s2.MissionsDone(0))
	}
}
