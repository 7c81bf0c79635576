package mcts

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/seeds"
)

// Search is a Monte Carlo tree search for one game with one Evaluator. It
// is not safe for concurrent use; run one Search per goroutine (they may
// share an Evaluator that is safe for concurrent use).
type Search struct {
	game   engine.Game
	ev     Evaluator
	lister legalLister // ev, when it keeps the legal actions it listed
	cfg    Config
	mode   Mode // PerfectMode or InfoSetMode, resolved
	rng    *rand.Rand
	pcg    *rand.PCG // rng's source, for intN

	np, na       int
	minU, rangeU float64

	t, spare  tree
	root      int32        // none when there is no tree
	rootState engine.State // our copy of the state at the root
	searcher  engine.Player

	// scratch, sized once
	work     []engine.State // perfect-information working states, one per batch slot
	paths    [][]step
	pending  []int // batch slots waiting for the evaluator
	leafNode []int32
	evStates []engine.State
	evOut    []Evaluation
	legal    []engine.Action
	outcomes []engine.Outcome
	ret      []float64
	val      []float64
	obs      []float32
	mark     []uint32 // mark[a] == stamp: a is legal in the current world
	cover    []uint32 // cover[a] == stamp: a has an edge at the current node
	stamp    uint32
	noise    []float64
	saved    []float32 // root priors before noise
	logs     []float64 // logs[n] == math.Log(n), grown on demand up to logTableMax
	gum      gumbelScratch
}

// step is one node of a simulation's path and the edge taken from it (none
// for the last node).
type step struct{ node, edge int32 }

