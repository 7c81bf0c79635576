package lunarrally

import "testing"

func TestLaser(t *testing.T) {
	cases := []struct {
		name    string
		terr    map[string]byte
		targets []placed // rovers standing still
		hit     int      // rover that takes 1 damage, -1 none
	}{
		{"hits the first rover straight ahead", nil, []placed{{2, "f4", East, NoCard}, {3, "h4", East, NoCard}}, 2},
		{"hits the player's other rover", nil, []placed{{1, "e4", East, NoCard}, {2, "g4", East, NoCard}}, 1},
		{"stopped by a crater", map[string]byte{"d4": 'X'}, []placed{{2, "f4", East, NoCard}}, -1},
		{"passes over fine dust", map[string]byte{"d4": '~', "e4": '~'}, []placed{{2, "f4", East, NoCard}}, 2},
		{"fires straight only", nil, []placed{{2, "f3", East, NoCard}, {3, "f5", East, NoCard}}, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := rig(t, 2, openMap(7, 9, c.terr))
			s.put(t, 0, "c4", East, Laser)
			for _, p := range c.targets {
				s.put(t, p.i, p.at, p.h, p.card)
			}
			s.runPhase(0, bit(0))
			for _, p := range c.targets {
				want := 0
				if p.i == c.hit {
					want = 1
				}
				if got := s.damageTaken(p.i); got != want {
					t.Errorf("rover %d damage %d, want %d", p.i, got, want)
				}
			}
		})
	}
}

// TestMissileExamples are the missile illustrations of the rules text
// (stages 1-3) and the rest of the missile rules. The firer, rover 0, stands
// on g6 (g7 when facing north) facing east, then each other way; targets are
// placed by steps from it, written for facing east and turned with it.
func TestMissileExamples(t *testing.T) {
	const E, NE, NW, W, SW, SE = East, NorthEast, NorthWest, West, SouthWest, SouthEast
	cases := []struct {
		name    string
		terr    map[string]byte
		targets [][]int // each target's steps from the firer; target k is rover k+1
		hit     int     // index into targets, -1 a miss
	}{
		{"stage 1: the closest target within the arc is hit", nil, [][]int{{E, E, E, E}, {E, NE}}, 1},
		{"stage 1: closest wins even off the axis", nil, [][]int{{E, E, E}, {SE, SE}}, 1},
		{"stage 1: range 5 is in range", nil, [][]int{{E, E, E, E, E}}, 0},
		{"stage 1: 6 hexes is out of range", nil, [][]int{{E, E, E, E, E, E}}, -1},
		{"stage 1: the edge of the 120-degree arc is in it", nil, [][]int{{NE, NE, NE}}, 0},
		{"stage 1: outside the arc is not hit", nil, [][]int{{NE, NW}, {SE, SW}, {W}}, -1},
		{"missiles pass over craters", map[string]byte{"h6": 'X', "i6": 'X'}, [][]int{{E, E, E}}, 0},
		{"stage 2: equidistant, the one nearer straight ahead is hit", nil, [][]int{{E, E, NE}, {E, E, E}}, 1},
		{"stage 2: nearer straight ahead on the other side", nil, [][]int{{E, SE, SE}, {E, E, SE}}, 1},
		{"stage 3: equidistant at equal angles, the missile misses", nil, [][]int{{E, E, NE}, {E, E, SE}}, -1},
		{"stage 3: equal angles on the arc's edges miss", nil, [][]int{{NE, NE}, {SE, SE}}, -1},
		{"an exact tie behind a closer target does not matter", nil, [][]int{{E, E, NE}, {E, E, SE}, {E, E}}, 2},
		{"a missile can hit the player's own other rover", nil, [][]int{{E, E}}, 0},
	}
	for _, c := range cases {
		// The firer faces east, then each other heading with the targets
		// turned with it (craters only in the east-facing case).
		for heading := range 6 {
			if heading > 0 && c.terr != nil {
				continue
			}
			t.Run(c.name+" facing "+dirNames[heading], func(t *testing.T) {
				s := rig(t, 4, openMap(12, 13, c.terr))
				from := "g6" // 5 rows above, 6 below
				if heading == NorthEast || heading == NorthWest {
					from = "g7"
				}
				s.put(t, 0, from, heading, Missile)
				for k, steps := range c.targets {
					turned := make([]int, len(steps))
					for j, d := range steps {
						turned[j] = (d + heading) % 6
					}
					s.put(t, k+1, s.walk(t, from, turned...), West, NoCard)
				}
				s.runPhase(0, bit(0))
				if s.rovers[0].Missiles != 0 {
					t.Errorf("the missile token was not spent")
				}
				for k := range c.targets {
					want := 0
					if k == c.hit {
						want = 1
					}
					if got := s.damageTaken(k + 1); got != want {
						t.Errorf("target %d (rover %d at %s) damage %d, want %d\n%s", k, k+1, s.hex(k+1), got, want, s)
					}
				}
			})
		}
	}
}

