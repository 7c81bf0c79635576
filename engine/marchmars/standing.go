package marchmars

// Standing is the team's progress toward the win, the same for every
// marine, on the scale of Scores (9 for a won game): 4 when a red defender
// is dead (the MMM can be bombed only from a defender box whose defender
// fell), plus 4 x how far the marine nearest to a defender box has come
// from the LZ's first column toward it (0 in the LZ or beyond, 4 in the
// box); 9 when the MMM fell. Marines out of the game (a kamikaze) do not
// count. The rules keep no points and Scores counts the turns the base
// held, which says nothing of the march; a training setting
// (training.Standing, the margin blend of the value targets: in a
// cooperative game tanh(points / marginscale)) reads it in the final state,
// so that a lost game near the MMM is told from one lost in the LZ.
func (s *State) Standing(dst []float64) []float64 {
	g := s.g
	v := float64(maxTurns + 1)
	if s.result <= 0 {
		v = 0
		far := g.lzStart // the LZ's first column to the left defender box
		best := far
		for side := 0; side < g.sides; side++ {
			if !s.defenderAlive(side) {
				v = 4
			}
			for m := 0; m < g.n; m++ {
				if !s.mar[m].Gone {
					best = min(best, abs(int(s.mar[m].X)-g.defCol[side]))
				}
			}
		}
		v += 4 * float64(far-best) / float64(far)
	}
	dst = dst[:0]
	for i := 0; i < g.n; i++ {
		dst = append(dst, v)
	}
	return dst
}
