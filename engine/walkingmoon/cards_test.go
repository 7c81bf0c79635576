package walkingmoon

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// advState is an advanced 3-player game on the test board with the given
// edition, tokens (4) and action cards (3).
func advState(t *testing.T, edition string, setup ...string) *State {
	t.Helper()
	g := loadGame(t, "players", "3", "rules", "advanced", "edition", edition)
	return newTestState(t, g, setup...)
}

var quietTokens = []string{"token-reroll", "token-sputnik2", "token-spend", "token-ec"}

func withCards(cards ...string) []string { return append(slices.Clone(quietTokens), cards...) }

func TestNoInstructionsRemovesADie(t *testing.T) {
	s := advState(t, "en", withCards("draw-slipstream", "draw-noinstructions", "draw-cooperation")...)
	// p1 is asked before p0 distributes its dice; p0 did not start last? all
	// are tied last in round 1, so red cards cannot be played then.
	if topKind(s) != "program" {
		t.Fatalf("round 1: red card window opened against players tied last: %s", topKind(s))
	}
	s.stack.Clear()
	put(s, 0, 4, 1)
	s.ast[0].StartedLast = false
	s.turnStart(0)
	s.advance()
	if topKind(s) != "prompt" || s.CurrentPlayer() != 1 {
		t.Fatalf("no prompt for p1: %s by %s", topKind(s), s.CurrentPlayer())
	}
	play(t, s, "play-noinstructions")
	mustContain(t, legalNames(s), "remove-blue", "remove-black", "remove-white")
	play(t, s, "remove-black")
	if s.pool != [3]int8{2, 1, 2} || s.ast[1].Card != noCard || s.played[cardNoInstructions] != 1 {
		t.Errorf("pool %v, card %d", s.pool, s.ast[1].Card)
	}
	// p2 holds cooperation: it is asked too (the window does not reveal cards) but cannot play
	if s.CurrentPlayer() != 2 || !slices.Equal(legalNames(s), []string{"pass"}) {
		t.Fatalf("p2: %s %v", s.CurrentPlayer(), legalNames(s))
	}
	play(t, s, "pass", "j1-black")
	if hasAction(s, "j1-black") || hasAction(s, "j2-black") {
		t.Errorf("a removed black die can be programmed")
	}
}

func TestMiscalculationRerollsAllDice(t *testing.T) {
	s := advState(t, "es", withCards("draw-slipstream", "draw-miscalculation", "draw-cooperation")...)
	put(s, 0, 2, 1) // not in last position
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "blue1", "blue2", "black1", "black2")
	if topKind(s) != "prompt" || s.CurrentPlayer() != 1 {
		t.Fatalf("no miscalculation prompt: %s", topKind(s))
	}
	play(t, s, "play-miscalculation", "blue4", "blue4", "black2x", "black2x", "pass")
	if topKind(s) != "choose" || s.dieFace[0] != faceOf(t, "4") {
		t.Fatalf("dice not rerolled: %s %v", topKind(s), s.dieFace)
	}
	// against a player in last position (Spanish: now), no window opens
	s = advState(t, "es", withCards("draw-slipstream", "draw-miscalculation", "draw-cooperation")...)
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "blue1", "blue2", "black1", "black2")
	if topKind(s) != "choose" {
		t.Errorf("red card window against a player who started last: %s", topKind(s))
	}
}

// TestRedCardsSpareTheLast: English, no red card against an astronaut that
// started the round last; Spanish, against one in last position now.
func TestRedCardsSpareTheLast(t *testing.T) {
	for _, c := range []struct {
		edition     string
		startedLast bool
		lastNow     bool
		window      bool
	}{
		{"en", true, false, false},
		{"en", false, true, true},
		{"es", true, false, true},
		{"es", false, true, false},
		{"es", false, false, true},
	} {
		s := advState(t, c.edition, withCards("draw-slipstream", "draw-noinstructions", "draw-cooperation")...)
		s.stack.Clear()
		put(s, 1, 4, 1)
		put(s, 2, 6, 1)
		put(s, 0, 2, 1)
		if !c.lastNow {
			put(s, 0, 5, 1)
		}
		s.ast[0].StartedLast = c.startedLast
		s.turnStart(0)
		s.advance()
		if got := topKind(s) == "prompt"; got != c.window {
			t.Errorf("%+v: No instructions window opened %v", c, got)
		}
	}
}

