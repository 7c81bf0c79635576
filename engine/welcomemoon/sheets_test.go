package welcomemoon

import (
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// nextSheet is an adventure's rules with every player writing on the sheet
// of its next neighbour (the shape of Adventure 8's odd turns): it drives
// the common code through the advRules.playSheet indirection.
type nextSheet struct{ advRules }

func (nextSheet) playSheet(s *State, p int) int { return (p + 1) % s.g.players }

// nextSheetGame is Adventure 2 for n players with nextSheet rules.
func nextSheetGame(t *testing.T, n int) *Game {
	t.Helper()
	g := testGame(t, 2, n, 1)
	lay := *g.lay
	lay.r = nextSheet{g.lay.r}
	c := &Game{params: g.params, players: g.players, level: g.level, lay: &lay}
	c.scratch.New = g.scratch.New
	return c
}

// spaceObs is the observation of space sp of the k-th sheet in p's view:
// its value slot and its "empty" slot.
func spaceObs(s *State, p engine.Player, k int, sp int) (val, isEmpty float32) {
	obs := make([]float32, engine.ObservationSize(s.g))
	s.Observe(p, obs)
	ps, _ := s.g.obsSizes()
	o := obs[k*ps:]
	return o[3*sp], o[3*sp+2]
}

// TestPlaySheetIndirection: the number, the Wild action and the X go on the
// sheet the adventure says the player writes on; that sheet is live in the
// writer's observation and hidden from the others until the end of the
// turn; Resample and DecodeState hide and check what each seat wrote there,
// and the seat's missions stay on its own sheet.
func TestPlaySheetIndirection(t *testing.T) {
	g := nextSheetGame(t, 3)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actWater, actPlant})
	do(t, s, "6 Water [c2]", "space-20")
	if s.cur != 1 {
		t.Fatalf("seat 0 not done:\n%s", s)
	}
	if s.sh[1].num[19] != 7 || s.sh[0].num[19] != empty {
		t.Fatalf("seat 0's 6 is not on sheet 1 alone (sheet 0 %d, sheet 1 %d)", s.sh[0].num[19], s.sh[1].num[19])
	}
	// sheet 1 is the second in seat 0's view, the first in seat 1's, the
	// third in seat 2's
	if v, e := spaceObs(s, 0, 1, 19); v != 6.0/maxValue || e != 0 {
		t.Errorf("seat 0 does not see its own 6 on sheet 1 (value %v, empty %v)", v, e)
	}
	for _, c := range []struct {
		p engine.Player
		k int
	}{{1, 0}, {2, 2}} {
		if _, e := spaceObs(s, c.p, c.k, 19); e != 1 {
			t.Errorf("seat %d sees seat 0's choice on sheet 1 before the end of the turn", c.p)
		}
	}
	if s.view(0, 1) != &s.sh[1] || s.view(1, 1) != &s.pub[1] || s.view(1, 2) != &s.sh[2] {
		t.Error("view does not follow the writers of the sheets")
	}
	if s.writer(0) != 2 || s.writer(1) != 0 || s.writer(2) != 1 {
		t.Errorf("writers %d %d %d, want 2 0 1", s.writer(0), s.writer(1), s.writer(2))
	}

	// seat 1 is mid-decision on sheet 2
	do(t, s, "5 Robot [c1]")
	r := s.Resample(2, engineRNG(5)).(*State)
	if r.sh[2] != s.pub[2] || r.sub != subChoose || r.cur != 1 {
		t.Error("seat 1's unfinished choice on sheet 2 survives in seat 2's world")
	}
	if r.sh[0] != s.sh[0] {
		t.Error("Resample touched sheet 0, which no earlier seat writes on")
	}
	if n := filledCount(r, &r.sh[1]); n != 1 {
		t.Errorf("seat 0's replayed turn left %d numbers on sheet 1, want 1", n)
	}
	if own := s.Resample(1, engineRNG(5)).(*State); own.sh[2] != s.sh[2] || own.sub != s.sub {
		t.Error("Resample(1) changed seat 1's own unfinished choice")
	}

	// DecodeState: a seat that has not played yet may not have changed
	// the sheet it writes on (seat 2 writes on sheet 0)
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.DecodeState(data); err != nil {
		t.Fatalf("a reachable state is rejected: %v", err)
	}
	bad := s.Clone().(*State)
	bad.sh[0].num[3] = 2
	if data, err = bad.MarshalJSON(); err != nil {
		t.Fatal(err)
	}
	if _, err := g.DecodeState(data); err == nil || !strings.Contains(err.Error(), "seat 2 changed before its turn") {
		t.Errorf("a change on seat 2's sheet before its turn is accepted (%v)", err)
	}

	do(t, s, "space-10")
	for s.cur == 1 && s.phase == phDecide {
		do(t, s, legalNames(s)[0])
	}
	do(t, s, "7 Plant [c3]", "space-30")
	for s.phase == phDecide {
		do(t, s, legalNames(s)[0])
	}
	if s.sh[0].num[29] != 8 || s.sh[2].num[29] != empty {
		t.Error("seat 2's 7 is not on sheet 0")
	}
	if _, e := spaceObs(s, 1, 0, 19); s.phase != phChance || e != 0 {
		t.Errorf("seat 0's choice is not revealed at the end of the turn (phase %d)", s.phase)
	}
}

