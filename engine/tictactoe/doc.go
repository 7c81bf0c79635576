// Package tictactoe is the reference game of moongym, registered as
// "tictactoe": two players, no chance, perfect information. It is not a
// product game; it exists so that the engine contract, the conformance
// suite, search and learning can be checked against known results (255,168
// distinct games, 958 terminal positions).
//
// Actions 0..8 are the cells in reading order, named a1..c3 (column letter,
// row number, row 1 on top). The observation is [3, 3, 3]: the observer's
// marks, the opponent's marks, and the empty cells. Returns are +1 for a
// win, -1 for a loss and 0 for a draw.
package tictactoe
