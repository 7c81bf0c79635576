package welcomemoon

import (
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/engine"
)

func testGame(t testing.TB, adv, players, level int) *Game {
	t.Helper()
	g, err := New(adv, players, level)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// findCard is the lowest id of an unplaced card with that number and action.
func findCard(t testing.TB, s *State, num int, act int8) int8 {
	t.Helper()
	for c := int8(0); c < numStarship; c++ {
		if int(cardNum[c]) == num && cardAct[c] == act && s.deck.unseen.has(c) {
			return c
		}
	}
	t.Fatalf("no unseen card %d %s", num, actNames[act])
	return -1
}

// newTurn makes a state at the start of a turn: missions drawn (card index
// per stack) and the combinations given as (number, action) pairs:
// multiplayer combination i = number nums[i] with action acts[i]; solo the
// three revealed cards are (nums[i], acts[i]).
func newTurn(t testing.TB, g *Game, missions [3]int8, nums [3]int, acts [3]int8) *State {
	t.Helper()
	s := g.NewInitialState().(*State)
	s.mission = missions
	place := func(slot int, num int, act int8) {
		c := findCard(t, s, num, act)
		s.deck.unseen.del(c)
		s.deck.left[s.pileOf(slot)]--
		s.deck.shown[slot] = c
	}
	for i := 0; i < 3; i++ {
		if g.solo() {
			place(i, nums[i], acts[i])
			continue
		}
		// the action card and the number card of pile i are two cards: the
		// action card's own number and the number card's own action are
		// taken as unused fillers
		place(i, fillerNum(acts[i]), acts[i])
		place(3+i, nums[i], fillerAct(nums[i]))
	}
	s.phase = phDecide
	s.cur = 0
	s.startSeat()
	return s
}

// fillerNum is some number that exists with action a; fillerAct some action
// that exists with number n.
func fillerNum(a int8) int {
	for n := 15; n >= 1; n-- {
		if composition[n-1][a] > 0 {
			return n
		}
	}
	return 0
}

func fillerAct(n int) int8 {
	for a := int8(0); a < numActs; a++ {
		if composition[n-1][a] > 0 {
			return a
		}
	}
	return 0
}

// do applies named actions, checked.
func do(t testing.TB, s *State, names ...string) {
	t.Helper()
	for _, n := range names {
		a, err := engine.ParseAction(s, n)
		if err != nil {
			t.Fatalf("%s: %v\n%s", n, err, s)
		}
		s.Apply(a)
	}
}

func legalNames(s *State) []string {
	var out []string
	for _, a := range s.LegalActions(nil) {
		out = append(out, s.ActionString(a))
	}
	return out
}

func has(list []string, x string) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

// write puts numbers on p's sheet directly: space id (1-based) -> value, or
// -1 for an X.
func write(s *State, p int, vals map[int]int) {
	for id, v := range vals {
		if v < 0 {
			s.sh[p].num[id-1] = xMark
		} else {
			s.sh[p].num[id-1] = int8(v + 1)
		}
	}
	s.syncPub()
}

func engineRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 3)) }
