package welcomemoon

import (
	"slices"
	"testing"
)

// TestA2WildAction: two crossed Astronaut markers circle a Wild action; it
// replaces a combination's action (here by Astronaut, whose -2..+2 makes
// an unplayable number fit) and is crossed when used.
func TestA2WildAction(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := withNumbers(newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actEnergy, actPlant}), [3]int{15, 15, 14})
	write(s, 0, map[int]int{1: 11, 36: 14}) // only 12 and 13 fit: 15 and 14 nowhere
	if got := legalNames(s); !slices.Equal(got, []string{"system-error"}) {
		t.Fatalf("without a Wild: %v", got)
	}
	s.sh[0].cross.set(151)
	s.sh[0].cross.set(152)
	s.sh[0].circ.set(153) // Wild #153 circled by the second astronaut marker
	s.syncPub()
	got := legalNames(s)
	if !has(got, "14 wild-Astronaut [c3]") || !has(got, "system-error") {
		t.Fatalf("with a Wild: %v", got)
	}
	do(t, s, "14 wild-Astronaut [c3]", "-2", "space-35")
	if !s.sh[0].cross.has(153) || s.sh[0].num[34] != 13 || !s.sh[0].cross.has(154) {
		t.Errorf("Wild used %v, wrote %d, third astronaut marker %v", s.sh[0].cross.has(153), s.sh[0].num[34]-1, s.sh[0].cross.has(154))
	}
}

// TestA2ErrorEnergy: the first two System Errors each give an Energy; the
// first completes the pre-circled pair and forces a wall.
func TestA2ErrorEnergy(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := withNumbers(newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actEnergy, actPlant}), [3]int{15, 15, 14})
	write(s, 0, map[int]int{1: 11, 36: 14})
	do(t, s, "system-error")
	if !s.sh[0].circ.has(134) || !has(legalNames(s), "wall-1|2") {
		t.Fatalf("first error: energy %v, choices %v", s.sh[0].circ.has(134), legalNames(s))
	}
	do(t, s, "wall-1|2")
	s.onErrorAgain(t, 0)
	if !s.sh[0].circ.has(136) || s.sh[0].circ.has(137) {
		t.Error("second error should circle the third energy (#136)")
	}
	s.markError(0)
	g.lay.rules().onError(s, 0)
	if s.sh[0].circ.has(137) {
		t.Error("the third error gives no energy")
	}
}

// withNumbers replaces the numbers of the three combinations (any card of
// that number: the deck is not checked here).
func withNumbers(s *State, nums [3]int) *State {
	for i, n := range nums {
		for c := int8(0); c < numStarship; c++ {
			if int(cardNum[c]) == n {
				s.deck.shown[3+i] = c
				break
			}
		}
	}
	return s
}

func (s *State) onErrorAgain(t *testing.T, p int) {
	t.Helper()
	s.markError(p)
	s.lay().rules().onError(s, p)
}

// TestA2PlantZone: a Plant reaches only the stations whose connection space
// is in the zone of the number.
func TestA2PlantZone(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actPlant, actEnergy, actRobot})
	s.sh[0].cross.set(89 + 10) // wall 10|11: S1 (space 6) alone in zone 1-10
	s.syncPub()
	do(t, s, "5 Plant [c1]", "space-3")
	if !s.sh[0].circ.has(74) || s.cur != 1 {
		t.Errorf("the only reachable station S1 should get the plant")
	}
	do(t, s, "5 Plant [c1]", "space-20")
	if got := legalNames(s); !slices.Equal(got, []string{"plant-S1", "plant-S2", "plant-S3", "plant-S4"}) {
		t.Errorf("one zone reaches every station: %v", got)
	}
}

// TestA3TunnelsAndAntennas: a tunnel must touch the network; an antenna is
// circled once its building is filled and connected; the observatory's 3
// once it is connected; greenhouses fill top to bottom, the 4th with 2.
func TestA3TunnelsAndAntennas(t *testing.T) {
	g := testGame(t, 3, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actEnergy, actPlant})
	write(s, 0, map[int]int{6: 2}) // building 6 (antenna #132) connected by a pre-built tunnel
	g.lay.a3.circleAntennas(s, &s.sh[0])
	if !s.sh[0].circ.has(132) {
		t.Fatal("antenna of a filled, connected building not circled")
	}
	do(t, s, "5 Robot [c1]", "space-18") // building 18: antenna #130, not connected yet
	got := legalNames(s)
	if has(got, "tunnel-18-23") || !has(got, "tunnel-1-2") || !has(got, "tunnel-6-12") {
		t.Fatalf("tunnel choices %v", got)
	}
	if s.sh[0].circ.has(130) {
		t.Fatal("antenna of an unconnected building circled")
	}
	// connect 18 through 6-12, 12-17, 17-18
	s.sh[0].cross.set(171)
	s.sh[0].cross.set(177)
	do(t, s, "tunnel-17-18")
	if !s.sh[0].circ.has(130) {
		t.Error("connecting building 18 should circle its antenna")
	}
	// observatory: 27-OBS from a connected 27
	s.sh[1].cross.set(194)
	g.lay.a3.circleAntennas(s, &s.sh[1])
	if s.sh[1].circ.has(134) {
		t.Error("observatory antennas circled without a connection")
	}
	// greenhouses of quarter TL (#63, #64, #65, then #66+#67)
	s2 := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actPlant, actEnergy, actRobot})
	marksOf(&s2.sh[0], []int16{63, 64, 65}, nil)
	s2.syncPub()
	do(t, s2, "5 Plant [c1]", "space-3")
	if !s2.sh[0].circ.has(66) || !s2.sh[0].circ.has(67) {
		t.Error("the 4th greenhouse circles its 2 plants")
	}
}