// TestPromptsHideTheCards: every eligible holder is asked at a window,
// whether its card fits or not (so being asked reveals nothing), unless
// every card of that timing lies face up, which everyone can see.
func TestPromptsHideTheCards(t *testing.T) {
	for _, faceUp := range []int8{0, 1, 2} {
		s := advState(t, "en", withCards("draw-slipstream", "draw-cooperation", "draw-planification")...)
		put(s, 0, 2, 1) // p0 rolls 2+ dice and is not last: a Miscalculation window
		s.ast[0].StartedLast = false
		s.deck[cardMiscalculation] -= faceUp
		s.played[cardMiscalculation] += faceUp
		play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "pass", "pass", "blue1", "blue2", "black1", "black2")
		var asked []engine.Player
		for topKind(s) == "prompt" {
			if got := legalNames(s); !slices.Equal(got, []string{"pass"}) {
				t.Fatalf("a non-fitting card can be played: %v", got)
			}
			asked = append(asked, s.CurrentPlayer())
			play(t, s, "pass")
		}
		want := []engine.Player{1, 2}
		if faceUp == 2 {
			want = nil
		}
		if !slices.Equal(asked, want) {
			t.Errorf("%d Miscalculations face up: asked %v, want %v", faceUp, asked, want)
		}
	}
}

func TestCooperationAndSlipstream(t *testing.T) {
	s := advState(t, "en", withCards("draw-slipstream", "draw-cooperation", "draw-slipstream")...)
	put(s, 2, 2, 1) // p2 on column 2: p0 will overtake it
	put(s, 0, 0, 1)
	// p0 jumps blue 4 over the Sputnik on column 4 to column 4
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "pass", "blue4", "blue1", "black1", "black1", "blue4")
	if topKind(s) != "prompt" || s.CurrentPlayer() != 1 {
		t.Fatalf("no cooperation prompt: %s by %s", topKind(s), s.CurrentPlayer())
	}
	play(t, s, "play-cooperation")
	if s.ast[1].Sputnik != 1 || s.ast[0].Sputnik != 1 {
		t.Errorf("cooperation: p1 %d, p0 %d Sputniks", s.ast[1].Sputnik, s.ast[0].Sputnik)
	}
	play(t, s, "pass") // p2 is asked about cooperation too
	if s.CurrentPlayer() != 2 || !hasAction(s, "play-slipstream") {
		t.Fatalf("no slipstream prompt for the overtaken p2: %v", legalNames(s))
	}
	play(t, s, "play-slipstream")
	// next circle after column 2 is column 4 (column 3 is hazardous)
	if s.ast[2].X != 4 || s.ast[2].Stunned {
		t.Errorf("slipstream moved p2 to column %d", s.ast[2].X)
	}
	if hasAction(s, "rob-p0") || topKind(s) == "rob" {
		t.Errorf("robbery after a free move")
	}
}

// passPrompts answers pass to every card prompt on top and reports whether
// astronaut h was asked at timing tm.
func passPrompts(t *testing.T, s *State, h, tm int) bool {
	t.Helper()
	asked := false
	for topKind(s) == "prompt" {
		tk, _ := s.top()
		asked = asked || (int(tk.A) == h && int(tk.B) == tm)
		play(t, s, "pass")
	}
	return asked
}

