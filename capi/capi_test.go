package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/env"
	"github.com/moongym/moongym/internal/seeds"
)

// everyConfig runs f on every configuration the conformance suite plays.
func everyConfig(t *testing.T, f func(t *testing.T, name string, params engine.Params)) {
	for _, spec := range engine.Games() {
		for _, cfg := range enginetest.Configs(spec) {
			t.Run(spec.Name+"/"+cfg.String(), func(t *testing.T) { f(t, spec.Name, cfg) })
		}
	}
}

// TestAECMatchesEnv: the C API's allocation-free stepper plays the same
// episodes as env.Env: observations, masks, rewards, flags and errors.
func TestAECMatchesEnv(t *testing.T) {
	everyConfig(t, func(t *testing.T, name string, params engine.Params) {
		for _, maxSteps := range []int{0, 7} {
			s, err := newSlot(slotConfig{game: name, params: params, maxSteps: maxSteps, seat: -1})
			if err != nil {
				t.Fatal(err)
			}
			e := env.New(s.game, env.Options{MaxSteps: maxSteps})
			obs := make([]float32, engine.ObservationSize(s.game))
			mask := make([]int8, s.game.NumActions())
			rew := make([]float64, s.numRewards())
			rng := rand.New(rand.NewPCG(1, 2))
			for seed := uint64(0); seed < 3; seed++ {
				want, _, err := e.Reset(seed)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.reset(seed, 0, false); err != nil {
					t.Fatal(err)
				}
				for step := 0; ; step++ {
					if err := s.observe(s.viewer(), obs, mask); err != nil {
						t.Fatal(err)
					}
					sameObs(t, step, want, obs, mask)
					if want.Player == engine.Terminal {
						if s.current() != engine.Terminal {
							t.Fatalf("step %d: env over, slot has %v to act", step, s.current())
						}
						if _, _, err := s.step(0, rew); !errors.Is(err, env.ErrNotReset) {
							t.Fatalf("step after the end: %v", err)
						}
						break
					}
					if want.Player != s.current() {
						t.Fatalf("step %d: env has %v to act, slot %v", step, want.Player, s.current())
					}
					// An action out of range and an illegal one: the same
					// refusal, nothing changed.
					if _, errEnv := e.Step(engine.Action(s.game.NumActions())); errEnv == nil {
						t.Fatal("env took an out-of-range action")
					}
					if _, _, err := s.step(int64(s.game.NumActions()), rew); !errors.Is(err, engine.ErrIllegalAction) {
						t.Fatalf("out of range: %v", err)
					}
					legal := s.state().LegalActions(nil)
					a := legal[rng.IntN(len(legal))]
					st, err := e.Step(a)
					if err != nil {
						t.Fatal(err)
					}
					term, trunc, err := s.step(int64(a), rew)
					if err != nil {
						t.Fatal(err)
					}
					if term != st.Terminated || trunc != st.Truncated || !slices.Equal(rew, st.Rewards) {
						t.Fatalf("step %d: slot %v %v %v, env %v %v %v", step, term, trunc, rew, st.Terminated, st.Truncated, st.Rewards)
					}
					want = st.Obs
				}
			}
		}
	})
}

func sameObs(t *testing.T, step int, want env.Obs, obs []float32, mask []int8) {
	t.Helper()
	if !slices.Equal(want.Tensor, obs) {
		t.Fatalf("step %d: observations differ", step)
	}
	for a, ok := range want.Mask {
		if ok != (mask[a] == 1) {
			t.Fatalf("step %d: masks differ at %d", step, a)
		}
	}
}

