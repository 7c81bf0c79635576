package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/env"
	"github.com/moongym/moongym/internal/seeds"
)

// batchRecord is what a batch wrote at every step, for comparisons.
type batchRecord struct {
	obs        []float32
	mask       []int8
	rewards    []float64
	player     []int32
	terminated []uint8
	truncated  []uint8
}

func (r *batchRecord) add(o batchOut) {
	r.obs = append(r.obs, o.obs...)
	r.mask = append(r.mask, o.mask...)
	r.rewards = append(r.rewards, o.rewards...)
	r.player = append(r.player, o.player...)
	r.terminated = append(r.terminated, o.terminated...)
	r.truncated = append(r.truncated, o.truncated...)
}

func (r *batchRecord) diff(q *batchRecord) string {
	switch {
	case !slices.Equal(r.obs, q.obs):
		return "observations"
	case !slices.Equal(r.mask, q.mask):
		return "masks"
	case !slices.Equal(r.rewards, q.rewards):
		return "rewards"
	case !slices.Equal(r.player, q.player):
		return "players"
	case !slices.Equal(r.terminated, q.terminated), !slices.Equal(r.truncated, q.truncated):
		return "flags"
	}
	return ""
}

// randomLegal picks a legal action of every environment from its mask, the
// same picks for the same masks.
func randomLegal(rng *rand.Rand, mask []int8, actions int, acts []int64) {
	for i := range acts {
		m := mask[i*actions : (i+1)*actions]
		n := 0
		for _, ok := range m {
			n += int(ok)
		}
		acts[i] = 0
		if n == 0 {
			continue
		}
		k := rng.IntN(n)
		for a, ok := range m {
			if ok != 0 {
				if k == 0 {
					acts[i] = int64(a)
					break
				}
				k--
			}
		}
	}
}

