package lunarrally_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/lunarrally"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden replays seeded random games and compares their records and
// final boards with testdata/*.golden (go test ./engine/lunarrally -update
// rewrites them).
func TestGolden(t *testing.T) {
	cases := []struct {
		file   string
		params engine.Params
		seed   uint64
	}{
		{"blue-2p.golden", engine.Params{"players": "2", "scenario": "blue"}, 3},
		{"yellow-3p.golden", engine.Params{"players": "3", "scenario": "yellow", "turn_limit": "12"}, 7},
		{"red-4p-noreplacement.golden", engine.Params{"players": "4", "scenario": "red", "replacement": "false", "turn_limit": "10"}, 11},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			g := engine.MustLoad(lunarrally.Name, c.params)
			rec, s := enginetest.RandomRecord(g, c.seed)
			if !s.IsTerminal() {
				t.Fatalf("the game did not end in %d actions", len(rec.Actions))
			}
			var buf bytes.Buffer
			if err := engine.WriteRecords(&buf, rec); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&buf, "%s\n", s)
			path := filepath.Join("testdata", c.file)
			enginetest.Golden(t, path, buf.Bytes(), *update)
			// The record of the golden file replays to the same final state.
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			back, err := engine.ReadRecord(bytes.NewReader(want))
			if err != nil {
				t.Fatal(err)
			}
			_, r, err := back.Replay()
			if err != nil || r.String() != s.String() {
				t.Errorf("replay: %v", err)
			}
		})
	}
}

// BenchmarkRandomPlayout plays whole random games, one per op.
func BenchmarkRandomPlayout(b *testing.B) {
	for _, players := range []string{"2", "4"} {
		b.Run("players="+players, func(b *testing.B) {
			enginetest.BenchmarkPlayout(b, engine.MustLoad(lunarrally.Name, engine.Params{"players": players}))
		})
	}
}

// midGame is a state of a random 4-player game, at least 60 actions in,
// whose next action (returned) completes a round of programming, so that
// applying it executes rovers.
func midGame() (engine.State, engine.Action) {
	g := engine.MustLoad(lunarrally.Name, engine.Params{"players": "4", "scenario": "red"})
	rec, _ := enginetest.RandomRecord(g, 1)
	s, _ := engine.ReplayActions(g, rec.Actions[:60])
	for _, a := range rec.Actions[60:] {
		c := s.Clone().(*lunarrally.State)
		c.Apply(a)
		if c.Moon() != s.(*lunarrally.State).Moon() {
			return s, a
		}
		s.Apply(a)
	}
	panic("no execution after action 60")
}

// BenchmarkApply applies the card that completes a round of programming,
// executing a group of rovers of a 4-player game, on 1024 clones per op (ns/apply is per Apply).
func BenchmarkApply(b *testing.B) {
	s, a := midGame()
	states := make([]engine.State, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		states = states[:0]
		for range 1024 {
			states = append(states, s.Clone())
		}
		b.StartTimer()
		for _, c := range states {
			c.Apply(a)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1024), "ns/apply")
}

func BenchmarkLegalActions(b *testing.B) {
	s, _ := midGame()
	buf := make([]engine.Action, 0, 32)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.LegalActions(buf)
	}
}

func BenchmarkObserve(b *testing.B) {
	s, _ := midGame()
	obs := make([]float32, engine.ObservationSize(s.Game()))
	b.ReportAllocs()
	for b.Loop() {
		s.Observe(1, obs)
	}
}

func Example() {
	g, err := engine.Load(lunarrally.Name, engine.Params{"players": "2", "scenario": "blue"})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := g.NewInitialState()
	s.Apply(0) // the start tokens pick seat 0 to place first
	for _, m := range []string{"a4", "E"} {
		a, _ := engine.ParseAction(s, m)
		s.Apply(a)
	}
	var names []string
	for _, a := range s.LegalActions(nil) {
		names = append(names, s.ActionString(a))
	}
	fmt.Println(s.CurrentPlayer(), "places Rover 1 on one of", names)
	fmt.Println(g.ObservationShape(), g.NumActions())
	// Output:
	// p1 places Rover 1 on one of [a2 a3 a5 a6 a7 a8 a9]
	// [117 10 16] 22
}

func ExampleParseScenario() {
	b, err := lunarrally.ParseScenario("tiny", []byte(`
# a tiny track
S . . F
 S . X F
S ~ . F
 S . . F
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Rows(), b.Cols(), b.FinishPath(0), b.CellName(6))
	_, err = lunarrally.ParseScenario("broken", []byte("S . Q F\n"))
	fmt.Println(err)
	// Output:
	// 4 4 3 c2
	// bad parameter value: scenario broken line 1: hex 3 is not one of -.X~SFRM
}