// TestAECDoesNotAllocate: a step and an observation allocate nothing.
func TestAECDoesNotAllocate(t *testing.T) {
	s, err := newSlot(slotConfig{game: "tictactoe", seat: -1})
	if err != nil {
		t.Fatal(err)
	}
	obs, mask, rew := make([]float32, 27), make([]int8, 9), make([]float64, 2)
	allocs := testing.AllocsPerRun(100, func() {
		s.reset(1, 0, false)
		for !s.done() {
			s.observe(s.viewer(), obs, mask)
			a := slices.Index(mask, 1)
			if _, _, err := s.step(int64(a), rew); err != nil {
				t.Fatal(err)
			}
		}
	})
	// The initial state of each episode is the one allocation.
	if allocs > 1 {
		t.Fatalf("%v allocations per episode", allocs)
	}
}

// recordBuf is an 8-byte aligned buffer of n bytes (n a multiple of 8).
func recordBuf(n int) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(make([]uint64, n/8)))), n)
}

// TestStepRecordMatchesStepAndObserve: for every test configuration, multi-
// and single-agent, the record written by resetRecord and stepRecord holds
// the flags, rewards, observation and mask that reset, step, current,
// viewer and observe give a twin slot; errors leave the record and the
// episode unchanged.
func TestStepRecordMatchesStepAndObserve(t *testing.T) {
	everyConfig(t, func(t *testing.T, name string, params engine.Params) {
		for _, cfg := range []slotConfig{
			{game: name, params: params, maxSteps: 5, seat: -1},
			{game: name, params: params, seat: 0, opponents: []string{"random"}},
		} {
			s, err := newSlot(cfg)
			if err != nil {
				t.Fatal(err)
			}
			twin, _ := newSlot(cfg)
			l := layoutOf(s)
			if l.size%8 != 0 || l.rewards%8 != 0 || l.mask+l.numActions > l.size || l.size-(l.mask+l.numActions) >= 8 {
				t.Fatalf("layout %+v", l)
			}
			rec := recordBuf(l.size)
			flags, rew, obs, mask, err := l.views(rec)
			if err != nil {
				t.Fatal(err)
			}
			wantObs, wantMask := make([]float32, l.obsSize), make([]int8, l.numActions)
			wantRew := make([]float64, l.numRewards)
			check := func(step int, term, trunc bool) {
				t.Helper()
				if err := twin.observe(twin.viewer(), wantObs, wantMask); err != nil {
					t.Fatal(err)
				}
				wantFlags := []int32{flag32(term), flag32(trunc), int32(twin.current()), int32(twin.viewer())}
				if !slices.Equal(flags, wantFlags) || !slices.Equal(rew, wantRew) || !slices.Equal(obs, wantObs) || !slices.Equal(mask, wantMask) {
					t.Fatalf("step %d: record %v %v, want %v %v (or observations differ)", step, flags, rew, wantFlags, wantRew)
				}
			}
			for seed := uint64(1); seed <= 2; seed++ {
				if err := s.resetRecord(seed, seed, true, rec); err != nil {
					t.Fatal(err)
				}
				if err := twin.reset(seed, seed, true); err != nil {
					t.Fatal(err)
				}
				clear(wantRew)
				check(0, false, false)
				for step := 1; twin.current() != engine.Terminal; step++ {
					before := slices.Clone(rec)
					if err := s.stepRecord(int64(l.numActions), rec); !errors.Is(err, engine.ErrIllegalAction) || !slices.Equal(rec, before) {
						t.Fatalf("out-of-range action: %v, record changed: %v", err, !slices.Equal(rec, before))
					}
					a := slices.Index(mask, 1)
					if err := s.stepRecord(int64(a), rec); err != nil {
						t.Fatal(err)
					}
					term, trunc, err := twin.step(int64(a), wantRew)
					if err != nil {
						t.Fatal(err)
					}
					check(step, term, trunc)
				}
				before := slices.Clone(rec)
				if err := s.stepRecord(0, rec); !errors.Is(err, env.ErrNotReset) || !slices.Equal(rec, before) {
					t.Fatalf("step after the end: %v", err)
				}
			}
		}
	})
}

