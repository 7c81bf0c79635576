package walkingmoon

import (
	"fmt"
	"strings"

	"github.com/moongym/moongym/engine"
)

// String draws the track (top level first; # rock, o circle, x hazardous
// box, * Sputnik, | the edges of the lunar cards, letters A..G the special
// boxes, digits the astronauts) over the last digit of each column number,
// a legend of those symbols, then each astronaut, then whose move it is; when a result is to be
// chosen, where each would end (column/level, Sputniks, CRASH, FINISH)
// and two lines that explain that notation. MoveHelp explains every move
// name.
func (s *State) String() string {
	g := s.g
	var b strings.Builder
	fmt.Fprintf(&b, "Walking on the Moon  round %d  %s rules, %s edition\n", s.round, map[bool]string{false: "basic", true: "advanced"}[g.advanced], editionNames[g.edition])
	b.WriteString("cards:")
	for k := 0; k < numSlots; k++ {
		if s.slots[k] < 0 {
			b.WriteString(" ?")
		} else {
			fmt.Fprintf(&b, " %d", g.data.Cards[s.slots[k]].ID)
		}
	}
	b.WriteByte('\n')
	for l := g.height - 1; l >= 0; l-- {
		fmt.Fprintf(&b, "L%d ", l)
		for x := 0; x < g.cols; x++ {
			if g.slotOf(x) >= 0 && g.slotOf(x-1) < 0 {
				b.WriteByte('|')
			}
			b.WriteByte(s.glyph(x, l))
			if g.slotOf(x) >= 0 && g.slotOf(x+1) < 0 {
				b.WriteByte('|')
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("   ")
	for x := 0; x < g.cols; x++ { // the last digit of each column number
		if g.slotOf(x) >= 0 && g.slotOf(x-1) < 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(byte('0' + x%10))
		if g.slotOf(x) >= 0 && g.slotOf(x+1) < 0 {
			b.WriteByte(' ')
		}
	}
	b.WriteByte('\n')
	b.WriteString("   S")
	for x := 1; x < g.cols; x++ {
		if g.slotOf(x) >= 0 && g.slotOf(x-1) < 0 {
			b.WriteByte(' ')
		}
		switch {
		case x == g.goal:
			b.WriteByte('G')
		case g.betweenIndex(x) >= 0:
			b.WriteByte(byte('1' + g.betweenIndex(x)))
		default:
			b.WriteByte(' ')
		}
		if g.slotOf(x) >= 0 && g.slotOf(x+1) < 0 {
			b.WriteByte(' ')
		}
	}
	b.WriteByte('\n')
	s.writeLegend(&b)
	if g.advanced {
		b.WriteString("special boxes:")
		for k, t := range s.tokens {
			if t >= 0 {
				fmt.Fprintf(&b, " %d=%c:%s", k+1, 'A'+t, tokenNames[t])
			}
		}
		b.WriteByte('\n')
	}
	for a := 0; a < g.na; a++ {
		as := &s.ast[a]
		fmt.Fprintf(&b, "%d %-4s col %2d lvl %d  sputnik %d", a, g.astroName(a), as.X, as.L, as.Sputnik)
		if g.ecRules {
			fmt.Fprintf(&b, " ec %d handicap %d", as.EC, as.Handicap)
		}
		if as.Stunned {
			b.WriteString(" STUNNED")
		}
		if as.Finished {
			fmt.Fprintf(&b, " FINISHED #%d", as.FinishPos)
		}
		if as.Card != noCard {
			b.WriteString(" card")
		}
		if as.FreeReroll {
			b.WriteString(" free-reroll")
		}
		fmt.Fprintf(&b, "  points %d\n", s.points(a))
	}
	t, ok := s.top()
	if !ok {
		sc := s.Scores(nil)
		rank := s.ranking()
		fmt.Fprintf(&b, "game over: scores %v, ranking (seats, best first) %v", sc, rank[:g.seats])
		return b.String()
	}
	if s.active >= 0 {
		fmt.Fprintf(&b, "turn of %s: %d dice, pool", g.astroName(int(s.active)), s.dice)
		for c := 0; c < numColours; c++ {
			fmt.Fprintf(&b, " %s:%d", colourNames[c], s.pool[c])
		}
		if s.nAssigned > 0 {
			b.WriteString(", programme")
			for j := 0; j < int(s.nJumps); j++ {
				fmt.Fprintf(&b, " j%d[", j+1)
				sep := ""
				for c := 0; c < numColours; c++ {
					for k := int8(0); k < s.prog[j][c]; k++ {
						b.WriteString(sep + colourNames[c])
						sep = " "
					}
				}
				b.WriteByte(']')
			}
			fmt.Fprintf(&b, ", jump %d", s.jump+1)
		}
		b.WriteByte('\n')
	}
	if t.Kind == kChoose || t.Kind == kRollDie {
		b.WriteString("rolled:")
		for i := 0; i < int(s.nDice); i++ {
			if t.Kind == kRollDie && i >= int(t.B) {
				fmt.Fprintf(&b, " %s?", colourNames[s.dieCol[i]])
				continue
			}
			b.WriteString(" " + dieName(int(s.dieCol[i]), s.dieFace[i]))
		}
		b.WriteByte('\n')
	}
	if t.Kind == kChoose {
		s.writeLandings(&b, t)
	}
	switch {
	case isChance(int(t.Kind)):
		fmt.Fprintf(&b, "chance: %s", kindNames[t.Kind])
	case t.Kind == kPrompt:
		fmt.Fprintf(&b, "%s to decide: play a card (%s)? (every holder is asked, so asking tells nothing: pass if yours does not fit)",
			g.astroName(int(t.A)), timingNames[t.B])
	default:
		fmt.Fprintf(&b, "%s to decide: %s", g.astroName(int(t.A)), kindNames[t.Kind])
	}
	return b.String()
}

// writeLegend says what the symbols of the track stand for.
func (s *State) writeLegend(b *strings.Builder) {
	b.WriteString("   track: . empty  # rock  o circle  x hazardous  * Sputnik  | lunar card edge\n")
	b.WriteString("   O, X: a circle, a hazardous box with a Sputnik")
	if s.g.advanced {
		b.WriteString("  A-G: special boxes")
	}
	b.WriteString("\n   0-9: astronauts, numbered as below (a stack shows its top one)\n")
	b.WriteString("   S start  1-4 columns between cards  G goal\n")
}

func (s *State) glyph(x, l int) byte {
	g := s.g
	best := -1 // the astronaut on top of a stack is shown
	for b := 0; b < g.na; b++ {
		if int(s.ast[b].X) == x && int(s.ast[b].L) == l && (best < 0 || s.ast[b].Stack > s.ast[best].Stack) {
			best = b
		}
	}
	if best >= 0 {
		return byte('0' + best)
	}
	if k := g.betweenIndex(x); k >= 0 && l == g.plain && s.tokens[k] >= 0 {
		return byte('A' + s.tokens[k])
	}
	c := s.cell(x, l)
	switch c & cellKind {
	case cellRock:
		return '#'
	case cellCircle:
		if c&cellSputnik != 0 {
			return 'O'
		}
		return 'o'
	case cellHazard:
		if c&cellSputnik != 0 {
			return 'X'
		}
		return 'x'
	}
	if c&cellSputnik != 0 {
		return '*'
	}
	return '.'
}

// writeLandings lists where each result of a roll would end: column and
// level, Sputniks passed, an accident, the finish.
func (s *State) writeLandings(b *strings.Builder, t task) {
	var buf [numActions]int32
	n := 0
	for _, x := range s.decisions(t, buf[:0]) {
		if x >= aProgram {
			continue
		}
		i, m := int(x)/16, int(x)%16
		ld := s.simulate(int(t.A), int(s.dieCol[i]), s.dieFace[i], m)
		if n%4 == 0 {
			b.WriteString("results:")
		}
		fmt.Fprintf(b, "  %s->%d/%d", s.ActionString(engine.Action(x)), ld.X, ld.L)
		if ld.Sputniks > 0 {
			fmt.Fprintf(b, " +%dsp", ld.Sputniks)
		}
		if ld.Finish {
			b.WriteString(" FINISH")
		}
		if ld.Crash {
			b.WriteString(" CRASH")
		}
		if n++; n%4 == 0 {
			b.WriteByte('\n')
		}
	}
	if n%4 != 0 {
		b.WriteByte('\n')
	}
	if n > 0 {
		b.WriteString(resultsLegend)
	}
}

// resultsLegend explains the results listed when a roll's result is to be
// chosen ("blue3->3/1 CRASH", "black2:UU->2/3 +1sp").
const resultsLegend = "   blue3 = the blue die's 3 (x: the skull); :SUD = each advance straight, up or down; ->column/level where it ends\n" +
	"   +1sp = Sputniks passed (a point each); CRASH = an accident (turn over, stunned, half the Sputniks lost); FINISH = across the line\n"