func TestMissileNeedsToken(t *testing.T) {
	s := rig(t, 2, openMap(7, 9, nil))
	s.put(t, 0, "c4", East, Missile).Missiles = 0
	s.put(t, 2, "e4", West, NoCard)
	s.runPhase(0, bit(0))
	if s.damageTaken(2) != 0 {
		t.Errorf("a rover without a missile token fired")
	}
	s = rig(t, 2, openMap(7, 9, nil))
	s.put(t, 1, "c4", East, Missile, Missile) // not a legal program; enough to fire both tokens
	s.put(t, 2, "e4", West, NoCard)
	s.runPhase(0, bit(1))
	s.runPhase(1, bit(1))
	if s.rovers[1].Missiles != 0 || s.damageTaken(2) != 2 {
		t.Errorf("Rover 2 with 2 tokens: %d left, target damage %d; want 0 and 2", s.rovers[1].Missiles, s.damageTaken(2))
	}
}

func TestWeaponsInactiveOnTheStartLine(t *testing.T) {
	for _, card := range []Card{Laser, Missile} {
		s := rig(t, 2, openMap(7, 9, nil))
		r := s.put(t, 0, "a4", East, card)
		r.Armed = false
		s.put(t, 2, "c4", West, NoCard)
		s.runPhase(0, bit(0))
		if s.damageTaken(2) != 0 || s.rovers[0].Missiles != 1 {
			t.Errorf("%s fired before the rover left the start line", card)
		}
	}
	// Moving off activates them; they stay active back on the start line.
	s := rig(t, 2, openMap(7, 9, nil))
	r := s.put(t, 1, "a4", East, Forward, Reverse, Laser)
	r.Armed = false
	s.put(t, 2, "d4", West, NoCard)
	s.runPhase(0, bit(1))
	if !s.rovers[1].Armed {
		t.Fatalf("not armed after moving off the start line")
	}
	s.runPhase(1, bit(1))
	s.runPhase(2, bit(1))
	if s.hex(1) != "a4" || s.damageTaken(2) != 1 {
		t.Errorf("back on the start line at %s, target damage %d: weapons should stay active", s.hex(1), s.damageTaken(2))
	}
}

func TestPhaseOrder(t *testing.T) {
	t.Run("moves happen before lasers", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, nil))
		s.put(t, 2, "b4", East, Laser)
		s.put(t, 0, "e3", SouthEast, Forward) // into e4, in the line of fire
		s.runPhase(0, bit(0, 2))
		if s.hex(0) != "e4" || s.damageTaken(0) != 1 {
			t.Errorf("rover 0 at %s damage %d, want e4 and hit", s.hex(0), s.damageTaken(0))
		}
	})
	t.Run("lasers happen before missiles; an explosion is immediate", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, nil))
		s.put(t, 2, "b4", East, Laser)
		r := s.put(t, 0, "d4", West, Missile)
		r.Shields, r.Phases = 0, 1
		s.runPhase(0, bit(0, 2))
		if s.rovers[0].Status != Destroyed || s.damageTaken(2) != 0 {
			t.Errorf("rover 0 %v; rover 2 damage %d: the laser should destroy it before its missile flies", s.rovers[0].Status, s.damageTaken(2))
		}
	})
	t.Run("simultaneous lasers both fire", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, nil))
		a := s.put(t, 0, "c4", East, Laser)
		b := s.put(t, 2, "e4", West, Laser)
		a.Shields, a.Phases, b.Shields, b.Phases = 0, 1, 0, 1
		s.runPhase(0, bit(0, 2))
		if s.rovers[0].Status != Destroyed || s.rovers[2].Status != Destroyed {
			t.Errorf("both lasers should fire and destroy each other")
		}
	})
	t.Run("a rover damaged in an earlier phase loses later phases", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, nil))
		r := s.put(t, 0, "c4", East, Forward, Forward, Forward)
		r.Shields = 0
		s.put(t, 2, "a4", East, Laser)
		s.run(bit(0, 2))
		if s.rovers[0].Phases != 2 || s.hex(0) != "e4" || s.rovers[0].Program[2] != NoCard {
			t.Errorf("rover 0 at %s phases %d program %v: lasered in phase 1, it loses phase 3 and moves twice",
				s.hex(0), s.rovers[0].Phases, s.rovers[0].Program)
		}
	})
}