// TestStepRecordRefusesBadBuffers: a record of the wrong size or alignment
// is refused before anything is played.
func TestStepRecordRefusesBadBuffers(t *testing.T) {
	s, err := newSlot(slotConfig{game: "tictactoe", seat: -1})
	if err != nil {
		t.Fatal(err)
	}
	l := layoutOf(s)
	if err := s.resetRecord(1, 0, false, recordBuf(l.size)[:l.size-1]); !errors.Is(err, errBadArgument) || !strings.Contains(err.Error(), "step record of") {
		t.Fatalf("short record: %v", err)
	}
	if s.state() != nil {
		t.Fatal("a refused reset started an episode")
	}
	rec := recordBuf(l.size + 8)
	if err := s.resetRecord(1, 0, false, rec[:l.size]); err != nil {
		t.Fatal(err)
	}
	if err := s.stepRecord(0, rec[1:l.size+1]); !errors.Is(err, errBadArgument) || !strings.Contains(err.Error(), "aligned") {
		t.Fatalf("unaligned record: %v", err)
	}
	if err := s.stepRecord(0, nil); !errors.Is(err, errBadArgument) {
		t.Fatalf("no record: %v", err)
	}
	if s.multi.Steps() != 0 {
		t.Fatal("a refused step was played")
	}
}

// TestStepRecordDoesNotAllocate: stepping through records allocates no more
// than stepping through step and observe.
func TestStepRecordDoesNotAllocate(t *testing.T) {
	s, err := newSlot(slotConfig{game: "tictactoe", seat: -1})
	if err != nil {
		t.Fatal(err)
	}
	rec := recordBuf(layoutOf(s).size)
	_, _, _, mask, _ := layoutOf(s).views(rec)
	allocs := testing.AllocsPerRun(100, func() {
		if err := s.resetRecord(1, 0, false, rec); err != nil {
			t.Fatal(err)
		}
		for !s.done() {
			if err := s.stepRecord(int64(slices.Index(mask, 1)), rec); err != nil {
				t.Fatal(err)
			}
		}
	})
	// The initial state of each episode is the one allocation.
	if allocs > 1 {
		t.Fatalf("%v allocations per episode", allocs)
	}
}

