package marchmars

// What agents may read of a state (everything is public).

// MarineView is where a marine stands.
type MarineView struct {
	X, L    int
	Crashed bool
	Played  bool
}

// Marine returns marine m.
func (s *State) Marine(m int) MarineView {
	ms := &s.mar[m]
	return MarineView{int(ms.X), int(ms.L), ms.Crashed, ms.Played}
}

// Pending names the task on top (its kind, as in the JSON form) and the
// marine it concerns, or "" when the game is over.
func (s *State) Pending() (kind string, marine int) {
	t, ok := s.top()
	if !ok {
		return "", -1
	}
	return kindNames[t.Kind], int(t.A)
}

// DefenderColumn is the column of a side's defender box (beside the MMM),
// -1 for a side not in play.
func (s *State) DefenderColumn(side int) int {
	if side < 0 || side >= s.g.sides {
		return -1
	}
	return s.g.defCol[side]
}

// DefenderAlive reports whether a side's red defender stands.
func (s *State) DefenderAlive(side int) bool { return s.defenderAlive(side) }

// Aliens counts the aliens in a box.
func (s *State) Aliens(x, l int) int { return s.boxAliens(x, l) }

// ColumnAliens counts the aliens of a column, every level.
func (s *State) ColumnAliens(x int) int { return s.regionAliens(x, x) }

// RegionHits counts the hits that would kill every alien of columns
// x0..x1, every level (a yellow needs 1, a blue 2, a red 3); columns off
// the board count none.
func (s *State) RegionHits(x0, x1 int) int { return s.hitPoints(x0, x1) }

// LZ is the range of the Landing Zone's columns.
func (s *State) LZ() (first, last int) { return s.g.lzStart, s.g.lzEnd }

// Incoming counts the aliens in both incoming-wave boxes.
func (s *State) Incoming() int { return total(s.incoming[0]) + total(s.incoming[1]) }

// BesideMMM reports whether marine m may set the bomb from its box (beside
// the MMM, its defender dead).
func (s *State) BesideMMM(m int) bool { return s.besideMMM(m) }

// RollSum is the total of the dice rolled for the action being resolved,
// and how many there are.
func (s *State) RollSum() (sum, dice int) { return s.bombSum(), int(s.nDice) }

// DieValue is the value of die i of the roll.
func (s *State) DieValue(i int) int {
	if i < 0 || i >= int(s.nDice) {
		return 0
	}
	return int(s.dieFace[i]&3) + 1
}

// Programme is the dice programmed so far: [action][colour].
func (s *State) Programme() [3][3]int {
	var p [3][3]int
	for j := range p {
		for c := range p[j] {
			p[j][c] = int(s.prog[j][c])
		}
	}
	return p
}

// Columns is the number of columns of the board.
func (s *State) Columns() int { return s.g.cols }

// AlienColours counts the aliens of a box by colour: yellow, blue, red.
func (s *State) AlienColours(x, l int) [3]int {
	if x < 0 || x >= s.g.cols || l < 0 || l >= s.g.height {
		return [3]int{}
	}
	a := &s.aliens[x][l]
	return [3]int{int(a[0]), int(a[1]), int(a[2])}
}

// Levels is the number of levels of the board.
func (s *State) Levels() int { return s.g.height }

// Gone reports whether marine m left the game (a kamikaze).
func (s *State) Gone(m int) bool { return s.mar[m].Gone }

// Ability names marine m's special training ("none" before the choice).
func (s *State) Ability(m int) string { return abilityNames[s.ability[m]] }
