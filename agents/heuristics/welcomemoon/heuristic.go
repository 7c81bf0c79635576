// Package welcomemoon is the heuristic player of Welcome to the Moon. It
// plays like a careful person: for every legal choice it plays the rest of
// its own turn greedily and keeps the choice whose end of turn looks best:
// points on the sheet (missions, races, bonuses included), plus the room
// left for the numbers still to come (Slack: how many values each empty
// space can still take), minus System Errors. It decides on a world drawn
// with State.Resample, so the other seats' secret choices of the turn never
// steer it. It registers itself as the game's "heuristic", and as its
// "expert" the same player judging by State.ExpertValue (Adventure 3 with
// other seats: the quarters, missions and astronaut race on their way).
package welcomemoon

import (
	"math"
	"math/rand/v2"
	"strings"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/welcomemoon"
)

func init() {
	agents.RegisterHeuristic(wm.Name, agents.Heuristic{
		New: func(g engine.Game, seed uint64) (agents.Agent, error) {
			return New(seed), nil
		},
		Expert: func(g engine.Game, seed uint64) (agents.Agent, error) {
			return NewExpert(seed), nil
		},
		Evaluate: Evaluate,
	})
}

// Agent is the heuristic player, or the expert player.
type Agent struct {
	rng *rand.Rand
	w   *wm.ExpertWeights // nil: the heuristic
}

// New makes a heuristic agent; the seed breaks ties.
func New(seed uint64) *Agent { return &Agent{rng: agents.NewRNG(seed)} }

// NewExpert makes the expert player: the heuristic judging each end of turn
// by State.ExpertValue, which in Adventure 3 also counts what the sheet is
// on its way to (elsewhere it plays as the heuristic does).
func NewExpert(seed uint64) *Agent {
	w := wm.DefaultExpertWeights()
	return &Agent{rng: agents.NewRNG(seed), w: &w}
}

// Value is the heuristic value of p's sheet in s (State.TurnValue: its
// score read smoothly, the room left, the System Errors; solo, minus ASTRA's
// score).
func Value(s *wm.State, p int) float64 { return s.TurnValue(p) }

// missionGuess is what an accomplished mission is taken to add when
// judging whether the third one would end the game on a loss.
const missionGuess = 8

// ruled decides the choices the one-turn evaluation cannot see: a mission
// is accomplished unless it is the third and ending the game now would
// lose (its points only come at the end of the turn); an A2 energy is
// always circled (its wall comes one energy later).
func ruled(s *wm.State, p int, legal []engine.Action) (engine.Action, bool) {
	for _, a := range legal {
		name := s.ActionString(a)
		switch {
		case strings.HasPrefix(name, "accomplish-"):
			if s.MissionsDone(p) < 2 || s.Score(p)+missionGuess > bestOther(s, p) {
				return a, true
			}
			for _, d := range legal {
				if strings.HasPrefix(s.ActionString(d), "decline-") {
					return d, true
				}
			}
		case name == "circle-energy":
			return a, true
		}
	}
	return 0, false
}

// bestOther is the best opponent's score (solo: ASTRA's).
func bestOther(s *wm.State, p int) int {
	n := s.Game().NumPlayers()
	if n == 1 {
		return s.AstraScore()
	}
	best := math.MinInt
	for q := 0; q < n; q++ {
		if q != p {
			best = max(best, s.Score(q))
		}
	}
	return best
}

// Act plays the rest of the turn greedily for each choice and keeps the best.
func (h *Agent) Act(st engine.State) (engine.Action, error) {
	if err := agents.CheckToAct(st); err != nil {
		return 0, err
	}
	p := st.CurrentPlayer()
	legal := st.LegalActions(nil)
	if len(legal) == 1 {
		return legal[0], nil
	}
	world, ok := st.Resample(p, h.rng).(*wm.State)
	if !ok {
		return legal[h.rng.IntN(len(legal))], nil
	}
	if a, ok := ruled(world, int(p), legal); ok {
		return a, nil
	}
	best, bestV, n := legal[0], math.Inf(-1), 0
	for _, a := range legal {
		c := world.Clone().(*wm.State)
		c.Apply(a)
		c.FinishTurnBy(p, world.Turn(), ruled, h.w)
		v := h.value(c, int(p))
		switch {
		case v > bestV+1e-9:
			best, bestV, n = a, v, 1
		case v > bestV-1e-9:
			n++
			if h.rng.IntN(n) == 0 {
				best = a
			}
		}
	}
	return best, nil
}

// value is the agent's value of p's sheet in s: the heuristic's Value, or
// the expert's ExpertValue.
func (h *Agent) value(s *wm.State, p int) float64 {
	if h.w != nil {
		return s.ExpertValue(p, h.w)
	}
	return Value(s, p)
}

// Evaluate is the result at the end; before it, each seat's heuristic value
// against the others' (solo: against ASTRA's score), squashed into (-1, 1).
func Evaluate(st engine.State, dst []float64) []float64 {
	if st.IsTerminal() {
		return st.Returns(dst)
	}
	s, ok := st.(*wm.State)
	n := st.Game().NumPlayers()
	dst = dst[:0]
	for p := 0; p < n; p++ {
		dst = append(dst, 0)
	}
	if !ok {
		return dst
	}
	var v [6]float64
	for p := 0; p < n; p++ {
		v[p] = Value(s, p)
	}
	for p := 0; p < n; p++ {
		other := s.AstraProgress()
		if n > 1 {
			other = 0
			for q := 0; q < n; q++ {
				if q != p {
					other += v[q] / float64(n-1)
				}
			}
		}
		dst[p] = math.Tanh((v[p] - other) / 40)
	}
	return dst
}
