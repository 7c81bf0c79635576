package planetcubes

import (
	"math/bits"

	"github.com/moongym/moongym/engine"
)

// begin starts the game with seat first to play (the first player token).
func (s *State) begin(first int8) {
	s.first = first
	s.turn = first
	s.left = 2
	s.sel = -1
}

// ChanceOutcomes: before the first player is drawn, each seat with
// probability 1/n; empty elsewhere.
func (s *State) ChanceOutcomes(dst []engine.Outcome) []engine.Outcome {
	dst = dst[:0]
	if s.over || s.first >= 0 {
		return dst
	}
	p := 1 / float64(s.g.n)
	for t := 0; t < s.g.n; t++ {
		dst = append(dst, engine.Outcome{Action: engine.Action(t), Prob: p})
	}
	return dst
}

// LegalActions lists, in the select step, "end" and the team's cubes; once
// a cube is selected, "end", its moves, activation and attack, and "back"
// while the turn has backs left; in an attack, "end", "back" and the cubes
// it can hit. At the chance node, the seats.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	g := s.g
	switch {
	case s.over:
		return dst
	case s.first < 0:
		for t := 0; t < g.n; t++ {
			dst = append(dst, engine.Action(t))
		}
		return dst
	}
	dst = append(dst, ActionEnd)
	switch {
	case s.sel < 0:
		for i, pc := range s.pieces[s.turn] {
			if pc.lives > 0 {
				dst = append(dst, g.SelectAction(i))
			}
		}
		return dst
	case s.target:
		if int(s.backs) < g.backs {
			dst = append(dst, g.BackAction())
		}
		return s.appendTargets(dst, s.turn, s.sel)
	}
	p := s.pieces[s.turn][s.sel].planet
	b := g.board
	for k := int8(0); k < b.deg[p]; k++ {
		if b.kind[b.adj[p][k]] != Start {
			dst = append(dst, g.MoveAction(int(k)))
		}
	}
	if s.canActivate(s.turn, s.sel) {
		dst = append(dst, g.ActivateAction())
	}
	if s.canAttack(s.turn, s.sel) {
		dst = append(dst, g.AttackAction())
	}
	if int(s.backs) < g.backs {
		dst = append(dst, g.BackAction())
	}
	return dst
}

// enemyOn reports whether a team other than t has a cube on planet p.
func (s *State) enemyOn(t int8, p int8) bool {
	for u := int8(0); int(u) < s.g.n; u++ {
		if u == t {
			continue
		}
		for _, pc := range s.pieces[u] {
			if pc.lives > 0 && pc.planet == p {
				return true
			}
		}
	}
	return false
}

// canActivate: the cube is on Planet Cube, Life-up or Weaponry, has not
// activated this round, no enemy cube is on the planet, and the benefit can
// be given (a cube in the supply for a new cube or a life; fewer than 2
// lives; a weapon short of long range).
func (s *State) canActivate(t, i int8) bool {
	pc := s.pieces[t][i]
	if pc.used&usedActivate != 0 {
		return false
	}
	switch s.g.board.kind[pc.planet] {
	case CubePlanet:
		if s.Supply(int(t)) == 0 {
			return false
		}
	case LifeUp:
		if pc.lives >= 2 || s.Supply(int(t)) == 0 {
			return false
		}
	case Weaponry:
		if pc.weapon >= Long {
			return false
		}
	default:
		return false
	}
	return !s.enemyOn(t, pc.planet)
}

// inRange reports whether a cube with weapon w on planet from can hit a
// cube on planet to: short range the same planet, long range the same or a
// linked planet; never a cube on a Starting planet.
func (s *State) inRange(w Weapon, from, to int8) bool {
	b := s.g.board
	switch {
	case b.kind[to] == Start:
		return false
	case w == Short:
		return from == to
	case w == Long:
		return from == to || b.linked[from]&(1<<uint(to)) != 0
	}
	return false
}

// canAttack: the cube is armed, has not attacked this round, and has a target.
func (s *State) canAttack(t, i int8) bool {
	pc := s.pieces[t][i]
	if pc.weapon == NoWeapon || pc.used&usedAttack != 0 {
		return false
	}
	n := s.g.n
	for r := 1; r < n; r++ {
		u := (int(t) + r) % n
		for _, e := range s.pieces[u] {
			if e.lives > 0 && s.inRange(pc.weapon, pc.planet, e.planet) {
				return true
			}
		}
	}
	return false
}

func (s *State) appendTargets(dst []engine.Action, t, i int8) []engine.Action {
	pc := s.pieces[t][i]
	n := s.g.n
	for r := 1; r < n; r++ {
		u := (int(t) + r) % n
		for j, e := range s.pieces[u] {
			if e.lives > 0 && s.inRange(pc.weapon, pc.planet, e.planet) {
				dst = append(dst, s.g.TargetAction(r, j))
			}
		}
	}
	return dst
}

