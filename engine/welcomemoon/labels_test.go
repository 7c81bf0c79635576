package welcomemoon

import (
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
	enginetest.CheckLabels(t, g, []enginetest.LabelCase{
		{Moves: []string{c}, Action: "", Want: "take 2 Robot (pair 1)"},
		{Moves: []string{c}, Action: "3 Energy [c2]", Want: "take 3 Energy (pair 2)"},
		{Moves: []string{c, ""}, Action: "", Want: "write 2 on space 12 (zone F4)"},
		{Moves: []string{c, ""}, Action: "space-47", Want: "write 2 on space 47 (zone F9)"},
		{Moves: []string{c, "", "space-12"}, Action: "", Want: "take 2 Robot (pair 1)"},
		{Moves: []string{c, "", "space-12", ""}, Action: "", Want: "write 2 on space 12 (zone F4)"},
	})
}

func TestResults(t *testing.T) {
	g, err := engine.Load(Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckResults(t, g, []enginetest.ResultCase{
		{Seed: 1, Want: []string{"You lost -10 to 40.", "You won 40 to -10."}},
		{Seed: 2, Want: []string{"You lost 5-55.", "You won 55-5."}},
		{Seed: 3, Want: []string{"You lost 5-65.", "You won 65-5."}},
	})
}

func TestSoloResults(t *testing.T) {
	g, err := engine.Load(Name, engine.Params{"players": "1"})
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckResults(t, g, []enginetest.ResultCase{
		{Seed: 1, Want: []string{"ASTRA beat you 150 to -5."}},
		{Seed: 5, Want: []string{"ASTRA beat you 150 to 15."}},
	})
}
