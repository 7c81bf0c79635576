package tictactoe

import (
	"testing"

	"github.com/moongym/moongym/engine/enginetest"
)

func TestActionLabels(t *testing.T) {
	enginetest.CheckLabels(t, Game{}, []enginetest.LabelCase{
		{Moves: nil, Action: "b2", Want: "X in row 2, column 2 (centre)"},
		{Moves: nil, Action: "c1", Want: "X in row 1, column 3"},
		{Moves: []string{"b2"}, Action: "a1", Want: "O in row 1, column 1"},
		{Moves: []string{"b2", "a1"}, Action: "a3", Want: "X in row 3, column 1"},
	})
}

func TestResults(t *testing.T) {
	enginetest.CheckResults(t, Game{}, []enginetest.ResultCase{
		{Seed: 1, Want: []string{"You (X) won with three in a row.", "You lost: X made three in a row."}},
		{Seed: 2, Want: []string{"You lost: O made three in a row.", "You (O) won with three in a row."}},
		{Seed: 5, Want: []string{"A draw: the board is full and nobody made a line.", "A draw: the board is full and nobody made a line."}},
	})
}
