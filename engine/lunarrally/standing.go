package lunarrally

// Standing is each seat's standing in the race, in path steps: the board's
// longest path to the finish plus one, less the path cost to the finish
// (Board.FinishPath) of the seat's racing rover nearest to it; 0 for a seat
// with no rover racing. A seat on the finish line stands at the most. A
// training setting (training.Standing, the margin blend of the value targets)
// reads it in the final state, where Scores (1 for a winner, 0 otherwise) do
// not say by how much a race was won.
func (s *State) Standing(dst []float64) []float64 {
	b := s.g.board
	dst = dst[:0]
	for seat := 0; seat < s.g.players; seat++ {
		best := 0
		for r := 2 * seat; r < 2*seat+2; r++ {
			if s.rovers[r].Status != Racing || s.rovers[r].Pos < 0 {
				continue
			}
			if d := int(b.finishPath[s.rovers[r].Pos]); d >= 0 {
				best = max(best, b.maxPath+1-d)
			}
		}
		dst = append(dst, float64(best))
	}
	return dst
}
