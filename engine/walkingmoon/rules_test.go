package walkingmoon

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/internal/taskrun"
)

func TestSetupDealsFiveCardsAtRandom(t *testing.T) {
	for _, c := range []struct {
		params    []string
		cards     int // lunar cards of the edition
		maxDiffic int
	}{
		{[]string{"edition", "en"}, 10, 5},
		{[]string{"edition", "es"}, 11, 5},
		{[]string{"edition", "es", "difficult", "1"}, 11, 1},
		{[]string{"edition", "en", "difficult", "0"}, 10, 0},
	} {
		g := loadGame(t, c.params...)
		s := g.NewInitialState().(*State)
		first := c.cards
		if c.maxDiffic == 0 {
			first = 6
		}
		if got := len(s.ChanceOutcomes(nil)); got != first {
			t.Errorf("%v: first slot has %d outcomes, want %d", c.params, got, c.cards)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		seen := map[int8]bool{}
		for n := 0; n < 200; n++ {
			s := g.NewInitialState().(*State)
			for s.CurrentPlayer() == engine.Chance {
				s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
			}
			hard := 0
			for _, k := range s.slots {
				seen[k] = true
				if g.data.Cards[k].Difficult {
					hard++
				}
				if !g.data.Cards[k].Editions[g.edition] {
					t.Fatalf("card %d is not in edition %s", g.data.Cards[k].ID, editionNames[g.edition])
				}
			}
			if hard > c.maxDiffic {
				t.Fatalf("%v: %d difficult cards dealt", c.params, hard)
			}
		}
		want := c.cards
		if c.maxDiffic == 0 {
			want = 6
		}
		if len(seen) != want {
			t.Errorf("%v: %d different cards seen in 200 setups, want %d", c.params, len(seen), want)
		}
	}
}

func TestSetupPawnsStackedFirstPlayerOnTop(t *testing.T) {
	g := loadGame(t, "players", "4")
	s := newTestState(t, g)
	for a := 0; a < 4; a++ {
		if s.ast[a].X != 0 || int(s.ast[a].L) != g.plain {
			t.Errorf("astronaut %d not on the start box", a)
		}
	}
	if !slices.Equal(s.order[:s.nOrder], []int8{0, 1, 2, 3}) {
		t.Errorf("round 1 order %v, want 0 1 2 3 (top of the stack first)", s.order[:s.nOrder])
	}
	if s.CurrentPlayer() != 0 || topKind(s) != "program" {
		t.Errorf("first decision: %s by %s", topKind(s), s.CurrentPlayer())
	}
}

func TestSetupAdvancedTokensAndCards(t *testing.T) {
	g := loadGame(t, "players", "3", "rules", "advanced")
	s := newTestState(t, g, "token-advance", "token-ec", "token-ec", "token-back",
		"draw-slipstream", "draw-cooperation", "draw-planification")
	if s.tokens != [4]int8{tokenAdvance, tokenEC, tokenEC, tokenBack} {
		t.Errorf("tokens %v", s.tokens)
	}
	for a, want := range []int8{cardSlipstream, cardCooperation, cardPlanification} {
		if s.ast[a].Card != want {
			t.Errorf("astronaut %d card %d, want %d", a, s.ast[a].Card, want)
		}
	}
	// the English edition has 2 EC tokens: a third is not an outcome
	s2 := g.NewInitialState().(*State)
	play(t, s2, testCards...)
	play(t, s2, "token-ec", "token-ec")
	for _, n := range legalNames(s2) {
		if n == "token-ec" {
			t.Errorf("a third EC token can be placed")
		}
	}
	if g.window[tmSanction] || !g.window[tmAfter] {
		t.Errorf("English windows: sanction %v, after-dice %v", g.window[tmSanction], g.window[tmAfter])
	}
}

func TestTurnOrder(t *testing.T) {
	g := loadGame(t, "players", "5")
	s := newTestState(t, g)
	s.stack.Clear()
	put(s, 0, 2, 1)  // behind
	put(s, 1, 16, 2) // same column as 2, upper level
	put(s, 2, 16, 1)
	put(s, 3, 20, 1) // leader
	put(s, 4, 2, 1)  // same box as 0, on top
	s.roundStart()
	if want := []int8{3, 1, 2, 4, 0}; !slices.Equal(s.order[:5], want) {
		t.Errorf("order %v, want %v", s.order[:5], want)
	}
	if !s.ast[0].StartedLast || !s.ast[4].StartedLast || s.ast[3].StartedLast {
		t.Errorf("started last flags wrong")
	}
}

func TestDiceByPlayerState(t *testing.T) {
	cases := []struct {
		name     string
		stunned  bool
		handicap int8
		want     int8
	}{
		{"normal", false, 0, 4},
		{"handicap", false, 2, 3},
		{"stunned", true, 0, 2},
		{"stunned and handicap: worst applies", true, 1, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := loadGame(t, "players", "3", "edition", "es")
			s := newTestState(t, g)
			s.stack.Clear()
			s.ast[1].Stunned, s.ast[1].Handicap = c.stunned, c.handicap
			s.turnStart(1)
			if s.dice != c.want {
				t.Errorf("dice %d, want %d", s.dice, c.want)
			}
			if s.ast[1].Stunned || s.ast[1].Handicap != 0 {
				t.Errorf("stun and handicap counters not cleared at the start of the turn")
			}
		})
	}
}

