package marchmars

import (
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

// fixture is the terrain the rules tests are written for: the first design
// (cards 6 columns wide), whatever the shipped design is.
const fixture = "testdata/mars6.txt"

// blank is a state on the fixture terrain with cards 0.. in the slots (card
// 1 is a plain), the defenders, the marines in the LZ's first box and no
// task.
func blank(t *testing.T, p engine.Params) *State {
	t.Helper()
	p = p.Clone()
	p["data"] = fixture
	g := engine.MustLoad(Name, p).(*Game)
	s := &State{g: g}
	for k := range s.slots {
		s.slots[k] = -1
		if k < g.slots() {
			s.slots[k] = int8(k)
		}
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

// flat puts card 1 (Tharsis Plain: circles on level 1, a hazard in column 4)
// in every slot's place by making slot k use card index 0 for k=0 and the
// others as dealt.
func (s *State) flat(k int) { s.slots[k] = 0 }

// roll makes marine a the active one, rolling dice (colour, face) as action
// j of nActs, and leaves its choice on top.
func roll(s *State, a, j, nActs int, dice ...[2]int) {
	s.active = int8(a)
	s.nActs, s.act = int8(nActs), int8(j)
	s.nDice = int8(len(dice))
	for i, d := range dice {
		s.dieCol[i], s.dieFace[i] = int8(d[0]), int8(d[1])
	}
	ms := &s.mar[a]
	s.engaged = s.boxAliens(int(ms.X), int(ms.L)) > 0
	s.teamUsed = false
	s.push(kTurnEnd, 0, 0, 0)
	s.push(kAfter, a, j, 0)
	s.push(kChoose, a, 0, 0)
}

func face(v int, skull bool) int {
	if skull {
		return v + 3
	}
	return v - 1
}

func legal(s *State) []engine.Action { return s.LegalActions(nil) }

func has(s *State, a int) bool { return slices.Contains(legal(s), engine.Action(a)) }

func mustApply(t *testing.T, s *State, a int) {
	t.Helper()
	if err := engine.ApplyChecked(s, engine.Action(a)); err != nil {
		t.Fatalf("%s: %v\n%s", s.ActionString(engine.Action(a)), err, s)
	}
}

func TestSetup(t *testing.T) {
	for _, c := range []struct {
		players, edition string
		sides            int
	}{{"2", "en", 1}, {"3", "en", 1}, {"4", "en", 2}, {"5", "en", 2}, {"2", "es", 1}, {"3", "es", 2}} {
		g := engine.MustLoad(Name, engine.Params{"players": c.players, "edition": c.edition}).(*Game)
		if g.sides != c.sides {
			t.Errorf("%s players %s: %d sides, want %d", c.players, c.edition, g.sides, c.sides)
		}
		st := g.NewInitialState()
		s := st.(*State)
		// deal, place, draw until the first pick
		for {
			top, _ := s.top()
			if top.Kind == kPick {
				break
			}
			st.Apply(s.LegalActions(nil)[0])
		}
		for side := 0; side < g.sides; side++ {
			if !s.defenderAlive(side) {
				t.Errorf("%s %s: no defender on side %d", c.players, c.edition, side)
			}
		}
		for k := 0; k < g.slots(); k++ {
			st := g.slotStart[k]
			if got := s.regionAliens(st, st+g.width-1); got != g.n+1 {
				t.Errorf("%s %s: %d aliens on slot %d, want %d", c.players, c.edition, got, k, g.n+1)
			}
		}
		for m := 0; m < g.n; m++ {
			if g.sideOf(int(s.mar[m].X)) != -1 {
				t.Errorf("marine %d not in the LZ", m)
			}
		}
		if s.turn != 1 {
			t.Errorf("turn %d", s.turn)
		}
	}
}

func TestDeployOrder(t *testing.T) {
	// card 1 row: o o o x o o on level 1 (columns 0..5 of the slot)
	for _, c := range []struct {
		edition string
		hazard  bool
	}{{"en", false}, {"es", true}} {
		s := blank(t, engine.Params{"players": "4", "edition": c.edition})
		g := s.g
		s.flat(0)
		s.pending = [3]int8{2, 1, 2}
		s.deploySlot(0)
		st := g.slotStart[0]
		// left side: the MMM is at the smaller columns
		if s.aliens[st][1][red] != 1 || s.aliens[st+1][1][red] != 1 {
			t.Errorf("%s: reds not from the box closest to the MMM: %s", c.edition, s)
		}
		if s.aliens[st+2][1][blueAlien] != 1 {
			t.Errorf("%s: blue does not follow the reds: %s", c.edition, s)
		}
		if s.aliens[st+5][1][yellow] != 1 || s.aliens[st+4][1][yellow] != 1 {
			t.Errorf("%s: yellows not from the farthest box: %s", c.edition, s)
		}
		// a hazard box: English aliens avoid it, Spanish ones do not
		s2 := blank(t, engine.Params{"players": "4", "edition": c.edition})
		s2.flat(0)
		s2.pending = [3]int8{0, 0, 4}
		s2.deploySlot(0)
		if got := s2.aliens[st+3][1][red] > 0; got != c.hazard {
			t.Errorf("%s: red on the hazardous box: %v", c.edition, got)
		}
	}
	// right side: closest to the MMM is the larger column
	s := blank(t, engine.Params{"players": "4"})
	s.slots[3] = 0
	s.pending = [3]int8{0, 0, 1}
	s.deploySlot(3)
	if s.aliens[s.g.slotStart[3]+5][1][red] != 1 {
		t.Errorf("right side red not at the box next to the MMM:\n%s", s)
	}
	// higher levels first: card 3 (Olympus Slope) has boxes on levels 1..3
	s = blank(t, engine.Params{"players": "4"})
	s.slots[0] = 2
	s.pending = [3]int8{0, 0, 1}
	s.deploySlot(0)
	st := s.g.slotStart[0]
	if s.aliens[st][1][red] != 1 {
		t.Errorf("olympus: red at the closest column: %s", s)
	}
	s.pending = [3]int8{1, 0, 0}
	s.deploySlot(0)
	if s.aliens[st+5][1][yellow] != 1 {
		t.Errorf("olympus: yellow at the farthest column: %s", s)
	}
}

func TestExterminatorYellowsOnMarines(t *testing.T) {
	s := blank(t, engine.Params{"players": "4", "difficulty": "exterminator"})
	s.flat(0)
	st := s.g.slotStart[0]
	s.mar[0].X, s.mar[0].L = int8(st+2), 1
	s.pending = [3]int8{1, 0, 0}
	s.deploySlot(0)
	if s.aliens[st+2][1][yellow] != 1 {
		t.Errorf("exterminator: the yellow is not on the marine:\n%s", s)
	}
	n := blank(t, engine.Params{"players": "4"})
	n.flat(0)
	n.mar[0].X, n.mar[0].L = int8(st+2), 1
	n.pending = [3]int8{1, 0, 0}
	n.deploySlot(0)
	if n.aliens[st+2][1][yellow] != 0 || n.aliens[st+5][1][yellow] != 1 {
		t.Errorf("normal: the yellow goes to the farthest box:\n%s", n)
	}
}

func TestWaveMovesTowardLZ(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	g := s.g
	s.flat(0)
	s.flat(1)
	s.aliens[g.slotStart[0]+1][1][blueAlien] = 2
	s.aliens[g.slotStart[1]+3][1][yellow] = 1
	s.mar[1].X = int8(g.slotStart[1]) // one marine on the left side
	s.push(kWave, 0, 0, 0)
	s.advance()
	if s.incoming[0] != [3]int8{1, 0, 0} {
		t.Errorf("incoming %v, want the yellow of the card next to the LZ", s.incoming[0])
	}
	if got := s.regionAliens(g.slotStart[1], g.slotStart[1]+g.width-1); got != 2 {
		t.Errorf("%d aliens on the card next to the LZ, want the 2 blues", got)
	}
	// a new wave of marines on that side + 1 = 2 is being drawn
	draws := 0
	for i := 0; i < int(s.stack.Len()); i++ {
		if s.stack.At(i).Kind == kDraw {
			draws++
		}
	}
	if draws != 2 {
		t.Errorf("new wave of %d aliens, want 2", draws)
	}
	// the incoming aliens enter the LZ when the next turn starts
	s.stack.Clear()
	s.push(kTurnStart, 0, 0, 0)
	s.advance()
	if s.regionAliens(g.lzStart, g.lzEnd) != 1 || total(s.incoming[0]) != 0 {
		t.Errorf("incoming not deployed in the LZ:\n%s", s)
	}
}

func TestWaveSize(t *testing.T) {
	for _, c := range []struct {
		edition, difficulty string
		onSide, inLZ        int
		want                int
	}{
		{"en", "normal", 0, 4, 1},
		{"es", "normal", 0, 4, 2},
		{"en", "normal", 2, 2, 3},
		{"en", "baby", 2, 2, 2},
		{"en", "baby", 1, 3, 2}, // normal 2: the floor of 2 leaves it
		// every marine in the LZ: the English normal wave of 1 stays 1 (the
		// floor never makes a baby wave bigger than the normal one)
		{"en", "baby", 0, 4, 1},
		{"es", "baby", 0, 4, 2},
		{"es", "baby", 3, 1, 3},
		{"en", "sergeant", 1, 3, 5},
		{"en", "exterminator", 0, 4, 5},
	} {
		s := blank(t, engine.Params{"players": "4", "edition": c.edition, "difficulty": c.difficulty})
		for m := 0; m < c.onSide; m++ {
			s.mar[m].X = int8(s.g.slotStart[0])
		}
		if got := s.waveSize(0); got != c.want {
			t.Errorf("%+v: wave of %d", c, got)
		}
	}
}

func TestHalfBoardWaveOnUnusedSide(t *testing.T) {
	for _, c := range []struct {
		players, edition string
		added            bool
	}{{"2", "en", true}, {"3", "en", true}, {"2", "es", false}} {
		s := blank(t, engine.Params{"players": c.players, "edition": c.edition})
		s.push(kWave, 0, 1, 0)
		s.advance()
		draws := 0
		for i := 0; i < int(s.stack.Len()); i++ {
			if s.stack.At(i).Kind == kDraw {
				draws++
			}
		}
		if (draws == 1) != c.added {
			t.Errorf("%+v: %d aliens added", c, draws)
		}
	}
}

func TestLZAttackAndLoss(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	g := s.g
	for a := 1; a <= 3; a++ {
		s.aliens[g.lzStart][g.plain][yellow] = 1
		s.stack.Clear()
		s.push(kTurnEnd, 0, 0, 0)
		s.advance()
		if int(s.attacks) != a || s.regionAliens(g.lzStart, g.lzEnd) != 0 {
			t.Fatalf("attack %d: attacks %d, LZ aliens %d", a, s.attacks, s.regionAliens(g.lzStart, g.lzEnd))
		}
	}
	if !s.IsTerminal() || s.result != -1 {
		t.Errorf("the third attack does not end the game: %d", s.result)
	}
	r := s.Returns(nil)
	for _, v := range r {
		if v != -1 {
			t.Errorf("returns %v", r)
		}
	}
	// eight turns without the MMM destroyed
	s = blank(t, engine.Params{"players": "4"})
	s.turn = maxTurns
	s.push(kTurnEnd, 0, 0, 0)
	s.advance()
	if s.result != -1 {
		t.Errorf("turn 8 ended without a loss")
	}
}

func TestShooting(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	g := s.g
	s.flat(1)
	x := g.lzStart
	s.aliens[x-2][1] = [3]int8{1, 1, 1}
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(2, false)}, [2]int{jumping.White, face(2, false)}, [2]int{jumping.Blue, face(3, false)})
	if !has(s, aShoot+3*1+1) {
		t.Fatalf("no shot of 2s to the left: %v", legal(s))
	}
	if has(s, aShoot+3*2+1) || has(s, aShoot+3*1+2) {
		t.Errorf("shots at empty boxes are legal")
	}
	mustApply(t, s, aShoot+3*1+1)
	// two hits: a yellow (1) or a blue (2), never the red (3)
	if !has(s, aKill+yellow) || !has(s, aKill+blueAlien) || has(s, aKill+red) {
		t.Fatalf("kills %v", legal(s))
	}
	mustApply(t, s, aKill+blueAlien)
	if s.aliens[x-2][1][blueAlien] != 0 || s.dead[blueAlien] != 1 {
		t.Errorf("the blue is not dead")
	}
	if !s.IsTerminal() {
		if top, _ := s.top(); top.Kind == kHit {
			t.Errorf("hits left after spending both: %v", legal(s))
		}
	}
}

func TestEngaged(t *testing.T) {
	s := blank(t, engine.Params{"players": "2", "edition": "es"})
	g := s.g
	s.mar[1].X = int8(g.slotStart[1])
	s.aliens[g.lzStart][g.plain][yellow] = 2
	s.lzReroll = true
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(2, false)}, [2]int{jumping.White, face(3, false)})
	if got := legal(s); len(got) != 1 || got[0] != aLetGo {
		t.Errorf("engaged without 1s: %v, want only let-go", got)
	}
	s = blank(t, engine.Params{"players": "2", "edition": "es"})
	s.mar[1].X = int8(g.slotStart[1])
	s.aliens[g.lzStart][g.plain][yellow] = 2
	s.lzReroll = true
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(1, false)}, [2]int{jumping.White, face(1, false)}, [2]int{jumping.Blue, face(3, false)})
	if got := legal(s); len(got) != 1 || got[0] != aShoot {
		t.Errorf("engaged with 1s: %v, want only the shot at its own box", got)
	}
	mustApply(t, s, aShoot)
	mustApply(t, s, aKill+yellow)
	mustApply(t, s, aKill+yellow)
	if s.boxAliens(g.lzStart, g.plain) != 0 {
		t.Errorf("the two 1s did not clear the box")
	}
}

