package welcomemoon

// slackTable is the bounds of every empty space of one sheet (State.bounds:
// the nearest numbers before and after it in its zones, less one), worked
// out once for the many (space, value) pairs a decision's features weigh
// (comboOptions, observeChoices): with it the slack a write loses is a walk
// along the written space's zones instead of two scans per space of them
// (slackLoss).
type slackTable struct {
	lo, hi [maxSpaces]int8
}

// fill sets t to the bounds of the empty spaces of sh.
func (t *slackTable) fill(s *State, sh *sheet) {
	for sp := int8(0); int(sp) < s.lay().nSpaces; sp++ {
		if sh.num[sp] == empty {
			t.lo[sp], t.hi[sp] = s.bounds(sh, sp)
		}
	}
}

// open is State.openAt of space sp of sh, read from bounds lo and hi.
func open(sh *sheet, lo, hi *[maxSpaces]int8, sp int8) int {
	if sh.num[sp] != empty {
		return 0
	}
	return max(0, int(hi[sp]-lo[sp])-1)
}

// fits is State.fits read from t: sp is empty and v lies between its bounds.
func (t *slackTable) fits(sh *sheet, sp, v int8) bool {
	return sh.num[sp] == empty && t.lo[sp] < v && v < t.hi[sp]
}

// spaceOKIn is State.spaceOK with the bounds of t, the table of sh.
func (s *State) spaceOKIn(sh *sheet, t *slackTable, sp, v, act int8) bool {
	return s.mayTake(sp, v, act) && t.fits(sh, sp, v) && s.lay().r.allowed(s, sh, sp, v)
}

// slackLossIn is State.slackLoss (the open pairs writing v in empty space
// sp of sh closes) with the bounds of t, the table of sh. Where v fits sp
// the write only tightens its zones' spaces that reach it, the spaces
// before it (no number and no wall between) to the bound v from above and
// those after it to v from below; each zone's spaces are counted as
// zoneSlack counts them. Where v does not fit it is slackLoss itself.
func (s *State) slackLossIn(sh *sheet, t *slackTable, sp, v int8) int {
	if !t.fits(sh, sp, v) {
		return s.slackLoss(sh, sp, v)
	}
	l := s.lay()
	wall := func(k int8) bool { return l.wallBase > 0 && sh.cross.has(int16(l.wallBase+int(k))) }
	lo, hi := t.lo, t.hi
	for k := 0; k < 2; k++ {
		zi := l.spaceZone[sp][k]
		if zi < 0 {
			break
		}
		z := l.zones[zi].spaces
		pos := int(l.spacePos[sp][k])
		for j := pos - 1; j >= 0 && !wall(z[j+1]); j-- {
			if n := sh.num[z[j]]; n != empty && n != xMark {
				break
			}
			hi[z[j]] = min(hi[z[j]], v)
		}
		for j := pos + 1; j < len(z) && !wall(z[j-1]+1); j++ {
			if n := sh.num[z[j]]; n != empty && n != xMark {
				break
			}
			lo[z[j]] = max(lo[z[j]], v)
		}
	}
	loss := open(sh, &t.lo, &t.hi, sp)
	for k := 0; k < 2; k++ {
		zi := l.spaceZone[sp][k]
		if zi < 0 {
			break
		}
		for _, o := range l.zones[zi].spaces {
			if o != sp {
				loss += open(sh, &t.lo, &t.hi, o) - open(sh, &lo, &hi, o)
			}
		}
	}
	return loss
}
