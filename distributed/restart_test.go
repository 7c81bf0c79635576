package distributed

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/arena"
)

// TestServerRestart: the server stops while a tournament waits for its
// games and comes back on the same address and store: the tournament's
// client reconnects, workers play the games and the report is the local
// one. Then it restarts again: the same client and workers reconnect and
// play a second tournament.
func TestServerRestart(t *testing.T) {
	cfg := arenaConfig()
	wantRep, wantRecs := localReport(t, cfg)
	c := startCluster(t, Limits{})
	addr := strings.TrimPrefix(c.srv.URL(), "nats://")
	done := make(chan struct{})
	var games []arena.GameResult
	var runErr error
	go func() {
		defer close(done)
		games, runErr = RunArena(context.Background(), c.js, cfg, ArenaOptions{Logf: t.Logf})
	}()
	// Wait until the games are queued, then restart the server.
	ws, err := c.js.Stream(context.Background(), WorkStream)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		info, err := ws.Info(context.Background())
		if err == nil && info.State.Msgs == uint64(cfg.Games) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("games not queued")
		}
		time.Sleep(20 * time.Millisecond)
	}
	restart := func(old *Server) *Server {
		old.Shutdown()
		time.Sleep(500 * time.Millisecond)
		srv, err := StartServer(ServerConfig{Addr: addr, StoreDir: c.store})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(srv.Shutdown)
		return srv
	}
	srv := restart(c.srv)
	c.startWorkers(t, 2, 1)
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("tournament did not finish after the restart")
	}
	if runErr != nil {
		t.Fatal(runErr)
	}
	rep, recs := reportJSON(t, cfg, games)
	if rep != wantRep || recs != wantRecs {
		t.Fatal("report after a server restart differs from the local one")
	}
	restart(srv)
	games, err = RunArena(context.Background(), c.js, cfg, ArenaOptions{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	if rep, recs := reportJSON(t, cfg, games); rep != wantRep || recs != wantRecs {
		t.Fatal("report after a second restart differs from the local one")
	}
}
