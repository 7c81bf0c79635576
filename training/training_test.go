package training_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// tinyConfig trains a small MLP on tictactoe in well under a second per
// iteration.
func tinyConfig(t testing.TB) training.Config {
	t.Helper()
	cfg, err := training.ParseConfig("kind=mlp,width=16,depth=1,value=8,games=8,parallel=4,sims=12,leafbatch=2,"+
		"buffer=500,batch=32,steps=4,minsamples=32,evalevery=2,evalgames=6,cache=1000", training.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

var fixedNow = func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) }

func runTo(t *testing.T, tr *training.Trainer, n int64) {
	t.Helper()
	tr.Now = fixedNow
	if err := tr.Run(context.Background(), n, time.Time{}); err != nil {
		t.Fatal(err)
	}
}

// stripTimes zeroes the wall-clock fields of metrics rows.
func stripTimes(rows []training.Row) []training.Row {
	out := append([]training.Row(nil), rows...)
	for i := range out {
		out[i].Elapsed, out[i].GamesPerSec, out[i].SamplesPerSec = 0, 0, 0
	}
	return out
}

// TestResumeContinuesIdentically: a run stopped after 3 iterations and
// resumed to 6 ends with the same weights, optimizer state, buffer, metrics
// and model files as a run that went to 6 at once, with PUCT and with
// Gumbel self-play, playout caps and search in evaluation.
func TestResumeContinuesIdentically(t *testing.T) {
	for _, mode := range []string{"", "gumbel=1,gumbelm=4,fullprob=0.5,cheapsims=4,evalsims=4"} {
		name := mode
		if name == "" {
			name = "puct"
		}
		t.Run(name, func(t *testing.T) {
			cfg, err := training.ParseConfig(mode, tinyConfig(t))
			if err != nil {
				t.Fatal(err)
			}
			checkResumeIdentical(t, cfg)
		})
	}
}

