package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/moongym/moongym/agents"
	hw "github.com/moongym/moongym/agents/heuristics/welcomemoon"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/welcomemoon"
)

// welcomeMoonDecisions measures what imitation is up against in welcome-moon
// adventure 1 with 2 players (docs/benchmarks/learning.md, welcome-moon): on
// games of the heuristic against itself, per kind of decision, the legal
// moves and how often a second heuristic (another seed) or the network of
// -model chooses the same move; how often the observation's best-space mark
// holds the heuristic's move; and how well the score margin, the progress
// margin and the heuristic's evaluation (or the network's value) at each
// fifth of the game predict the result and the final margin (and, for the
// value, its mean squared error against the result).
func welcomeMoonDecisions(fs *flag.FlagSet, args []string, out io.Writer) error {
	games := fs.Int("games", 40, "games of the heuristic against itself")
	model := fs.String("model", "", "a network (.safetensors file, or builtin) to compare in place of a second heuristic")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := atLeast("games", *games, 1); err != nil {
		return err
	}
	g, err := wm.New(1, 2, 1)
	if err != nil {
		return fmt.Errorf("adventure 1, 2 players: %w", err)
	}
	st := &wmDecisions{model: *model}
	for game := 0; game < *games; game++ {
		if err := st.play(g, game); err != nil {
			return fmt.Errorf("game %d: %w", game, err)
		}
	}
	p := &printer{w: out}
	st.report(p, *games)
	return p.done()
}

// wmDecisionKinds are the kinds of decision, by wmClass.
var wmDecisionKinds = []string{"pick", "efftarget", "modifier", "space", "skip"}

// wmClass is the kind of a decision, from one of its legal moves.
func wmClass(a engine.Action) int {
	switch {
	case a < 42:
		return 0
	case a == 42:
		return 1
	case a < 48:
		return 2
	case a < 112:
		return 3
	}
	return 4
}

// wmDecision is one decision: margins and evaluation for the player to act.
type wmDecision struct {
	margin float64 // score margin of p at this point
	prog   float64 // progress margin
	ev     float64 // heuristic Evaluate, or the network's value
	turn   int
	p      int
}

// wmDecisions gathers welcomeMoonDecisions' counts over its games.
type wmDecisions struct {
	model           string
	nDec, nAgree    [5]int
	nLegal          [5]float64
	hist            [5][8]int
	indN            int
	indSize, indHit float64
	recs            [][]wmDecision
	finals, rets    [][]float64
	lens            []int
}

// play plays game number game of g, the heuristic against itself, and
// counts its decisions.
func (st *wmDecisions) play(g *wm.Game, game int) error {
	rng := rand.New(rand.NewPCG(7, uint64(game)+1000000))
	seats := []agents.Agent{hw.New(uint64(game)*2 + 1), hw.New(uint64(game)*2 + 2)}
	var b agents.Agent = hw.New(uint64(game) + 99991)
	if st.model != "" {
		var err error
		if b, err = newNet(g, st.model); err != nil {
			return err
		}
	}
	var rs []wmDecision
	s, err := playOut(g, rng, false, func(s engine.State, p engine.Player, legal []engine.Action) (engine.Action, error) {
		a, err := seats[p].Act(s)
		if err != nil {
			return 0, fmt.Errorf("the heuristic: %w", err)
		}
		r, err := st.decision(g, s, p, legal, a, b)
		rs = append(rs, r)
		return a, err
	})
	if err != nil {
		return err
	}
	st.recs = append(st.recs, rs)
	st.finals = append(st.finals, s.Scores(nil))
	st.rets = append(st.rets, s.Returns(nil))
	st.lens = append(st.lens, s.(*wm.State).Turn())
	return nil
}

