// Package arena plays tournaments between agents and measures them.
//
// # Entrants
//
// The players of a tournament are agent specs (Config.Agents, what the
// command line gives) or entrants (Config.Entrants): a name and a
// constructor called with a seed, so that agents that are not specs, such
// as a network held in memory during training, play by the same rules.
// SpecEntrant turns a spec into the entrant that plays exactly like it.
//
// # Openings
//
// Config.Opening > 0 plays the first decisions of every game uniformly at
// random among the legal actions, from a generator seeded by the game's
// seed, whoever is to move (chance outcomes do not count). Deterministic
// agents otherwise replay the same few games, whose count would overstate
// the evidence of a win rate. Report.Distinct says how many games differ
// (the same agents in the same seats and the same actions are one game);
// the table prints it beside the number of games.
//
// # Seating
//
// With k agents (in the order given) and n seats, game i seats them as
// follows. Let r = i mod k and q = (i / k) mod (k-1)!, and let base be the
// q-th permutation, in lexicographic order, of the agents 1..k-1, preceded
// by agent 0. Seat j gets agent base[(j + r) mod k]. So every aligned block
// of k consecutive games gives every agent every seat exactly once (when
// k < n an agent sits in several seats of one game; when k > n only n of
// the agents play a game), and over k! games every cyclic order of the
// agents appears. Use a number of games that is a multiple of k for equal
// seat counts (Config.Games not a multiple of k is allowed; Report.Balanced
// says whether the seats came out equal).
//
// # Results
//
// Outcomes come from State.Returns at the end of a game. For each seat: a
// win if its return is the unique maximum, a draw if it shares the maximum
// with other seats, a loss otherwise. In cooperative games (identical
// utilities) every seat has the same return, so the team result is used
// instead: a win above the midpoint of [MinUtility, MaxUtility], a loss
// below, a draw on it; a game of one seat (a solo game, e.g. Welcome to
// the Moon against ASTRA) is judged the same way. An agent that holds
// several seats of one game gets a result for each. The rank of a seat is 1 + the number of seats with a
// strictly greater return (ties share the better rank). The win rate counts
// a draw as half a win, with a 95% Wilson score interval.
//
// # Ratings
//
// With three or more agents, Elo ratings come from a Bradley-Terry fit over
// all pairs of seats held by different agents in each game (the greater
// return wins the pair; equal returns count half to each), by Newton's
// method with a weak prior (one virtual draw of each agent against a
// reference of rating 0) so that an unbeaten agent still gets a finite
// rating. Ratings are shifted to mean zero; their 95% intervals are ±1.96
// standard errors from the inverse Hessian at the optimum (a Laplace
// approximation). The same pairs, counted as wins, losses and draws of
// one agent against another (Report.Pairwise), say who beat whom; "moongym
// arena" prints them as a table.
//
// # Stopping
//
// Run stops at the first error, when its context is done, or when
// Config.Drain is closed. Drain is the gentle stop: no further game
// starts and the games in flight are played to their end and counted.
// The context is the hard one: the games in flight are played under it,
// every move asked through agents.ActContext, so that a search gives up,
// and such a game is not counted. Either way Run returns the finished
// games with a *StopError that says how many were played of how many and
// how many were stopped in flight ("moongym arena": the first Ctrl-C
// drains, the second stops). Config.GameStarted and GameEnded let a
// progress display count the games in flight.
//
// # Reproducibility
//
// Game i's seed is derived from Config.Seed and i alone, and every agent of
// game i is made afresh with seeds derived from it (as is its opening); the results (and the
// records) do not depend on Config.Parallel.
package arena
