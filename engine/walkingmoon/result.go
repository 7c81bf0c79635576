package walkingmoon

import (
	"strings"

	"github.com/moongym/moongym/engine"
)

var _ engine.Resulter = (*State)(nil)

// Result says seat p's place and points (engine.ResultText: the ranking
// with the edition's tie-breaks is the returns'), then who crossed the
// finish line first, if anyone did.
func (s *State) Result(p engine.Player) string {
	if !s.IsTerminal() {
		return ""
	}
	r := engine.ResultText(s, p)
	for a := 0; a < s.g.na; a++ {
		if s.ast[a].Finished && s.ast[a].FinishPos == 1 {
			return strings.TrimSuffix(r, ".") + "; first across the line: " + s.g.astroWords(a) + "."
		}
	}
	return r
}
