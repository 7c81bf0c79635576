package planetcubes

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// The observation is one flat vector [N]. With P planets, n teams, S = 20
// cube slots per team, and teams numbered relative to the observer (r = 0
// the observer, r = 1 the next seat clockwise, ...), it has four sections:
//
//	planets  P × (6+n)   kind one-hot (start, cube, lifeup, weaponry,
//	                     halfmoon, fullmoon), then the relative team whose
//	                     Starting planet it is (one-hot, zeros if none)
//	cubes    n × S × (P+8)  per relative team r, per slot: present, planet
//	                     one-hot (P), 1 life, 2 lives, no weapon, short, long,
//	                     activated this round, attacked this round
//	teams    n × 4       score/goal, supply/20, cubes in play/20, no cube in play
//	turn     7+S+2n+1    round/rounds, 1 action left, 2 actions left, phase
//	                     one-hot (select, act, target), backs left/backs
//	                     (0 when the game allows none), selected slot
//	                     one-hot (S), relative seat to act (n), relative
//	                     first player (n), first player not drawn yet
//
// Slots and relative teams match the action encoding: action "select slot
// i" is cube slot i of section cubes r = 0, "hit" (r, s) is slot s of team r.

const (
	planetFeatures = int(numKinds)
	cubeFeatures   = 8 // + P
	teamFeatures   = 4
	turnFeatures   = 7 // + S + 2n + 1
)

// ObservationShape is [N]; see observation.go for the layout.
func (g *Game) ObservationShape() []int { return []int{g.obsSize()} }

func (g *Game) cubeSize() int { return len(g.board.Planets) + cubeFeatures }

// obsSize is the size of the observation, known before Observe writes it
// (ObservationShape); Observe's Done checks that its sections add up to it.
func (g *Game) obsSize() int {
	p := len(g.board.Planets)
	return p*(planetFeatures+g.n) + g.n*CubesPerTeam*g.cubeSize() + g.n*teamFeatures + turnFeatures + CubesPerTeam + 2*g.n + 1
}

// Observe writes the observation of seat p (everything is public).
func (s *State) Observe(p engine.Player, dst []float32) {
	g := s.g
	n := g.n
	o := kit.NewObs(Name, dst[:g.obsSize()])
	s.observePlanets(int(p), o.Next("planets", len(g.board.Planets)*(planetFeatures+n)))
	s.observeCubes(int(p), o.Next("cubes", n*CubesPerTeam*g.cubeSize()))
	s.observeTeams(int(p), o.Next("teams", n*teamFeatures))
	o.Put(float32(s.round) / float32(g.rounds))
	o.OneHot("actions left", int(s.left)-1, 2)
	phase := -1 // none before the draw and at the end
	switch {
	case s.over || s.first < 0:
	case s.sel < 0:
		phase = 0
	case !s.target:
		phase = 1
	default:
		phase = 2
	}
	o.OneHot("phase", phase, 3)
	if g.backs > 0 {
		o.Put(float32(s.BacksLeft()) / float32(g.backs))
	} else {
		o.Put(0)
	}
	o.OneHot("selected", int(s.sel), CubesPerTeam)
	toAct, first := -1, -1
	if s.turn >= 0 {
		toAct = g.rel(int(s.turn), int(p))
	}
	if s.first >= 0 {
		first = g.rel(int(s.first), int(p))
	}
	o.OneHot("to act", toAct, n)
	o.OneHot("first", first, n)
	o.Flag(s.first < 0 && !s.over)
	o.Done()
}

// rel is team t numbered relative to observer p.
func (g *Game) rel(t, p int) int { return (t - p + g.n) % g.n }

// observePlanets writes section planets for observer p into v (zeroed).
func (s *State) observePlanets(p int, v []float32) {
	g := s.g
	for i, k := range g.board.kind[:len(g.board.Planets)] {
		f := v[i*(planetFeatures+g.n):]
		f[int(k)] = 1
		if w := g.owner[i]; w >= 0 {
			f[planetFeatures+g.rel(int(w), p)] = 1
		}
	}
}

// observeCubes writes section cubes for observer p into v (zeroed).
func (s *State) observeCubes(p int, v []float32) {
	g := s.g
	P := len(g.board.Planets)
	cs := g.cubeSize()
	for t := 0; t < g.n; t++ {
		base := g.rel(t, p) * CubesPerTeam * cs
		for i, pc := range s.pieces[t] {
			if pc.lives == 0 {
				continue
			}
			f := v[base+i*cs : base+(i+1)*cs]
			f[0] = 1
			f[1+int(pc.planet)] = 1
			f[P+int(pc.lives)] = 1 // P+1: one life, P+2: two
			f[P+3+int(pc.weapon)] = 1
			if pc.used&usedActivate != 0 {
				f[P+6] = 1
			}
			if pc.used&usedAttack != 0 {
				f[P+7] = 1
			}
		}
	}
}

// observeTeams writes section teams for observer p into v (zeroed).
func (s *State) observeTeams(p int, v []float32) {
	g := s.g
	for t := 0; t < g.n; t++ {
		f := v[g.rel(t, p)*teamFeatures:]
		f[0] = float32(s.score[t]) / float32(g.goal)
		f[1] = float32(s.Supply(t)) / CubesPerTeam
		np := s.NumPieces(t)
		f[2] = float32(np) / CubesPerTeam
		f[3] = kit.Flag(np == 0)
	}
}
