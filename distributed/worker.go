package distributed

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// Worker takes work items from the work queue, plays them and publishes
// their results, Threads games at a time. Every item is acknowledged
// after its result is stored (or dropped as malformed), and kept alive
// with progress reports while its game runs, so that an item of a worker
// that dies is delivered again to another after the consumer's AckWait.
type Worker struct {
	JS       jetstream.JetStream
	Consumer jetstream.Consumer
	// Threads is the number of games played at once (at least 1).
	Threads int
	// Games, if positive, stops the worker after that many games.
	Games int
	// Logf reports dropped items and retries (nil: silent).
	Logf func(format string, args ...any)
	// OnGame, if set, is called after each published game with the count
	// so far, one call at a time.
	OnGame func(done int)

	games  sync.Map // game key -> engine.Game
	mu     sync.Mutex
	held   map[string]*heldModel // model object -> its network
	order  []string              // model objects, least recently used first
	taken  atomic.Int64
	doneMu sync.Mutex
	done   int
}

// heldModels is the number of models a worker keeps loaded, and of a
// run's self-play versions (and evaluation networks) kept in ModelBucket.
const heldModels = 2

// heldModel is a loaded model: its network and, once a self-play item has
// used it, the evaluator that the worker's self-play games share.
type heldModel struct {
	net   *models.Network
	batch *training.Batcher
}

// Run works until ctx ends or Games are played; the games in hand are
// finished and published first.
func (w *Worker) Run(ctx context.Context) error {
	threads := max(1, w.Threads)
	var wg sync.WaitGroup
	errs := make([]error, threads)
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[t] = w.loop(ctx)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

func (w *Worker) logf(format string, args ...any) {
	if w.Logf != nil {
		w.Logf(format, args...)
	}
}

func (w *Worker) loop(ctx context.Context) error {
	for ctx.Err() == nil {
		if w.Games > 0 && w.taken.Add(1) > int64(w.Games) {
			return nil
		}
		msg, err := w.Consumer.Next(jetstream.FetchMaxWait(time.Second))
		if err != nil {
			if w.Games > 0 {
				w.taken.Add(-1)
			}
			if !idle(err) {
				w.logf("worker: fetch: %v (retrying)", err)
				sleep(ctx, time.Second)
			}
			continue
		}
		played, err := w.handle(ctx, msg)
		if err != nil {
			return err
		}
		if !played && w.Games > 0 {
			w.taken.Add(-1) // a dropped item is not a game
		}
	}
	return nil
}

// handle plays one item and publishes its result, then acks it. A
// malformed item is logged and terminated (never redelivered); played is
// false then.
func (w *Worker) handle(ctx context.Context, msg jetstream.Msg) (played bool, err error) {
	// A game in hand is finished and published even when the worker is
	// being stopped.
	ctx = context.WithoutCancel(ctx)
	it, err := decodeItem(msg.Data())
	if err != nil {
		w.logf("worker: dropping item on %s: %v", msg.Subject(), err)
		return false, msg.TermWithReason(err.Error())
	}
	stop := w.keepAlive(msg)
	subject, id, data, err := w.play(ctx, it)
	stop()
	if errors.Is(err, ErrBadItem) {
		w.logf("worker: dropping %s game %d: %v", it.Job, it.Index, err)
		return false, msg.TermWithReason(err.Error())
	}
	if err != nil {
		return false, err
	}
	if err := retry(ctx, func(ctx context.Context) error {
		_, err := w.JS.Publish(ctx, subject, data, jetstream.WithMsgID(id))
		return err
	}); err != nil {
		_ = msg.Nak()
		return false, fmt.Errorf("%w: publish %s: %w", ErrNATS, id, err)
	}
	actx, cancel := context.WithTimeout(ctx, 10*time.Second)
	err = msg.DoubleAck(actx) // confirmed by the server
	cancel()
	if err != nil {
		// The result is stored; a redelivery replays the game and its
		// result, with the same id, is dropped as a duplicate.
		w.logf("worker: ack %s: %v", id, err)
	}
	w.doneMu.Lock()
	w.done++
	if w.OnGame != nil {
		w.OnGame(w.done)
	}
	w.doneMu.Unlock()
	return true, nil
}

// keepAlive reports progress on msg every third of the ack wait until
// stop is called.
func (w *Worker) keepAlive(msg jetstream.Msg) (stop func()) {
	wait := time.Minute
	if info := w.Consumer.CachedInfo(); info != nil && info.Config.AckWait > 0 {
		wait = info.Config.AckWait
	}
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(wait / 3)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				_ = msg.InProgress()
			}
		}
	}()
	return func() { close(quit); wg.Wait() }
}