func TestMustDoSomething(t *testing.T) {
	for _, ed := range []string{"en", "es"} {
		s := blank(t, engine.Params{"players": "4", "edition": ed})
		roll(s, 0, 0, 1, [2]int{jumping.Blue, face(2, false)})
		if got := has(s, aLetGo); got != (ed == "en") {
			t.Errorf("%s: let-go legal %v", ed, got)
		}
	}
}

func TestDefenderBarrierAndBomb(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	g := s.g
	s.flat(0)
	st := g.slotStart[0]
	s.mar[0].X, s.mar[0].L = int8(st+1), 1
	// a blue 2 to the left ends in the defender's box: a crash at its feet
	roll(s, 0, 0, 2, [2]int{jumping.Blue, face(2, false)})
	mustApply(t, s, aMove+0)
	if s.mar[0].X != int8(st) || !s.mar[0].Crashed {
		t.Errorf("barrier: marine at %d crashed %v, want column %d crashed", s.mar[0].X, s.mar[0].Crashed, st)
	}
	// shooting through: three 1s kill the defender from the next box
	s = blank(t, engine.Params{"players": "4"})
	s.flat(0)
	s.mar[0].X, s.mar[0].L = int8(st), 1
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(1, false)}, [2]int{jumping.White, face(1, false)}, [2]int{jumping.Black, face(1, false)})
	mustApply(t, s, aShoot+1)
	mustApply(t, s, aKill+red)
	if s.defenderAlive(0) || s.dead[red] != 0 {
		t.Fatalf("the defender survived or went back to the bag")
	}
	if s.cell(g.defCol[0], g.plain)&jumping.Kind != jumping.Circle {
		t.Errorf("the defender's box is not a circle once it is dead")
	}
	// the bomb: beside the MMM with 4 dice summing 9+
	for _, c := range []struct {
		faces [4]int
		won   bool
	}{{[4]int{3, 3, 2, 1}, true}, {[4]int{2, 2, 2, 2}, false}} {
		s := blank(t, engine.Params{"players": "4"})
		s.aliens[g.defCol[0]][g.plain][red] = 0
		s.mar[0].X, s.mar[0].L = int8(g.defCol[0]), int8(g.plain)
		roll(s, 0, 0, 1, [2]int{jumping.Blue, face(c.faces[0], false)}, [2]int{jumping.Blue, face(c.faces[1], false)},
			[2]int{jumping.White, face(c.faces[2], false)}, [2]int{jumping.White, face(c.faces[3], false)})
		if !has(s, aBomb) {
			t.Fatalf("no bomb beside the MMM: %v", legal(s))
		}
		mustApply(t, s, aBomb)
		if s.Won() != c.won {
			t.Errorf("bomb %v: won %v", c.faces, s.Won())
		}
	}
	// not with 3 dice, not while the defender stands
	s = blank(t, engine.Params{"players": "4"})
	s.mar[0].X, s.mar[0].L = int8(g.defCol[0]+1), 1
	s.flat(0)
	roll(s, 0, 0, 1, [2]int{jumping.Blue, 2}, [2]int{jumping.Blue, 2}, [2]int{jumping.White, 2}, [2]int{jumping.White, 2})
	if has(s, aBomb) {
		t.Errorf("a bomb away from the MMM")
	}
}