func TestSingleAgentSlot(t *testing.T) {
	s, err := newSlot(slotConfig{game: "lunar-rally", params: engine.Params{"players": "3"}, seat: 2, opponents: []string{"heuristic"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.cfg.opponents) != 2 || s.numRewards() != 1 {
		t.Fatalf("opponents %v", s.cfg.opponents)
	}
	rew := []float64{0}
	mask := make([]int8, s.game.NumActions())
	obs := make([]float32, engine.ObservationSize(s.game))
	total := 0.0
	if err := s.reset(5, 6, true); err != nil {
		t.Fatal(err)
	}
	for s.current() != engine.Terminal {
		if s.current() != 2 {
			t.Fatalf("learner at seat 2, %v to act", s.current())
		}
		if err := s.observe(s.viewer(), obs, mask); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.step(int64(slices.Index(mask, 1)), rew); err != nil {
			t.Fatal(err)
		}
		total += rew[0]
	}
	returns := s.state().Returns(nil)
	if total != returns[2] {
		t.Fatalf("rewards sum to %v, return %v", total, returns[2])
	}
}

func TestSlotConfigErrors(t *testing.T) {
	for _, c := range []struct {
		cfg  slotConfig
		want error
		text string
	}{
		{slotConfig{game: "chess", seat: -1}, engine.ErrUnknownGame, `"chess"`},
		{slotConfig{game: "tictactoe", seat: 2, opponents: []string{"random"}}, errBadArgument, "seat 2"},
		{slotConfig{game: "tictactoe", seat: -1, opponents: []string{"random"}}, errBadArgument, "multi-agent"},
		{slotConfig{game: "planet-cubes", params: engine.Params{"players": "4"}, seat: 0, opponents: []string{"random", "random"}}, agents.ErrBadSpec, "2 opponent specs for the 3"},
		{slotConfig{game: "tictactoe", seat: 0, opponents: []string{"nobody"}}, agents.ErrUnknownAgent, "nobody"},
	} {
		_, err := newSlot(c.cfg)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%+v: %v, want %v with %q", c.cfg, err, c.want, c.text)
		}
	}
	if _, err := parseConfig("tictactoe", "players", 0, -1, ""); !errors.Is(err, engine.ErrBadParam) {
		t.Errorf("bad params: %v", err)
	}
	if _, err := parseConfig("tictactoe", "", -1, -1, ""); !errors.Is(err, errBadArgument) {
		t.Errorf("negative max steps: %v", err)
	}
	cfg, err := parseConfig("tictactoe", "", 0, 1, "heuristic\n mcts:sims=4 \n\n")
	if err != nil || !slices.Equal(cfg.opponents, []string{"heuristic", "mcts:sims=4"}) {
		t.Errorf("opponents %q %v", cfg.opponents, err)
	}
}

func newOut(b *batch) batchOut {
	n := len(b.slots)
	return batchOut{
		obs: make([]float32, n*b.obsSize), mask: make([]int8, n*b.actions), rewards: make([]float64, n*b.rewards),
		player: make([]int32, n), terminated: make([]uint8, n), truncated: make([]uint8, n),
	}
}

// firstLegal picks each environment's first legal action.
func firstLegal(b *batch, o batchOut) []int64 {
	acts := make([]int64, len(b.slots))
	for i := range acts {
		acts[i] = int64(max(0, slices.Index(o.mask[i*b.actions:(i+1)*b.actions], 1)))
	}
	return acts
}

func TestBatchAutoresetAndSeeds(t *testing.T) {
	const n = 40 // more than minChunk: several goroutines
	b, err := newBatch(n, slotConfig{game: "tictactoe", seat: -1})
	if err != nil {
		t.Fatal(err)
	}
	o := newOut(b)
	if err := b.stepAll(make([]int64, n), o); !errors.Is(err, env.ErrNotReset) {
		t.Fatalf("step before reset: %v", err)
	}
	if err := b.resetAll(3, o); err != nil {
		t.Fatal(err)
	}
	// Tic-tac-toe with first legal moves: X wins after 7 decisions; the 8th
	// step resets every environment.
	for step := 1; step <= 8; step++ {
		if err := b.stepAll(firstLegal(b, o), o); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n; i++ {
			over := step == 7
			if (o.terminated[i] == 1) != over || (o.player[i] == int32(engine.Terminal)) != over {
				t.Fatalf("step %d env %d: terminated %d player %d", step, i, o.terminated[i], o.player[i])
			}
			if over && (o.rewards[2*i] != 1 || o.rewards[2*i+1] != -1) {
				t.Fatalf("final rewards %v", o.rewards[2*i:2*i+2])
			}
			if step == 8 && (o.player[i] != 0 || o.rewards[2*i] != 0 || b.episode[i] != 1) {
				t.Fatalf("no autoreset: player %d episode %d", o.player[i], b.episode[i])
			}
		}
	}
	// Environment i's seeds depend on the reset seed and i only.
	if seeds.Pair(3, 5, 1) == seeds.Pair(3, 6, 1) || seeds.Pair(3, 5, 1) == seeds.Pair(4, 5, 1) || seeds.Pair(3, 5, 1) != seeds.Pair(3, 5, 1) {
		t.Fatal("mix does not separate seeds")
	}
}

func TestBatchRefusesBadBatchWhole(t *testing.T) {
	b, err := newBatch(3, slotConfig{game: "tictactoe", seat: -1})
	if err != nil {
		t.Fatal(err)
	}
	o := newOut(b)
	b.resetAll(1, o)
	b.stepAll([]int64{4, 4, 4}, o)
	before := slices.Clone(o.obs)
	states := make([]string, 3)
	for i, s := range b.slots {
		js, _ := s.state().MarshalJSON()
		states[i] = string(js)
	}
	for _, acts := range [][]int64{{0, 4, 0}, {0, -1, 0}, {0, 1 << 40, 0}} {
		if err := b.stepAll(acts, o); !errors.Is(err, engine.ErrIllegalAction) || !strings.Contains(err.Error(), "env 1") {
			t.Fatalf("%v: %v", acts, err)
		}
	}
	if err := b.stepAll([]int64{0, 1}, o); !errors.Is(err, errBadArgument) {
		t.Fatalf("too few actions: %v", err)
	}
	if !slices.Equal(before, o.obs) {
		t.Fatal("refused batch wrote observations")
	}
	for i, s := range b.slots {
		if js, _ := s.state().MarshalJSON(); string(js) != states[i] {
			t.Fatalf("env %d stepped", i)
		}
	}
	if err := b.checkOut(batchOut{obs: o.obs[:5], mask: o.mask, player: o.player}); !errors.Is(err, errBadArgument) {
		t.Fatalf("short obs: %v", err)
	}
	if _, err := newBatch(0, slotConfig{game: "tictactoe", seat: -1}); !errors.Is(err, errBadArgument) {
		t.Fatalf("empty batch: %v", err)
	}
}

func TestGuardRecoversPanics(t *testing.T) {
	id := guard(func() error { panic("boom") })
	err, ok := pending.take(id)
	if !ok || kindOf(err) != kindInternal || !strings.Contains(err.Error(), "panic: boom") {
		t.Fatalf("%v %v", err, ok)
	}
	if _, again := pending.take(id); again {
		t.Fatal("an error taken twice")
	}
	if guard(func() error { return nil }) != 0 {
		t.Fatal("success has an error id")
	}
	var nilMap map[string]int
	if err := protect(func() error { nilMap["x"] = 1; return nil }); !errors.Is(err, errInternal) {
		t.Fatalf("protect: %v", err)
	}
	// A panic on a batch worker goroutine comes back as the batch's error.
	b, _ := newBatch(2, slotConfig{game: "tictactoe", seat: -1})
	if err := b.parallel(func(i int) error {
		if i == 1 {
			panic("worker")
		}
		return nil
	}); !errors.Is(err, errInternal) || !strings.Contains(err.Error(), "env 1") {
		t.Fatalf("worker panic: %v", err)
	}
}

func TestKinds(t *testing.T) {
	for _, c := range []struct {
		err  error
		kind int
	}{
		{fmt.Errorf("x: %w", engine.ErrUnknownGame), kindUnknownGame},
		{fmt.Errorf("x: %w", engine.ErrUnknownParam), kindBadParam},
		{fmt.Errorf("x: %w", engine.ErrBadParam), kindBadParam},
		{fmt.Errorf("x: %w", engine.ErrIllegalAction), kindIllegalAction},
		{fmt.Errorf("x: %w", env.ErrNotReset), kindEpisodeOver},
		{fmt.Errorf("x: %w", agents.ErrNotToAct), kindEpisodeOver},
		{fmt.Errorf("x: %w", agents.ErrBadSpec), kindBadAgent},
		{fmt.Errorf("x: %w", errBadArgument), kindBadArgument},
		{errors.New("other"), kindOther},
	} {
		if got := kindOf(c.err); got != c.kind {
			t.Errorf("%v: kind %d, want %d", c.err, got, c.kind)
		}
	}
}

func TestHandles(t *testing.T) {
	s, _ := newSlot(slotConfig{game: "tictactoe", seat: -1})
	h := handles.add(s)
	if got, err := lookup[*slot](h); err != nil || got != s {
		t.Fatalf("lookup: %v", err)
	}
	if _, err := lookup[*batch](h); !errors.Is(err, errBadArgument) {
		t.Fatalf("wrong type: %v", err)
	}
	if err := handles.remove(h); err != nil {
		t.Fatal(err)
	}
	if err := handles.remove(h); !errors.Is(err, errBadArgument) {
		t.Fatalf("double free: %v", err)
	}
	if _, err := lookup[*slot](h); !errors.Is(err, errBadArgument) {
		t.Fatalf("freed: %v", err)
	}
	if h2 := handles.add(s); h2 == h {
		t.Fatal("handle reused")
	}
}

func TestCatalogListsTestConfigs(t *testing.T) {
	js, err := catalog()
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Games []struct {
			Name        string          `json:"name"`
			TestConfigs []engine.Params `json:"test_configs"`
		} `json:"games"`
		Agents []struct{ Name string } `json:"agents"`
	}
	if err := json.Unmarshal([]byte(js), &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Games) != len(engine.Games()) || len(c.Agents) != len(agents.Registered()) {
		t.Fatalf("%d games, %d agents", len(c.Games), len(c.Agents))
	}
	for i, spec := range engine.Games() {
		if c.Games[i].Name != spec.Name || len(c.Games[i].TestConfigs) != len(enginetest.Configs(spec)) {
			t.Errorf("%s: %d test configs", spec.Name, len(c.Games[i].TestConfigs))
		}
	}
}