// playBatch plays steps steps of n environments with random legal actions
// at GOMAXPROCS procs; split makes every step share its slots out among the
// workers in chunks as small as one slot, however little work they are.
func playBatch(t *testing.T, cfg slotConfig, n, steps, procs int, split bool) *batchRecord {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
	rec, err := playSplit(cfg, n, steps, split, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// playSplit is playBatch at the current GOMAXPROCS, sleeping pause after
// every tenth step (long enough for the helpers to go to sleep).
func playSplit(cfg slotConfig, n, steps int, split bool, pause time.Duration) (*batchRecord, error) {
	b, err := newBatch(n, cfg)
	if err != nil {
		return nil, err
	}
	o := newOut(b)
	if err := b.resetAll(7, o); err != nil {
		return nil, err
	}
	rec := &batchRecord{}
	rec.add(o)
	rng := rand.New(rand.NewPCG(1, 2))
	acts := make([]int64, n)
	for k := range steps {
		randomLegal(rng, o.mask, b.actions, acts)
		if split {
			b.cost.ns = 1e9
		}
		if pause > 0 && k%10 == 9 {
			time.Sleep(pause)
		}
		if err := b.stepAll(acts, o); err != nil {
			return nil, err
		}
		rec.add(o)
	}
	return rec, nil
}

// TestBatchesSplitAtOnce: batches split at the same time from several
// goroutines share the helpers (a step posted by one batch replaces
// another's as the one open to them; the jobs are reused step after
// step; the helpers go to sleep in the pauses and are woken), and each
// still plays the games of slots stepped one by one.
func TestBatchesSplitAtOnce(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	cfg := slotConfig{game: "tictactoe", seat: -1}
	n, steps := 40, 200
	if testing.Short() {
		steps = 40
	}
	want := playSlots(t, cfg, n, steps)
	errs := make([]error, 6)
	var wg sync.WaitGroup
	for g := range errs {
		wg.Go(func() {
			rec, err := playSplit(cfg, n, steps, true, time.Duration(g%2)*2*maxSpinNS)
			if err == nil && rec.diff(want) != "" {
				err = fmt.Errorf("the %s differ from slots stepped one by one", rec.diff(want))
			}
			errs[g] = err
		})
	}
	wg.Wait()
	for g, err := range errs {
		if err != nil {
			t.Errorf("goroutine %d: %v", g, err)
		}
	}
}

// playSlots plays what playBatch does with n slots of their own stepped one
// by one (slot.step, slot.observe), autoreset and seeds done here as the
// batch documents them.
func playSlots(t *testing.T, cfg slotConfig, n, steps int) *batchRecord {
	t.Helper()
	slots := make([]*slot, n)
	episode := make([]uint64, n)
	ended := make([]bool, n)
	var nr, size, actions int
	for i := range slots {
		s, err := newSlot(cfg)
		if err != nil {
			t.Fatal(err)
		}
		slots[i] = s
		nr, size, actions = s.numRewards(), engine.ObservationSize(s.game), s.game.NumActions()
	}
	o := batchOut{
		obs: make([]float32, n*size), mask: make([]int8, n*actions), rewards: make([]float64, n*nr),
		player: make([]int32, n), terminated: make([]uint8, n), truncated: make([]uint8, n),
	}
	write := func(i int) {
		s := slots[i]
		o.player[i] = int32(s.current())
		if err := s.observe(s.viewer(), o.obs[i*size:(i+1)*size], o.mask[i*actions:(i+1)*actions]); err != nil {
			t.Fatal(err)
		}
	}
	const seed = 7
	for i, s := range slots {
		if err := s.reset(seeds.Pair(seed, uint64(i), 0), seeds.Pair(seed, uint64(i), 1<<32), true); err != nil {
			t.Fatal(err)
		}
		write(i)
	}
	rec := &batchRecord{}
	rec.add(o)
	rng := rand.New(rand.NewPCG(1, 2))
	acts := make([]int64, n)
	for range steps {
		randomLegal(rng, o.mask, actions, acts)
		for i, s := range slots {
			rew := o.rewards[i*nr : (i+1)*nr]
			if ended[i] {
				ended[i] = false
				episode[i]++
				clear(rew)
				o.terminated[i], o.truncated[i] = 0, 0
				if err := s.reset(seeds.Pair(seed, uint64(i), episode[i]), 0, false); err != nil {
					t.Fatal(err)
				}
				write(i)
				continue
			}
			term, trunc, err := s.step(acts[i], rew)
			if err != nil {
				t.Fatal(err)
			}
			o.terminated[i], o.truncated[i] = boolByte(term), boolByte(trunc)
			ended[i] = term || trunc
			write(i)
		}
		rec.add(o)
	}
	return rec
}

// TestBatchSameGamesWhateverWorkers: a seed gives the same games however
// many threads step the batch and however its slots are shared out, and
// the same as slots stepped one by one (which go through aec.step, where
// the batch applies actions it has checked itself), for every game, in
// self-play, with truncation, and with opponents.
func TestBatchSameGamesWhateverWorkers(t *testing.T) {
	for _, name := range engine.Names() {
		cfgs := []slotConfig{
			{game: name, seat: -1},
			{game: name, seat: -1, maxSteps: 5},
			{game: name, seat: 0, opponents: []string{"random"}},
		}
		for _, cfg := range cfgs {
			t.Run(fmt.Sprintf("%s/seat=%d/max=%d", name, cfg.seat, cfg.maxSteps), func(t *testing.T) {
				n, steps := 24, 30
				if testing.Short() || name == "lunar-rally" {
					n, steps = 8, 12
				}
				want := playSlots(t, cfg, n, steps)
				for _, run := range []struct {
					procs int
					split bool
				}{{1, false}, {1, true}, {2, true}, {4, true}} {
					if d := playBatch(t, cfg, n, steps, run.procs, run.split).diff(want); d != "" {
						t.Fatalf("GOMAXPROCS=%d split=%v: the %s differ from slots stepped one by one", run.procs, run.split, d)
					}
				}
			})
		}
	}
}

// TestBatchParallelErrors: every slot runs once whatever the split, and the
// error of the lowest failing slot comes back, a panic included.
func TestBatchParallelErrors(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	b, err := newBatch(100, slotConfig{game: "tictactoe", seat: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, ns := range []float64{1, 1e9} { // one thread; slots one at a time on four
		b.cost.ns = ns
		runs := make([]int, 100)
		err := b.parallel(func(i int) error {
			runs[i]++
			switch i {
			case 97:
				return fmt.Errorf("%w: late", errBadArgument)
			case 41:
				panic("slot 41")
			case 60:
				return fmt.Errorf("%w: sixty", errBadArgument)
			}
			return nil
		})
		if !errors.Is(err, errInternal) || !strings.HasPrefix(err.Error(), "env 41: ") || !strings.Contains(err.Error(), "panic: slot 41") {
			t.Fatalf("cost %v: %v", ns, err)
		}
		for i, k := range runs {
			if k != 1 {
				t.Fatalf("cost %v: slot %d ran %d times", ns, i, k)
			}
		}
	}
}

// TestBatchChecksAgainstKeptMask: the batch refuses, with the slot's
// message, an action its kept legal actions do not have, and the slots
// where it has none (a finished single-agent episode) are checked afresh.
func TestBatchChecksAgainstKeptMask(t *testing.T) {
	b, err := newBatch(2, slotConfig{game: "tictactoe", seat: -1})
	if err != nil {
		t.Fatal(err)
	}
	o := newOut(b)
	if err := b.resetAll(1, o); err != nil {
		t.Fatal(err)
	}
	if !b.known[0] || !b.known[1] {
		t.Fatal("reset kept no legal actions")
	}
	if err := b.stepAll([]int64{4, 4}, o); err != nil {
		t.Fatal(err)
	}
	for _, a := range []int64{4, 9, 63, 64, -1, 1 << 31} {
		err := b.stepAll([]int64{0, a}, o)
		want := b.slots[1].check(a)
		if err == nil || want == nil || err.Error() != "env 1: "+want.Error() {
			t.Fatalf("action %d: batch %v, slot %v", a, err, want)
		}
	}
}

// TestBatchSplitsWherePaying: steps are split when the work is large enough
// and splitting gains; when it does not, a trial of two split steps in a
// row (the first not counted: it wakes the helpers) comes every probe
// steps, probe growing to 64, and a gain again splits every step.
func TestBatchSplitsWherePaying(t *testing.T) {
	c := costEstimate{ns: 100}
	if c.split(parallelMinNS/2, 2) || c.split(2*parallelMinNS, 1) {
		t.Fatal("split a small step, or on one thread")
	}
	// trial runs a trial whose counted step does 1,000 slots of 100 ns in
	// wall (the first step's time is not counted: say 1 s).
	trial := func(what string, wall time.Duration) {
		t.Helper()
		for k := range 2 {
			if !c.split(2*parallelMinNS, 2) {
				t.Fatalf("%s: step %d of the trial not split", what, k)
			}
			c.splitDone([]time.Duration{time.Second, wall}[k], 1000)
		}
	}
	// 1,000 slots of 100 ns in 100 µs: no gain.
	trial("first trial", 100*time.Microsecond)
	if c.speedup != 1 {
		t.Fatalf("speedup %v after the first trial, want 1 (its first step not counted)", c.speedup)
	}
	for _, probe := range []int{8, 16, 32, 64, 64} {
		for k := 1; k < probe; k++ {
			if c.split(2*parallelMinNS, 2) {
				t.Fatalf("probe %d: split at step %d", probe, k)
			}
		}
		trial(fmt.Sprintf("probe %d", probe), 100*time.Microsecond)
	}
	// 1,000 slots in 50 µs: a gain of 2 (the estimate halfway, 1.5).
	for k := 1; k < 64; k++ {
		c.split(2*parallelMinNS, 2)
	}
	trial("a gain", 50*time.Microsecond)
	for k := range 10 {
		if !c.split(2*parallelMinNS, 2) {
			t.Fatalf("step %d after a gain: not split", k)
		}
		c.splitDone(50*time.Microsecond, 1000)
	}
}

// TestBatchForfeitMode: an illegal action ends its environment's episode
// with the mover's forfeit, steps the others, and the next step resets it.
func TestBatchForfeitMode(t *testing.T) {
	for _, cfg := range []slotConfig{{game: "tictactoe", seat: -1}, {game: "tictactoe", seat: 0, opponents: []string{"random"}}} {
		b, err := newBatch(3, cfg)
		if err != nil {
			t.Fatal(err)
		}
		o := newOut(b)
		o.illegal = make([]uint8, 3)
		if err := b.stepAll([]int64{0, 0, 0}, o); !errors.Is(err, env.ErrNotReset) {
			t.Fatalf("before reset: %v", err)
		}
		b.resetAll(1, o)
		b.stepAll([]int64{4, 4, 4}, o)
		mover := o.player[1]
		acts := firstLegal(b, o)
		acts[1] = 4       // taken
		acts[2] = 1 << 40 // out of range
		before, _ := b.slots[1].state().MarshalJSON()
		if err := b.stepAll(acts, o); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(o.illegal, []uint8{0, 1, 1}) || !slices.Equal(o.terminated, []uint8{0, 1, 1}) || o.truncated[1] != 0 {
			t.Fatalf("illegal %v terminated %v", o.illegal, o.terminated)
		}
		if after, _ := b.slots[1].state().MarshalJSON(); string(after) != string(before) {
			t.Fatal("a forfeited environment played")
		}
		if o.player[1] != int32(engine.Terminal) || slices.Contains(o.mask[b.actions:2*b.actions], 1) {
			t.Fatalf("forfeited env: player %d mask %v", o.player[1], o.mask[b.actions:2*b.actions])
		}
		want := []float64{0, 0}
		if b.rewards == 1 {
			want = want[:1]
			mover = 0
		}
		want[mover] = -1
		if got := o.rewards[b.rewards : 2*b.rewards]; !slices.Equal(got, want) {
			t.Fatalf("rewards %v, want %v", got, want)
		}
		if o.player[0] < 0 {
			t.Fatal("the legal environment did not go on")
		}
		if err := b.stepAll(firstLegal(b, o), o); err != nil {
			t.Fatal(err)
		}
		if o.terminated[1] != 0 || o.illegal[1] != 0 || o.player[1] < 0 || b.episode[1] != 1 {
			t.Fatalf("no autoreset after a forfeit: player %d episode %d", o.player[1], b.episode[1])
		}
		// Without the illegal array, the same batch is refused whole.
		o.illegal = nil
		acts = firstLegal(b, o)
		acts[0] = 1 << 40
		if err := b.stepAll(acts, o); !errors.Is(err, engine.ErrIllegalAction) {
			t.Fatalf("strict mode: %v", err)
		}
	}
}

// batchEvent is one thing an environment of a batch gave: the first
// observation of an episode (start) or what an action led to (rewards,
// flags, forfeit, and the observation after it: at an end the final one,
// else the next with its mask and seat to act).
type batchEvent struct {
	start                bool
	obs                  []float32
	mask                 []int8
	player               int32
	rewards              []float64
	term, trunc, forfeit uint8
}

func (e batchEvent) equal(f batchEvent) bool {
	return e.start == f.start && slices.Equal(e.obs, f.obs) && slices.Equal(e.mask, f.mask) && e.player == f.player &&
		slices.Equal(e.rewards, f.rewards) && e.term == f.term && e.trunc == f.trunc && e.forfeit == f.forfeit
}

// batchEvents plays a batch of n environments until each has taken k
// actions, in the same-step mode or the next-step one, and returns every
// environment's events up to its k-th action. Environment i picks its
// actions with a generator of its own from its own masks (with forfeit,
// now and then an illegal one), so that both modes play the same games.
func batchEvents(t *testing.T, cfg slotConfig, n, k int, same, forfeit bool) [][]batchEvent {
	t.Helper()
	b, err := newBatch(n, cfg)
	if err != nil {
		t.Fatal(err)
	}
	o := newOut(b)
	if forfeit {
		o.illegal = make([]uint8, n)
	}
	if same {
		o.final = make([]float32, n*b.obsSize)
	}
	if err := b.resetAll(7, o); err != nil {
		t.Fatal(err)
	}
	events := make([][]batchEvent, n)
	rngs := make([]*rand.Rand, n)
	row := func(i int) batchEvent {
		return batchEvent{
			obs:    slices.Clone(o.obs[i*b.obsSize : (i+1)*b.obsSize]),
			mask:   slices.Clone(o.mask[i*b.actions : (i+1)*b.actions]),
			player: o.player[i],
		}
	}
	for i := range n {
		rngs[i] = rand.New(rand.NewPCG(uint64(i), 9))
		e := row(i)
		e.start = true
		events[i] = append(events[i], e)
	}
	acted := make([]int, n)
	acts := make([]int64, n)
	for slices.Min(acted) < k {
		starting := slices.Clone(b.ended)
		for i := range acts {
			if acts[i] = 0; starting[i] { // ignored: no draw
				continue
			}
			randomLegal(rngs[i], o.mask[i*b.actions:(i+1)*b.actions], b.actions, acts[i:i+1])
			if forfeit && rngs[i].IntN(8) == 0 {
				acts[i] = 1 << 40
			}
		}
		if err := b.stepAll(acts, o); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if acted[i] >= k {
				continue
			}
			if starting[i] { // next-step mode: this step started an episode
				e := row(i)
				e.start = true
				events[i] = append(events[i], e)
				continue
			}
			acted[i]++
			e := row(i)
			e.rewards = slices.Clone(o.rewards[i*b.rewards : (i+1)*b.rewards])
			e.term, e.trunc = o.terminated[i], o.truncated[i]
			if forfeit {
				e.forfeit = o.illegal[i]
			}
			if e.term == 0 && e.trunc == 0 {
				events[i] = append(events[i], e)
				continue
			}
			first := e
			e.mask, e.player = nil, 0
			if same {
				e.obs = slices.Clone(o.final[i*b.obsSize : (i+1)*b.obsSize])
				first.start, first.rewards, first.term, first.trunc, first.forfeit = true, nil, 0, 0, 0
				events[i] = append(events[i], e, first)
			} else {
				if first.player != int32(engine.Terminal) || slices.Contains(first.mask, 1) {
					t.Fatalf("env %d: next-step end with seat %d to act, or a legal action", i, first.player)
				}
				events[i] = append(events[i], e)
			}
		}
	}
	for i := range events { // up to the k-th action (and the start after it)
		m := 0
		for j, e := range events[i] {
			if !e.start {
				m++
			}
			if m == k {
				events[i] = events[i][:j+1]
				break
			}
		}
	}
	return events
}

// TestBatchSameStepMode: the same-step mode plays the games the next-step
// mode plays, for every game, in self-play, with truncation, with
// opponents and with forfeits: the same first observations, the same
// rewards and flags for the same actions, the final observation apart,
// and the next episode's first observation, a mask with a legal action
// and its seat to act in the step that ended the last.
func TestBatchSameStepMode(t *testing.T) {
	for _, name := range engine.Names() {
		cfgs := []slotConfig{
			{game: name, seat: -1},
			{game: name, seat: -1, maxSteps: 5},
			{game: name, seat: 0, opponents: []string{"random"}},
		}
		for _, cfg := range cfgs {
			for _, forfeit := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/seat=%d/max=%d/forfeit=%v", name, cfg.seat, cfg.maxSteps, forfeit), func(t *testing.T) {
					n, k := 6, 40
					if testing.Short() || name == "lunar-rally" {
						n, k = 3, 12
					}
					next := batchEvents(t, cfg, n, k, false, forfeit)
					same := batchEvents(t, cfg, n, k, true, forfeit)
					ends := 0
					for i := range n {
						if len(next[i]) != len(same[i]) {
							t.Fatalf("env %d: %d events in the next-step mode, %d in the same-step one", i, len(next[i]), len(same[i]))
						}
						for j := range next[i] {
							if !next[i][j].equal(same[i][j]) {
								t.Fatalf("env %d: event %d differs (start %v)", i, j, next[i][j].start)
							}
							if e := same[i][j]; e.start {
								if j > 0 {
									ends++
								}
								if e.player < 0 || !slices.Contains(e.mask, 1) {
									t.Fatalf("env %d: an episode starts with seat %d to act and mask %v", i, e.player, e.mask)
								}
							}
						}
					}
					if ends == 0 && (cfg.maxSteps > 0 || forfeit) {
						t.Fatal("no episode ended")
					}
				})
			}
		}
	}
}

