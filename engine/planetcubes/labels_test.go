package planetcubes

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
		{Moves: []string{c}, Action: "end", Want: "end the turn"},
		{Moves: []string{c}, Action: "R1", Want: "select R1 on S1"},
		{Moves: []string{c, "R1"}, Action: "", Want: "end the turn"},
		{Moves: []string{c, "R1"}, Action: "back", Want: "take back the last choice"},
	})
}

func TestResults(t *testing.T) {
	g, err := engine.Load(Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckResults(t, g, []enginetest.ResultCase{
		{Seed: 1, Want: []string{"You won 66-26; the goal was 64 points.", "You lost 26-66; the goal was 64 points."}},
		{Seed: 2, Want: []string{"You lost 54-64; the goal was 64 points.", "You won 64-54; the goal was 64 points."}},
		{Seed: 3, Want: []string{"You won 64-26; the goal was 64 points.", "You lost 26-64; the goal was 64 points."}},
	})
}