// New makes a search. ev must not be nil; cfg is checked.
func New(g engine.Game, ev Evaluator, cfg Config) (*Search, error) {
	if g == nil || ev == nil {
		return nil, fmt.Errorf("%w: nil game or evaluator", ErrBadConfig)
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	pcg := rand.NewPCG(cfg.Seed, 0x6d637473)
	s := &Search{
		game: g, ev: ev, cfg: cfg,
		rng: rand.New(pcg), pcg: pcg,
		np: g.NumPlayers(), na: g.NumActions(),
		minU: g.MinUtility(), rangeU: g.MaxUtility() - g.MinUtility(),
		root: none,
	}
	if !(s.rangeU > 0) {
		s.rangeU = 1
	}
	s.lister, _ = ev.(legalLister)
	s.mode = cfg.Mode
	if s.mode == AutoMode {
		s.mode = PerfectMode
		if g.Spec().Information == engine.ImperfectInformation {
			s.mode = InfoSetMode
		}
	}
	s.t.nplayers, s.spare.nplayers = s.np, s.np
	b := cfg.BatchSize
	s.work = make([]engine.State, b)
	s.paths = make([][]step, b)
	for i := range s.paths {
		s.paths[i] = make([]step, 0, 64)
	}
	s.pending = make([]int, 0, b)
	s.leafNode = make([]int32, b)
	s.evStates = make([]engine.State, b)
	s.evOut = make([]Evaluation, b)
	for i := range s.evOut {
		s.evOut[i] = Evaluation{Priors: make([]float32, s.na), Values: make([]float32, s.np)}
	}
	s.legal = make([]engine.Action, 0, max(s.na, g.MaxChanceOutcomes()))
	s.outcomes = make([]engine.Outcome, 0, g.MaxChanceOutcomes()+1)
	s.ret = make([]float64, 0, s.np)
	s.val = make([]float64, s.np)
	s.obs = make([]float32, engine.ObservationSize(g))
	s.mark = make([]uint32, s.na)
	s.cover = make([]uint32, s.na)
	if cfg.Gumbel {
		s.gum = newGumbelScratch(s.na, cfg.BatchSize)
	}
	return s, nil
}

// Config is the search's configuration, defaults filled in.
func (s *Search) Config() Config { return s.cfg }

// Evaluator is the evaluator the search values its leaves with.
func (s *Search) Evaluator() Evaluator { return s.ev }

// Mode is the resolved mode: PerfectMode or InfoSetMode.
func (s *Search) Mode() Mode { return s.mode }

// Result is what a Run found.
type Result struct {
	// Visits is the root visit distribution, len Game.NumActions(), summing
	// to 1, zero for actions never visited (illegal ones included). It is
	// the raw distribution (the AlphaZero policy target), not the one
	// Temperature sharpens.
	Visits []float32
	// Values is the root's mean value per seat, in absolute seat order.
	Values []float64
	// Action is the move chosen with Temperature.
	Action engine.Action
	// Sims is the number of simulations this Run made.
	Sims int
	// Policy is Gumbel AlphaZero's improved policy at the root,
	// softmax(logit + sigma(completedQ)), len Game.NumActions(), summing to
	// 1 over the legal actions (the self-play policy target); nil unless
	// Config.Gumbel.
	Policy []float32
}

// RootVisits is the visit count of the root of the current tree, visits
// kept from earlier moves by Reuse included; 0 when there is no tree. After
// a Run with Reuse that found its position in the tree it exceeds
// Result.Sims.
func (s *Search) RootVisits() int {
	if s.root == none {
		return 0
	}
	return int(s.t.nodes[s.root].visits)
}

// Reset drops the tree; the next Run starts afresh. The random generator
// is not re-seeded.
func (s *Search) Reset() {
	s.t.reset()
	s.root = none
}

// Advance moves the root to the child after a, keeping its subtree, when
// Reuse is on, the search is a perfect-information one and a was explored
// from the root; otherwise it drops the tree. Call it with every action
// played after a Run (the search's own move, other players' moves and chance
// outcomes alike). A caller that cannot (an agent sees only its own turns)
// may just call Run with the new position: with Reuse on, Run first looks
// for that position among the explored nodes a few moves below the root
// and keeps its subtree, and starts afresh if it is not found.
func (s *Search) Advance(a engine.Action) {
	if !s.cfg.Reuse || s.mode != PerfectMode || s.root == none || s.rootState == nil {
		s.Reset()
		return
	}
	if s.rootState.IsTerminal() || !engine.IsLegal(s.rootState, a) {
		s.Reset()
		return
	}
	for e := s.t.nodes[s.root].firstEdge; e != none; e = s.t.edges[e].next {
		if s.t.edges[e].action == a && s.t.edges[e].child != none {
			s.rootState.Apply(a)
			s.compact(s.t.edges[e].child)
			return
		}
	}
	s.Reset()
}

// compact copies the subtree under newRoot into the spare storage, in
// breadth-first order, and swaps the two.
func (s *Search) compact(newRoot int32) {
	old, nt := &s.t, &s.spare
	nt.reset()
	copyNode := func(o int32) int32 {
		n := nt.newNode(old.nodes[o].player)
		nt.nodes[n].visits = old.nodes[o].visits
		nt.nodes[n].passes = old.nodes[o].passes
		nt.nodes[n].expanded = old.nodes[o].expanded
		nt.nodes[n].proven = old.nodes[o].proven
		copy(nt.values[int(n)*s.np:int(n+1)*s.np], old.values[int(o)*s.np:int(o+1)*s.np])
		copy(nt.exact[int(n)*s.np:int(n+1)*s.np], old.exact[int(o)*s.np:int(o+1)*s.np])
		return n
	}
	queue := s.pending[:0] // reuse an int buffer for the old indices
	queue = append(queue, int(newRoot))
	copyNode(newRoot)
	for qi := 0; qi < len(queue); qi++ {
		on, nn := int32(queue[qi]), int32(qi)
		prev := none
		for e := old.nodes[on].firstEdge; e != none; e = old.edges[e].next {
			oe := old.edges[e]
			ne := nt.newEdge(oe.action, oe.prior, none)
			nt.edges[ne].wsum, nt.edges[ne].visits, nt.edges[ne].avail = oe.wsum, oe.visits, oe.avail
			nt.edges[ne].q, nt.edges[ne].childProven = oe.q, oe.childProven
			if oe.child != none {
				nt.edges[ne].child = copyNode(oe.child)
				queue = append(queue, int(oe.child))
			}
			nt.nodes[nn].nedges++
			if prev == none {
				nt.nodes[nn].firstEdge = ne
			} else {
				nt.edges[prev].next = ne
			}
			prev = ne
		}
	}
	s.pending = queue[:0]
	s.t, s.spare = s.spare, s.t
	s.root = 0
}

// Run searches from st (which it does not modify) and returns the root
// statistics and the chosen move. It is RunContext with a context that is
// never done.
func (s *Search) Run(st engine.State) (Result, error) {
	return s.RunContext(context.Background(), st)
}

// ctxEvery is the number of simulations between two looks at a Run's
// context (and at least one Evaluator call, which is never interrupted):
// often enough that a search stops within a few dozen simulations of its
// context being done, rarely enough to cost nothing measurable.
//
// One simulation's own cost is bounded by the evaluator's: a rollout
// evaluator plays at most its Rollouts random games a leaf (a server bounds
// that option, see agents.Option.Max), a network evaluator makes one pass
// (PlayoutEvaluator: Depth+1), so checking between simulations is enough
// for a search to stop soon after its context is done.
const ctxEvery = 32

// RunContext is Run that stops when ctx is done: it looks at ctx before it
// starts and every ctxEvery simulations (between Evaluator calls), and
// then returns an error wrapping ctx.Err() (errors.Is(err,
// context.DeadlineExceeded) holds for a deadline) and drops the tree, as
// after an evaluator error: the Search is ready for the next Run. With a
// context that is never done it is Run: the same results for the same
// seeds, and no allocation per simulation.
func (s *Search) RunContext(ctx context.Context, st engine.State) (Result, error) {
	p := st.CurrentPlayer()
	if p < 0 || st.IsTerminal() {
		return Result{}, fmt.Errorf("%w: current player is %s", ErrNotDecision, p)
	}
	if int(p) >= s.np {
		return Result{}, fmt.Errorf("%w: current player %s of a %d-player game", ErrNotDecision, p, s.np)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("search not started: %w", err)
	}
	s.prepareRoot(st)
	if s.cfg.Gumbel {
		return s.runGumbel(ctx)
	}
	var deadline time.Time
	if s.cfg.MaxTime > 0 {
		deadline = time.Now().Add(s.cfg.MaxTime)
	}
	noise := s.cfg.DirichletAlpha > 0 && s.cfg.DirichletEpsilon > 0
	noised := false
	done, nextLook := 0, ctxEvery
	var err error
	for done < s.cfg.Sims {
		k := min(s.cfg.BatchSize, s.cfg.Sims-done)
		if !s.t.nodes[s.root].expanded {
			k = 1
		} else if noise && !noised {
			s.addNoise()
			noised = true
		}
		if err = s.batch(k); err != nil {
			break
		}
		done += k
		if s.cfg.MaxTime > 0 && time.Now().After(deadline) {
			break
		}
		if done >= nextLook && done < s.cfg.Sims {
			nextLook = done + ctxEvery
			if err = stopped(ctx, done, s.cfg.Sims); err != nil {
				break
			}
		}
	}
	if noised {
		s.removeNoise()
	}
	if err != nil {
		s.Reset()
		return Result{}, err
	}
	return s.result(done), nil
}

// stopped is nil while ctx is not done, else the error a stopped Run
// returns after done of sims simulations.
func stopped(ctx context.Context, done, sims int) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("search stopped after %d of %d simulations: %w", done, sims, err)
	}
	return nil
}