// TestSlipstreamFromTheSameBox: Spanish, "Si un jugador te sobrepasa,
// porque te adelanta o porque estaba sobre ti al principio de su
// movimiento": a mover that started in your column - on top of you, below
// you in your box, on a level below or above yours - and ends in a farther
// column has overtaken you. English counts only a mover from an earlier
// column (race position is the column).
func TestSlipstreamFromTheSameBox(t *testing.T) {
	type at struct{ x, l int }
	for _, c := range []struct {
		name    string
		edition string
		p0, p2  at
		p0Below bool   // p0 is put first: in a shared box, p2 stands on it
		choice  string // p0's result
		want    bool
	}{
		{"es: the mover was on top of you", "es", at{2, 1}, at{2, 1}, false, "blue2", true},
		{"es: the mover was below you in your box", "es", at{2, 1}, at{2, 1}, true, "blue2", true},
		{"es: the mover was on a level below yours in your column", "es", at{30, 0}, at{30, 2}, true, "blue2", true},
		{"es: the mover was on a level above yours in your column", "es", at{30, 2}, at{30, 0}, true, "black1:U", true},
		{"en: on top of you is not overtaking", "en", at{2, 1}, at{2, 1}, false, "blue2", false},
		{"en: below you is not overtaking", "en", at{2, 1}, at{2, 1}, true, "blue2", false},
		{"en: from an earlier column is", "en", at{0, 1}, at{1, 1}, true, "blue2", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := advState(t, c.edition, withCards("draw-planification", "draw-cooperation", "draw-slipstream")...)
			if c.p0Below {
				put(s, 0, c.p0.x, c.p0.l)
				put(s, 2, c.p2.x, c.p2.l)
			} else {
				put(s, 2, c.p2.x, c.p2.l)
				put(s, 0, c.p0.x, c.p0.l)
			}
			passPrompts(t, s, -1, -1)
			play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black")
			passPrompts(t, s, -1, -1)
			play(t, s, "blue2", "blue1", "black1", "black1")
			passPrompts(t, s, -1, -1)
			play(t, s, c.choice) // p0 leaves for a farther column
			if int(s.ast[0].X) <= c.p2.x || s.ast[0].Stunned {
				t.Fatalf("p0 at column %d (stunned %v), want a safe landing past column %d", s.ast[0].X, s.ast[0].Stunned, c.p2.x)
			}
			if got := passPrompts(t, s, 2, tmSlip); got != c.want {
				t.Errorf("p2 asked about Slipstream %v, want %v", got, c.want)
			}
		})
	}
}

func TestEndOfRoundCards(t *testing.T) {
	s := advState(t, "es", withCards("draw-planification", "draw-teamwork", "draw-extrajump")...)
	s.stack.Clear()
	put(s, 0, 6, 1) // leader: cannot play end-of-round cards
	put(s, 1, 2, 1)
	put(s, 2, 1, 1)
	s.order = [maxAstro]int8{0, 1, 2}
	s.nOrder = 3
	s.active = -1
	s.push(kRoundEnd, 0, 0, 0)
	s.advance()
	if s.CurrentPlayer() != 1 || topKind(s) != "prompt" {
		t.Fatalf("first end-of-round prompt: %s by %s (the leader must not be asked)", topKind(s), s.CurrentPlayer())
	}
	play(t, s, "play-teamwork")
	if s.ast[1].X != 4 {
		t.Errorf("teamwork: p1 at %d", s.ast[1].X)
	}
	mustContain(t, legalNames(s), "with-p0", "with-p2")
	play(t, s, "with-p2", "play-extrajump", "jump-black", "black2", "black2:SS", "pass", "no-rob")
	if s.ast[2].X != 4 || s.ast[2].Stunned {
		t.Errorf("teamwork + extra jump: p2 at %d stunned %v", s.ast[2].X, s.ast[2].Stunned)
	}
	// round counters: p1 and p2 tied last get EC; the leader p0 a handicap
	if s.ast[0].Handicap != 1 || s.round != 2 {
		t.Errorf("counters: handicap %d round %d", s.ast[0].Handicap, s.round)
	}
}

