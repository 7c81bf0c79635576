// Package distributed spreads a tournament's games and a training run's
// self-play, evaluation and imitation games over worker processes on
// several machines, through NATS JetStream: work items on a work-queue
// stream, results on a results stream with one message id per game
// (JetStream drops a repeat), and the learner's networks in an object
// store.
//
// It sits above arena and training, which know nothing of it: an arena
// run here gives exactly the games arena.Run gives for the same seed, and a
// distributed training run exactly the games SelfPlay.Play, EvalMatch and
// an imitation's recorder (training.NewImitationRecorder) give, because
// every game is seeded by its index. See docs/distributed.md.
//
// The pieces: Server (an embedded NATS server with JetStream), Connect and
// Setup (the client and the streams), Item (a work item), Worker (plays
// items), RunArena (a tournament over the workers) and Source (a
// training.GameSource that gathers self-play games from the workers, a
// training.MatchSource that has them play the evaluation matches, and a
// training.ImitationSource that has them play the imitations' games).
package distributed