// prepareRoot keeps the tree when reuse applies and st is the root's state,
// and starts a new tree otherwise.
func (s *Search) prepareRoot(st engine.State) {
	if s.cfg.Reuse && s.mode == PerfectMode && s.root != none && s.rootState != nil {
		if engine.Equal(s.rootState, st) {
			return
		}
		if n, found := s.findDescendant(st); n != none {
			s.compact(n)
			s.rootState = engine.CopyInto(s.rootState, found)
			s.searcher = st.CurrentPlayer()
			return
		}
	}
	s.Reset()
	s.rootState = engine.CopyInto(s.rootState, st)
	s.searcher = st.CurrentPlayer()
	s.root = s.t.newNode(s.searcher)
}

// Limits of findDescendant: the depth below the root it looks (decisions
// and chance outcomes alike) and the number of positions it compares.
const (
	findDepth = 12
	findLimit = 4096
)

// findDescendant looks, breadth first, for a node below the root whose
// position is st, so that a caller that did not report every action with
// Advance (an agent sees only the positions where it moves) still reuses
// the tree. It returns the node and its state, or none.
func (s *Search) findDescendant(st engine.State) (int32, engine.State) {
	type item struct {
		node  int32
		state engine.State
		depth int
	}
	queue := []item{{s.root, s.rootState.Clone(), 0}}
	for checked := 0; len(queue) > 0 && checked < findLimit; {
		it := queue[0]
		queue = queue[1:]
		if it.depth > 0 && s.t.nodes[it.node].player == st.CurrentPlayer() {
			checked++
			if engine.Equal(it.state, st) {
				return it.node, it.state
			}
		}
		if it.depth >= findDepth {
			continue
		}
		for e := s.t.nodes[it.node].firstEdge; e != none; e = s.t.edges[e].next {
			if c := s.t.edges[e].child; c != none && s.t.nodes[c].player != engine.Terminal {
				next := it.state.Clone()
				next.Apply(s.t.edges[e].action)
				queue = append(queue, item{c, next, it.depth + 1})
			}
		}
	}
	return none, nil
}