// TestA4FactoriesAndSecondary: completing a main factory's symbols
// upgrades it; a secondary circles 2 slots of its factory (filling race on
// the trigger slot) or gives 3 free robot crosses (S5).
func TestA4FactoriesAndSecondary(t *testing.T) {
	g := testGame(t, 4, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actEnergy, actPlant})
	marksOf(&s.sh[0], ids(103, 108), []int16{79, 85, 69, 70}) // plant factory 6 slots; S1 energy done; plant energy + 2 robots
	s.syncPub()
	do(t, s, "5 Robot [c1]", "space-1", "robot-S1")
	if !s.sh[0].cross.has(147) || !s.sh[0].circ.has(110) || !s.sh[0].circ.has(224) {
		t.Fatalf("S1 bonus: marks %v, slot 8 %v, filling bonus %v", s.sh[0].cross.has(147), s.sh[0].circ.has(110), s.sh[0].circ.has(224))
	}
	do(t, s, "5 Robot [c1]", "space-1", "robot-Plant")
	if !s.sh[1].cross.has(69) || s.sh[1].cross.has(218) {
		t.Fatal("one robot of three does not upgrade")
	}
	if !s.sh[1].cross.has(224) {
		t.Error("the filling bonus should be crossed for the other player at the end of the turn")
	}
	// S5: 2 energies give 3 robot crosses
	s2 := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actRobot, actEnergy, actPlant})
	marksOf(&s2.sh[0], nil, []int16{83, 85, 69, 70})
	s2.syncPub()
	do(t, s2, "6 Energy [c2]", "space-1", "energy-S5")
	if !s2.sh[0].cross.has(155) || s2.ctx.npend != 3 {
		t.Fatalf("S5: marks %v, pending %d", s2.sh[0].cross.has(155), s2.ctx.npend)
	}
	do(t, s2, "robot-Plant")
	if !s2.sh[0].cross.has(218) {
		t.Error("the last plant robot should upgrade the plant factory")
	}
}

// TestSoloAstraCards: A1, an ASTRA card crosses the sabotage the player
// picks and circles a System Error; on the second draw it also takes its
// mission (only the low value is left). A sabotage triggered solo is
// crossed at once and circles a Solo bonus box.
func TestSoloAstraCards(t *testing.T) {
	g := testGame(t, 1, 1, 1)
	s := g.NewInitialState().(*State)
	s.mission = [3]int8{0, 0, 0}
	if !s.astraCard(1) || s.phase != phAstra {
		t.Fatal("8 open sabotages: the player should choose")
	}
	if s.errorsUsed(0) != 1 || s.mtaken != 0 {
		t.Fatalf("errors %d, taken %b", s.errorsUsed(0), s.mtaken)
	}
	s.Apply(aTarget + 2) // #70
	if !s.sh[0].cross.has(70) || s.phase != phChance {
		t.Error("sabotage #70 not crossed")
	}
	s.deck.pass[0] = 1
	s.astraCard(2)
	if s.mtaken != 4 {
		t.Errorf("second draw of C: taken %b, want mission C", s.mtaken)
	}
	// solo sabotage: completing Q3 (spaces 7, 8) triggers #61: crossed at
	// once, one Solo bonus box; the player may then keep the third card
	s2 := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{9, 6, 7}, [3]int8{actEnergy, actWater, actPlant})
	write(s2, 0, map[int]int{7: 3})
	do(t, s2, "9 Water [n1a2]", "space-8")
	if !s2.sh[0].cross.has(61) || s2.astra.bonus != 1 || s2.errorsUsed(0) != 0 {
		t.Fatalf("solo sabotage: crossed %v, bonus %d", s2.sh[0].cross.has(61), s2.astra.bonus)
	}
	if got := legalNames(s2); !slices.Equal(got, []string{"give-to-astra", "use-solo-bonus"}) {
		t.Fatalf("give step %v", got)
	}
	do(t, s2, "use-solo-bonus")
	if s2.astra.used != 1 || s2.astra.cards != [numActs]int8{} || !s2.deck.disc[0].has(findKind(s2, 7, actPlant)) {
		t.Errorf("Solo bonus: used %d, ASTRA cards %v", s2.astra.used, s2.astra.cards)
	}
}

// findKind is the lowest card id with that number and action.
func findKind(s *State, num int, act int8) int8 {
	for c := int8(0); c < numStarship; c++ {
		if int(cardNum[c]) == num && cardAct[c] == act {
			return c
		}
	}
	return noCard
}