func TestProgramming(t *testing.T) {
	g := loadGame(t, "players", "3")
	s := newTestState(t, g)
	// the first die goes on jump 1
	for _, n := range legalNames(s) {
		if n[:2] != "j1" {
			t.Errorf("first die can go to %s", n)
		}
	}
	play(t, s, "j1-black", "j1-black")
	if hasAction(s, "j1-blue") || hasAction(s, "j3-blue") {
		t.Errorf("canonical order broken or a jump skipped: %v", legalNames(s))
	}
	if hasAction(s, "j1-black") || hasAction(s, "j2-black") {
		t.Errorf("a third black die offered: %v", legalNames(s))
	}
	play(t, s, "j1-white", "j1-white") // four dice in one jump: fewer jumps allowed
	if topKind(s) != "roll-die" || s.nDice != 4 || s.nJumps != 1 {
		t.Fatalf("after programming: %s, %d dice, %d jumps", topKind(s), s.nDice, s.nJumps)
	}
	// mixed colours over 3 jumps
	s = newTestState(t, g)
	play(t, s, "j1-blue", "j2-black", "j2-white", "j3-blue")
	if s.prog != [3][3]int8{{1, 0, 0}, {0, 1, 1}, {1, 0, 0}} {
		t.Errorf("programme %v", s.prog)
	}
	// never a dead end: after j3-white, j3-white only two dice can follow
	s = newTestState(t, g)
	play(t, s, "j1-blue", "j2-blue")
	if hasAction(s, "j3-white") {
		// j3-white then one more die of colour >= white: only one white left
		t.Logf("j3-white allowed with %v", legalNames(s))
	}
	play(t, s, "j3-black")
	mustContain(t, legalNames(s), "j3-black", "j3-white")
}

// jumpCase: astronaut 0 at (x, l) uses a die; where does it end?
type jumpCase struct {
	name    string
	x, l    int
	col     int
	face    string
	path    string // S straight, U up, D down
	wantX   int
	wantL   int
	crash   bool
	finish  bool
	sputnik int
}

func maskOf(path string) int {
	m := 0
	for i, c := range path {
		if c != 'S' {
			m |= 1 << i
		}
	}
	return m
}

func faceOf(t *testing.T, f string) int8 {
	for c := int8(0); c < numFaces; c++ {
		if faceName(c) == f {
			return c
		}
	}
	t.Fatalf("face %q", f)
	return 0
}

