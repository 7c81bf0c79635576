// Package benchall benchmarks the search on every registered game (it
// iterates engine.Games(), so games added later are covered). It lives apart
// from package mcts so that mcts's own tests do not depend on every game
// compiling. Run:
//
//	go test -run '^$' -bench . ./mcts/benchall/
package benchall
