// Package seat gives front ends written by others an AI for any seat of any
// moongym game, the way chess front ends talk to engines over UCI and Go
// front ends to bots over GTP, but with JSON that any language reads.
//
// A [Service] keeps game sessions (a game, its parameters, a seed, which
// seats are human and which are played by an agent spec such as "random",
// "heuristic" or "mcts:sims=200") and runs the operations on them: list the
// games and agents, start a session, read it (state JSON, drawing, player to
// move, legal actions with names, scores, returns), play a human move by name
// or index, let the AI play its seats, delete it, the stateless "best move
// for this state or record with this agent and budget", and "analyze": hints
// and analysis in the manner of KataGo's analysis engine (per-seat values,
// the top moves with visits, priors and values, the principal line) for a
// session's position or a given one, always as one seat sees it: what that
// seat may not know is redrawn before any agent looks ([Service.Analyze],
// [Service.AnalyzeSession]).
//
// Two protocols carry the same operations: [NewHandler] is an HTTP/JSON API
// (moongym serve) and [ServeLines] speaks JSON lines over a reader and a
// writer (moongym engine, for front ends that start the engine as a child
// process). docs/protocol.md documents every request, response and error.
//
// Seats are isolated by capabilities: a start returns [Tokens], one a human
// seat (its view, its moves) and one for the session's creator (the whole
// view, every seat, delete); a [Caller] presents one. [Guard] refuses what a
// web page of another site can make a browser send (non-JSON POSTs, foreign
// origins, rebound host names). docs/protocol.md's "Security" section says
// what the service promises.
//
// Bad input never hurts a session or the server: every error carries a
// machine-readable code and an HTTP status ([Classify]); a failed request
// leaves its session as it was; [Limits] bound the body size, the search
// budget (the "sims" option of an agent spec) and every agent option that
// scales memory or work, the searches computed at once, the time of a
// request (a search stops when its request ends), the sessions kept in all
// and per client, and how long an idle session lives; a panic in one
// request is recovered and reported as an internal error.
//
// The package registers nothing: import github.com/moongym/moongym/agents/all
// (as the moongym command does) to get every game and agent.
package seat
