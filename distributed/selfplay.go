package distributed

import (
	"bytes"
	"context"
	"encoding/gob"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// gameMsg is the result message of one self-play game, gob-encoded: the
// run, game and model version (the iteration) it belongs to, and its
// training positions.
type gameMsg struct {
	Run       string
	Game      string
	Params    string
	Iteration int64
	Index     int
	Result    training.GameResult
	Error     string
}

// playSelfPlay plays a self-play item: exactly game Index of the iteration
// SelfPlay.Play would play with the same model.
func playSelfPlay(g engine.Game, ev mcts.Evaluator, it *Item) ([]byte, error) {
	sp := training.SelfPlay{Game: g, Cfg: *it.Config}
	msg := gameMsg{Run: it.Job, Game: it.Game, Params: it.Params.String(), Iteration: it.Iteration, Index: it.Index}
	r, err := sp.PlayGame(ev, it.Iteration, it.Index)
	if err != nil {
		msg.Error = err.Error()
	} else {
		msg.Result = r
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&msg); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Source is a training.GameSource that has the workers play a run's
// self-play: for iteration it, it stores the current network as model
// version it in ModelBucket, queues the iteration's games, and gathers
// their results from the run's results subject, reading on from the
// position saved in the checkpoint. Every game is counted once: a result
// is taken only for the current iteration, each index once; anything else
// (a repeat, a stale game, another game, a malformed message) is logged
// and dropped. It is also the run's training.MatchSource and
// training.ImitationSource: the workers play its evaluation matches (see
// Play) and its imitations' games (see Records) too. A Source serves one
// run, one call at a time.
type Source struct {
	Ctx  context.Context
	JS   jetstream.JetStream
	Game engine.Game
	Cfg  training.Config
	// Run names the run's items, results and models (see CheckJob).
	Run string
	// Logf reports dropped results (nil: silent).
	Logf func(format string, args ...any)
	// OnGame, if set, is called as self-play results arrive with the
	// count so far and the iteration's total.
	OnGame func(done, total int)

	// evalFrom is the stream position after which the next evaluation
	// match's results are read (see Play); evalHeld are the evaluation
	// networks kept in ModelBucket, the latest last.
	evalFrom uint64
	evalHeld []string
}

// modelName is the object of a run's model version.
func modelName(run string, version int64) string { return fmt.Sprintf("%s/%d", run, version) }

// Games implements training.GameSource.
func (s *Source) Games(net *models.Network, it int64, n int, from uint64) ([]training.GameResult, uint64, error) {
	if err := s.Publish(net, it, n); err != nil {
		return nil, from, err
	}
	return s.Gather(it, n, from)
}

// Publish stores net as model version it and queues the iteration's n
// games (again after a restart: the repeats are dropped by their ids).
func (s *Source) Publish(net *models.Network, it int64, n int) error {
	if err := CheckJob(s.Run); err != nil {
		return err
	}
	data, err := encodeModel(s.Game, net)
	if err != nil {
		return err
	}
	name := modelName(s.Run, it)
	var stale []string
	if it >= heldModels {
		// Items of older versions are all played: drop their model.
		stale = append(stale, modelName(s.Run, it-heldModels))
	}
	if err := storeModel(s.Ctx, s.JS, name, data, false, stale...); err != nil {
		return err
	}
	cfg := s.Cfg
	base := Item{Kind: KindSelfPlay, Job: s.Run, Game: s.Game.Spec().Name, Params: s.Game.Params(),
		Config: &cfg, Iteration: it, Model: name}
	return publishItems(s.Ctx, s.JS, base, 0, n)
}

// Gather reads the run's results after stream position from until it has
// games 0..n-1 of iteration it, and returns them in order with the
// position of the last message read.
func (s *Source) Gather(it int64, n int, from uint64) ([]training.GameResult, uint64, error) {
	cons, err := orderedConsumer(s.Ctx, s.JS, resultSubject(KindSelfPlay, s.Run), from)
	if err != nil {
		return nil, from, err
	}
	name, params := s.Game.Spec().Name, s.Game.Params().String()
	decode := func(data []byte) (int, training.GameResult, error) {
		var g gameMsg
		switch err := gob.NewDecoder(bytes.NewReader(data)).Decode(&g); {
		case err != nil:
			return 0, g.Result, fmt.Errorf("not a game record: %w", err)
		case g.Run != s.Run || g.Game != name || g.Params != params:
			return 0, g.Result, fmt.Errorf("from run %q of %s %s", g.Run, g.Game, g.Params)
		case g.Iteration != it:
			return 0, g.Result, fmt.Errorf("model version %d, not %d", g.Iteration, it)
		case g.Error != "":
			return g.Index, g.Result, fmt.Errorf("%w: iteration %d game %d: %s", ErrGame, it, g.Index, g.Error)
		}
		return g.Index, g.Result, nil
	}
	var onGame func(int, training.GameResult, int) error
	if s.OnGame != nil {
		onGame = func(_ int, _ training.GameResult, done int) error { s.OnGame(done, n); return nil }
	}
	games, _, pos, err := gather(s.Ctx, cons, n, "run "+s.Run, s.Logf, decode, onGame)
	if err != nil {
		return nil, from, err
	}
	s.evalFrom = pos
	return games, pos, nil
}
