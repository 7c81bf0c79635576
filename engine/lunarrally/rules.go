package lunarrally

// execute runs the programs of every racing rover of one kind (0: Rover 1s,
// 1: Rover 2s), phase 1 to 3. The cards are revealed (Shown) first.
func (s *State) execute(kind int) {
	var mask uint8
	for i := kind; i < 2*s.g.players; i += 2 {
		if s.rovers[i].Status == Racing {
			mask |= 1 << i
			s.rovers[i].Shown = s.rovers[i].Program
		}
	}
	s.run(mask)
}

// run executes the programs of the rovers in mask, phase by phase, until
// the game ends.
func (s *State) run(mask uint8) {
	for p := 0; p < MaxPhases && s.end == endNone; p++ {
		s.runPhase(p, mask)
	}
}

// card is the card rover i executes in phase p, NoCard if none: the rover
// is not executing, is destroyed, or has lost the phase.
func (s *State) card(i, p int, mask uint8) Card {
	r := &s.rovers[i]
	if mask&(1<<i) == 0 || r.Status != Racing || int(r.Phases) <= p {
		return NoCard
	}
	return r.Program[p]
}

// runPhase resolves one phase: turns, moves, lasers, missiles, then Still.
func (s *State) runPhase(p int, mask uint8) {
	n := 2 * s.g.players
	for i := 0; i < n; i++ {
		switch s.card(i, p, mask) {
		case TurnLeft:
			s.rovers[i].Heading = (s.rovers[i].Heading + 1) % 6
		case TurnRight:
			s.rovers[i].Heading = (s.rovers[i].Heading + 5) % 6
		}
	}
	s.moveStep(p, mask)
	if s.checkEnd(); s.end != endNone {
		return
	}
	s.fireLasers(p, mask)
	if s.checkEnd(); s.end != endNone {
		return
	}
	s.fireMissiles(p, mask)
	if s.checkEnd(); s.end != endNone {
		return
	}
	for i := 0; i < n; i++ {
		if s.card(i, p, mask) == Still {
			s.still(i)
		}
	}
}

// checkEnd ends the game in a draw when no rover is left on the board.
func (s *State) checkEnd() {
	if s.end != endNone {
		return
	}
	for i := 0; i < 2*s.g.players; i++ {
		if s.rovers[i].Status == Racing {
			return
		}
	}
	s.end = endDestroyed
}

// Move outcomes.
const (
	moveUnknown int8 = iota
	moveOK
	moveFail
)

// moveStep moves every rover with a Forward or Reverse card at once. See
// docs/rules/lunar-rally.md for collisions, pushes and contested hexes.
func (s *State) moveStep(p int, mask uint8) {
	m := moves{s: s, b: s.g.board, n: 2 * s.g.players}
	if !m.collect(p, mask) {
		s.applyDamage(&m.damage)
		return
	}
	m.contest()
	m.resolve()
	m.hitContested()
	m.apply()
}

// moves is one movement step being resolved: what each rover tries, and
// what comes of it. It lives on moveStep's stack.
type moves struct {
	s       *State
	b       *Board
	n       int
	mover   [maxRovers]bool
	forward [maxRovers]bool
	target  [maxRovers]int16
	dir     [maxRovers]int8
	status  [maxRovers]int8
	damage  [maxRovers]int8
	pushTo  [maxRovers]int16 // destination of a pushed rover, -1 none
	start   [maxRovers]int16 // positions before the step
	// contested: two or more rovers entering one hex, or exchanging hexes.
	contested [maxRovers]bool
	would     [maxRovers]int16 // hex that mover i would push a rover into, -1 none
}

// collect reads each rover's card of phase p: who moves where; a move off
// the board or into a crater is a damage instead. It reports whether any
// rover moves.
func (m *moves) collect(p int, mask uint8) bool {
	s, b := m.s, m.b
	any := false
	for i := 0; i < m.n; i++ {
		m.pushTo[i] = -1
		m.start[i] = s.rovers[i].Pos
		c := s.card(i, p, mask)
		if c != Forward && c != ForwardAT && c != Reverse {
			continue
		}
		r := &s.rovers[i]
		d := r.Heading
		if c == Reverse {
			d = (d + 3) % 6
		}
		to := b.nbr[r.Pos][d]
		// Only the All Terrain card moves onto, over or off fine dust.
		if c != ForwardAT && (b.cells[r.Pos] == Dust || (to >= 0 && b.cells[to] == Dust)) {
			continue
		}
		if to < 0 || b.cells[to] == Crater {
			m.damage[i]++
			continue
		}
		m.mover[i], m.forward[i], m.target[i], m.dir[i] = true, c != Reverse, to, d
		any = true
	}
	return any
}

// contest stops the rovers entering one hex together or exchanging hexes.
// Their damage is dealt once every other move is known (hitContested).
func (m *moves) contest() {
	for i := 0; i < m.n; i++ {
		for j := i + 1; j < m.n; j++ {
			if !m.mover[i] || !m.mover[j] {
				continue
			}
			same := m.target[i] == m.target[j]
			swap := m.target[i] == m.start[j] && m.target[j] == m.start[i]
			if !same && !swap {
				continue
			}
			m.status[i], m.status[j] = moveFail, moveFail
			m.contested[i], m.contested[j] = true, true
		}
	}
}

