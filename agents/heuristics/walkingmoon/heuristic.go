// Package walkingmoon is the heuristic player of Walking on the Moon. It
// programs its dice by sampling: every programme the rules allow is played
// out a few times to the end of the turn (its own result choices greedy,
// other players passing) and the best average outcome is kept. It picks the
// result that lands safely farthest (Sputniks count, a crash costs), rolls
// on or stops by sampling the next jump, with more risk when behind, robs
// the richest rival, and plays its action cards when they help. It
// registers itself as the game's "heuristic".
package walkingmoon

import (
	"math/rand/v2"
	"strings"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/walkingmoon"
)

func init() {
	agents.RegisterHeuristic(wm.Name, agents.Heuristic{
		New: func(g engine.Game, seed uint64) (agents.Agent, error) {
			return &Agent{rng: agents.NewRNG(seed)}, nil
		},
		Evaluate: Evaluate,
	})
}

// Agent is the heuristic player.
type Agent struct {
	rng   *rand.Rand
	legal []engine.Action
}

// samples is the number of playouts per candidate programme.
const samples = 6

// Act picks an action for the astronaut that decides.
func (h *Agent) Act(st engine.State) (engine.Action, error) {
	if err := agents.CheckToAct(st); err != nil {
		return 0, err
	}
	s, ok := st.(*wm.State)
	legal := st.LegalActions(nil)
	if !ok {
		return legal[0], nil
	}
	kind, me := s.Pending()
	switch kind {
	case "program":
		return h.program(s, me, legal), nil
	case "choose":
		return h.choose(s, me, legal), nil
	case "continue":
		return h.cont(s, me, legal), nil
	case "prompt":
		return h.prompt(s, me, legal), nil
	case "rob":
		return h.rob(s, me, legal), nil
	case "colour", "spend", "free-advance":
		return h.bestBySampling(s, me, legal), nil
	case "team":
		return h.partner(s, me, legal), nil
	case "no-instructions":
		return find(s, legal, "remove-blue", legal[0]), nil
	case "keep":
		return h.keep(s, me, legal), nil
	}
	return find(s, legal, "done", legal[0]), nil
}

func find(s engine.State, legal []engine.Action, name string, def engine.Action) engine.Action {
	for _, a := range legal {
		if s.ActionString(a) == name {
			return a
		}
	}
	return def
}

// value scores astronaut a: progress, Sputniks, Earth Control; a crash
// costs (2 dice next turn), finishing is worth the most.
func value(s *wm.State, a int) float64 {
	v := s.Astronaut(a)
	x := float64(v.X) + 0.15*float64(v.Level)
	if v.Finished {
		x += 14 - float64(v.FinishPos)
	}
	x += 0.8*float64(v.Sputnik) + 0.4*float64(v.EC) - 0.7*float64(v.Handicap)
	if v.Stunned && !v.Finished {
		x -= 4
	}
	return x
}

// behind is how far a trails the leader, in columns.
func behind(s *wm.State, a int) int {
	lead := 0
	for b := 0; b < s.NumAstronauts(); b++ {
		lead = max(lead, s.Astronaut(b).X)
	}
	return lead - s.Astronaut(a).X
}

// choose picks the rolled result with the best landing; with no safe
// landing it rerolls when it can.
func (h *Agent) choose(s *wm.State, me int, legal []engine.Action) engine.Action {
	best, bv := legal[0], -1e9
	safe := false
	var reroll engine.Action = -1
	for _, a := range legal {
		name := s.ActionString(a)
		if strings.HasPrefix(name, "reroll-") || strings.HasPrefix(name, "ec-reroll-") {
			if reroll < 0 || strings.HasPrefix(name, "reroll-") {
				reroll = a
			}
			continue
		}
		c := s.Clone().(*wm.State)
		c.Apply(a)
		v := value(c, me)
		if !c.Astronaut(me).Stunned {
			safe = true
		}
		if v > bv {
			best, bv = a, v
		}
	}
	if !safe && reroll >= 0 {
		return reroll
	}
	return best
}