// TestPlaySheetWild: a Wild action is read from, and crossed on, the sheet
// the player writes on.
func TestPlaySheetWild(t *testing.T) {
	g := nextSheetGame(t, 2)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actWater, actPlant})
	l := g.lay
	s.sh[1].circ.set(l.wildIDs[0]) // a Wild on sheet 1, the one seat 0 writes on
	s.syncPub()
	if !s.hasWild(0) || s.hasWild(1) {
		t.Fatal("the Wild is not read from the sheet the seat writes on")
	}
	if !has(legalNames(s), "5 wild-Planning [c1]") {
		t.Fatalf("seat 0 cannot use the Wild of the sheet it writes on: %v", legalNames(s))
	}
	do(t, s, "5 wild-Planning [c1]")
	if !s.sh[1].cross.has(l.wildIDs[0]) || s.sh[0].cross.has(l.wildIDs[0]) {
		t.Error("the Wild used is not crossed on sheet 1")
	}
}

func filledCount(s *State, sh *sheet) int {
	n := 0
	for sp := 0; sp < s.lay().nSpaces; sp++ {
		if sh.num[sp] != empty {
			n++
		}
	}
	return n
}

// nextSheetErrors also splits the System Error boxes as A8 does between
// sheet halves: seat p has the sheet's first two boxes on the sheet it
// writes on (its next neighbour's), the others on its own sheet.
type nextSheetErrors struct{ nextSheet }

func (nextSheetErrors) errBoxes(s *State, p, i int) []int16 {
	switch i {
	case (p + 1) % s.g.players:
		return s.lay().errIDs[:2]
	case p:
		return s.lay().errIDs[2:]
	}
	return nil
}

// TestPlaySheetSystemErrors: playability is judged on the sheet the seat
// writes on, the System Error box is marked there among the seat's boxes
// of that sheet, the tie-break count adds every sheet, and the game ends
// when one set of boxes is full.
func TestPlaySheetSystemErrors(t *testing.T) {
	g := nextSheetGame(t, 2)
	lay := *g.lay
	lay.r = nextSheetErrors{nextSheet{testGame(t, 2, 2, 1).lay.r}}
	g.lay = &lay
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actWater, actPlant})
	for sp := 0; sp < lay.nSpaces; sp++ {
		s.sh[1].num[sp] = xMark // seat 0's board is full, its own sheet empty
	}
	s.syncPub()
	if got := legalNames(s); !slices.Equal(got, []string{"system-error"}) {
		t.Fatalf("legal %v on a full board, want only the System Error", got)
	}
	do(t, s, "system-error")
	ids := lay.errIDs
	if !s.sh[1].cross.has(ids[0]) || s.sh[0].cross.has(ids[0]) || s.sh[0].cross.has(ids[2]) {
		t.Fatal("the System Error box is not seat 0's first on sheet 1")
	}
	if s.errorsUsed(0) != 1 || s.errorsFull(0) || s.endsBy(0) == endErrors {
		t.Fatalf("seat 0: %d errors used (want 1), full %v", s.errorsUsed(0), s.errorsFull(0))
	}
	s.sh[0].cross.set(ids[0]) // seat 1's first box, on the sheet it writes on
	if s.errorsUsed(0) != 1 || s.errorsUsed(1) != 1 || s.errorsFull(1) {
		t.Errorf("errors used %d and %d, want 1 and 1", s.errorsUsed(0), s.errorsUsed(1))
	}
	s.sh[1].cross.set(ids[2]) // seat 1's only box on its own sheet
	if s.errorsUsed(1) != 2 || !s.errorsFull(1) || s.errorsUsed(0) != 1 {
		t.Errorf("seat 1: %d errors used (want 2), full %v (want true)", s.errorsUsed(1), s.errorsFull(1))
	}
	s.sh[1].cross.set(ids[1])
	if s.errorsUsed(0) != 2 || !s.errorsFull(0) || s.endsBy(0) != endErrors {
		t.Errorf("seat 0: %d errors used (want 2), full %v (want true)", s.errorsUsed(0), s.errorsFull(0))
	}
}

// valueGate lets value v go only on space index v, and an X only on the
// first space: advRules.allowed sees the value (A8's planets by value).
type valueGate struct{ advRules }

func (valueGate) allowed(_ *State, _ *sheet, sp, v int8) bool {
	if v == noValue {
		return sp == 0
	}
	return sp == v
}

// TestAllowedSeesTheValue: the spaces offered for a number and for an X
// are those the adventure allows for that value.
func TestAllowedSeesTheValue(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	lay := *g.lay
	lay.r = valueGate{g.lay.r}
	g.lay = &lay
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actPlanning, actPlant})
	do(t, s, "6 Planning [c2]")
	if got := legalNames(s); !slices.Equal(got, []string{"space-7"}) {
		t.Fatalf("spaces for a 6: %v, want only space-7", got)
	}
	do(t, s, "space-7")
	e := effect{effPlanX, 0}
	if !s.targetOK(0, e, 0) || s.targetOK(0, e, 1) || s.targetOK(0, e, 6) {
		t.Error("the X is not limited to the spaces allowed for no value")
	}
}
