package marchmars

import (
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

func TestEquipmentInPlay(t *testing.T) {
	for _, c := range []struct {
		params       engine.Params
		inPlay, open bool // in play; unlocked at setup
	}{
		{engine.Params{"edition": "es"}, true, false},
		{engine.Params{"edition": "en"}, false, false},
		{engine.Params{"edition": "en", "equipment": "on"}, true, false},
		{engine.Params{"edition": "es", "equipment": "off"}, false, false},
		{engine.Params{"edition": "es", "difficulty": "baby"}, true, true},
		{engine.Params{"edition": "es", "difficulty": "sergeant"}, false, false},
		{engine.Params{"edition": "es", "difficulty": "sergeant", "equipment": "on"}, false, false},
	} {
		c.params["players"] = "3"
		g := engine.MustLoad(Name, c.params).(*Game)
		s := g.NewInitialState().(*State)
		if g.equipment != c.inPlay || s.equipOpen != c.open || (s.deck == allEquipment) != c.inPlay {
			t.Errorf("%v: in play %v open %v deck %b", c.params, g.equipment, s.equipOpen, s.deck)
		}
	}
	// unlocked when turn 5 begins with no defender killed
	for _, c := range []struct {
		turn     int8
		killed   bool
		unlocked bool
	}{{3, false, false}, {4, false, true}, {4, true, false}} {
		s := blank(t, engine.Params{"players": "4", "edition": "es"})
		s.deck, s.turn = allEquipment, c.turn
		if c.killed {
			s.aliens[s.g.defCol[1]][s.g.plain][red] = 0
		}
		s.push(kTurnStart, 0, 0, 0)
		s.advance()
		if s.equipOpen != c.unlocked {
			t.Errorf("turn %d, a defender killed %v: unlocked %v", s.turn, c.killed, s.equipOpen)
		}
	}
}

// armed is a Spanish 2-marine state with the equipment in play, marine 1
// away on card 1, marine 0 in the LZ holding cards.
func armed(t *testing.T, cards ...int) *State {
	s := blank(t, engine.Params{"players": "2", "edition": "es"})
	s.flat(1)
	s.mar[1].X = int8(s.g.slotStart[1])
	s.lzReroll = true
	s.deck = allEquipment
	for _, e := range cards {
		s.deck &^= 1 << e
		s.hand[0] |= 1 << e
	}
	return s
}

func TestEquipmentEarned(t *testing.T) {
	for _, c := range []struct {
		name   string
		open   bool
		colour int
		draw   bool
	}{
		{"a blue killed", true, blueAlien, true},
		{"a red killed", true, red, true},
		{"a yellow killed", true, yellow, false},
		{"locked", false, blueAlien, false},
	} {
		s := armed(t)
		s.equipOpen = c.open
		x := s.g.lzStart - 1
		s.aliens[x][1][c.colour] = 1
		roll(s, 0, 0, 1, [2]int{jumping.White, face(1, false)}, [2]int{jumping.White, face(1, false)}, [2]int{jumping.Blue, face(1, false)})
		mustApply(t, s, aShoot+1)
		mustApply(t, s, aKill+c.colour)
		top, _ := s.top()
		if (top.Kind == kEquip) != c.draw {
			t.Errorf("%s: %s on top", c.name, kindNames[top.Kind])
			continue
		}
		if c.draw {
			mustApply(t, s, eqRope)
			if !s.holds(0, eqRope) || s.deck>>eqRope&1 != 0 {
				t.Errorf("%s: the card is not in the hand", c.name)
			}
		}
	}
	// an empty deck is shuffled again from the discards
	s := armed(t)
	s.equipOpen, s.deck, s.discard = true, 0, 1<<eqAmulet|1<<eqMount
	s.hand[1] = allEquipment &^ (1<<eqAmulet | 1<<eqMount)
	s.earn(0, blueAlien)
	s.advance()
	if got := legal(s); !slices.Equal(got, []engine.Action{eqAmulet, eqMount}) || s.discard != 0 {
		t.Errorf("draw from the reshuffled discards: %v, discards %b", got, s.discard)
	}
}

func TestHiddenBox(t *testing.T) {
	for _, c := range []struct {
		name   string
		params engine.Params
		taken  bool
		draw   bool
	}{
		{"first marine, locked deck", engine.Params{"players": "2", "edition": "es"}, false, true},
		{"already taken", engine.Params{"players": "2", "edition": "es"}, true, false},
		{"no equipment (sergeant)", engine.Params{"players": "2", "edition": "es", "difficulty": "sergeant"}, false, false},
	} {
		s := blank(t, c.params)
		s.slots[1] = 4 // card 5, Valles Tunnel: the hidden box at column 3, level 0
		x := s.g.slotStart[1]
		s.mar[0].X, s.mar[0].L = int8(x+1), 0
		s.lzReroll = true
		if s.g.equipment {
			s.deck = allEquipment
		}
		s.hiddenTaken = c.taken
		roll(s, 0, 0, 1, [2]int{jumping.Blue, face(2, false)})
		mustApply(t, s, aMove+16) // two columns right, into the hidden box
		if int(s.mar[0].X) != x+3 || s.mar[0].L != 0 || s.mar[0].Crashed {
			t.Fatalf("%s: the marine is not in the hidden box: %s", c.name, s)
		}
		top, _ := s.top()
		if (top.Kind == kEquip) != c.draw {
			t.Errorf("%s: %s on top", c.name, kindNames[top.Kind])
		}
	}
}

func TestEquipmentCards(t *testing.T) {
	type check func(s *State) string
	for _, c := range []struct {
		name  string
		card  int
		setup func(s *State) // leaves the decision on top
		use   int
		then  []int // further actions
		check check
	}{
		{"laser knife", eqKnife, func(s *State) {
			s.aliens[s.g.lzStart][1][blueAlien] = 1
			programming(s, 0)
		}, aKnife + blueAlien, nil, func(s *State) string {
			if s.boxAliens(s.g.lzStart, 1) != 0 {
				return "the alien lives"
			}
			return ""
		}},
		{"bullets", eqBullets, func(s *State) {
			s.aliens[s.g.lzStart-2][1][blueAlien] = 1
			roll(s, 0, 0, 1, [2]int{jumping.Blue, face(2, false)})
			mustApply(t, s, aShoot+3+1)
		}, aBullets, []int{aKill + blueAlien}, func(s *State) string {
			if s.boxAliens(s.g.lzStart-2, 1) != 0 {
				return "the blue lives"
			}
			return ""
		}},
		{"rail-gun", eqRailgun, func(s *State) {
			s.aliens[s.g.lzStart-2][1][blueAlien] = 1
			roll(s, 0, 0, 1, [2]int{jumping.Blue, face(2, false)})
			mustApply(t, s, aShoot+3+1)
		}, aRailgun, []int{aKill + blueAlien}, func(s *State) string {
			if s.boxAliens(s.g.lzStart-2, 1) != 0 {
				return "the blue lives"
			}
			return ""
		}},
		{"rocket boots", eqBoots, func(s *State) {
			s.slots[1] = 2 // Olympus Slope: a circle on level 2 two columns left of the LZ
			s.mar[0].X--
			programming(s, 0)
		}, aEquipMove + 0, nil, func(s *State) string {
			if int(s.mar[0].X) != s.g.lzStart-2 || s.mar[0].L != 2 || s.mar[0].Crashed {
				return "not up on the slope"
			}
			return ""
		}},
		{"rope", eqRope, func(s *State) {
			s.slots[1] = 2
			s.mar[0].X, s.mar[0].L = int8(s.g.lzStart-2), 2
			programming(s, 0)
		}, aEquipMove + 3, nil, func(s *State) string {
			if int(s.mar[0].X) != s.g.lzStart-1 || s.mar[0].L != 1 || s.mar[0].Crashed {
				return "not down the slope"
			}
			return ""
		}},
		{"mount", eqMount, func(s *State) { programming(s, 0) }, aEquipMove + 4, nil, func(s *State) string {
			if int(s.mar[0].X) != s.g.lzStart-1 || s.mar[0].L != 1 {
				return "no advance"
			}
			return ""
		}},
		{"neural chip", eqChip, func(s *State) {
			s.trainCard[0], s.ability[0] = 0, abOrbital
			programming(s, 0)
		}, aChip, nil, func(s *State) string {
			if s.ability[0] != abFusion {
				return "the card is not turned"
			}
			return ""
		}},
		{"amulet", eqAmulet, func(s *State) {
			roll(s, 0, 0, 1, [2]int{jumping.White, face(1, false)}, [2]int{jumping.Blue, face(2, false)})
		}, aAmulet, []int{aAmuletDie + 1, aAmuletRoll, face(4, false)}, func(s *State) string {
			if jumping.FaceValue(s.dieFace[0]) != 1 || jumping.FaceValue(s.dieFace[1]) != 4 {
				return "not the blue die rerolled"
			}
			if top, _ := s.top(); top.Kind != kChoose {
				return "no choice after the reroll"
			}
			return ""
		}},
	} {
		s := armed(t, c.card)
		c.setup(s)
		if !has(s, c.use) {
			t.Errorf("%s: %s not legal: %v", c.name, s.decisionName(c.use), legal(s))
			continue
		}
		mustApply(t, s, c.use)
		for _, a := range c.then {
			mustApply(t, s, a)
		}
		if msg := c.check(s); msg != "" {
			t.Errorf("%s: %s\n%s", c.name, msg, s)
		}
		if s.holds(0, c.card) || s.discard>>c.card&1 == 0 {
			t.Errorf("%s: the card is not discarded", c.name)
		}
		// without the card: not offered
		n := armed(t)
		c.setup(n)
		if has(n, c.use) {
			t.Errorf("%s: legal without the card", c.name)
		}
	}
	// giving a card to a companion in the box
	s := armed(t, eqKnife)
	s.mar[1].X, s.mar[1].Played = s.mar[0].X, true
	programming(s, 0)
	mustApply(t, s, aGive+eqKnife)
	if got := legal(s); !slices.Equal(got, []engine.Action{aGiveTo + 1}) {
		t.Fatalf("give to %v", got)
	}
	mustApply(t, s, aGiveTo+1)
	if s.holds(0, eqKnife) || !s.holds(1, eqKnife) {
		t.Errorf("the knife was not given")
	}
	// the sergeant has no equipment: nothing drawn, nothing offered
	g := engine.MustLoad(Name, engine.Params{"players": "2", "edition": "es", "difficulty": "sergeant"}).(*Game)
	if g.equipment {
		t.Errorf("sergeant with equipment")
	}
}