func checkResumeIdentical(t *testing.T, cfg training.Config) {
	g := tictactoe.Game{}
	straight, stopped := t.TempDir(), t.TempDir()

	a, err := training.NewTrainer(g, cfg, straight)
	if err != nil {
		t.Fatal(err)
	}
	runTo(t, a, 6)
	a.Close()

	b, err := training.NewTrainer(g, cfg, stopped)
	if err != nil {
		t.Fatal(err)
	}
	runTo(t, b, 3)
	b.Close()
	if _, err := training.NewTrainer(g, cfg, stopped); err == nil {
		t.Fatal("a fresh run over an existing one was allowed")
	}
	c, err := training.Resume(stopped)
	if err != nil {
		t.Fatal(err)
	}
	if c.Iteration() != 3 {
		t.Fatalf("resumed at iteration %d, want 3", c.Iteration())
	}
	runTo(t, c, 6)
	c.Close()

	for _, f := range []string{training.LatestFile, training.BestFile} {
		x, err1 := models.Load(filepath.Join(straight, f))
		y, err2 := models.Load(filepath.Join(stopped, f))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !x.Net.Equal(y.Net) || x.Provenance != y.Provenance {
			t.Fatalf("%s differs between the straight and the resumed run", f)
		}
	}
	ra, err := training.Resume(straight)
	if err != nil {
		t.Fatal(err)
	}
	defer ra.Close()
	rc, err := training.Resume(stopped)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	if !ra.Network().Equal(rc.Network()) {
		t.Fatal("networks differ")
	}
	if !reflect.DeepEqual(ra.Optimizer(), rc.Optimizer()) {
		t.Fatal("optimizer states differ")
	}
	if !reflect.DeepEqual(ra.Replay(), rc.Replay()) {
		t.Fatal("replay buffers differ")
	}
	ma, mc := stripTimes(ra.Metrics()), stripTimes(rc.Metrics())
	if len(ma) != 6 || !reflect.DeepEqual(fmtRows(ma), fmtRows(mc)) {
		t.Fatalf("metrics differ:\n%v\n%v", ma, mc)
	}
	if math.IsNaN(ma[5].TotalLoss) || math.IsNaN(ma[5].VsRandom) || math.IsNaN(ma[5].VsPrevious) {
		t.Fatalf("the run did not train and evaluate: %+v", ma[5])
	}
	if ra.Optimizer().Step == 0 {
		t.Fatal("no optimizer step was taken")
	}
	for _, f := range []string{training.MetricsFile, training.PlotFile, training.CheckpointFile} {
		if st, err := os.Stat(filepath.Join(stopped, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	if matches, _ := filepath.Glob(filepath.Join(stopped, ".*tmp*")); len(matches) > 0 {
		t.Errorf("temporary files left: %v", matches)
	}
}

// fmtRows makes rows comparable with NaNs in them.
func fmtRows(rows []training.Row) []string {
	var out []string
	for _, r := range rows {
		b, _ := training.MetricsCSV([]training.Row{r})
		out = append(out, string(b))
	}
	return out
}

func TestResumeErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := training.Resume(dir); !errors.Is(err, training.ErrNoCheckpoint) {
		t.Fatalf("empty dir: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, training.CheckpointFile), []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := training.Resume(dir); !errors.Is(err, training.ErrBadCheckpoint) {
		t.Fatalf("corrupt checkpoint: %v", err)
	}
}

// TestSelfPlayIndependentOfBatching: the same games come out whether they
// are played one at a time or many at once with their queries batched.
func TestSelfPlayIndependentOfBatching(t *testing.T) {
	g := tictactoe.Game{}
	cfg := tinyConfig(t)
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, 5)
	if err != nil {
		t.Fatal(err)
	}
	play := func(parallel, maxBatch, cache int) []training.GameResult {
		c := cfg
		c.Parallel, c.MaxBatch = parallel, maxBatch
		ev, err := models.NewEvaluator(g, m.Net, cache)
		if err != nil {
			t.Fatal(err)
		}
		sp := training.SelfPlay{Game: g, Cfg: c}
		res, err := sp.Play(ev, 3, 10)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	one := play(1, 1, 0)
	many := play(8, 64, 1000)
	if !reflect.DeepEqual(one, many) {
		t.Fatal("self-play depends on batching")
	}
	other := training.SelfPlay{Game: g, Cfg: cfg}
	ev, _ := models.NewEvaluator(g, m.Net, 0)
	res4, err := other.Play(ev, 4, 10)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(one, res4) {
		t.Fatal("iterations 3 and 4 played the same games")
	}
	for _, gr := range one {
		if len(gr.Samples) == 0 || gr.Moves < 5 {
			t.Fatalf("game with %d samples, %d moves", len(gr.Samples), gr.Moves)
		}
		for _, s := range gr.Samples {
			sum := float32(0)
			for a, p := range s.Policy {
				if p > 0 && s.Mask[a] == 0 {
					t.Fatal("policy target on an illegal action")
				}
				sum += p
			}
			if math.Abs(float64(sum-1)) > 1e-5 {
				t.Fatalf("policy target sums to %v", sum)
			}
			if s.Value[0] != -s.Value[1] || math.Abs(float64(s.Value[0])) > 1 {
				t.Fatalf("value target %v is not zero-sum in [-1, 1]", s.Value)
			}
		}
		// The last mover of a decided game won: its relative value is +1.
		last := gr.Samples[len(gr.Samples)-1]
		if gr.Returns[0] != 0 && last.Value[0] != 1 {
			t.Fatalf("last mover's value %v in a decided game %v", last.Value, gr.Returns)
		}
	}
}

// searchModes are the self-play searches the determinism tests cover:
// PUCT, Gumbel AlphaZero, and each with playout cap randomization.
var searchModes = []string{"", "gumbel=1,gumbelm=4", "fullprob=0.4,cheapsims=3", "gumbel=1,gumbelm=4,fullprob=0.4,cheapsims=3"}

// TestSelfPlaySameWhateverCores: the same seed gives bit-identical games
// whatever the number of cores (GOMAXPROCS 1 or 2), the games at once,
// their groups, the batch limit, the evaluator's split of a batch over
// workers and its cache, checked on the conv trunk (a net of the default
// kind for tictactoe) so that every code path of play is covered, for
// every kind of self-play search (searchModes).
func TestSelfPlaySameWhateverCores(t *testing.T) {
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.Arch{Kind: models.KindConv, Width: 8, Depth: 1, ValueHidden: 8}, 9)
	if err != nil {
		t.Fatal(err)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	type setup struct {
		procs, parallel, groups, maxBatch, workers, cache int
	}
	for _, mode := range searchModes {
		cfg, err := training.ParseConfig(mode, tinyConfig(t))
		if err != nil {
			t.Fatal(err)
		}
		play := func(s setup) ([]training.GameResult, *countingEvaluator, *models.Evaluator) {
			runtime.GOMAXPROCS(s.procs)
			c := cfg
			c.Parallel, c.Groups, c.MaxBatch = s.parallel, s.groups, s.maxBatch
			ev, err := models.NewEvaluator(g, m.Net, s.cache)
			if err != nil {
				t.Fatal(err)
			}
			ev.SetWorkers(s.workers)
			ce := &countingEvaluator{inner: ev}
			sp := training.SelfPlay{Game: g, Cfg: c}
			res, err := sp.Play(ce, 2, 24)
			if err != nil {
				t.Fatal(err)
			}
			return res, ce, ev
		}
		want, _, _ := play(setup{procs: 1, parallel: 1, groups: 1, maxBatch: 1, workers: 1})
		for _, s := range []setup{
			{procs: 2, parallel: 8, groups: 2, maxBatch: 512, workers: 0, cache: 1000},
			{procs: 2, parallel: 12, groups: 3, maxBatch: 5, workers: 2, cache: 1000},
			{procs: 1, parallel: 8, groups: 2, maxBatch: 512, workers: 0, cache: 1000},
			{procs: 2, parallel: 6, groups: 1, maxBatch: 7, workers: 3, cache: 0},
			{procs: 2, parallel: 12, groups: 0, maxBatch: 64, workers: 4, cache: 20}, // a cache that evicts
			{procs: 2, parallel: 24, groups: 1, maxBatch: 512, workers: 2, cache: 0}, // forward passes split
		} {
			got, ce, ev := play(s)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q %+v: games differ from one game at a time on one core", mode, s)
			}
			if biggest := slices.Max(ce.sizes); biggest <= cfg.LeafBatch {
				t.Fatalf("%q %+v: largest batch %d: no batching across games to test", mode, s, biggest)
			}
			// How many games' leaves meet in one batch depends on the
			// scheduler: on a loaded machine the 24 games may never fill a
			// batch large enough to split, so the setup is played again
			// (the games compared each time) before the test gives up.
			for try := 1; s.parallel == 24 && slices.Max(ce.sizes) < 2*models.MinRowsPerWorker; try++ {
				if try == 5 {
					t.Fatalf("%q %+v: largest batch %d in %d tries: no forward pass split to test", mode, s, slices.Max(ce.sizes), try)
				}
				if got, ce, ev = play(s); !reflect.DeepEqual(got, want) {
					t.Fatalf("%q %+v: games differ from one game at a time on one core", mode, s)
				}
			}
			if hits, _ := ev.Cache().Stats(); s.cache > 0 && hits == 0 {
				t.Fatalf("%q %+v: no cache hit to test", mode, s)
			}
		}
		// Shards: one evaluator (own cache, no split) per group.
		for _, s := range []setup{
			{procs: 2, parallel: 8, groups: 2, maxBatch: 512, workers: 1, cache: 500},
			{procs: 2, parallel: 12, groups: 3, maxBatch: 5, workers: 1, cache: 0},
			{procs: 1, parallel: 8, groups: 2, maxBatch: 64, workers: 2, cache: 20},
		} {
			runtime.GOMAXPROCS(s.procs)
			c := cfg
			c.Parallel, c.MaxBatch = s.parallel, s.maxBatch
			evs := make([]mcts.Evaluator, s.groups)
			counts := make([]*countingEvaluator, s.groups)
			for i := range evs {
				ev, err := models.NewEvaluator(g, m.Net, s.cache)
				if err != nil {
					t.Fatal(err)
				}
				ev.SetWorkers(s.workers)
				counts[i] = &countingEvaluator{inner: ev}
				evs[i] = counts[i]
			}
			sp := training.SelfPlay{Game: g, Cfg: c}
			got, err := sp.PlayShards(evs, 2, 24)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q shards %+v: games differ from one game at a time on one core", mode, s)
			}
			for i, ce := range counts {
				if len(ce.sizes) == 0 {
					t.Fatalf("%q shards %+v: shard %d evaluated nothing", mode, s, i)
				}
			}
		}
	}
	if _, err := (&training.SelfPlay{Game: g, Cfg: tinyConfig(t)}).PlayShards(nil, 0, 1); !errors.Is(err, training.ErrBadConfig) {
		t.Errorf("no evaluator: %v", err)
	}
}

// countingEvaluator records the batch sizes it is called with.
type countingEvaluator struct {
	mu    sync.Mutex
	sizes []int
	inner mcts.Evaluator
}

func (c *countingEvaluator) Evaluate(states []engine.State, out []mcts.Evaluation) error {
	c.mu.Lock()
	c.sizes = append(c.sizes, len(states))
	c.mu.Unlock()
	return c.inner.Evaluate(states, out)
}

// TestBatcherGathersAllClients: with every client waiting, one call
// evaluates all their states, and each gets its own results.
func TestBatcherGathersAllClients(t *testing.T) {
	g := tictactoe.Game{}
	m, _ := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 8, Depth: 0, ValueHidden: 4}, 1)
	direct, _ := models.NewEvaluator(g, m.Net, 0)
	ce := &countingEvaluator{inner: direct}
	b := training.NewBatcher(ce, 1000)
	const clients = 6
	states := make([]engine.State, clients)
	for i := range states {
		s := g.NewInitialState()
		s.Apply(engine.Action(i))
		states[i] = s
	}
	for i := 0; i < clients; i++ {
		b.Join()
	}
	results := make([]mcts.Evaluation, clients)
	var wg sync.WaitGroup
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer b.Leave()
			out := []mcts.Evaluation{{Priors: make([]float32, 9), Values: make([]float32, 2)}}
			if err := b.Evaluate(states[i:i+1], out); err != nil {
				t.Error(err)
			}
			results[i] = out[0]
		}()
	}
	wg.Wait()
	if len(ce.sizes) != 1 || ce.sizes[0] != clients {
		t.Fatalf("batch sizes %v, want one call of %d", ce.sizes, clients)
	}
	for i, s := range states {
		want := []mcts.Evaluation{{Priors: make([]float32, 9), Values: make([]float32, 2)}}
		if err := direct.Evaluate([]engine.State{s}, want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(results[i], want[0]) {
			t.Fatalf("client %d got another state's evaluation", i)
		}
	}
	if err := b.Evaluate(states[:1], results[:1]); !errors.Is(err, training.ErrNotJoined) {
		t.Fatalf("Evaluate with no client: %v", err)
	}
}

