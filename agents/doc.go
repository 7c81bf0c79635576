// Package agents defines the players of moongym games: the Agent interface,
// agent specs as strings ("random", "random:seed=3", "mcts:sims=800"), the
// registry that turns a spec into an agent, the random agent, the per-game
// heuristics that game packages register, and PlayGame, which plays one game
// between agents.
//
// An agent is handed the full state but must decide only from what the
// player to move may know: with hidden information, its decision must not
// change when State.Resample redraws what that player cannot see.
//
// For servers: CheckBounds refuses a spec whose options ask for more memory
// or work per move than the agent declares acceptable (Option.Max), and
// ActContext and PolicyContext ask an agent to move under a context, which
// searches (ContextActor, ContextPolicier) obey between simulations.
//
// Agents that live in other packages (search, networks) register themselves
// in init(); import github.com/moongym/moongym/agents/all to get every agent
// and every game.
package agents
