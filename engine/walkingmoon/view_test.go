package walkingmoon

import (
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// keepState is an English advanced 3-player game where every astronaut holds
// a card and p1 has drawn a second one (planification) and must keep one.
func keepState(t *testing.T) *State {
	t.Helper()
	s := advState(t, "en", withCards("draw-slipstream", "draw-noinstructions", "draw-cooperation")...)
	s.push(kKeep, 1, 0, 0)
	s.push(kDraw, 1, 1, 0)
	play(t, s, "draw-planification")
	if topKind(s) != "keep" || s.CurrentPlayer() != 1 {
		t.Fatalf("not p1's keep: %s by %s", topKind(s), s.CurrentPlayer())
	}
	return s
}

// astroLine is the line of String for astronaut a.
func astroLine(t *testing.T, drawing string, a int) string {
	t.Helper()
	for _, l := range strings.Split(drawing, "\n") {
		if strings.HasPrefix(l, string(rune('0'+a))+" p") {
			return l
		}
	}
	t.Fatalf("no line for astronaut %d in\n%s", a, drawing)
	return ""
}

func TestStringForShowsOwnCards(t *testing.T) {
	three := keepState(t)
	// with 2 players a seat runs two astronauts: give each a card (however
	// many the deal gave) to see that both of a seat's are named
	two := newTestState(t, loadGame(t, "players", "2", "rules", "advanced", "edition", "en"), quietTokens...)
	for two.CurrentPlayer() == engine.Chance {
		two.Apply(two.LegalActions(nil)[0])
	}
	for a, c := range []int8{cardSlipstream, cardPlanification, cardExtraJump, cardCooperation} {
		two.ast[a].Card = c
	}
	cases := []struct {
		name   string
		s      *State
		viewer engine.Player
		astro  int
		want   string // in the astronaut's line
		hidden []string
	}{
		{"p0 sees its card", three, 0, 0, " card:slipstream ", nil},
		{"p0 sees only that p1 holds cards", three, 0, 1, " card ", []string{"noinstructions", "planification", "drawn"}},
		{"p1 sees its card and the one drawn", three, 1, 1, " card:noinstructions drawn:planification ", nil},
		{"p1 does not see p2's card", three, 1, 2, " card ", []string{"cooperation"}},
		{"a spectator sees no card", three, 5, 0, " card ", []string{"slipstream"}},
		{"2 players: p0 sees p0a's card", two, 0, 0, " card:slipstream ", nil},
		{"2 players: p0 sees p0b's card", two, 0, 2, " card:extrajump ", nil},
		{"2 players: p0 does not see p1a's", two, 0, 1, " card ", []string{"planification"}},
		{"2 players: p1 sees p1b's card", two, 1, 3, " card:cooperation ", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			line := astroLine(t, c.s.StringFor(c.viewer), c.astro)
			if !strings.Contains(line, c.want) {
				t.Errorf("StringFor(%d): astronaut %d line %q lacks %q", c.viewer, c.astro, line, c.want)
			}
			for _, h := range c.hidden {
				if strings.Contains(line, h) {
					t.Errorf("StringFor(%d): astronaut %d line %q shows %q", c.viewer, c.astro, line, h)
				}
			}
		})
	}
}

func TestActionStringFor(t *testing.T) {
	dealing := advState(t, "en", withCards("draw-slipstream")...) // p1's card is being dealt
	keep := keepState(t)
	es := advState(t, "es", withCards("draw-slipstream", "draw-noinstructions", "draw-cooperation")...)
	es.push(kKeep, 1, 0, 0)
	rolling := advState(t, "en", withCards("draw-slipstream", "draw-noinstructions", "draw-cooperation")...)
	play(t, rolling, "j1-blue", "j1-blue", "j1-black", "j1-black")
	blue1, err := engine.ParseAction(rolling, "blue1")
	if err != nil {
		t.Fatalf("no die roll: %v\n%s", err, rolling)
	}
	cases := []struct {
		name   string
		s      *State
		viewer engine.Player
		action engine.Action
		want   string
	}{
		{"p1's card seen by p1", dealing, 1, cardExtraJump, "draw-extrajump"},
		{"p1's card seen by p0", dealing, 0, cardExtraJump, "a card is dealt to p1"},
		{"p1's card seen by p2", dealing, 2, cardCooperation, "a card is dealt to p1"},
		{"p1 keeps, seen by p1", keep, 1, aKeep, "keep-noinstructions"},
		{"p1 takes, seen by p1", keep, 1, aTake, "take-planification"},
		{"p1 keeps, seen by p0", keep, 0, aKeep, "keeps one card, discards one face down"},
		{"p1 takes, seen by p0", keep, 0, aTake, "keeps one card, discards one face down"},
		{"Spanish swap is public", es, 0, aTake, "swap"},
		{"a die roll is public", rolling, 1, blue1, "blue1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.s.ActionStringFor(c.viewer, c.action); got != c.want {
				t.Errorf("ActionStringFor(%d, %s) = %q, want %q", c.viewer, c.s.ActionString(c.action), got, c.want)
			}
		})
	}
}

// TestViewDoesNotLeak: games that differ only in p1's cards look the same to
// p0 and p2, and every card dealt to p1 is named alike for them.
func TestViewDoesNotLeak(t *testing.T) {
	a := advState(t, "en", withCards("draw-slipstream", "draw-noinstructions", "draw-cooperation")...)
	b := advState(t, "en", withCards("draw-slipstream", "draw-extrajump", "draw-cooperation")...)
	for _, p := range []engine.Player{0, 2} {
		if a.StringFor(p) != b.StringFor(p) {
			t.Errorf("p%d can tell p1's cards apart:\n%s\n---\n%s", p, a.StringFor(p), b.StringFor(p))
		}
	}
	if a.StringFor(1) == b.StringFor(1) {
		t.Errorf("p1 cannot see its own card")
	}
	dealing := advState(t, "en", withCards("draw-slipstream")...)
	for _, p := range []engine.Player{0, 2} {
		seen := map[string]bool{}
		for _, o := range dealing.LegalActions(nil) {
			seen[dealing.ActionStringFor(p, o)] = true
		}
		if len(seen) != 1 {
			t.Errorf("p%d is told which card p1 draws: %v", p, seen)
		}
	}
}

// TestSameResultNamedTogether: p0a rolled blue1 and blue3, both ending on
// a hazard, so either sends it back to the start. The others cannot tell
// which was chosen from the position and are told both; p0 is told its own.
func TestSameResultNamedTogether(t *testing.T) {
	s := loadGame(t, "players", "2", "edition", "en").NewInitialState().(*State)
	play(t, s, "card10", "card7", "card9", "card8", "card6", "j1-blue", "j1-blue", "j2-white", "j2-white", "blue1", "blue3")
	blue1, err1 := engine.ParseAction(s, "blue1")
	blue3, err3 := engine.ParseAction(s, "blue3")
	if err1 != nil || err3 != nil {
		t.Fatalf("not choosing between blue1 and blue3: %v %v\n%s", err1, err3, s)
	}
	cases := []struct {
		viewer engine.Player
		action engine.Action
		want   string
	}{
		{1, blue1, "one of blue1, blue3 (same result)"},
		{1, blue3, "one of blue1, blue3 (same result)"},
		{0, blue1, "blue1"},
		{0, blue3, "blue3"},
	}
	for _, c := range cases {
		if got := s.ActionStringFor(c.viewer, c.action); got != c.want {
			t.Errorf("ActionStringFor(%d, %s) = %q, want %q", c.viewer, s.ActionString(c.action), got, c.want)
		}
	}
}
