package walkingmoon

import (
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// The test board: lunar cards 1..5 in order. Columns: start 0, card 1 at
// 1-6, box 7, card 2 at 8-13, box 14, card 3 at 15-20, box 21, card 4 at
// 22-27, box 28, card 5 at 29-34, goal 35; the plain is level 1.
var testCards = []string{"card1", "card2", "card3", "card4", "card5"}

func loadGame(t testing.TB, kv ...string) *Game {
	t.Helper()
	p := engine.Params{}
	for i := 0; i+1 < len(kv); i += 2 {
		p[kv[i]] = kv[i+1]
	}
	g, err := engine.Load(Name, p)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

// play applies actions by name (chance outcomes too).
func play(t testing.TB, s *State, names ...string) {
	t.Helper()
	for _, n := range names {
		a, err := engine.ParseAction(s, n)
		if err != nil {
			t.Fatalf("%s: %v\n%s", n, err, s)
		}
		s.Apply(a)
	}
}

// newTestState deals the test board, then the given tokens and cards
// (advanced rules), and stops at the first decision of round 1.
func newTestState(t testing.TB, g *Game, setup ...string) *State {
	t.Helper()
	s := g.NewInitialState().(*State)
	play(t, s, testCards...)
	play(t, s, setup...)
	return s
}

// legalNames lists the names of the legal actions.
func legalNames(s *State) []string {
	var out []string
	for _, a := range s.LegalActions(nil) {
		out = append(out, s.ActionString(a))
	}
	return out
}

func hasAction(s *State, name string) bool {
	for _, n := range legalNames(s) {
		if n == name {
			return true
		}
	}
	return false
}

func topKind(s *State) string {
	t, ok := s.top()
	if !ok {
		return "terminal"
	}
	return kindNames[t.Kind]
}

// put moves astronaut a to column x, level l, on top of any stack there.
func put(s *State, a, x, l int) { s.place(a, x, l) }

func mustContain(t *testing.T, got []string, want ...string) {
	t.Helper()
	j := strings.Join(got, " ")
	for _, w := range want {
		found := false
		for _, g := range got {
			if g == w {
				found = true
			}
		}
		if !found {
			t.Errorf("legal actions %q lack %q", j, w)
		}
	}
}
