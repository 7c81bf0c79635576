package lunarrally

import "testing"

// placed is a rover of a test case: index, cell, heading, card of phase 1.
type placed struct {
	i    int
	at   string
	h    int
	card Card
}

// want is where a rover should end and how much damage it should have taken.
type want struct {
	i      int
	at     string
	damage int
}

func TestMoves(t *testing.T) {
	cases := []struct {
		name   string
		terr   map[string]byte
		rovers []placed
		want   []want
	}{
		{"forward moves one hex ahead", nil,
			[]placed{{0, "d4", East, Forward}}, []want{{0, "e4", 0}}},
		{"forward moves along the heading", nil,
			[]placed{{0, "d4", NorthEast, Forward}}, []want{{0, "e3", 0}}},
		{"reverse moves one hex back", nil,
			[]placed{{1, "d4", East, Reverse}}, []want{{1, "c4", 0}}},
		{"forward pushes and damages", nil,
			[]placed{{0, "d4", East, Forward}, {2, "e4", West, Still}},
			[]want{{0, "e4", 0}, {2, "f4", 1}}},
		{"forward pushes the player's other rover too", nil,
			[]placed{{0, "d4", East, Forward}, {1, "e4", West, Still}},
			[]want{{0, "e4", 0}, {1, "f4", 1}}},
		{"reverse pushes without damage", nil,
			[]placed{{1, "f4", East, Reverse}, {2, "e4", East, Still}},
			[]want{{1, "e4", 0}, {2, "d4", 0}}},
		{"push blocked by a rover: neither moves, still damages", nil,
			[]placed{{0, "d4", East, Forward}, {2, "e4", East, Still}, {3, "f4", East, Still}},
			[]want{{0, "d4", 0}, {2, "e4", 1}, {3, "f4", 0}}},
		{"push blocked by a crater", map[string]byte{"f4": 'X'},
			[]placed{{0, "d4", East, Forward}, {2, "e4", East, Still}},
			[]want{{0, "d4", 0}, {2, "e4", 1}}},
		{"push blocked by the board edge", nil,
			[]placed{{0, "b4", West, Forward}, {2, "a4", East, Still}},
			[]want{{0, "b4", 0}, {2, "a4", 1}}},
		{"rovers may be pushed onto fine dust", map[string]byte{"f4": '~'},
			[]placed{{0, "d4", East, Forward}, {2, "e4", East, Still}},
			[]want{{0, "e4", 0}, {2, "f4", 1}}},
		{"rovers may be pushed onto caches and repair stations", map[string]byte{"f4": 'M', "f6": 'R'},
			[]placed{{0, "d4", East, Forward}, {2, "e4", East, Still}, {1, "d6", East, Forward}, {3, "e6", East, NoCard}},
			[]want{{2, "f4", 1}, {3, "f6", 1}}},
		{"two forward into one hex: neither moves, both damaged", nil,
			[]placed{{0, "d4", East, Forward}, {2, "f4", West, Forward}},
			[]want{{0, "d4", 1}, {2, "f4", 1}}},
		{"forward and reverse into one hex: only the forward one deals damage", nil,
			[]placed{{0, "d4", East, Forward}, {3, "f4", East, Reverse}},
			[]want{{0, "d4", 0}, {3, "f4", 1}}},
		{"exchanging hexes: neither moves", nil,
			[]placed{{0, "d4", East, Forward}, {2, "e4", West, Forward}},
			[]want{{0, "d4", 1}, {2, "e4", 1}}},
		{"a rover may follow one that moves away", nil,
			[]placed{{0, "d4", East, Forward}, {2, "e4", East, Forward}},
			[]want{{0, "e4", 0}, {2, "f4", 0}}},
		{"a crater ahead: no move and 1 damage", map[string]byte{"e4": 'X'},
			[]placed{{0, "d4", East, Forward}}, []want{{0, "d4", 1}}},
		{"the board edge: no move and 1 damage", nil,
			[]placed{{0, "a4", West, Forward}}, []want{{0, "a4", 1}}},
		{"reverse into a crater: no move and 1 damage", map[string]byte{"c4": 'X'},
			[]placed{{1, "d4", East, Reverse}}, []want{{1, "d4", 1}}},
		{"forward 1 does not move onto dust", map[string]byte{"e4": '~'},
			[]placed{{0, "d4", East, Forward}}, []want{{0, "d4", 0}}},
		{"forward 1 does not move off dust", map[string]byte{"d4": '~'},
			[]placed{{0, "d4", East, Forward}}, []want{{0, "d4", 0}}},
		{"all terrain moves onto dust", map[string]byte{"e4": '~'},
			[]placed{{0, "d4", East, ForwardAT}}, []want{{0, "e4", 0}}},
		{"all terrain moves over and off dust", map[string]byte{"d4": '~', "e4": '~'},
			[]placed{{0, "d4", East, ForwardAT}, {2, "e6", East, ForwardAT}}, []want{{0, "e4", 0}, {2, "f6", 0}}},
		{"reverse never moves onto dust", map[string]byte{"c4": '~'},
			[]placed{{1, "d4", East, Reverse}}, []want{{1, "d4", 0}}},
		{"reverse never moves off dust", map[string]byte{"d4": '~'},
			[]placed{{1, "d4", East, Reverse}}, []want{{1, "d4", 0}}},
		{"a push into a hex another rover enters is blocked", nil,
			[]placed{{0, "d4", East, Forward}, {2, "e4", East, Still}, {3, "g4", West, Forward}},
			[]want{{0, "d4", 0}, {2, "e4", 1}, {3, "f4", 0}}},
		{"two rovers ramming a rover from both sides: nobody moves, the rover between is hit by each", nil,
			[]placed{{0, "d4", East, Forward}, {2, "e4", East, Still}, {1, "f4", West, Forward}},
			[]want{{0, "d4", 0}, {2, "e4", 2}, {1, "f4", 0}}},
		{"a forward and a reverse mover into an occupied hex: only the forward one hits it", nil,
			[]placed{{0, "d4", East, Forward}, {2, "e4", East, Still}, {3, "f4", East, Reverse}},
			[]want{{0, "d4", 0}, {2, "e4", 1}, {3, "f4", 0}}},
		{"two rovers entering the hex a rover leaves meet each other", nil,
			[]placed{{0, "d4", East, Forward}, {2, "e4", NorthEast, Forward}, {1, "f4", West, Forward}},
			[]want{{0, "d4", 1}, {2, "f3", 0}, {1, "f4", 1}}},
		{"an exchange and a third rover entering: each hits the rover in the hex it tried to enter", nil,
			[]placed{{0, "d4", East, Forward}, {2, "e4", West, Forward}, {1, "f4", West, Forward}},
			[]want{{0, "d4", 1}, {2, "e4", 2}, {1, "f4", 0}}},
		{"a push into a hex its rover leaves in the same step is blocked", nil,
			[]placed{{0, "d4", East, Forward}, {2, "e4", East, Still}, {3, "f4", East, Forward}},
			[]want{{0, "d4", 0}, {2, "e4", 1}, {3, "g4", 0}}},
		{"a rover is pushed off fine dust", map[string]byte{"e4": '~'},
			[]placed{{0, "d4", East, ForwardAT}, {2, "e4", East, Still}},
			[]want{{0, "e4", 0}, {2, "f4", 1}}},
		{"a push into a hex two pushes share is blocked", nil,
			[]placed{{0, "c4", East, Forward}, {2, "d4", East, Still}, {1, "g4", West, Forward}, {3, "f4", West, Still}},
			[]want{{0, "c4", 0}, {2, "d4", 1}, {1, "g4", 0}, {3, "f4", 1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := rig(t, 2, openMap(7, 9, c.terr))
			var mask uint8
			for _, p := range c.rovers {
				s.put(t, p.i, p.at, p.h, p.card)
				mask |= bit(p.i)
			}
			s.runPhase(0, mask)
			for _, w := range c.want {
				if got := s.hex(w.i); got != w.at {
					t.Errorf("rover %d at %s, want %s\n%s", w.i, got, w.at, s)
				}
				if got := s.damageTaken(w.i); got != w.damage {
					t.Errorf("rover %d took %d damage, want %d", w.i, got, w.damage)
				}
			}
		})
	}
}

func TestTurns(t *testing.T) {
	for _, c := range []struct {
		card       Card
		from, want int
	}{
		{TurnLeft, East, NorthEast}, {TurnLeft, SouthEast, East}, {TurnRight, East, SouthEast}, {TurnRight, NorthEast, East},
	} {
		s := rig(t, 2, openMap(7, 9, nil))
		s.put(t, 0, "d4", c.from, c.card)
		s.runPhase(0, bit(0))
		if r := s.rovers[0]; int(r.Heading) != c.want || s.hex(0) != "d4" {
			t.Errorf("%s from %s: heading %s at %s, want %s at d4", c.card, dirNames[c.from], dirNames[r.Heading], s.hex(0), dirNames[c.want])
		}
	}
}

func TestThreeRoversIntoOneHex(t *testing.T) {
	s := rig(t, 2, openMap(7, 9, nil))
	target := "e4"
	s.put(t, 0, s.walk(t, target, West), East, Forward)
	s.put(t, 2, s.walk(t, target, East), West, Forward)
	s.put(t, 3, s.walk(t, target, NorthEast), SouthWest, Forward)
	s.runPhase(0, bit(0, 2, 3))
	for _, i := range []int{0, 2, 3} {
		if s.hex(i) == target || s.damageTaken(i) != 2 {
			t.Errorf("rover %d at %s with damage %d; want it stopped with 2 damage (one from each other forward mover)", i, s.hex(i), s.damageTaken(i))
		}
	}
}

func TestCycleOfThreeRoversStops(t *testing.T) {
	s := rig(t, 2, openMap(7, 9, nil))
	// d4, e4 and the hex NE of d4 (e3) are mutually adjacent.
	s.put(t, 0, "d4", East, Forward)      // into e4
	s.put(t, 2, "e4", NorthWest, Forward) // into e3
	s.put(t, 3, "e3", SouthWest, Forward) // into d4
	s.runPhase(0, bit(0, 2, 3))
	for i, at := range map[int]string{0: "d4", 2: "e4", 3: "e3"} {
		if s.hex(i) != at || s.damageTaken(i) != 1 {
			t.Errorf("rover %d at %s damage %d, want %s damage 1", i, s.hex(i), s.damageTaken(i), at)
		}
	}
}