// decision counts the decision of p in s, who chose a among legal, and
// what b chooses there; it returns its margins and evaluation.
func (st *wmDecisions) decision(g *wm.Game, s engine.State, p engine.Player, legal []engine.Action, a engine.Action, b agents.Agent) (wmDecision, error) {
	c := wmClass(legal[len(legal)-1])
	if wmClass(legal[0]) == 0 {
		c = 0
	}
	if c == 3 && len(s.ActionString(legal[0])) > 6 && s.ActionString(legal[0])[:6] != "space-" {
		c = 1
	}
	if c == 3 {
		st.bestSpace(g, s, p, a)
	}
	st.nDec[c]++
	st.nLegal[c] += float64(len(legal))
	st.hist[c][min(7, len(legal)/5)]++
	bb, err := b.Act(s)
	if err != nil {
		return wmDecision{}, fmt.Errorf("the second agent: %w", err)
	}
	if bb == a {
		st.nAgree[c]++
	}
	ws := s.(*wm.State)
	sc := s.Scores(nil)
	ev := hw.Evaluate(s, nil)
	if nt, ok := b.(*netagent.Net); ok {
		vals, err := nt.Values(s)
		if err != nil {
			return wmDecision{}, fmt.Errorf("the network's values: %w", err)
		}
		ev[p] = float64(vals[p])
	}
	return wmDecision{sc[p] - sc[1-p], ws.Progress(int(p)) - ws.Progress(1-int(p)), ev[p], ws.Turn(), int(p)}, nil
}

// bestSpace counts how often the observation's best-space mark holds a, the
// heuristic's space.
func (st *wmDecisions) bestSpace(g *wm.Game, s engine.State, p engine.Player, a engine.Action) {
	obs := make([]float32, engine.ObservationSize(g))
	s.Observe(p, obs)
	best := obs[len(obs)-64:]
	nb := 0
	for _, v := range best {
		if v == 1 {
			nb++
		}
	}
	st.indN++
	st.indSize += float64(nb)
	if best[a-48] == 1 {
		st.indHit += 1 / float64(nb)
	}
}

// report writes the counts, then the predictions by fifth of the game.
func (st *wmDecisions) report(p *printer, games int) {
	for c := range st.nDec {
		if st.nDec[c] == 0 {
			continue
		}
		n := float64(st.nDec[c])
		p.line("%-8s decisions %6d  mean legal %5.1f  agree %.3f  legal/5 hist %v", wmDecisionKinds[c], st.nDec[c], st.nLegal[c]/n, float64(st.nAgree[c])/n, st.hist[c])
	}
	p.line("best-space indicator: mean marked %.2f, heuristic's move picked by a uniform draw among marked %.3f", st.indSize/float64(st.indN), st.indHit/float64(st.indN))
	var sumAbs, ties float64
	for i, f := range st.finals {
		sumAbs += math.Abs(f[0] - f[1])
		if st.rets[i][0] == 0 {
			ties++
		}
	}
	p.line("games %d mean turns %.1f mean |final margin| %.1f ties %.0f", games, meanOf(st.lens), sumAbs/float64(games), ties)
	p.line("final scores sample: %v", st.finals[:min(10, len(st.finals))])
	for _, what := range []string{"score", "progress", "eval(net value if a model)"} {
		p.line("%-8s: frac  corr(x, final return)  acc(sign x == result)", what)
		for d := 0; d < 5; d++ {
			st.predict(p, what, d)
		}
	}
}

// predict writes how well what (the score margin, the progress margin or
// the evaluation) in fifth d of the game predicts the result and the final
// margin.
func (st *wmDecisions) predict(p *printer, what string, d int) {
	var xs, ys, zs []float64
	for i, rs := range st.recs {
		T := float64(st.lens[i])
		for _, r := range rs {
			if int(float64(r.turn)/(T+1)*5) != d {
				continue
			}
			x := r.margin
			if what == "progress" {
				x = r.prog
			} else if what != "score" {
				x = r.ev
			}
			xs = append(xs, x)
			ys = append(ys, st.rets[i][r.p])
			zs = append(zs, st.finals[i][r.p]-st.finals[i][1-r.p])
		}
	}
	acc, se := 0.0, 0.0
	for j := range xs {
		se += (xs[j] - ys[j]) * (xs[j] - ys[j])
		if (xs[j] > 0 && ys[j] > 0) || (xs[j] < 0 && ys[j] < 0) {
			acc++
		}
	}
	mse := ""
	if what != "score" && what != "progress" && st.model != "" {
		mse = fmt.Sprintf("  mse %.3f", se/float64(len(xs)))
	}
	p.line("   %.1f-%.1f  n=%6d corr %.3f  acc %.3f  corr(x, final margin) %.3f%s", float64(d)/5, float64(d+1)/5, len(xs), corr(xs, ys), acc/float64(len(xs)), corr(xs, zs), mse)
}
