package marchmars

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

// shipped is a state of the shipped design with card name in slot k and
// nothing else on the board but the defenders and the marines in the LZ.
func shipped(t *testing.T, p engine.Params, k int, name string) *State {
	t.Helper()
	g := engine.MustLoad(Name, p).(*Game)
	s := &State{g: g}
	for i := range s.slots {
		s.slots[i] = -1
	}
	for i, c := range g.data.Cards {
		if c.Name == name {
			s.slots[k] = int8(i)
		}
	}
	if s.slots[k] < 0 {
		t.Fatalf("no card %q in the shipped design", name)
	}
	for side := 0; side < g.sides; side++ {
		s.aliens[g.defCol[side]][g.plain][red] = 1
	}
	s.bag = g.data.Bag
	for m := 0; m < g.n; m++ {
		s.mar[m] = marine{X: int8(g.lzStart), L: int8(g.plain)}
	}
	s.active, s.lastKey, s.turn = -1, -1, 1
	return s
}

// TestYellowsTakeHigherLevelsFirst: "In the case of several levels occupy
// higher levels first" (ES "Si hay varias alturas empieza ocupando las
// casillas superiores") holds for the yellows too: column by column from
// the farthest from the MMM, and in a column from the top. The Valles
// Tunnel card (columns, left to right: a circle on level 1; a circle on
// level 2 above a hazard; a circle on level 3 above the hidden box; a
// circle on level 1) on either side of the board.
func TestYellowsTakeHigherLevelsFirst(t *testing.T) {
	for _, c := range []struct {
		slot int
		want [][2]int // card column, level of the 1st, 2nd, .. yellow
	}{
		{1, [][2]int{{3, 1}, {2, 3}, {2, 0}, {1, 2}, {0, 1}}}, // left side: the MMM at the smaller columns
		{2, [][2]int{{0, 1}, {1, 2}, {2, 3}, {2, 0}, {3, 1}}}, // right side
	} {
		for n := 1; n <= len(c.want); n++ {
			s := shipped(t, engine.Params{"players": "4"}, c.slot, "Valles Tunnel")
			st := s.g.slotStart[c.slot]
			s.pending = [3]int8{int8(n), 0, 0}
			s.deploySlot(c.slot)
			for i, b := range c.want {
				got := s.aliens[st+b[0]][b[1]][yellow]
				if want := int8(0); i < n {
					want = 1
					if got != want {
						t.Errorf("slot %d, %d yellows: yellow %d not at card column %d level %d:\n%s", c.slot, n, i+1, b[0], b[1], s)
					}
				} else if got != want {
					t.Errorf("slot %d, %d yellows: a yellow at card column %d level %d:\n%s", c.slot, n, b[0], b[1], s)
				}
			}
		}
	}
}

// TestCommandCenterIsTheWholeTurn: "A marine in the LZ doing nothing more
// (like move or fight) can use ... the Command Center" (ES "que no haga
// ninguna acción durante el turno"): after a support option the turn is
// over, a drone's extra shot included; a marine that bombed from orbit,
// moved or fought with equipment this turn is not offered the Command
// Center.
func TestCommandCenterIsTheWholeTurn(t *testing.T) {
	options := []struct {
		name string
		play func(t *testing.T, s *State)
	}{
		{"bait", func(t *testing.T, s *State) { mustApply(t, s, aBait) }},
		{"tactical", func(t *testing.T, s *State) { mustApply(t, s, aTactical+2) }},
		{"missile", func(t *testing.T, s *State) {
			mustApply(t, s, aMissile+missileHeavy)
			mustApply(t, s, aBeacon+1)
			mustApply(t, s, 0) // wave die 1
			mustApply(t, s, 1) // wave die 2
			mustApply(t, s, aAim+0)
			for has(s, aKill+yellow) {
				mustApply(t, s, aKill+yellow)
			}
		}},
	}
	for _, o := range options {
		s := blank(t, engine.Params{"players": "4"})
		g := s.g
		s.flat(1)
		s.ability[0] = abDrone
		beacon := g.slotStart[1] + 5
		s.mar[1].X, s.mar[1].L = int8(beacon), 1
		s.aliens[beacon-3][1][yellow] = 3 // the missile's target (dice 1 + 2)
		s.aliens[g.lzStart-2][1][yellow] = 1
		s.mar[2].X, s.mar[2].Crashed = int8(g.slotStart[1]), true
		for m := range s.mar {
			s.mar[m].Played = m != 0
		}
		s.push(kTurnEnd, 0, 0, 0)
		programming(s, 0)
		o.play(t, s)
		if top, _ := s.top(); top.Kind == kDrone {
			t.Errorf("%s: the drone shoots after the Command Center", o.name)
		}
		if s.active != -1 {
			t.Errorf("%s: marine %d still active after the Command Center", o.name, s.active)
		}
	}

	// the orbital bombing is the marine's action: no Command Center after it
	s := blank(t, engine.Params{"players": "4"})
	g := s.g
	s.ability[0] = abOrbital
	s.aliens[g.slotStart[2]+1][1][yellow] = 3
	programming(s, 0)
	if !has(s, aBait) {
		t.Fatalf("no Command Center before the bombing: %v", legal(s))
	}
	mustApply(t, s, aOrbital+2)
	for _, a := range []int{aBait, aMissile + missileHeavy, aMissile + missileLight} {
		if has(s, a) {
			t.Errorf("%s offered after the orbital bombing", s.ActionString(engine.Action(a)))
		}
	}
	if !has(s, aProgram) {
		t.Errorf("the bomber cannot program its dice: %v", legal(s))
	}
	// a bombing in an earlier turn does not count
	s.sp0()
	programming(s, 0)
	if !has(s, aBait) {
		t.Errorf("no Command Center the turn after the bombing: %v", legal(s))
	}

	// a move with an equipment card (the mount, within the LZ) is a move
	s = blank(t, engine.Params{"players": "4", "edition": "es"})
	g = s.g
	if g.lzEnd <= g.lzStart {
		t.Fatal("the fixture's LZ has one box")
	}
	s.hand[0] = 1 << eqMount
	programming(s, 0)
	mustApply(t, s, aEquipMove+2*2+1) // mount, right
	if g.sideOf(int(s.mar[0].X)) >= 0 || s.mar[0].Crashed {
		t.Fatalf("the mount left the LZ: %s", s)
	}
	if has(s, aBait) {
		t.Errorf("the Command Center after a move")
	}
	// killing with the laser knife is a fight (Spanish: the box is then free)
	s = blank(t, engine.Params{"players": "4", "edition": "es"})
	g = s.g
	s.hand[0] = 1 << eqKnife
	s.aliens[g.lzStart][g.plain][yellow] = 1
	programming(s, 0)
	mustApply(t, s, aKnife+yellow)
	if s.boxAliens(g.lzStart, g.plain) != 0 {
		t.Fatalf("the knife did not kill")
	}
	if has(s, aBait) {
		t.Errorf("the Command Center after a fight")
	}
}

