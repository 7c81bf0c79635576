package mcts

// PickGame is the three-player test game of maxn_test.go, for the external
// tests of this package.
var PickGame = pickGame{}
