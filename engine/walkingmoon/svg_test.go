package walkingmoon

import (
	"html"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

// TestSVGChoicesAreClickable plays random games: at every decision each
// legal action is clickable in the whole picture and in the picture of
// the seat to act, and nothing is in another seat's; the dice are drawn as
// dice and the programme's jumps as slots; the panels name the astronauts.
func TestSVGChoicesAreClickable(t *testing.T) {
	for _, params := range []engine.Params{{"players": "3"}, {"players": "2", "rules": "advanced"}} {
		eg, err := engine.Load(Name, params)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		s := eg.NewInitialState().(*State)
		g := s.g
		sawDice, sawSlot := false, false
		for steps := 0; !s.IsTerminal() && steps < 400; steps++ {
			legal := s.LegalActions(nil)
			if p := s.CurrentPlayer(); p >= 0 {
				all, mine, other := s.SVG(), s.SVGFor(p), s.SVGFor((p+1)%engine.Player(g.seats))
				for _, a := range legal {
					if !enginetest.Clickable(all)[int(a)] || !enginetest.Clickable(mine)[int(a)] {
						t.Fatalf("%v: %s is not clickable\n%s", params, s.ActionString(a), s)
					}
				}
				if n := len(enginetest.Clickable(other)); n > 0 {
					t.Fatalf("%v: another seat may click %d actions", params, n)
				}
				sawDice = sawDice || strings.Contains(string(all), "<title>black 2 skull</title>")
				sawSlot = sawSlot || strings.Contains(string(all), ">jump 2<")
				if !strings.Contains(string(all), html.EscapeString(g.astroWords(g.na-1))+"<") {
					t.Fatalf("%v: no panel of %s", params, g.astroWords(g.na-1))
				}
			}
			s.Apply(legal[rng.IntN(len(legal))])
		}
		if !sawDice || !sawSlot {
			t.Errorf("%v: a skull die drawn %v, a jump slot %v", params, sawDice, sawSlot)
		}
	}
}
