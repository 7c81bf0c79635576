package enginetest

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/testfull"
)

// Options tune the suite.
type Options struct {
	// Playouts is the number of random games played per configuration
	// (default 20, or 4 with -short).
	Playouts int
	// Seed is the first seed; playout i uses Seed+i.
	Seed uint64
	// FromEnd takes the default run's sample of configurations from the
	// end of the game's list (SampleConfigs), so that a second run of the
	// suite (engine/all's) plays other configurations than the game's own.
	FromEnd bool
	// AlwaysSample plays the sample in the exhaustive run too: engine/all's
	// run, where each game's own package plays every configuration.
	AlwaysSample bool
}

func (o Options) playouts() int {
	switch {
	case o.Playouts > 0:
		return o.Playouts
	case testing.Short():
		return 4
	}
	return 20
}

// RunAll runs the suite over every registered game and every configuration
// in its TestConfigs, each as a subtest.
func RunAll(t *testing.T, opts Options) {
	t.Helper()
	if len(engine.Games()) == 0 {
		t.Fatal("no game is registered")
	}
	for _, spec := range engine.Games() {
		t.Run(spec.Name, func(t *testing.T) { RunGame(t, spec.Name, opts) })
	}
}

// RunGame runs the suite over one registered game: over every
// configuration of its TestConfigs in the exhaustive run (testfull.On:
// MOONGYM_TEST_FULL=1) unless opts.AlwaysSample, and over their sample
// (SampleConfigs) otherwise.
func RunGame(t *testing.T, name string, opts Options) {
	t.Helper()
	spec, err := engine.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckCoverage(spec); err != nil {
		t.Fatal(err)
	}
	cfgs := Configs(spec)
	if !testfull.On() || opts.AlwaysSample {
		all := len(cfgs)
		cfgs = SampleConfigs(spec, opts.FromEnd)
		if err := CheckCoverageOf(spec, cfgs); err != nil {
			t.Fatalf("the sample of the test configurations: %v", err)
		}
		if len(cfgs) < all {
			t.Logf("%s: %d of its %d test configurations, a sample that gives every parameter each of its values", name, len(cfgs), all)
		}
	}
	var games []engine.Game
	for _, cfg := range cfgs {
		g, err := engine.Load(name, cfg)
		if err != nil {
			t.Fatalf("load %s %v: %v", name, cfg, err)
		}
		games = append(games, g)
	}
	// Playouts run in parallel; allocation counts cannot, so they follow.
	t.Run("playouts", func(t *testing.T) {
		for _, g := range games {
			t.Run(configName(g), func(t *testing.T) {
				t.Parallel()
				RunPlayouts(t, g, opts)
			})
		}
	})
	t.Run("allocs", func(t *testing.T) {
		for _, g := range games {
			t.Run(configName(g), func(t *testing.T) { CheckAllocs(t, g, opts.Seed) })
		}
	})
}

func configName(g engine.Game) string {
	if len(g.Params()) == 0 {
		return "default"
	}
	return g.Params().String()
}

// Run runs the suite over one configured game. It must not be called from a
// parallel test (allocation counting needs the whole process).
func Run(t *testing.T, g engine.Game, opts Options) {
	t.Helper()
	RunPlayouts(t, g, opts)
	CheckAllocs(t, g, opts.Seed)
}

// RunPlayouts checks the game's fixed properties, then plays random games
// checking every state. It may run in parallel tests.
func RunPlayouts(t *testing.T, g engine.Game, opts Options) {
	t.Helper()
	checkGame(t, g)
	var constSum *float64
	for i := 0; i < opts.playouts(); i++ {
		seed := opts.Seed + uint64(i)
		actions := playout(t, g, seed, &constSum)
		if t.Failed() {
			t.Fatalf("seed %d failed; its actions: %v", seed, actions)
		}
		again := randomGame(g, seed)
		if !slices.Equal(actions, again) {
			t.Fatalf("seed %d: the same seed gave a different game", seed)
		}
	}
}