// resolve settles the moves and pushes. Pushes are blocked into a hex that
// another rover tries to enter or that two pushes would share. A push is a
// hit on a rover that stays: a mover following a rover that moves away
// pushes nothing. Who stays is known only once the moves are resolved, so
// they are resolved first with every hit rover assumed to stay, then again
// without the pushes that turned out to be follows, until nothing changes.
// A round only removes would-be pushes, so this ends within one round per
// rover.
func (m *moves) resolve() {
	s := m.s
	for i := 0; i < m.n; i++ {
		m.would[i] = -1
		if m.mover[i] && m.status[i] == moveUnknown {
			if o := s.occupant(m.target[i]); o >= 0 {
				m.would[i] = m.b.nbr[m.start[o]][m.dir[i]]
			}
		}
	}
	status0, damage0 := m.status, m.damage
	for {
		m.status, m.damage = status0, damage0
		for i := range m.pushTo {
			m.pushTo[i] = -1
		}
		for m.settle() || m.stopCycle() {
		}
		changed := false
		for i := 0; i < m.n; i++ {
			if m.would[i] >= 0 {
				if o := s.occupant(m.target[i]); m.mover[o] && m.status[o] == moveOK {
					m.would[i] = -1
					changed = true
				}
			}
		}
		if !changed {
			return
		}
	}
}

// settle decides every mover whose outcome is known: into an empty hex or
// after a rover that moves away, or hitting a rover that stays and pushing
// it on if it can go. It reports whether it decided any.
func (m *moves) settle() bool {
	s, b := m.s, m.b
	changed := false
	for i := 0; i < m.n; i++ {
		if !m.mover[i] || m.status[i] != moveUnknown {
			continue
		}
		o := s.occupant(m.target[i])
		switch {
		case o < 0:
			m.status[i] = moveOK
		case m.mover[o] && m.status[o] == moveOK:
			m.status[i] = moveOK
		case m.mover[o] && m.status[o] == moveUnknown:
			continue
		default: // hits a rover that stays: push it on if it can go
			if m.forward[i] {
				m.damage[o]++
			}
			d := b.nbr[m.start[o]][m.dir[i]]
			if d >= 0 && b.cells[d] != Crater && s.occupant(d) < 0 && !m.targeted(d) && !m.shared(i, d) {
				m.status[i] = moveOK
				m.pushTo[o] = d
			} else {
				m.status[i] = moveFail
			}
		}
		changed = true
	}
	return changed
}

// stopCycle stops one cycle of rovers following each other as a blocked
// exchange, when only such cycles are left undecided; it reports whether
// there was one.
func (m *moves) stopCycle() bool {
	s := m.s
	k := -1
	for i := 0; i < m.n; i++ {
		if m.mover[i] && m.status[i] == moveUnknown {
			k = i
			break
		}
	}
	if k < 0 {
		return false
	}
	var seen [maxRovers]bool
	for !seen[k] {
		seen[k] = true
		k = s.occupant(m.target[k])
	}
	for c := k; ; {
		o := s.occupant(m.target[c])
		m.status[c] = moveFail
		if m.forward[c] {
			m.damage[o]++
		}
		c = o
		if c == k {
			break
		}
	}
	return true
}

// targeted reports whether a mover tries to enter h.
func (m *moves) targeted(h int16) bool {
	for j := 0; j < m.n; j++ {
		if m.mover[j] && m.target[j] == h {
			return true
		}
	}
	return false
}

// shared reports whether a mover other than i would push into h.
func (m *moves) shared(i int, h int16) bool {
	for j := 0; j < m.n; j++ {
		if j != i && m.would[j] == h {
			return true
		}
	}
	return false
}

// hitContested: a forward mover stopped by a contest hits the rover in the
// hex it tried to enter if that rover stays there; if the hex is empty, or
// emptied by this step, the forward movers entering it hit each other.
func (m *moves) hitContested() {
	s := m.s
	for i := 0; i < m.n; i++ {
		if !m.contested[i] || !m.forward[i] {
			continue
		}
		if o := s.occupant(m.target[i]); o >= 0 && !(m.mover[o] && m.status[o] == moveOK) {
			m.damage[o]++
			continue
		}
		for j := 0; j < m.n; j++ {
			if j != i && m.contested[j] && m.target[j] == m.target[i] {
				m.damage[j]++
			}
		}
	}
}

