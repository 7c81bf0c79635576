package planetcubes

import (
	"fmt"
	"strings"
)

// MoveHelp explains the game's move names and lists the board's orbits,
// for people at a terminal ("moongym play" help, "moongym games
// planet-cubes"): the drawing shows where the cubes are, this shows how
// the planets are joined.
func (g *Game) MoveHelp() string {
	var b strings.Builder
	b.WriteString(`Moves: an action of the rules is two or three decisions.
  R1 .. R20    select your cube (team letter, slot) to act with
  move L4      move the selected cube along an orbit to planet L4
  activate     use the selected cube's planet: Planet Cube (a new cube on your
               Start), Life-up (a life, at most 2), Weaponry (none -> short -> long)
  attack       attack with the selected cube, then choose its target:
  hit B2       the cube hit (team letter, slot)
  back         take back the last decision of the action under way
               (at most backs= times a turn)
  end          end the turn (the actions left are lost)
  first R      (chance) the team that plays first
`)
	fmt.Fprintf(&b, "Orbits of the board %q (moves go along them):\n", g.board.Name)
	width := 0
	for _, p := range g.board.Planets {
		width = max(width, len(p.Name))
	}
	for _, p := range g.board.Planets {
		links := make([]string, len(p.Links))
		for k, l := range p.Links {
			links[k] = g.board.Planets[l].Name
		}
		fmt.Fprintf(&b, "  %-*s %-15s -> %s\n", width, p.Name, p.Kind.Title(), strings.Join(links, " "))
	}
	return b.String()
}
