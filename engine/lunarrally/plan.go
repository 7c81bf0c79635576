package lunarrally

// Guesses are programs other rovers are guessed to run while a rover's
// program is previewed: Programs[j] for each rover j in Mask. The zero
// value guesses nothing: every other rover stands still, as in Preview.
type Guesses struct {
	Programs [maxRovers][MaxPhases]Card
	Mask     uint8
}

// GuessOthers guesses, for every other player's rover of the same kind as
// rover i (the rovers that execute with it), the program BestProgram gives
// it alone on the board, its ties broken by the first found. It reads
// nothing hidden: a rover's position, heading, health and deck are public,
// its cards are not read.
func (s *State) GuessOthers(i int) Guesses {
	var gs Guesses
	for j := i % 2; j < 2*s.g.players; j += 2 {
		if j/2 == i/2 || s.rovers[j].Status != Racing {
			continue
		}
		gs.Programs[j] = s.BestProgram(j, 0, Guesses{}, nil)
		gs.Mask |= 1 << j
	}
	return gs
}

// PreviewWith is Preview with the rovers of gs running their guessed
// programs beside rover i.
func (s *State) PreviewWith(i int, program [MaxPhases]Card, gs *Guesses) Preview {
	c, before := s.previewStart(i)
	mask := c.applyGuesses(i, gs)
	r := &c.rovers[i]
	for p := int(r.Phases); p < MaxPhases; p++ {
		program[p] = NoCard
	}
	r.Program = program
	c.run(mask)
	return c.previewEnd(i, &before)
}

// applyGuesses puts gs's programs on c's guessed rovers other than i (their
// lost phases emptied) and returns the rovers that execute: i and those.
func (c *State) applyGuesses(i int, gs *Guesses) uint8 {
	mask := gs.Mask&^(1<<i) | 1<<i
	for j := range 2 * c.g.players {
		if j == i || mask&(1<<j) == 0 {
			continue
		}
		r := &c.rovers[j]
		r.Program = gs.Programs[j]
		for p := int(r.Phases); p < MaxPhases; p++ {
			r.Program[p] = NoCard
		}
	}
	return mask
}

// ScoreProgram rates a previewed program of rover i (higher is better): by
// reaching the finish line; the remaining path to the finish avoiding
// craters (fine dust counted as slow); facing along that path; damage
// taken; damage dealt to other players' rovers and to its own; missiles
// wasted. It is the heuristic player's score (agents/heuristics/lunarrally).
func (s *State) ScoreProgram(pv Preview) float64 {
	if pv.Finished {
		return 1e6
	}
	b := s.g.board
	v := 0.0
	if pv.Destroyed {
		v -= 500
	} else {
		path := b.FinishPath(pv.Pos)
		v -= 10 * float64(path)
		// Facing along the path to the finish saves a turn later.
		if next := b.Neighbor(pv.Pos, pv.Heading); next >= 0 {
			if np := b.FinishPath(next); np >= 0 && np < path {
				v += 6
			}
		}
	}
	v -= 7 * float64(pv.Damage)
	v += 12 * float64(pv.EnemyDamage)
	v -= 10 * float64(pv.OwnDamage)
	if pv.MissilesUsed > 0 && pv.EnemyDamage == 0 {
		v -= 4 * float64(pv.MissilesUsed)
	}
	if pv.MissilesUsed < 0 { // picked up a cache
		v += 3
	}
	return v
}

// BestProgram is the program of rover i, keeping the cards on phases before
// phase, that ScoreProgram rates best when previewed with gs's guesses
// (PreviewWith). Every program the deck allows is tried; ties are broken by
// tie(n), which picks the n-th tie found as the best when it returns 0 (a
// random tie-break draws from [0, n)); a nil tie keeps the first found.
func (s *State) BestProgram(i, phase int, gs Guesses, tie func(n int) int) [MaxPhases]Card {
	rv := &s.rovers[i]
	left := s.cardsLeft(i, phase)
	prog := rv.Program
	for p := phase; p < MaxPhases; p++ {
		prog[p] = NoCard
	}
	best, bestV, ties := prog, -1e18, 0
	var rec func(p int)
	rec = func(p int) {
		if p >= int(rv.Phases) {
			var pv Preview
			if gs.Mask == 0 {
				pv = s.Preview(i, prog)
			} else {
				pv = s.PreviewWith(i, prog, &gs)
			}
			v := s.ScoreProgram(pv)
			switch {
			case v > bestV+1e-9:
				best, bestV, ties = prog, v, 1
			case v > bestV-1e-9:
				ties++
				if tie != nil && tie(ties) == 0 {
					best = prog
				}
			}
			return
		}
		for c := Card(0); c < NumCards; c++ {
			if left[c] == 0 {
				continue
			}
			left[c]--
			prog[p] = c
			rec(p + 1)
			prog[p] = NoCard
			left[c]++
		}
	}
	rec(phase)
	return best
}
