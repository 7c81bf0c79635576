package welcomemoon

import (
	"fmt"
	"strings"
)

// String draws the game for a person: the cards, then every sheet. During a
// turn, the seat to act sees its own sheet as it is and the others' as they
// were at the start of the turn (their choices are still secret).
func (s *State) String() string {
	l := s.lay()
	var b strings.Builder
	fmt.Fprintf(&b, "Welcome to the Moon - Adventure %d: %s - turn %d", l.adv, l.name, s.turn+1)
	if s.g.solo() {
		fmt.Fprintf(&b, " - solo vs ASTRA level %d (%s)", s.g.level, astraNames[s.g.level-1])
	}
	b.WriteString("\n")
	b.WriteString(s.cardsLine())
	b.WriteString("Missions:")
	for k := 0; k < 3; k++ {
		if s.mission[k] < 0 {
			continue
		}
		m := l.missions[k][s.mission[k]]
		hi := "open"
		if s.mtaken&(1<<k) != 0 {
			hi = "taken"
		}
		fmt.Fprintf(&b, "\n  %c (card %d, %d/%d, high %s): %s", 'A'+k, m.card, m.first, m.later, hi, m.text)
	}
	b.WriteString("\n")
	for p := range s.g.sheets() {
		if p >= s.g.players { // A8 solo: ASTRA's sheet
			sh := &s.pub[p]
			if (s.phase == phDecide && s.writer(p) == int(s.cur)) || s.phase == phOver {
				sh = &s.sh[p]
			}
			b.WriteString("--- ASTRA's sheet\n")
			b.WriteString(l.rules().draw(s, sh))
			continue
		}
		// sheet p's marks and p's missions: live for the acting seat (on the
		// sheet it writes on) and at the end, else as at the start of the turn
		sh, ms := &s.pub[p], &s.pub[p]
		if (s.phase == phDecide && s.writer(p) == int(s.cur)) || s.phase == phOver {
			sh = &s.sh[p]
		}
		if (s.phase == phDecide && int(s.cur) == p) || s.phase == phOver {
			ms = &s.sh[p]
		}
		if sh != &s.sh[p] && s.phase == phDecide {
			fmt.Fprintf(&b, "--- p%d (as at the start of the turn)", p)
		} else {
			fmt.Fprintf(&b, "--- p%d: score %d", p, s.known().Score(p))
		}
		b.WriteString(" - missions")
		for k := 0; k < 3; k++ {
			if ms.mdone&(1<<k) != 0 {
				fmt.Fprintf(&b, " %c:%d", 'A'+k, ms.mval[k])
			} else {
				fmt.Fprintf(&b, " %c:-", 'A'+k)
			}
		}
		// p's own boxes (A8: on both of its halves), as p's line is known
		k, boxes := s.known(), 0
		for i := range k.sh {
			boxes += len(l.r.errBoxes(k, p, i))
		}
		fmt.Fprintf(&b, " - System Errors %d/%d\n", k.errorsUsed(p), boxes)
		b.WriteString(l.rules().draw(s, sh))
	}
	if s.g.solo() {
		fmt.Fprintf(&b, "--- ASTRA: score %d, cards", s.astraScore())
		for a, n := range s.astra.cards {
			fmt.Fprintf(&b, " %s:%d", actNames[a], n)
		}
		if _, boxes := l.r.astraTrack(s.g.level); boxes > 0 {
			fmt.Fprintf(&b, ", track %d/%d", s.astra.track, boxes)
		}
		fmt.Fprintf(&b, ", Solo bonus %d (spent %d) of %d\n", s.astra.bonus, s.astra.used, l.solo.bonusBoxes)
	}
	switch s.phase {
	case phOver:
		fmt.Fprintf(&b, "Game over (%s).", endNames[s.ended])
		if s.g.solo() {
			fmt.Fprintf(&b, " Player %d - ASTRA %d.", s.Score(0), s.astraScore())
		}
		for p := range s.g.players {
			fmt.Fprintf(&b, "\n  p%d:", p)
			for _, sl := range l.rules().scoreLines(s, p) {
				fmt.Fprintf(&b, " %s %d;", sl.name, sl.pts)
			}
			if !l.r.missionsApart() {
				m := 0
				for k := 0; k < 3; k++ {
					m += int(s.sh[p].mval[k])
				}
				fmt.Fprintf(&b, " missions %d", m)
			}
		}
	case phChance:
		b.WriteString("Flipping cards.")
	case phAstra:
		if s.ctx.npend > 0 && s.ctx.pend[0].kind == effAstraPlanet {
			// A8: ASTRA's own turn (a value moved on has a single planet)
			fmt.Fprintf(&b, "p0: ASTRA's turn (%s): choose the %s.", cardName(s.deck.shown[0]), effNames[effAstraPlanet])
		} else if s.ctx.npend > 0 && s.ctx.pend[0].kind != effAstra {
			fmt.Fprintf(&b, "p0: ASTRA card: choose the %s.", effNames[s.ctx.pend[0].kind])
		} else {
			fmt.Fprintf(&b, "p0 to play: the ASTRA card makes you cross off %s still available: pick which", astraBoxKind(l))
		}
	case phIncident:
		if s.ctx.npend > 0 {
			fmt.Fprintf(&b, "p%d: phase 5: choose the %s.", s.cur, effNames[s.ctx.pend[0].kind])
			if s.ctx.pend[0].kind == effMission {
				fmt.Fprintf(&b, " (accomplish mission %c?)", 'A'+s.ctx.pend[0].arg)
			}
		}
	case phDecide:
		fmt.Fprintf(&b, "p%d to play: %s", s.cur, s.stepLine())
	}
	return b.String()
}