func TestJumps(t *testing.T) {
	cases := []jumpCase{
		{"blue straight to a circle", 0, 1, blue, "1", "S", 1, 1, false, false, 0},
		{"blue straight onto a hazardous box", 0, 1, blue, "3", "SSS", 3, 1, true, false, 0},
		{"passing a Sputnik gains it", 0, 1, blue, "4", "SSSS", 4, 1, false, false, 1},
		{"ending in the air falls to the box below", 6, 1, blue, "3", "SSS", 9, 0, true, false, 0},
		{"hitting the surface stays on the box before", 6, 1, white, "2", "SD", 7, 1, true, false, 0},
		{"white descends into a crater", 8, 1, white, "2", "DS", 10, 0, false, false, 1},
		{"black climbs out of a crater", 11, 0, black, "2", "SU", 13, 1, false, false, 0},
		{"black climbing into the air falls", 11, 0, black, "2", "UU", 13, 1, true, false, 0},
		{"the skull crashes at the end of the jump", 11, 0, black, "2x", "SU", 13, 1, true, false, 0},
		{"black climbs a ridge", 15, 1, black, "2", "UU", 17, 3, false, false, 0},
		{"white off a ridge into the air falls", 18, 3, white, "2", "SD", 20, 1, true, false, 0},
		{"white descends a ridge", 17, 3, white, "3", "SDD", 20, 1, false, false, 1},
		{"white enters a tunnel", 29, 1, white, "1", "D", 30, 0, false, false, 0},
		{"the tunnel roof cannot be crossed", 30, 0, black, "1", "U", 30, 0, true, false, 0},
		{"walking through the tunnel passes its Sputnik", 30, 0, blue, "3", "SSS", 33, 0, true, false, 1},
		{"crossing the goal finishes", 34, 1, blue, "1", "S", 35, 1, false, true, 0},
		{"a long die stops at the goal", 33, 3, white, "3", "DDS", 35, 1, false, true, 0},
		{"crossing the goal in the air is a crash", 33, 3, black, "2", "UU", 35, 1, true, true, 0},
	}
	g := loadGame(t, "players", "3")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTestState(t, g)
			if k := s.cell(c.x, c.l) & cellKind; k != cellCircle && k != cellHazard {
				t.Fatalf("start (%d,%d) is not a box", c.x, c.l)
			}
			put(s, 0, c.x, c.l)
			ld := s.simulate(0, c.col, faceOf(t, c.face), maskOf(c.path))
			want := landing{c.wantX, c.wantL, c.crash, c.finish, c.sputnik}
			if ld != want {
				t.Errorf("landing %+v, want %+v", ld, want)
			}
		})
	}
}

func TestPathChoices(t *testing.T) {
	g := loadGame(t, "players", "3")
	s := newTestState(t, g)
	play(t, s, "j1-blue", "j1-black", "j1-white", "j1-white", "blue3", "black2", "white3", "white3")
	got := legalNames(s)
	want := []string{"blue3", "black2:SS", "black2:US", "black2:SU", "black2:UU",
		"white3:DSS", "white3:SDS", "white3:DDS", "white3:SSD", "white3:DSD", "white3:SDD", "white3:DDD"}
	if !slices.Equal(got, want) {
		t.Errorf("choices %v\nwant %v", got, want)
	}
}

func TestCrashLosesHalfTheSputniksAfterGains(t *testing.T) {
	g := loadGame(t, "players", "3")
	s := newTestState(t, g)
	s.ast[0].Sputnik, s.supplySp = 4, s.supplySp-4
	// blue 4 passes the Sputnik at column 4 and ... lands on column 4 safely;
	// program 2 jumps, then crash on the second with blue 1 onto column 5 (hazard)
	play(t, s, "j1-blue", "j2-blue", "j3-black", "j3-black", "blue4", "blue4")
	if s.ast[0].Sputnik != 5 || topKind(s) != "continue" {
		t.Fatalf("after a safe jump over a Sputnik: %d Sputniks, %s", s.ast[0].Sputnik, topKind(s))
	}
	play(t, s, "roll", "blue1", "blue1")
	if !s.ast[0].Stunned || s.ast[0].Sputnik != 3 || s.supplySp != g.supplySp-3 {
		t.Errorf("after the crash: stunned %v, %d Sputniks (want 3 = 5 - 5/2)", s.ast[0].Stunned, s.ast[0].Sputnik)
	}
	if s.active != 1 || topKind(s) != "program" {
		t.Errorf("the crash did not end the turn: active %d, %s", s.active, topKind(s))
	}
}