func TestPlanificationAndEnglishExtraJumpAfterDice(t *testing.T) {
	s := advState(t, "en", withCards("draw-slipstream", "draw-extrajump", "draw-planification")...)
	put(s, 0, 6, 1) // p0 leads; p1 and p2 behind
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black")
	// after p0 distributed its dice, p1 (not first) may jump
	if s.CurrentPlayer() != 1 || !hasAction(s, "play-extrajump") {
		t.Fatalf("no after-dice prompt for p1: %s %v", s.CurrentPlayer(), legalNames(s))
	}
	play(t, s, "play-extrajump", "jump-blue", "blue2", "blue2")
	if s.ast[1].X != 2 {
		t.Errorf("extra jump: p1 at %d", s.ast[1].X)
	}
	if s.CurrentPlayer() != 2 {
		t.Fatalf("p2 not asked after dice: %s", s.CurrentPlayer())
	}
	play(t, s, "pass")
	if s.CurrentPlayer() != 0 || topKind(s) != "roll-die" && topKind(s) != "choose" {
		// chance node: p0 rolls its first jump
		if s.CurrentPlayer() != engine.Chance {
			t.Errorf("p0's turn does not go on: %s", topKind(s))
		}
	}
	s.stack.Clear()
	s.active = -1
	if !s.playable(2, tmEndRound) {
		t.Errorf("planification not playable at the end of the round")
	}
	s.ast[2].Card = noCard
	s.push(kRoundEnd, 0, 0, 0)
	s.ast[2].Card = cardPlanification
	s.order = [maxAstro]int8{0, 1, 2}
	s.nOrder = 3
	s.advance()
	play(t, s, "play-planification")
	if s.ast[2].EC != 2 { // planification, then last position
		t.Errorf("p2 EC %d, want 2", s.ast[2].EC)
	}
}

func TestSanction(t *testing.T) {
	s := advState(t, "es", withCards("draw-slipstream", "draw-sanction", "draw-cooperation")...)
	put(s, 0, 1, 1) // not in last position
	put(s, 1, 2, 1)
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "blue2", "blue1", "black1", "black1", "pass", "pass", "blue1", "sabotage-p1")
	if s.CurrentPlayer() != 1 || !hasAction(s, "play-sanction") {
		t.Fatalf("no sanction prompt: %v", legalNames(s))
	}
	play(t, s, "play-sanction")
	if s.ast[0].Handicap != 1 {
		t.Errorf("the robber has %d handicap counters", s.ast[0].Handicap)
	}
}

func TestCardDealing(t *testing.T) {
	// English: draw a second card and keep one
	s := advState(t, "en", withCards("draw-slipstream", "draw-cooperation", "draw-planification")...)
	s.stack.Clear()
	s.round = 1
	s.push(kRoundStart, 0, 0, 0)
	s.advance()
	play(t, s, "draw-extrajump")
	if got := legalNames(s); !slices.Equal(got, []string{"keep-slipstream", "take-extrajump"}) {
		t.Fatalf("English keep choice %v", got)
	}
	play(t, s, "take-extrajump")
	if s.ast[0].Card != cardExtraJump || s.secret[cardSlipstream] != 1 {
		t.Errorf("kept %d, secret %v", s.ast[0].Card, s.secret)
	}
	// Spanish: keep, or discard and draw
	s = advState(t, "es", withCards("draw-slipstream", "draw-cooperation", "draw-planification")...)
	s.stack.Clear()
	s.round = 1
	s.push(kRoundStart, 0, 0, 0)
	s.advance()
	if got := legalNames(s); !slices.Equal(got, []string{"keep", "swap"}) {
		t.Fatalf("Spanish keep choice %v", got)
	}
	play(t, s, "swap", "draw-sanction")
	if s.ast[0].Card != cardSanction {
		t.Errorf("swap drew %d", s.ast[0].Card)
	}
}

func TestStunnedPlayerMayPlayCards(t *testing.T) {
	s := advState(t, "en", withCards("draw-slipstream", "draw-cooperation", "draw-planification")...)
	s.ast[1].Stunned = true
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "blue4", "blue1", "black1", "black1", "blue4")
	if s.CurrentPlayer() != 1 || !hasAction(s, "play-cooperation") {
		t.Errorf("a stunned holder cannot play: %v", legalNames(s))
	}
}

