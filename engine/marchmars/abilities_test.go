package marchmars

import (
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

// lone is a 2-marine state with card 1 (Tharsis Plain) next to the LZ,
// marine 1 away on it and marine 0 trained in ab, in the LZ's first box.
func lone(t *testing.T, ed string, ab int8) *State {
	s := blank(t, engine.Params{"players": "2", "edition": ed})
	s.flat(1)
	s.mar[1].X = int8(s.g.slotStart[1])
	s.lzReroll = true
	s.ability[0] = ab
	return s
}

func TestMultiShot(t *testing.T) {
	for _, c := range []struct {
		ability int8
		second  bool // the 2 fires after the 1
	}{{abMultiShot, true}, {abNone, false}, {abSniper, false}} {
		s := lone(t, "en", c.ability)
		x := s.g.lzStart
		s.aliens[x-1][1][yellow] = 1
		s.aliens[x-2][1][yellow] = 1
		roll(s, 0, 0, 1, [2]int{jumping.White, face(1, false)}, [2]int{jumping.Blue, face(2, false)})
		mustApply(t, s, aShoot+1) // the 1 at distance 1, left
		mustApply(t, s, aKill+yellow)
		got := has(s, aShoot+3+1)
		if got != c.second {
			t.Errorf("ability %s: the 2 may fire after the 1: %v, want %v (%v)", abilityNames[c.ability], got, c.second, legal(s))
		}
		if !got {
			continue
		}
		if has(s, aShoot+1) {
			t.Errorf("the 1s fire twice")
		}
		mustApply(t, s, aShoot+3+1)
		mustApply(t, s, aKill+yellow)
		if s.regionAliens(x-2, x-1) != 0 {
			t.Errorf("multi-shot left aliens:\n%s", s)
		}
	}
}

func TestKamikaze(t *testing.T) {
	for _, c := range []struct {
		name    string
		edition string
		engaged bool
		offered bool
		faces   []int // 2 blue, 1 black, 2 white (the black left out)
		won     bool
	}{
		{"9+ wins", "en", false, true, []int{4, 4, 1, 3, 3}, true},
		{"exactly 9", "es", false, true, []int{2, 2, 1, 2, 2}, true},
		{"8 loses the marine", "en", false, true, []int{2, 2, 1, 2, 1}, false},
		{"es: engaged", "es", true, true, []int{4, 4, 2, 3, 3}, true},
		{"en: not engaged", "en", true, false, nil, false},
	} {
		s := blank(t, engine.Params{"players": "4", "edition": c.edition})
		g := s.g
		s.aliens[g.defCol[0]][g.plain][red] = 0
		s.mar[0].X = int8(g.defCol[0])
		s.ability[0] = abKamikaze
		if c.engaged {
			s.aliens[g.defCol[0]][g.plain][yellow] = 1
		}
		programming(s, 0)
		if has(s, aKamikaze+jumping.Black) != c.offered {
			t.Errorf("%s: kamikaze offered %v", c.name, !c.offered)
			continue
		}
		if !c.offered {
			continue
		}
		mustApply(t, s, aKamikaze+jumping.Black)
		if s.nDice != 5 {
			t.Fatalf("%s: %d dice", c.name, s.nDice)
		}
		for _, v := range c.faces {
			if top, _ := s.top(); top.Kind != kRoll {
				t.Fatalf("%s: %s on top, want a die", c.name, kindNames[top.Kind])
			}
			mustApply(t, s, face(v, false))
		}
		if s.Won() != c.won {
			t.Errorf("%s: won %v", c.name, s.Won())
		}
		if !c.won {
			if !s.mar[0].Gone {
				t.Errorf("%s: the kamikaze is still in the game", c.name)
			}
			if top, _ := s.top(); top.Kind == kChoose {
				t.Errorf("%s: a reroll after the kamikaze", c.name)
			}
			if s.marineAt(int(s.mar[0].X), int(s.mar[0].L)) {
				t.Errorf("%s: the gone marine still stands", c.name)
			}
		}
	}
	// not beside the MMM: no kamikaze
	s := blank(t, engine.Params{"players": "4"})
	s.ability[0] = abKamikaze
	programming(s, 0)
	if has(s, aKamikaze) {
		t.Errorf("a kamikaze from the LZ")
	}
}

func TestPrecog(t *testing.T) {
	s := blank(t, engine.Params{"players": "2"})
	g := s.g
	s.flat(1)
	s.ability[0] = abPrecog
	s.mar[1].Played = true // marine 1 shares the box: a reroll would be at hand
	programming(s, 0)
	mustApply(t, s, aPrecog)
	if got := legal(s); !slices.Equal(got, []engine.Action{aPrecogDie, aPrecogDie + 1}) {
		t.Fatalf("precog picks %v", got)
	}
	mustApply(t, s, aPrecogDie+jumping.Black)
	if has(s, aPrecogDie+jumping.Blue) {
		t.Errorf("picks out of canonical order: %v", legal(s))
	}
	mustApply(t, s, aPrecogDie+jumping.Black)
	if has(s, aPrecogDie+jumping.Black) {
		t.Errorf("a third black die: %v", legal(s))
	}
	mustApply(t, s, aPrecogDie+jumping.White)
	mustApply(t, s, aPrecogDie+jumping.White)
	// the roll: the blacks 2 and 2, the whites 1 and 3
	for _, v := range []int{2, 2, 1, 3} {
		mustApply(t, s, face(v, false))
	}
	// the first die may only go to action 1 (actions in order)
	if got := legal(s); !slices.Equal(got, []engine.Action{aPrecogAct}) {
		t.Fatalf("first die may go to %v, want action 1 only", got)
	}
	mustApply(t, s, aPrecogAct)
	mustApply(t, s, aPrecogAct)
	mustApply(t, s, aPrecogAct+1) // the white 1 on action 2
	mustApply(t, s, aPrecogAct)
	top, _ := s.top()
	if top.Kind != kChoose || s.nDice != 3 || jumping.FaceValue(s.dieFace[2]) != 3 {
		t.Fatalf("action 1 is not the precog dice: %s on top, %d dice\n%s", kindNames[top.Kind], s.nDice, s)
	}
	for _, a := range legal(s) {
		if a >= aReroll && a < aBomb || a >= aAntenna && a < aAbility {
			t.Errorf("a reroll of precog dice: %s", s.ActionString(a))
		}
	}
	mustApply(t, s, aLetGo)
	mustApply(t, s, aRoll)
	if top, _ := s.top(); top.Kind != kChoose || s.nDice != 1 || jumping.FaceValue(s.dieFace[0]) != 1 {
		t.Fatalf("action 2 is not the white 1: %s", s)
	}
	// a white first would leave 2 dice to pick with no colour left: not offered
	w := blank(t, engine.Params{"players": "2"})
	w.ability[0] = abPrecog
	programming(w, 0)
	mustApply(t, w, aPrecog)
	if has(w, aPrecogDie+jumping.White) {
		t.Errorf("precog offers a white first with 4 dice to pick")
	}
	// not two turns in a row
	for _, c := range []struct {
		turn int8
		ok   bool
	}{{s.turn + 1, false}, {s.turn + 2, true}} {
		n := blank(t, engine.Params{"players": "2"})
		n.ability[0], n.precogTurn[0], n.turn = abPrecog, s.turn, c.turn
		programming(n, 0)
		if has(n, aPrecog) != c.ok {
			t.Errorf("precog at turn %d after turn %d: %v", c.turn, s.turn, !c.ok)
		}
	}
	_ = g
}

func TestJetPack(t *testing.T) {
	// card 1 next to the LZ: columns lz-6..lz-1, a hazard at lz-3
	for _, c := range []struct {
		name    string
		ability int8
		engaged bool
		jet     bool // the jet pack move is legal
		moves   bool // single-die moves are legal
	}{
		{"jet pack", abJetPack, false, true, true},
		{"jet pack engaged", abJetPack, true, true, true},
		{"no jet pack", abNone, false, false, true},
		{"no jet pack engaged", abNone, true, false, false},
	} {
		s := lone(t, "en", c.ability)
		x := s.g.lzStart
		if c.engaged {
			s.aliens[x][1][yellow] = 1
		}
		roll(s, 0, 0, 1, [2]int{jumping.Blue, face(3, false)}, [2]int{jumping.Blue, face(2, false)})
		if has(s, aJet) != c.jet || has(s, aMove+16*0) != c.moves {
			t.Errorf("%s: jet %v moves %v: %v", c.name, has(s, aJet), has(s, aMove), legal(s))
		}
		if !c.jet {
			continue
		}
		mustApply(t, s, aJet)
		mustApply(t, s, aMove) // the 3 left: over the hazard, not landing
		if s.mar[0].Crashed || int(s.mar[0].X) != x-3 {
			t.Fatalf("%s: the first stride landed", c.name)
		}
		if has(s, aMove) {
			t.Errorf("%s: the same die strides twice: %v", c.name, legal(s))
		}
		mustApply(t, s, aMove+32) // the 2 left
		if s.mar[0].Crashed || int(s.mar[0].X) != x-5 || s.mar[0].L != 1 {
			t.Errorf("%s: jet pack landing at %d,%d crashed %v", c.name, s.mar[0].X, s.mar[0].L, s.mar[0].Crashed)
		}
	}
	// a single stride onto the hazard still crashes
	s := lone(t, "en", abJetPack)
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(3, false)}, [2]int{jumping.Blue, face(2, false)})
	mustApply(t, s, aMove)
	if !s.mar[0].Crashed {
		t.Errorf("landing on the hazard does not crash")
	}
}

