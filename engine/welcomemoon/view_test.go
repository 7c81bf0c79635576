package welcomemoon

import (
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// toDecide plays the first chance outcomes of a 3-player game on adventure 1
// until p0 chooses.
func toDecide(t *testing.T) *State {
	t.Helper()
	s := testGame(t, 1, 3, 1).NewInitialState().(*State)
	for s.phase != phDecide {
		s.Apply(s.LegalActions(nil)[0])
	}
	return s
}

// afterP0 lets p0 take its turn starting with the k-th legal pick (the
// first legal action everywhere else), stopping when p1 is to choose.
func afterP0(t *testing.T, s *State, k int) *State {
	t.Helper()
	s = s.Clone().(*State)
	legal := s.LegalActions(nil)
	s.Apply(legal[min(k, len(legal)-1)])
	for s.phase == phDecide && s.cur == 0 {
		s.Apply(s.LegalActions(nil)[0])
	}
	if s.phase != phDecide || s.cur != 1 {
		t.Fatalf("p1 is not choosing:\n%s", s)
	}
	return s
}

func lastLine(s string) string { return s[strings.LastIndexByte(s, '\n')+1:] }

func TestStringForShowsOwnChoices(t *testing.T) {
	s := afterP0(t, toDecide(t), 0)
	cases := []struct {
		name   string
		viewer engine.Player
		want   []string
		last   string
	}{
		{"p0 sees its sheet with this turn's choice", 0,
			[]string{"--- p0: score", "--- p1 (as at the start of the turn)", "--- p2 (as at the start of the turn)"},
			"p1 to play (hidden until the end of the turn)"},
		{"p1, to act, sees p0's sheet as at the start", 1,
			[]string{"--- p0 (as at the start of the turn)", "--- p1: score", "--- p2 (as at the start of the turn)"},
			"p1 to play: pick a combination"},
		{"p2 sees neither p0's choice nor p1's step", 2,
			[]string{"--- p0 (as at the start of the turn)", "--- p1 (as at the start of the turn)", "--- p2: score"},
			"p1 to play (hidden until the end of the turn)"},
		{"a spectator sees every sheet as at the start", 9,
			[]string{"--- p0 (as at the start of the turn)", "--- p1 (as at the start of the turn)", "--- p2 (as at the start of the turn)"},
			"p1 to play (hidden until the end of the turn)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := s.StringFor(c.viewer)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("StringFor(%d) lacks %q:\n%s", c.viewer, w, got)
				}
			}
			if l := lastLine(got); l != c.last {
				t.Errorf("StringFor(%d) ends %q, want %q", c.viewer, l, c.last)
			}
		})
	}
}

func TestActionStringFor(t *testing.T) {
	flip := testGame(t, 1, 3, 1).NewInitialState().(*State)
	for flip.nextMission() >= 0 {
		flip.Apply(flip.LegalActions(nil)[0])
	}
	deciding := toDecide(t)
	pick := deciding.LegalActions(nil)[0]
	cases := []struct {
		name   string
		s      *State
		viewer engine.Player
		action engine.Action
		want   string
	}{
		{"a card flip is public", flip, 1, flip.LegalActions(nil)[0], flip.ActionString(flip.LegalActions(nil)[0])},
		{"p0's pick seen by p0", deciding, 0, pick, deciding.ActionString(pick)},
		{"p0's pick seen by p1", deciding, 1, pick, hiddenChoice},
		{"p0's pick seen by p2", deciding, 2, pick, hiddenChoice},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.s.ActionStringFor(c.viewer, c.action); got != c.want {
				t.Errorf("ActionStringFor(%d, %s) = %q, want %q", c.viewer, c.s.ActionString(c.action), got, c.want)
			}
		})
	}
	if !strings.HasPrefix(flip.ActionString(flip.LegalActions(nil)[0]), "flip ") {
		t.Errorf("not a card flip: %s", flip.ActionString(flip.LegalActions(nil)[0]))
	}
}

// TestViewDoesNotLeak: two games that differ only in p0's choice this turn
// look the same to p1 and p2 (drawing and every name of p0's choices), and
// differ for p0.
func TestViewDoesNotLeak(t *testing.T) {
	start := toDecide(t)
	a, b := afterP0(t, start, 0), afterP0(t, start, 20)
	for _, p := range []engine.Player{1, 2} {
		if a.StringFor(p) != b.StringFor(p) {
			t.Errorf("p%d can tell p0's choices apart:\n%s\n---\n%s", p, a.StringFor(p), b.StringFor(p))
		}
		seen := map[string]bool{}
		for _, act := range start.LegalActions(nil) {
			seen[start.ActionStringFor(p, act)] = true
		}
		if len(seen) != 1 {
			t.Errorf("p%d is told what p0 picks: %v", p, seen)
		}
	}
	if a.StringFor(0) == b.StringFor(0) {
		t.Errorf("p0 cannot see its own choice")
	}
}
