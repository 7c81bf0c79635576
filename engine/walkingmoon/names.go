package walkingmoon

import (
	"fmt"
	"strings"
)

// MoveHelp explains the game's move names for people at a terminal
// ("moongym play" help, "moongym games walking-moon"), with what this
// configuration has: Earth Control, the advanced rules' robbery, cards and
// special boxes, the 2-player exchange.
func (g *Game) MoveHelp() string {
	var b strings.Builder
	line := func(name, meaning string) { fmt.Fprintf(&b, "  %-20s %s\n", name, meaning) }
	b.WriteString("Moves of Walking on the Moon (type a name, or its number in the list):\n")
	b.WriteString("Programming the turn, before any die is rolled:\n")
	line("j1-blue, j2-black ...", "put a die of that colour on jump 1, 2 or 3 (up to 3 jumps,")
	line("", "several dice on a jump, no jump skipped)")
	b.WriteString("After a roll, the result of one die (the screen lists where each would end):\n")
	line("blue3", "the blue die's 3: advance 3 columns, straight")
	line("black2:US", "the black die's 2, each advance S straight or U up (a diagonal climb)")
	line("white3:DSD", "the white die's 3, each advance S straight or D down (at least one D)")
	line("black2x:UU", "x is the skull: an accident at the end of the jump when it is chosen")
	line("->12/3", "(on the screen) the jump would end in column 12, level 3")
	line("+1sp", "(on the screen) Sputniks passed on the way, a point each")
	line("CRASH", "(on the screen) an accident: the turn ends, the astronaut is stunned")
	line("", "(2 dice next turn) and loses half its Sputniks")
	line("FINISH", "(on the screen) across the finish line")
	b.WriteString("After a safe landing:\n")
	line("roll", "roll the next jump's dice")
	line("stop", "end the turn here")
	if g.ecRules {
		b.WriteString("Earth Control (EC):\n")
		line("ec-die", "spend 1 EC for an extra die (before the first die is placed)")
		line("ec-reroll-2-black3", "spend 1 EC to reroll die 2 (a black 3)")
	}
	if g.advanced {
		b.WriteString("Advanced rules:\n")
		line("reroll-1-blue2", "reroll die 1 for free (the reroll special box)")
		line("rob-p1", "end a jump on p1: take one of its Sputniks")
		line("sabotage-p1", "end a jump on p1, who has none: give it a handicap counter (3 dice)")
		line("no-rob", "leave them alone")
		line("pass, play-CARD", "an action card's moment: keep the card for later, or play it;")
		line("", "the cards of this edition:")
		var cards []string
		for c, n := range g.deck {
			if n > 0 {
				cards = append(cards, cardNames[c])
			}
		}
		for len(cards) > 0 { // a few to a line
			k := min(4, len(cards))
			line("", strings.Join(cards[:k], ", "))
			cards = cards[k:]
		}
		if g.edition == editionEN {
			line("keep-CARD, take-CARD", "the round's draw: keep your card, or take the one drawn")
		} else {
			line("keep, swap", "the round's draw: keep your card, or swap it for the one drawn")
		}
		line("remove-blue", "No instructions: the die taken away")
		line("jump-white", "the die of a single-die jump (Extra jump, the jump box)")
		line("with-p2", "Teamwork: the partner who advances with you")
		line("spend-1, done", "the spend box: a Sputnik for a circle further; done stops")
		line("advance, stay", "take or decline a free advance (stay also declines the jump box)")
		var boxes []string
		for t, n := range g.tokens {
			if n > 0 {
				boxes = append(boxes, tokenNames[t])
			}
		}
		line("A-G on the track", "special boxes: "+strings.Join(boxes, ", "))
	}
	if g.seats == 2 {
		b.WriteString("Two players, two astronauts each (p0a p0b, p1a p1b):\n")
		line("give-sputnik, ...", "give-sputnik, take-sputnik, give-ec, take-ec, done: move counters")
		line("", "between your two astronauts")
	}
	b.WriteString("Chance, drawn and not chosen: cardN (a lunar card), token-NAME, draw-CARD, die faces (black2x).\n")
	b.WriteString("Astronauts: p0..p4, or p0a p1a p0b p1b with 2 players; 0-9 on the track, as numbered on the screen.\n")
	return b.String()
}
