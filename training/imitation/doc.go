// Package imitation plays and records the games of an imitation warm
// start (training.RunImitation, moongym imitate): who makes the moves and
// who gives the policy targets, each behind a small interface, and every
// random draw of a game derived in one place.
//
// At every decision of a recorded game (a player to act with more than one
// legal move) the Recorder asks, in this order:
//
//   - the imitated player (the game's heuristic, or its expert), one agent
//     per seat: its move is asked at every decision of every game, whoever
//     plays and whoever labels, so that its own random draws (ties broken
//     at random) go the same way in every kind of imitation;
//   - the game's keep draw (Seeds: is the position recorded?);
//   - the Labeller, for the moves the position teaches: the imitated
//     player's move (Imitated, a one-hot target, smoothed when the
//     positions are made), that move and the imitated player asked again
//     (Sampled: a heuristic that breaks ties at random teaches all its
//     equally good moves), or a searched network's move at the positions
//     kept (Teacher, expert iteration);
//   - the Player, for the move played: the imitated player's (Imitated),
//     a network's greedy move (Network), or either for a share of the games
//     (Share, DAgger);
//   - the game's play draw, which replaces the move by a uniformly random
//     legal one with probability epsilon.
//
// The recording loop knows nothing of the kinds; Seeds documents the
// seed of every draw and is the only reader of the keep and follow
// streams, and Walk, which replays a record to make its positions, draws
// the keep stream exactly as Play did, so the two cannot fall out of step.
//
// Why a package of its own: it needs nothing of the trainer (no Replay, no
// checkpoint, no network being trained), so training imports it and it
// imports only engine, agents, agents/mctsagent and mcts; the trainer's
// internals stay private, and what positions and value targets are made of
// a record (training's addRecord) stays with the replay buffer in
// training. ImitateConfig, the checkpoint (whose imitationState holds the
// Records) and the public API (HeuristicGames, Imitate, RunImitation) stay
// in training, which builds a Recorder from an ImitateConfig.
package imitation