func TestStopOrContinueAfterSafeLanding(t *testing.T) {
	g := loadGame(t, "players", "3")
	s := newTestState(t, g)
	play(t, s, "j1-blue", "j2-blue", "j3-black", "j3-black", "blue1", "blue1")
	if got := legalNames(s); !slices.Equal(got, []string{"stop", "roll"}) {
		t.Fatalf("after a safe first jump: %v", got)
	}
	play(t, s, "stop")
	if s.active != 1 {
		t.Errorf("stop did not end the turn")
	}
}

func TestFinishEndsTheRoundAndTheGame(t *testing.T) {
	g := loadGame(t, "players", "3")
	s := newTestState(t, g)
	put(s, 0, 34, 1)
	put(s, 1, 33, 0) // in the tunnel of card 5
	put(s, 2, 30, 2) // on the last card, column 30 (2 points)
	s.ast[2].Sputnik, s.supplySp = 2, s.supplySp-2
	// p0 crosses: its turn ends at once, even with jumps left
	play(t, s, "j1-blue", "j2-blue", "j3-black", "j3-black", "blue1", "blue1")
	if !s.ast[0].Finished || s.ast[0].FinishPos != 1 || s.active != 1 {
		t.Fatalf("p0 finished %v, active %d", s.ast[0].Finished, s.active)
	}
	if s.IsTerminal() {
		t.Fatalf("the game ended before the round")
	}
	// p1 walks out of the tunnel past the goal: second across
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "blue1", "blue1", "black1", "black2", "black2:US")
	if !s.ast[1].Finished || s.ast[1].FinishPos != 2 {
		t.Fatalf("p1 did not finish second:\n%s", s)
	}
	// p2 walks into the ridge of the last card and stays on column 30
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "blue1", "blue1", "black1", "black1", "blue1")
	if !s.IsTerminal() {
		t.Fatalf("the game did not end with the round:\n%s", s)
	}
	sc := s.Scores(nil)
	// p2 crashed (head against the ridge) on column 30: 3 position points + 1 Sputnik left
	if want := []float64{11, 10, 3 + 1}; !slices.Equal(sc, want) {
		t.Errorf("scores %v, want %v\n%s", sc, want, s)
	}
	if r := s.Returns(nil); !slices.Equal(r, []float64{1, 0, -1}) {
		t.Errorf("returns %v", r)
	}
}

func TestTieBreaks(t *testing.T) {
	// Columns 35 = across the line; astronauts are placed (and cross the
	// line) in the order "placed", so the earlier arrives first. Column 30 of
	// the last card scores 3, column 34 scores 7.
	cases := []struct {
		name    string
		sputnik [3]int
		col     [3]int
		placed  [3]int
		en, es  [3]int // ranking, best first
	}{
		{"seat 0 crossed second, tied with the first across",
			[3]int{1, 0, 0}, [3]int{35, 35, 5}, [3]int{1, 0, 2}, [3]int{0, 1, 2}, [3]int{1, 0, 2}},
		{"seat 0 not tied: the first across wins",
			[3]int{5, 0, 1}, [3]int{0, 35, 35}, [3]int{0, 1, 2}, [3]int{1, 2, 0}, [3]int{1, 2, 0}},
		{"seat 0 tied on points with better position points elsewhere",
			[3]int{4, 0, 0}, [3]int{30, 34, 5}, [3]int{0, 1, 2}, [3]int{0, 1, 2}, [3]int{1, 0, 2}},
		{"same box of the last card: Spanish, the first to arrive",
			[3]int{0, 0, 0}, [3]int{5, 30, 30}, [3]int{0, 2, 1}, [3]int{1, 2, 0}, [3]int{2, 1, 0}},
	}
	for _, c := range cases {
		for _, ed := range []string{"en", "es"} {
			g := loadGame(t, "players", "3", "edition", ed)
			s := newTestState(t, g)
			s.stack.Clear()
			for _, a := range c.placed {
				if c.col[a] == g.goal {
					s.finish(a)
				} else {
					put(s, a, c.col[a], s.bestCircle(c.col[a], 1))
				}
				s.ast[a].Sputnik = int8(c.sputnik[a])
			}
			sc := s.Scores(nil)
			if sc[0] != sc[1] && sc[1] != sc[2] && sc[0] != sc[2] {
				t.Fatalf("%s: no tie in %v", c.name, sc)
			}
			want := c.en
			if ed == "es" {
				want = c.es
			}
			r := s.ranking()
			if got := [3]int{r[0], r[1], r[2]}; got != want {
				t.Errorf("%s (%s): ranking %v, want %v (scores %v)", c.name, ed, got, want, sc)
			}
		}
	}
}

