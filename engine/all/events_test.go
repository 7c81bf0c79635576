package all_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

var endWords = regexp.MustCompile(`(?i)game over|wins|draw`)

// TestEventsTellTheGame plays seeded random games of every registered game
// and configuration: every action's events start with a non-empty line,
// seats get events too, and the last action's events say that the game is
// over.
func TestEventsTellTheGame(t *testing.T) {
	for _, spec := range engine.Games() {
		configs := spec.TestConfigs
		if len(configs) == 0 {
			configs = []engine.Params{nil}
		}
		for ci, params := range configs {
			g, err := engine.Load(spec.Name, params)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(ci), 11))
			s := g.NewInitialState()
			var last []string
			for !s.IsTerminal() {
				legal := s.LegalActions(nil)
				a := legal[rng.IntN(len(legal))]
				after := s.Clone()
				after.Apply(a)
				ev := engine.Events(s, a, after)
				if len(ev) == 0 || ev[0] == "" {
					t.Fatalf("%s %v: Events(%s) = %q", spec.Name, params, s.ActionString(a), ev)
				}
				for p := 0; p < g.NumPlayers(); p++ {
					if evp := engine.EventsFor(engine.Player(p), s, a, after); len(evp) == 0 || evp[0] == "" {
						t.Fatalf("%s %v: EventsFor(p%d, %s) = %q", spec.Name, params, p, s.ActionString(a), evp)
					}
				}
				last = ev
				s = after
			}
			if !endWords.MatchString(strings.Join(last, "\n")) {
				t.Errorf("%s %v: the last action's events %q do not say the game is over", spec.Name, params, last)
			}
		}
	}
}
