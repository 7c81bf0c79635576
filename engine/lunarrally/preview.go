package lunarrally

// Preview is what would happen if one rover executed a program alone on
// the current board, every other rover standing still. Agents use it to
// plan: it reads nothing the rover's owner cannot see.
type Preview struct {
	Pos, Heading int  // where the rover ends (Pos -1 if destroyed)
	Destroyed    bool // the rover exploded
	Finished     bool // it reached the finish line
	Damage       int  // shields and phases it lost (net of repairs)
	EnemyDamage  int  // shields and phases the other players' rovers lost
	OwnDamage    int  // shields and phases the player's other rover lost
	MissilesUsed int  // missile tokens spent, net of caches picked up
}

func health(r *Rover) int {
	if r.Status != Racing {
		return 0
	}
	return int(r.Shields) + int(r.Phases)
}

// Preview runs program on rover i (2*seat + rover) alone from the current
// position. Cards on phases the rover has lost are ignored.
func (s *State) Preview(i int, program [MaxPhases]Card) Preview {
	c, before := s.previewStart(i)
	r := &c.rovers[i]
	for p := range program {
		if p >= int(r.Phases) {
			program[p] = NoCard
		}
	}
	r.Program = program
	c.run(1 << i)
	return c.previewEnd(i, &before)
}

// previewStart is the copy of s that a preview of rover i runs on, and
// every rover's health before it.
func (s *State) previewStart(i int) (c State, before [maxRovers + 1]int) {
	c = *s
	c.end, c.winners = endNone, 0
	for j := range c.rovers {
		before[j] = health(&c.rovers[j])
	}
	before[maxRovers] = int(c.rovers[i].Missiles)
	return c, before
}

// previewEnd reads what a preview of rover i did to c, from before (as
// previewStart gave it).
func (c *State) previewEnd(i int, before *[maxRovers + 1]int) Preview {
	r := &c.rovers[i]
	out := Preview{Pos: int(r.Pos), Heading: int(r.Heading), Destroyed: r.Status == Destroyed,
		Finished: c.winners&(1<<(i/2)) != 0 && r.Status == Racing && c.g.board.cells[r.Pos] == Finish,
		Damage:   before[i] - health(r), MissilesUsed: before[maxRovers] - int(r.Missiles)}
	for j := 0; j < 2*c.g.players; j++ {
		d := before[j] - health(&c.rovers[j])
		switch {
		case j == i:
		case j/2 == i/2:
			out.OwnDamage += d
		default:
			out.EnemyDamage += d
		}
	}
	return out
}
