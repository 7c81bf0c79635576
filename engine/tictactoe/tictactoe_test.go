package tictactoe_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/tictactoe"
)

func TestConformance(t *testing.T) {
	enginetest.RunGame(t, tictactoe.Name, enginetest.Options{Playouts: 50})
}

func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, tictactoe.Game{}) }

func FuzzActions(f *testing.F) { enginetest.FuzzActions(f, tictactoe.Game{}) }

// count walks the whole game tree from s, counting complete games and
// collecting distinct terminal positions.
func count(s engine.State, terminals map[string]bool) int {
	if s.IsTerminal() {
		data, _ := s.MarshalJSON()
		terminals[string(data)] = true
		return 1
	}
	n := 0
	for _, a := range s.LegalActions(nil) {
		c := s.Clone()
		c.Apply(a)
		n += count(c, terminals)
	}
	return n
}

func TestKnownCounts(t *testing.T) {
	terminals := map[string]bool{}
	games := count(tictactoe.Game{}.NewInitialState(), terminals)
	if games != 255168 {
		t.Errorf("complete games = %d, want 255168", games)
	}
	if len(terminals) != 958 {
		t.Errorf("terminal positions = %d, want 958", len(terminals))
	}
}

func play(t *testing.T, moves ...string) engine.State {
	t.Helper()
	s := tictactoe.Game{}.NewInitialState()
	for _, m := range moves {
		a, err := engine.ParseAction(s, m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		s.Apply(a)
	}
	return s
}

func TestRules(t *testing.T) {
	cases := []struct {
		name    string
		moves   []string
		done    bool
		returns []float64
	}{
		{"row wins", []string{"a1", "a2", "b1", "b2", "c1"}, true, []float64{1, -1}},
		{"column wins for O", []string{"a1", "b1", "a2", "b2", "c3", "b3"}, true, []float64{-1, 1}},
		{"diagonal", []string{"a1", "b1", "b2", "c1", "c3"}, true, []float64{1, -1}},
		{"anti-diagonal", []string{"c1", "a1", "b2", "b1", "a3"}, true, []float64{1, -1}},
		{"draw", []string{"a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"}, true, []float64{0, 0}},
		{"not over", []string{"a1", "b2"}, false, []float64{0, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := play(t, c.moves...)
			if s.IsTerminal() != c.done {
				t.Fatalf("terminal = %v\n%s", s.IsTerminal(), s)
			}
			if got := s.Returns(nil); !slices.Equal(got, c.returns) {
				t.Errorf("returns %v, want %v", got, c.returns)
			}
		})
	}
}

func TestOccupiedCellIsIllegal(t *testing.T) {
	s := play(t, "b2")
	before := s.String()
	if err := engine.ApplyChecked(s, 4); !errors.Is(err, engine.ErrIllegalAction) {
		t.Fatalf("got %v", err)
	}
	if s.String() != before {
		t.Fatal("state changed")
	}
}

func TestDecodeRejectsImpossibleBoards(t *testing.T) {
	for _, board := range []string{
		`{"board":"XX......."}`, // X moved twice
		`{"board":"O........"}`, // O moved first
		`{"board":"XXXOOO..."}`, // both have lines
		`{"board":"XXXOO.O.."}`, // O moved after X won
		`{"board":"XX.OOOXX."}`, // X moved after O won
		`{"board":"X..."}`,      // short
		`{"board":"X.......Z"}`, // bad mark
		`{"board":1}`,           // wrong type
		`not json`,
	} {
		if _, err := (tictactoe.Game{}).DecodeState([]byte(board)); !errors.Is(err, engine.ErrBadState) {
			t.Errorf("%s: got %v, want ErrBadState", board, err)
		}
	}
}

func TestObservationIsRelative(t *testing.T) {
	s := play(t, "a1") // X on a1, O to move
	obs := make([]float32, 27)
	s.Observe(1, obs)
	if obs[0] != 0 || obs[9] != 1 || obs[18] != 0 {
		t.Errorf("O's view of a1: own=%v other=%v empty=%v", obs[0], obs[9], obs[18])
	}
	s.Observe(0, obs)
	if obs[0] != 1 || obs[9] != 0 {
		t.Errorf("X's view of a1: own=%v other=%v", obs[0], obs[9])
	}
}

func BenchmarkRandomPlayout(b *testing.B) {
	g := tictactoe.Game{}
	legal := make([]engine.Action, 0, 9)
	var x uint32 = 1
	b.ReportAllocs()
	for b.Loop() {
		var s tictactoe.State
		for !s.IsTerminal() {
			legal = s.LegalActions(legal)
			x = x*1664525 + 1013904223
			s.Apply(legal[int(x>>16)%len(legal)])
		}
	}
	_ = g
}

func BenchmarkApply(b *testing.B) {
	s := tictactoe.Game{}.NewInitialState()
	b.ReportAllocs()
	for b.Loop() {
		c := *(s.(*tictactoe.State))
		c.Apply(4)
	}
}

func BenchmarkLegalActions(b *testing.B) {
	s := play(&testing.T{}, "a1", "b2")
	buf := make([]engine.Action, 0, 9)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.LegalActions(buf)
	}
}

func BenchmarkObserve(b *testing.B) {
	s := play(&testing.T{}, "a1", "b2")
	obs := make([]float32, 27)
	b.ReportAllocs()
	for b.Loop() {
		s.Observe(0, obs)
	}
}
