// Package mcts is Monte Carlo tree search over any engine.State: PUCT with
// priors (AlphaZero) and UCT, with a batched Evaluator.
//
// One Search serves every game:
//
//   - Values are vectors, one entry per seat in absolute seat order, and the
//     backup is max^n: at a decision node the player to move picks the edge
//     that is best for itself. Two-player zero-sum games, games of 3-6
//     players and cooperative games (identical utilities) all work without
//     special cases.
//   - Chance nodes sample an outcome by its probability and never call the
//     Evaluator.
//   - Games with hidden information are searched with single-observer
//     information-set MCTS: each simulation starts from a world drawn with
//     State.Resample(searcher, rng), and every tree node below the root is
//     keyed on the searching player's information (the sequence of its
//     observations and its own actions), never on the hidden state. Legal
//     actions of other players may differ between worlds; the selection
//     formulas then use availability counts (Cowling, Powley and Whitehouse,
//     2012) instead of parent visit counts.
//   - Budgets are in simulations (Config.Sims), with an optional wall-clock
//     cap on top, so results are reproducible for a seed. RunContext also
//     stops, with an error wrapping the context's, when its context is
//     done (it looks every few dozen simulations); Run is RunContext with a
//     context that never is.
//   - Storage is flat: nodes and edges live in slices of structs indexed by
//     int32, with an open-addressing table (also slices) for the
//     information-set children. In steady state a perfect-information search
//     makes no heap allocation per simulation; an information-set search
//     makes whatever State.Resample allocates (one state per simulation for
//     the games in this module).
//   - Selection reads nothing but the parent's edges: each edge keeps its Q
//     (the child's exact value once the solver has proven it) up to date
//     as it changes, and ln N or sqrt N is worked out once per node, not
//     per edge. Results are pinned bit for bit by golden traces
//     (testdata/search.golden), so speed-ups cannot change them.
//
// Exploration formulas use values scaled to [0, 1] from the game's
// [MinUtility, MaxUtility], so one exploration constant fits every game:
//
//	UCT:  Q + c * sqrt(ln N / n)          (unvisited edges first, in random order)
//	PUCT: Q + c * P * sqrt(N) / (1 + n)   (unvisited edges use the node's mean value)
//
// where Q is the mean value of the edge for the player to move, n its visits,
// N the number of times the edge was available (the number of selections
// made at the parent in a perfect-information game) and P its prior.
//
// With Config.Gumbel the search is Gumbel AlphaZero instead (gumbel.go):
// Gumbel-top-m sampling and sequential halving at the root, deterministic
// improved-policy selection below it, and the improved policy in
// Result.Policy as a policy target that keeps improving with 8-32
// simulations. It is off by default.
//
// RunBudget runs one search with another budget and, optionally, without
// root noise, on the same tree: playout cap randomization's cheap searches.
//
// After a Run, RootStats, PrincipalVariation and Line read the tree for
// analysis (the seat server's analyze operation): each root action's
// visits, prior and value, and the lines the search expects. They only
// read; the search pays nothing for them.
package mcts