// constEvaluator gives every state the same evaluation, allocating
// nothing.
type constEvaluator struct{}

func (constEvaluator) Evaluate(states []engine.State, out []mcts.Evaluation) error {
	for i := range out {
		out[i].Priors[0], out[i].Values[0] = 1, 0.5
	}
	return nil
}

// TestBatcherDoesNotAllocate: a steady stream of queries through a
// Batcher reuses its requests and batch buffers.
func TestBatcherDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop items")
	}
	b := training.NewBatcher(constEvaluator{}, 64)
	b.Join()
	defer b.Leave()
	states := []engine.State{tictactoe.Game{}.NewInitialState()}
	out := []mcts.Evaluation{{Priors: make([]float32, 9), Values: make([]float32, 2)}}
	allocs := testing.AllocsPerRun(100, func() {
		if err := b.Evaluate(states, out); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per Evaluate, want 0", allocs)
	}
	if calls, rows := b.Stats(); calls != 101 || rows != 101 {
		t.Fatalf("stats: %d calls, %d rows; want 101 and 101", calls, rows)
	}
}

func TestReplayRing(t *testing.T) {
	r := training.NewReplay(3, 2, 2, 2)
	for i := 0; i < 5; i++ {
		f := float32(i)
		if err := r.Add(training.Sample{Obs: []float32{f, f}, Mask: []float32{1, 1}, Policy: []float32{1, 0}, Value: []float32{f, -f}}); err != nil {
			t.Fatal(err)
		}
	}
	if r.Len() != 3 || r.Total != 5 {
		t.Fatalf("len %d total %d, want 3 and 5", r.Len(), r.Total)
	}
	want := []float32{3, 3, 4, 4, 2, 2} // 3 and 4 overwrote 0 and 1
	got := make([]float32, 6)
	for i := range 3 {
		r.Observations.Get(i, got[2*i:2*i+2])
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("obs %v, want %v", got, want)
	}
	if err := r.Add(training.Sample{Obs: []float32{1}}); err == nil {
		t.Fatal("wrong-sized sample accepted")
	}
	b := r.NewBatch(50)
	r.Fill(b, rand.New(rand.NewPCG(1, 2)))
	seen := map[float32]bool{}
	for k := 0; k < b.N; k++ {
		if b.Value[2*k] != b.Obs[2*k] || b.Value[2*k+1] != -b.Obs[2*k] {
			t.Fatal("a batch row mixes positions")
		}
		seen[b.Obs[2*k]] = true
	}
	if len(seen) != 3 || seen[0] || seen[1] {
		t.Fatalf("batch drew %v, want exactly the 3 held positions", seen)
	}
}

