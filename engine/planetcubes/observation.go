package planetcubes

import "github.com/moongym/moongym/engine"

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

func (g *Game) obsSize() int {
	p := len(g.board.Planets)
	return p*(planetFeatures+g.n) + g.n*CubesPerTeam*g.cubeSize() + g.n*teamFeatures + turnFeatures + CubesPerTeam + 2*g.n + 1
}

// Observe writes the observation of seat p (everything is public).
func (s *State) Observe(p engine.Player, dst []float32) {
	g := s.g
	n := g.n
	b := g.board
	P := len(b.Planets)
	dst = dst[:g.obsSize()]
	clear(dst)
	rel := func(t int) int { return (t - int(p) + n) % n }
	o := 0
	for i := 0; i < P; i++ {
		dst[o+int(b.kind[i])] = 1
		if w := g.owner[i]; w >= 0 {
			dst[o+planetFeatures+rel(int(w))] = 1
		}
		o += planetFeatures + n
	}
	cubes := o
	cs := g.cubeSize()
	for t := 0; t < n; t++ {
		base := cubes + rel(t)*CubesPerTeam*cs
		for i, pc := range s.pieces[t] {
			if pc.lives == 0 {
				continue
			}
			v := dst[base+i*cs : base+(i+1)*cs]
			v[0] = 1
			v[1+int(pc.planet)] = 1
			v[P+int(pc.lives)] = 1 // P+1: one life, P+2: two
			v[P+3+int(pc.weapon)] = 1
			if pc.used&usedActivate != 0 {
				v[P+6] = 1
			}
			if pc.used&usedAttack != 0 {
				v[P+7] = 1
			}
		}
	}
	o = cubes + n*CubesPerTeam*cs
	for t := 0; t < n; t++ {
		v := dst[o+rel(t)*teamFeatures:]
		v[0] = float32(s.score[t]) / float32(g.goal)
		v[1] = float32(s.Supply(t)) / CubesPerTeam
		np := s.NumPieces(t)
		v[2] = float32(np) / CubesPerTeam
		if np == 0 {
			v[3] = 1
		}
	}
	o += n * teamFeatures
	dst[o] = float32(s.round) / float32(g.rounds)
	if s.left >= 1 && s.left <= 2 {
		dst[o+int(s.left)] = 1
	}
	switch {
	case s.over || s.first < 0:
	case s.sel < 0:
		dst[o+3] = 1
	case !s.target:
		dst[o+4] = 1
	default:
		dst[o+5] = 1
	}
	if g.backs > 0 {
		dst[o+6] = float32(s.BacksLeft()) / float32(g.backs)
	}
	o += turnFeatures
	if s.sel >= 0 {
		dst[o+int(s.sel)] = 1
	}
	o += CubesPerTeam
	if s.turn >= 0 {
		dst[o+rel(int(s.turn))] = 1
	}
	o += n
	if s.first >= 0 {
		dst[o+rel(int(s.first))] = 1
	} else if !s.over {
		dst[o+n] = 1
	}
}
