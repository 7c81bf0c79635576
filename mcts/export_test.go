package mcts

import "reflect"

func reflectTypeOf(v any) reflect.Type { return reflect.TypeOf(v) }

// PickGame is the three-player test game of maxn_test.go, for the external
// tests of this package.
var PickGame = pickGame{}
