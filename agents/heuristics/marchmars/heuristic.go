// Package marchmars is the heuristic team of March on Mars. The first half
// of the team (at least one marine) marches along the left side toward its
// defender, programs 4 dice in one action to kill it with three 2s (a
// sniper: any 2 or 3 from 2 or 3 columns), and once beside the MMM
// programs 2 blue and 2 white dice for the bomb, rerolling its lowest die
// (or using the amulet) when the sum falls short; the others hold the LZ,
// standing in it, and fire the heavy missile at the defender, a marcher
// near it as the beacon, when the LZ is clear. Everyone shoots what is in
// the way (the aliens on itself first), and an orbital bomber clears a card
// of 4 aliens or more. A marine keeps the ability of its training card that
// ranks better for its role, throws the kamikaze bomb when it can,
// teleports toward the defender when far from it, and uses the laser knife
// on itself, an equipment move that scores better, and the bullets or
// rail-gun when a shot cannot kill. Each choice of a rolled action (and of
// a jet pack's stride, an explorer's advance, a multi-shot's next value, a
// teleport's level, the sentinels' shot, a missile's aim) is the one whose
// result scores best with Evaluate. Other choices (the drone's dice,
// precog, giving cards) take the first legal action. It registers itself
// as the game's "heuristic", and the expert (Expert: the same team trying
// its candidates by rollouts of the rest of the turn) as the game's
// expert player.
package marchmars

import (
	"math"
	"strings"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	mm "github.com/moongym/moongym/engine/marchmars"
)

func init() {
	agents.RegisterHeuristic(mm.Name, agents.Heuristic{
		New: func(g engine.Game, seed uint64) (agents.Agent, error) {
			return &Agent{}, nil
		},
		Evaluate: Evaluate,
		Expert: func(g engine.Game, seed uint64) (agents.Agent, error) {
			return NewExpert(seed), nil
		},
	})
}

// Agent is the heuristic marine. It is deterministic.
type Agent struct {
	legal   []engine.Action
	buf     []float64
	scratch mm.State // the copy a candidate is tried on (no allocation)
}

// try is a copy of s with a played on it, in the agent's scratch state.
func (h *Agent) try(s *mm.State, a engine.Action) *mm.State {
	h.scratch = *s
	h.scratch.Apply(a)
	return &h.scratch
}

// Act picks an action for the marine that decides.
func (h *Agent) Act(st engine.State) (engine.Action, error) {
	if err := agents.CheckToAct(st); err != nil {
		return 0, err
	}
	h.legal = st.LegalActions(h.legal)
	s, ok := st.(*mm.State)
	if !ok {
		return h.legal[0], nil
	}
	kind, me := s.Pending()
	switch kind {
	case "program":
		if a, ok := h.equip(s, me); ok {
			return a, nil
		}
		if a, ok := h.missile(s, me); ok {
			return a, nil
		}
		return h.program(s, me), nil
	case "beacon":
		return h.beacon(s), nil
	case "aim":
		return h.best(s, me), nil
	case "continue":
		if a, ok := h.equip(s, me); ok {
			return a, nil
		}
		return h.named(s, "roll"), nil
	case "ability":
		return h.ability(s, me), nil
	case "teleport":
		return h.teleport(s, me), nil
	case "amulet":
		return h.amulet(s), nil
	case "hit":
		if a, ok := h.extraHit(s); ok {
			return a, nil
		}
		return h.best(s, me), nil
	case "choose", "level", "sentinel", "jet", "explore", "multi-shot", "tele-land":
		return h.best(s, me), nil
	}
	return h.legal[0], nil
}

// missile: a holder in a clear LZ fires the heavy missile (3 hits) at the
// left defender when a marcher stands 2 to 4 columns from it (the beacon).
func (h *Agent) missile(s *mm.State, me int) (engine.Action, bool) {
	lz0, lz1 := s.LZ()
	if !s.DefenderAlive(0) || h.beaconMarine(s) < 0 {
		return 0, false
	}
	for x := lz0; x <= lz1; x++ {
		if s.ColumnAliens(x) > 0 {
			return 0, false
		}
	}
	for _, a := range h.legal {
		if n := s.ActionString(a); n == "missile-high-impact" || n == "missile-perforante" {
			return a, true
		}
	}
	return 0, false
}