// apply moves the rovers, arms those that left the start, deals the damage
// and ends the game for the seats whose racing rover reached the finish.
func (m *moves) apply() {
	s, b := m.s, m.b
	var moved [maxRovers]bool
	for i := 0; i < m.n; i++ {
		if m.mover[i] && m.status[i] == moveOK {
			s.rovers[i].Pos = m.target[i]
			moved[i] = true
		}
		if m.pushTo[i] >= 0 {
			s.rovers[i].Pos = m.pushTo[i]
			moved[i] = true
		}
	}
	var finished [maxRovers]bool
	for i := 0; i < m.n; i++ {
		if !moved[i] {
			continue
		}
		if b.cells[s.rovers[i].Pos] != Start {
			s.rovers[i].Armed = true
		}
		finished[i] = b.cells[s.rovers[i].Pos] == Finish
	}
	s.applyDamage(&m.damage)
	for i := 0; i < m.n; i++ {
		if finished[i] && s.rovers[i].Status == Racing {
			s.winners |= 1 << (i / 2)
		}
	}
	if s.winners != 0 {
		s.end = endFinish
	}
}

// applyDamage deals the damage of a step, rover by rover in index order.
func (s *State) applyDamage(damage *[maxRovers]int8) {
	for i := range damage {
		for k := int8(0); k < damage[i]; k++ {
			s.damage(i)
		}
	}
}

// damage deals 1 damage to rover i: a shield, else the last phase (its card
// goes back to the deck), else the rover explodes and damages every rover
// next to it.
func (s *State) damage(i int) {
	r := &s.rovers[i]
	if r.Status != Racing {
		return
	}
	switch {
	case r.Shields > 0:
		r.Shields--
	case r.Phases > 1:
		r.Phases--
		r.Program[r.Phases] = NoCard
	default:
		at := r.Pos
		r.Status, r.Pos, r.Program = Destroyed, -1, emptyProgram
		for d := 0; d < 6; d++ {
			if o := s.occupant(s.g.board.nbr[at][d]); o >= 0 {
				s.damage(o)
			}
		}
	}
}

// LaserTarget is the rover that rover i's laser would hit: the first rover
// straight ahead; craters and the board edge stop the beam, fine dust does
// not. -1 if none.
func (s *State) LaserTarget(i int) int {
	b := s.g.board
	r := &s.rovers[i]
	if r.Status != Racing {
		return -1
	}
	for h := b.nbr[r.Pos][r.Heading]; h >= 0 && b.cells[h] != Crater; h = b.nbr[h][r.Heading] {
		if o := s.occupant(h); o >= 0 {
			return o
		}
	}
	return -1
}

// MissileRange is the range of a missile in hexes.
const MissileRange = 5

// MissileTarget is the rover that rover i's missile would hit: the closest
// rover within 5 hexes in the 120-degree arc ahead, the one nearer straight
// ahead between two equidistant ones, none when two are equidistant at equal
// angles. Missiles fly over craters. -1 if it misses.
func (s *State) MissileTarget(i int) int {
	b := s.g.board
	r := &s.rovers[i]
	if r.Status != Racing {
		return -1
	}
	best, bestN, bestK, tie := -1, MissileRange+1, 0, false
	for j := 0; j < 2*s.g.players; j++ {
		o := &s.rovers[j]
		if j == i || o.Status != Racing {
			continue
		}
		n, k, in := arcOffset(b.cubes[o.Pos].sub(b.cubes[r.Pos]), int(r.Heading))
		if !in || n > MissileRange {
			continue
		}
		k = absInt(k)
		switch {
		case n < bestN || (n == bestN && k < bestK):
			best, bestN, bestK, tie = j, n, k, false
		case n == bestN && k == bestK:
			tie = true
		}
	}
	if tie {
		return -1
	}
	return best
}

// fireLasers fires every laser of the phase at once: targets are chosen on
// the board as the moves left it, then the hits are dealt in rover order.
func (s *State) fireLasers(p int, mask uint8) {
	n := 2 * s.g.players
	var hit [maxRovers]int8
	for i := 0; i < n; i++ {
		hit[i] = -1
		if s.card(i, p, mask) == Laser && s.rovers[i].Armed {
			hit[i] = int8(s.LaserTarget(i))
		}
	}
	for i := 0; i < n; i++ {
		if hit[i] >= 0 {
			s.damage(int(hit[i]))
		}
	}
}

// fireMissiles fires every missile of the phase at once; each spends a
// missile token whether it hits or not.
func (s *State) fireMissiles(p int, mask uint8) {
	n := 2 * s.g.players
	var hit [maxRovers]int8
	for i := 0; i < n; i++ {
		hit[i] = -1
		r := &s.rovers[i]
		if s.card(i, p, mask) == Missile && r.Armed && r.Missiles > 0 {
			r.Missiles--
			hit[i] = int8(s.MissileTarget(i))
		}
	}
	for i := 0; i < n; i++ {
		if hit[i] >= 0 {
			s.damage(int(hit[i]))
		}
	}
}

// still is the Still card: pick up a cache, or repair at a repair station.
func (s *State) still(i int) {
	b := s.g.board
	r := &s.rovers[i]
	switch b.cells[r.Pos] {
	case Cache:
		k := b.cacheSlot[r.Pos]
		if s.taken&(1<<k) == 0 && r.Missiles < MaxMissiles[i%2] {
			s.taken |= 1 << k
			r.Missiles++
		}
	case Repair:
		switch {
		case r.Phases < MaxPhases:
			r.Phases++
		case r.Shields < MaxShields[i%2]:
			r.Shields++
		}
	}
}