func checkGame(t *testing.T, g engine.Game) {
	t.Helper()
	spec := g.Spec()
	if n := g.NumPlayers(); n < spec.MinPlayers || n > spec.MaxPlayers {
		t.Fatalf("NumPlayers %d outside %d..%d", n, spec.MinPlayers, spec.MaxPlayers)
	}
	if g.NumActions() <= 0 {
		t.Fatalf("NumActions %d", g.NumActions())
	}
	if (spec.Chance == engine.Deterministic) != (g.MaxChanceOutcomes() == 0) {
		t.Fatalf("chance kind %s but MaxChanceOutcomes %d", spec.Chance, g.MaxChanceOutcomes())
	}
	for _, d := range g.ObservationShape() {
		if d <= 0 {
			t.Fatalf("ObservationShape %v", g.ObservationShape())
		}
	}
	if g.MaxGameLength() <= 0 || g.MinUtility() > g.MaxUtility() {
		t.Fatalf("MaxGameLength %d, utility [%v, %v]", g.MaxGameLength(), g.MinUtility(), g.MaxUtility())
	}
	checkStrictJSON(t, g, g.NewInitialState())
	if _, err := engine.Lookup(spec.Name); err != nil {
		return // not registered (a test-only game): nothing to reload
	}
	again, err := engine.Load(spec.Name, g.Params())
	if err != nil {
		t.Fatalf("Params() %v do not load again: %v", g.Params(), err)
	}
	if again.Params().String() != g.Params().String() {
		t.Fatalf("Params() %v load as %v", g.Params(), again.Params())
	}
}

// randomGame plays a game with uniform random decisions and chance outcomes
// drawn by their probabilities; it returns the actions.
func randomGame(g engine.Game, seed uint64) []engine.Action {
	rng := rand.New(rand.NewPCG(seed, 0x6d6f6f6e))
	s := g.NewInitialState()
	var actions []engine.Action
	for !s.IsTerminal() && len(actions) <= g.MaxGameLength() {
		a := pick(s, rng)
		actions = append(actions, a)
		s.Apply(a)
	}
	return actions
}

func pick(s engine.State, rng *rand.Rand) engine.Action {
	if s.CurrentPlayer() == engine.Chance {
		return engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64())
	}
	legal := s.LegalActions(nil)
	return legal[rng.IntN(len(legal))]
}

func mustJSON(t *testing.T, s engine.State) []byte {
	t.Helper()
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatalf("MarshalJSON: %v", err)
	}
	return data
}

// playout plays one random game and checks every state on the way.
func playout(t *testing.T, g engine.Game, seed uint64, constSum **float64) []engine.Action {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x6d6f6f6e))
	resampleRNG := rand.New(rand.NewPCG(seed, 7))
	historyRNG := rand.New(rand.NewPCG(seed, 11))
	histories := 0
	s := g.NewInitialState()
	var actions []engine.Action
	for step := 0; ; step++ {
		checkState(t, g, s, resampleRNG)
		// The history check plays several courses of the game: on one
		// state in 32, at most 3 times a game.
		if histories < 3 && historyRNG.IntN(32) == 0 {
			histories++
			checkHistories(t, g, s, historyRNG)
		}
		if t.Failed() {
			t.Logf("state after %d actions:\n%s", len(actions), s)
			return actions
		}
		if s.IsTerminal() {
			break
		}
		if len(actions) >= g.MaxGameLength() {
			t.Errorf("game longer than MaxGameLength %d", g.MaxGameLength())
			return actions
		}
		a := pick(s, rng)
		checkApply(t, s, a)
		checkIllegal(t, g, s)
		if step%16 == 0 {
			checkReplay(t, g, actions, s)
		}
		s.Apply(a)
		actions = append(actions, a)
	}
	checkReplay(t, g, actions, s)
	checkReturns(t, g, s, constSum)
	return actions
}

