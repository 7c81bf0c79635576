package distributed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// publishItems queues games from..to-1 of base's job, each with its item
// id, so that a repeated publication (a learner resumed) is dropped.
func publishItems(ctx context.Context, js jetstream.JetStream, base Item, from, to int) error {
	subject := workSubject(base.Kind, base.Job)
	for i := from; i < to; i++ {
		it := base
		it.Index = i
		data, err := json.Marshal(&it)
		if err != nil {
			return err
		}
		id := itemID(&it)
		if err := retry(ctx, func(ctx context.Context) error {
			_, err := js.Publish(ctx, subject, data, jetstream.WithMsgID(id))
			return err
		}); err != nil {
			return fmt.Errorf("%w: publish %s: %w", ErrNATS, id, err)
		}
	}
	return nil
}

// orderedConsumer reads subject of the results stream from the stream
// sequence after from (0: from the start).
func orderedConsumer(ctx context.Context, js jetstream.JetStream, subject string, from uint64) (jetstream.Consumer, error) {
	cfg := jetstream.OrderedConsumerConfig{FilterSubjects: []string{subject}, DeliverPolicy: jetstream.DeliverAllPolicy}
	if from > 0 {
		cfg.DeliverPolicy, cfg.OptStartSeq = jetstream.DeliverByStartSequencePolicy, from+1
	}
	var cons jetstream.Consumer
	err := retry(ctx, func(ctx context.Context) error {
		var err error
		cons, err = js.OrderedConsumer(ctx, ResultStream, cfg)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("%w: results of %s: %w", ErrNATS, subject, err)
	}
	return cons, nil
}

// readResults passes the consumer's messages, with their stream sequences,
// to f until f returns true or ctx ends, and returns the sequence of the
// last message passed. Network failures are waited out.
func readResults(ctx context.Context, cons jetstream.Consumer, f func(m jetstream.Msg, seq uint64) bool) (uint64, error) {
	var last uint64
	for {
		if err := ctx.Err(); err != nil {
			return last, err
		}
		m, err := cons.Next(jetstream.FetchMaxWait(time.Second))
		if err != nil {
			if !idle(err) {
				sleep(ctx, 250*time.Millisecond)
			}
			continue
		}
		md, err := m.Metadata()
		if err != nil {
			continue
		}
		last = md.Sequence.Stream
		if f(m, last) {
			return last, nil
		}
	}
}

// errSkip: a result of the job that the gathering does not want now (a
// game of another of its phases, or one already handed on before a
// restart); gather drops it without a word.
var errSkip = errors.New("not wanted now")

// gather reads cons's messages until it has games 0..n-1 of a job, and
// returns them in index order, with got marking those in (all of them,
// without an error) and the stream sequence of the last message read.
// decode makes a message into its game's index and result. Every game is
// counted once: a game already in or out of range, and a message decode
// refuses, are logged with the reason (job names the job in the log) and
// dropped (those decode refuses with errSkip silently); a game that failed
// (decode's error wraps ErrGame) stops the gathering with its error.
// onGame, if set, is called with each game's index and result and the
// count so far as games come in; an error of it stops the gathering with
// that error.
func gather[T any](ctx context.Context, cons jetstream.Consumer, n int, job string, logf func(string, ...any),
	decode func(data []byte) (int, T, error), onGame func(i int, r T, done int) error) (games []T, got []bool, pos uint64, err error) {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	games, got = make([]T, n), make([]bool, n)
	done := 0
	var stop error
	pos, err = readResults(ctx, cons, func(m jetstream.Msg, seq uint64) bool {
		i, r, err := decode(m.Data())
		switch {
		case errors.Is(err, errSkip):
		case err != nil && !errors.Is(err, ErrGame):
			logf("%s: dropping result %d: %v", job, seq, err)
		case i < 0 || i >= n:
			logf("%s: dropping result %d: game %d is not one of ours (%d games)", job, seq, i, n)
		case got[i]:
			logf("%s: dropping result %d: game %d again", job, seq, i)
		case err != nil:
			stop = err
			return true
		default:
			games[i], got[i] = r, true
			done++
			if onGame != nil {
				if stop = onGame(i, r, done); stop != nil {
					return true
				}
			}
		}
		return done == n
	})
	if err == nil {
		err = stop
	}
	return games, got, pos, err
}

// purge deletes a subject's messages from a stream (a finished job's
// results, a stopped job's items).
func purge(js jetstream.JetStream, stream, subject string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := js.Stream(ctx, stream)
	if err == nil {
		err = s.Purge(ctx, jetstream.WithPurgeSubject(subject))
	}
	if err != nil {
		return fmt.Errorf("%w: purge %s: %w", ErrNATS, subject, err)
	}
	return nil
}
