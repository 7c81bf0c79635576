package seat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/moongym/moongym/engine"
)

var (
	loadTest    = flag.Bool("load", false, "run the loopback load test (TestLoad)")
	loadClients = flag.Int("load.clients", 32, "clients of the load test")
	loadGames   = flag.Int("load.games", 20, "sessions each client plays in the load test")
	loadMoves   = flag.Int("load.moves", 12, "most human moves per session in the load test")
)

// TestLoad starts a real server on 127.0.0.1 and lets many clients at once
// play sessions of every registered game (a human seat against AI seats,
// moves with the AI's reply, reads, a best-move request, delete), then
// checks that no request failed and no session was lost: each one reads
// back as its last response left it until its client deletes it, and none
// is left at the end. Off by default (-load); see docs/benchmarks/serve.md.
func TestLoad(t *testing.T) {
	if !*loadTest {
		t.Skip("the load test runs with -load")
	}
	sv := NewService(Limits{MaxSessions: *loadClients * 2}, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: NewHandler(sv), ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	defer func() {
		if err := srv.Shutdown(context.Background()); err != nil {
			t.Error(err)
		}
		if err := <-served; !errors.Is(err, http.ErrServerClosed) {
			t.Error(err)
		}
	}()
	base := "http://" + ln.Addr().String()
	hc := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: *loadClients}}

	var games []engine.Game
	for _, spec := range engine.Games() {
		games = append(games, engine.MustLoad(spec.Name, nil))
	}
	var (
		mu        sync.Mutex
		latencies []time.Duration
		requests  atomic.Int64
		failures  atomic.Int64
		started   atomic.Int64
		deleted   atomic.Int64
	)
	call := func(method, path string, body any, out any) error {
		var rd io.Reader
		if body != nil {
			data, _ := json.Marshal(body)
			rd = bytes.NewReader(data)
		}
		req, err := http.NewRequest(method, base+path, rd)
		if err != nil {
			return err
		}
		t0 := time.Now()
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		d := time.Since(t0)
		requests.Add(1)
		mu.Lock()
		latencies = append(latencies, d)
		mu.Unlock()
		if err != nil {
			return err
		}
		if resp.StatusCode >= 300 {
			return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, data)
		}
		return json.Unmarshal(data, out)
	}
	fail := func(err error) {
		if failures.Add(1) <= 5 {
			t.Error(err)
		}
	}
	begin := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < *loadClients; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for n := 0; n < *loadGames; n++ {
				g := games[(w+n)%len(games)]
				seats := slices.Repeat([]string{"random"}, g.NumPlayers())
				seats[0] = Human
				var v View
				if err := call("POST", "/v1/sessions", map[string]any{"game": g.Spec().Name, "seed": w*1000 + n, "seats": seats, "ai": true}, &v); err != nil {
					fail(err)
					continue
				}
				started.Add(1)
				path := "/v1/sessions/" + v.Session
				for m := 0; m < *loadMoves && !v.Terminal && v.HumanToMove; m++ {
					pick := v.Legal[rng.IntN(len(v.Legal))]
					if err := call("POST", path+"/move", map[string]any{"action": pick.Action, "ai": true}, &v); err != nil {
						fail(err)
						break
					}
				}
				var got View
				if err := call("GET", path, nil, &got); err != nil {
					fail(fmt.Errorf("lost session: %w", err))
				} else if !slices.Equal(got.Actions, v.Actions) {
					fail(fmt.Errorf("session %s reads %d actions, its last response had %d", v.Session, len(got.Actions), len(v.Actions)))
				}
				if n%4 == 0 && !v.Terminal && v.HumanToMove {
					var b BestResponse
					if err := call("POST", "/v1/best", map[string]any{"game": v.Game, "params": v.Params, "state": v.State, "agent": "random", "seed": n}, &b); err != nil {
						fail(err)
					}
				}
				var d Deleted
				if err := call("DELETE", path, nil, &d); err != nil {
					fail(err)
					continue
				}
				deleted.Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(begin)
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1))] }
	t.Logf("%d clients, %d requests in %.2fs: %.0f requests/s; latency p50 %v, p90 %v, p99 %v, max %v; %d sessions started, %d deleted, %d failures",
		*loadClients, requests.Load(), elapsed.Seconds(), float64(requests.Load())/elapsed.Seconds(),
		pct(0.5).Round(time.Microsecond), pct(0.9).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), latencies[len(latencies)-1].Round(time.Microsecond),
		started.Load(), deleted.Load(), failures.Load())
	if failures.Load() > 0 {
		t.Errorf("%d requests failed", failures.Load())
	}
	if want := int64(*loadClients * *loadGames); started.Load() != want || deleted.Load() != want {
		t.Errorf("%d sessions started and %d deleted, want %d", started.Load(), deleted.Load(), want)
	}
	if left := sv.Sessions(); len(left) != 0 {
		t.Errorf("%d sessions left at the end", len(left))
	}
}
