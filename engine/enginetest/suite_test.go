package enginetest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/planetcubes"
	"github.com/moongym/moongym/engine/tictactoe"
)

// brokenGame is tic-tac-toe with one contract rule broken, to prove the
// suite notices.
type brokenGame struct {
	tictactoe.Game
	flaw string
}

func (g brokenGame) Spec() engine.Spec {
	s := g.Game.Spec()
	s.Name = "broken-" + g.flaw // not registered
	if g.flaw == "leak" || g.flaw == "drawing-leak" || g.flaw == "resample-turn" || g.flaw == "picture-leak" || g.flaw == "turn-leak" {
		s.Information = engine.ImperfectInformation
	}
	return s
}

// ObservationShape: the obs-size flaw declares one value more than Observe
// writes.
func (g brokenGame) ObservationShape() []int {
	if g.flaw == "obs-size" {
		return []int{3*3*3 + 1}
	}
	return g.Game.ObservationShape()
}

func (g brokenGame) NewInitialState() engine.State {
	return &brokenState{State: g.Game.NewInitialState().(*tictactoe.State), flaw: g.flaw}
}

func (g brokenGame) DecodeState(data []byte) (engine.State, error) {
	if g.flaw == "lax-json" { // reads the first value, whatever follows it and whatever fields it has
		var j struct {
			Board string `json:"board"`
		}
		if err := json.NewDecoder(bytes.NewReader(data)).Decode(&j); err != nil {
			return nil, fmt.Errorf("%w: %w", engine.ErrBadState, err)
		}
		var err error
		if data, err = json.Marshal(j); err != nil {
			return nil, err
		}
	}
	s, err := g.Game.DecodeState(data)
	if err != nil {
		return nil, err
	}
	return &brokenState{State: s.(*tictactoe.State), flaw: g.flaw}, nil
}

type brokenState struct {
	*tictactoe.State
	flaw   string
	secret int // hidden, never observed; only the drawing-leak flaw draws it
}

func (s *brokenState) StringFor(p engine.Player) string {
	switch s.flaw {
	case "drawing-leak":
		return fmt.Sprintf("%s\nsecret %d", s.State, s.secret)
	case "turn-leak":
		return "tic-tac-toe, the marks secret"
	}
	return s.State.String()
}

// CurrentPlayer, with the turn-leak flaw, is p0 until the end: p0 marks
// every cell in secret, and p1 watches.
func (s *brokenState) CurrentPlayer() engine.Player {
	if p := s.State.CurrentPlayer(); s.flaw == "turn-leak" && p >= 0 {
		return 0
	}
	return s.State.CurrentPlayer()
}

// CurrentPlayerFor, with the turn-leak flaw, tells p1 something of p0's
// secret marks by who it says is to act (Hidden once the centre is marked),
// as a game does that hands over at once after one kind of secret choice
// and asks for more after another.
func (s *brokenState) CurrentPlayerFor(p engine.Player) engine.Player {
	cur := s.CurrentPlayer()
	if s.flaw != "turn-leak" || p == cur || cur < 0 || engine.IsLegal(s.State, 4) {
		return cur
	}
	return engine.Hidden
}

func (s *brokenState) SVG() []byte {
	if s.flaw == "bad-svg" {
		return []byte(`<svg viewBox="0 0 10 10"><rect></svg>`)
	}
	return s.State.SVG()
}

func (s *brokenState) SVGFor(p engine.Player) []byte {
	if s.flaw == "picture-leak" {
		return fmt.Appendf(nil, `<svg viewBox="0 0 10 10"><text>%d</text></svg>`, s.secret)
	}
	return s.SVG()
}

func (s *brokenState) ActionStringFor(p engine.Player, a engine.Action) string {
	if s.flaw == "turn-leak" && p != s.CurrentPlayer() {
		return "a secret mark"
	}
	return s.ActionString(a)
}

var sink []float32

func (s *brokenState) Game() engine.Game { return brokenGame{flaw: s.flaw} }

func (s *brokenState) LegalActions(dst []engine.Action) []engine.Action {
	dst = s.State.LegalActions(dst)
	if s.flaw == "unsorted" {
		slices.Reverse(dst)
	}
	return dst
}

func (s *brokenState) Clone() engine.State {
	if s.flaw == "shared-clone" {
		return s
	}
	return &brokenState{State: s.State.Clone().(*tictactoe.State), flaw: s.flaw}
}

func (s *brokenState) CopyFrom(src engine.State) bool {
	o, ok := src.(*brokenState)
	if !ok {
		return false
	}
	if s.flaw == "bad-copy" {
		s.State = o.State // shares the board
		return true
	}
	*s = brokenState{State: o.State.Clone().(*tictactoe.State), flaw: o.flaw, secret: o.secret}
	return true
}

func (s *brokenState) Equal(o engine.State) bool {
	x, ok := o.(*brokenState)
	return ok && (s.flaw == "bad-equal" || s.State.Equal(x.State))
}

