// Package mctsagent registers two agent specs built on search:
//
//   - "mcts": Monte Carlo tree search (package mcts) with random rollouts or
//     the game's heuristic evaluation at the leaves, e.g.
//     "mcts:sims=800,c=1.4,seed=1". It is an agents.Policier: its policy is
//     the root visit distribution.
//   - "greedy": a one-ply player that takes the action whose result the
//     game's heuristic evaluation (agents.Heuristic.Evaluate) likes best,
//     averaging over chance outcomes and, with hidden information, over
//     worlds resampled from what the player may know.
//
// Both stop when asked to under a context that is done (agents.ActContext:
// the search looks at it every few dozen simulations, the greedy agent
// between worlds), and declare the bounds a server accepts for the
// options that scale their work or memory (agents.CheckBounds).
//
// Import it for its side effect (agents/all does).
package mctsagent
