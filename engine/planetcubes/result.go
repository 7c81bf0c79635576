package planetcubes

import (
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
)

var _ engine.Resulter = (*State)(nil)

// teamWords names a seat's team: "the Red team".
func teamWords(p engine.Player) string {
	if p < 0 || int(p) >= MaxTeams {
		return p.String()
	}
	return "the " + teamColours[p] + " team"
}

// Result says seat p's place and points among the teams, and how the game
// ended: a team reaching the goal, or the round limit.
func (s *State) Result(p engine.Player) string {
	if !s.over {
		return ""
	}
	r := strings.TrimSuffix(engine.ResultNamed(s, p, teamWords), ".")
	if s.truncated {
		return r + "; the round limit (" + strconv.Itoa(s.g.rounds) + ") ended the game."
	}
	return r + "; the goal was " + strconv.Itoa(s.g.goal) + " points."
}