func TestSpanishBombIsTheOnlyAction(t *testing.T) {
	s := blank(t, engine.Params{"players": "4", "edition": "es"})
	g := s.g
	s.aliens[g.defCol[0]][g.plain][red] = 0
	s.mar[0].X, s.mar[0].L = int8(g.defCol[0]), int8(g.plain)
	dice := [][2]int{{jumping.Blue, 2}, {jumping.Blue, 2}, {jumping.White, 2}, {jumping.White, 2}}
	roll(s, 0, 0, 2, dice...)
	if has(s, aBomb) {
		t.Errorf("Spanish bomb with a second action programmed")
	}
	s.stack.Clear()
	roll(s, 0, 0, 1, dice...)
	if !has(s, aBomb) {
		t.Errorf("Spanish bomb as the only action refused")
	}
}

func TestTeamwork(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	g := s.g
	s.flat(1)
	st := g.slotStart[1]
	// a crash (skull) in a companion's box is ignored
	s.mar[1].X, s.mar[1].L = int8(g.lzStart-1), 1
	roll(s, 0, 0, 2, [2]int{jumping.Black, face(1, true)})
	mustApply(t, s, aMove+0) // left, straight
	if s.mar[0].Crashed {
		t.Errorf("crash beside a companion not ignored")
	}
	// a safe landing raises a crashed companion
	s = blank(t, engine.Params{"players": "4"})
	s.flat(1)
	s.mar[1].X, s.mar[1].L, s.mar[1].Crashed = int8(st+5), 1, true
	roll(s, 0, 0, 2, [2]int{jumping.Blue, face(1, false)})
	mustApply(t, s, aMove+0)
	if s.mar[1].Crashed || s.mar[0].X != int8(st+5) {
		t.Errorf("the companion was not raised")
	}
	// sharing a box: one reroll a roll
	s = blank(t, engine.Params{"players": "4"})
	s.flat(1)
	s.mar[0].X, s.mar[1].X = int8(st+5), int8(st+5)
	s.mar[0].L, s.mar[1].L = 1, 1
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(1, false)}, [2]int{jumping.Blue, face(2, false)})
	if !has(s, aReroll) || !has(s, aReroll+1) {
		t.Fatalf("no shared-box reroll: %v", legal(s))
	}
	mustApply(t, s, aReroll+1)
	mustApply(t, s, face(4, false))
	if has(s, aReroll) {
		t.Errorf("a second shared-box reroll in the same roll")
	}
	// alone away from the LZ: no reroll
	s = blank(t, engine.Params{"players": "4"})
	s.flat(1)
	s.mar[0].X, s.mar[0].L = int8(st+5), 1
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(1, false)})
	if has(s, aReroll) || has(s, aLZReroll) {
		t.Errorf("a lone marine may reroll: %v", legal(s))
	}
}