func TestSpecialBoxes(t *testing.T) {
	cases := []struct {
		name, token string
		sputniks    int8
		script      []string
		check       func(*State) bool
	}{
		{"advance", "advance", 0, []string{"advance"}, func(s *State) bool { return s.ast[0].X == 8 }},
		{"advance is optional", "advance", 0, []string{"stay"}, func(s *State) bool { return s.ast[0].X == 7 && topKind(s) == "continue" }},
		{"back", "back", 0, nil, func(s *State) bool { return s.ast[0].X == 6 }},
		{"ec", "ec", 0, nil, func(s *State) bool { return s.ast[0].EC == 1 }},
		{"sputnik2", "sputnik2", 0, nil, func(s *State) bool { return s.ast[0].Sputnik == 2 }},
		{"reroll", "reroll", 0, nil, func(s *State) bool { return s.ast[0].FreeReroll }},
		{"spend the only Sputnik", "spend", 1, []string{"spend-1"}, func(s *State) bool { return s.ast[0].X == 8 && s.ast[0].Sputnik == 0 }},
		// one Sputnik a circle: column 8, then the crater circle of column 10 (whose Sputnik is gained)
		{"spend two of three", "spend", 3, []string{"spend-1", "spend-1", "done"},
			func(s *State) bool { return s.ast[0].X == 10 && s.ast[0].L == 0 && s.ast[0].Sputnik == 2 }},
		{"spend none", "spend", 3, []string{"done"}, func(s *State) bool { return s.ast[0].X == 7 && s.ast[0].Sputnik == 3 }},
		{"jump", "jump", 0, []string{"jump-blue", "blue1", "blue1"}, func(s *State) bool { return s.ast[0].X == 8 }},
		{"jump is optional", "jump", 0, []string{"stay"}, func(s *State) bool { return s.ast[0].X == 7 && topKind(s) == "continue" }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := tokenState(t, c.token, c.sputniks)
			play(t, s, "j1-blue", "j2-blue", "j3-black", "j3-black", "blue1", "blue1")
			play(t, s, c.script...)
			if !c.check(s) {
				t.Errorf("token %s: %s", c.token, s)
			}
		})
	}
}

// tokenState is a Spanish advanced game whose first special box (column 7)
// holds token, with p0 on column 6 holding sputniks Sputniks and p1 ahead
// on column 20 (so p0 is not leading and may gain EC).
func tokenState(t *testing.T, token string, sputniks int8) *State {
	t.Helper()
	setup := []string{"token-" + token}
	for _, o := range []string{"back", "ec", "sputnik2", "reroll"} {
		if o != token && len(setup) < 4 {
			setup = append(setup, "token-"+o)
		}
	}
	s := advState(t, "es", append(setup, "draw-slipstream", "draw-cooperation", "draw-planification")...)
	s.ast[0].Sputnik, s.supplySp = sputniks, s.supplySp-sputniks
	put(s, 0, 6, 1)
	put(s, 1, 20, 1)
	return s
}

func TestFreeRerollFromSpecialBox(t *testing.T) {
	s := advState(t, "es", "token-reroll", "token-ec", "token-sputnik2", "token-back",
		"draw-slipstream", "draw-cooperation", "draw-planification")
	put(s, 0, 6, 1)
	play(t, s, "j1-blue", "j2-blue", "j3-black", "j3-black", "blue1", "blue1", "roll", "blue1")
	mustContain(t, legalNames(s), "reroll-1-blue1")
	play(t, s, "reroll-1-blue1", "blue2")
	if hasAction(s, "reroll-1-blue2") {
		t.Errorf("a die rerolled twice for free")
	}
}

