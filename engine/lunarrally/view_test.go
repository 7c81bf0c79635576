package lunarrally

import (
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// viewStates are the positions of the view tests: p0 has programmed both
// rovers, p1 has put one card on G1 and is to act.
func viewStates(t *testing.T) (start, p0Turn, p1Turn *State) {
	t.Helper()
	g := load(t, nil)
	start = g.NewInitialState().(*State)
	p0Turn = setUp(t, g, 0)
	p1Turn = p0Turn.Clone().(*State)
	mustPlay(t, p1Turn, "laser", "left", "right", "fwd", "rev", "still", "missile")
	return start, p0Turn, p1Turn
}

func TestStringForShowsOnlyOwnCards(t *testing.T) {
	_, _, s := viewStates(t)
	cases := []struct {
		name    string
		viewer  engine.Player
		want    []string
		notWant []string
	}{
		{"p0 sees its programs, not p1's", 0,
			[]string{"program [laser left right]", "program [fwd rev still]", "program [? _ _]", "p1: program G1 phase 2"},
			[]string{"missile _"}},
		{"p1 sees its card, not p0's", 1,
			[]string{"program [? ? ?]", "program [missile _ _]", "p1: program G1 phase 2"},
			[]string{"laser", "left", "still"}},
		{"a spectator sees no card", 7,
			[]string{"program [? ? ?]", "program [? _ _]", "p1: program G1 phase 2"},
			[]string{"laser", "missile _"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := s.StringFor(c.viewer)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("StringFor(%d) lacks %q:\n%s", c.viewer, w, got)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(got, w) {
					t.Errorf("StringFor(%d) shows %q:\n%s", c.viewer, w, got)
				}
			}
		})
	}
	if s.StringFor(1) != s.String() {
		t.Errorf("the player to act should see what String draws")
	}
}

func TestActionStringFor(t *testing.T) {
	start, p0Turn, p1Turn := viewStates(t)
	placing := start.Clone().(*State)
	placing.Apply(0)
	cases := []struct {
		name   string
		s      *State
		viewer engine.Player
		action engine.Action
		want   string
	}{
		{"the first player, seen by itself", start, 0, 0, "p0-first"},
		{"the first player, seen by another", start, 1, 0, "p0-first"},
		{"a start hex is public", placing, 1, placing.LegalActions(nil)[0], placing.ActionString(placing.LegalActions(nil)[0])},
		{"p0's card, seen by p0", p0Turn, 0, CardAction(Laser), "laser"},
		{"p0's card, seen by p1", p0Turn, 1, CardAction(Laser), "a face-down card on B1 phase 1"},
		{"p1's card, seen by p1", p1Turn, 1, CardAction(Forward), "fwd"},
		{"p1's card, seen by p0", p1Turn, 0, CardAction(Forward), "a face-down card on G1 phase 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.s.ActionStringFor(c.viewer, c.action); got != c.want {
				t.Errorf("ActionStringFor(%d, %s) = %q, want %q", c.viewer, c.s.ActionString(c.action), got, c.want)
			}
		})
	}
}

// TestViewDoesNotLeak: two games that differ only in p0's secret cards look
// the same to p1, card by card and on the map; p0 sees the difference.
func TestViewDoesNotLeak(t *testing.T) {
	_, s, _ := viewStates(t)
	a, b := s.Clone().(*State), s.Clone().(*State)
	mustPlay(t, a, "laser", "left", "right", "fwd", "rev", "still")
	mustPlay(t, b, "still", "fwd", "fwd-at", "missile", "laser", "left")
	if a.StringFor(1) != b.StringFor(1) {
		t.Errorf("p1 can tell p0's programs apart:\n%s\n---\n%s", a.StringFor(1), b.StringFor(1))
	}
	if a.StringFor(0) == b.StringFor(0) {
		t.Errorf("p0 cannot see its own programs")
	}
	seen := map[string]bool{}
	for _, act := range s.LegalActions(nil) {
		seen[s.ActionStringFor(1, act)] = true
	}
	if len(seen) != 1 {
		t.Errorf("p1 is told which card p0 programs: %v", seen)
	}
}
