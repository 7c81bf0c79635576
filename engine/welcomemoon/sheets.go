package welcomemoon

// Which sheet a player writes on. Every player owns one sheet (s.sh[p]);
// the adventure decides, through advRules.playSheet, which sheet p writes
// on in the current turn. In Adventures 1-7 it is always p's own sheet;
// Adventure 8 (rules_a8.go) shares each sheet between its owner and the
// owner's previous neighbour, who write on it on alternate turns; in its
// solo game ASTRA's sheet is s.sh[1] (Game.sheets).
//
// The common code keeps two kinds of data on a sheet apart:
//   - its marks (numbers, circles, crosses): written by whoever plays on
//     the sheet this turn, hidden from the others until the turn ends;
//   - the owner's missions (mval, mdone, mwant): always the owner's, kept
//     on the owner's sheet whichever sheet the owner writes on.
//
// Within a turn at most one player writes on a sheet (playSheet is a
// one-to-one map of the seats onto the sheets), so "the sheet's writer" is
// well defined.

// board is the sheet p writes on in the current turn.
func (s *State) board(p int) *sheet { return &s.sh[s.lay().r.playSheet(s, p)] }

// writer is the seat that writes on sheet i in the current turn, or -1.
func (s *State) writer(i int) int {
	r := s.lay().r
	for p := 0; p < s.g.players; p++ {
		if r.playSheet(s, p) == i {
			return p
		}
	}
	return -1
}

// view is sheet i's marks as p knows them: live on the sheet p writes on
// this turn, as at the start of the turn on the others (the same once the
// turn is over).
func (s *State) view(p, i int) *sheet {
	if s.writer(i) == p {
		return &s.sh[i]
	}
	return &s.pub[i]
}

// setMarks copies the marks (numbers, circles, crosses) of src.
func (sh *sheet) setMarks(src *sheet) {
	sh.num, sh.circ, sh.cross = src.num, src.circ, src.cross
}

// setMissions copies the owner's mission data of src.
func (sh *sheet) setMissions(src *sheet) {
	sh.mval, sh.mdone, sh.mwant = src.mval, src.mdone, src.mwant
}

// sameMarks reports whether two sheets carry the same marks.
func (sh *sheet) sameMarks(o *sheet) bool {
	return sh.num == o.num && sh.circ == o.circ && sh.cross == o.cross
}

// sameMissions reports whether two sheets carry the same mission data.
func (sh *sheet) sameMissions(o *sheet) bool {
	return sh.mval == o.mval && sh.mdone == o.mdone && sh.mwant == o.mwant
}

// hide puts back, on c, what seat q did this turn: the marks of the sheet
// q writes on and q's mission choices, as at the start of the turn.
func (s *State) hide(q int) {
	i := s.lay().r.playSheet(s, q)
	s.sh[i].setMarks(&s.pub[i])
	s.sh[q].setMissions(&s.pub[q])
}