func TestTwoPlayers(t *testing.T) {
	g := loadGame(t, "players", "2", "edition", "es")
	s := newTestState(t, g)
	if g.NumPlayers() != 2 || g.na != 4 {
		t.Fatalf("seats %d astronauts %d", g.NumPlayers(), g.na)
	}
	// alternate placement: p0a, p1a, p0b, p1b top to bottom
	if want := []int8{0, 1, 2, 3}; !slices.Equal(s.order[:4], want) {
		t.Errorf("order %v", s.order[:4])
	}
	if s.CurrentPlayer() != 0 || g.seat(2) != 0 || g.seat(3) != 1 {
		t.Errorf("seats wrong")
	}
	// p0a lands on its own p0b: exchange counters, then no robbery there
	put(s, 2, 2, 1)
	s.ast[0].Sputnik, s.ast[0].EC = 3, 1
	s.supplySp -= 3
	s.supplyEC--
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "blue2", "blue1", "black1", "black1", "blue2")
	if topKind(s) != "exchange" {
		t.Fatalf("no exchange: %s", topKind(s))
	}
	mustContain(t, legalNames(s), "give-sputnik", "give-ec", "done")
	play(t, s, "give-sputnik", "give-sputnik")
	if hasAction(s, "take-sputnik") {
		t.Errorf("exchange can flow both ways (endless)")
	}
	play(t, s, "done")
	if s.ast[0].Sputnik != 1 || s.ast[2].Sputnik != 2 {
		t.Errorf("exchange: %d / %d", s.ast[0].Sputnik, s.ast[2].Sputnik)
	}
	sc := s.Scores(nil)
	if sc[0] != 3 {
		t.Errorf("seat 0 score %v, want the sum of its astronauts (3)", sc)
	}
}

// TestTwoPlayersOneCardPerSeat: each player holds one action card (on its
// first astronaut), which serves either of its astronauts.
func TestTwoPlayersOneCardPerSeat(t *testing.T) {
	g := loadGame(t, "players", "2", "rules", "advanced")
	s := newTestState(t, g, "token-reroll", "token-back", "token-spend", "token-sputnik2",
		"draw-slipstream", "draw-cooperation")
	if s.ast[0].Card != cardSlipstream || s.ast[1].Card != cardCooperation || s.ast[2].Card != noCard || s.ast[3].Card != noCard {
		t.Fatalf("cards dealt %d %d %d %d, want one per seat on p0a and p1a", s.ast[0].Card, s.ast[1].Card, s.ast[2].Card, s.ast[3].Card)
	}
	if topKind(s) != "program" {
		t.Fatalf("a third card is dealt: %s", topKind(s))
	}
	// p0a passes the Sputnik of column 4: p1 is asked for p1a, then for p1b
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "blue4", "blue1", "black1", "black1", "blue4")
	if s.CurrentPlayer() != 1 || !hasAction(s, "play-cooperation") {
		t.Fatalf("p1 not asked for p1a: %s %v", s.CurrentPlayer(), legalNames(s))
	}
	play(t, s, "pass")
	if tk, _ := s.top(); tk.Kind != kPrompt || tk.A != 3 || !hasAction(s, "play-cooperation") {
		t.Fatalf("p1 not asked for p1b: %s %v", topKind(s), legalNames(s))
	}
	play(t, s, "play-cooperation")
	if s.ast[3].Sputnik != 1 || s.ast[1].Sputnik != 0 || s.ast[1].Card != noCard {
		t.Errorf("Cooperation for p1b: Sputniks p1a %d p1b %d, card left %d", s.ast[1].Sputnik, s.ast[3].Sputnik, s.ast[1].Card)
	}
	if topKind(s) == "prompt" {
		t.Errorf("asked again after the seat's card was played")
	}
	// the next round deals to p0a and p1a only
	s.stack.Clear()
	s.active = -1
	s.push(kRoundStart, 0, 0, 0)
	s.advance()
	play(t, s, "draw-extrajump", "keep-slipstream", "draw-planification")
	if topKind(s) == "draw" || topKind(s) == "keep" || s.ast[1].Card != cardPlanification || s.ast[2].Card != noCard || s.ast[3].Card != noCard {
		t.Errorf("round 2 deal: %s, cards %d %d %d %d", topKind(s), s.ast[0].Card, s.ast[1].Card, s.ast[2].Card, s.ast[3].Card)
	}
}

