package welcomemoon

// Hooks of advRules that most adventures do not use: their defaults.

// allowed: Adventures 1-4 and 6 have no placement restriction beyond the
// ascending order (and A1's floors, which depend on the action).
func (a *a1Layout) allowed(*State, *sheet, int8) bool { return true }
func (a *a2Layout) allowed(*State, *sheet, int8) bool { return true }
func (a *a3Layout) allowed(*State, *sheet, int8) bool { return true }
func (a *a4Layout) allowed(*State, *sheet, int8) bool { return true }

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
