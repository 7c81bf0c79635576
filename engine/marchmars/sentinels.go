package marchmars

import "github.com/moongym/moongym/engine/jumping"

// The Sentinels, a Spanish base upgrade ("cada ronda hace 1 ataque con 2
// dados"): at the end of every turn, before the LZ is checked, the standing
// sentinels counter of a side rolls two white dice and shoots them as a
// marine would from the LZ box of that side: the dice of one value at that
// exact distance, either way, 1s also at its own box. The lowest marine
// still in the game aims for the team; a sentinel's kill earns no
// equipment (no marine made it).

// sentinelColumn is the LZ column where the sentinels of a side stand.
func (g *Game) sentinelColumn(side int) int {
	if side == 0 {
		return g.lzStart
	}
	return g.lzEnd
}

// speaker is the lowest marine still in the game, who decides for the team
// outside the marines' turns, or -1.
func (s *State) speaker() int {
	for m := 0; m < s.g.n; m++ {
		if !s.mar[m].Gone {
			return m
		}
	}
	return -1
}

// sentinelRoll rolls the two dice of the sentinels of a side.
func (s *State) sentinelRoll(side int) {
	a := s.speaker()
	if a < 0 {
		return
	}
	s.nDice = 2
	s.dieCol[0], s.dieCol[1] = jumping.White, jumping.White
	s.dieFace[0], s.dieFace[1] = 0, 0
	s.sniper = false
	s.push(kSentinel, a, side, 0)
	s.push(kRoll, 0, 1, 0)
	s.push(kRoll, 0, 0, 0)
}

// sentinelShots lists the sentinels' shots (aShoot codes): none when no
// alien is in reach, and the attack is lost.
func (s *State) sentinelShots(side int, dst []int32) []int32 {
	x := s.g.sentinelColumn(side)
	for v := 1; v <= 3; v++ {
		if s.count(v) == 0 {
			continue
		}
		for d := 0; d < 3; d++ {
			if _, ok := s.targetFrom(x, s.g.plain, v, d); ok {
				dst = append(dst, int32(aShoot+3*(v-1)+d))
			}
		}
	}
	return dst
}

// sentinelShoot fires the sentinels' shot x, aimed by marine a.
func (s *State) sentinelShoot(a, side, x int) {
	k := x - aShoot
	v, d := k/3+1, k%3
	col, _ := s.targetFrom(s.g.sentinelColumn(side), s.g.plain, v, d)
	s.hits = int8(s.count(v))
	s.aimAt(a, col, s.g.plain, 0, d == 0)
}