func checkState(t *testing.T, g engine.Game, s engine.State, rng *rand.Rand) {
	t.Helper()
	n := g.NumPlayers()
	cur := s.CurrentPlayer()
	legal := s.LegalActions(nil)
	term := s.IsTerminal()
	switch {
	case term && cur != engine.Terminal:
		t.Errorf("terminal state with current player %s", cur)
	case !term && (cur == engine.Terminal || cur < engine.Chance || int(cur) >= n):
		t.Errorf("non-terminal state with current player %s", cur)
	case term && len(legal) > 0:
		t.Errorf("terminal state with legal actions %v", legal)
	case !term && len(legal) == 0:
		t.Errorf("non-terminal state without legal actions")
	}
	if !slices.IsSorted(legal) || len(slices.Compact(slices.Clone(legal))) != len(legal) {
		t.Errorf("legal actions not sorted and unique: %v", legal)
	}
	limit := g.NumActions()
	if cur == engine.Chance {
		limit = g.MaxChanceOutcomes()
		checkChance(t, s, legal)
	} else if len(s.ChanceOutcomes(nil)) != 0 {
		t.Errorf("chance outcomes at a %s node", cur)
	}
	names := map[string]bool{}
	for _, a := range legal {
		if a < 0 || int(a) >= limit {
			t.Errorf("legal action %d outside [0, %d)", a, limit)
			continue
		}
		name := s.ActionString(a)
		if name == "" || names[name] {
			t.Errorf("action %d: name %q empty or not unique", a, name)
		}
		names[name] = true
	}
	// ParseAction costs O(legal) per call: check every name of small action
	// lists, and a spread of 16 otherwise.
	stride := max(1, len(legal)/16)
	for i := 0; i < len(legal); i += stride {
		a := legal[i]
		name := s.ActionString(a)
		if back, err := engine.ParseAction(s, name); err != nil || back != a {
			t.Errorf("ParseAction(%q) = %d, %v; want %d", name, back, err, a)
		}
	}
	if s.String() == "" {
		t.Errorf("empty String()")
	}
	checkScores(t, g, s)
	checkJSON(t, g, s)
	checkClone(t, g, s)
	checkCopyEqual(t, g, s)
	checkObserve(t, g, s, rng)
	checkViewer(t, g, s, rng)
	checkPicture(t, g, s, rng)
}

func checkChance(t *testing.T, s engine.State, legal []engine.Action) {
	t.Helper()
	out := s.ChanceOutcomes(nil)
	sum := 0.0
	acts := make([]engine.Action, 0, len(out))
	for _, o := range out {
		if !(o.Prob > 0 && o.Prob <= 1) {
			t.Errorf("chance outcome %d has probability %v", o.Action, o.Prob)
		}
		sum += o.Prob
		acts = append(acts, o.Action)
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("chance probabilities sum to %v", sum)
	}
	slices.Sort(acts)
	if !slices.Equal(acts, legal) {
		t.Errorf("chance outcomes %v differ from legal actions %v", acts, legal)
	}
}

func checkScores(t *testing.T, g engine.Game, s engine.State) {
	t.Helper()
	r := s.Returns(nil)
	sc := s.Scores(nil)
	if len(r) != g.NumPlayers() || len(sc) != g.NumPlayers() {
		t.Errorf("Returns %v / Scores %v: want %d values", r, sc, g.NumPlayers())
		return
	}
	for i := range r {
		if math.IsNaN(r[i]) || math.IsInf(r[i], 0) || math.IsNaN(sc[i]) || math.IsInf(sc[i], 0) {
			t.Errorf("Returns %v / Scores %v not finite", r, sc)
		}
		if !s.IsTerminal() && r[i] != 0 {
			t.Errorf("non-zero returns %v before the end", r)
		}
	}
}

func checkJSON(t *testing.T, g engine.Game, s engine.State) {
	t.Helper()
	data := mustJSON(t, s)
	if again := mustJSON(t, s); !bytes.Equal(data, again) {
		t.Errorf("MarshalJSON is not deterministic")
	}
	d, err := g.DecodeState(data)
	if err != nil {
		t.Errorf("DecodeState of its own JSON: %v\n%s", err, data)
		return
	}
	if back := mustJSON(t, d); !bytes.Equal(back, data) {
		t.Errorf("JSON does not round-trip:\n%s\n%s", data, back)
	}
	if d.CurrentPlayer() != s.CurrentPlayer() || d.IsTerminal() != s.IsTerminal() ||
		!slices.Equal(d.LegalActions(nil), s.LegalActions(nil)) || d.String() != s.String() {
		t.Errorf("decoded state behaves differently")
	}
	for p := 0; p < g.NumPlayers(); p++ {
		if !slices.Equal(observe(g, s, engine.Player(p)), observe(g, d, engine.Player(p))) {
			t.Errorf("decoded state observes differently for p%d", p)
		}
	}
}

// checkStrictJSON: DecodeState refuses a state's JSON with data after it or
// with a field the form does not have, as a bad state.
func checkStrictJSON(t *testing.T, g engine.Game, s engine.State) {
	t.Helper()
	data := mustJSON(t, s)
	cases := map[string][]byte{
		"data after the state":    append(slices.Clip(data), " {}"...),
		"a second state after it": append(slices.Clip(data), data...),
	}
	if len(data) > 1 && data[0] == '{' {
		cases["an unknown field"] = append([]byte(`{"not-a-field":0,`), data[1:]...)
	}
	for what, bad := range cases {
		if _, err := g.DecodeState(bad); !errors.Is(err, engine.ErrBadState) {
			t.Errorf("DecodeState of a state's JSON with %s: error %v, want one wrapping ErrBadState", what, err)
		}
	}
}