// slotInfo is the info of an environment of game with params, decoded
// and as JSON.
func slotInfo(t *testing.T, game string, params engine.Params) (gameInfo, string) {
	t.Helper()
	s, err := newSlot(slotConfig{game: game, params: params, seat: -1})
	if err != nil {
		t.Fatal(err)
	}
	js, err := s.info()
	if err != nil {
		t.Fatal(err)
	}
	var i gameInfo
	if err := json.Unmarshal([]byte(js), &i); err != nil {
		t.Fatal(err)
	}
	return i, js
}

// TestInfoSeatSections: an environment's info gives the observation's seat
// sections ([per seat, sections, global], what a model's seat view reads)
// where the game has them, and omits them where it has none.
func TestInfoSeatSections(t *testing.T) {
	for _, players := range []int{2, 4} {
		i, js := slotInfo(t, "welcome-moon", engine.Params{"players": fmt.Sprint(players)})
		if len(i.SeatSections) != 3 || len(i.Shape) != 1 {
			t.Fatalf("welcome-moon players=%d: seat_sections %v, shape %v (%s)", players, i.SeatSections, i.Shape, js)
		}
		per, sec, glob := i.SeatSections[0], i.SeatSections[1], i.SeatSections[2]
		if sec != players || per <= 0 || glob < 0 || per*sec+glob != i.Shape[0] {
			t.Errorf("welcome-moon players=%d: seat_sections %v, observation %v", players, i.SeatSections, i.Shape)
		}
	}
	for _, game := range []string{"tictactoe", "walking-moon"} {
		if i, js := slotInfo(t, game, nil); i.SeatSections != nil || strings.Contains(js, "seat_sections") {
			t.Errorf("%s: seat_sections %v in %s", game, i.SeatSections, js)
		}
	}
}

