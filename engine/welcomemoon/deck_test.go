package welcomemoon

import (
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestDeckComposition checks the 63 cards against deck.md 1.1-1.2.
func TestDeckComposition(t *testing.T) {
	var byNum [16]int
	var byAct [numActs]int
	for c := 0; c < numStarship; c++ {
		byNum[cardNum[c]]++
		byAct[cardAct[c]]++
	}
	wantNum := [16]int{0, 2, 2, 3, 4, 5, 6, 6, 7, 6, 6, 5, 4, 3, 2, 2}
	if byNum != wantNum {
		t.Errorf("cards per number %v, want %v", byNum, wantNum)
	}
	if byAct != [numActs]int{14, 14, 14, 7, 7, 7} {
		t.Errorf("cards per action %v", byAct)
	}
	// folder card ids (1-based) -> number, action
	for _, c := range []struct {
		id  int
		num int8
		act int8
	}{{1, 1, actRobot}, {7, 3, actPlanning}, {22, 6, actPlanning}, {34, 8, actAstronaut}, {47, 10, actPlanning}, {63, 15, actEnergy}} {
		if cardNum[c.id-1] != c.num || cardAct[c.id-1] != c.act {
			t.Errorf("card %d = %d %s", c.id, cardNum[c.id-1], actNames[cardAct[c.id-1]])
		}
	}
}

// TestCombinationsUseTwoCards: a combination's number and action come from
// two different cards of the same pile; at the end of the turn the number
// card becomes the action card.
func TestCombinationsUseTwoCards(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := g.NewInitialState().(*State)
	rng := engineRNG(1)
	for s.phase == phChance {
		s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
	}
	for i := 0; i < 3; i++ {
		if s.deck.shown[i] == s.deck.shown[3+i] || s.deck.shown[i] < 0 {
			t.Fatalf("pile %d shows %v", i, s.deck.shown)
		}
	}
	numCard := s.deck.shown[3]
	for s.turn == 0 {
		legal := s.LegalActions(nil)
		s.Apply(legal[0])
	}
	if s.deck.shown[0] != numCard {
		t.Errorf("pile 0's number card %d did not become its action card (%v)", numCard, s.deck.shown)
	}
}

// TestPileReshufflesOwnDiscard: after 21 cards a pile is refilled with its
// own discard (all flipped cards but the one showing its action).
func TestPileReshufflesOwnDiscard(t *testing.T) {
	g := testGame(t, 2, 2, 1)
	s := g.NewInitialState().(*State)
	s.mission = [3]int8{0, 0, 0}
	s.deck.left[1] = 0
	s.deck.disc[1] = cardSet{1<<5 | 1<<9, 0}
	s.deck.unseen.del(5)
	s.deck.unseen.del(9)
	s.deck.shown = [6]int8{0, 2, 3, 4, -1, -1}
	for _, c := range []int8{0, 2, 3, 4} {
		s.deck.unseen.del(c)
	}
	s.deck.left = [3]int8{int8(s.deck.unseen.count()) - 10, 0, 10}
	s.phase = phChance
	// the next flip is pile 1's number card (slot 4)
	out := s.ChanceOutcomes(nil)
	if len(out) != 2 || out[0].Action != 5 || out[1].Action != 9 {
		t.Fatalf("pile 1 should draw from its discard {5, 9}, got %v", out)
	}
	s.Apply(5)
	if s.deck.pass[1] != 1 || !s.deck.known[1].has(9) || !s.deck.disc[1].empty() {
		t.Errorf("reshuffle: pass %d known %v disc %v", s.deck.pass[1], s.deck.known[1], s.deck.disc[1])
	}
}

// TestSoloDeck: ASTRA cards never come among the first 42 cards; the game
// ends when the deck runs out the second time.
func TestSoloDeck(t *testing.T) {
	g := testGame(t, 3, 1, 1)
	s := g.NewInitialState().(*State)
	s.mission = [3]int8{0, 0, 0}
	for _, o := range s.ChanceOutcomes(nil) {
		if isAstraCard(int8(o.Action)) {
			t.Fatalf("ASTRA card offered as first card")
		}
	}
	s.deck.left[0] = 24
	s.deck.unseen = cardSet{s.deck.unseen[0] &^ (1<<42 - 1), s.deck.unseen[1]}
	astra := 0
	for _, o := range s.ChanceOutcomes(nil) {
		astra += boolInt(isAstraCard(int8(o.Action)))
	}
	if astra != 3 {
		t.Errorf("%d ASTRA cards among the last 24", astra)
	}
	// second exhaustion
	s.deck = deck{}
	s.deck.shown = [6]int8{-1, -1, -1, -1, -1, -1}
	s.deck.pass[0] = 1
	s.deck.disc[0].add(3)
	s.advanceChance()
	if !s.IsTerminal() || s.ended != endDeck {
		t.Errorf("game did not end when the deck ran out twice: phase %d ended %d", s.phase, s.ended)
	}
}
