// Package planetcubes is the heuristic player of Planet Cubes. It registers
// itself as the game's "heuristic".
//
// At the start of its turn the agent plans the whole turn (up to two
// actions of the rules, each a few decisions): it tries every first action,
// keeps the most promising ones by the evaluation, tries every second action
// after each, and plays the sequence whose end position evaluates best for
// its team. The evaluation (Value) counts, for each team: points, the moon
// points it would score if the round ended now, its cubes with their lives
// and weapons, how far each cube is from its next objective (unarmed cubes
// from a Planet Weaponry, armed ones from a moon that the team does not hold
// yet), and the cubes that enemy weapons can reach before the team's next
// turn. A team's value is its own minus that of its rivals, so hitting an
// enemy, taking a moon away from it, or getting out of its reach all pay.
package planetcubes

import (
	"math"
	"math/rand/v2"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	pc "github.com/moongym/moongym/engine/planetcubes"
)

func init() {
	agents.RegisterHeuristic(pc.Name, agents.Heuristic{
		New: func(g engine.Game, seed uint64) (agents.Agent, error) {
			pg, ok := g.(*pc.Game)
			if !ok {
				return nil, agents.ErrNoHeuristic
			}
			return New(pg, seed), nil
		},
		Evaluate: Evaluate,
	})
}

// Weights of the evaluation, in points.
type Weights struct {
	Income   float64 // a moon point a round, held now
	Cube     float64 // a cube in play
	Life     float64 // each life
	Short    float64 // a short-range weapon
	Long     float64 // a long-range weapon
	Distance float64 // each orbit between a cube and its objective
	Threat   float64 // share of what an enemy hit would cost
	Crowd    float64 // the k-th cube (from 0) is worth Cube/(1+Crowd*k)
}

// DefaultWeights are the weights of the registered heuristic.
func DefaultWeights() Weights {
	return Weights{Income: 1, Cube: 6, Life: 3, Short: 5, Long: 7, Distance: 0.8, Threat: 0.7, Crowd: 1}
}

const (
	firstKeep = 8    // first actions kept for a second one
	actionFee = 0.01 // per decision: on a tie, do less (end the turn rather than wander)
)

// Agent is the heuristic player.
type Agent struct {
	g    *pc.Game
	rng  *rand.Rand
	dist distances
	w    Weights
	// The planned turn: the actions left and the state before each.
	plan   []engine.Action
	before []pc.State
}

// New makes the heuristic player for g; seed breaks ties.
func New(g *pc.Game, seed uint64) *Agent {
	return NewWithWeights(g, seed, DefaultWeights())
}

// NewWithWeights makes a heuristic player with other weights (experiments).
func NewWithWeights(g *pc.Game, seed uint64, w Weights) *Agent {
	return &Agent{g: g, rng: agents.NewRNG(seed), dist: newDistances(g.Board()), w: w}
}

// Act plays the next decision of the planned turn, planning when the state
// is not the one the plan expects.
func (h *Agent) Act(s engine.State) (engine.Action, error) {
	if err := agents.CheckToAct(s); err != nil {
		return 0, err
	}
	st, ok := s.(*pc.State)
	if !ok || st.Game() != engine.Game(h.g) {
		return 0, agents.ErrNoHeuristic
	}
	if len(h.plan) == 0 || h.before[0] != *st {
		h.planTurn(st)
	}
	a := h.plan[0]
	h.plan, h.before = h.plan[1:], h.before[1:]
	return a, nil
}

// option is a way to finish the current action of the rules: its decisions
// and the state after them.
type option struct {
	actions []engine.Action
	states  []pc.State // the state before each action
	after   pc.State
}

