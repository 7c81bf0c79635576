package all_test

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/moongym/moongym/engine"
)

// labelGames is the number of random games a configuration plays.
const labelGames = 4

// maxLabel is the longest label a button may carry.
const maxLabel = 60

// TestEveryActionHasALabel plays labelGames seeded random games of every registered
// game and test configuration: every game labels its actions and says its
// result (engine.ActionLabeler, engine.Resulter); at every decision each
// legal action has a label of at most maxLabel characters, other than its
// name, and no two legal actions share one; a chance outcome has a label;
// at the end every seat, and a spectator, gets a sentence.
func TestEveryActionHasALabel(t *testing.T) {
	for _, spec := range engine.Games() {
		configs := spec.TestConfigs
		if len(configs) == 0 {
			configs = []engine.Params{nil}
		}
	game:
		for ci, params := range configs {
			for seed := range labelGames {
				if !labelsOK(t, spec, uint64(ci*labelGames+seed), params) {
					break game // one failure a game
				}
			}
		}
	}
}

func labelsOK(t *testing.T, spec engine.Spec, seed uint64, params engine.Params) bool {
	t.Helper()
	g, err := engine.Load(spec.Name, params)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	if _, ok := s.(engine.ActionLabeler); !ok {
		t.Errorf("%s: no ActionLabel", spec.Name)
		return false
	}
	rng := rand.New(rand.NewPCG(seed, 46))
	var legal []engine.Action
	for !s.IsTerminal() {
		legal = s.LegalActions(legal)
		chance := s.CurrentPlayer() == engine.Chance
		seen := map[string]engine.Action{}
		for _, a := range legal {
			l, name := engine.ActionLabel(s, a), s.ActionString(a)
			switch {
			case l == "":
				t.Errorf("%s %v: %s has no label\n%s", spec.Name, params, name, s)
				return false
			case chance:
				continue
			case l == name:
				t.Errorf("%s %v: %s is labelled with its name", spec.Name, params, name)
				return false
			case utf8.RuneCountInString(l) > maxLabel:
				t.Errorf("%s %v: %s: label %q is longer than %d", spec.Name, params, name, l, maxLabel)
				return false
			}
			if b, dup := seen[l]; dup {
				t.Errorf("%s %v: %s and %s share the label %q\n%s", spec.Name, params, s.ActionString(b), name, l, s)
				return false
			}
			seen[l] = a
		}
		s.Apply(legal[rng.IntN(len(legal))])
	}
	if _, ok := s.(engine.Resulter); !ok {
		t.Errorf("%s: no Result", spec.Name)
		return false
	}
	for p := -1; p < g.NumPlayers(); p++ {
		if r := engine.Result(s, engine.Player(p)); r == "" {
			t.Errorf("%s %v: no result for p%d", spec.Name, params, p)
			return false
		}
	}
	return true
}
