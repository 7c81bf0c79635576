package marchmars

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine/jumping"
)

// String draws the board: one row a level, the top first, three characters
// a column, the MMM (M) at the ends (| the edge of the half board); then the marines, the aliens box by box, the incoming waves and
// what is being decided.
//
//	terrain: ### rock, blank air, o circle, x hazardous box, O hidden box,
//	         D a defender's barrier
//	content: a digit after the terrain is the marine there (its number; +
//	         several), a letter the aliens (y, b, r; * a mix)
func (s *State) String() string {
	g := s.g
	var b strings.Builder
	fmt.Fprintf(&b, "March on Mars  turn %d/%d  attacks on the LZ %d/3", s.turn, maxTurns, s.attacks)
	for side := 0; side < g.sides; side++ {
		fmt.Fprintf(&b, "  %s upgrade: %s", [2]string{"left", "right"}[side], upgradeNames[s.upgrade[side]])
		if !s.intact[side] {
			b.WriteString(" (destroyed)")
		}
	}
	switch s.result {
	case 1:
		b.WriteString("  THE MMM IS DESTROYED")
	case -1:
		b.WriteString("  THE MARINES HAVE LOST")
	}
	b.WriteString("\n     ")
	for x := 0; x < g.cols; x++ {
		switch {
		case x == g.defCol[0] || (g.sides == 2 && x == g.defCol[1]):
			b.WriteString(" D ")
		case x >= g.lzStart && x <= g.lzEnd:
			b.WriteString(" Z ")
		default:
			k := g.slotOf(x)
			if x == g.slotStart[k] {
				id := "?"
				if s.slots[k] >= 0 {
					id = strconv.Itoa(g.data.Cards[s.slots[k]].ID)
				}
				fmt.Fprintf(&b, "%-3s", "c"+id)
			} else {
				b.WriteString(" . ")
			}
		}
	}
	b.WriteString("\n")
	for l := g.height - 1; l >= 0; l-- {
		fmt.Fprintf(&b, "L%d  M", l)
		for x := 0; x < g.cols; x++ {
			b.WriteString(s.drawBox(x, l))
		}
		if g.sides == 2 {
			b.WriteString("M\n")
		} else {
			b.WriteString("|\n") // the half board ends at the LZ
		}
	}
	for m := 0; m < g.n; m++ {
		ms := &s.mar[m]
		where := "card"
		switch side := g.sideOf(int(ms.X)); {
		case side < 0:
			where = "LZ"
		case int(ms.X) == g.defCol[side]:
			where = "beside the MMM"
		}
		fmt.Fprintf(&b, "%s: column %d level %d (%s)", marineName(m), ms.X, ms.L, where)
		if ms.Crashed {
			b.WriteString(" CRASHED")
		}
		if ms.Gone {
			b.WriteString(" GONE (kamikaze)")
		}
		if s.hand[m] != 0 {
			b.WriteString(" equipment:")
			for e := 0; e < numEquipment; e++ {
				if s.holds(m, e) {
					b.WriteString(" " + equipmentNames[e])
				}
			}
		}
		if ms.Played {
			b.WriteString(" played")
		}
		b.WriteString("\n")
	}
	b.WriteString("aliens:")
	any := false
	for x := 0; x < g.cols; x++ {
		for l := 0; l < g.height; l++ {
			if s.boxAliens(x, l) > 0 {
				any = true
				fmt.Fprintf(&b, " (%d,%d)%s", x, l, alienList(s.aliens[x][l]))
			}
		}
	}
	if !any {
		b.WriteString(" none")
	}
	fmt.Fprintf(&b, "\nincoming: left %s right %s  bag %s  dead %s\n",
		alienList(s.incoming[0]), alienList(s.incoming[1]), alienList(s.bag), alienList(s.dead))
	if s.active >= 0 {
		fmt.Fprintf(&b, "%s plays: %d dice, programme", marineName(int(s.active)), s.dice)
		for j := 0; j < 3; j++ {
			var dice []string
			for c := 0; c < jumping.NumColours; c++ {
				for k := int8(0); k < s.prog[j][c]; k++ {
					dice = append(dice, jumping.ColourNames[c])
				}
			}
			b.WriteString(" [" + strings.Join(dice, " ") + "]")
		}
		if s.nDice > 0 {
			b.WriteString("  roll:")
			for i := 0; i < int(s.nDice); i++ {
				b.WriteString(" " + dieName(int(s.dieCol[i]), s.dieFace[i]))
			}
			if s.engaged {
				b.WriteString(" (engaged)")
			}
		}
		b.WriteString("\n")
	}
	if t, ok := s.top(); ok {
		fmt.Fprintf(&b, "next: %s", kindNames[t.Kind])
		if !isChance(int(t.Kind)) {
			b.WriteString(" by " + marineName(int(t.A)))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// drawBox is the three characters of a box.
func (s *State) drawBox(x, l int) string {
	g := s.g
	c := s.cell(x, l)
	var t byte
	switch c & jumping.Kind {
	case jumping.Rock:
		for side := 0; side < g.sides; side++ {
			if x == g.defCol[side] && s.defenderAlive(side) && l == g.plain {
				return "D" + s.content(x, l)
			}
		}
		return "###"
	case jumping.Air:
		t = ' '
	case jumping.Circle:
		t = 'o'
		if c&jumping.Marked != 0 {
			t = 'O'
		}
	default:
		t = 'x'
	}
	return string(t) + s.content(x, l)
}

// content is two characters: the marine, the aliens.
func (s *State) content(x, l int) string {
	mc, n := byte(' '), 0
	for m := 0; m < s.g.n; m++ {
		if !s.mar[m].Gone && int(s.mar[m].X) == x && int(s.mar[m].L) == l {
			n++
			mc = byte('1' + m)
		}
	}
	if n > 1 {
		mc = '+'
	}
	ac := byte(' ')
	a := s.aliens[x][l]
	switch {
	case a[0] > 0 && a[1] == 0 && a[2] == 0:
		ac = 'y'
	case a[1] > 0 && a[0] == 0 && a[2] == 0:
		ac = 'b'
	case a[2] > 0 && a[0] == 0 && a[1] == 0:
		ac = 'r'
	case a[0]+a[1]+a[2] > 0:
		ac = '*'
	}
	return string([]byte{mc, ac})
}

// alienList writes a group as y2b1r0.
func alienList(a [numAlienColours]int8) string {
	return fmt.Sprintf("y%db%dr%d", a[0], a[1], a[2])
}
