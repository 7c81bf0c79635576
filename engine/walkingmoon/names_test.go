package walkingmoon

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestResultsLegend: when a roll's result is to be chosen, the drawing
// lists where each would end and explains the notation ("blue3->3/1
// CRASH", "black2:UU->2/3 +1sp") on the lines after it.
func TestResultsLegend(t *testing.T) {
	g := loadGame(t, "players", "2")
	rng := rand.New(rand.NewPCG(1, 2))
	s := g.NewInitialState().(*State)
	var outcomes []engine.Outcome
	for n := 0; !s.IsTerminal() && n < 500; n++ {
		if text := s.String(); strings.Contains(text, "results:") {
			for _, want := range []string{
				"   blue3 = the blue die's 3 (x: the skull); :SUD = each advance straight, up or down; ->column/level where it ends\n",
				"   +1sp = Sputniks passed (a point each); CRASH = an accident (turn over, stunned, half the Sputniks lost); FINISH = across the line\n",
			} {
				if !strings.Contains(text, want) {
					t.Fatalf("drawing lacks %q:\n%s", want, text)
				}
			}
			return
		}
		if s.CurrentPlayer() == engine.Chance {
			outcomes = s.ChanceOutcomes(outcomes)
			s.Apply(engine.SampleOutcome(outcomes, rng.Float64()))
			continue
		}
		legal := s.LegalActions(nil)
		s.Apply(legal[rng.IntN(len(legal))])
	}
	t.Fatal("no result to choose in 500 actions")
}

// TestMoveHelp: the help of every test configuration explains every move
// name its random games meet (by the word the name starts with), and only
// the configuration's parts: Earth Control where it is played, the
// advanced rules' moves with the advanced rules, the exchange with 2
// players.
func TestMoveHelp(t *testing.T) {
	word := regexp.MustCompile(`^[a-z]+`)
	for _, p := range spec.TestConfigs {
		eg, err := engine.Load(Name, p)
		if err != nil {
			t.Fatal(err)
		}
		g := eg.(*Game)
		help := g.MoveHelp()
		for _, c := range []struct {
			name string
			want bool
		}{{"ec-die", g.ecRules}, {"rob-p1", g.advanced}, {"give-sputnik", g.seats == 2}, {"blue3", true}, {"CRASH", true}} {
			if strings.Contains(help, c.name) != c.want {
				t.Errorf("%v: help has %s: %v, want %v", p, c.name, !c.want, c.want)
			}
		}
		rng := rand.New(rand.NewPCG(uint64(len(help)), 3))
		for game := 0; game < 3; game++ {
			s := g.NewInitialState()
			var outcomes []engine.Outcome
			for !s.IsTerminal() {
				var a engine.Action
				if s.CurrentPlayer() == engine.Chance {
					outcomes = s.ChanceOutcomes(outcomes)
					a = engine.SampleOutcome(outcomes, rng.Float64())
				} else {
					legal := s.LegalActions(nil)
					a = legal[rng.IntN(len(legal))]
				}
				if w := word.FindString(s.ActionString(a)); w == "" || !strings.Contains(help, w) {
					t.Fatalf("%v: the help does not explain %q:\n%s", p, s.ActionString(a), help)
				}
				s.Apply(a)
			}
		}
	}
}