func (s *brokenState) Returns(dst []float64) []float64 {
	dst = s.State.Returns(dst)
	if s.flaw == "bounds" {
		for i := range dst {
			dst[i] *= 2
		}
	}
	return dst
}

func (s *brokenState) Observe(p engine.Player, dst []float32) {
	s.State.Observe(p, dst)
	if s.flaw == "alloc" {
		sink = make([]float32, len(dst)+int(p)+1)
	}
	if s.flaw == "obs-bounds" {
		dst[0] = -0.125 // tic-tac-toe promises [0, 1]
	}
}

func (s *brokenState) Resample(p engine.Player, rng *rand.Rand) engine.State {
	c := s.Clone().(*brokenState)
	c.secret = rng.IntN(1 << 30)
	if s.flaw == "leak" && !c.IsTerminal() {
		// "Hidden" information that the observation shows: a different board.
		c.State.Apply(c.State.LegalActions(nil)[0])
		c.State.Apply(c.State.LegalActions(nil)[0])
	}
	if s.flaw == "resample-turn" && !c.IsTerminal() {
		// A resampled world where the other seat is to move.
		c.State.Apply(c.State.LegalActions(nil)[0])
	}
	return c
}

func (s *brokenState) ActionString(a engine.Action) string {
	if s.flaw == "dup-names" && a%2 == 1 {
		return s.State.ActionString(a - 1)
	}
	return s.State.ActionString(a)
}

// TestSuiteCatchesBrokenGames runs the suite over each broken game in a
// child process and checks that it fails with the right complaint.
func TestSuiteCatchesBrokenGames(t *testing.T) {
	if flaw := os.Getenv("ENGINETEST_FLAW"); flaw != "" {
		playouts := 3
		if flaw == "bad-svg" || flaw == "picture-leak" || flaw == "turn-leak" { // pictures and histories are checked on few states
			playouts = 40
		}
		enginetest.Run(t, brokenGame{flaw: flaw}, enginetest.Options{Playouts: playouts})
		return
	}
	cases := map[string]string{
		"unsorted":      "not sorted",
		"shared-clone":  "changed the original",
		"bounds":        "outside",
		"obs-bounds":    "outside ObservationBounds",
		"alloc":         "allocate",
		"leak":          "changed p0's observation",
		"drawing-leak":  "StringFor(p0) changed under Resample(p0)",
		"resample-turn": "changed the current player",
		"dup-names":     "not unique",
		"obs-size":      "observation[27] = NaN (not written",
		"bad-copy":      "CopyFrom: playing on the copy changed the original",
		"bad-equal":     "Equal against the initial state says true",
		"lax-json":      "with data after the state: error <nil>",
		"bad-svg":       "SVG: bad SVG",
		"picture-leak":  "the picture shows what",
		"turn-leak":     "is told the same in two courses of the game, then a move tells it nothing, but the player to act it is told differs",
	}
	for flaw, want := range cases {
		t.Run(flaw, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestSuiteCatchesBrokenGames$")
			cmd.Env = append(os.Environ(), "ENGINETEST_FLAW="+flaw)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the suite passed a game with flaw %q", flaw)
			}
			if !strings.Contains(string(out), want) {
				t.Fatalf("flaw %q: output lacks %q:\n%s", flaw, want, out)
			}
		})
	}
}

func TestSoundGamePasses(t *testing.T) {
	enginetest.Run(t, brokenGame{flaw: "none"}, enginetest.Options{Playouts: 3})
}

func TestCheckCoverage(t *testing.T) {
	spec := engine.Spec{Name: "tictactoe", MinPlayers: 2, MaxPlayers: 3}
	if err := enginetest.CheckCoverage(spec); err == nil || !strings.Contains(err.Error(), "3 players") {
		t.Fatalf("missing player count not reported: %v", err)
	}
}

// TestSampleConfigs: the sample gives every parameter each value some
// configuration gives it, drops a configuration that adds nothing, keeps
// the list's order, and takes ties from the start or from the end.
func TestSampleConfigs(t *testing.T) {
	spec, err := engine.Lookup(planetcubes.Name)
	if err != nil {
		t.Fatal(err)
	}
	spec.TestConfigs = []engine.Params{
		{"players": "2"},
		{"players": "3", "goal": "10"},
		{"players": "2", "backs": "4"}, // the default written out: the first config again
		{"players": "4", "goal": "10"},
		{"players": "3", "goal": "10", "rounds": "7"},
	}
	for _, c := range []struct {
		fromEnd bool
		want    []int
	}{{false, []int{0, 3, 4}}, {true, []int{2, 3, 4}}} {
		got := enginetest.SampleConfigs(spec, c.fromEnd)
		var want []engine.Params
		for _, i := range c.want {
			want = append(want, spec.TestConfigs[i])
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("from the end %v: sample %v, want %v", c.fromEnd, got, want)
		}
		if err := enginetest.CheckCoverageOf(spec, got); err == nil || !strings.Contains(err.Error(), "5 players") {
			t.Errorf("from the end %v: coverage of the sample: %v, want the missing 5 players", c.fromEnd, err)
		}
	}
}
