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
// supplies, then the board compactly, one line per sector in play (a
// team's, or one a cube is in) with its planets by orbits from its Start
// planet and the cubes on them, a line of the planets between sectors (the
// moons of the embedded board), and the sectors nobody uses; the orbits
// themselves are listed by the game's MoveHelp.
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
	var on [MaxPlanets][]int // cubes per planet, as team*CubesPerTeam+slot
	for t := 0; t < g.n; t++ {
		for i, pc := range s.pieces[t] {
			if pc.lives > 0 {
				on[pc.planet] = append(on[pc.planet], t*CubesPerTeam+i)
			}
		}
	}
	lettered := g.board.kindLettered()
	planet := func(line *strings.Builder, i int) {
		p := g.board.Planets[i]
		line.WriteString(p.Name)
		if !lettered {
			fmt.Fprintf(line, "(%c)", kindLetters[p.Kind])
		}
		if len(on[i]) == 0 {
			return
		}
		line.WriteByte('[')
		for k, c := range on[i] {
			if k > 0 {
				line.WriteByte(' ')
			}
			pieceString(line, c/CubesPerTeam, c%CubesPerTeam, s.pieces[c/CubesPerTeam][c%CubesPerTeam])
		}
		line.WriteByte(']')
	}
	sectors, between := g.board.sectors()
	var empty []string
	label := func(start int) string {
		if w := g.owner[start]; w >= 0 {
			return g.board.Planets[start].Name + " " + teamColours[w]
		}
		return g.board.Planets[start].Name
	}
	width := len("between")
	for _, sec := range sectors {
		width = max(width, len(label(sec.start)))
	}
	for _, sec := range sectors {
		inPlay := g.owner[sec.start] >= 0
		for _, ring := range sec.rings {
			for _, i := range ring {
				inPlay = inPlay || len(on[i]) > 0
			}
		}
		if !inPlay {
			empty = append(empty, g.board.Planets[sec.start].Name)
			continue
		}
		line := &strings.Builder{}
		fmt.Fprintf(line, "  %-*s ", width, label(sec.start))
		for r, ring := range sec.rings {
			if r > 0 {
				line.WriteString(" |")
			}
			for _, i := range ring {
				line.WriteByte(' ')
				planet(line, i)
			}
		}
		b.WriteString(line.String())
		b.WriteByte('\n')
	}
	if len(between) > 0 {
		line := &strings.Builder{}
		fmt.Fprintf(line, "  %-*s ", width, "between")
		for _, i := range between {
			line.WriteByte(' ')
			planet(line, i)
		}
		b.WriteString(line.String())
		b.WriteByte('\n')
	}
	if len(empty) > 0 {
		fmt.Fprintf(b, "empty sectors (no team starts there, no cube in them; their planets are open to all): %s\n", strings.Join(empty, " "))
	}
	if lettered {
		b.WriteString("| = one orbit further from the sector's Start; S start, C cube, L life-up, W weaponry, H half moon, F full moon\n")
	} else {
		b.WriteString("| = one orbit further from the sector's Start; (S) start, (C) cube, (L) life-up, (W) weaponry, (H) half moon, (F) full moon\n")
	}
	b.WriteString("[R3:2l*!] = cube of team R slot 3, 2 lives, weapon - none/s short/l long, * activated, ! attacked this round\n")
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

// kindLetters are the letters of the kinds of planet in drawings.
var kindLetters = [numKinds]byte{'S', 'C', 'L', 'W', 'H', 'F'}

// kindLettered tells whether every planet's name starts with its kind's
// letter (S1, C1, L1, W1, H1, F on the embedded board): a drawing then
// needs no mark of the kinds.
func (b *Board) kindLettered() bool {
	for _, p := range b.Planets {
		if p.Kind < 0 || p.Kind >= numKinds || p.Name[0] != kindLetters[p.Kind] {
			return false
		}
	}
	return true
}

// sector is a Starting planet and the planets nearer to it (in orbits)
// than to any other Starting planet, in rings by that distance.
type sector struct {
	start int
	rings [][]int // rings[d]: the planets d orbits from start, in board order
}

// sectors splits the board for drawings: a sector per Starting planet (in
// board order), and the planets between sectors (as near to two Starting
// planets or more, or to none), in board order.
func (b *Board) sectors() ([]sector, []int) {
	n := len(b.Planets)
	var starts []int
	for i, p := range b.Planets {
		if p.Kind == Start {
			starts = append(starts, i)
		}
	}
	dist := make([][]int, len(starts)) // dist[k][i]: orbits from starts[k] to i, -1 unreachable
	for k, st := range starts {
		d := make([]int, n)
		for i := range d {
			d[i] = -1
		}
		d[st] = 0
		queue := []int{st}
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			for _, j := range b.Planets[i].Links {
				if d[j] < 0 {
					d[j] = d[i] + 1
					queue = append(queue, j)
				}
			}
		}
		dist[k] = d
	}
	secs := make([]sector, len(starts))
	for k, st := range starts {
		secs[k].start = st
	}
	var between []int
	for i := 0; i < n; i++ {
		best, owner := -1, -1
		for k := range starts {
			switch d := dist[k][i]; {
			case d < 0:
			case best < 0 || d < best:
				best, owner = d, k
			case d == best:
				owner = -1 // a tie: between sectors
			}
		}
		if owner < 0 {
			between = append(between, i)
			continue
		}
		sec := &secs[owner]
		for len(sec.rings) <= best {
			sec.rings = append(sec.rings, nil)
		}
		sec.rings[best] = append(sec.rings[best], i)
	}
	return secs, between
}