// options lists every way to complete one action of the rules from s
// (select, then move/activate/attack and target; or end the turn). It
// leaves out "back" and "end" once a cube is selected: they lead to no
// position that the select step does not reach.
func options(s *pc.State) []option {
	me := s.CurrentPlayer()
	left, round := s.ActionsLeft(), s.Round()
	g := s.Game().(*pc.Game)
	var out []option
	var walk func(cur pc.State, acts []engine.Action, states []pc.State)
	walk = func(cur pc.State, acts []engine.Action, states []pc.State) {
		for _, a := range cur.LegalActions(nil) {
			if kind, _, _ := g.DecodeAction(a); kind == pc.KindBack || kind == pc.KindEnd && cur.Selected() >= 0 {
				continue
			}
			next := cur
			next.Apply(a)
			na := append(acts[:len(acts):len(acts)], a)
			ns := append(states[:len(states):len(states)], cur)
			if next.IsTerminal() || next.CurrentPlayer() != me || next.ActionsLeft() < left || next.Round() != round {
				out = append(out, option{actions: na, states: ns, after: next})
				continue
			}
			walk(next, na, ns)
		}
	}
	walk(*s, nil, nil)
	return out
}

// turnGoesOn reports whether the player who was to act in s still acts in
// the same turn in t.
func turnGoesOn(s, t *pc.State) bool {
	return !t.IsTerminal() && t.CurrentPlayer() == s.CurrentPlayer() && t.Round() == s.Round() && t.ActionsLeft() < s.ActionsLeft()
}

func (h *Agent) planTurn(s *pc.State) {
	me := int(s.CurrentPlayer())
	first := options(s)
	scores := make([]float64, len(first))
	for i := range first {
		scores[i] = h.value(&first[i].after, me) - actionFee*float64(len(first[i].actions)) + 1e-6*h.rng.Float64()
	}
	// Keep the best first actions for a second action.
	order := make([]int, len(first))
	for i := range order {
		order[i] = i
	}
	sortByScore(order, scores)
	best, bestScore := option{}, math.Inf(-1)
	var bestSecond *option
	for rank, i := range order {
		o := &first[i]
		if rank < firstKeep && turnGoesOn(s, &o.after) {
			for _, o2 := range options(&o.after) {
				v := h.value(&o2.after, me) - actionFee*float64(len(o.actions)+len(o2.actions)) + 1e-6*h.rng.Float64()
				if v > bestScore {
					o2 := o2
					best, bestScore, bestSecond = *o, v, &o2
				}
			}
			continue
		}
		if scores[i] > bestScore {
			best, bestScore, bestSecond = *o, scores[i], nil
		}
	}
	h.plan = append(h.plan[:0], best.actions...)
	h.before = append(h.before[:0], best.states...)
	if bestSecond != nil {
		h.plan = append(h.plan, bestSecond.actions...)
		h.before = append(h.before, bestSecond.states...)
	}
}

func sortByScore(order []int, scores []float64) {
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && scores[order[j]] > scores[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
}

// value is team me's evaluation of s: its own worth minus a mix of the mean
// and the best of its rivals'. At the end of the game it is the return
// scaled to dominate every other value.
func (h *Agent) value(s *pc.State, me int) float64 {
	if s.IsTerminal() {
		return 1e6 * s.Returns(nil)[me]
	}
	var w [pc.MaxTeams]float64
	n := worths(s, &h.dist, &h.w, &w)
	sum, best := 0.0, math.Inf(-1)
	for t := 0; t < n; t++ {
		if t != me {
			sum += w[t]
			best = max(best, w[t])
		}
	}
	return w[me] - 0.5*(sum/float64(n-1)+best)
}

// Evaluate scores s for every seat in (-1, 1): the returns at the end,
// else tanh of each team's worth minus the mean of its rivals', over 40.
func Evaluate(s engine.State, dst []float64) []float64 {
	st, ok := s.(*pc.State)
	if !ok {
		return dst[:0]
	}
	if s.IsTerminal() {
		return s.Returns(dst)
	}
	d := newDistances(st.Game().(*pc.Game).Board())
	var w [pc.MaxTeams]float64
	wt := DefaultWeights()
	n := worths(st, &d, &wt, &w)
	total := 0.0
	for t := 0; t < n; t++ {
		total += w[t]
	}
	dst = dst[:0]
	for t := 0; t < n; t++ {
		rivals := (total - w[t]) / float64(n-1)
		dst = append(dst, math.Tanh((w[t]-rivals)/40))
	}
	return dst
}

// Value is team t's evaluation of s by the heuristic (higher is better).
func Value(s *pc.State, t int) float64 {
	h := New(s.Game().(*pc.Game), 0)
	return h.value(s, t)
}

// distances between planets, moving as cubes move (never into a Starting
// planet); -1 when unreachable.
type distances [pc.MaxPlanets][pc.MaxPlanets]int8

func newDistances(b *pc.Board) distances {
	var d distances
	for i := range d {
		for j := range d[i] {
			d[i][j] = -1
		}
	}
	for from := range b.Planets {
		d[from][from] = 0
		queue := []int{from}
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			for _, k := range b.Planets[i].Links {
				if d[from][k] < 0 && b.Planets[k].Kind != pc.Start {
					d[from][k] = d[from][i] + 1
					queue = append(queue, k)
				}
			}
		}
	}
	return d
}

