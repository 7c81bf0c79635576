package welcomemoon_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/moongym/moongym/agents"
	hw "github.com/moongym/moongym/agents/heuristics/welcomemoon"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/welcomemoon"
)

// class is the kind of a decision, from its legal moves.
func class(a engine.Action) int {
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

// names are the kinds of decision, by class.
var names = []string{"pick", "efftarget", "modifier", "space", "skip"}

// rec is one decision: margins and evaluation for the player to act.
type rec struct {
	margin float64 // score margin of p at this point
	prog   float64 // progress margin
	ev     float64 // heuristic Evaluate
	turn   int
	p      int
}

// TestMeasureDecisions measures what imitation is up against in Adventure 1
// with 2 players (docs/benchmarks/learning.md, welcome-moon): on WM_DECISIONS
// games of the heuristic against itself, per kind of decision, the legal
// moves and how often a second heuristic (another seed) or the network of
// WM_MODEL (a .safetensors file) chooses the same move; how often the
// observation's best-space mark holds the heuristic's move; and how well the
// score margin, the progress margin and the heuristic's evaluation (or the
// network's value) at each fifth of the game predict the result and the
// final margin (and, for the value, its mean squared error against the
// result). Run with WM_DECISIONS=40 go test -run TestMeasureDecisions -v.
func TestMeasureDecisions(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("WM_DECISIONS"))
	if games == 0 {
		t.Skip("set WM_DECISIONS to run the measurement")
	}
	g, err := wm.New(1, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	var nDec, nAgree [5]int
	var indN int
	var indSize, indHit float64
	var nLegal [5]float64
	var hist [5][8]int
	var recs [][]rec
	var finals [][]float64
	var rets [][]float64
	var lens []int
	for game := 0; game < games; game++ {
		rng := rand.New(rand.NewPCG(7, uint64(game)+1000000))
		a0, a1 := hw.New(uint64(game)*2+1), hw.New(uint64(game)*2+2)
		var b agents.Agent = hw.New(uint64(game) + 99991)
		if m := os.Getenv("WM_MODEL"); m != "" {
			if b, err = agents.New(g, "net:model="+m, 1); err != nil {
				t.Fatal(err)
			}
		}
		seats := []agents.Agent{a0, a1}
		s := g.NewInitialState()
		var rs []rec
		var out []engine.Outcome
		var legal []engine.Action
		dec := 0
		for !s.IsTerminal() {
			p := s.CurrentPlayer()
			if p == engine.Chance {
				out = s.ChanceOutcomes(out)
				s.Apply(engine.SampleOutcome(out, rng.Float64()))
				continue
			}
			legal = s.LegalActions(legal)
			if len(legal) == 1 {
				s.Apply(legal[0])
				continue
			}
			a, _ := seats[p].Act(s)
			c := class(legal[len(legal)-1])
			if class(legal[0]) == 0 {
				c = 0
			}
			if c == 3 && len(s.ActionString(legal[0])) > 6 && s.ActionString(legal[0])[:6] != "space-" {
				c = 1
			}
			if c == 3 {
				obs := make([]float32, engine.ObservationSize(g))
				s.Observe(p, obs)
				best := obs[len(obs)-64:]
				nb := 0
				for _, v := range best {
					if v == 1 {
						nb++
					}
				}
				indN++
				indSize += float64(nb)
				if best[a-48] == 1 {
					indHit += 1 / float64(nb)
				}
			}
			nDec[c]++
			nLegal[c] += float64(len(legal))
			k := min(7, len(legal)/5)
			hist[c][k]++
			if bb, _ := b.Act(s); bb == a {
				nAgree[c]++
			}
			ws := s.(*wm.State)
			sc := s.Scores(nil)
			ev := hw.Evaluate(s, nil)
			if nt, ok := b.(*netagent.Net); ok {
				vals, _ := nt.Values(s)
				ev[p] = float64(vals[p])
			}
			rs = append(rs, rec{sc[p] - sc[1-p], ws.Progress(int(p)) - ws.Progress(1-int(p)), ev[p], ws.Turn(), int(p)})
			dec++
			s.Apply(a)
		}
		recs = append(recs, rs)
		finals = append(finals, s.Scores(nil))
		rets = append(rets, s.Returns(nil))
		lens = append(lens, s.(*wm.State).Turn())
	}
	for c := range nDec {
		if nDec[c] == 0 {
			continue
		}
		t.Logf("%-8s decisions %6d  mean legal %5.1f  agree %.3f  legal/5 hist %v", names[c], nDec[c], nLegal[c]/float64(nDec[c]), float64(nAgree[c])/float64(nDec[c]), hist[c])
	}
	t.Logf("best-space indicator: mean marked %.2f, heuristic's move picked by a uniform draw among marked %.3f", indSize/float64(indN), indHit/float64(indN))
	// final margins
	var sumAbs, ties float64
	var ms []float64
	for i, f := range finals {
		m := f[0] - f[1]
		sumAbs += math.Abs(m)
		ms = append(ms, m)
		if rets[i][0] == 0 {
			ties++
		}
	}
	t.Logf("games %d mean turns %.1f mean |final margin| %.1f ties %.0f", games, mean(lens), sumAbs/float64(games), ties)
	t.Logf("final scores sample: %v", finals[:min(10, len(finals))])
	// predictability by fraction of game
	for _, what := range []string{"score", "progress", "eval(net value if a model)"} {
		t.Logf("%-8s: frac  corr(x, final return)  acc(sign x == result)", what)
		for d := 0; d < 5; d++ {
			var xs, ys, zs []float64
			for i, rs := range recs {
				T := float64(lens[i])
				for _, r := range rs {
					f := float64(r.turn) / (T + 1)
					if int(f*5) != d {
						continue
					}
					x := r.margin
					if what == "progress" {
						x = r.prog
					} else if what != "score" {
						x = r.ev
					}
					xs = append(xs, x)
					ys = append(ys, rets[i][r.p])
					zs = append(zs, finals[i][r.p]-finals[i][1-r.p])
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
			if what != "score" && what != "progress" && os.Getenv("WM_MODEL") != "" {
				mse = fmt.Sprintf("  mse %.3f", se/float64(len(xs)))
			}
			t.Logf("   %.1f-%.1f  n=%6d corr %.3f  acc %.3f  corr(x, final margin) %.3f%s", float64(d)/5, float64(d+1)/5, len(xs), corr(xs, ys), acc/float64(len(xs)), corr(xs, zs), mse)
		}
	}
}

// mean is the mean of x.
func mean(x []int) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v)
	}
	return s / float64(len(x))
}

// corr is the Pearson correlation of x and y.
func corr(x, y []float64) float64 {
	n := float64(len(x))
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx /= n
	my /= n
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}
