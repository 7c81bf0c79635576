package marchmars

import (
	"testing"

	"github.com/moongym/moongym/engine"
)

// programming puts marine a's programme decision on top.
func programming(s *State, a int) {
	s.push(kMarine, a, 0, 0)
	s.advance()
}

func TestTacticalCrashSupport(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	s.mar[2].X, s.mar[2].Crashed = int8(s.g.slotStart[1]), true
	for m := range s.mar {
		s.mar[m].Played = true
	}
	programming(s, 0)
	if !has(s, aTactical+2) || has(s, aTactical+1) {
		t.Fatalf("support options %v", legal(s))
	}
	mustApply(t, s, aTactical+2)
	if s.mar[2].Crashed {
		t.Errorf("not raised")
	}
	if top, _ := s.top(); top.Kind == kProgram {
		t.Errorf("the supporting marine still programs")
	}
	// away from the LZ: no support
	s = blank(t, engine.Params{"players": "4"})
	s.mar[0].X = int8(s.g.slotStart[1])
	programming(s, 0)
	if has(s, aBait) {
		t.Errorf("support away from the LZ")
	}
	// Spanish: not with an alien on the marine
	s = blank(t, engine.Params{"players": "4", "edition": "es"})
	s.aliens[s.g.lzStart][s.g.plain][yellow] = 1
	programming(s, 0)
	if has(s, aBait) {
		t.Errorf("Spanish support with an alien on the marine")
	}
}

func TestMissiles(t *testing.T) {
	for _, c := range []struct {
		edition string
		kind    int
		killed  int // yellows killed of three in the target column, two beside it
	}{{"en", missileHeavy, 3}, {"en", missileLight, 2}, {"es", missileHeavy, 3}, {"es", missileLight, 2}} {
		s := blank(t, engine.Params{"players": "4", "edition": c.edition})
		g := s.g
		s.flat(1)
		beacon := g.slotStart[1] + 5
		s.mar[1].X, s.mar[1].L = int8(beacon), 1
		x := beacon - 3 // dice 1 + 2
		s.aliens[x][1][yellow] = 3
		s.aliens[x-1][1][yellow] = 1
		s.aliens[x+1][1][yellow] = 1
		for m := range s.mar {
			s.mar[m].Played = true
		}
		programming(s, 0)
		mustApply(t, s, aMissile+c.kind)
		mustApply(t, s, aBeacon+1)
		mustApply(t, s, 0) // wave die 1
		mustApply(t, s, 1) // wave die 2
		if c.kind == missileLight && c.edition == "en" {
			if !has(s, aReroll) {
				t.Fatalf("no reroll of the Seeking missile: %v", legal(s))
			}
			mustApply(t, s, aFire)
		}
		mustApply(t, s, aAim+0)
		for has(s, aKill+yellow) {
			mustApply(t, s, aKill+yellow)
		}
		got := 5 - s.regionAliens(x-1, x+1)
		if c.edition == "es" && c.kind == missileLight {
			// fragmentation: one hit on every box of the three columns
			if s.aliens[x][1][yellow] != 2 || s.aliens[x-1][1][yellow] != 0 || s.aliens[x+1][1][yellow] != 0 {
				t.Errorf("fragmentation: %s", s)
			}
			continue
		}
		if got != c.killed {
			t.Errorf("%s missile %d: %d killed, want %d", c.edition, c.kind, got, c.killed)
		}
	}
}

func TestBait(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	for m := range s.mar {
		s.mar[m].Played = true
	}
	s.push(kTurnEnd, 0, 0, 0)
	programming(s, 3)
	mustApply(t, s, aBait)
	// the turn ends: the wave's side is rolled, the bait may roll it again
	for {
		top, ok := s.top()
		if !ok || top.Kind == kSide {
			break
		}
		s.Apply(legal(s)[0])
	}
	mustApply(t, s, 1)
	if top, _ := s.top(); top.Kind != kBait || top.A != 3 {
		t.Fatalf("no bait decision: %s", s)
	}
	mustApply(t, s, aRollSide)
	if top, _ := s.top(); top.Kind != kSide {
		t.Fatalf("the side is not rolled again")
	}
	mustApply(t, s, 0)
	if top, _ := s.top(); top.Kind == kBait {
		t.Errorf("the bait acts twice")
	}
}
