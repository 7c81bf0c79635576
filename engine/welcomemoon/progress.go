package welcomemoon

// Smooth readings of the scores, for agents that judge a position before the
// end: the printed tracks only score whole rows or extracted resources, so a
// step towards them is worth nothing in Score until it completes.

// Progress is p's score plus what the sheet is on its way to: in A1 the
// rocket track between its score boxes (each main rocket 150/31 points,
// bonus rockets 5 once no System Error is outstanding, -5 per outstanding
// error); in A4 every circled resource not yet extracted at half the
// current value of a slot of its factory; in A7 the blocks on their way
// (a7Layout.progress); in A8 the planets not resolved at p's share of
// their insignias (a8Layout.progress). Other adventures: Score.
func (s *State) Progress(p int) float64 {
	l := s.lay()
	sh := &s.sh[p]
	switch {
	case l.a1 != nil:
		a := l.a1
		main := sh.cross.countRange(a.mainFirst, a.mainLast)
		out := a.outstanding(s, sh)
		v := 150*float64(main)/float64(a.mainLast-a.mainFirst+1) - 5*float64(out)
		if out == 0 {
			v += float64(a.bonusPts * a.bonusCount(sh))
		}
		return v
	case l.a4 != nil:
		a := l.a4
		v := float64(s.Score(p))
		for ci := range a.columns {
			c := &a.columns[ci]
			for _, r := range [5]a4Res{c.minerals[0], c.minerals[1], c.minerals[2], c.symbols[0], c.symbols[1]} {
				if r.id != 0 && sh.circ.has(r.id) && !sh.cross.has(r.id) {
					f := &a.factories[a.byKind[r.kind]]
					mult := f.base
					if sh.cross.has(f.upgrade) {
						mult = f.upgraded
					}
					v += 0.5 * float64(mult)
				}
			}
		}
		return v
	case l.a7 != nil:
		return float64(s.Score(p)) + l.a7.progress(sh)
	case l.a8 != nil:
		return float64(s.Score(p)) + l.a8.progress(s, p)
	}
	return float64(s.Score(p))
}

// AstraProgress is ASTRA's score read the same way: in A1 its track between
// the score labels (10 points per 5 boxes from box 11 on); else AstraScore.
func (s *State) AstraProgress() float64 {
	if !s.g.solo() {
		return 0
	}
	if a := s.lay().a1; a != nil {
		return max(10, 10+2*float64(int(s.astra.track)-11))
	}
	return float64(s.astraScore())
}

// MissionsDone is the number of missions p has accomplished.
func (s *State) MissionsDone(p int) int {
	n := 0
	for k := 0; k < 3; k++ {
		n += int(s.sh[p].mdone>>k) & 1
	}
	return n
}