// batch runs k simulations, evaluating their leaves in one Evaluator call.
func (s *Search) batch(k int) error {
	s.pending = s.pending[:0]
	for b := 0; b < k; b++ {
		var st engine.State
		if s.mode == PerfectMode {
			st = s.descendPerfect(b)
		} else {
			st = s.descendInfoSet(b)
		}
		if st != nil {
			s.evStates[len(s.pending)] = st
			s.pending = append(s.pending, b)
		}
	}
	if len(s.pending) == 0 {
		return nil
	}
	n := len(s.pending)
	if err := s.ev.Evaluate(s.evStates[:n], s.evOut[:n]); err != nil {
		return fmt.Errorf("%w: %w", ErrEvaluator, err)
	}
	for i, b := range s.pending {
		ev := &s.evOut[i]
		if len(ev.Priors) != s.na || len(ev.Values) != s.np {
			return fmt.Errorf("%w: evaluation %d has %d priors and %d values, want %d and %d", ErrEvaluator, i, len(ev.Priors), len(ev.Values), s.na, s.np)
		}
		s.expand(s.leafNode[b], s.evStates[i], i, ev.Priors)
		for p := range s.val {
			v := float64(ev.Values[p])
			if v != v {
				return fmt.Errorf("%w: value of seat %d is NaN", ErrEvaluator, p)
			}
			s.val[p] = min(max(v, s.minU), s.minU+s.rangeU)
		}
		// No s.prove here: the path ends at the leaf just expanded, which
		// has no child yet, so no node of the path can have become proven.
		s.backup(s.paths[b], s.val)
		s.evStates[i] = nil
	}
	return nil
}

// descendPerfect walks one simulation down the tree of a perfect-information
// search. It returns the leaf state to evaluate, or nil when the simulation
// ended at a terminal state and is already backed up.
func (s *Search) descendPerfect(b int) engine.State {
	st := engine.CopyInto(s.work[b], s.rootState)
	s.work[b] = st
	path := s.paths[b][:0]
	n := s.root
	for {
		switch {
		case s.t.nodes[n].proven:
			path = append(path, step{n, none})
			s.paths[b] = path
			s.backup(path, s.t.exact[int(n)*s.np:int(n+1)*s.np])
			s.prove(path)
			return nil
		case !s.t.nodes[n].expanded && s.t.nodes[n].player == engine.Chance:
			s.expandChance(n, st)
		case !s.t.nodes[n].expanded:
			s.paths[b] = append(path, step{n, none})
			s.leafNode[b] = n
			return st
		}
		var e int32
		if s.t.nodes[n].player == engine.Chance {
			e = s.sampleChance(n)
		} else if n == s.root && s.gum.forced != nil && s.gum.forced[b] != none {
			e = s.gum.forced[b]
			s.t.nodes[n].passes++
			s.virtualLoss(e)
		} else {
			e = s.selectAll(n)
		}
		path = append(path, step{n, e})
		st.Apply(s.t.edges[e].action)
		if s.t.edges[e].child == none {
			c := s.t.newNode(st.CurrentPlayer())
			s.t.edges[e].child = c
			if st.IsTerminal() {
				s.proveTerminal(c, st)
				s.markProven(n, e)
			}
		}
		n = s.t.edges[e].child
	}
}