// Apply plays a legal action (see actions.go for the encoding).
func (s *State) Apply(a engine.Action) {
	if s.first < 0 {
		s.begin(int8(a))
		return
	}
	kind, x, y := s.g.DecodeAction(a)
	t := s.turn
	switch kind {
	case KindEnd:
		s.endTurn()
	case KindSelect:
		s.sel = int8(x)
	case KindMove:
		pc := &s.pieces[t][s.sel]
		pc.planet = s.g.board.adj[pc.planet][x]
		s.actionDone()
	case KindActivate:
		s.activate(t, s.sel)
		s.actionDone()
	case KindAttack:
		s.target = true
	case KindBack:
		s.backs++
		if s.target {
			s.target = false // choose again what the selected cube does
		} else {
			s.sel = -1
		}
	case KindTarget:
		u := (int(t) + x) % s.g.n
		s.hit(u, y)
		s.pieces[t][s.sel].used |= usedAttack
		s.actionDone()
	}
}

// activate gives the planet's benefit to cube i of team t.
func (s *State) activate(t, i int8) {
	pc := &s.pieces[t][i]
	pc.used |= usedActivate
	switch s.g.board.kind[pc.planet] {
	case CubePlanet:
		for j := range s.pieces[t] {
			if s.pieces[t][j].lives == 0 {
				s.pieces[t][j] = piece{planet: s.g.start[t], lives: 1}
				break
			}
		}
	case LifeUp:
		pc.lives++
	case Weaponry:
		pc.weapon++
	}
}

// hit takes a life from cube slot j of team u; a cube with one life leaves
// the game. Its cubes go back to the team's supply.
func (s *State) hit(u, j int) {
	pc := &s.pieces[u][j]
	pc.lives--
	if pc.lives == 0 {
		*pc = piece{}
	}
}

// actionDone ends one of the two actions of the turn.
func (s *State) actionDone() {
	s.sel = -1
	s.target = false
	s.left--
	if s.left == 0 {
		s.endTurn()
	}
}

// endTurn passes the turn clockwise (to the next seat), skipping teams
// with no cube in play; the round ends when the turn comes back to the
// first player.
func (s *State) endTurn() {
	s.sel = -1
	s.target = false
	s.left = 0
	n := int8(s.g.n)
	seat := s.turn
	for range n {
		seat = (seat + 1) % n
		if seat == s.first {
			s.endRound()
			if s.over {
				return
			}
		}
		if s.hasPieces(seat) {
			s.turn = seat
			s.left = 2
			s.backs = 0
			return
		}
	}
	// No team has a cube in play: impossible in play (an attacker always
	// survives), but a decoded state is checked for it; end the game.
	s.finish(true)
}

// endRound scores the moons, clears what the cubes did this round, and
// ends the game when a team leads with the goal reached, or at the round
// limit.
func (s *State) endRound() {
	s.scoreMoons()
	for t := range s.pieces {
		for i := range s.pieces[t] {
			s.pieces[t][i].used = 0
		}
	}
	if _, ok := s.leader(); ok {
		s.finish(false)
		return
	}
	if int(s.round) >= s.g.rounds {
		s.finish(true)
		return
	}
	s.round++
}

// leader is the team with the strictly highest score, if that score
// reaches the goal.
func (s *State) leader() (int, bool) {
	best, who, tied := int32(-1), -1, false
	for t := 0; t < s.g.n; t++ {
		switch {
		case s.score[t] > best:
			best, who, tied = s.score[t], t, false
		case s.score[t] == best:
			tied = true
		}
	}
	return who, !tied && int(best) >= s.g.goal
}

func (s *State) finish(truncated bool) {
	s.over = true
	s.truncated = truncated
	s.turn = -1
	s.left = 0
	s.sel = -1
	s.backs = 0
	s.target = false
}

// moonTeams returns, per planet, the set of teams (bit t) with a cube there.
func (s *State) moonTeams(present *[MaxPlanets]uint8) {
	for t := 0; t < s.g.n; t++ {
		for _, pc := range s.pieces[t] {
			if pc.lives > 0 {
				present[pc.planet] |= 1 << uint(t)
			}
		}
	}
}

// scoreMoons gives each moon's points to the team alone on it, or half
// of them to each team when several share it; several cubes of one team
// score once.
func (s *State) scoreMoons() {
	var present [MaxPlanets]uint8
	s.moonTeams(&present)
	b := s.g.board
	for p := range b.Planets {
		pts := b.kind[p].Points()
		if pts == 0 || present[p] == 0 {
			continue
		}
		if bits.OnesCount8(present[p]) > 1 {
			pts /= 2
		}
		for t := 0; t < s.g.n; t++ {
			if present[p]&(1<<uint(t)) != 0 {
				s.score[t] += int32(pts)
			}
		}
	}
}

// MoonIncome is what each team would score if the round ended now.
func (s *State) MoonIncome(dst []int) []int {
	dst = dst[:0]
	c := *s
	c.scoreMoons()
	for t := 0; t < s.g.n; t++ {
		dst = append(dst, int(c.score[t]-s.score[t]))
	}
	return dst
}
