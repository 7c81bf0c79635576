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
	"os"
	"slices"
	"strconv"
	"strings"
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
	loadHostile = flag.Int("load.hostile", 2, "clients sending hostile requests during the load test (0: none)")
	loadRSS     = flag.Int("load.rss", 200, "most resident memory of the load test's process, in MiB")
)

// rssMiB is the process's resident memory (Linux; 0 elsewhere).
func rssMiB() int {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			return kb / 1024
		}
	}
	return 0
}

// TestLoad starts a real server on 127.0.0.1 and lets many clients at once
// play sessions of every registered game (a human seat against AI seats,
// moves with the AI's reply, reads, a best-move request, an analysis with
// the human seat's token, delete), then
// checks that no request failed and no session was lost: each one reads
// back as its last response left it until its client deletes it, and none
// is left at the end. Meanwhile -load.hostile other clients send every
// hostile request found so far (hostileBodies) and a search that the time
// limit must stop; each must be refused, and the process's resident memory
// must stay under -load.rss MiB. An ordinary request answered busy is
// retried after its Retry-After, as a client would. Off by default (-load);
// see docs/benchmarks/serve.md.
func TestLoad(t *testing.T) {
	if !*loadTest {
		t.Skip("the load test runs with -load")
	}
	sv := NewService(Limits{MaxSessions: *loadClients * 2, MaxClientSessions: *loadClients * 2, RequestTimeout: 2 * time.Second}, nil)
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

	r := &loadRun{t: t, base: base, hc: hc}
	var games []engine.Game
	for _, spec := range engine.Games() {
		games = append(games, engine.MustLoad(spec.Name, nil))
	}
	stop := make(chan struct{})
	var side sync.WaitGroup
	side.Add(1 + *loadHostile)
	go r.watchRSS(stop, &side)
	for h := 0; h < *loadHostile; h++ {
		go r.hostileClient(h, stop, &side)
	}
	begin := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < *loadClients; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.playClient(w, games)
		}()
	}
	wg.Wait()
	elapsed := time.Since(begin)
	close(stop)
	side.Wait()
	r.report(elapsed)
	if left := allSessions(sv); len(left) != 0 {
		t.Errorf("%d sessions left at the end", len(left))
	}
}

// loadRun is TestLoad's clients' shared account: latencies and counts.
type loadRun struct {
	t    *testing.T
	base string
	hc   *http.Client

	mu        sync.Mutex
	latencies []time.Duration
	requests  atomic.Int64
	failures  atomic.Int64
	started   atomic.Int64
	deleted   atomic.Int64
	busy      atomic.Int64
	hostile   atomic.Int64
	maxRSS    atomic.Int64
}

// loadHeavy is the search that one hostile client at a time holds a slot
// with.
var loadHeavy = hostileBody{"POST", "/v1/best", "application/json",
	`{"record":{"game":"planet-cubes","params":{"first":"0"},"actions":[]},"agent":"mcts:sims=20000,rollouts=32"}`}

// call makes one request, retrying while the server is busy, and decodes
// the answer into out; it records the latency.
func (r *loadRun) call(method, path, token string, body any, out any) error {
	var data []byte
	if body != nil {
		data, _ = json.Marshal(body)
	}
	var resp *http.Response
	t0 := time.Now()
	for {
		req, err := http.NewRequest(method, r.base+path, bytes.NewReader(data))
		if err != nil {
			return err
		}
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		if resp, err = r.hc.Do(req); err != nil {
			return err
		}
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			break
		}
		resp.Body.Close()
		r.busy.Add(1)
		time.Sleep(50 * time.Millisecond)
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	d := time.Since(t0)
	r.requests.Add(1)
	r.mu.Lock()
	r.latencies = append(r.latencies, d)
	r.mu.Unlock()
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, data)
	}
	return json.Unmarshal(data, out)
}

// fail reports a failure (the first five in full).
func (r *loadRun) fail(err error) {
	if r.failures.Add(1) <= 5 {
		r.t.Error(err)
	}
}