// worths fills w with each team's worth in s and returns the number of teams.
func worths(s *pc.State, d *distances, wt *Weights, w *[pc.MaxTeams]float64) int {
	g := s.Game().(*pc.Game)
	b := g.Board()
	n := g.NumPlayers()
	var income [pc.MaxTeams]int
	inc := s.MoonIncome(income[:0])
	// Where each team is, and where armed enemies can strike from.
	var held [pc.MaxTeams]uint64 // moons with a cube of the team
	type armed struct {
		planet int
		reach  int8 // orbits a target may be away: 1 short, 2 long (after a move)
		team   int
	}
	var shooters []armed
	for t := 0; t < n; t++ {
		for i := 0; i < pc.CubesPerTeam; i++ {
			p, ok := s.Piece(t, i)
			if !ok {
				continue
			}
			if b.Planets[p.Planet].Kind.IsMoon() {
				held[t] |= 1 << uint(p.Planet)
			}
			if p.Weapon != pc.NoWeapon {
				shooters = append(shooters, armed{p.Planet, int8(p.Weapon), t})
			}
		}
	}
	for t := 0; t < n; t++ {
		v := float64(s.Score(t)) + wt.Income*float64(inc[t])
		seen := held[t] // moons already held, or taken as a cube's objective
		var holder uint64
		rank := 0 // cubes counted so far: each more cube is worth less (two actions a turn)
		for i := 0; i < pc.CubesPerTeam; i++ {
			p, ok := s.Piece(t, i)
			if !ok {
				continue
			}
			cube := wt.Cube/(1+wt.Crowd*float64(rank)) + wt.Life*float64(p.Lives)
			rank++
			switch p.Weapon {
			case pc.Short:
				cube += wt.Short
			case pc.Long:
				cube += wt.Long
			}
			v += cube
			if bit := uint64(1) << uint(p.Planet); held[t]&bit != 0 && holder&bit == 0 {
				holder |= bit // the first cube on a moon holds it
			} else {
				v -= wt.Distance * float64(objective(b, d, p, &seen))
			}
			if b.Planets[p.Planet].Kind == pc.Start {
				continue
			}
			for _, e := range shooters {
				if e.team != t && d[e.planet][p.Planet] >= 0 && d[e.planet][p.Planet] <= e.reach {
					loss := wt.Life
					if p.Lives == 1 {
						loss = cube
					}
					v -= wt.Threat * loss
					break
				}
			}
		}
		w[t] = v
	}
	return n
}

// objective is how many orbits cube p is from its next goal: a Planet
// Weaponry while unarmed; else the nearest moon that the team does not hold
// and no other cube of the team has taken as its goal (seen).
func objective(b *pc.Board, d *distances, p pc.Piece, seen *uint64) int {
	armed := p.Weapon != pc.NoWeapon
	best, at := 99, -1
	for j, q := range b.Planets {
		dj := int(d[p.Planet][j])
		switch {
		case dj < 0 || dj >= best:
		case !armed && q.Kind == pc.Weaponry:
			best, at = dj, j
		case armed && q.Kind.IsMoon() && *seen&(1<<uint(j)) == 0:
			best, at = dj, j
		}
	}
	if at < 0 {
		return 0
	}
	if armed {
		*seen |= 1 << uint(at)
	}
	return best
}
