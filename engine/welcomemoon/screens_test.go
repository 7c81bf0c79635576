package welcomemoon

import (
	"flag"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

// screen finds, in seeded random games of g, a state where want holds.
func screen(t *testing.T, g *Game, want func(*State) bool) *State {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	var legal []engine.Action
	for range 300 {
		s := g.NewInitialState().(*State)
		for !s.IsTerminal() {
			if want(s) {
				return s
			}
			if s.CurrentPlayer() == engine.Chance {
				outs := s.ChanceOutcomes(nil)
				s.Apply(engine.SampleOutcome(outs, rng.Float64()))
				continue
			}
			legal = s.LegalActions(legal)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
	t.Fatalf("no such state in 300 games of %v", g.Params())
	return nil
}

func pending(kind int8) func(*State) bool {
	return func(s *State) bool {
		return s.phase == phDecide && s.sub == subEffect && s.ctx.npend > 0 && s.ctx.pend[0].kind == kind
	}
}

func midgame(s *State) bool { return s.turn >= 9 && s.phase == phDecide && s.sub == subChoose }

// TestScreens draws the screens a person decides from (testdata/screen-*.golden,
// rewritten with -update) and checks what each must tell: the sheets' bonuses,
// values and tunnels, the ASTRA targets by name, and why a question is asked.
func TestScreens(t *testing.T) {
	for _, c := range []struct {
		name                 string
		adv, players, astra  int
		at                   func(*State) bool
		wantText, wantAction []string
		refuse               []string
	}{
		{"a1-midgame", 1, 2, 1, midgame, []string{"Q7 R3 R3? Sab Sab", "more to score", "score by rockets crossed: 5:15 9:30"}, nil, nil},
		{"a2-midgame", 2, 2, 1, midgame, []string{"  tank ", "tank: a circled tank's points", "multiplier x6"}, nil, nil},
		{"a3-midgame", 3, 2, 1, midgame, []string{"*ROCKET==", "==", "||"}, nil, nil},
		{"a1-mission-question", 1, 2, 1, pending(effMission), []string{"asked each turn while it may be met"}, []string{"accomplish-"}, nil},
		{"solo-give", 2, 1, 3, pending(effGive), []string{"to ASTRA, or spend a Solo bonus"}, []string{"give-to-astra", "use-solo-bonus"}, []string{"choose the give"}},
		{"solo-astra-card-a2", 2, 1, 3, func(s *State) bool { return s.phase == phAstra }, []string{"station's high multiplier"}, []string{"cross-S"}, []string{"#"}},
		{"solo-astra-card-a3", 3, 1, 3, func(s *State) bool { return s.phase == phAstra }, []string{"quarter's 15-point box"}, []string{"cross-TL-15"}, []string{"#"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := screen(t, testGame(t, c.adv, c.players, c.astra), c.at)
			var b strings.Builder
			text := s.StringFor(s.CurrentPlayer())
			b.WriteString(text + "\nlegal:")
			var actions []string
			for _, a := range s.LegalActions(nil) {
				actions = append(actions, s.ActionString(a))
				b.WriteString(" " + s.ActionString(a))
			}
			b.WriteString("\n")
			for _, w := range c.wantText {
				if !strings.Contains(text, w) {
					t.Errorf("the screen lacks %q:\n%s", w, text)
				}
			}
			for _, w := range c.wantAction {
				if !strings.Contains(strings.Join(actions, " "), w) {
					t.Errorf("no action named like %q: %v", w, actions)
				}
			}
			for _, r := range c.refuse {
				if strings.Contains(strings.Join(actions, " "), r) || strings.Contains(text[strings.LastIndexByte(text, '\n')+1:], r) {
					t.Errorf("%q on the screen: %v\n%s", r, actions, text)
				}
			}
			if c.adv == 3 {
				checkA3Aligned(t, text)
			}
			upd := flag.Lookup("update")
			enginetest.Golden(t, filepath.Join("testdata", "screen-"+c.name+".golden"), []byte(b.String()), upd != nil && upd.Value.String() == "true")
		})
	}
}

// checkA3Aligned: in the A3 grid every row's key starts in the same column.
func checkA3Aligned(t *testing.T, text string) {
	t.Helper()
	col := -1
	for _, line := range strings.Split(text, "\n") {
		i := strings.Index(line, "| buildings")
		if i < 0 {
			continue
		}
		if col >= 0 && i != col {
			t.Errorf("A3 grid rows not aligned: the key starts at %d and %d:\n%s", col, i, text)
			return
		}
		col = i
	}
	if col < 0 {
		t.Errorf("no A3 grid:\n%s", text)
	}
}