// beaconMarine is a marcher 2 to 4 columns right of the living left
// defender (3, the likeliest sum of the two wave dice, first), or -1.
func (h *Agent) beaconMarine(s *mm.State) int {
	best, bd := -1, 9
	n := s.Game().NumPlayers()
	for m := 0; m < n; m++ {
		if s.Gone(m) || !marcher(m, n) {
			continue
		}
		d := s.Marine(m).X - s.DefenderColumn(0)
		if d >= 2 && d <= 4 && abs(d-3) < bd {
			best, bd = m, abs(d-3)
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// beacon picks the marcher near the defender as the missile's beacon.
func (h *Agent) beacon(s *mm.State) engine.Action {
	if m := h.beaconMarine(s); m >= 0 {
		if a := h.named(s, "beacon-m"+string(rune('1'+m))); s.ActionString(a) == "beacon-m"+string(rune('1'+m)) {
			return a
		}
	}
	return h.legal[0]
}

// The abilities the heuristic keeps, best first: a marcher wants to reach
// and kill the defender and set the bomb; a holder wants to clear boxes.
var (
	marcherRank = []string{"teleportation", "sniper", "kamikaze", "jet-pack", "ranger", "explorer",
		"multi-shot", "fusion-cannon", "assault-soldier", "drone", "orbital-bombing", "power-up-injector",
		"communications", "precog"}
	holderRank = []string{"orbital-bombing", "multi-shot", "fusion-cannon", "assault-soldier", "drone",
		"sniper", "power-up-injector", "communications", "jet-pack", "ranger", "kamikaze", "explorer",
		"teleportation", "precog"}
)

// ability keeps the better ranked ability of the card for its role.
func (h *Agent) ability(s *mm.State, me int) engine.Action {
	rankList := holderRank
	if marcher(me, s.Game().NumPlayers()) {
		rankList = marcherRank
	}
	best, rank := h.legal[0], len(rankList)
	for _, a := range h.legal {
		for r, n := range rankList {
			if s.ActionString(a) == n && r < rank {
				best, rank = a, r
			}
		}
	}
	return best
}

// teleport: a marcher far from the left defender jumps to the farthest
// card it may reach on the left; the others roll.
func (h *Agent) teleport(s *mm.State, me int) engine.Action {
	if marcher(me, s.Game().NumPlayers()) && s.Marine(me).X-s.DefenderColumn(0) > 8 {
		for _, n := range []string{"teleport-slot0", "teleport-slot1"} {
			for _, a := range h.legal {
				if s.ActionString(a) == n {
					return a
				}
			}
		}
	}
	return h.named(s, "no-teleport")
}

// amulet rerolls every die showing 1 or 2 (the bomb wants a high sum; a
// shot then has more values to pick from), then rolls.
func (h *Agent) amulet(s *mm.State) engine.Action {
	for _, a := range h.legal {
		n := s.ActionString(a)
		if strings.HasPrefix(n, "amulet-") && n != "amulet-roll" {
			if i := int(n[len("amulet-")] - '1'); s.DieValue(i) <= 2 {
				return a
			}
		}
	}
	return h.named(s, "amulet-roll")
}

// extraHit: when no kill is possible, the bullets or the rail-gun.
func (h *Agent) extraHit(s *mm.State) (engine.Action, bool) {
	kill, extra := false, engine.Action(-1)
	for _, a := range h.legal {
		switch n := s.ActionString(a); {
		case strings.HasPrefix(n, "kill-"):
			kill = true
		case n == "rail-gun" || (n == "bullets" && extra < 0):
			extra = a
		}
	}
	return extra, !kill && extra >= 0
}

// equip: the kamikaze whenever it is offered (leaving out a black die,
// the weakest), the laser knife on the toughest alien on the marine, and
// an equipment move that scores better than standing.
func (h *Agent) equip(s *mm.State, me int) (engine.Action, bool) {
	h.buf = Evaluate(s, h.buf)
	now := h.buf[me]
	bestA, bestV := engine.Action(-1), now+1e-9
	for _, a := range h.legal {
		n := s.ActionString(a)
		switch {
		case n == "kamikaze-without-black":
			return a, true
		case strings.HasPrefix(n, "laser-knife-"):
			bestA, bestV = a, math.Inf(1) // the last listed is the toughest
		case strings.HasPrefix(n, "rocket-boots-") || strings.HasPrefix(n, "rope-") || strings.HasPrefix(n, "mount-"):
			if math.IsInf(bestV, 1) {
				continue
			}
			if h.buf = Evaluate(h.try(s, a), h.buf); h.buf[me] > bestV {
				bestA, bestV = a, h.buf[me]
			}
		}
	}
	return bestA, bestA >= 0
}

// named is the legal action of that name, else the first.
func (h *Agent) named(s *mm.State, name string) engine.Action {
	for _, a := range h.legal {
		if s.ActionString(a) == name {
			return a
		}
	}
	return h.legal[0]
}

// program: the bomb's dice beside the MMM, else one blue and one white on
// each of two actions (two dice make a pair to shoot more often).
func (h *Agent) program(s *mm.State, me int) engine.Action {
	// the orbital bombing, on the card whose clearing scores best (it is
	// kept for a card of 4 aliens or more)
	bestA, bestV := engine.Action(-1), math.Inf(-1)
	for _, a := range h.legal {
		if !strings.HasPrefix(s.ActionString(a), "orbital-bombing") {
			continue
		}
		before := aliensOnCards(s)
		c := h.try(s, a)
		if before-aliensOnCards(c) < 4 {
			continue
		}
		h.buf = Evaluate(c, h.buf)
		if h.buf[me] > bestV {
			bestA, bestV = a, h.buf[me]
		}
	}
	if bestA >= 0 {
		return bestA
	}
	// target dice by action and colour (blue, black, white)
	target := [3][3]int{{1, 0, 1}, {1, 1, 1}}
	mv := s.Marine(me)
	d := mv.X - s.DefenderColumn(0)
	switch {
	case !s.DefenderAlive(0) || !marcher(me, s.Game().NumPlayers()):
	case s.Ability(me) == "sniper" && d == 2:
		target = [3][3]int{{1, 2, 1}} // any 2 kills the defender
	case s.Ability(me) == "sniper" && d == 3:
		target = [3][3]int{{2, 0, 2}} // any 3 kills it (black dice have none)
	case d == 2:
		target = [3][3]int{{1, 2, 1}} // three 2s kill the red defender
	}
	if s.BesideMMM(me) {
		target = [3][3]int{{2, 0, 2}}
	}
	have := s.Programme()
	for j := 0; j < 3; j++ {
		for c := 0; c < 3; c++ {
			if have[j][c] >= target[j][c] {
				continue
			}
			name := "a" + string(rune('1'+j)) + "-" + [3]string{"blue", "black", "white"}[c]
			for _, a := range h.legal {
				if s.ActionString(a) == name {
					return a
				}
			}
		}
	}
	return h.legal[0]
}

// best plays each candidate on a copy and keeps the best Evaluate. The
// bomb is set when it is legal, after a reroll of the lowest die when the
// sum falls short and a reroll is at hand.
func (h *Agent) best(s *mm.State, me int) engine.Action {
	bomb, reroll := engine.Action(-1), engine.Action(-1)
	low := 99
	for _, a := range h.legal {
		n := s.ActionString(a)
		switch {
		case n == "bomb":
			bomb = a
		case strings.Contains(n, "reroll-"):
			i := int(n[strings.LastIndex(n, "reroll-")+7] - '1')
			if v := s.DieValue(i); v < low {
				low, reroll = v, a
			}
		}
	}
	if bomb >= 0 {
		if sum, _ := s.RollSum(); sum < 9 && reroll >= 0 {
			return reroll
		}
		if sum, _ := s.RollSum(); sum < 9 {
			if a := h.named(s, "amulet"); s.ActionString(a) == "amulet" {
				return a
			}
		}
		return bomb
	}
	bestA, bestV := h.legal[0], math.Inf(-1)
	for _, a := range h.legal {
		if n := s.ActionString(a); strings.Contains(n, "reroll") || n == "amulet" || strings.HasPrefix(n, "give") {
			continue
		}
		h.buf = Evaluate(h.try(s, a), h.buf)
		if v := h.buf[me]; v > bestV {
			bestA, bestV = a, v
		}
	}
	return bestA
}

// Evaluate scores a state for the team (every marine the same): the
// marines' march toward the left defender, the defender's death, crashed
// and engaged marines, aliens in the LZ or about to reach it, the attacks
// suffered, squashed into (-1, 1); a finished game is its returns.
func Evaluate(st engine.State, dst []float64) []float64 {
	if st.IsTerminal() {
		return st.Returns(dst)
	}
	n := st.Game().NumPlayers()
	dst = dst[:0]
	s, ok := st.(*mm.State)
	v := 0.0
	if ok {
		v = score(s, n)
	}
	for i := 0; i < n; i++ {
		dst = append(dst, math.Tanh(v/60))
	}
	return dst
}

// marcher: the first half of the team (at least one) marches on the MMM,
// the others hold the LZ.
func marcher(m, n int) bool { return m < max(1, n/2) }

func score(s *mm.State, n int) float64 {
	lz0, lz1 := s.LZ()
	w := (lz0 - 1) / 2 // the width of a card
	v := 0.0
	for m := 0; m < n; m++ {
		if s.Gone(m) {
			continue
		}
		mv := s.Marine(m)
		var goal int
		switch {
		case marcher(m, n):
			goal = s.DefenderColumn(0)
			if s.DefenderAlive(0) {
				goal += 2 // shoot the defender with three 2s
			}
		default:
			goal = (lz0 + lz1) / 2
		}
		v -= 1.5 * math.Abs(float64(mv.X-goal))
		if mv.Crashed {
			v -= 6
		}
		v -= 5 * float64(s.Aliens(mv.X, mv.L))
	}
	if s.DefenderAlive(0) {
		v -= 15
	}
	// the LZ must be clear at the end of the turn, and the cards next to
	// it hold the next group to enter it: hits needed there count
	lzHits := s.RegionHits(lz0, lz1)
	v -= 4 * float64(lzHits)
	v -= 1.5 * float64(s.RegionHits(lz0-w, lz0-1)+s.RegionHits(lz1+1, lz1+w))
	if lzHits == 0 {
		v += 10
	}
	v -= 2 * float64(s.Incoming())
	v -= 20 * float64(s.Attacks())
	return v
}

// aliensOnCards counts every alien of the board.
func aliensOnCards(s *mm.State) int {
	n := 0
	for x := 0; x < s.Columns(); x++ {
		n += s.ColumnAliens(x)
	}
	return n
}