// descendInfoSet walks one simulation of an information-set search in a
// freshly resampled world. It returns the world to evaluate at the leaf, or
// nil when the simulation ended at a terminal state and is backed up.
func (s *Search) descendInfoSet(b int) engine.State {
	var w engine.State
	if s.mode == InfoSetMode {
		w = s.rootState.Resample(s.searcher, s.rng)
	} else {
		w = s.rootState.Clone()
	}
	path := s.paths[b][:0]
	n := s.root
	for {
		if !s.t.nodes[n].expanded {
			s.paths[b] = append(path, step{n, none})
			s.leafNode[b] = n
			return w
		}
		mover := s.t.nodes[n].player
		s.gum.force = none
		if n == s.root && s.gum.forced != nil {
			s.gum.force = s.gum.forced[b]
		}
		e := s.selectLegal(n, w)
		a := s.t.edges[e].action
		path = append(path, step{n, e})
		w.Apply(a)
		for w.CurrentPlayer() == engine.Chance {
			s.outcomes = w.ChanceOutcomes(s.outcomes)
			w.Apply(engine.SampleOutcome(s.outcomes, float64Of(s.pcg)))
		}
		if w.IsTerminal() {
			s.paths[b] = path
			s.backupReturns(path, w)
			return nil
		}
		key := childKey{h: s.infoHash(w, mover, a), parent: n}
		c := s.t.children.get(key)
		if c == none {
			c = s.t.newNode(w.CurrentPlayer())
			s.t.children.put(key, c)
		}
		n = c
	}
}

// infoHash hashes what the searcher knows after mover played a: its
// observation, the player to move, and a itself when the searcher played it.
func (s *Search) infoHash(w engine.State, mover engine.Player, a engine.Action) uint64 {
	w.Observe(s.searcher, s.obs)
	h := uint64(14695981039346656037)
	for _, x := range s.obs {
		h = (h ^ uint64(math.Float32bits(x))) * 1099511628211
	}
	h = seeds.Finalize(h ^ uint64(uint8(w.CurrentPlayer()))<<56)
	if mover == s.searcher {
		h = seeds.Finalize(h ^ (uint64(uint32(a)) + 1))
	}
	return h
}

// expand gives decision node n its edges: st's legal actions with the
// evaluator's priors, renormalised over them (uniform if they sum to zero or
// under UCT). Under UCT the edges are shuffled so that unvisited ones are
// tried in random order. st was states[slot] of the last Evaluate call.
func (s *Search) expand(n int32, st engine.State, slot int, priors []float32) {
	if s.t.nodes[n].expanded {
		return
	}
	var legal []engine.Action
	if s.lister != nil {
		legal = s.lister.listedLegal(slot)
	}
	if legal == nil {
		s.legal = st.LegalActions(s.legal)
		legal = s.legal
	}
	sum := float32(0)
	if !s.cfg.UCT {
		for _, a := range legal {
			if p := priors[a]; p > 0 {
				sum += p
			}
		}
	}
	uniform := float32(1) / float32(len(legal))
	first := int32(len(s.t.edges))
	es := s.t.newEdges(len(legal))
	for i, a := range legal {
		p := uniform
		if sum > 0 {
			p = max(priors[a], 0) / sum
		}
		next := first + int32(i) + 1
		if i == len(legal)-1 {
			next = none
		}
		es[i] = edge{action: a, prior: p, child: none, next: next}
	}
	if s.cfg.UCT {
		for i := len(es) - 1; i > 0; i-- {
			j := intN(s.pcg, i+1)
			es[i].action, es[j].action = es[j].action, es[i].action
			es[i].prior, es[j].prior = es[j].prior, es[i].prior
		}
	}
	if len(legal) > 0 {
		s.t.nodes[n].firstEdge = first
	}
	s.t.nodes[n].nedges = int32(len(legal))
	s.t.nodes[n].expanded = true
}

// expandChance gives chance node n one edge per outcome, the prior being the
// outcome's probability.
func (s *Search) expandChance(n int32, st engine.State) {
	s.outcomes = st.ChanceOutcomes(s.outcomes)
	first := int32(len(s.t.edges))
	for i, o := range s.outcomes {
		next := first + int32(i) + 1
		if i == len(s.outcomes)-1 {
			next = none
		}
		s.t.newEdge(o.Action, float32(o.Prob), next)
	}
	s.t.nodes[n].firstEdge = first
	s.t.nodes[n].nedges = int32(len(s.outcomes))
	s.t.nodes[n].expanded = true
}

