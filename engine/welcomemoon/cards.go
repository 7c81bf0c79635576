package welcomemoon

import "math/bits"

// The 63 Starship cards (deck.md 1.1-1.2) have ids 0..62 in the folder's
// order (folder card k is id k-1): by number, then Robot, Energy, Plant,
// Water, Astronaut, Planning. Ids 63, 64, 65 are the solo ASTRA effect
// cards A, B, C.
const (
	numStarship = 63
	cardAstraA  = 63
	numCards    = 66
	noCard      = -1
)

// composition[n-1][a] is the number of cards with number n and action a.
var composition = [15][numActs]int8{
	{1, 1, 0, 0, 0, 0}, // 1
	{1, 0, 1, 0, 0, 0}, // 2
	{0, 0, 0, 1, 1, 1}, // 3
	{0, 1, 1, 0, 1, 1}, // 4
	{2, 2, 1, 0, 0, 0}, // 5
	{1, 1, 1, 1, 1, 1}, // 6
	{1, 2, 2, 1, 0, 0}, // 7
	{2, 0, 2, 1, 1, 1}, // 8
	{1, 2, 2, 1, 0, 0}, // 9
	{1, 1, 1, 1, 1, 1}, // 10
	{2, 2, 1, 0, 0, 0}, // 11
	{0, 1, 1, 0, 1, 1}, // 12
	{0, 0, 0, 1, 1, 1}, // 13
	{1, 0, 1, 0, 0, 0}, // 14
	{1, 1, 0, 0, 0, 0}, // 15
}

// cardNum and cardAct are the number and action of each Starship card.
var cardNum, cardAct = func() (n, a [numStarship]int8) {
	i := 0
	for num := range composition {
		for act := range composition[num] {
			for k := int8(0); k < composition[num][act]; k++ {
				n[i], a[i] = int8(num+1), int8(act)
				i++
			}
		}
	}
	return
}()

func isAstraCard(c int8) bool { return c >= cardAstraA && c < numCards }

// cardSet is a set of card ids (bit i of word i/64).
type cardSet [2]uint64

func (c *cardSet) has(id int8) bool { return c[id>>6]&(1<<(id&63)) != 0 }
func (c *cardSet) add(id int8)      { c[id>>6] |= 1 << (id & 63) }
func (c *cardSet) del(id int8)      { c[id>>6] &^= 1 << (id & 63) }
func (c *cardSet) count() int       { return bits.OnesCount64(c[0]) + bits.OnesCount64(c[1]) }
func (c *cardSet) empty() bool      { return c[0] == 0 && c[1] == 0 }

// regular keeps only the Starship cards.
func (c cardSet) regular() cardSet { return cardSet{c[0] &^ (1 << 63), 0} }

// allStarship is the set of the 63 Starship cards; allAstra the 3 ASTRA cards.
var (
	allStarship = cardSet{1<<63 - 1, 0}
	allAstra    = cardSet{1 << 63, 3}
)

func cardName(c int8) string {
	switch {
	case c == noCard:
		return "-"
	case isAstraCard(c):
		return "ASTRA-" + string(rune('A'+c-cardAstraA))
	case c >= 0 && c < numStarship:
		return itoa(int(cardNum[c])) + " " + actNames[cardAct[c]]
	}
	return "?"
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// sameKind: identical cards (same number and action) are interchangeable;
// a flip names the kind and takes the lowest id of that kind.
func sameKind(a, b int8) bool {
	if a < 0 || b < 0 || a >= numStarship || b >= numStarship {
		return a == b
	}
	return cardNum[a] == cardNum[b] && cardAct[a] == cardAct[b]
}

// copies: if c is the lowest id of its kind in the set, the number of cards
// of that kind in the set; else 0. Cards of one kind have consecutive ids.
func (c *cardSet) copies(id int8) int {
	if !c.has(id) || (id > 0 && sameKind(id-1, id) && c.has(id-1)) {
		return 0
	}
	n := 1
	for k := id + 1; k < numCards && sameKind(id, k); k++ {
		if c.has(k) {
			n++
		}
	}
	return n
}
