package welcomemoon

import (
	"math/rand/v2"

	"github.com/moongym/moongym/engine"
)

// Score is seat p's score as the adventure counts it (also before the end).
func (s *State) Score(p int) int { return s.lay().rules().score(s, p) }

// AstraScore is ASTRA's score in a solo game (0 otherwise).
func (s *State) AstraScore() int {
	if !s.g.solo() {
		return 0
	}
	return s.astraScore()
}

// OpponentScore is AstraScore as a float: the score a solo player's margin
// is measured against (training.SoloOpponent; 0 with 2+ players).
func (s *State) OpponentScore() float64 { return float64(s.AstraScore()) }

// Scores are the players' points.
func (s *State) Scores(dst []float64) []float64 {
	dst = dst[:0]
	for p := range s.g.players {
		dst = append(dst, float64(s.Score(p)))
	}
	return dst
}

// beats compares p and q: +1 if p ranks above q (more points, then fewer
// System Errors), -1 below, 0 tied.
func (s *State) beats(p, q int) float64 {
	sp, sq := s.Score(p), s.Score(q)
	if sp == sq {
		sp, sq = s.errorsUsed(q), s.errorsUsed(p)
	}
	switch {
	case sp > sq:
		return 1
	case sp < sq:
		return -1
	}
	return 0
}

// Returns: multiplayer, the mean over the opponents of +1 (ranked above),
// -1 (below) or 0 (tied); solo, +1 if the player's score beats ASTRA's,
// -1 if it is lower, 0 on a tie. Zero before the end.
func (s *State) Returns(dst []float64) []float64 {
	dst = dst[:0]
	n := s.g.players
	for p := 0; p < n; p++ {
		dst = append(dst, 0)
	}
	if s.phase != phOver {
		return dst
	}
	if n == 1 {
		d := s.Score(0) - s.astraScore()
		switch {
		case d > 0:
			dst[0] = 1
		case d < 0:
			dst[0] = -1
		}
		return dst
	}
	for p := 0; p < n; p++ {
		v := 0.0
		for q := 0; q < n; q++ {
			if q != p {
				v += s.beats(p, q)
			}
		}
		dst[p] = v / float64(n-1)
	}
	return dst
}

// Resample redraws what p cannot know: the choices made this turn by the
// seats that played before the current one (the sheets they write on and
// their mission choices go back to the start of the turn and they play the
// turn again at random). A seat in the
// middle of its turn keeps its partial choices. Card flips are chance
// nodes, so nothing else is hidden.
func (s *State) Resample(p engine.Player, rng *rand.Rand) engine.State {
	c := *s
	if c.phase != phDecide {
		return &c
	}
	cur, sub, ctx := c.cur, c.sub, c.ctx
	var buf [numAction]engine.Action
	for q := int8(0); q < cur; q++ {
		if engine.Player(q) == p {
			continue
		}
		c.hide(int(q))
		c.cur = q
		c.startSeat()
		for c.sub != subDone {
			legal := c.LegalActions(buf[:0])
			c.decide(legal[rng.IntN(len(legal))])
		}
	}
	c.cur, c.sub, c.ctx = cur, sub, ctx
	if engine.Player(cur) != p {
		// The acting seat's unfinished choice is hidden from p too: p's
		// world has it at the start of its decision (any progress, none
		// included, looks the same to p).
		c.hide(int(cur))
		c.startSeat()
	}
	return &c
}

// ErrorsUsed is the number of p's used System Error boxes.
func (s *State) ErrorsUsed(p int) int { return s.errorsUsed(p) }

// Turn is the turn number, from 0.
func (s *State) Turn() int { return int(s.turn) }

// Slack measures how open p's sheet stays: the number of (empty space,
// value 0..17) pairs where the value could still be written, ignoring the
// floor restriction of Adventure 1.
func (s *State) Slack(p int) int { return s.slackOf(&s.sh[p]) }

// bounds are the values around empty space sp in its zones: a value v
// fits exactly when lo < v < hi.
func (s *State) bounds(sh *sheet, sp int8) (lo, hi int8) {
	lo, hi = minValue-1, maxValue+1
	l := s.lay()
	for k := 0; k < 2; k++ {
		zi := l.spaceZone[sp][k]
		if zi < 0 {
			break
		}
		z := l.zones[zi].spaces
		pos := int(l.spacePos[sp][k])
		for j := pos - 1; j >= 0; j-- {
			if l.wallBase > 0 && sh.cross.has(int16(l.wallBase+int(z[j])+1)) {
				break
			}
			if n := sh.num[z[j]]; n != empty && n != xMark {
				lo = max(lo, n-1)
				break
			}
		}
		for j := pos + 1; j < len(z); j++ {
			if l.wallBase > 0 && sh.cross.has(int16(l.wallBase+int(z[j]))) {
				break
			}
			if n := sh.num[z[j]]; n != empty && n != xMark {
				hi = min(hi, n-1)
				break
			}
		}
	}
	return lo, hi
}