// sampleChance picks a chance edge with the probability of its outcome.
func (s *Search) sampleChance(n int32) int32 {
	u := float32(float64Of(s.pcg))
	acc := float32(0)
	last := none
	for e := s.t.nodes[n].firstEdge; e != none; e = s.t.edges[e].next {
		acc += s.t.edges[e].prior
		last = e
		if u < acc {
			break
		}
	}
	s.t.edges[last].visits++
	return last
}

// uctScore is the UCT selection value of edge ed, q + c sqrt(log N / n),
// logN being the log of the number of times ed was available (its parent's
// passes in a perfect-information search); infinite if ed was never
// visited and its child is not proven. It is small enough to be inlined
// into the selection loops.
func uctScore(ed *edge, logN, c float64) float64 {
	if ed.visits == 0 && !ed.childProven {
		return math.Inf(1)
	}
	return ed.q + c*math.Sqrt(logN/max(float64(ed.visits), 1))
}

// puctScore is the PUCT selection value of edge ed, q + c P sqrt(N) / (1 +
// n), sqrtN being the square root of the number of times ed was available;
// fpu stands for q when ed was never visited and its child is not proven.
func puctScore(ed *edge, fpu, sqrtN, c float64) float64 {
	q := ed.q
	if ed.visits == 0 && !ed.childProven {
		q = fpu
	}
	return q + c*float64(ed.prior)*sqrtN/(1+float64(ed.visits))
}

// setQ updates the selection value of edge ed after its visits or value
// sum changed: the mean value for the mover, scaled, unless the child is
// proven (its exact value then stays).
func (s *Search) setQ(ed *edge) {
	if !ed.childProven && ed.visits > 0 {
		ed.q = (ed.wsum/float64(ed.visits) - s.minU) / s.rangeU
	}
}

// fpu is the first-play value of node n's unvisited edges: the node's mean
// value for its mover, scaled, or 0.5 before any visit.
func (s *Search) fpu(n int32) float64 {
	nd := &s.t.nodes[n]
	if nd.visits == 0 {
		return 0.5
	}
	return (s.t.values[int(n)*s.np+int(nd.player)]/float64(nd.visits) - s.minU) / s.rangeU
}

// selectAll picks the best edge of decision node n, all of whose edges are
// legal, and adds a virtual loss to it. The node's edges are contiguous and
// all available at every pass, so N, and its log or square root, is one
// number for all of them, computed once.
func (s *Search) selectAll(n int32) int32 {
	nd := &s.t.nodes[n]
	nd.passes++
	first := nd.firstEdge
	if nd.nedges == 0 {
		return none
	}
	if s.cfg.Gumbel {
		e := s.selectGumbel(n, false)
		s.virtualLoss(e)
		return e
	}
	es := s.t.edges[first : first+nd.nedges]
	N := float64(nd.passes)
	c := s.cfg.CPUCT
	best := 0
	switch {
	case s.cfg.UCT && nd.passes <= nd.nedges:
		// An unvisited edge scores infinity, so the first one is taken,
		// and it is visited at once (a virtual loss counts): pass k takes
		// edge k-1, in the order the expansion shuffled them.
		best = int(nd.passes - 1)
	case s.cfg.UCT:
		// Every edge has been visited: uctScore without its cases.
		logN := s.ln(nd.passes)
		bestScore := es[0].q + c*math.Sqrt(logN/float64(es[0].visits))
		for i := 1; i < len(es); i++ {
			ed := &es[i]
			if sc := ed.q + c*math.Sqrt(logN/float64(ed.visits)); sc > bestScore {
				best, bestScore = i, sc
			}
		}
	default:
		fpu, sqrtN := s.fpu(n), math.Sqrt(N)
		bestScore := math.Inf(-1)
		for i := range es {
			if sc := puctScore(&es[i], fpu, sqrtN, c); sc > bestScore || i == 0 {
				best, bestScore = i, sc
			}
		}
	}
	e := first + int32(best)
	s.virtualLoss(e)
	return e
}

// logTableMax bounds the table of logarithms of Search.ln (512 KiB).
const logTableMax = 1 << 16

// ln is math.Log(n), read from a table for n < logTableMax: UCT takes the
// log of a visit count at every selection, and a table read costs a
// fraction of math.Log while giving the very same number.
func (s *Search) ln(n int32) float64 {
	if int(n) < len(s.logs) {
		return s.logs[n]
	}
	return s.growLn(n)
}

