package marchmars

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

func TestTrainingDeal(t *testing.T) {
	for _, c := range []struct {
		edition string
		cards   int
	}{{"en", 6}, {"es", 7}} {
		g := engine.MustLoad(Name, engine.Params{"players": "4", "edition": c.edition}).(*Game)
		s := g.NewInitialState().(*State)
		for k := 0; k < g.slots(); k++ {
			s.Apply(engine.Action(k))
		}
		if top, _ := s.top(); top.Kind != kTrain {
			t.Fatalf("no training card dealt: %s", s)
		}
		if got := len(s.LegalActions(nil)); got != c.cards {
			t.Errorf("%s: %d training cards in the deck, want %d", c.edition, got, c.cards)
		}
		s.Apply(0) // orbital bombing / fusion cannon
		if got := legal(s); len(got) != 2 {
			t.Errorf("abilities offered %v", got)
		}
		mustApply(t, s, aAbility+1)
		if s.ability[0] != abFusion {
			t.Errorf("ability %d", s.ability[0])
		}
		// the dealt card is not dealt again
		for _, a := range legal(s) {
			if a == 0 {
				t.Errorf("card 0 dealt twice")
			}
		}
	}
	g := engine.MustLoad(Name, engine.Params{"players": "4", "training": "off"}).(*Game)
	s := g.NewInitialState().(*State)
	for k := 0; k < g.slots(); k++ {
		s.Apply(engine.Action(k))
	}
	if top, _ := s.top(); top.Kind != kPlace {
		t.Errorf("training=off still deals cards")
	}
}

func TestFusionCannonAndAssault(t *testing.T) {
	s := blank(t, engine.Params{"players": "2"})
	g := s.g
	s.mar[1].X = int8(g.slotStart[1])
	s.lzReroll = true
	s.ability[0] = abFusion
	s.aliens[g.lzStart][g.plain][blueAlien] = 1
	roll(s, 0, 0, 1, [2]int{jumping.White, face(1, false)}, [2]int{jumping.Blue, face(3, false)})
	mustApply(t, s, aShoot) // one 1 at its own box: 2 hits
	if !has(s, aKill+blueAlien) {
		t.Fatalf("fusion 1 does not make 2 hits: %v", legal(s))
	}
	// a 3 makes no damage: no shot of 3s
	s = blank(t, engine.Params{"players": "2"})
	s.mar[1].X = int8(g.slotStart[1])
	s.ability[0] = abFusion
	s.aliens[g.lzStart-3][1][yellow] = 1
	s.flat(1)
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(3, false)})
	if has(s, aShoot+3*2+1) {
		t.Errorf("fusion cannon shoots 3s")
	}
	// assault soldier: a hit in close combat without any 1
	s = blank(t, engine.Params{"players": "2"})
	s.mar[1].X = int8(g.slotStart[1])
	s.lzReroll = true
	s.ability[0] = abAssault
	s.aliens[g.lzStart][g.plain][yellow] = 1
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(3, false)})
	if !has(s, aShoot) {
		t.Fatalf("assault soldier without a 1 cannot fight: %v", legal(s))
	}
	mustApply(t, s, aShoot)
	mustApply(t, s, aKill+yellow)
	if s.boxAliens(g.lzStart, g.plain) != 0 {
		t.Errorf("the yellow survived")
	}
}

func TestRanger(t *testing.T) {
	s := blank(t, engine.Params{"players": "2"})
	g := s.g
	s.flat(1) // card 1: a hazardous box at column 3 of the card
	st := g.slotStart[1]
	s.mar[1].X = int8(st)
	s.mar[0].X, s.mar[0].L = int8(st+5), 1
	s.ability[0] = abRanger
	roll(s, 0, 0, 2, [2]int{jumping.Blue, face(2, false)}, [2]int{jumping.Black, face(2, true)})
	mustApply(t, s, aMove+0) // blue 2 left: onto the hazardous box
	if s.mar[0].Crashed || s.mar[0].X != int8(st+3) {
		t.Errorf("ranger crashed on a hazardous box")
	}
	for i := 0; i < s.stack.Len(); i++ {
		if s.stack.At(i).Kind == kDraw {
			t.Errorf("ranger's skull called a wave")
		}
	}
	// a ranger moving with the skull does not crash
	s.sp0()
	roll(s, 0, 1, 2, [2]int{jumping.Black, face(2, true)})
	mustApply(t, s, aMove+16) // right, straight
	if s.mar[0].Crashed {
		t.Errorf("the skull crashed a ranger")
	}
}

