package marchmars

import (
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

// TestStanding: the team's progress toward the MMM, the same for every
// marine: the nearest marine's march from the LZ (4 points in a defender
// box), a dead defender (4), a won game (9); a marine out of the game does
// not count.
func TestStanding(t *testing.T) {
	for _, c := range []struct {
		name    string
		players string
		set     func(g *Game, s *State)
		want    float64
	}{
		{"setup: every marine in the LZ", "2", func(g *Game, s *State) {}, 0},
		{"half way", "2", func(g *Game, s *State) { s.mar[1].X = int8(g.lzStart / 2) }, 4 * float64(g2lz()-g2lz()/2) / float64(g2lz())}, // the nearest marine's columns to go
		{"in the defender box", "2", func(g *Game, s *State) { s.mar[0].X = 0 }, 4},
		{"beside the MMM, its defender dead", "2", func(g *Game, s *State) {
			s.mar[0].X = 0
			s.aliens[0][g.plain][red] = 0
		}, 8},
		{"a kamikaze in the box does not count", "2", func(g *Game, s *State) {
			s.mar[0].X, s.mar[0].Gone = 0, true
		}, 0},
		{"the right defender box (4 marines)", "4", func(g *Game, s *State) { s.mar[3].X = int8(g.defCol[1]) }, 4},
		{"the right defender dead (4 marines)", "4", func(g *Game, s *State) { s.aliens[g.defCol[1]][g.plain][red] = 0 }, 4},
		{"won", "2", func(g *Game, s *State) { s.result = 1 }, maxTurns + 1},
		{"lost beside the MMM", "2", func(g *Game, s *State) {
			s.mar[1].X = 0
			s.aliens[0][g.plain][red] = 0
			s.result = -1
		}, 8},
	} {
		g := engine.MustLoad(Name, engine.Params{"players": c.players}).(*Game)
		s := g.NewInitialState().(*State)
		c.set(g, s)
		got := s.Standing(nil)
		want := slices.Repeat([]float64{c.want}, g.n)
		if !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", c.name, got, want)
		}
	}
}

// g2lz is the 2-marine board's distance from the LZ to the defender box.
func g2lz() int {
	return engine.MustLoad(Name, engine.Params{"players": "2"}).(*Game).lzStart
}

// TestStandingRange: over random games every standing lies in [0, 9], is 9
// exactly when the MMM fell, and is the same for every marine.
func TestStandingRange(t *testing.T) {
	g := engine.MustLoad(Name, engine.Params{"players": "3"})
	for seed := uint64(1); seed <= 30; seed++ {
		_, end := enginetest.RandomRecord(g, seed)
		s := end.(*State)
		p := s.Standing(nil)
		if len(p) != 3 || p[0] != p[1] || p[1] != p[2] || p[0] < 0 || p[0] > maxTurns+1 || (p[0] == maxTurns+1) != s.Won() {
			t.Errorf("seed %d: standing %v, won %v", seed, p, s.Won())
		}
	}
}
