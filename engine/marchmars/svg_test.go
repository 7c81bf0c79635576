package marchmars

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/jumping"
)

// TestSVGDrawsTheBoard checks that the picture shows what the brief of the
// picture promises: the MMM at each end of the board in play, the defenders,
// crashed marines in grey, aliens by colour with their count, the dice.
func TestSVGDrawsTheBoard(t *testing.T) {
	for _, tc := range []struct {
		players string
		mmm     int // MMM labels: two on the full board, one on the half
	}{
		{"2", 1},
		{"4", 2},
	} {
		s := blank(t, engine.Params{"players": tc.players})
		g := s.g
		s.mar[1].Crashed = true
		s.aliens[g.lzStart][g.plain][blueAlien] = 3
		roll(s, 0, 0, 1, [2]int{jumping.White, face(4, true)})
		svg := s.SVG()
		if err := enginetest.CheckSVG(svg); err != nil {
			t.Fatalf("%s players: %v", tc.players, err)
		}
		text := string(svg)
		for _, want := range []string{
			">Landing Zone<", ">D<", `fill="` + fillMMM, `fill="#6b7280"`, // a crashed marine
			`fill="` + jumping.DieFill[jumping.White], "<title>white 4 skull</title>", // the white die, a skull
			">marine 2 (p1)<", ">crashed<", // the panels
		} {
			if !strings.Contains(text, want) {
				t.Errorf("%s players: the picture lacks %q", tc.players, want)
			}
		}
		// Three blue aliens: a blue tag, then its count.
		if !regexp.MustCompile(`fill="` + alienFill[blueAlien] + `"[^\n]*\n<text[^>]*>3</text>`).MatchString(text) {
			t.Errorf("%s players: no tag of 3 blue aliens", tc.players)
		}
		if got := strings.Count(text, ">MMM<"); got != tc.mmm+1 { // +1: the legend
			t.Errorf("%s players: %d MMM labels, want %d", tc.players, got, tc.mmm+1)
		}
		if got := strings.Count(text, ">D<"); got != g.sides {
			t.Errorf("%s players: %d defenders drawn, want %d", tc.players, got, g.sides)
		}
	}
}

// TestSVGChoicesAreClickable plays random games: at every decision each
// legal action is clickable in the picture (nothing is hidden, one
// picture serves every seat), the programme's actions are slots and the
// marines have panels.
func TestSVGChoicesAreClickable(t *testing.T) {
	g, err := engine.Load(Name, engine.Params{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	s := g.NewInitialState()
	sawSlot := false
	for steps := 0; !s.IsTerminal() && steps < 600; steps++ {
		legal := s.LegalActions(nil)
		if s.CurrentPlayer() >= 0 {
			svg := s.(*State).SVG()
			for _, a := range legal {
				if !enginetest.Clickable(svg)[int(a)] {
					t.Fatalf("%s is not clickable\n%s", s.ActionString(a), s)
				}
			}
			sawSlot = sawSlot || strings.Contains(string(svg), ">action 2<")
			if !strings.Contains(string(svg), ">marine 3 (p2)<") {
				t.Fatal("no panel of marine 3")
			}
		}
		s.Apply(legal[rng.IntN(len(legal))])
	}
	if !sawSlot {
		t.Error("no programme slot drawn")
	}
}