// playTurn plays a clone on to the end of me's turn: chance sampled, me's
// results greedy, rolling on while the next jump has 2 dice or more, every
// other decision the first legal action. It returns me's value.
func (h *Agent) playTurn(c *wm.State, me int) float64 {
	for n := 0; n < 200 && !c.IsTerminal(); n++ {
		if c.CurrentPlayer() == engine.Chance {
			c.Apply(engine.SampleOutcome(c.ChanceOutcomes(nil), h.rng.Float64()))
			continue
		}
		kind, who := c.Pending()
		if c.Active() != me && who == me {
			break
		}
		if c.Active() != me && kind != "prompt" {
			break
		}
		legal := c.LegalActions(nil)
		switch {
		case who == me && kind == "choose":
			c.Apply(h.choose(c, me, legal))
		case who == me && kind == "continue":
			c.Apply(find(c, legal, "roll", legal[0]))
		default:
			c.Apply(legal[0])
		}
	}
	return value(c, me)
}

// program spreads the dice: extra dice for Earth Control when it has 2 or
// more, then the programme with the best sampled outcome.
func (h *Agent) program(s *wm.State, me int, legal []engine.Action) engine.Action {
	if a := find(s, legal, "ec-die", -1); a >= 0 && s.Astronaut(me).EC >= 2 {
		return a
	}
	best, bv := legal[0], -1e9
	for _, a := range legal {
		if s.ActionString(a) == "ec-die" {
			continue
		}
		c := s.Clone().(*wm.State)
		c.Apply(a)
		v := h.bestProgramme(c, me, 0)
		if v > bv {
			best, bv = a, v
		}
	}
	return best
}

// bestProgramme completes a programme the best way and returns its sampled value.
func (h *Agent) bestProgramme(s *wm.State, me, depth int) float64 {
	if kind, who := s.Pending(); kind != "program" || who != me || depth > 6 {
		sum := 0.0
		for i := 0; i < samples; i++ {
			sum += h.playTurn(s.Clone().(*wm.State), me)
		}
		return sum / samples
	}
	bv := -1e9
	for _, a := range s.LegalActions(nil) {
		if s.ActionString(a) == "ec-die" {
			continue
		}
		c := s.Clone().(*wm.State)
		c.Apply(a)
		bv = max(bv, h.bestProgramme(c, me, depth+1))
	}
	return bv
}

// cont rolls on when the sampled outcome beats stopping; behind the leader
// it takes more risk.
func (h *Agent) cont(s *wm.State, me int, legal []engine.Action) engine.Action {
	stop := value(s, me)
	c := s.Clone().(*wm.State)
	roll := find(s, legal, "roll", legal[0])
	sum := 0.0
	const n = 12
	for i := 0; i < n; i++ {
		x := c.Clone().(*wm.State)
		x.Apply(roll)
		sum += h.playTurn(x, me)
	}
	margin := 0.5
	if behind(s, me) > 4 {
		margin = -0.5
	}
	if sum/n > stop+margin {
		return roll
	}
	return find(s, legal, "stop", legal[0])
}

// bestBySampling picks among actions (a die colour or staying, spending one
// more Sputnik or not, a free advance or not) by sampled outcome.
func (h *Agent) bestBySampling(s *wm.State, me int, legal []engine.Action) engine.Action {
	best, bv := legal[0], -1e9
	for _, a := range legal {
		sum := 0.0
		for i := 0; i < samples; i++ {
			c := s.Clone().(*wm.State)
			c.Apply(a)
			for k := 0; k < 20 && !c.IsTerminal(); k++ {
				kind, who := c.Pending()
				if c.CurrentPlayer() == engine.Chance {
					c.Apply(engine.SampleOutcome(c.ChanceOutcomes(nil), h.rng.Float64()))
				} else if kind == "choose" && who == me {
					c.Apply(h.choose(c, me, c.LegalActions(nil)))
					break
				} else {
					break
				}
			}
			sum += value(c, me)
		}
		if sum > bv {
			best, bv = a, sum
		}
	}
	return best
}

