package enginetest

import (
	"testing"

	"github.com/moongym/moongym/engine"
)

// LabelCase is a table row of CheckLabels: from the game's initial state,
// play Moves (each an action's name for engine.ParseAction, "" for the
// first legal action, or Chance for the first outcomes of chance nodes up
// to the next decision), then the action named Action ("" the first legal
// one) must have the label Want.
type LabelCase struct {
	Moves        []string
	Action, Want string
}

// Chance in a LabelCase's moves plays the first outcome of every chance
// node up to the next decision.
const Chance = "(chance)"

// CheckLabels checks the rows of a game's table of action labels.
func CheckLabels(t *testing.T, g engine.Game, cases []LabelCase) {
	t.Helper()
	for i, c := range cases {
		s, ok := playNamed(t, g, c.Moves)
		if !ok {
			continue
		}
		a, err := engine.ParseAction(s, c.Action)
		if c.Action == "" && !s.IsTerminal() {
			a, err = s.LegalActions(nil)[0], nil
		}
		if err != nil {
			t.Errorf("case %d: %v\n%s", i, err, s)
			continue
		}
		if got := engine.ActionLabel(s, a); got != c.Want {
			t.Errorf("case %d: label of %s = %q, want %q", i, s.ActionString(a), got, c.Want)
		}
	}
}

// ResultCase is a table row of CheckResults: the end of the seeded random
// game of RandomRecord(g, Seed) says Want[p] to seat p.
type ResultCase struct {
	Seed uint64
	Want []string
}

// CheckResults checks the rows of a game's table of results, and that
// before the end there is none.
func CheckResults(t *testing.T, g engine.Game, cases []ResultCase) {
	t.Helper()
	for _, c := range cases {
		_, s := RandomRecord(g, c.Seed)
		for p, want := range c.Want {
			if got := engine.Result(s, engine.Player(p)); got != want {
				t.Errorf("seed %d: result for p%d = %q, want %q\n%s", c.Seed, p, got, want, s)
			}
		}
	}
	if r := engine.Result(g.NewInitialState(), 0); r != "" {
		t.Errorf("result before the end: %q", r)
	}
}

func playNamed(t *testing.T, g engine.Game, moves []string) (engine.State, bool) {
	t.Helper()
	s := g.NewInitialState()
	for _, m := range moves {
		if m == Chance {
			for !s.IsTerminal() && s.CurrentPlayer() == engine.Chance {
				s.Apply(s.LegalActions(nil)[0])
			}
			continue
		}
		var a engine.Action
		if m == "" {
			a = s.LegalActions(nil)[0]
		} else {
			var err error
			if a, err = engine.ParseAction(s, m); err != nil {
				t.Errorf("move %s: %v\n%s", m, err, s)
				return nil, false
			}
		}
		s.Apply(a)
	}
	return s, true
}
