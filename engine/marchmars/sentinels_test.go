package marchmars

import (
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
)

func TestSentinels(t *testing.T) {
	for _, c := range []struct {
		name    string
		upgrade int8
		intact  bool
		faces   [2]int // white die values
		alienAt int    // column offset from the sentinel's column (left side)
		colour  int
		want    []int // sentinel shots, nil: no sentinel attack
		killed  bool  // the alien dies after the first shot's kill
	}{
		{"two 2s kill a blue two boxes left", upSentinels, true, [2]int{2, 2}, -2, blueAlien, []int{aShoot + 3*1 + 1}, true},
		{"one 2 does not kill a blue", upSentinels, true, [2]int{2, 3}, -2, blueAlien, []int{aShoot + 3*1 + 1}, false},
		{"1s shoot its own box", upSentinels, true, [2]int{1, 3}, 0, yellow, []int{aShoot}, true},
		{"a 3 at distance 3", upSentinels, true, [2]int{3, 1}, -3, yellow, []int{aShoot + 3*2 + 1}, true},
		{"nothing in reach", upSentinels, true, [2]int{1, 1}, -3, yellow, []int{}, false},
		{"destroyed sentinels", upSentinels, false, [2]int{2, 2}, -2, yellow, nil, false},
		{"a bunker does not shoot", upBunker, true, [2]int{2, 2}, -2, yellow, nil, false},
	} {
		s := blank(t, engine.Params{"players": "4", "edition": "es"})
		g := s.g
		s.flat(1)
		for m := range s.mar {
			s.mar[m].Played = true
		}
		s.upgrade[0], s.intact[0] = c.upgrade, c.intact
		s.intact[1] = true
		x := g.sentinelColumn(0) + c.alienAt
		s.aliens[x][g.plain][c.colour] = 1
		s.push(kTurnEnd, 0, 0, 0)
		s.advance()
		top, _ := s.top()
		if c.want == nil {
			if top.Kind == kRoll || top.Kind == kSentinel {
				t.Errorf("%s: the sentinels roll", c.name)
			}
			continue
		}
		if top.Kind != kRoll {
			t.Fatalf("%s: no sentinel roll, %s on top", c.name, kindNames[top.Kind])
		}
		mustApply(t, s, face(c.faces[0], false))
		mustApply(t, s, face(c.faces[1], false))
		top, _ = s.top()
		if len(c.want) == 0 {
			if top.Kind == kSentinel {
				t.Errorf("%s: a sentinel decision without a target: %v", c.name, legal(s))
			}
			continue
		}
		if top.Kind != kSentinel || top.A != 0 {
			t.Fatalf("%s: %s by m%d on top", c.name, kindNames[top.Kind], top.A+1)
		}
		got := legal(s)
		want := make([]engine.Action, len(c.want))
		for i, a := range c.want {
			want[i] = engine.Action(a)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: shots %v, want %v", c.name, got, want)
		}
		mustApply(t, s, c.want[0])
		if has(s, aKill+c.colour) {
			mustApply(t, s, aKill+c.colour)
		}
		if dead := s.aliens[x][g.plain][c.colour] == 0; dead != c.killed {
			t.Errorf("%s: killed %v, want %v", c.name, dead, c.killed)
		}
	}
}
