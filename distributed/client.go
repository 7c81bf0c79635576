package distributed

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Names of the JetStream resources every moongym client shares.
const (
	// WorkStream is the work-queue stream of work items (subjects
	// moongym.work.>): each item is delivered to one worker until acked.
	WorkStream = "MOONGYM_WORK"
	// ResultStream keeps the finished games (subjects moongym.results.>).
	ResultStream = "MOONGYM_RESULTS"
	// WorkerConsumer is the durable pull consumer all workers share.
	WorkerConsumer = "moongym-workers"
	// ModelBucket is the object store of the learners' model versions.
	ModelBucket = "moongym-models"

	workPrefix   = "moongym.work."
	resultPrefix = "moongym.results."
)

// ErrNATS: talking to the NATS server failed.
var ErrNATS = errors.New("nats")

// Limits are the work queue's delivery settings.
type Limits struct {
	// AckWait is how long a worker may hold an item without a sign of life
	// (workers report progress at a third of it while a game runs) before
	// the item goes to another worker: a worker that dies mid-game has its
	// game replayed elsewhere after at most AckWait. 0: 1 minute.
	AckWait time.Duration
	// MaxDeliver bounds the deliveries of one item (a game that makes
	// every worker fail is given up). 0: 10.
	MaxDeliver int
	// Duplicates is JetStream's de-duplication window for message ids. 0:
	// 1 hour.
	Duplicates time.Duration
}

func (l Limits) withDefaults() Limits {
	if l.AckWait <= 0 {
		l.AckWait = time.Minute
	}
	if l.MaxDeliver <= 0 {
		l.MaxDeliver = 10
	}
	if l.Duplicates <= 0 {
		l.Duplicates = time.Hour
	}
	return l
}

// Connect connects to the NATS server at url (nats://, tls:// and
// user:password@ forms as NATS reads them), with a credentials file if
// creds is not empty, reconnecting for ever after a disconnection
// (commands in flight fail and are retried by their callers).
func Connect(url, creds, name string) (*nats.Conn, jetstream.JetStream, error) {
	opts := []nats.Option{
		nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(250 * time.Millisecond),
		nats.RetryOnFailedConnect(true),
	}
	if creds != "" {
		opts = append(opts, nats.UserCredentials(creds))
	}
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: connect %s: %w", ErrNATS, url, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("%w: %w", ErrNATS, err)
	}
	return nc, js, nil
}

// Setup creates the streams, the workers' consumer and the model bucket
// where they are missing; with non-zero limits it also applies them to
// existing ones. Every client calls it, so that none depends on another
// having started first. It retries for a while when JetStream is not
// reachable yet (a server starting or restarting).
func Setup(ctx context.Context, js jetstream.JetStream, l Limits) (jetstream.Consumer, error) {
	var cons jetstream.Consumer
	err := retry(ctx, func(ctx context.Context) error {
		var err error
		cons, err = setup(ctx, js, l.withDefaults())
		return err
	})
	return cons, err
}

func setup(ctx context.Context, js jetstream.JetStream, given Limits) (jetstream.Consumer, error) {
	// Zero limits keep what exists; given ones are applied.
	keep := given == Limits{}
	l := given.withDefaults()
	streams := []jetstream.StreamConfig{
		{Name: WorkStream, Subjects: []string{workPrefix + ">"}, Retention: jetstream.WorkQueuePolicy,
			Storage: jetstream.FileStorage, Duplicates: l.Duplicates},
		{Name: ResultStream, Subjects: []string{resultPrefix + ">"}, Retention: jetstream.LimitsPolicy,
			Storage: jetstream.FileStorage, Duplicates: l.Duplicates},
	}
	for _, sc := range streams {
		if _, err := js.Stream(ctx, sc.Name); err == nil && keep {
			continue
		}
		if _, err := js.CreateOrUpdateStream(ctx, sc); err != nil {
			return nil, fmt.Errorf("%w: stream %s: %w", ErrNATS, sc.Name, err)
		}
	}
	if _, err := js.ObjectStore(ctx, ModelBucket); err != nil {
		if _, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: ModelBucket, Storage: jetstream.FileStorage}); err != nil {
			return nil, fmt.Errorf("%w: object store %s: %w", ErrNATS, ModelBucket, err)
		}
	}
	if cons, err := js.Consumer(ctx, WorkStream, WorkerConsumer); err == nil && keep {
		return cons, nil
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, WorkStream, jetstream.ConsumerConfig{
		Durable: WorkerConsumer, AckPolicy: jetstream.AckExplicitPolicy,
		AckWait: l.AckWait, MaxDeliver: l.MaxDeliver,
	})
	if err != nil {
		return nil, fmt.Errorf("%w: consumer %s: %w", ErrNATS, WorkerConsumer, err)
	}
	return cons, nil
}

// retry calls f until it succeeds, ctx ends or a minute has passed, with
// each call bounded to 10 seconds.
func retry(ctx context.Context, f func(context.Context) error) error {
	deadline := time.Now().Add(time.Minute)
	for {
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := f(cctx)
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// Client is a connection with the streams set up.
type Client struct {
	NC *nats.Conn
	JS jetstream.JetStream
	// Work is the workers' consumer of the work queue.
	Work jetstream.Consumer
}

// Dial connects (see Connect) and sets the streams up (see Setup).
func Dial(ctx context.Context, url, creds, name string, l Limits) (*Client, error) {
	nc, js, err := Connect(url, creds, name)
	if err != nil {
		return nil, err
	}
	cons, err := Setup(ctx, js, l)
	if err != nil {
		nc.Close()
		return nil, err
	}
	return &Client{NC: nc, JS: js, Work: cons}, nil
}

// Close drains pending publications and closes the connection.
func (c *Client) Close() {
	if err := c.NC.Drain(); err != nil {
		c.NC.Close()
	}
}