func TestEarthControlAndLeaderHandicapAtEndOfRound(t *testing.T) {
	for _, c := range []struct {
		params   []string
		ecRules  bool
		leaderEC bool
	}{
		{[]string{"edition", "en", "rules", "basic"}, false, false},
		{[]string{"edition", "en", "rules", "advanced"}, true, false},
		{[]string{"edition", "es", "rules", "basic"}, true, true},
	} {
		g := loadGame(t, append([]string{"players", "3"}, c.params...)...)
		s := newTestState(t, g)
		s.stack.Clear()
		put(s, 0, 10, 0)
		put(s, 1, 2, 1)
		put(s, 2, 2, 1)
		s.roundCounters()
		ec := [3]int8{s.ast[0].EC, s.ast[1].EC, s.ast[2].EC}
		hc := [3]int8{s.ast[0].Handicap, s.ast[1].Handicap, s.ast[2].Handicap}
		want := [3]int8{}
		if c.ecRules {
			want = [3]int8{0, 1, 1}
		}
		if ec != want {
			t.Errorf("%v: EC %v, want %v", c.params, ec, want)
		}
		if wantH := [3]int8{b2i(c.ecRules), 0, 0}; hc != wantH {
			t.Errorf("%v: handicap %v, want %v", c.params, hc, wantH)
		}
		// the leader gets Earth Control only in the Spanish edition
		s.gainEC(0)
		if got := s.ast[0].EC == 1; got != c.leaderEC {
			t.Errorf("%v: leader gains EC = %v", c.params, got)
		}
	}
}

func b2i(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

func TestEarthControlSpending(t *testing.T) {
	g := loadGame(t, "players", "3", "edition", "es")
	s := newTestState(t, g)
	s.ast[0].EC, s.supplyEC = 3, s.supplyEC-3
	play(t, s, "ec-die", "ec-die")
	if s.dice != 6 || hasAction(s, "ec-die") {
		t.Fatalf("extra dice: %d, ec-die still legal %v", s.dice, hasAction(s, "ec-die"))
	}
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "j1-white", "j1-white",
		"blue1", "blue2", "black1", "black2", "white1", "white2")
	mustContain(t, legalNames(s), "ec-reroll-1-blue1", "ec-reroll-2-blue2")
	play(t, s, "ec-reroll-1-blue1", "blue4")
	if s.ast[0].EC != 0 || s.dieFace[0] != faceOf(t, "4") {
		t.Errorf("reroll: EC %d, die %s", s.ast[0].EC, faceName(s.dieFace[0]))
	}
	if hasAction(s, "ec-reroll-1-blue4") {
		t.Errorf("reroll without Earth Control")
	}
}

func TestEnglishThreeJumpsEarnEarthControl(t *testing.T) {
	g := loadGame(t, "players", "3", "rules", "advanced")
	s := newTestState(t, g, "token-reroll", "token-sputnik2", "token-spend", "token-ec",
		"draw-slipstream", "draw-slipstream", "draw-slipstream")
	put(s, 1, 6, 1) // p1 leads, so p0 may earn EC
	put(s, 2, 6, 1)
	s.ast[1].Card, s.ast[2].Card = noCard, noCard // no card prompts
	s.deck[cardSlipstream] += 2
	play(t, s, "j1-blue", "j2-blue", "j3-black", "j3-black", "blue1", "blue1", "roll", "blue1", "blue1", "roll", "black2", "black1", "black2:SS")
	if s.ast[0].EC != 1 {
		t.Errorf("EC after 3 safe jumps: %d\n%s", s.ast[0].EC, s)
	}
}

