package distributed

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// cluster is an embedded server on a random loopback port with a
// temporary store, and a client of it.
type cluster struct {
	srv   *Server
	store string
	nc    *nats.Conn
	js    jetstream.JetStream
	cons  jetstream.Consumer
	lim   Limits
}

func startCluster(t *testing.T, lim Limits) *cluster {
	t.Helper()
	c := &cluster{store: t.TempDir(), lim: lim}
	srv, err := StartServer(ServerConfig{Addr: "127.0.0.1:0", StoreDir: c.store})
	if err != nil {
		t.Fatal(err)
	}
	c.srv = srv
	t.Cleanup(srv.Shutdown)
	c.nc, c.js = c.connect(t)
	if c.cons, err = Setup(context.Background(), c.js, lim); err != nil {
		t.Fatal(err)
	}
	return c
}

func (c *cluster) connect(t *testing.T) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	nc, js, err := Connect(c.srv.URL(), "", t.Name())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc, js
}

// startWorkers runs n workers of threads threads each, each on its own
// connection, until the test ends.
func (c *cluster) startWorkers(t *testing.T, n, threads int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for k := 0; k < n; k++ {
		_, js := c.connect(t)
		cons, err := Setup(ctx, js, c.lim)
		if err != nil {
			t.Fatal(err)
		}
		w := &Worker{JS: js, Consumer: cons, Threads: threads, Logf: t.Logf}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := w.Run(ctx); err != nil {
				t.Errorf("worker: %v", err)
			}
		}()
	}
	t.Cleanup(func() { cancel(); wg.Wait() })
}

// takeItem fetches one work item as a worker would, or fails.
func (c *cluster) takeItem(t *testing.T) jetstream.Msg {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		m, err := c.cons.Next(jetstream.FetchMaxWait(time.Second))
		if err == nil {
			return m
		}
	}
	t.Fatal("no work item")
	return nil
}

// logs collects log lines.
type logs struct {
	mu    sync.Mutex
	lines []string
}

func (l *logs) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logs) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}