// TestInfoSeatSlots: an environment's info gives the observation's number
// of seat slots (what a model's seat view reads) where the game keeps a
// fixed number of them, and omits it where it does not.
func TestInfoSeatSlots(t *testing.T) {
	for players := 2; players <= 5; players++ {
		if i, js := slotInfo(t, "march-mars", engine.Params{"players": fmt.Sprint(players)}); i.SeatSlots != 5 {
			t.Errorf("march-mars players=%d: seat_slots %d in %s", players, i.SeatSlots, js)
		}
	}
	for _, game := range []string{"welcome-moon", "tictactoe", "walking-moon"} {
		if i, js := slotInfo(t, game, nil); i.SeatSlots != 0 || strings.Contains(js, "seat_slots") {
			t.Errorf("%s: seat_slots %d in %s", game, i.SeatSlots, js)
		}
	}
}

func TestAgentActsOnSameConfigOnly(t *testing.T) {
	a, err := newAgent("random", "lunar-rally", "players=3", 1)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := newSlot(slotConfig{game: "lunar-rally", params: engine.Params{"players": "2"}, seat: -1})
	s.reset(0, 0, false)
	if _, err := a.toAct(s); !errors.Is(err, errBadArgument) {
		t.Fatalf("other config: %v", err)
	}
	s3, _ := newSlot(slotConfig{game: "lunar-rally", params: engine.Params{"players": "3"}, seat: -1})
	if s3.game != a.game {
		t.Fatal("the game of a configuration is not shared")
	}
	s3.reset(0, 0, false)
	st, err := a.toAct(s3)
	if err != nil {
		t.Fatal(err)
	}
	act, err := a.agent.Act(st)
	if err != nil || !engine.IsLegal(s3.state(), act) {
		t.Fatalf("act %v %v", act, err)
	}
	probs := make([]float64, a.game.NumActions())
	if err := a.policy(st, probs); err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, p := range probs {
		sum += p
	}
	if sum < 0.999 || sum > 1.001 {
		t.Fatalf("policy sums to %v", sum)
	}
}