func TestRobberyAndSabotage(t *testing.T) {
	for _, c := range []struct {
		name      string
		edition   string
		crash     bool
		victimSp  int8
		wantRob   bool
		wantSp    [2]int8
		wantHandi int8
	}{
		{"rob a Sputnik", "en", false, 2, true, [2]int8{1, 1}, 0},
		{"sabotage: handicap", "en", false, 0, true, [2]int8{0, 0}, 1},
		{"English: even crashed", "en", true, 2, true, [2]int8{1, 1}, 0},
		{"Spanish: not when crashed", "es", true, 2, false, [2]int8{0, 2}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := loadGame(t, "players", "3", "rules", "advanced", "edition", c.edition)
			s := newTestState(t, g, "token-reroll", "token-back", "token-spend", "token-sputnik2",
				"draw-slipstream", "draw-slipstream", "draw-slipstream")
			for a := 0; a < 3; a++ {
				s.deck[s.ast[a].Card]++
				s.ast[a].Card = noCard
			}
			s.ast[1].Sputnik, s.supplySp = c.victimSp, s.supplySp-c.victimSp
			target := 2 // column 2, a circle
			if c.crash {
				target = 3 // hazardous box
			}
			put(s, 1, target, 1)
			f := faceName(int8(target - 1))
			play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "blue"+f, "blue1", "black1", "black1", "blue"+f)
			if got := hasAction(s, "rob-p1") || hasAction(s, "sabotage-p1"); got != c.wantRob {
				t.Fatalf("robbery offered %v, want %v: %v", got, c.wantRob, legalNames(s))
			}
			if c.wantRob {
				mustContain(t, legalNames(s), "no-rob")
				if c.victimSp > 0 {
					play(t, s, "rob-p1")
				} else {
					play(t, s, "sabotage-p1")
				}
			}
			sp := [2]int8{s.ast[0].Sputnik, s.ast[1].Sputnik}
			if c.crash && c.edition == "en" {
				sp[0] = 1 // robbed before the halving: 1 - 0 = 1
			}
			if sp != c.wantSp {
				t.Errorf("Sputniks %v; want %v", sp, c.wantSp)
			}
			// p1 plays next: a handicap counter means 3 dice
			if s.active != 1 || (s.dice == 3) != (c.wantHandi == 1) {
				t.Errorf("p1 to play with %d dice (active %d), handicap wanted %d", s.dice, s.active, c.wantHandi)
			}
		})
	}
}

func TestNoRobberyOfFinishedOrOwnAstronaut(t *testing.T) {
	g := loadGame(t, "players", "2", "rules", "advanced")
	s := newTestState(t, g, "token-reroll", "token-back", "token-spend", "token-sputnik2",
		"draw-slipstream", "draw-cooperation")
	put(s, 0, 5, 1)
	put(s, 2, 5, 1) // p0's own second astronaut
	if s.canRob(0, 2) {
		t.Errorf("an own astronaut can be robbed")
	}
	put(s, 1, 5, 1)
	if !s.canRob(0, 1) {
		t.Errorf("the rival cannot be robbed")
	}
	s.finish(1)
	put(s, 0, g.goal, g.plain)
	if s.canRob(0, 1) {
		t.Errorf("a finished astronaut can be robbed")
	}
}