// watchRSS keeps the memory's high-water mark until stop.
func (r *loadRun) watchRSS(stop <-chan struct{}, wg *sync.WaitGroup) {
	defer wg.Done()
	for {
		if m := int64(rssMiB()); m > r.maxRSS.Load() {
			r.maxRSS.Store(m)
		}
		select {
		case <-stop:
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// hostileClient h sends hostile requests until stop, each of which must be
// refused (client 0 also holds a search slot with loadHeavy).
func (r *loadRun) hostileClient(h int, stop <-chan struct{}, wg *sync.WaitGroup) {
	defer wg.Done()
	bodies := hostileBodies()
	if h == 0 { // one client at a time holds a search slot
		bodies = append(bodies, loadHeavy)
	}
	for i := h; ; i++ {
		select {
		case <-stop:
			return
		default:
		}
		hb := bodies[i%len(bodies)]
		req, _ := http.NewRequest(hb.method, r.base+hb.path, strings.NewReader(hb.body))
		if hb.ctype != "" {
			req.Header.Set("Content-Type", hb.ctype)
		}
		resp, err := r.hc.Do(req)
		if err != nil {
			r.fail(fmt.Errorf("hostile %s %s: %w", hb.method, hb.path, err))
			continue
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		r.hostile.Add(1)
		if resp.StatusCode < 400 && hb != loadHeavy {
			r.fail(fmt.Errorf("hostile %s %s %.80s: status %d", hb.method, hb.path, hb.body, resp.StatusCode))
		}
	}
}

// playClient w plays its sessions: start, human moves with the AI
// answering, now and then the human seat's analysis, a read back (the
// analysis changed nothing), now and then a best move, and the delete.
func (r *loadRun) playClient(w int, games []engine.Game) {
	rng := rand.New(rand.NewPCG(uint64(w), 7))
	for n := 0; n < *loadGames; n++ {
		g := games[(w+n)%len(games)]
		seats := slices.Repeat([]string{"random"}, g.NumPlayers())
		seats[0] = Human
		var v View
		if err := r.call("POST", "/v1/sessions", "", map[string]any{"game": g.Spec().Name, "seed": w*1000 + n, "seats": seats, "ai": true}, &v); err != nil {
			r.fail(err)
			continue
		}
		r.started.Add(1)
		path, token := "/v1/sessions/"+v.Session, v.Tokens.Creator
		for m := 0; m < *loadMoves && !v.Terminal && v.HumanToMove; m++ {
			pick := v.Legal[rng.IntN(len(v.Legal))]
			if err := r.call("POST", path+"/move", token, map[string]any{"action": pick.Action, "ai": true}, &v); err != nil {
				r.fail(err)
				break
			}
		}
		var got View
		if err := r.call("GET", path, token, nil, &got); err != nil {
			r.fail(fmt.Errorf("lost session: %w", err))
		} else if !slices.Equal(got.Actions, v.Actions) {
			r.fail(fmt.Errorf("session %s reads %d actions, its last response had %d", v.Session, len(got.Actions), len(v.Actions)))
		}
		if n%4 == 1 && !v.Terminal && v.HumanToMove {
			var a Analysis
			if err := r.call("POST", path+"/analyze", v.Tokens.Seats[0], map[string]any{"agent": "mcts:sims=20,rollouts=1", "top": 3, "seed": n}, &a); err != nil {
				r.fail(err)
			} else if a.Seat != 0 || a.ToMove != v.ToMove || len(a.Moves) == 0 {
				r.fail(fmt.Errorf("session %s: seat 0's analysis %+v, to move %d", v.Session, a, v.ToMove))
			}
		}
		if n%4 == 0 && !v.Terminal && v.HumanToMove {
			var b BestResponse
			if err := r.call("POST", "/v1/best", "", map[string]any{"game": v.Game, "params": v.Params, "state": v.State, "agent": "random", "seed": n}, &b); err != nil {
				r.fail(err)
			}
		}
		var d Deleted
		if err := r.call("DELETE", path, token, nil, &d); err != nil {
			r.fail(err)
			continue
		}
		r.deleted.Add(1)
	}
}

// report logs the run and checks memory, failures and sessions.
func (r *loadRun) report(elapsed time.Duration) {
	slices.Sort(r.latencies)
	pct := func(p float64) time.Duration { return r.latencies[int(p*float64(len(r.latencies)-1))] }
	r.t.Logf("%d clients, %d requests in %.2fs: %.0f requests/s; latency p50 %v, p90 %v, p99 %v, max %v; %d sessions started, %d deleted, %d failures",
		*loadClients, r.requests.Load(), elapsed.Seconds(), float64(r.requests.Load())/elapsed.Seconds(),
		pct(0.5).Round(time.Microsecond), pct(0.9).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), r.latencies[len(r.latencies)-1].Round(time.Microsecond),
		r.started.Load(), r.deleted.Load(), r.failures.Load())
	r.t.Logf("%d hostile requests from %d clients, all refused; %d ordinary requests retried after busy; resident memory at most %d MiB (bound %d MiB)",
		r.hostile.Load(), *loadHostile, r.busy.Load(), r.maxRSS.Load(), *loadRSS)
	if r.maxRSS.Load() > int64(*loadRSS) {
		r.t.Errorf("resident memory reached %d MiB, over the bound %d MiB", r.maxRSS.Load(), *loadRSS)
	}
	if r.failures.Load() > 0 {
		r.t.Errorf("%d requests failed", r.failures.Load())
	}
	if want := int64(*loadClients * *loadGames); r.started.Load() != want || r.deleted.Load() != want {
		r.t.Errorf("%d sessions started and %d deleted, want %d", r.started.Load(), r.deleted.Load(), want)
	}
}
