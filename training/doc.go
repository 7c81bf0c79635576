// Package training is AlphaZero-style learning for any moongym game:
// self-play with many games in parallel whose network queries are batched
// together (Batcher), root visit counts as policy targets with Dirichlet
// noise and a temperature schedule, a replay ring buffer, a learner (the
// Gorgonia graph of models/graph with AdamW kept outside the graph),
// periodic evaluation (arena tournaments, seats rotated, win rates with
// 95% intervals) against random, the game's heuristic and the
// previous network, crash-safe checkpoints that resume exactly, and
// metrics as CSV and a PNG plot.
//
// A run is deterministic for its seed: every random choice of iteration i
// draws from generators seeded by (seed, i, ...), self-play outputs do not
// depend on how queries were batched, and a checkpoint holds everything
// else (weights, optimizer state, replay buffer, metrics), so a resumed run
// continues exactly as an uninterrupted one would have.
//
// A run may start by imitation (RunImitation: supervised learning on the
// games of the game's heuristic or expert, imitate*.go): the sub-package
// training/imitation plays and records those games (who plays, who
// labels, every draw of a game seeded in one place), and this package
// makes the positions of its records, learns them and keeps the games
// played in the run's checkpoint.
//
// The games of a run can be played elsewhere: the Trainer's Source
// (self-play), Matches (evaluation) and Imitations (an imitation's games,
// NewImitationRecorder's records) are the hooks package distributed fills
// in to have worker processes play them, the same games as in this
// process.
package training
