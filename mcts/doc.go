// Package mcts is Monte Carlo tree search over any engine.State: PUCT with
// priors (AlphaZero) and UCT, with a batched Evaluator.
package mcts