// checkCopyEqual checks the optional engine.Comparer against the JSON forms
// (a state equals its clone and its decoded JSON; against the initial
// state it answers as the JSON forms compare) and the optional
// engine.Copier (a copy has the state's JSON and shares nothing with it).
func checkCopyEqual(t *testing.T, g engine.Game, s engine.State) {
	t.Helper()
	data := mustJSON(t, s)
	if c, ok := s.(engine.Comparer); ok {
		if d, err := g.DecodeState(data); err == nil && !c.Equal(d) {
			t.Errorf("Equal: the state is not equal to its JSON decoded")
		}
		if !c.Equal(s.Clone()) {
			t.Errorf("Equal: the state is not equal to its clone")
		}
		init := g.NewInitialState()
		if c.Equal(init) != bytes.Equal(data, mustJSON(t, init)) {
			t.Errorf("Equal against the initial state says %v, the JSON forms the opposite", c.Equal(init))
		}
	}
	dst := g.NewInitialState()
	c, ok := dst.(engine.Copier)
	if !ok {
		return
	}
	switch {
	case !c.CopyFrom(s):
		t.Errorf("CopyFrom refused a state of its own game")
	case !bytes.Equal(mustJSON(t, dst), data):
		t.Errorf("CopyFrom: the copy's JSON differs from the state's")
	case !s.IsTerminal():
		dst.Apply(dst.LegalActions(nil)[0])
		if !bytes.Equal(mustJSON(t, s), data) {
			t.Errorf("CopyFrom: playing on the copy changed the original")
		}
	}
}

func checkClone(t *testing.T, g engine.Game, s engine.State) {
	t.Helper()
	before := mustJSON(t, s)
	c := s.Clone()
	if !bytes.Equal(mustJSON(t, c), before) {
		t.Errorf("clone differs from the original")
	}
	if !s.IsTerminal() {
		c.Apply(c.LegalActions(nil)[0])
		if !bytes.Equal(mustJSON(t, s), before) {
			t.Errorf("applying an action to a clone changed the original")
		}
	}
}

func observe(g engine.Game, s engine.State, p engine.Player) []float32 {
	obs := make([]float32, engine.ObservationSize(g))
	for i := range obs {
		obs[i] = float32(math.NaN())
	}
	s.Observe(p, obs)
	return obs
}

func checkObserve(t *testing.T, g engine.Game, s engine.State, rng *rand.Rand) {
	t.Helper()
	hidden := g.Spec().Information == engine.ImperfectInformation
	b, bounded := g.(engine.ObservationBounder)
	for p := 0; p < g.NumPlayers(); p++ {
		pl := engine.Player(p)
		obs := observe(g, s, pl)
		for i, v := range obs {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				t.Errorf("p%d observation[%d] = %v (not written, or not finite)", p, i, v)
				return
			}
			if bounded {
				if low, high := b.ObservationBounds(); v < low || v > high {
					t.Errorf("p%d observation[%d] = %v, outside ObservationBounds [%v, %v]", p, i, v, low, high)
					return
				}
			}
		}
		if s.IsTerminal() {
			continue
		}
		before := mustJSON(t, s)
		r := s.Resample(pl, rng)
		if !bytes.Equal(mustJSON(t, s), before) {
			t.Errorf("Resample changed the original state")
		}
		if !hidden && !bytes.Equal(mustJSON(t, r), before) {
			t.Errorf("Resample of a perfect-information game is not a copy")
		}
		if r.CurrentPlayer() != s.CurrentPlayer() {
			t.Errorf("Resample(p%d) changed the current player %s -> %s", p, s.CurrentPlayer(), r.CurrentPlayer())
		}
		if !slices.Equal(observe(g, r, pl), obs) {
			t.Errorf("Resample(p%d) changed p%d's observation: the observation leaks hidden information, or Resample changes what p%d can see", p, p, p)
		}
		if s.CurrentPlayer() == pl && !slices.Equal(r.LegalActions(nil), s.LegalActions(nil)) {
			t.Errorf("Resample(p%d) changed p%d's legal actions", p, p)
		}
	}
}

func checkApply(t *testing.T, s engine.State, a engine.Action) {
	t.Helper()
	c1, c2 := s.Clone(), s.Clone()
	c1.Apply(a)
	if err := engine.ApplyChecked(c2, a); err != nil {
		t.Errorf("ApplyChecked of legal action %d: %v", a, err)
	}
	if !bytes.Equal(mustJSON(t, c1), mustJSON(t, c2)) {
		t.Errorf("the same action on two clones gave different states")
	}
}