func TestLZSupportReroll(t *testing.T) {
	for _, ed := range []string{"en", "es"} {
		s := blank(t, engine.Params{"players": "4", "edition": ed})
		s.mar[1].X = int8(s.g.slotStart[1]) // alone in the LZ
		s.mar[2].X, s.mar[3].X = s.mar[1].X, s.mar[1].X
		roll(s, 0, 1, 2, [2]int{jumping.Blue, face(1, false)})
		if got := has(s, aLZReroll); got != (ed == "en") {
			t.Errorf("%s: LZ reroll on the second roll %v", ed, got)
		}
		s.stack.Clear()
		roll(s, 0, 0, 2, [2]int{jumping.Blue, face(1, false)})
		mustApply(t, s, aLZReroll)
		mustApply(t, s, face(2, false))
		if has(s, aLZReroll) {
			t.Errorf("%s: two LZ rerolls in a turn", ed)
		}
	}
}

func TestSkullCallsAWave(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	g := s.g
	s.flat(1)
	s.mar[0].X, s.mar[0].L = int8(g.slotStart[1]+5), 1
	s.aliens[g.slotStart[1]][1][yellow] = 1 // will move to the incoming box
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(1, false)}, [2]int{jumping.Black, face(2, true)})
	mustApply(t, s, aMove+0) // the blue 1, to the left
	if total(s.incoming[0]) != 1 {
		t.Errorf("the skull left in the dice did not call a wave on the left side:\n%s", s)
	}
}

