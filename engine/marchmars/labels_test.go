package marchmars

import (
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

func TestActionLabels(t *testing.T) {
	g, err := engine.Load(Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := enginetest.Chance
	setup := []string{c, "", c, "", c, "", c, ""}
	landed := slices.Concat(setup, []string{"lz1", "lz1", "lz2", "lz3", c})
	turn := slices.Concat(landed, []string{"next-m1"})
	rolled := slices.Concat(turn, []string{"a1-black", "a1-white", "a2-blue", "a2-black", c})
	enginetest.CheckLabels(t, g, []enginetest.LabelCase{
		{Moves: []string{c}, Action: "", Want: "keep the ability orbital bombing"},
		{Moves: []string{c}, Action: "fusion-cannon", Want: "keep the ability fusion cannon"},
		{Moves: setup, Action: "lz2", Want: "land in box 2 of the Landing Zone"},
		{Moves: landed, Action: "next-m3", Want: "marine 3 plays next"},
		{Moves: turn, Action: "a1-white", Want: "action 1: add a white die"},
		{Moves: turn, Action: "missile-seeking", Want: "fire the Seeking missile"},
		{Moves: turn, Action: "orbital-bombing-slot1", Want: "orbital bombing: clear the card in slot 1"},
		{Moves: slices.Concat(turn, []string{"a1-black"}), Action: "a2-blue", Want: "action 2: add a blue die"},
		{Moves: rolled, Action: "", Want: "move left: black 1, straight"},
		{Moves: rolled, Action: "let-go", Want: "let the roll go: do nothing"},
	})
}

func TestResults(t *testing.T) {
	g, err := engine.Load(Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckResults(t, g, []enginetest.ResultCase{
		{Seed: 1, Want: []string{"The team lost: the Landing Zone fell to the third attack on turn 4.", "The team lost: the Landing Zone fell to the third attack on turn 4.", "The team lost: the Landing Zone fell to the third attack on turn 4."}},
		{Seed: 2, Want: []string{"The team lost: the Landing Zone fell to the third attack on turn 4.", "The team lost: the Landing Zone fell to the third attack on turn 4.", "The team lost: the Landing Zone fell to the third attack on turn 4."}},
		{Seed: 3, Want: []string{"The team lost: the Landing Zone fell to the third attack on turn 4.", "The team lost: the Landing Zone fell to the third attack on turn 4.", "The team lost: the Landing Zone fell to the third attack on turn 4."}},
	})
}

// TestResultOfTheEnds: the three ends of the team's game.
func TestResultOfTheEnds(t *testing.T) {
	g, err := engine.Load(Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		result, attacks, turn int8
		want                  string
	}{
		{1, 0, 6, "The team won: the MMM was blown up on turn 6."},
		{-1, 3, 5, "The team lost: the Landing Zone fell to the third attack on turn 5."},
		{-1, 2, 8, "The team lost: the MMM still stands after 8 turns."},
	}
	for _, c := range cases {
		_, s := enginetest.RandomRecord(g, 1)
		st := s.(*State)
		st.result, st.attacks, st.turn = c.result, c.attacks, c.turn
		for p := -1; p < g.NumPlayers(); p++ {
			if got := st.Result(engine.Player(p)); got != c.want {
				t.Errorf("p%d: %q, want %q", p, got, c.want)
			}
		}
	}
}