func TestAdamStep(t *testing.T) {
	net := &models.Network{Weights: []models.Tensor{
		{Name: "w", Shape: []int{1, 1}, Data: []float32{1}},
		{Name: "b", Shape: []int{1}, Data: []float32{1}},
	}}
	a := training.NewAdam(net, 0.1, 0.5)
	if err := a.Update(net, [][]float32{{2}, {2}}); err != nil {
		t.Fatal(err)
	}
	// First step: m̂ = g, v̂ = g², step = lr·g/|g| = 0.1; decay lr·wd = 0.05
	// on the matrix only.
	if w := net.Weights[0].Data[0]; math.Abs(float64(w)-(1*0.95-0.1)) > 1e-6 {
		t.Fatalf("w = %v, want 0.85", w)
	}
	if b := net.Weights[1].Data[0]; math.Abs(float64(b)-0.9) > 1e-6 {
		t.Fatalf("b = %v, want 0.9 (no decay on biases)", b)
	}
	if err := a.Update(net, [][]float32{{1}}); err == nil {
		t.Fatal("wrong number of gradients accepted")
	}
}

// TestLearnerLossFalls: Adam on a fixed replay buffer drives the loss down.
func TestLearnerLossFalls(t *testing.T) {
	g := tictactoe.Game{}
	m, _ := models.NewModel(g, models.Arch{Kind: models.KindConv, Width: 8, Depth: 1, ValueHidden: 8}, 2)
	r := training.NewReplay(64, 27, 9, 2)
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 64; i++ {
		s := g.NewInitialState()
		for k := rng.IntN(5); k > 0; k-- {
			legal := s.LegalActions(nil)
			s.Apply(legal[rng.IntN(len(legal))])
		}
		smp := training.Sample{Obs: make([]float32, 27), Mask: make([]float32, 9), Policy: make([]float32, 9), Value: []float32{1, -1}}
		s.Observe(s.CurrentPlayer(), smp.Obs)
		legal := s.LegalActions(nil)
		for _, a := range legal {
			smp.Mask[a] = 1
		}
		// Targets that are a function of the position, so they can be fit.
		smp.Policy[legal[len(legal)/2]] = 1
		if len(legal)%2 == 0 {
			smp.Value = []float32{-1, 1}
		}
		if err := r.Add(smp); err != nil {
			t.Fatal(err)
		}
	}
	l, err := training.NewLearner(m.Net, training.NewAdam(m.Net, 3e-3, 1e-4), r, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	b := r.NewBatch(64)
	for k := range b.N {
		r.Position(k, b, k)
	}
	first, err := l.Step(b)
	if err != nil {
		t.Fatal(err)
	}
	var last = first
	for i := 0; i < 150; i++ {
		if last, err = l.Step(b); err != nil {
			t.Fatal(err)
		}
	}
	if !(last.Policy < 0.3*first.Policy && last.Value < 0.3*first.Value) {
		t.Fatalf("loss did not fall: policy %.3f -> %.3f, value %.3f -> %.3f", first.Policy, last.Policy, first.Value, last.Value)
	}
}

func ttShapes() models.Shapes { return models.ShapesOf(tictactoe.Game{}) }
