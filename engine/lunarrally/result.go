package lunarrally

import (
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
)

var _ engine.Resulter = (*State)(nil)

// Result says who reached the finish line, or why the race is a draw.
func (s *State) Result(p engine.Player) string {
	if s.stage != stageOver {
		return ""
	}
	switch s.end {
	case endDestroyed:
		return "A draw: every rover was destroyed."
	case endTurnLimit:
		return "A draw: nobody finished within " + strconv.Itoa(s.g.turnLimit) + " turns."
	}
	var others []string
	mine := false
	for i := 0; i < s.g.players; i++ {
		switch {
		case s.winners&(1<<i) == 0:
		case i == int(p):
			mine = true
		default:
			others = append(others, engine.Player(i).String()+" ("+Colours[i]+")")
		}
	}
	on := " on turn " + strconv.Itoa(int(s.turn)) + "."
	who := strings.Join(others, " and ")
	switch {
	case mine && len(others) == 0:
		return "You won: your rover reached the finish line" + on
	case mine:
		return "You shared the win with " + who + ", reaching the finish line" + on
	case p >= 0 && int(p) < s.g.players:
		return "You lost: " + who + " reached the finish line" + on
	}
	return who + " won, reaching the finish line" + on
}