// FuzzConfig: whatever C passes as a configuration, making an environment
// gives an environment or an error, never a panic.
func FuzzConfig(f *testing.F) {
	f.Add("tictactoe", "", int64(0), int64(-1), "")
	f.Add("lunar-rally", "players=3,scenario=blue", int64(5), int64(2), "heuristic\nrandom")
	f.Add("planet-cubes", "players=x", int64(-1), int64(9), "mcts:sims=")
	f.Fuzz(func(t *testing.T, game, params string, maxSteps, seat int64, opponents string) {
		cfg, err := parseConfig(game, params, maxSteps, seat, opponents)
		if err != nil {
			return
		}
		for _, spec := range cfg.opponents {
			if !strings.HasPrefix(spec, "random") && !strings.HasPrefix(spec, "heuristic") {
				return // searching agents: specs are tested elsewhere; keep runs short
			}
		}
		s, err := newSlot(cfg)
		if err != nil {
			return
		}
		if err := s.reset(1, 2, true); err != nil {
			return
		}
		rew := make([]float64, s.numRewards())
		s.step(0, rew)
	})
}

// BenchmarkStepRecord: one tictactoe decision through the record path's Go
// side (what mg_env_step_record runs besides the handle lookup), the first
// legal action, a reset through resetRecord when over.
func BenchmarkStepRecord(b *testing.B) {
	s, err := newSlot(slotConfig{game: "tictactoe", seat: -1})
	if err != nil {
		b.Fatal(err)
	}
	rec := recordBuf(layoutOf(s).size)
	_, _, _, mask, _ := layoutOf(s).views(rec)
	if err := s.resetRecord(0, 0, false, rec); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := s.stepRecord(int64(slices.Index(mask, 1)), rec); err != nil {
			b.Fatal(err)
		}
		if s.done() {
			if err := s.resetRecord(0, 0, false, rec); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestErrorTexts: what a Python user reads names the moongym object and
// says what to do, never a Go type.
func TestErrorTexts(t *testing.T) {
	s, _ := newSlot(slotConfig{game: "tictactoe", seat: -1})
	single, _ := newSlot(slotConfig{game: "tictactoe", seat: 0, opponents: []string{"random"}})
	rew := make([]float64, 2)
	for _, c := range []struct {
		s    *slot
		want string
	}{{s, "no episode started: call reset() first"}, {single, "no episode started: call reset() first"}} {
		if _, _, err := c.s.step(0, rew); !errors.Is(err, env.ErrNotReset) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("step before reset: %v", err)
		}
	}
	s.reset(1, 0, false)
	single.reset(1, 0, false)
	for _, a := range []int64{0, 3, 1, 4, 2} {
		if _, _, err := s.step(a, rew); err != nil {
			t.Fatal(err)
		}
	}
	for !single.done() {
		single.step(int64(single.state().LegalActions(nil)[0]), rew[:1])
	}
	for _, x := range []*slot{s, single} {
		_, _, err := x.step(5, rew[:x.numRewards()])
		if !errors.Is(err, env.ErrNotReset) || !strings.Contains(err.Error(), "the episode is over: call reset()") {
			t.Errorf("step after the end: %v", err)
		}
		if err := x.check(5); !strings.Contains(err.Error(), "the episode is over") {
			t.Errorf("check after the end: %v", err)
		}
	}
	h := handles.add(s)
	defer handles.remove(h)
	_, err := lookup[*batch](h)
	if want := fmt.Sprintf("handle %d is not a live vector environment but an environment", h); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "main.") {
		t.Errorf("wrong kind of handle: %v", err)
	}
	if _, err := lookup[*agentObj](1 << 60); err == nil || !strings.Contains(err.Error(), "not a live agent (freed already?)") {
		t.Errorf("no such handle: %v", err)
	}
}