// TestBatchEpisodeEndedAtReset: an episode over before the learner's first
// decision (the opponents' moves reach max_steps) is skipped for the next;
// a configuration where every one is, is an error at reset, not an
// episode over at the first step.
func TestBatchEpisodeEndedAtReset(t *testing.T) {
	b, err := newBatch(2, slotConfig{game: "tictactoe", seat: 1, maxSteps: 1, opponents: []string{"random"}})
	if err != nil {
		t.Fatal(err)
	}
	o := newOut(b)
	if err := b.resetAll(1, o); !errors.Is(err, errBadArgument) || !strings.Contains(err.Error(), "max_steps=1") {
		t.Fatalf("reset: %v", err)
	}
	if err := b.stepAll([]int64{0, 0}, o); !errors.Is(err, env.ErrNotReset) {
		t.Fatalf("step after the failed reset: %v", err)
	}
	// Planet Cubes for 3 with 6 decisions: the learner's seat comes late
	// in some episodes only; those are skipped, in both modes.
	for _, same := range []bool{false, true} {
		b, err := newBatch(8, slotConfig{game: "planet-cubes", params: engine.Params{"players": "3"}, seat: 0, maxSteps: 6, opponents: []string{"random"}})
		if err != nil {
			t.Fatal(err)
		}
		o := newOut(b)
		if same {
			o.final = make([]float32, 8*b.obsSize)
		}
		if err := b.resetAll(3, o); err != nil {
			t.Fatal(err)
		}
		ends := 0
		for range 60 {
			for i := range b.slots {
				if !b.ended[i] && o.player[i] != 0 {
					t.Fatalf("same=%v: env %d starts with seat %d to act", same, i, o.player[i])
				}
			}
			if err := b.stepAll(firstLegal(b, o), o); err != nil {
				t.Fatalf("same=%v: %v", same, err)
			}
			for i := range b.slots {
				ends += int(o.terminated[i] | o.truncated[i])
			}
		}
		begun := 0 // episodes begun after the first, and ended ones to begin
		for i := range b.slots {
			begun += int(b.episode[i])
			if b.ended[i] {
				begun++
			}
		}
		if begun <= ends {
			t.Fatalf("same=%v: no episode skipped (%d begun, %d ended)", same, begun, ends)
		}
	}
}

// TestHelpersSpinForTheGap: helpers spin for twice the running mean of the
// gaps between split steps (at least 50 µs) while that is at most
// maxSpinNS, else idleSpinNS.
func TestHelpersSpinForTheGap(t *testing.T) {
	for _, c := range []struct{ gap, spin time.Duration }{
		{0, 50 * time.Microsecond},
		{10 * time.Microsecond, 50 * time.Microsecond},
		{300 * time.Microsecond, 600 * time.Microsecond},
		{maxSpinNS / 2, maxSpinNS},
		{maxSpinNS/2 + 1, idleSpinNS},
		{10 * time.Millisecond, idleSpinNS},
	} {
		var p pool
		p.gap.Store(int64(c.gap))
		if got := p.spin(); got != c.spin {
			t.Errorf("gap %v: spin %v, want %v", c.gap, got, c.spin)
		}
	}
}
