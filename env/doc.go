// Package env wraps any engine.Game as a Gym-style reinforcement-learning
// environment.
//
//   - [Make] / [New] give a multi-agent environment in the AEC style of
//     PettingZoo: one seat acts at a time; [Env.Reset] and [Env.Step] return
//     the observation tensor and legal-action mask of the seat to act next,
//     rewards for every seat, terminated and truncated flags and an info
//     with the game's scores. Chance nodes are resolved inside with the
//     environment's seeded generator.
//   - [SingleAgent] plays every other seat with agents, so single-agent RL
//     code can train one seat against fixed opponents.
//   - [Vec] steps several environments in parallel with Gymnasium's
//     next-step autoreset, keeping the final observation in the info.
//
// Observations are relative to the seat they are for (engine.State.Observe).
// Slices in returned values are owned by the caller: an environment never
// writes into them again.
package env