func TestTeleport(t *testing.T) {
	for _, c := range []struct {
		name     string
		edition  string
		defender bool
		slots    []int
		blue     int // the blue die
		crash    bool
	}{
		{"en: every card", "en", true, []int{0, 1, 2, 3}, 2, false},
		{"es: not next to a standing defender", "es", true, []int{1, 2}, 2, false},
		{"es: the defender dead", "es", false, []int{0, 1, 2}, 2, false},
		{"onto the hazard", "en", true, []int{0, 1, 2, 3}, 3, true},
	} {
		s := blank(t, engine.Params{"players": "4", "edition": c.edition})
		g := s.g
		s.flat(1)
		if !c.defender {
			s.aliens[g.defCol[0]][g.plain][red] = 0
		}
		s.ability[0] = abTeleport
		s.active, s.nActs = 0, 1
		s.prog[0][jumping.Blue] = 1
		s.prog[0][jumping.White] = 1
		s.push(kTurnEnd, 0, 0, 0)
		s.push(kAction, 0, 0, 0)
		s.advance()
		var want []engine.Action
		for _, k := range c.slots {
			want = append(want, engine.Action(aTeleport+k))
		}
		want = append(want, aNoTeleport)
		if got := legal(s); !slices.Equal(got, want) {
			t.Errorf("%s: teleports %v, want %v", c.name, got, want)
			continue
		}
		mustApply(t, s, aTeleport+1)
		mustApply(t, s, face(c.blue, false))
		mustApply(t, s, aLevel+1)
		ms := s.mar[0]
		if int(ms.X) != g.slotStart[1]+g.width-c.blue || ms.L != 1 || ms.Crashed != c.crash {
			t.Errorf("%s: at %d,%d crashed %v; want column %d", c.name, ms.X, ms.L, ms.Crashed, g.slotStart[1]+g.width-c.blue)
		}
	}
	// no blue die on the action, or aliens on the marine: no teleport
	for _, engaged := range []bool{false, true} {
		s := blank(t, engine.Params{"players": "4"})
		s.ability[0] = abTeleport
		s.active, s.nActs = 0, 1
		s.prog[0][jumping.White] = 1
		if engaged {
			s.prog[0][jumping.Blue] = 1
			s.aliens[s.g.lzStart][s.g.plain][yellow] = 1
		}
		s.push(kTurnEnd, 0, 0, 0)
		s.push(kAction, 0, 0, 0)
		s.advance()
		if top, _ := s.top(); top.Kind == kTeleport {
			t.Errorf("teleport offered (engaged %v)", engaged)
		}
	}
}