// TestMissingModelIsBadAgent: an agent whose model file is missing is the
// caller's bad agent spec, not an unclassified error.
func TestMissingModelIsBadAgent(t *testing.T) {
	for _, spec := range []string{"az:model=/nonexistent/model.safetensors", "net:model=/nonexistent/model.safetensors"} {
		_, err := newAgent(spec, "tictactoe", "", 1)
		if kindOf(err) != kindBadAgent || !strings.Contains(err.Error(), "/nonexistent/model.safetensors") {
			t.Errorf("%s: kind %d: %v", spec, kindOf(err), err)
		}
		_, err = newSlot(slotConfig{game: "tictactoe", seat: 0, opponents: []string{spec}})
		if kindOf(err) != kindBadAgent {
			t.Errorf("%s as an opponent: kind %d: %v", spec, kindOf(err), err)
		}
	}
	if kindOf(agentError(errors.New("x"))) != kindBadAgent || agentError(nil) != nil {
		t.Error("agentError")
	}
	if err := agentError(fmt.Errorf("x: %w", errInternal)); kindOf(err) != kindInternal {
		t.Errorf("a panic stays internal: %v", err)
	}
}

// TestRenderRGB: every game's picture comes back as RGB bytes of the
// width asked, not blank; bad widths and seats are refused.
func TestRenderRGB(t *testing.T) {
	for _, spec := range engine.Games() {
		s, err := newSlot(slotConfig{game: spec.Name, seat: -1})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.renderRGB(-1, 100); !errors.Is(err, env.ErrNotReset) {
			t.Errorf("%s: before reset: %v", spec.Name, err)
		}
		s.reset(1, 0, false)
		for _, p := range []int{-1, 0} {
			img, err := s.renderRGB(p, 120)
			if err != nil {
				t.Fatalf("%s: %v", spec.Name, err)
			}
			if img.Width != 120 || img.Height < 10 || len(img.Pix) != img.Width*img.Height*3 {
				t.Fatalf("%s: %dx%d, %d bytes", spec.Name, img.Width, img.Height, len(img.Pix))
			}
			colours := map[[3]byte]bool{}
			for i := 0; i < len(img.Pix); i += 3 {
				colours[[3]byte(img.Pix[i:i+3])] = true
			}
			if len(colours) < 3 {
				t.Errorf("%s: %d colours", spec.Name, len(colours))
			}
		}
		for _, w := range []int64{0, -5, maxWidth + 1} {
			if _, err := s.renderRGB(-1, w); !errors.Is(err, errBadArgument) {
				t.Errorf("%s: width %d: %v", spec.Name, w, err)
			}
		}
		if _, err := s.renderRGB(s.game.NumPlayers(), 100); !errors.Is(err, errBadArgument) {
			t.Errorf("%s: bad seat: %v", spec.Name, err)
		}
	}
}
