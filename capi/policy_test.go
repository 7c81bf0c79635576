package main

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/seeds"
	"github.com/moongym/moongym/models"
)

// testPolicy is a Python policy whose answers come from f (a Go function
// in place of the Python callback), registered under a handle.
func testPolicy(t *testing.T, game string, params engine.Params, wantsState bool, f func(c *policyCall) (int64, error)) (*pyPolicy, string) {
	t.Helper()
	g, err := loadGame(game, params)
	if err != nil {
		t.Fatal(err)
	}
	p := &pyPolicy{id: 7, name: "test", wantsState: wantsState, game: g, call: f}
	h := handles.add(p)
	t.Cleanup(func() { handles.remove(h) })
	return p, "@" + itoa(h)
}

func itoa(h uint64) string { return strconv.FormatUint(h, 10) }

// firstLegalCall plays the first legal action of the mask.
func firstLegalCall(c *policyCall) (int64, error) { return int64(slices.Index(c.mask, 1)), nil }

// TestPythonOpponent: a Python policy plays an opponent's seat with the
// seat's observation and mask; its illegal move and its exception are
// policy errors that name it (never the learner's illegal action), after
// which steps refuse until a reset.
func TestPythonOpponent(t *testing.T) {
	var mu sync.Mutex
	var seats []engine.Player
	var got []uint64
	_, h := testPolicy(t, "tictactoe", nil, true, func(c *policyCall) (int64, error) {
		mu.Lock()
		defer mu.Unlock()
		seats, got = append(seats, c.seat), append(got, c.seed)
		if c.game != -1 || len(c.state) == 0 || len(c.obs) != 27 {
			t.Errorf("call %+v", c)
		}
		return firstLegalCall(c)
	})
	s, err := newSlot(slotConfig{game: "tictactoe", seat: 0, opponents: []string{h}})
	if err != nil {
		t.Fatal(err)
	}
	if js, _ := s.info(); !strings.Contains(js, `"opponents":["python:test"]`) {
		t.Errorf("info: %s", js)
	}
	s.reset(1, 2, true)
	rew := []float64{0}
	for _, a := range []int64{4, 8, 7} {
		if _, _, err := s.step(a, rew); err != nil {
			t.Fatal(err)
		}
	}
	if len(seats) != 3 || seats[0] != 1 || got[0] != seeds.Pair(2, 0, 0x6f7070) {
		t.Fatalf("seats %v seeds %v", seats, got)
	}

	for _, c := range []struct {
		answer int64
		kind   int
		text   string
	}{
		{5, kindPolicy, "the Python policy test at seat 1 played 5, which is not legal here (legal actions: "},
		{-3, kindPolicy, "the Python policy test raised an exception at seat 1 [python exception 3]"},
	} {
		p, h := testPolicy(t, "tictactoe", nil, false, func(pc *policyCall) (int64, error) { return c.answer, nil })
		p.name = "test"
		s, _ := newSlot(slotConfig{game: "tictactoe", seat: 0, opponents: []string{h}})
		s.reset(1, 2, true)
		_, _, err := s.step(5, rew)
		if kindOf(err) != c.kind || !strings.Contains(err.Error(), c.text) || errors.Is(err, engine.ErrIllegalAction) && c.answer < 0 {
			t.Errorf("answer %d: kind %d: %v", c.answer, kindOf(err), err)
		}
		if _, _, err := s.step(0, rew); kindOf(err) != kindEpisodeOver || !strings.Contains(err.Error(), "an opponent failed") {
			t.Errorf("step after an opponent's error: %v", err)
		}
		if err := s.reset(3, 0, false); err != nil {
			t.Fatal(err)
		}
	}
	// A policy that calls into the environment asking it is refused, not
	// left waiting for itself.
	var inner error
	var sp *slot
	_, hr := testPolicy(t, "tictactoe", nil, false, func(c *policyCall) (int64, error) {
		inner = sp.lock()
		return firstLegalCall(c)
	})
	sp, _ = newSlot(slotConfig{game: "tictactoe", seat: 0, opponents: []string{hr}})
	sp.reset(1, 2, true)
	if err := sp.lock(); err != nil {
		t.Fatal(err)
	}
	_, _, err = sp.step(4, rew)
	sp.mu.Unlock()
	if err != nil || !errors.Is(inner, errAsking) || kindOf(inner) != kindBadArgument {
		t.Fatalf("a policy's call into its environment: %v, step %v", inner, err)
	}
	// The learner's own illegal action stays one (the forfeit mode's).
	s.reset(1, 2, true)
	if _, _, err := s.step(9, rew); kindOf(err) != kindIllegalAction {
		t.Fatalf("learner's illegal action: %v", err)
	}
	// A policy of another configuration, a handle of another kind.
	_, other := testPolicy(t, "lunar-rally", nil, false, firstLegalCall)
	if _, err := newSlot(slotConfig{game: "tictactoe", seat: 0, opponents: []string{other}}); kindOf(err) != kindBadArgument {
		t.Errorf("other game's policy: %v", err)
	}
	for _, bad := range []string{"@x", "@999999999"} {
		if _, err := newSlot(slotConfig{game: "tictactoe", seat: 0, opponents: []string{bad}}); kindOf(err) != kindBadArgument {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// goPolicy is a Python policy stand-in that plays a Go agent spec
// through the state's JSON and the seed it is given, made afresh for
// each seed, as a Python user wrapping moongym.Agent would.
func goPolicy(t *testing.T, g engine.Game, spec string) func(c *policyCall) (int64, error) {
	var mu sync.Mutex
	made := map[uint64]agents.Agent{}
	return func(c *policyCall) (int64, error) {
		mu.Lock()
		a, ok := made[c.seed]
		if !ok {
			var err error
			if a, err = agents.New(g, spec, c.seed); err != nil {
				mu.Unlock()
				return 0, err
			}
			made[c.seed] = a
		}
		mu.Unlock()
		st, err := g.DecodeState(c.state)
		if err != nil {
			return 0, err
		}
		act, err := a.Act(st)
		return int64(act), err
	}
}

// TestArenaMatchesGoArena: mg_arena's tournament of specs is package
// arena's (the same games, report and Wilson intervals), and a Python
// policy playing the same agent through the state and the seed it is
// given plays the same games.
func TestArenaMatchesGoArena(t *testing.T) {
	for _, c := range []struct {
		game    string
		params  engine.Params
		specs   []string
		games   int
		opening int
	}{
		{"tictactoe", nil, []string{"heuristic", "random"}, 12, 0},
		{"planet-cubes", engine.Params{"players": "3"}, []string{"heuristic", "random"}, 6, 2},
	} {
		g, err := loadGame(c.game, c.params)
		if err != nil {
			t.Fatal(err)
		}
		results, err := arena.Run(context.Background(), arena.Config{Game: g, Agents: c.specs, Games: c.games, Seed: 5, Opening: c.opening})
		if err != nil {
			t.Fatal(err)
		}
		want, err := arena.Summarize(g, c.specs, 5, results)
		if err != nil {
			t.Fatal(err)
		}
		want.Opening = c.opening
		cfg := arenaConfig{game: c.game, params: c.params.String(), entrants: c.specs, names: c.specs, games: c.games, seed: 5, opening: c.opening}
		js, err := runArena(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var got arenaResult
		if err := json.Unmarshal([]byte(js), &got); err != nil {
			t.Fatal(err)
		}
		wj, _ := json.Marshal(want)
		gj, _ := json.Marshal(got.Report)
		if string(wj) != string(gj) {
			t.Fatalf("%s: report\n%s\nwant\n%s", c.game, gj, wj)
		}
		for i, r := range results {
			if !slices.Equal(got.Games[i].Actions, r.Record.Actions) || !slices.Equal(got.Games[i].Seats, r.Seats) || got.Games[i].Seed != r.Seed {
				t.Fatalf("%s: game %d differs", c.game, i)
			}
		}
		// The heuristic as a Python policy.
		var mu sync.Mutex
		gamesSeen := map[int64]bool{}
		play := goPolicy(t, g, "heuristic")
		_, h := testPolicy(t, c.game, c.params, true, func(pc *policyCall) (int64, error) {
			mu.Lock()
			gamesSeen[pc.game] = true
			mu.Unlock()
			return play(pc)
		})
		cfg.entrants = []string{h, "random"}
		js, err = runArena(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var py arenaResult
		json.Unmarshal([]byte(js), &py)
		pj, _ := json.Marshal(py.Report)
		if string(pj) != string(wj) {
			t.Fatalf("%s: the heuristic as a Python policy: report\n%s\nwant\n%s", c.game, pj, wj)
		}
		for gi := range gamesSeen {
			if gi < 0 || gi >= int64(c.games) {
				t.Fatalf("%s: a Python policy was told game %d", c.game, gi)
			}
		}
		if a := got.Report.Agents[0]; math.Abs(a.WinRate-(float64(a.Wins)+float64(a.Draws)/2)/float64(a.Games)) > 1e-12 {
			t.Fatalf("win rate %v", a)
		}
	}
}

// TestArenaAgentSeeds: agentSeedGames finds the game of every seed the
// arena gives an agent.
func TestArenaAgentSeeds(t *testing.T) {
	g, _ := loadGame("planet-cubes", engine.Params{"players": "4"})
	const games = 9
	m := agentSeedGames(3, games, g.NumPlayers())
	var mu sync.Mutex
	seen := 0
	ent := arena.Entrant{Name: "x", New: func(seed uint64) (agents.Agent, error) {
		mu.Lock()
		defer mu.Unlock()
		// (Run's check makes one agent of every entrant with the
		// tournament's seed, to fail early; it never plays.)
		if _, ok := m[seed]; !ok && seed != 3 {
			t.Errorf("seed %d not mapped", seed)
		}
		seen++
		return agents.NewRandom(seed), nil
	}}
	if _, err := arena.Run(context.Background(), arena.Config{Game: g, Entrants: []arena.Entrant{ent, arena.SpecEntrant(g, "random")}, Games: games, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	if seen == 0 {
		t.Fatal("no agent made")
	}
}

// TestArenaErrors: bad configurations and a Python policy's failure.
func TestArenaErrors(t *testing.T) {
	for _, c := range []arenaConfig{
		{game: "tictactoe", entrants: []string{"random"}, names: []string{"random"}, games: 0},
		{game: "tictactoe", entrants: []string{"random", "random"}, names: []string{"random"}, games: 2},
		{game: "tictactoe", entrants: []string{"nobody"}, names: []string{"nobody"}, games: 2},
	} {
		if _, err := runArena(c); err == nil || kindOf(err) == kindOther || kindOf(err) == kindInternal {
			t.Errorf("%+v: kind %d: %v", c, kindOf(err), err)
		}
	}
	_, h := testPolicy(t, "tictactoe", nil, false, func(c *policyCall) (int64, error) { return -4, nil })
	_, err := runArena(arenaConfig{game: "tictactoe", entrants: []string{h, "random"}, names: []string{"mine", "random"}, games: 4, seed: 1})
	if kindOf(err) != kindPolicy || !strings.Contains(err.Error(), "[python exception 4]") {
		t.Fatalf("a Python policy's exception: %v", err)
	}
}

// TestHeuristicPolicyAgreesWithAct: an agent without a policy of its own
// puts its probability 1 on the action act plays in the same state,
// whichever is asked first; act alone still decides anew.
func TestHeuristicPolicyAgreesWithAct(t *testing.T) {
	for _, spec := range engine.Games() {
		a, err := newAgent("heuristic", spec.Name, "", 3)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := newSlot(slotConfig{game: spec.Name, params: a.game.Params(), seat: -1})
		s.reset(4, 0, false)
		probs := make([]float64, a.game.NumActions())
		rng := rand.New(rand.NewPCG(5, 6))
		for step := 0; step < 30 && s.current() != engine.Terminal; step++ {
			st, _ := a.toAct(s)
			if err := a.policy(st, probs); err != nil {
				t.Fatal(err)
			}
			st2, _ := a.toAct(s)
			act, err := a.act(st2)
			if err != nil {
				t.Fatal(err)
			}
			if probs[act] != 1 {
				t.Fatalf("%s step %d: policy %v, act %d", spec.Name, step, probs, act)
			}
			st3, _ := a.toAct(s)
			if err := a.policy(st3, probs); err != nil || probs[act] != 1 {
				t.Fatalf("%s step %d: policy after act: %v", spec.Name, step, err)
			}
			playRandom(t, s, rng, 1)
		}
	}
}

// TestAgentValue: net and az values are per seat within the utility
// range; an agent without a value function says so.
func TestAgentValue(t *testing.T) {
	s, _ := newSlot(slotConfig{game: "tictactoe", seat: -1})
	s.reset(1, 0, false)
	for _, spec := range []string{"net:model=builtin", "az:model=builtin,sims=16", "mcts:sims=32"} {
		a, err := newAgent(spec, "tictactoe", "", 1)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := a.toAct(s)
		v := make([]float64, 2)
		if err := a.value(st, v); err != nil {
			t.Fatal(err)
		}
		if v[0] < -1 || v[0] > 1 || v[1] < -1 || v[1] > 1 || v[0] == 0 && v[1] == 0 {
			t.Errorf("%s: values %v", spec, v)
		}
	}
	a, _ := newAgent("heuristic", "tictactoe", "", 1)
	st, _ := a.toAct(s)
	err := a.value(st, make([]float64, 2))
	if kindOf(err) != kindBadAgent || !errors.Is(err, errNoValue) || !strings.Contains(err.Error(), `"heuristic" has none`) {
		t.Fatalf("heuristic value: %v", err)
	}
}

// TestModelObj: a built-in model's bytes decode to the same network, its
// predictions are distributions over the legal actions, and wrong sizes
// are refused.
func TestModelObj(t *testing.T) {
	m, err := builtinModel("tictactoe", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, dtype := range []string{"", "f16"} {
		b, err := m.encode(dtype)
		if err != nil {
			t.Fatal(err)
		}
		d, err := decodeModel(b)
		if err != nil {
			t.Fatal(err)
		}
		if dtype == "" && !d.m.Net.Equal(m.m.Net) {
			t.Fatal("encode and decode changed the network")
		}
	}
	obs := make([]float32, 27)
	for i := 18; i < 27; i++ {
		obs[i] = 1 // every cell empty
	}
	mask := []float32{1, 1, 1, 1, 1, 1, 1, 1, 0}
	pol, val := make([]float32, 9), make([]float32, 2)
	if err := m.predict(1, obs, mask, pol, val); err != nil {
		t.Fatal(err)
	}
	sum := float32(0)
	for _, p := range pol {
		sum += p
	}
	if pol[8] != 0 || math.Abs(float64(sum-1)) > 1e-5 || val[0] < -1 || val[0] > 1 {
		t.Fatalf("policy %v values %v", pol, val)
	}
	if err := m.predict(2, obs, mask, pol, val); kindOf(err) != kindBadArgument {
		t.Fatalf("wrong sizes: %v", err)
	}
	if _, err := decodeModel([]byte("not a model")); kindOf(err) != kindBadArgument || !errors.Is(err, models.ErrBadModel) {
		t.Fatalf("bad bytes: %v", err)
	}
	if _, err := loadModel("/nonexistent/x.safetensors"); kindOf(err) != kindBadArgument {
		t.Fatalf("missing file: %v", err)
	}
	if _, err := builtinModel("tictactoe", "nosuch=1"); kindOf(err) != kindBadParam {
		t.Fatalf("bad params: %v", err)
	}
	if _, err := builtinModel("lunar-rally", "scenario=blue"); kindOf(err) != kindBadArgument || !strings.Contains(err.Error(), "no built-in model for lunar-rally") {
		t.Fatalf("no built-in model: %v", err)
	}
}