// known is the state as the seat to act knows it while the players choose:
// the sheets it does not write on as at the start of the turn (an A8 score
// reads two sheets, one of which another seat may be writing on).
func (s *State) known() *State {
	if s.phase != phDecide {
		return s
	}
	c := *s
	for i := range c.g.sheets() {
		if c.writer(i) != int(c.cur) {
			c.sh[i] = c.pub[i]
		}
	}
	return &c
}

func (s *State) cardsLine() string {
	var b strings.Builder
	d := &s.deck
	if s.g.solo() {
		b.WriteString("Cards:")
		for i := 0; i < 3; i++ {
			fmt.Fprintf(&b, "  %d) %s", i+1, cardName(d.shown[i]))
		}
		fmt.Fprintf(&b, "   deck: %d left", int(d.left[0])+d.known[0].count())
		if d.pass[0] > 0 {
			b.WriteString(" (second pass)")
		}
	} else {
		b.WriteString("Combinations:")
		for i := 0; i < 3; i++ {
			num, act := "-", "-"
			if c := d.shown[3+i]; c != noCard {
				num = itoa(int(cardNum[c]))
			}
			if c := d.shown[i]; c != noCard {
				act = actNames[cardAct[c]]
			}
			fmt.Fprintf(&b, "  c%d) %s %s", i+1, num, act)
		}
		fmt.Fprintf(&b, "   unseen: %d", d.unseen.count())
	}
	b.WriteString("\n")
	return b.String()
}

func (s *State) stepLine() string {
	c := &s.ctx
	switch s.sub {
	case subChoose:
		if s.g.solo() {
			return "pick a combination ([n1a2] = the number of card 1 with the action of card 2; ASTRA gets the third card)"
		}
		return "pick a combination"
	case subModifier:
		return fmt.Sprintf("Astronaut: adjust %d by -2..+2", c.value)
	case subSpace:
		return fmt.Sprintf("write %d (%s)", c.value, actNames[c.act])
	case subEffect:
		if c.npend > 0 {
			return s.effectPrompt(c.pend[0])
		}
	}
	return ""
}

// effectPrompt says what the player to act decides about effect e, and for
// the questions that come back turn after turn, why they are asked.
func (s *State) effectPrompt(e effect) string {
	switch e.kind {
	case effMission:
		l, k := s.lay(), e.arg
		m := l.missions[k][max(s.mission[k], 0)]
		why := "met now"
		if !l.rules().missionMet(s, int(s.cur), m.card) {
			why = "not met yet, but the open Sabotages may circle System Errors in phase 5"
		}
		return fmt.Sprintf("mission %c (card %d: %s) is %s. Accomplish it at the end of the turn if it is met then? "+
			"(asked each turn while it may be met; declining keeps it open)", 'A'+k, m.card, m.text, why)
	case effEnergy:
		return "Energy: circle the next energy? (every second one forces a wall)"
	case effGive:
		third := "the third card"
		if t := s.ctx.third; t >= 0 && t < 3 && s.deck.shown[t] != noCard {
			third += " (" + cardName(s.deck.shown[t]) + ")"
		}
		return fmt.Sprintf("give %s to ASTRA, or spend a Solo bonus to discard it instead (%d unspent)?",
			third, s.astra.bonus-s.astra.used)
	case effErrCard:
		return "System Error: choose the card ASTRA gets"
	case effAstra:
		return "the ASTRA card makes you cross off " + astraBoxKind(s.lay()) + " still available: pick which"
	}
	return "choose the " + effNames[e.kind]
}