func TestTwoPlayersNoRobberyAfterExchange(t *testing.T) {
	g := loadGame(t, "players", "2", "rules", "advanced")
	s := newTestState(t, g, "token-reroll", "token-back", "token-spend", "token-sputnik2",
		"draw-slipstream", "draw-cooperation")
	put(s, 2, 2, 1)
	put(s, 1, 2, 1)
	s.ast[0].Sputnik, s.supplySp = 1, s.supplySp-1
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black", "pass", "blue2", "blue1", "black1", "black1", "blue2")
	play(t, s, "give-sputnik", "done")
	if topKind(s) == "rob" {
		t.Errorf("robbery offered after an exchange")
	}
	s2 := newTestState(t, g, "token-reroll", "token-back", "token-spend", "token-sputnik2",
		"draw-slipstream", "draw-cooperation")
	put(s2, 2, 2, 1)
	put(s2, 1, 2, 1)
	play(t, s2, "j1-blue", "j1-blue", "j1-black", "j1-black", "pass", "blue2", "blue1", "black1", "black1", "blue2", "done")
	if !hasAction(s2, "sabotage-p1a") {
		t.Errorf("no robbery without an exchange: %v", legalNames(s2))
	}
}

func TestResampleHidesOnlyOthersCards(t *testing.T) {
	s := advState(t, "es", withCards("draw-slipstream", "draw-cooperation", "draw-planification")...)
	rng := rand.New(rand.NewPCG(1, 1))
	changed := false
	for i := 0; i < 50; i++ {
		r := s.Resample(0, rng).(*State)
		if r.ast[0].Card != cardSlipstream {
			t.Fatalf("Resample(0) changed p0's own card")
		}
		if r.ast[1].Card != cardCooperation || r.ast[2].Card != cardPlanification {
			changed = true
		}
		for tp := 0; tp < numCardTypes; tp++ {
			n := int(r.deck[tp]) + int(r.played[tp]) + int(r.secret[tp])
			for a := 0; a < 3; a++ {
				if int(r.ast[a].Card) == tp {
					n++
				}
			}
			if n != int(s.g.deck[tp]) {
				t.Fatalf("Resample lost cards of type %d", tp)
			}
		}
	}
	if !changed {
		t.Errorf("Resample never redrew the other seats' cards")
	}
	obs0 := make([]float32, s.g.obsSize)
	obs1 := make([]float32, s.g.obsSize)
	s.Observe(0, obs0)
	s2 := *s
	s2.ast[1].Card = cardSanction
	s2.Observe(0, obs1)
	if !slices.Equal(obs0, obs1) {
		t.Errorf("p0's observation shows p1's card")
	}
	s2.Observe(1, obs1)
	s.Observe(1, obs0)
	if slices.Equal(obs0, obs1) {
		t.Errorf("p1's observation does not show its own card")
	}
}

func TestDecodeRejectsBrokenStates(t *testing.T) {
	g := loadGame(t, "players", "3", "rules", "advanced", "edition", "es")
	s := newTestState(t, g, withCards("draw-slipstream", "draw-cooperation", "draw-planification")...)
	good, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.DecodeState(good); err != nil {
		t.Fatalf("own JSON: %v", err)
	}
	cases := map[string][2]string{
		"astronaut in rock":       {`"pos":[0,1]`, `"pos":[0,0]`},
		"too many Sputniks":       {`"supply":{"sputnik":25`, `"supply":{"sputnik":26`},
		"card from nowhere":       {`"card":"cooperation"`, `"card":"sanction"`},
		"unknown task":            {`"kind":"program"`, `"kind":"fly"`},
		"lunar card of other set": {`"cards":[1,`, `"cards":[12,`},
		"bad die":                 {`"dice":[]`, `"dice":["blue9"]`},
	}
	for name, c := range cases {
		data := []byte(replaceOnce(string(good), c[0], c[1]))
		if string(data) == string(good) {
			t.Fatalf("%s: %q not found in %s", name, c[0], good)
		}
		if _, err := g.DecodeState(data); !errors.Is(err, engine.ErrBadState) {
			t.Errorf("%s: got %v, want ErrBadState", name, err)
		}
	}
}