// sp0 empties the task stack.
func (s *State) sp0() { s.stack.Clear() }

func TestCommunications(t *testing.T) {
	s := blank(t, engine.Params{"players": "2"})
	g := s.g
	s.flat(1)
	st := g.slotStart[1]
	s.mar[0].X, s.mar[0].L = int8(st), 1
	s.mar[1].X, s.mar[1].L = int8(st+5), 1
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(1, false)})
	if has(s, aReroll) {
		t.Fatalf("a reroll across the card without communications")
	}
	s.sp0()
	s.ability[1] = abCommunications // the companion's training helps too
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(1, false)})
	if !has(s, aReroll) {
		t.Errorf("no communications reroll on the same card: %v", legal(s))
	}
}

func TestSniper(t *testing.T) {
	s := blank(t, engine.Params{"players": "2"})
	g := s.g
	s.flat(1)
	st := g.slotStart[1]
	s.mar[1].X = int8(g.lzStart)
	s.mar[0].X, s.mar[0].L = int8(st+3+2), 1
	s.ability[0] = abSniper
	s.aliens[st+3][1][red] = 1
	roll(s, 0, 0, 2, [2]int{jumping.Blue, face(2, false)}, [2]int{jumping.Black, face(1, false)})
	mustApply(t, s, aShoot+3*1+1) // one 2: kills the red
	mustApply(t, s, aKill+red)
	if s.aliens[st+3][1][red] != 0 {
		t.Fatalf("the sniper's 2 did not kill the red")
	}
	// it shot this turn: no move now
	s.sp0()
	roll(s, 0, 1, 2, [2]int{jumping.Blue, face(2, false)})
	for _, a := range legal(s) {
		if a >= aMove && a < aShoot {
			t.Fatalf("a sniper moves after shooting: %v", legal(s))
		}
	}
}

func TestInjectorAndOrbital(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	g := s.g
	s.ability[0], s.ability[1] = abInjector, abOrbital
	s.aliens[g.slotStart[2]+1][1][yellow] = 3
	programming(s, 0)
	mustApply(t, s, aInject)
	if s.dice != 6 || !s.injected[0] {
		t.Fatalf("injector: %d dice", s.dice)
	}
	s.sp0()
	programming(s, 0)
	if s.dice != 3 {
		t.Errorf("the turn after the injector: %d dice, want 3", s.dice)
	}
	s.sp0()
	programming(s, 1)
	mustApply(t, s, aOrbital+2)
	if s.regionAliens(g.slotStart[2], g.slotStart[2]+g.width-1) != 0 || s.dead[yellow] != 3 || !s.orbitalUsed {
		t.Errorf("orbital bombing did not clear the card")
	}
	if has(s, aOrbital+0) || has(s, aOrbital+2) {
		t.Errorf("a second orbital bombing")
	}
	if top, _ := s.top(); top.Kind != kProgram {
		t.Errorf("the bombing ends the turn")
	}
}

// TestDrone: the Spanish drone fires even while its marine is engaged
// (the English one: TestEnglishDroneEngaged).
func TestDrone(t *testing.T) {
	s := blank(t, engine.Params{"players": "2", "edition": "es"})
	g := s.g
	s.flat(1)
	s.mar[1].X = int8(g.slotStart[1])
	s.lzReroll = true
	s.ability[0] = abDrone
	s.aliens[g.lzStart][g.plain][yellow] = 1 // engaged
	s.aliens[g.lzStart-2][1][yellow] = 1     // two boxes away
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(3, false)})
	mustApply(t, s, aLetGo) // the engaged roll is lost; the turn ends
	if top, _ := s.top(); top.Kind != kDrone {
		t.Fatalf("no drone shot at the end of the turn: %s", s)
	}
	mustApply(t, s, aDrone+0) // two blue dice
	mustApply(t, s, int(face(2, false)))
	mustApply(t, s, int(face(2, false)))
	if !has(s, aShoot+3*1+1) {
		t.Fatalf("the drone cannot shoot past the aliens on the marine: %v", legal(s))
	}
	for _, a := range legal(s) {
		if a >= aMove && a < aShoot {
			t.Fatalf("the drone moves: %v", legal(s))
		}
	}
	mustApply(t, s, aShoot+3*1+1)
	mustApply(t, s, aKill+yellow)
	if s.aliens[g.lzStart-2][1][yellow] != 0 || s.droneShot || s.active != -1 {
		t.Errorf("drone shot: alien left %d, drone %v, active %d", s.aliens[g.lzStart-2][1][yellow], s.droneShot, s.active)
	}
}
