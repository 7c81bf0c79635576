package welcomemoon

// Hooks of advRules that most adventures do not use: their defaults.

// allowed: Adventures 1-4 and 6 have no placement restriction beyond the
// ascending order (and A1's floors, which depend on the action).
func (a *a1Layout) allowed(*State, *sheet, int8, int8) bool { return true }
func (a *a2Layout) allowed(*State, *sheet, int8, int8) bool { return true }
func (a *a3Layout) allowed(*State, *sheet, int8, int8) bool { return true }
func (a *a4Layout) allowed(*State, *sheet, int8, int8) bool { return true }

// setup: only A6 has a choice before the first pick.
func (a *a1Layout) setup(*State, int) bool { return false }
func (a *a2Layout) setup(*State, int) bool { return false }
func (a *a3Layout) setup(*State, int) bool { return false }
func (a *a4Layout) setup(*State, int) bool { return false }
func (a *a5Layout) setup(*State, int) bool { return false }
func (a *a7Layout) setup(*State, int) bool { return false }

// expand: only A6 has effects that unfold into others.
func (a *a1Layout) expand(*State, int, effect) bool { return false }
func (a *a2Layout) expand(*State, int, effect) bool { return false }
func (a *a3Layout) expand(*State, int, effect) bool { return false }
func (a *a4Layout) expand(*State, int, effect) bool { return false }
func (a *a5Layout) expand(*State, int, effect) bool { return false }
func (a *a7Layout) expand(*State, int, effect) bool { return false }

// incidents: phase 5 needs no decision outside A6.
func (a *a1Layout) incidents(*State) bool { return false }
func (a *a2Layout) incidents(*State) bool { return false }
func (a *a3Layout) incidents(*State) bool { return false }
func (a *a4Layout) incidents(*State) bool { return false }
func (a *a5Layout) incidents(*State) bool { return false }
func (a *a7Layout) incidents(*State) bool { return false }

// astraCard: the ASTRA cards of A1-A5 and A7 only cross their astraBoxes.
func (a *a1Layout) astraCard(*State, int8) {}
func (a *a2Layout) astraCard(*State, int8) {}
func (a *a3Layout) astraCard(*State, int8) {}
func (a *a4Layout) astraCard(*State, int8) {}
func (a *a5Layout) astraCard(*State, int8) {}
func (a *a7Layout) astraCard(*State, int8) {}

// playSheet: in Adventures 1-7 every player writes on its own sheet.
func (a *a1Layout) playSheet(_ *State, p int) int { return p }
func (a *a2Layout) playSheet(_ *State, p int) int { return p }
func (a *a3Layout) playSheet(_ *State, p int) int { return p }
func (a *a4Layout) playSheet(_ *State, p int) int { return p }
func (a *a5Layout) playSheet(_ *State, p int) int { return p }
func (a *a6Layout) playSheet(_ *State, p int) int { return p }
func (a *a7Layout) playSheet(_ *State, p int) int { return p }

// errBoxes: in Adventures 1-7 a player's System Error boxes are those of
// its own sheet.
func (a *a1Layout) errBoxes(s *State, p, i int) []int16 { return ownErrBoxes(s, p, i) }
func (a *a2Layout) errBoxes(s *State, p, i int) []int16 { return ownErrBoxes(s, p, i) }
func (a *a3Layout) errBoxes(s *State, p, i int) []int16 { return ownErrBoxes(s, p, i) }
func (a *a4Layout) errBoxes(s *State, p, i int) []int16 { return ownErrBoxes(s, p, i) }
func (a *a5Layout) errBoxes(s *State, p, i int) []int16 { return ownErrBoxes(s, p, i) }
func (a *a6Layout) errBoxes(s *State, p, i int) []int16 { return ownErrBoxes(s, p, i) }
func (a *a7Layout) errBoxes(s *State, p, i int) []int16 { return ownErrBoxes(s, p, i) }

func ownErrBoxes(s *State, p, i int) []int16 {
	if p != i {
		return nil
	}
	return s.lay().errIDs
}

// reach: only A8 moves numbers without a modifier step.
func (a *a1Layout) reach(*State, int, int8) int8 { return 0 }
func (a *a2Layout) reach(*State, int, int8) int8 { return 0 }
func (a *a3Layout) reach(*State, int, int8) int8 { return 0 }
func (a *a4Layout) reach(*State, int, int8) int8 { return 0 }
func (a *a5Layout) reach(*State, int, int8) int8 { return 0 }
func (a *a6Layout) reach(*State, int, int8) int8 { return 0 }
func (a *a7Layout) reach(*State, int, int8) int8 { return 0 }

// astraTurn: only in A8 does ASTRA play turns of its own.
func (a *a1Layout) astraTurn(*State) {}
func (a *a2Layout) astraTurn(*State) {}
func (a *a3Layout) astraTurn(*State) {}
func (a *a4Layout) astraTurn(*State) {}
func (a *a5Layout) astraTurn(*State) {}
func (a *a6Layout) astraTurn(*State) {}
func (a *a7Layout) astraTurn(*State) {}