// play plays an item's game and returns its result message: subject, id
// and body. A game that fails (an agent error) gives a result carrying
// the error, so that the job's owner stops with it.
func (w *Worker) play(ctx context.Context, it *Item) (subject, id string, data []byte, err error) {
	g, err := w.game(it.Game, it.Params)
	if err != nil {
		return "", "", nil, fmt.Errorf("%w: %w", ErrBadItem, err)
	}
	switch it.Kind {
	case KindArena:
		data, err = playArena(g, it)
	case KindEval:
		data, err = w.playEval(ctx, g, it)
	case KindImitate:
		data, err = w.playImitation(ctx, g, it)
	default:
		var b *training.Batcher
		if b, err = w.evaluator(ctx, g, it); err != nil {
			return "", "", nil, err
		}
		// The games of the worker's threads share the network's batches.
		b.Join()
		data, err = playSelfPlay(g, b, it)
		b.Leave()
	}
	return resultSubjectOf(it), resultID(it), data, err
}

// game loads a game once per worker.
func (w *Worker) game(name string, params engine.Params) (engine.Game, error) {
	key := name + "?" + params.String()
	if g, ok := w.games.Load(key); ok {
		return g.(engine.Game), nil
	}
	g, err := engine.Load(name, params)
	if err != nil {
		return nil, err
	}
	w.games.Store(key, g)
	return g, nil
}

// evaluator is the batched evaluator of a self-play item's model, made
// once per model (see load).
func (w *Worker) evaluator(ctx context.Context, g engine.Game, it *Item) (*training.Batcher, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	m, err := w.load(ctx, g, it.Model)
	if err != nil {
		return nil, err
	}
	if m.batch == nil {
		ev, err := models.NewEvaluator(g, m.net, it.Config.CacheSize)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrBadItem, err)
		}
		m.batch = training.NewBatcher(ev, max(1, it.Config.MaxBatch))
	}
	return m.batch, nil
}

// network is the network of model object name (see load).
func (w *Worker) network(ctx context.Context, g engine.Game, name string) (*models.Network, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	m, err := w.load(ctx, g, name)
	if err != nil {
		return nil, err
	}
	return m.net, nil
}

// load fetches model object name once, and keeps the heldModels used
// last; w.mu is held. A model that is gone (its item is stale) or does
// not fit g is an ErrBadItem.
func (w *Worker) load(ctx context.Context, g engine.Game, name string) (*heldModel, error) {
	if m, ok := w.held[name]; ok {
		w.order = append(slices.DeleteFunc(w.order, func(s string) bool { return s == name }), name)
		return m, nil
	}
	store, err := w.JS.ObjectStore(ctx, ModelBucket)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNATS, err)
	}
	var data []byte
	err = retry(ctx, func(ctx context.Context) error {
		var err error
		data, err = store.GetBytes(ctx, name)
		if errors.Is(err, jetstream.ErrObjectNotFound) {
			return nil
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("%w: model %s: %w", ErrNATS, name, err)
	}
	if data == nil {
		return nil, fmt.Errorf("%w: model %s is gone (a stale item)", ErrBadItem, name)
	}
	mod, err := models.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%w: model %s: %w", ErrBadItem, name, err)
	}
	if err := mod.Check(g); err != nil {
		return nil, fmt.Errorf("%w: model %s: %w", ErrBadItem, name, err)
	}
	if w.held == nil {
		w.held = map[string]*heldModel{}
	}
	m := &heldModel{net: mod.Net}
	w.held[name] = m
	w.order = append(w.order, name)
	if len(w.order) > heldModels {
		delete(w.held, w.order[0])
		w.order = w.order[1:]
	}
	return m, nil
}

// idle reports whether a fetch error only means that nothing came.
func idle(err error) bool {
	return errors.Is(err, jetstream.ErrNoMessages) || errors.Is(err, nats.ErrTimeout) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, jetstream.ErrNoHeartbeat)
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
