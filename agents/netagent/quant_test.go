package netagent_test

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

var (
	q8Report = flag.String("q8report", "", "TestBuiltinQ8Fidelity: write the table of every built-in model's fidelity in -q8dtype to this file (Markdown)")
	q8Dtype  = flag.String("q8dtype", "q8", "TestBuiltinQ8Fidelity: the dtype the built-in models are converted to (q8 or q4)")
	q8Only   = flag.String("q8only", "", "TestBuiltinQ8Fidelity: only the files whose name matches this regular expression")
)

// q8States is the number of states each built-in model is compared on in
// TestBuiltinQ8Fidelity, and q8Games the random games they come from.
const (
	q8States = 400
	q8Games  = 40
)

// TestBuiltinQ8Fidelity compares every built-in model with its round trip
// through a quantized dtype (-q8dtype: models.DtypeQ8 by default, or
// models.DtypeQ4; encoded and decoded again) on states of
// random games of its configuration: the share of states where both
// networks' highest prior is the same legal action, the largest total
// variation distance between their priors, and the largest difference of
// a seat's value. With Q8 it fails where the two disagree on the best move
// of more than a tenth of the states or a value differs by more than 0.1
// (of a [-1, 1] scale); Q4 moves more than that and only reports (its bar
// is the tournaments, played again: docs/benchmarks/q4-fidelity.md). It is the check of a conversion (half a minute): it
// runs with -q8report FILE, and writes the table there; -q8only REGEXP
// keeps the files whose name matches.
func TestBuiltinQ8Fidelity(t *testing.T) {
	if *q8Report == "" {
		t.Skip("the check of a conversion to Q8 or Q4: run with -args -q8report FILE [-q8dtype q4] [-q8only REGEXP]")
	}
	dtype, err := models.ParseDtype(*q8Dtype)
	if err != nil || (dtype != models.DtypeQ8 && dtype != models.DtypeQ4) {
		t.Fatalf("-q8dtype %q: want q8 or q4 (%v)", *q8Dtype, err)
	}
	only, err := regexp.Compile(*q8Only)
	if err != nil {
		t.Fatalf("-q8only: %v", err)
	}
	all, err := models.BuiltinModels()
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	table.WriteString("| file | stored | F32 bytes | " + dtype + " bytes | states | same best move | largest prior TV | largest value diff |\n|---|---|---:|---:|---:|---:|---:|---:|\n")
	for _, b := range all {
		if b.Covered || !only.MatchString(b.File) {
			continue
		}
		g := loadBuiltinGame(t, b)
		m, err := models.LoadBuiltin(g)
		if err != nil {
			t.Fatal(err)
		}
		q := m.Clone()
		q.Dtype = dtype
		var buf bytes.Buffer
		if err := q.Encode(&buf); err != nil {
			t.Fatalf("%s: %v", b.File, err)
		}
		qbytes := buf.Len()
		if q, err = models.Decode(buf.Bytes()); err != nil {
			t.Fatalf("%s: %v", b.File, err)
		}
		f := m.Clone()
		f.Dtype = models.DtypeF32
		buf.Reset()
		if err := f.Encode(&buf); err != nil {
			t.Fatal(err)
		}
		same, tv, dv, n := compareNets(t, g, m.Net, q.Net)
		row := fmt.Sprintf("| %s | %s | %d | %d | %d | %.3f | %.3f | %.4f |", b.File, m.Dtype, buf.Len(), qbytes, n, same, tv, dv)
		t.Log(row)
		table.WriteString(row + "\n")
		if dtype == models.DtypeQ8 && (same < 0.9 || dv > 0.1) {
			t.Errorf("%s: %s agrees on the best move in %.3f of %d states (want 0.9 or more), largest value difference %.4f (want 0.1 at most)", b.File, dtype, same, n, dv)
		}
	}
	if err := os.WriteFile(*q8Report, []byte(table.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// compareNets evaluates a and b on up to q8States decision states of
// q8Games random games of g (seeded) and returns the share of states with
// the same best legal move, the largest total variation distance between
// the priors, the largest difference of a value, and the number of states.
func compareNets(t *testing.T, g engine.Game, a, b *models.Network) (same, tv, dv float64, n int) {
	t.Helper()
	states := randomStates(g, q8Games, q8States, 1)
	outs := make([][]mcts.Evaluation, 2)
	for i, net := range []*models.Network{a, b} {
		ev, err := models.NewEvaluator(g, net, 0)
		if err != nil {
			t.Fatal(err)
		}
		outs[i] = make([]mcts.Evaluation, len(states))
		for j := range outs[i] {
			outs[i][j] = mcts.Evaluation{Priors: make([]float32, g.NumActions()), Values: make([]float32, g.NumPlayers())}
		}
		if err := ev.Evaluate(states, outs[i]); err != nil {
			t.Fatal(err)
		}
	}
	agree := 0
	for j := range states {
		pa, pb := outs[0][j], outs[1][j]
		if argmax(pa.Priors) == argmax(pb.Priors) {
			agree++
		}
		d := 0.0
		for k := range pa.Priors {
			d += math.Abs(float64(pa.Priors[k] - pb.Priors[k]))
		}
		tv = max(tv, d/2)
		for k := range pa.Values {
			dv = max(dv, math.Abs(float64(pa.Values[k]-pb.Values[k])))
		}
	}
	return float64(agree) / float64(len(states)), tv, dv, len(states)
}

func argmax(p []float32) int {
	best := 0
	for i, v := range p {
		if v > p[best] {
			best = i
		}
	}
	return best
}

// randomStates plays games random games of g (uniform legal moves, chance
// by its odds) and keeps every k-th decision state with at least two legal
// moves, k chosen so that about want states are kept.
func randomStates(g engine.Game, games, want int, seed uint64) []engine.State {
	rng := rand.New(rand.NewPCG(seed, 0))
	var all []engine.State
	var acts []engine.Action
	var outs []engine.Outcome
	for range games {
		s := g.NewInitialState()
		for !s.IsTerminal() {
			if s.CurrentPlayer() == engine.Chance {
				outs = s.ChanceOutcomes(outs[:0])
				r, i := rng.Float64(), 0
				for ; i < len(outs)-1 && r >= outs[i].Prob; i++ {
					r -= outs[i].Prob
				}
				s.Apply(outs[i].Action)
				continue
			}
			acts = s.LegalActions(acts[:0])
			if len(acts) > 1 {
				all = append(all, s.Clone())
			}
			s.Apply(acts[rng.IntN(len(acts))])
		}
	}
	if len(all) <= want {
		return all
	}
	k := len(all) / want
	var kept []engine.State
	for i := 0; i < len(all) && len(kept) < want; i += k {
		kept = append(kept, all[i])
	}
	return kept
}