// TestRoundLimit: the rounds parameter ends a game nobody finished after
// that round; the last card's position points and Sputniks are scored.
func TestRoundLimit(t *testing.T) {
	for _, rounds := range []int{1, 2} {
		g := loadGame(t, "players", "3", "rounds", strconv.Itoa(rounds))
		s := newTestState(t, g)
		put(s, 2, 30, 2) // on the ridge of the last card (column 30 scores 3)
		// p0 and p1 jump to column 1 and stop; p2 walks into the ridge and stays
		play(t, s, "j1-blue", "j2-blue", "j3-black", "j3-black", "blue1", "blue1", "stop")
		play(t, s, "j1-blue", "j2-blue", "j3-black", "j3-black", "blue1", "blue1", "stop")
		play(t, s, "j1-blue", "j2-blue", "j3-black", "j3-black", "blue1", "blue1")
		if s.IsTerminal() != (rounds == 1) || s.Round() != min(rounds, 2) {
			t.Fatalf("rounds=%d: after round 1 terminal %v, round %d", rounds, s.IsTerminal(), s.Round())
		}
		if rounds > 1 {
			continue
		}
		if sc := s.Scores(nil); !slices.Equal(sc, []float64{0, 0, 3}) {
			t.Errorf("scores %v, want [0 0 3]", sc)
		}
		// p0 and p1 tie on 0: the first player (seat 0) wins the tie
		if r := s.Returns(nil); !slices.Equal(r, []float64{0, -1, 1}) {
			t.Errorf("returns %v, want [0 -1 1]", r)
		}
	}
	// random games never play past the limit
	g := loadGame(t, "players", "4", "rules", "advanced", "rounds", "3")
	for i := 0; i < 20; i++ {
		rec, end := enginetest.RandomRecord(g, uint64(i))
		s := end.(*State)
		if !s.IsTerminal() {
			t.Fatalf("game %d did not end in %d actions", i, len(rec.Actions))
		}
		if s.Round() > 3 {
			t.Fatalf("game %d reached round %d with rounds=3", i, s.Round())
		}
	}
}

// lengthener prefers the actions that make a round longest: playing cards,
// rerolling, exchanging one counter at a time, rolling on, spending.
func lengthener(s *State, legal []engine.Action, rng *rand.Rand) engine.Action {
	for _, p := range []string{"play", "ec-reroll", "reroll-", "give-", "take-", "roll", "spend-1", "advance", "ec-die", "remove-"} {
		var c []engine.Action
		for _, a := range legal {
			if strings.HasPrefix(s.ActionString(a), p) {
				c = append(c, a)
			}
		}
		if len(c) > 0 {
			return c[rng.IntN(len(c))]
		}
	}
	return legal[rng.IntN(len(legal))]
}

// TestMaxGameLength checks the derived bound (game.go:roundBound) round by
// round on random games and on games played to be long.
func TestMaxGameLength(t *testing.T) {
	for _, p := range [][]string{
		{"players", "2", "rules", "advanced", "edition", "en"},
		{"players", "5", "rules", "advanced", "edition", "en"},
		{"players", "5", "rules", "advanced", "edition", "es"},
		{"players", "3", "rules", "basic", "edition", "es"},
	} {
		g := loadGame(t, p...)
		rng := rand.New(rand.NewPCG(11, 12))
		longest, longestRound, finished := 0, 0, 0
		for i := 0; i < 16; i++ {
			s := g.NewInitialState().(*State)
			n, roundStart, round := 0, 0, s.round
			for !s.IsTerminal() {
				if s.round != round {
					longestRound = max(longestRound, n-roundStart)
					roundStart, round = n, s.round
				}
				if s.CurrentPlayer() == engine.Chance {
					s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
				} else if l := s.LegalActions(nil); i%2 == 0 {
					s.Apply(l[rng.IntN(len(l))])
				} else {
					s.Apply(lengthener(s, l, rng))
				}
				n++
				if s.stack.Len() > taskrun.Max-8 {
					t.Fatalf("%v: task stack %d deep, near its %d", p, s.stack.Len(), taskrun.Max)
				}
			}
			longest = max(longest, n)
			if i%2 == 0 && s.finishers > 0 {
				finished++
			}
		}
		if longestRound > g.roundBound() || longest > g.MaxGameLength() {
			t.Errorf("%v: a round of %d actions (bound %d), a game of %d (bound %d)", p, longestRound, g.roundBound(), longest, g.MaxGameLength())
		}
		t.Logf("%v: longest round %d (bound %d), longest game %d (MaxGameLength %d); %d of 8 random games finished within %d rounds",
			p, longestRound, g.roundBound(), longest, g.MaxGameLength(), finished, g.rounds)
	}
}