func TestExplorer(t *testing.T) {
	// card 3 (Olympus Slope) next to the LZ: level 1 at its last column,
	// a circle on level 2 one column further, rock below it
	for _, c := range []struct {
		name    string
		ability int8
		choice  int // -1: no choice offered
		x, l    int // offsets from the LZ, level
		crashed bool
	}{
		{"explorer climbs", abExplorer, aExplore, -2, 2, false},
		{"explorer declines", abExplorer, aNoExplore, -1, 1, false},
		{"explorer descends into rock", abExplorer, aExplore + 1, -1, 1, true},
		{"no explorer", abNone, -1, -1, 1, false},
	} {
		s := blank(t, engine.Params{"players": "2"})
		s.slots[1] = 2
		s.mar[1].X = int8(s.g.slotStart[1])
		s.lzReroll = true
		s.ability[0] = c.ability
		roll(s, 0, 0, 2, [2]int{jumping.Blue, face(1, false)})
		mustApply(t, s, aMove) // one column left
		top, _ := s.top()
		if (top.Kind == kExplore) != (c.choice >= 0) {
			t.Fatalf("%s: %s on top", c.name, kindNames[top.Kind])
		}
		if c.choice >= 0 {
			mustApply(t, s, c.choice)
		}
		ms := s.mar[0]
		if int(ms.X) != s.g.lzStart+c.x || int(ms.L) != c.l || ms.Crashed != c.crashed {
			t.Errorf("%s: at %d,%d crashed %v", c.name, int(ms.X)-s.g.lzStart, ms.L, ms.Crashed)
		}
	}
	// once a turn
	s := blank(t, engine.Params{"players": "2"})
	s.flat(1)
	s.mar[1].X = int8(s.g.slotStart[1])
	s.ability[0], s.explored = abExplorer, true
	s.lzReroll = true
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(1, false)})
	mustApply(t, s, aMove)
	if top, _ := s.top(); top.Kind == kExplore {
		t.Errorf("a second explorer advance in a turn")
	}
}