func checkIllegal(t *testing.T, g engine.Game, s engine.State) {
	t.Helper()
	before := mustJSON(t, s)
	limit := max(g.NumActions(), g.MaxChanceOutcomes())
	candidates := []engine.Action{-1, engine.Action(limit), engine.Action(limit + 1000)}
	for a := engine.Action(0); int(a) < limit; a++ {
		if !engine.IsLegal(s, a) {
			candidates = append(candidates, a)
			break
		}
	}
	for _, a := range candidates {
		err := engine.ApplyChecked(s, a)
		if !errors.Is(err, engine.ErrIllegalAction) {
			t.Errorf("ApplyChecked(illegal %d) = %v, want ErrIllegalAction", a, err)
		}
	}
	if !bytes.Equal(mustJSON(t, s), before) {
		t.Errorf("a refused action changed the state")
	}
}

func checkReplay(t *testing.T, g engine.Game, actions []engine.Action, s engine.State) {
	t.Helper()
	rec := engine.NewRecord(g)
	rec.Actions = slices.Clone(actions)
	var buf bytes.Buffer
	if err := engine.WriteRecords(&buf, rec); err != nil {
		t.Errorf("write record: %v", err)
		return
	}
	back, err := engine.ReadRecord(&buf)
	if err != nil {
		t.Errorf("read record: %v", err)
		return
	}
	var r engine.State
	if _, lookupErr := engine.Lookup(g.Spec().Name); lookupErr == nil {
		_, r, err = back.Replay()
	} else {
		r, err = engine.ReplayActions(g, back.Actions) // a test-only game
	}
	if err != nil {
		t.Errorf("replay: %v", err)
		return
	}
	if !bytes.Equal(mustJSON(t, r), mustJSON(t, s)) {
		t.Errorf("replaying %d actions gave a different state", len(actions))
	}
}

func checkReturns(t *testing.T, g engine.Game, s engine.State, constSum **float64) {
	t.Helper()
	r := s.Returns(nil)
	sum := 0.0
	for _, v := range r {
		if v < g.MinUtility()-1e-9 || v > g.MaxUtility()+1e-9 {
			t.Errorf("return %v outside [%v, %v]", v, g.MinUtility(), g.MaxUtility())
		}
		sum += v
	}
	switch g.Spec().Utility {
	case engine.ZeroSum:
		if math.Abs(sum) > 1e-9 {
			t.Errorf("zero-sum returns %v sum to %v", r, sum)
		}
	case engine.ConstantSum:
		if *constSum == nil {
			*constSum = &sum
		} else if math.Abs(sum-**constSum) > 1e-9 {
			t.Errorf("constant-sum returns %v sum to %v, earlier %v", r, sum, **constSum)
		}
	case engine.Identical:
		for _, v := range r {
			if v != r[0] {
				t.Errorf("identical-utility returns differ: %v", r)
			}
		}
	}
}

// CheckAllocs checks that LegalActions, Observe and Apply make no heap
// allocation, over the states of one random game.
func CheckAllocs(t *testing.T, g engine.Game, seed uint64) {
	t.Helper()
	if raceEnabled {
		return
	}
	actions := randomGame(g, seed)
	s := g.NewInitialState()
	legal := make([]engine.Action, 0, max(g.NumActions(), g.MaxChanceOutcomes()))
	outcomes := make([]engine.Outcome, 0, g.MaxChanceOutcomes()+1)
	obs := make([]float32, engine.ObservationSize(g))
	for i, a := range actions {
		if n := testing.AllocsPerRun(3, func() {
			legal = s.LegalActions(legal)
			outcomes = s.ChanceOutcomes(outcomes)
			s.Observe(engine.Player(i%g.NumPlayers()), obs)
		}); n != 0 {
			t.Errorf("LegalActions/ChanceOutcomes/Observe allocate (%v per call) after %d actions", n, i)
			return
		}
		clones := []engine.State{s.Clone(), s.Clone(), s.Clone()}
		k := 0
		if n := testing.AllocsPerRun(2, func() {
			clones[k].Apply(a)
			k++
		}); n != 0 {
			t.Errorf("Apply(%s) allocates (%v per call) after %d actions", s.ActionString(a), n, i)
			return
		}
		s.Apply(a)
	}
}
