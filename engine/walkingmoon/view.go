package walkingmoon

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
)

var _ engine.PlayerViewer = (*State)(nil)

// StringFor draws the state as seat p may see it: String, which shows only
// that an astronaut holds an action card ("card"), with the cards of p's
// own astronauts named ("card:slipstream", and "drawn:teamwork" for a
// second card waiting to be kept or discarded). The other seats' cards
// stay hidden; a p that is not a seat sees what String shows.
func (s *State) StringFor(p engine.Player) string {
	if p < 0 || int(p) >= s.g.seats {
		return s.String()
	}
	return s.withCards(func(a int) bool { return s.g.seat(a) == int(p) })
}

// withCards is String with the cards of the astronauts that show(a) named.
func (s *State) withCards(show func(a int) bool) string {
	full := s.String()
	g := s.g
	lines := strings.Split(full, "\n")
	for a := 0; a < g.na; a++ {
		as := &s.ast[a]
		if !show(a) || (as.Card == noCard && as.Card2 == noCard) {
			continue
		}
		prefix := fmt.Sprintf("%d %-4s col ", a, g.astroName(a))
		for i, line := range lines {
			if strings.HasPrefix(line, prefix) {
				lines[i] = s.ownCards(as, line)
				break
			}
		}
	}
	return strings.Join(lines, "\n")
}

// ownCards names the cards in an astronaut's line of String.
func (s *State) ownCards(as *astro, line string) string {
	if as.Card != noCard {
		line = strings.Replace(line, " card", " card:"+cardNames[as.Card], 1)
	}
	if as.Card2 != noCard {
		if k := strings.LastIndex(line, "  points "); k >= 0 {
			line = line[:k] + " drawn:" + cardNames[as.Card2] + line[k:]
		}
	}
	return line
}

// ActionStringFor names action a as seat p sees it being played. An action
// card dealt to another seat's astronaut is "a card is dealt to p1a" (its
// owner sees "draw-slipstream"), and in the English edition another seat's
// choice between its two cards is "keeps one card, discards one face
// down" (its owner sees "keep-slipstream" or "take-teamwork"). Everything
// else is public and named in full, except that where several legal
// actions lead to the same position as p observes it (two jumps that both
// hit rock on their first advance, a crash that leaves the astronaut in the
// box it started from), they are named together: "one of blue1, blue3
// (same result)". The observation keeps no trace of which it was, and the
// view follows it, unless the drawing (StringFor) tells them apart (which
// die an energy cell rerolls shows while it is rerolled): then p may know
// which it was.
func (s *State) ActionStringFor(p engine.Player, a engine.Action) string {
	t, ok := s.top()
	if !ok || p < 0 || int(p) >= s.g.seats || s.CurrentPlayer() == p {
		return s.ActionString(a)
	}
	if owner := int(t.A); owner >= 0 && owner < s.g.na && s.g.seat(owner) != int(p) {
		switch {
		case t.Kind == kDraw && a >= 0 && int(a) < numCardTypes:
			if t.B == 1 {
				return "a second card is dealt to " + s.g.astroName(owner)
			}
			return "a card is dealt to " + s.g.astroName(owner)
		case t.Kind == kKeep && s.g.edition == editionEN && (a == aKeep || a == aTake):
			return "keeps one card, discards one face down"
		}
	}
	return s.sameResult(p, a)
}

// maxListed is how many names of actions with the same result are listed.
const maxListed = 4

// sameResult names a together with every legal action that leaves p
// observing the same position and drawing it the same (StringFor), in
// legal order, so that all of them get the same name; a alone when none
// does.
func (s *State) sameResult(p engine.Player, a engine.Action) string {
	legal := s.LegalActions(nil)
	if len(legal) < 2 {
		return s.ActionString(a)
	}
	mine, other := make([]float32, s.g.obsSize), make([]float32, s.g.obsSize)
	after := func(x engine.Action, o []float32) ([]float32, string) {
		c := *s
		c.Apply(x)
		c.Observe(p, o)
		return o, c.StringFor(p)
	}
	_, drawn := after(a, mine)
	var names []string
	for _, x := range legal {
		if x == a {
			names = append(names, s.ActionString(x))
			continue
		}
		if o, d := after(x, other); slices.Equal(o, mine) && d == drawn {
			names = append(names, s.ActionString(x))
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	if len(names) > maxListed {
		return "one of " + strconv.Itoa(len(names)) + " moves with the same result (" + strings.Join(names[:maxListed], ", ") + ", ...)"
	}
	return "one of " + strings.Join(names, ", ") + " (same result)"
}
