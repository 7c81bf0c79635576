package walkingmoon

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

const chance = enginetest.Chance

func TestActionLabels(t *testing.T) {
	g, err := engine.Load(Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	prog := []string{chance, "j1-black", "j1-white", "j2-blue", "j2-black"}
	enginetest.CheckLabels(t, g, []enginetest.LabelCase{
		{Moves: []string{chance}, Action: "j1-blue", Want: "jump 1: add a blue die"},
		{Moves: []string{chance}, Action: "j1-white", Want: "jump 1: add a white die"},
		{Moves: []string{chance, "j1-blue"}, Action: "j2-black", Want: "jump 2: add a black die"},
		{Moves: append(prog, chance), Action: "black1:U", Want: "black 1, up at 1 → col 1 L1, crash"},
		{Moves: append(prog, chance), Action: "black1:S", Want: "black 1, straight → col 1 L1"},
		{Moves: append(prog, chance), Action: "white1:D", Want: "white 1, down at 1 → col 0 L1, crash"},
		{Moves: append(prog, chance, "black1:S"), Action: "roll", Want: "roll the dice of jump 2"},
		{Moves: append(prog, chance, "black1:S"), Action: "stop", Want: "stop here: end the turn"},
	})
}

func TestResults(t *testing.T) {
	g, err := engine.Load(Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckResults(t, g, []enginetest.ResultCase{
		{Seed: 1, Want: []string{"You came 3rd of 4 with 1 point (winner: p3, 3).", "You came 4th of 4 with 1 point (winner: p3, 3).", "You came 2nd of 4 with 2 points (winner: p3, 3)."}},
		{Seed: 2, Want: []string{"You came 2nd of 4 with 4 points (winner: p1, 12); first across the line: p1.", "You won, 1st of 4 with 12 points; first across the line: p1.", "You came 3rd of 4 with 1 point (winner: p1, 12); first across the line: p1."}},
	})
}
