package mcts

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/engine"
)

// pickGame is a three-player test game of one move each: seat 0 picks a in
// {0,1,2}, seat 1 picks b in {0,1}, seat 2 picks c in {0,1}; c=1 costs seat 2
// a point and gives nobody anything. With the returns below, max^n (each
// seat maximises its own value) has seat 0 play a=1 for 0.5; a "paranoid"
// search, where the others minimise seat 0, would play a=0.
type pickGame struct{}

var pickReturns = [3][2][3]float64{
	{{0.45, 0.9, 0}, {1, 0, 0}},
	{{0.5, 0.6, 0}, {0.4, 0.1, 0}},
	{{0, 0, 0}, {0, 0, 0}},
}

func (pickGame) Spec() engine.Spec {
	return engine.Spec{Name: "test-pick", MinPlayers: 3, MaxPlayers: 3, Utility: engine.GeneralSum, Params: []engine.ParamSpec{}}
}
func (pickGame) Params() engine.Params                                  { return engine.Params{} }
func (pickGame) NumPlayers() int                                        { return 3 }
func (pickGame) NumActions() int                                        { return 3 }
func (pickGame) MaxChanceOutcomes() int                                 { return 0 }
func (pickGame) ObservationShape() []int                                { return []int{3} }
func (pickGame) MaxGameLength() int                                     { return 3 }
func (pickGame) MinUtility() float64                                    { return -1 }
func (pickGame) MaxUtility() float64                                    { return 1 }
func (pickGame) NewInitialState() engine.State                          { return &pickState{} }
func (pickGame) DecodeState([]byte) (engine.State, error)               { return nil, engine.ErrBadState }
func (s *pickState) Game() engine.Game                                  { return pickGame{} }
func (s *pickState) ChanceOutcomes(d []engine.Outcome) []engine.Outcome { return d[:0] }
func (s *pickState) IsTerminal() bool                                   { return s.n == 3 }
func (s *pickState) Scores(d []float64) []float64                       { return s.Returns(d) }
func (s *pickState) Resample(engine.Player, *rand.Rand) engine.State    { return s.Clone() }
func (s *pickState) Clone() engine.State                                { c := *s; return &c }
func (s *pickState) ActionString(a engine.Action) string                { return string(rune('0' + a)) }
func (s *pickState) String() string                                     { return string(rune('0' + s.n)) }
func (s *pickState) MarshalJSON() ([]byte, error)                       { return json.Marshal(s.picks[:s.n]) }

type pickState struct {
	picks [3]engine.Action
	n     int8
}

func (s *pickState) CurrentPlayer() engine.Player {
	if s.IsTerminal() {
		return engine.Terminal
	}
	return engine.Player(s.n)
}

func (s *pickState) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	switch s.n {
	case 0:
		dst = append(dst, 0, 1, 2)
	case 1, 2:
		dst = append(dst, 0, 1)
	}
	return dst
}

func (s *pickState) Apply(a engine.Action) { s.picks[s.n] = a; s.n++ }

func (s *pickState) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0, 0)
	if !s.IsTerminal() {
		return dst
	}
	copy(dst, pickReturns[s.picks[0]][s.picks[1]][:])
	if s.picks[2] == 1 {
		dst[0], dst[1], dst[2] = 0, 0, -1
	}
	return dst
}

func (s *pickState) Observe(p engine.Player, dst []float32) {
	for i := range dst {
		dst[i] = float32(s.picks[i])
	}
}

func TestMaxNThreePlayers(t *testing.T) {
	g := pickGame{}
	for _, uct := range []bool{false, true} {
		s, err := New(g, NewRolloutEvaluator(g, 1), Config{Sims: 500, CPUCT: 1.4, UCT: uct, Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Run(g.NewInitialState())
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != 1 {
			t.Errorf("uct=%v: seat 0 plays %d, max^n says 1 (visits %v, values %v)", uct, r.Action, r.Visits, r.Values)
		}
		if want := []float64{0.5, 0.6, 0}; abs(r.Values[0]-want[0]) > 0.1 || abs(r.Values[1]-want[1]) > 0.1 || abs(r.Values[2]) > 0.1 {
			t.Errorf("uct=%v: root values %v, want about %v", uct, r.Values, want)
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
