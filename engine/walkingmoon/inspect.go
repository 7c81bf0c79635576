package walkingmoon

// AstronautView is what every player can see of an astronaut.
type AstronautView struct {
	X, Level  int // column along the track (the goal is Goal()), level
	Stunned   bool
	Finished  bool
	FinishPos int // 1 for the first across the line
	Sputnik   int
	EC        int
	Handicap  int
	HasCard   bool
}

// NumAstronauts is the number of pawns: the players, or 4 with 2 players.
func (s *State) NumAstronauts() int { return s.g.na }

// Seat is the player who runs astronaut a.
func (s *State) Seat(a int) int { return s.g.seat(a) }

// Goal is the column of the goal box.
func (s *State) Goal() int { return s.g.goal }

// Astronaut describes astronaut a.
func (s *State) Astronaut(a int) AstronautView {
	as := &s.ast[a]
	return AstronautView{int(as.X), int(as.L), as.Stunned, as.Finished, int(as.FinishPos),
		int(as.Sputnik), int(as.EC), int(as.Handicap), as.Card != noCard}
}

// Active is the astronaut taking its turn, or -1.
func (s *State) Active() int { return int(s.active) }

// Pending names the task waiting for an action ("program", "choose",
// "continue", "prompt", "rob", ...; "" at the end) and the astronaut who
// decides it (-1 at chance nodes).
func (s *State) Pending() (kind string, astronaut int) {
	t, ok := s.top()
	if !ok {
		return "", -1
	}
	if isChance(int(t.Kind)) {
		return kindNames[t.Kind], -1
	}
	return kindNames[t.Kind], int(t.A)
}

// Card is the action card astronaut a may play ("" if none): its own, or
// with 2 players its seat's one card. It is hidden from the other seats:
// agents may read only their own.
func (s *State) Card(a int) string { return cardName(s.ast[s.g.holder(a)].Card) }

// Leading reports whether astronaut a is in first position (or tied).
func (s *State) Leading(a int) bool { return s.leading(a) }
