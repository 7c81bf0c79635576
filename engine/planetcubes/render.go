package planetcubes

import (
	"fmt"
	"strings"
)

// pieceString writes a cube as "R3:2l*": team and slot, lives, weapon
// (- none, s short, l long), then * if it activated and ! if it attacked
// this round.
func pieceString(b *strings.Builder, t, i int, pc piece) {
	b.WriteString(PieceName(t, i))
	b.WriteByte(':')
	b.WriteByte('0' + byte(pc.lives))
	b.WriteByte("-sl"[pc.weapon])
	if pc.used&usedActivate != 0 {
		b.WriteByte('*')
	}
	if pc.used&usedAttack != 0 {
		b.WriteByte('!')
	}
}

// String draws the state for a person: the teams with their points and
// supplies, the empty sectors (unused Starting planets), then every planet
// with its orbits and the cubes on it.
func (s *State) String() string {
	g := s.g
	b := &strings.Builder{}
	fmt.Fprintf(b, "Planet Cubes, round %d of %d, goal %d points\n", s.round, g.rounds, g.goal)
	var income [MaxTeams]int
	s.MoonIncome(income[:0])
	for t := 0; t < g.n; t++ {
		mark := "  "
		if int(s.turn) == t && !s.over {
			mark = "> "
		}
		fmt.Fprintf(b, "%s%c %-6s %3d points", mark, teamLetters[t], teamColours[t], s.score[t])
		if !s.over {
			fmt.Fprintf(b, " (+%d at round end)", income[t])
		}
		fmt.Fprintf(b, ", %2d cubes in play, supply %2d", CubesPerTeam-s.Supply(t), s.Supply(t))
		if int(s.first) == t {
			b.WriteString("  (first player)")
		}
		b.WriteByte('\n')
	}
	var empty []string
	for i, p := range g.board.Planets {
		if p.Kind == Start && g.owner[i] < 0 {
			empty = append(empty, p.Name)
		}
	}
	if len(empty) > 0 {
		fmt.Fprintf(b, "empty sectors (no team starts there; their planets are open to all): %s\n", strings.Join(empty, " "))
	}
	var on [MaxPlanets][]int // cubes per planet, as team*CubesPerTeam+slot
	for t := 0; t < g.n; t++ {
		for i, pc := range s.pieces[t] {
			if pc.lives > 0 {
				on[pc.planet] = append(on[pc.planet], t*CubesPerTeam+i)
			}
		}
	}
	width := 0
	for _, p := range g.board.Planets {
		width = max(width, len(p.Name))
	}
	for i, p := range g.board.Planets {
		title := p.Kind.Title()
		if w := g.owner[i]; w >= 0 {
			title = "Start " + teamColours[w]
		} else if p.Kind == Start {
			title = "Start (unused)"
		}
		links := make([]string, len(p.Links))
		for k, l := range p.Links {
			links[k] = g.board.Planets[l].Name
		}
		line := &strings.Builder{}
		fmt.Fprintf(line, "%-*s %-15s -> %-*s", width, p.Name, title, (width+1)*min(g.board.maxDeg, 6), strings.Join(links, " "))
		for _, c := range on[i] {
			line.WriteByte(' ')
			pieceString(line, c/CubesPerTeam, c%CubesPerTeam, s.pieces[c/CubesPerTeam][c%CubesPerTeam])
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	b.WriteString("cube R3:2l*! = team R slot 3, 2 lives, weapon - none/s short/l long, * activated, ! attacked this round\n")
	switch {
	case s.over:
		who := []string{}
		best := int32(-1)
		for t := 0; t < g.n; t++ {
			best = max(best, s.score[t])
		}
		for t := 0; t < g.n; t++ {
			if s.score[t] == best {
				who = append(who, teamColours[t])
			}
		}
		if s.truncated {
			fmt.Fprintf(b, "game over at the round limit: %s lead(s) with %d points", strings.Join(who, ", "), best)
		} else {
			fmt.Fprintf(b, "game over: %s wins with %d points", who[0], best)
		}
	case s.first < 0:
		b.WriteString("the first player is to be drawn")
	default:
		fmt.Fprintf(b, "%s to act, %d action(s) left: ", teamColours[s.turn], s.left)
		cube := PieceName(int(s.turn), int(max(s.sel, 0)))
		switch {
		case s.sel < 0:
			b.WriteString("choose a cube to act with, or end the turn")
		case s.target:
			fmt.Fprintf(b, "cube %s attacks: choose the cube to hit", cube)
		default:
			fmt.Fprintf(b, "cube %s selected: move it, activate its planet or attack", cube)
		}
		if left := s.BacksLeft(); left > 0 && s.sel >= 0 {
			fmt.Fprintf(b, " (back: %d left this turn)", left)
		}
	}
	return b.String()
}
