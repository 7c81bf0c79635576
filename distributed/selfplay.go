package distributed

import (
	"bytes"
	"context"
	"encoding/gob"
	"errors"
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
// and dropped.
type Source struct {
	Ctx  context.Context
	JS   jetstream.JetStream
	Game engine.Game
	Cfg  training.Config
	// Run names the run's items, results and models (see CheckJob).
	Run string
	// Logf reports dropped results (nil: silent).
	Logf func(format string, args ...any)
	// OnGame, if set, is called as results arrive with the count so far
	// and the iteration's total.
	OnGame func(done, total int)
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
	ctx := s.Ctx
	if err := CheckJob(s.Run); err != nil {
		return err
	}
	var buf bytes.Buffer
	m := models.Model{Game: s.Game.Spec().Name, Params: s.Game.Params(), Net: net}
	if err := m.Encode(&buf); err != nil {
		return err
	}
	name := modelName(s.Run, it)
	if err := retry(ctx, func(ctx context.Context) error {
		store, err := s.JS.ObjectStore(ctx, ModelBucket)
		if err == nil {
			_, err = store.PutBytes(ctx, name, buf.Bytes())
		}
		if err == nil && it >= heldModels {
			// Items of older versions are all played: drop their model.
			if derr := store.Delete(ctx, modelName(s.Run, it-heldModels)); derr != nil && !errors.Is(derr, jetstream.ErrObjectNotFound) {
				err = derr
			}
		}
		return err
	}); err != nil {
		return fmt.Errorf("%w: model %s: %w", ErrNATS, name, err)
	}
	cfg := s.Cfg
	base := Item{Kind: KindSelfPlay, Job: s.Run, Game: s.Game.Spec().Name, Params: s.Game.Params(),
		Config: &cfg, Iteration: it, Model: name}
	return publishItems(ctx, s.JS, base, 0, n)
}

// Gather reads the run's results after stream position from until it has
// games 0..n-1 of iteration it, and returns them in order with the
// position of the last message read.
func (s *Source) Gather(it int64, n int, from uint64) ([]training.GameResult, uint64, error) {
	logf := s.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	cons, err := orderedConsumer(s.Ctx, s.JS, resultSubject(KindSelfPlay, s.Run), from)
	if err != nil {
		return nil, from, err
	}
	games := make([]training.GameResult, n)
	got := make([]bool, n)
	done := 0
	params := s.Game.Params().String()
	var gameErr error
	pos, err := readResults(s.Ctx, cons, func(m jetstream.Msg, seq uint64) bool {
		var g gameMsg
		switch err := gob.NewDecoder(bytes.NewReader(m.Data())).Decode(&g); {
		case err != nil:
			logf("run %s: dropping result %d: not a game record: %v", s.Run, seq, err)
		case g.Run != s.Run || g.Game != s.Game.Spec().Name || g.Params != params:
			logf("run %s: dropping result %d: from run %q of %s %s", s.Run, seq, g.Run, g.Game, g.Params)
		case g.Iteration != it:
			logf("run %s: dropping result %d: model version %d, not %d", s.Run, seq, g.Iteration, it)
		case g.Index < 0 || g.Index >= n:
			logf("run %s: dropping result %d: game %d of %d", s.Run, seq, g.Index, n)
		case got[g.Index]:
			logf("run %s: dropping result %d: game %d of iteration %d again", s.Run, seq, g.Index, it)
		case g.Error != "":
			gameErr = fmt.Errorf("%w: iteration %d game %d: %s", ErrGame, it, g.Index, g.Error)
			return true
		default:
			games[g.Index], got[g.Index] = g.Result, true
			done++
			if s.OnGame != nil {
				s.OnGame(done, n)
			}
		}
		return done == n
	})
	if err == nil {
		err = gameErr
	}
	if err != nil {
		return nil, from, err
	}
	return games, pos, nil
}
