package welcomemoon_test

import (
	"bytes"
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/welcomemoon"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden replays seeded games of every adventure, solo and with 3
// players, against testdata/: the record's actions, the final drawing and
// the scores. Regenerate with go test ./engine/welcomemoon -update.
func TestGolden(t *testing.T) {
	for adv := 1; adv <= lastAdventure(); adv++ {
		for _, players := range []int{1, 3} {
			name := fmt.Sprintf("adventure%d-players%d.golden", adv, players)
			t.Run(name, func(t *testing.T) {
				g := mustGame(t, adv, players, 3)
				rec, s := enginetest.RandomRecord(g, uint64(adv*10+players))
				if !s.IsTerminal() {
					t.Fatalf("the game did not end in %d actions", len(rec.Actions))
				}
				var b bytes.Buffer
				fmt.Fprintf(&b, "game %s params %s\nactions %v\nscores %v returns %v\n%s\n", g.Spec().Name, g.Params(), rec.Actions, s.Scores(nil), s.Returns(nil), s)
				enginetest.Golden(t, filepath.Join("testdata", name), b.Bytes(), *update)
				// the record replays to the same state
				again, err := engine.ReplayActions(g, rec.Actions)
				if err != nil || again.String() != s.String() {
					t.Errorf("replay: %v", err)
				}
			})
		}
	}
}

// lastAdventure is the highest adventure the spec advertises.
func lastAdventure() int {
	for _, ps := range (&welcomemoon.Game{}).Spec().Params {
		if ps.Name == "adventure" {
			return ps.Max
		}
	}
	return 1
}

func benchGame(b *testing.B) engine.Game {
	g, err := welcomemoon.New(2, 4, 1)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkRandomPlayout plays whole random 4-player games of each
// adventure, one per op.
func BenchmarkRandomPlayout(b *testing.B) {
	for adv := 1; adv <= lastAdventure(); adv++ {
		b.Run(fmt.Sprintf("adventure%d-players4", adv), func(b *testing.B) {
			g, err := welcomemoon.New(adv, 4, 1)
			if err != nil {
				b.Fatal(err)
			}
			enginetest.BenchmarkPlayout(b, g)
		})
	}
}

// midGame is a state 60 actions into a seeded game.
func midGame(b *testing.B) engine.State {
	g := benchGame(b)
	rec, _ := enginetest.RandomRecord(g, 1)
	s, err := engine.ReplayActions(g, rec.Actions[:60])
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