func TestDamage(t *testing.T) {
	s := rig(t, 2, openMap(7, 9, nil))
	r := s.put(t, 1, "d4", East, Forward, TurnLeft, Laser)
	steps := []struct {
		shields, phases int8
		program         [3]Card
	}{
		{1, 3, [3]Card{Forward, TurnLeft, Laser}},
		{0, 3, [3]Card{Forward, TurnLeft, Laser}},
		{0, 2, [3]Card{Forward, TurnLeft, NoCard}},
		{0, 1, [3]Card{Forward, NoCard, NoCard}},
	}
	for k, st := range steps {
		s.damage(1)
		if r.Shields != st.shields || r.Phases != st.phases || r.Program != st.program || r.Status != Racing {
			t.Fatalf("after %d damage: shields %d phases %d program %v, want %d %d %v", k+1, r.Shields, r.Phases, r.Program, st.shields, st.phases, st.program)
		}
	}
	if left := s.cardsLeft(1, 3); left[Laser] != 1 {
		t.Errorf("the card on the lost phase did not go back to the deck: %v", left)
	}
	s.damage(1)
	if r.Status != Destroyed || r.Pos != -1 {
		t.Fatalf("1 more damage with phase 1 alone should explode the rover")
	}
}

func TestExplosionDamagesNeighboursInAChain(t *testing.T) {
	s := rig(t, 4, openMap(9, 9, nil))
	a := s.put(t, 0, "d4", East)
	a.Shields, a.Phases = 0, 1
	s.put(t, 2, "e4", East) // next to 0
	b := s.put(t, 4, "c4", East)
	b.Shields, b.Phases = 0, 1 // next to 0, explodes too
	s.put(t, 6, "b4", East)    // next to 4 only
	s.put(t, 1, "f4", East)    // two hexes away from 0
	s.damage(0)
	for i, want := range map[int]int{0: 99, 4: 99, 2: 1, 6: 1, 1: 0} {
		if got := s.damageTaken(i); got != want {
			t.Errorf("rover %d damage %d, want %d (99: destroyed)", i, got, want)
		}
	}
}

func TestCachesAndRepairStations(t *testing.T) {
	terr := map[string]byte{"d4": 'M', "d6": 'R'}
	t.Run("Still on a cache picks up the missile once", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, terr))
		s.put(t, 0, "d4", East, Still).Missiles = 0
		s.runPhase(0, bit(0))
		if s.rovers[0].Missiles != 1 || !s.CacheTaken(int(s.cell(t, "d4"))) {
			t.Fatalf("missile not picked up")
		}
		s.rovers[0].Missiles = 0
		s.runPhase(0, bit(0))
		if s.rovers[0].Missiles != 0 {
			t.Errorf("a cache was picked up twice")
		}
	})
	t.Run("a full rover does not pick up the cache", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, terr))
		s.put(t, 1, "d4", East, Still)
		s.runPhase(0, bit(1))
		if s.rovers[1].Missiles != 2 || s.CacheTaken(int(s.cell(t, "d4"))) {
			t.Errorf("a full Rover 2 took the cache")
		}
	})
	t.Run("a cache needs the Still card", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, terr))
		s.put(t, 0, "d4", East, TurnLeft).Missiles = 0
		s.runPhase(0, bit(0))
		if s.rovers[0].Missiles != 0 {
			t.Errorf("picked up without Still")
		}
	})
	repairs := []struct {
		name                    string
		phases, shields         int8
		wantPhases, wantShields int8
	}{
		{"repairs a phase", 2, 0, 3, 0},
		{"adds a shield with every phase present", 3, 0, 3, 1},
		{"no effect when full", 3, 1, 3, 1},
	}
	for _, c := range repairs {
		t.Run("repair station "+c.name, func(t *testing.T) {
			s := rig(t, 2, openMap(7, 9, terr))
			r := s.put(t, 0, "d6", East, Still)
			r.Phases, r.Shields = c.phases, c.shields
			s.runPhase(0, bit(0))
			if r.Phases != c.wantPhases || r.Shields != c.wantShields {
				t.Errorf("phases %d shields %d, want %d %d", r.Phases, r.Shields, c.wantPhases, c.wantShields)
			}
		})
	}
}
