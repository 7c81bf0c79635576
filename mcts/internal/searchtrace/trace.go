// Package searchtrace records what a Search decides over a game, so that
// golden-file tests can pin the search's results bit for bit: every visit
// fraction, root value and chosen action of every move, written with the
// shortest decimal form that reads back to the same float.
//
// Changes to the search that are meant to be pure speed-ups (no change of
// result) are checked against these traces.
package searchtrace

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

// Case is one traced line of play.
type Case struct {
	Name  string
	Game  engine.Game
	State engine.State // the start; nil means Game.NewInitialState()
	Cfg   mcts.Config
	// Rollouts is the RolloutEvaluator's Rollouts (0 means 1).
	Rollouts int
	// Priors, when set, reweights the rollout evaluator's uniform priors:
	// the prior of action a is proportional to Priors(a) over the legal
	// actions, so that PUCT is traced with non-uniform priors too.
	Priors func(a engine.Action) float32
	// Moves is the number of decisions searched (the line stops earlier at
	// the end of the game).
	Moves int
	// Seed seeds the evaluator and the chance outcomes of the line.
	Seed uint64
	// NoAdvance plays the line without Search.Advance, so that a search
	// with Reuse finds its positions itself.
	NoAdvance bool
}

// weighted wraps an evaluator and reweights its priors.
type weighted struct {
	inner mcts.Evaluator
	w     func(engine.Action) float32
}

func (e weighted) Evaluate(states []engine.State, out []mcts.Evaluation) error {
	if err := e.inner.Evaluate(states, out); err != nil {
		return err
	}
	for i := range states {
		p := out[i].Priors
		sum := float32(0)
		for a := range p {
			if p[a] > 0 {
				p[a] = e.w(engine.Action(a))
				sum += p[a]
			}
		}
		for a := range p {
			p[a] /= sum
		}
	}
	return nil
}

// Write plays c's line, searching at every decision, and writes one line
// per search: seat, action, simulations, root visits, the visit
// distribution and the root values.
func Write(w io.Writer, c Case) error {
	ev := mcts.NewRolloutEvaluator(c.Game, c.Seed)
	ev.Rollouts = max(c.Rollouts, 1)
	var e mcts.Evaluator = ev
	if c.Priors != nil {
		e = weighted{ev, c.Priors}
	}
	s, err := mcts.New(c.Game, e, c.Cfg)
	if err != nil {
		return err
	}
	st := c.State
	if st == nil {
		st = c.Game.NewInitialState()
	}
	st = st.Clone()
	rng := rand.New(rand.NewPCG(c.Seed, 0x74726163))
	var outs []engine.Outcome
	for move := 0; move < c.Moves && !st.IsTerminal(); {
		p := st.CurrentPlayer()
		var a engine.Action
		if p == engine.Chance {
			outs = st.ChanceOutcomes(outs)
			a = engine.SampleOutcome(outs, rng.Float64())
		} else {
			r, err := s.Run(st)
			if err != nil {
				return fmt.Errorf("%s move %d: %w", c.Name, move, err)
			}
			a = r.Action
			fmt.Fprintf(w, "%s %d: seat %d action %d sims %d root %d visits %s values %s\n",
				c.Name, move, p, a, r.Sims, s.RootVisits(), floats32(r.Visits), floats64(r.Values))
			move++
		}
		st.Apply(a)
		if !c.NoAdvance {
			s.Advance(a)
		}
	}
	return nil
}

func floats32(xs []float32) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatFloat(float64(x), 'g', -1, 32))
	}
	return b.String()
}

func floats64(xs []float64) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	}
	return b.String()
}

// Check writes the traces of cases and compares them with the golden file
// path, or rewrites the file when update is set (the tests' -update flag).
// A difference fails t with the first differing line.
func Check(t *testing.T, path string, update bool, cases []Case) {
	t.Helper()
	var buf bytes.Buffer
	for _, c := range cases {
		if err := Write(&buf, c); err != nil {
			t.Fatal(err)
		}
	}
	if update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	got := buf.Bytes()
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(gl), len(wl)) {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Fatalf("%s line %d differs:\ngot  %s\nwant %s", path, i+1, g, w)
		}
	}
}
