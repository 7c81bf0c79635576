package welcomemoon

// Smooth readings of the scores, for agents that judge a position before the
// end: the printed tracks only score whole rows or extracted resources, so a
// step towards them is worth nothing in Score until it completes.

// Progress is p's score plus what the sheet is on its way to: in A1 the
// rocket track between its score boxes (each main rocket 150/31 points,
// bonus rockets 5 once no System Error is outstanding, -5 per outstanding
// error); in A4 every circled resource not yet extracted at half the
// current value of a slot of its factory; in A7 the blocks on their way
// (a7Layout.onTheWay); in A8 the planets not resolved at p's share of
// their insignias (a8Layout.onTheWay). Other adventures: Score. Each
// adventure's progress hook reads it.
func (s *State) Progress(p int) float64 { return s.lay().r.progress(s, p) }

// AstraProgress is ASTRA's score read the same way: in A1 its track between
// the score labels (10 points per 5 boxes from box 11 on); else AstraScore.
func (s *State) AstraProgress() float64 {
	if !s.g.solo() {
		return 0
	}
	return s.lay().r.astraProgress(s)
}

// MissionsDone is the number of missions p has accomplished.
func (s *State) MissionsDone(p int) int {
	n := 0
	for k := 0; k < 3; k++ {
		n += int(s.sh[p].mdone>>k) & 1
	}
	return n
}
