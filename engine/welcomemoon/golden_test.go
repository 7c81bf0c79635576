package welcomemoon_test

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/welcomemoon"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// playout plays a seeded random game and returns its actions and final state.
func playout(g engine.Game, seed uint64) ([]engine.Action, engine.State) {
	rng := rand.New(rand.NewPCG(seed, 11))
	s := g.NewInitialState()
	var acts []engine.Action
	for !s.IsTerminal() {
		var a engine.Action
		if s.CurrentPlayer() == engine.Chance {
			a = engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64())
		} else {
			legal := s.LegalActions(nil)
			a = legal[rng.IntN(len(legal))]
		}
		acts = append(acts, a)
		s.Apply(a)
	}
	return acts, s
}

// TestGolden replays seeded games of every adventure, solo and with 3
// players, against testdata/: the record's actions, the final drawing and
// the scores. Regenerate with go test ./engine/welcomemoon -update.
func TestGolden(t *testing.T) {
	for adv := 1; adv <= 4; adv++ {
		for _, players := range []int{1, 3} {
			name := fmt.Sprintf("adventure%d-players%d.golden", adv, players)
			t.Run(name, func(t *testing.T) {
				g := mustGame(t, adv, players, 3)
				acts, s := playout(g, uint64(adv*10+players))
				var b bytes.Buffer
				fmt.Fprintf(&b, "game %s params %s\nactions %v\nscores %v returns %v\n%s\n", g.Spec().Name, g.Params(), acts, s.Scores(nil), s.Returns(nil), s)
				path := filepath.Join("testdata", name)
				if *update {
					if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run with -update)", err)
				}
				if !bytes.Equal(b.Bytes(), want) {
					t.Errorf("%s differs from the golden file:\n%s", name, b.String())
				}
				// the record replays to the same state
				again, err := engine.ReplayActions(g, acts)
				if err != nil || again.String() != s.String() {
					t.Errorf("replay: %v", err)
				}
			})
		}
	}
}

func benchGame(b *testing.B) engine.Game {
	g, err := welcomemoon.New(2, 4, 1)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

func BenchmarkRandomPlayout(b *testing.B) {
	for adv := 1; adv <= 4; adv++ {
		b.Run(fmt.Sprintf("adventure%d-players4", adv), func(b *testing.B) {
			g, err := welcomemoon.New(adv, 4, 1)
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			legal := make([]engine.Action, 0, g.NumActions()+g.MaxChanceOutcomes())
			outs := make([]engine.Outcome, 0, g.MaxChanceOutcomes())
			b.ReportAllocs()
			for b.Loop() {
				s := g.NewInitialState()
				for !s.IsTerminal() {
					if s.CurrentPlayer() == engine.Chance {
						outs = s.ChanceOutcomes(outs)
						s.Apply(engine.SampleOutcome(outs, rng.Float64()))
						continue
					}
					legal = s.LegalActions(legal)
					s.Apply(legal[rng.IntN(len(legal))])
				}
			}
		})
	}
}

// midGame is a state 60 actions into a seeded game.
func midGame(b *testing.B) engine.State {
	g := benchGame(b)
	acts, _ := playout(g, 1)
	s, err := engine.ReplayActions(g, acts[:60])
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func BenchmarkApply(b *testing.B) {
	s := midGame(b).(*welcomemoon.State)
	legal := s.LegalActions(nil)
	var c welcomemoon.State
	b.ReportAllocs()
	for b.Loop() {
		c = *s
		c.Apply(legal[0])
	}
	_ = c
}

func BenchmarkLegalActions(b *testing.B) {
	s := midGame(b)
	buf := make([]engine.Action, 0, 128)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.LegalActions(buf)
	}
}

func BenchmarkObserve(b *testing.B) {
	s := midGame(b)
	obs := make([]float32, engine.ObservationSize(s.Game()))
	b.ReportAllocs()
	for b.Loop() {
		s.Observe(0, obs)
	}
}
