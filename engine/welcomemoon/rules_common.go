package welcomemoon

// Hooks of advRules that Adventures 1-4 do not use: their defaults.

// allowed: Adventures 1-4 have no placement restriction beyond the
// ascending order (and A1's floors, which depend on the action).
func (a *a1Layout) allowed(*State, *sheet, int8) bool { return true }
func (a *a2Layout) allowed(*State, *sheet, int8) bool { return true }
func (a *a3Layout) allowed(*State, *sheet, int8) bool { return true }
func (a *a4Layout) allowed(*State, *sheet, int8) bool { return true }