// growLn extends the table of logarithms to cover n (doubling it, so that
// it grows a few times per search at most) and returns math.Log(n).
func (s *Search) growLn(n int32) float64 {
	if n < 0 || n >= logTableMax {
		return math.Log(float64(n))
	}
	size := min(max(2*len(s.logs), int(n)+1, 1024), logTableMax)
	for i := len(s.logs); i < size; i++ {
		s.logs = append(s.logs, math.Log(float64(i)))
	}
	return s.logs[n]
}

// selectLegal picks the best edge of decision node n among the actions
// legal in world w, first adding edges for legal actions the node has not
// met yet (uniform prior), and adds a virtual loss to it.
func (s *Search) selectLegal(n int32, w engine.State) int32 {
	s.stamp++
	if s.stamp == 0 {
		clear(s.mark)
		clear(s.cover)
		s.stamp = 1
	}
	s.legal = w.LegalActions(s.legal)
	for _, a := range s.legal {
		s.mark[a] = s.stamp
	}
	for e := s.t.nodes[n].firstEdge; e != none; e = s.t.edges[e].next {
		if a := s.t.edges[e].action; s.mark[a] == s.stamp {
			s.cover[a] = s.stamp
		}
	}
	uniform := float32(1) / float32(len(s.legal))
	for _, a := range s.legal {
		if s.cover[a] != s.stamp {
			e := s.t.newEdge(a, uniform, s.t.nodes[n].firstEdge)
			s.t.nodes[n].firstEdge = e
		}
	}
	if s.cfg.Gumbel {
		best := s.gum.force
		if best == none || s.mark[s.t.edges[best].action] != s.stamp {
			best = s.selectGumbel(n, true)
		}
		for e := s.t.nodes[n].firstEdge; e != none; e = s.t.edges[e].next {
			if s.mark[s.t.edges[e].action] == s.stamp {
				s.t.edges[e].avail++
			}
		}
		s.virtualLoss(best)
		return best
	}
	fpu := s.fpu(n)
	best, bestScore := none, math.Inf(-1)
	for e := s.t.nodes[n].firstEdge; e != none; e = s.t.edges[e].next {
		ed := &s.t.edges[e]
		if s.mark[ed.action] != s.stamp {
			continue
		}
		ed.avail++
		var sc float64
		if s.cfg.UCT {
			sc = uctScore(ed, s.ln(ed.avail), s.cfg.CPUCT)
		} else {
			sc = puctScore(ed, fpu, math.Sqrt(float64(ed.avail)), s.cfg.CPUCT)
		}
		if sc > bestScore || best == none {
			best, bestScore = e, sc
		}
	}
	s.virtualLoss(best)
	return best
}

// virtualLoss counts a pending visit of e as the worst value for its mover,
// so that other simulations of the same batch spread out; backup replaces it.
// With batches of one simulation no selection can see the pending visit
// (the path cannot pass through its node again before its backup), so the
// edge's q is left for backup to update.
func (s *Search) virtualLoss(e int32) {
	ed := &s.t.edges[e]
	ed.visits++
	ed.wsum += s.minU
	if s.cfg.BatchSize > 1 {
		s.setQ(ed)
	}
}

func (s *Search) backupReturns(path []step, st engine.State) {
	s.ret = st.Returns(s.ret)
	for p := range s.val {
		s.val[p] = s.ret[p]
	}
	s.backup(path, s.val)
}

// backup adds the value vector v to every node of path and, for each edge
// taken at a decision node, the mover's value (replacing the virtual loss).
func (s *Search) backup(path []step, v []float64) {
	for _, st := range path {
		nd := &s.t.nodes[st.node]
		nd.visits++
		vs := s.t.values[int(st.node)*s.np : int(st.node+1)*s.np]
		for p := range vs {
			vs[p] += v[p]
		}
		if st.edge != none && nd.player >= 0 {
			ed := &s.t.edges[st.edge]
			ed.wsum += v[nd.player] - s.minU
			s.setQ(ed)
		}
	}
}

