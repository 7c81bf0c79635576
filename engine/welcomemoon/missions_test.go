package welcomemoon

import "testing"

// sheetMarks describes a sheet for a mission case: spaces holding a number
// or an X, and element ids circled or crossed (the ids of
// ../shared/rules/welcome-to-the-moon/adventure-N.md).
type sheetMarks struct {
	fill, xs    []int // 1-based spaces
	circ, cross []int16
}

func (m sheetMarks) apply(s *State, p int) {
	vals := map[int]int{}
	for _, sp := range m.fill {
		vals[sp] = 1
	}
	for _, sp := range m.xs {
		vals[sp] = -1
	}
	write(s, p, vals)
	marksOf(&s.sh[p], m.circ, m.cross)
}

// spaces lists the spaces lo..hi and then the extra ones.
func spaces(lo, hi int, extra ...int) []int {
	var out []int
	for sp := lo; sp <= hi; sp++ {
		out = append(out, sp)
	}
	return append(out, extra...)
}

func join(lists ...[]int16) []int16 {
	var out []int16
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// TestMissionConditions checks every mission of Adventures 1-4 against
// ../shared/rules/welcome-to-the-moon/missions.md: the card is in its
// stack with the rewards of the table, its condition holds on a sheet that
// meets it and fails on a sheet just short of it.
func TestMissionConditions(t *testing.T) {
	// A2 walls: the wall between spaces k and k+1 is #(89+k).
	wall := func(k int) int16 { return int16(89 + k) }
	// A3 antennas and tanks by quarter; A4 factories.
	var (
		tlAntennas = []int16{121, 123, 125}
		trAntennas = []int16{122, 124, 126}
		obs        = []int16{134, 135, 136}
		blAntennas = []int16{127, 129, 132}
		s1         = []int16{79, 63}
		s2         = []int16{80, 64, 65}
		s3         = []int16{81, 66, 67}
		s4         = []int16{82, 68}
		s5         = []int16{83, 84}
		plantFac   = []int16{85, 69, 70, 71}
		waterFac   = []int16{86, 72, 73}
		minePlants = []int16{159, 167, 178, 188, 192, 200, 161, 165, 172, 189, 197, 202}
		mineWaters = []int16{164, 171, 184, 196, 175, 182, 186, 194}
	)
	cases := []struct {
		adv, stack, card int
		first, later     int8
		name             string
		meets, short     sheetMarks
	}{
		// Adventure 1 (rewards are rockets)
		{1, 0, 64, 3, 2, "F1-F3 filled (spaces 1-11)",
			sheetMarks{fill: spaces(1, 11)}, sheetMarks{fill: spaces(1, 10, 12, 13)}},
		{1, 0, 65, 4, 2, "F4-F6 filled (spaces 12-27)",
			sheetMarks{fill: spaces(12, 27)}, sheetMarks{fill: spaces(1, 26)}},
		{1, 1, 66, 3, 2, "F7 filled (spaces 28-37)",
			sheetMarks{fill: spaces(28, 37)}, sheetMarks{fill: spaces(29, 53)}},
		{1, 1, 67, 3, 2, "F8 and F9 filled (spaces 38-53)",
			sheetMarks{fill: spaces(38, 52), xs: []int{53}}, sheetMarks{fill: spaces(28, 52)}},
		{1, 2, 68, 2, 1, "10 X written",
			sheetMarks{xs: spaces(1, 10)}, sheetMarks{xs: spaces(1, 9), fill: spaces(10, 20)}},
		{1, 2, 69, 3, 2, "5 System Errors circled and not crossed off",
			sheetMarks{circ: ids(159, 163)}, sheetMarks{circ: ids(159, 163), cross: []int16{159}}},
		// Adventure 2
		{2, 0, 70, 9, 5, "a multiplier circled in 3 stations",
			sheetMarks{circ: []int16{125, 130, 127}}, sheetMarks{circ: []int16{125, 130}}},
		{2, 0, 71, 10, 5, "all plants circled in 2 stations",
			sheetMarks{circ: join(ids(79, 81), ids(82, 85))}, sheetMarks{circ: join(ids(79, 81), ids(82, 84), ids(74, 77))}},
		{2, 1, 72, 11, 6, "2 complete zones of 6",
			sheetMarks{fill: spaces(1, 12), cross: []int16{wall(6), wall(12)}},
			sheetMarks{fill: spaces(1, 11, spaces(13, 36)...), cross: []int16{wall(6), wall(12)}}},
		{2, 1, 73, 12, 6, "complete zones of 6, 4 and 2",
			sheetMarks{fill: spaces(1, 12), cross: []int16{wall(6), wall(10), wall(12)}},
			sheetMarks{fill: spaces(1, 13), cross: []int16{wall(6), wall(10), wall(13)}}},
		{2, 2, 74, 9, 5, "6 water tanks circled",
			sheetMarks{circ: ids(62, 67)}, sheetMarks{circ: ids(62, 66)}},
		{2, 2, 75, 11, 6, "4 consecutive water tanks circled",
			sheetMarks{circ: ids(64, 67)}, sheetMarks{circ: []int16{62, 63, 64, 66, 67, 68}}},
		// Adventure 3
		{3, 0, 76, 12, 6, "3 columns filled",
			sheetMarks{fill: spaces(1, 11, spaces(28, 32)...)}, sheetMarks{fill: spaces(1, 11, spaces(28, 31)...)}},
		{3, 0, 77, 12, 5, "3 rows filled",
			sheetMarks{fill: []int{6, 12, 17, 22, 28, 1, 7, 13, 18, 23, 29, 2, 8, 14, 24, 30}},
			sheetMarks{fill: []int{6, 12, 17, 22, 28, 1, 7, 13, 18, 23, 29, 2, 8, 14, 24}}},
		{3, 1, 78, 9, 4, "tunnels connected to the observatory",
			sheetMarks{cross: []int16{171, 177, 183, 189, 161, 162, 163, 164, 165}},
			sheetMarks{cross: []int16{171, 177, 183, 189, 161, 162, 163, 164}}},
		{3, 1, 79, 9, 4, "all antennas circled in 2 quarters (TL, BL)",
			sheetMarks{circ: join(tlAntennas, blAntennas)}, sheetMarks{circ: join(tlAntennas, blAntennas[:2])}},
		{3, 1, 79, 9, 4, "all antennas circled in 2 quarters (TL, TR with the observatory's)",
			sheetMarks{circ: join(tlAntennas, trAntennas, obs)}, sheetMarks{circ: join(tlAntennas, trAntennas, obs[:2])}},
		{3, 2, 80, 8, 4, "10 greenhouse plants circled",
			sheetMarks{circ: ids(63, 72)}, sheetMarks{circ: ids(63, 71)}},
		{3, 2, 81, 9, 5, "both tanks circled in 2 quarters",
			sheetMarks{circ: ids(113, 116)}, sheetMarks{circ: []int16{113, 114, 115, 117, 119}}},
		// Adventure 4
		{4, 0, 82, 8, 4, "5 columns extracted",
			sheetMarks{cross: []int16{232, 234, 236, 238, 240}}, sheetMarks{cross: []int16{232, 234, 236, 238}}},
		{4, 0, 83, 9, 4, "4 adjacent columns extracted",
			sheetMarks{cross: ids(236, 239)}, sheetMarks{cross: []int16{232, 233, 234, 236, 237, 238}}},
		{4, 1, 84, 11, 6, "the 5 secondary factories activated",
			sheetMarks{cross: join(s1, s2, s3, s4, s5)}, sheetMarks{cross: join(s1, s2, s3, s4, s5[:1], plantFac)}},
		{4, 1, 85, 10, 4, "6 factories completed",
			sheetMarks{cross: join(s1, s2, s3, s4, plantFac, waterFac)}, sheetMarks{cross: join(s1, s2, s3, s4, plantFac, waterFac[:2])}},
		{4, 2, 86, 8, 3, "8 mine plants circled",
			sheetMarks{circ: minePlants[:8]}, sheetMarks{circ: join(minePlants[:7], mineWaters)}},
		{4, 2, 87, 10, 4, "5 mine waters circled",
			sheetMarks{circ: mineWaters[:5]}, sheetMarks{circ: join(mineWaters[:4], minePlants)}},
	}
	tested := map[int]bool{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := testGame(t, c.adv, 2, 1)
			l := g.lay
			found := false
			for _, m := range l.missions[c.stack] {
				if m.card == c.card {
					found = true
					if m.first != c.first || m.later != c.later {
						t.Errorf("card %d rewards %d / %d, want %d / %d", c.card, m.first, m.later, c.first, c.later)
					}
				}
			}
			if !found {
				t.Fatalf("card %d is not in stack %c of adventure %d", c.card, 'A'+c.stack, c.adv)
			}
			for _, sh := range []struct {
				marks sheetMarks
				want  bool
			}{{c.meets, true}, {c.short, false}} {
				s := g.NewInitialState().(*State)
				sh.marks.apply(s, 1)
				if got := l.rules().missionMet(s, 1, c.card); got != sh.want {
					t.Errorf("card %d on %+v: met %v, want %v", c.card, sh.marks, got, sh.want)
				}
				if got := l.rules().missionMet(s, 0, c.card); got {
					t.Errorf("card %d met on the other player's empty sheet", c.card)
				}
			}
		})
		tested[c.card] = true
	}
	for card := 64; card <= 87; card++ {
		if !tested[card] {
			t.Errorf("mission card %d has no case", card)
		}
	}
}