// TestDecodeRejectsAdvancedTasksInBasicRules: a basic game has no special
// boxes, single-die jumps or robbery waiting.
func TestDecodeRejectsAdvancedTasksInBasicRules(t *testing.T) {
	g := loadGame(t, "players", "3")
	s := newTestState(t, g)
	good, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.DecodeState(good); err != nil {
		t.Fatalf("own JSON: %v", err)
	}
	for _, kind := range []string{"free-advance", "spend", "colour", "rob", "token"} {
		data := replaceOnce(string(good), `{"kind":"program"`, `{"kind":"`+kind+`"`)
		if _, err := g.DecodeState([]byte(data)); !errors.Is(err, engine.ErrBadState) {
			t.Errorf("%s task in basic rules: got %v, want ErrBadState", kind, err)
		}
	}
}

func replaceOnce(s, old, new string) string {
	for i := 0; i+len(old) <= len(s); i++ {
		if s[i:i+len(old)] == old {
			return s[:i] + new + s[i+len(old):]
		}
	}
	return s
}

// TestSpecialBoxesActOnAStunnedAstronaut: "If you step into a special box an
// effect will activate (even if you end up in the box crashed...)". p0
// climbs from column 6 into the air over box 7, falls onto it and crashes:
// advance (if taken), back and spend move it, still stunned, and its turn is
// over; the jump box is refused (a stunned astronaut's turn is over); the
// other boxes act as usual.
func TestSpecialBoxesActOnAStunnedAstronaut(t *testing.T) {
	cases := []struct {
		token    string
		sputniks int8
		script   []string
		wantX    int
		check    func(*State) bool
	}{
		{"advance", 0, []string{"advance"}, 8, nil},
		{"advance", 0, []string{"stay"}, 7, nil},
		{"back", 0, nil, 6, nil},
		{"spend", 2, []string{"spend-1", "done"}, 8, func(s *State) bool { return s.ast[0].Sputnik == 1 }}, // 1 spent, then half of 1 (0) lost
		{"jump", 0, nil, 7, nil},
		{"ec", 0, nil, 7, func(s *State) bool { return s.ast[0].EC == 1 }},
		{"sputnik2", 0, nil, 7, func(s *State) bool { return s.ast[0].Sputnik == 1 }}, // 2 gained, then half lost
		{"reroll", 0, nil, 7, func(s *State) bool { return s.ast[0].FreeReroll }},
	}
	for _, c := range cases {
		t.Run(strings.Join(append([]string{c.token}, c.script...), " "), func(t *testing.T) {
			s := tokenState(t, c.token, c.sputniks)
			play(t, s, "j1-black", "j2-blue", "j2-blue", "j2-black", "black1", "black1:U")
			if !s.ast[0].Stunned {
				t.Fatalf("p0 did not crash onto box 7: %s", s)
			}
			if c.token == "jump" && hasAction(s, "jump-blue") {
				t.Fatalf("a stunned astronaut is offered the jump box: %v", legalNames(s))
			}
			play(t, s, c.script...)
			if int(s.ast[0].X) != c.wantX || !s.ast[0].Stunned {
				t.Errorf("p0 at column %d stunned %v, want column %d stunned", s.ast[0].X, s.ast[0].Stunned, c.wantX)
			}
			if s.active == 0 {
				t.Errorf("p0's turn goes on after its crash: %s", topKind(s))
			}
			if c.check != nil && !c.check(s) {
				t.Errorf("token %s: %s", c.token, s)
			}
		})
	}
}