// TestRobberyNeedsAJumpThatLeavesTheBox: English, "If you end any jump over
// one or more players you can theft or sabotage one of them". A jump that
// hits rock on its first advance crashes in the box it started from: it
// landed on nobody, so it robs nobody (and, with 2 players, exchanges
// nothing with an own astronaut already there). A jump that moves and then
// hits rock ends in the box before the rock, over whoever is there: that
// one may be robbed. (Column 16 is rock at the plain; 14 and 15 are circles.)
func TestRobberyNeedsAJumpThatLeavesTheBox(t *testing.T) {
	for _, c := range []struct {
		name    string
		from    int    // p0's column; p1 (p0b with 2 players) waits on column 15
		die     string // blue result chosen: 1 from 15 and 2 from 14 hit the rock of 16
		players string
		want    string // the decision after the jump: rob, exchange, or none
	}{
		{"a jump that never left the box robs nobody", 15, "1", "3", "none"},
		{"a jump that moved, then hit rock, robs where it ends", 14, "2", "3", "rob"},
		{"a jump that never left the box exchanges nothing", 15, "1", "2", "none"},
		{"a jump that moved, then hit rock, exchanges where it ends", 14, "2", "2", "exchange"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := loadGame(t, "players", c.players, "rules", "advanced", "edition", "en")
			setup := []string{"token-reroll", "token-back", "token-spend", "token-sputnik2", "draw-slipstream", "draw-slipstream"}
			if c.players == "3" {
				setup = append(setup, "draw-slipstream")
			}
			s := newTestState(t, g, setup...)
			for a := 0; a < g.na; a++ {
				if s.ast[a].Card != noCard {
					s.deck[s.ast[a].Card]++
					s.ast[a].Card = noCard
				}
			}
			other := 1
			if c.players == "2" {
				other = 2 // p0b
			}
			s.ast[other].Sputnik, s.supplySp = 2, s.supplySp-2
			put(s, other, 15, 1)
			put(s, 0, c.from, 1)
			play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "blue"+c.die, "blue3", "black1", "black1", "blue"+c.die)
			if s.ast[0].X != 15 || !s.ast[0].Stunned {
				t.Fatalf("p0 at column %d stunned %v, want crashed on column 15", s.ast[0].X, s.ast[0].Stunned)
			}
			got := "none"
			switch topKind(s) {
			case "rob", "exchange":
				got = topKind(s)
			}
			if got != c.want {
				t.Errorf("after the jump: %s (%v), want %s", topKind(s), legalNames(s), c.want)
			}
		})
	}
}

// TestOnlyAChosenSkullCrashes: "if you get a [skull], you'll have an
// accident at the end of the jump" applies to the result picked: a skull
// rolled on another die of the jump does nothing.
func TestOnlyAChosenSkullCrashes(t *testing.T) {
	for _, c := range []struct {
		black  string // the black die's roll; the blue die rolls 2
		choice string
		crash  bool
	}{
		{"black2x", "blue2", false},
		{"black2x", "black2x:SS", true},
		{"black2", "black2:SS", false}, // control: the same jump without a skull
	} {
		t.Run(c.black+" "+c.choice, func(t *testing.T) {
			g := loadGame(t, "players", "3")
			s := newTestState(t, g)
			play(t, s, "j1-blue", "j1-black", "j2-blue", "j2-black", "blue2", c.black, c.choice)
			as := &s.ast[0]
			if as.X != 2 || as.L != 1 || as.Stunned != c.crash {
				t.Errorf("p0 at (%d,%d) stunned %v, want (2,1) stunned %v", as.X, as.L, as.Stunned, c.crash)
			}
			if got := topKind(s) == "continue"; got == c.crash {
				t.Errorf("after %s: %s, a next jump offered %v", c.choice, topKind(s), got)
			}
		})
	}
}