// TestInitialWavesBaby: the baby level's "-1 al tamaño de las oleadas
// (mínimo 2)" applies to the initial waves ("oleadas iniciales") too.
func TestInitialWavesBaby(t *testing.T) {
	for _, c := range []struct {
		players, edition, difficulty string
		want                         int
	}{
		{"2", "en", "normal", 3},
		{"2", "en", "baby", 2},
		{"3", "en", "baby", 3},
		{"4", "en", "baby", 4},
		{"2", "es", "baby", 2},
		{"5", "es", "baby", 5},
		{"4", "en", "sergeant", 5},
	} {
		g := engine.MustLoad(Name, engine.Params{"players": c.players, "edition": c.edition, "difficulty": c.difficulty}).(*Game)
		st := g.NewInitialState()
		s := st.(*State)
		for {
			top, _ := s.top()
			if top.Kind == kPick {
				break
			}
			st.Apply(s.LegalActions(nil)[0])
		}
		for k := 0; k < g.slots(); k++ {
			x := g.slotStart[k]
			if got := s.regionAliens(x, x+g.width-1); got != c.want {
				t.Errorf("%+v: %d aliens on slot %d, want %d", c, got, k, c.want)
			}
		}
	}
}

// TestEnglishDroneEngaged: the English drone has no exception to close
// combat (only the Spanish text says "Puedes usar el dron aun estando
// cuerpo a cuerpo"): with aliens on its marine it only fires its 1s at
// them, the other values are lost.
func TestEnglishDroneEngaged(t *testing.T) {
	s := blank(t, engine.Params{"players": "2", "edition": "en"})
	g := s.g
	s.flat(1)
	s.mar[1].X = int8(g.slotStart[1])
	s.ability[0] = abDrone
	s.aliens[g.lzStart][g.plain][yellow] = 1 // engaged
	s.aliens[g.lzStart-2][1][yellow] = 1     // two boxes away
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(3, false)})
	mustApply(t, s, aLetGo)
	if top, _ := s.top(); top.Kind != kDrone {
		t.Fatalf("no drone shot at the end of the turn: %s", s)
	}
	mustApply(t, s, aDrone+0)
	mustApply(t, s, int(face(2, false)))
	mustApply(t, s, int(face(1, false)))
	if has(s, aShoot+3*1+1) {
		t.Errorf("the English drone shoots past the aliens on its marine: %v", legal(s))
	}
	if !has(s, aShoot) {
		t.Fatalf("the English drone cannot fire its 1 at its marine's box: %v", legal(s))
	}
	mustApply(t, s, aShoot)
	mustApply(t, s, aKill+yellow)
	if s.boxAliens(g.lzStart, g.plain) != 0 || s.active != -1 {
		t.Errorf("drone's close combat: %d aliens left, active %d", s.boxAliens(g.lzStart, g.plain), s.active)
	}
}
