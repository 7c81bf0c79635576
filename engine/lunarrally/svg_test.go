package lunarrally

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/internal/draw"
)

// TestSVGHandIsClickable plays random games: while a rover is programmed,
// every card of the hand is clickable in the whole picture and in its
// player's, no card in another player's (who sees the hand of nobody
// else); the start hexes and facings are clickable when they are chosen.
func TestSVGHandIsClickable(t *testing.T) {
	g, err := engine.Load(Name, engine.Params{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	s := g.NewInitialState().(*State)
	hands := 0
	for steps := 0; !s.IsTerminal() && steps < 300; steps++ {
		legal := s.LegalActions(nil)
		if p := s.CurrentPlayer(); p >= 0 {
			all, mine, other := s.SVG(), s.SVGFor(p), s.SVGFor((p+1)%3)
			for _, a := range legal {
				if !enginetest.Clickable(all)[int(a)] || !enginetest.Clickable(mine)[int(a)] {
					t.Fatalf("%s is not clickable\n%s", s.ActionString(a), s)
				}
			}
			if s.stage == stageProgram {
				hands++
				if n := len(enginetest.Clickable(other)); n > 0 {
					t.Fatalf("another player may click %d cards", n)
				}
				if strings.Contains(string(other), ">Hand: ") {
					t.Fatal("another player sees the hand")
				}
			}
		}
		s.Apply(legal[rng.IntN(len(legal))])
	}
	if hands == 0 {
		t.Error("no hand was drawn")
	}
}

// TestDrawCard: every card is drawn with its name under its symbol.
func TestDrawCard(t *testing.T) {
	for k := Card(0); k < NumCards; k++ {
		s := draw.New(100, 100, "card", "#000000")
		drawCard(s, 0, 0, handCardW, handCardH, k)
		svg := string(s.Bytes())
		if !strings.Contains(svg, ">"+cardShort[k]+"<") || strings.Count(svg, "<") < 4 {
			t.Errorf("%s: %s", cardNames[k], svg)
		}
	}
}