func TestCrashedMarineHasTwoDice(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	s.mar[2].Crashed = true
	s.push(kMarine, 2, 0, 0)
	s.advance()
	if s.dice != 2 || s.mar[2].Crashed {
		t.Errorf("crashed marine: %d dice, crashed %v", s.dice, s.mar[2].Crashed)
	}
	s.stack.Clear()
	s.push(kMarine, 1, 0, 0)
	s.advance()
	if s.dice != 4 {
		t.Errorf("marine: %d dice", s.dice)
	}
}

func TestBagRefill(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	s.bag = [3]int8{}
	s.dead = [3]int8{0, 3, 0}
	s.push(kDraw, 0, 0, 0)
	s.advance()
	if got := legal(s); len(got) != 1 || got[0] != blueAlien || s.dead != [3]int8{} {
		t.Errorf("refill: outcomes %v, dead %v", got, s.dead)
	}
}

func TestEventsTellTheAttack(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	g := s.g
	s.aliens[g.lzStart][g.plain][yellow] = 1
	roll(s, 0, 0, 1, [2]int{jumping.Blue, face(2, false)})
	s.mar[0].X = int8(g.slotStart[1] + 3)
	s.engaged = false
	for m := range s.mar {
		s.mar[m].Played = true
	}
	before := s.Clone().(*State)
	mustApply(t, s, aLetGo)
	ev := before.Effects(s)
	found := false
	for _, e := range ev {
		if e == "aliens in the LZ attack the base: 1/3 successful attacks" {
			found = true
		}
	}
	if !found {
		t.Errorf("events %q", ev)
	}
}