// addNoise mixes Dirichlet noise into the root priors, saving them first.
func (s *Search) addNoise() {
	s.saved = s.saved[:0]
	for e := s.t.nodes[s.root].firstEdge; e != none; e = s.t.edges[e].next {
		s.saved = append(s.saved, s.t.edges[e].prior)
	}
	if cap(s.noise) < len(s.saved) {
		s.noise = make([]float64, len(s.saved))
	}
	s.noise = s.noise[:len(s.saved)]
	dirichlet(s.rng, s.cfg.DirichletAlpha, s.noise)
	eps := s.cfg.DirichletEpsilon
	i := 0
	for e := s.t.nodes[s.root].firstEdge; e != none; e = s.t.edges[e].next {
		ed := &s.t.edges[e]
		ed.prior = float32((1-eps)*float64(ed.prior) + eps*s.noise[i])
		i++
	}
}

// removeNoise restores the root priors saved by addNoise.
func (s *Search) removeNoise() {
	i := 0
	for e := s.t.nodes[s.root].firstEdge; e != none && i < len(s.saved); e = s.t.edges[e].next {
		s.t.edges[e].prior = s.saved[i]
		i++
	}
}

// result reads the root statistics and picks the move.
func (s *Search) result(sims int) Result {
	r := Result{Visits: make([]float32, s.na), Values: make([]float64, s.np), Sims: sims}
	root := &s.t.nodes[s.root]
	if root.visits > 0 {
		for p := range r.Values {
			r.Values[p] = s.t.values[int(s.root)*s.np+p] / float64(root.visits)
		}
	}
	total := 0.0
	for e := root.firstEdge; e != none; e = s.t.edges[e].next {
		total += float64(s.t.edges[e].visits)
	}
	best := s.bestEdge(s.root)
	if total > 0 {
		for e := root.firstEdge; e != none; e = s.t.edges[e].next {
			r.Visits[s.t.edges[e].action] = float32(float64(s.t.edges[e].visits) / total)
		}
	}
	r.Action = s.t.edges[best].action
	if s.cfg.Temperature > 0 && total > 0 {
		r.Action = s.sampleTemperature(root.firstEdge, r.Action)
	}
	return r
}

// bestEdge is the edge of decision node n that a greedy choice takes: if n
// is proven, the most visited edge to a child proven to have n's value;
// otherwise the most visited edge that is not a proven loss for the mover
// (unless all are). Ties go to the higher prior, then the lower action.
func (s *Search) bestEdge(n int32) int32 {
	nd := &s.t.nodes[n]
	mover := int(nd.player)
	exactOf := func(e int32) (float64, bool) {
		c := s.t.edges[e].child
		if c == none || !s.t.nodes[c].proven {
			return 0, false
		}
		return s.t.exact[int(c)*s.np+mover], true
	}
	allowed := func(e int32) bool {
		v, ok := exactOf(e)
		if nd.proven {
			return ok && v >= s.t.exact[int(n)*s.np+mover]
		}
		return !ok || v > s.minU
	}
	best := none
	for pass := 0; pass < 2 && best == none; pass++ {
		for e := nd.firstEdge; e != none; e = s.t.edges[e].next {
			if pass == 0 && !allowed(e) {
				continue
			}
			if best == none {
				best = e
				continue
			}
			ed, bd := &s.t.edges[e], &s.t.edges[best]
			if ed.visits > bd.visits || ed.visits == bd.visits && (ed.prior > bd.prior || ed.prior == bd.prior && ed.action < bd.action) {
				best = e
			}
		}
	}
	return best
}

// sampleTemperature draws a root action with probability proportional to
// visits^(1/T), computed in log space.
func (s *Search) sampleTemperature(first int32, fallback engine.Action) engine.Action {
	inv := 1 / s.cfg.Temperature
	maxLog := math.Inf(-1)
	for e := first; e != none; e = s.t.edges[e].next {
		if v := s.t.edges[e].visits; v > 0 {
			maxLog = max(maxLog, math.Log(float64(v))*inv)
		}
	}
	sum := 0.0
	for e := first; e != none; e = s.t.edges[e].next {
		if v := s.t.edges[e].visits; v > 0 {
			sum += math.Exp(math.Log(float64(v))*inv - maxLog)
		}
	}
	u := s.rng.Float64() * sum
	for e := first; e != none; e = s.t.edges[e].next {
		if v := s.t.edges[e].visits; v > 0 {
			u -= math.Exp(math.Log(float64(v))*inv - maxLog)
			if u < 0 {
				return s.t.edges[e].action
			}
		}
	}
	return fallback
}