// prompt plays a card when it helps: its own cards always, red cards
// against an astronaut ahead of it.
func (h *Agent) prompt(s *wm.State, me int, legal []engine.Action) engine.Action {
	play := engine.Action(-1)
	for _, a := range legal {
		if strings.HasPrefix(s.ActionString(a), "play") {
			play = a
		}
	}
	if play < 0 {
		return legal[0]
	}
	switch s.Card(me) {
	case "miscalculation", "noinstructions":
		if t := s.Active(); t >= 0 && s.Astronaut(t).X >= s.Astronaut(me).X && s.Seat(t) != s.Seat(me) {
			return play
		}
		return legal[0]
	}
	return play
}

// rob takes from the rival with the most Sputniks, else sabotages the leader.
func (h *Agent) rob(s *wm.State, me int, legal []engine.Action) engine.Action {
	best, bv := engine.Action(-1), -1
	for _, a := range legal {
		name := s.ActionString(a)
		if name == "no-rob" {
			continue
		}
		v := 0
		for b := 0; b < s.NumAstronauts(); b++ {
			if strings.HasSuffix(name, "-"+astroName(s, b)) {
				v = 10*s.Astronaut(b).Sputnik + s.Astronaut(b).X
			}
		}
		if v > bv {
			best, bv = a, v
		}
	}
	if best < 0 {
		return legal[0]
	}
	return best
}

func astroName(s *wm.State, a int) string {
	n := "p" + string(rune('0'+s.Seat(a)))
	if s.NumAstronauts() == 4 && s.Seat(3) == 1 && s.Seat(2) == 0 {
		n += string(rune('a' + a/2))
	}
	return n
}

// partner advances its own astronaut or, else, the one farthest behind.
func (h *Agent) partner(s *wm.State, me int, legal []engine.Action) engine.Action {
	best, bx := legal[0], 1<<20
	for _, a := range legal {
		name := s.ActionString(a)
		for b := 0; b < s.NumAstronauts(); b++ {
			if name != "with-"+astroName(s, b) {
				continue
			}
			x := s.Astronaut(b).X
			if s.Seat(b) == s.Seat(me) {
				x = -1
			}
			if x < bx {
				best, bx = a, x
			}
		}
	}
	return best
}

var cardRank = map[string]int{"slipstream": 5, "extrajump": 6, "teamwork": 5, "planification": 3,
	"cooperation": 4, "miscalculation": 3, "noinstructions": 3, "sanction": 2}

// keep keeps the better card (English), or swaps a weak one (Spanish).
func (h *Agent) keep(s *wm.State, me int, legal []engine.Action) engine.Action {
	for _, a := range legal {
		name := s.ActionString(a)
		if c, ok := strings.CutPrefix(name, "take-"); ok && cardRank[c] > cardRank[s.Card(me)] {
			return a
		}
		if name == "swap" && cardRank[s.Card(me)] < 3 {
			return a
		}
	}
	return legal[0]
}

// Evaluate scores a state for every seat: the returns at the end, else the
// seats' progress and Sputniks relative to the others, within (-1, 1).
func Evaluate(st engine.State, dst []float64) []float64 {
	if st.IsTerminal() {
		return st.Returns(dst)
	}
	n := st.Game().NumPlayers()
	dst = dst[:0]
	for i := 0; i < n; i++ {
		dst = append(dst, 0)
	}
	s, ok := st.(*wm.State)
	if !ok {
		return dst
	}
	for a := 0; a < s.NumAstronauts(); a++ {
		dst[s.Seat(a)] += value(s, a)
	}
	mean := 0.0
	for _, v := range dst {
		mean += v
	}
	mean /= float64(n)
	for i := range dst {
		d := (dst[i] - mean) / 40
		dst[i] = max(-0.99, min(0.99, d))
	}
	return dst
}
