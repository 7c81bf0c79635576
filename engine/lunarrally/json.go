package lunarrally

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// roverJSON is one rover in the JSON form of a state.
type roverJSON struct {
	// Seat and Rover (1 or 2) identify the rover; rovers are listed seat by
	// seat, Rover 1 first.
	Seat  int `json:"seat"`
	Rover int `json:"rover"`
	// Status is "waiting" (not placed yet), "racing" or "destroyed".
	Status string `json:"status"`
	// Hex is the rover's cell name ("c4"), empty when not on the board.
	Hex string `json:"hex"`
	// Heading is E, NE, NW, W, SW or SE.
	Heading  string `json:"heading"`
	Phases   int    `json:"phases"`
	Shields  int    `json:"shields"`
	Missiles int    `json:"missiles"`
	// Armed: the weapons are active (the rover has moved off the start line).
	Armed bool `json:"armed"`
	// Program is the card on each of the 3 phases ("" for none); Shown the
	// cards of the rover's last execution.
	Program []string `json:"program"`
	Shown   []string `json:"shown"`
}

// stateJSON is the documented JSON form of a state.
type stateJSON struct {
	// Stage is "first" (chance: the first player), "place" (choose a start
	// hex), "face" (choose a facing), "program" or "over".
	Stage string `json:"stage"`
	// Initial is true until the first execution (initial placement and programming).
	Initial bool `json:"initial"`
	// Moon is the rover (1 or 2) the Moon token shows: executing next, or
	// being reprogrammed.
	Moon int `json:"moon"`
	Turn int `json:"turn"`
	// First is the seat that placed first.
	First int `json:"first"`
	// Pending is the start hex chosen at stage "face".
	Pending string `json:"pending"`
	// CachesTaken lists the caches already picked up, by hex.
	CachesTaken []string    `json:"caches_taken"`
	Rovers      []roverJSON `json:"rovers"`
	// Winners lists the winning seats; End is "", "finish", "destroyed"
	// (every rover destroyed: a draw) or "turn-limit" (a draw).
	Winners []int  `json:"winners"`
	End     string `json:"end"`
}

var (
	stageNames  = []string{"first", "place", "face", "program", "over"}
	endNames    = []string{"", "finish", "destroyed", "turn-limit"}
	statusNames = []string{"waiting", "racing", "destroyed"}
)

func cardList(p [MaxPhases]Card) []string {
	out := make([]string, MaxPhases)
	for i, c := range p {
		if c != NoCard {
			out[i] = c.String()
		}
	}
	return out
}

// MarshalJSON writes the documented JSON form; see Game.DecodeState.
func (s *State) MarshalJSON() ([]byte, error) {
	b := s.g.board
	j := stateJSON{
		Stage: stageNames[s.stage], Initial: s.initial, Moon: int(s.moon) + 1, Turn: int(s.turn),
		First: int(s.first), CachesTaken: []string{}, Winners: []int{}, End: endNames[s.end],
	}
	if s.pending >= 0 {
		j.Pending = b.CellName(int(s.pending))
	}
	for k := 0; k < b.nCaches; k++ {
		if s.taken&(1<<k) != 0 {
			j.CachesTaken = append(j.CachesTaken, b.CellName(int(b.caches[k])))
		}
	}
	for i := 0; i < 2*s.g.players; i++ {
		r := &s.rovers[i]
		rj := roverJSON{
			Seat: i / 2, Rover: i%2 + 1, Status: statusNames[r.Status], Heading: dirNames[r.Heading],
			Phases: int(r.Phases), Shields: int(r.Shields), Missiles: int(r.Missiles), Armed: r.Armed,
			Program: cardList(r.Program), Shown: cardList(r.Shown),
		}
		if r.Pos >= 0 {
			rj.Hex = b.CellName(int(r.Pos))
		}
		j.Rovers = append(j.Rovers, rj)
	}
	for i := 0; i < s.g.players; i++ {
		if s.winners&(1<<i) != 0 {
			j.Winners = append(j.Winners, i)
		}
	}
	return json.Marshal(j)
}

func parseCards(list []string, what string) ([MaxPhases]Card, error) {
	p := emptyProgram
	if len(list) != MaxPhases {
		return p, states.Bad("%s has %d phases, want %d", what, len(list), MaxPhases)
	}
	for i, name := range list {
		if name == "" {
			continue
		}
		k := slices.Index(cardNames[:], name)
		if k < 0 {
			return p, states.Bad("%s phase %d: unknown card %q (cards: %v)", what, i+1, name, cardNames)
		}
		p[i] = Card(k)
	}
	return p, nil
}

// states makes lunar-rally's bad-state errors.
const states kit.States = "lunar-rally"

// DecodeState reads the JSON that MarshalJSON writes and checks it against
// the rules: rovers on the board on distinct passable hexes, counts within
// the control boards, programs drawn from the right deck with each card at
// most once, placements and programs made in the order of play, and a
// stage that can arise in a game. Errors wrap engine.ErrBadState.
func (g *Game) DecodeState(data []byte) (engine.State, error) {
	var j stateJSON
	if err := states.Decode(data, &j); err != nil {
		return nil, err
	}
	b := g.board
	n := g.players
	s := &State{g: g}
	s.reset()
	stage, err := kit.Index[int](states, stageNames, j.Stage, "stage")
	if err != nil {
		return nil, err
	}
	end, err := kit.Index[int](states, endNames, j.End, "end")
	if err != nil {
		return nil, err
	}
	switch {
	case j.Moon != 1 && j.Moon != 2:
		return nil, states.Bad("moon %d, want 1 or 2", j.Moon)
	case j.Turn < 1 || j.Turn > g.turnLimit:
		return nil, states.Bad("turn %d outside 1..%d", j.Turn, g.turnLimit)
	case j.First < 0 || j.First >= n:
		return nil, states.Bad("first player %d outside 0..%d", j.First, n-1)
	case len(j.Rovers) != 2*n:
		return nil, states.Bad("%d rovers, want %d", len(j.Rovers), 2*n)
	}
	s.stage, s.end, s.initial = int8(stage), int8(end), j.Initial
	s.moon, s.turn, s.first = int8(j.Moon-1), int16(j.Turn), int8(j.First)
	for _, name := range j.CachesTaken {
		cell, ok := b.ParseCell(name)
		if !ok || b.cacheSlot[cell] < 0 {
			return nil, states.Bad("caches_taken: %q is not a cache", name)
		}
		bit := uint16(1) << b.cacheSlot[cell]
		if s.taken&bit != 0 {
			return nil, states.Bad("caches_taken: %q twice", name)
		}
		s.taken |= bit
	}
	for _, w := range j.Winners {
		if w < 0 || w >= n || s.winners&(1<<w) != 0 {
			return nil, states.Bad("winners: bad or repeated seat %d", w)
		}
		s.winners |= 1 << w
	}
	if j.Pending != "" {
		cell, ok := b.ParseCell(j.Pending)
		if !ok || b.cells[cell] != Start {
			return nil, states.Bad("pending %q is not a start hex", j.Pending)
		}
		s.pending = int16(cell)
	}
	for i, rj := range j.Rovers {
		r, err := decodeRover(b, i, rj)
		if err != nil {
			return nil, err
		}
		if r.Status == Racing && s.occupant(r.Pos) >= 0 {
			return nil, states.Bad("rover %d: hex %s holds two rovers", i, rj.Hex)
		}
		s.rovers[i] = r
	}
	if err := s.checkStage(); err != nil {
		return nil, err
	}
	return s, nil
}

func decodeRover(b *Board, i int, rj roverJSON) (Rover, error) {
	r := Rover{Pos: -1}
	what := fmt.Sprintf("rover %d (seat %d rover %d)", i, i/2, i%2+1)
	kind := i % 2
	if rj.Seat != i/2 || rj.Rover != kind+1 {
		return r, states.Bad("rover %d is listed as seat %d rover %d, want seat %d rover %d", i, rj.Seat, rj.Rover, i/2, kind+1)
	}
	status, err := kit.Index[int8](states, statusNames, rj.Status, what+": status")
	if err != nil {
		return r, err
	}
	heading, err := kit.Index[int8](states, dirNames[:], rj.Heading, what+": heading")
	if err != nil {
		return r, err
	}
	switch {
	case rj.Phases < 0 || rj.Phases > MaxPhases:
		return r, states.Bad("%s: %d phases", what, rj.Phases)
	case rj.Shields < 0 || rj.Shields > int(MaxShields[kind]):
		return r, states.Bad("%s: %d shields, at most %d", what, rj.Shields, MaxShields[kind])
	case rj.Missiles < 0 || rj.Missiles > int(MaxMissiles[kind]):
		return r, states.Bad("%s: %d missiles, at most %d", what, rj.Missiles, MaxMissiles[kind])
	}
	r.Status, r.Heading = status, heading
	r.Phases, r.Shields, r.Missiles, r.Armed = int8(rj.Phases), int8(rj.Shields), int8(rj.Missiles), rj.Armed
	if r.Program, err = parseCards(rj.Program, what+" program"); err != nil {
		return r, err
	}
	if r.Shown, err = parseCards(rj.Shown, what+" shown"); err != nil {
		return r, err
	}
	for _, p := range [][MaxPhases]Card{r.Program, r.Shown} {
		left := Decks[kind]
		for _, c := range p {
			if c != NoCard {
				if left[c]--; left[c] < 0 {
					return r, states.Bad("%s: card %s used more often than the Rover %d deck holds", what, c, kind+1)
				}
			}
		}
	}
	switch r.Status {
	case Waiting:
		if rj.Hex != "" || r != (Rover{Pos: -1, Program: emptyProgram, Shown: emptyProgram}) {
			return r, states.Bad("%s: a rover not placed yet has no hex, equipment or cards", what)
		}
	case Destroyed:
		if rj.Hex != "" || r.Program != emptyProgram || r.Phases != 1 || r.Shields != 0 {
			return r, states.Bad("%s: a destroyed rover has no hex and no cards, and exploded with phase 1 alone and no shield", what)
		}
	case Racing:
		cell, ok := b.ParseCell(rj.Hex)
		if !ok || b.cells[cell] == Off || b.cells[cell] == Crater {
			return r, states.Bad("%s: hex %q is not a hex a rover can stand on", what, rj.Hex)
		}
		r.Pos = int16(cell)
		if r.Phases < 1 {
			return r, states.Bad("%s: a racing rover has 1 to 3 phases", what)
		}
		for p := r.Phases; p < MaxPhases; p++ {
			if r.Program[p] != NoCard {
				return r, states.Bad("%s: a card on lost phase %d", what, p+1)
			}
		}
		if !r.Armed && b.cells[cell] != Start {
			return r, states.Bad("%s: weapons inactive but the rover has left the start line", what)
		}
	}
	return r, nil
}

// complete reports whether every phase of rover i holds a card.
func (s *State) complete(i int) bool {
	r := &s.rovers[i]
	for p := int8(0); p < r.Phases; p++ {
		if r.Program[p] == NoCard {
			return false
		}
	}
	return true
}

func (s *State) emptyProgram(i int) bool { return s.rovers[i].Program == emptyProgram }

// checkStage checks that the stage, the rovers and the programs fit
// together as in a game, and sets the decision cursor.
func (s *State) checkStage() error {
	g, b := s.g, s.g.board
	n := g.players
	racing, waiting := 0, 0
	for i := 0; i < 2*n; i++ {
		switch s.rovers[i].Status {
		case Racing:
			racing++
		case Waiting:
			waiting++
		}
	}
	if (s.end == endNone) != (s.stage != stageOver) {
		return states.Bad("stage %s with end %q", stageNames[s.stage], endNames[s.end])
	}
	if (s.end == endFinish) != (s.winners != 0) {
		return states.Bad("winners %b with end %q", s.winners, endNames[s.end])
	}
	if s.pending >= 0 && s.stage != stageFace {
		return states.Bad("a pending start hex outside stage face")
	}
	if err := s.checkExecuted(racing, waiting); err != nil {
		return err
	}
	if s.stage != stageOver {
		for i := 0; i < 2*n; i++ {
			if r := &s.rovers[i]; r.Status == Racing && b.cells[r.Pos] == Finish {
				return states.Bad("rover %d is on the finish line but the game goes on", i)
			}
		}
	}
	switch s.stage {
	case stageFirst:
		if waiting != 2*n || s.first != 0 {
			return states.Bad("stage first: no rover is placed and first is 0")
		}
		s.actor = int8(engine.Chance)
		return nil
	case stageOver:
		switch s.end {
		case endDestroyed:
			if racing != 0 {
				return states.Bad("end destroyed with rovers left")
			}
		case endTurnLimit:
			if s.moon != 1 || int(s.turn) != g.turnLimit {
				return states.Bad("end turn-limit before the Rover 2s of the last turn executed")
			}
		}
		if s.initial {
			return states.Bad("the game cannot end before the first execution")
		}
		return nil
	case stagePlace, stageFace:
		return s.checkPlacing(waiting)
	}
	return s.checkProgramming()
}

// checkExecuted checks the rovers and the turn against whether the first
// execution has happened: before it, every racing rover stands on the start
// line fully equipped; after it, every rover is placed and one still races
// within the turn limit.
func (s *State) checkExecuted(racing, waiting int) error {
	g, b := s.g, s.g.board
	n := g.players
	if s.initial {
		if s.stage == stageOver || s.moon != 0 || s.turn != 1 || s.taken != 0 {
			return states.Bad("the initial setup is at turn 1, Moon on Rover 1, caches untouched, game running")
		}
		for i := 0; i < 2*n; i++ {
			r := &s.rovers[i]
			if r.Status == Destroyed {
				return states.Bad("rover %d destroyed before the first execution", i)
			}
			if r.Status != Racing {
				continue
			}
			slot := b.startSlot[r.Pos]
			if slot < 0 || b.facings[slot]&(1<<r.Heading) == 0 || r.Armed || r.Phases != MaxPhases ||
				r.Shields != MaxShields[i%2] || r.Missiles != MaxMissiles[i%2] || r.Shown != emptyProgram {
				return states.Bad("rover %d: before the first execution a rover stands on the start line facing off it, fully equipped", i)
			}
		}
	} else {
		if waiting > 0 || s.stage == stageFirst {
			return states.Bad("rovers not placed after the first execution")
		}
		if s.stage != stageOver && racing == 0 {
			return states.Bad("no rover left but the game goes on")
		}
		if s.stage != stageOver && s.moon == 1 && int(s.turn) >= g.turnLimit {
			return states.Bad("turn %d is past the turn limit", s.turn)
		}
	}
	return nil
}

// checkPlacing checks a stage of placing rovers: in the placement order
// before the first execution, replacements after it.
func (s *State) checkPlacing(waiting int) error {
	g, n := s.g, s.g.players
	if s.initial {
		placed := 2*n - waiting
		for k := 0; k < 2*n; k++ {
			if (s.rovers[s.placeOrder(k)].Status != Waiting) != (k < placed) {
				return states.Bad("rovers placed out of the placement order")
			}
		}
		for i := 0; i < 2*n; i++ {
			if !s.emptyProgram(i) {
				return states.Bad("rover %d programmed before every rover is placed", i)
			}
		}
	} else {
		if !g.replacement || s.moon != 0 {
			return states.Bad("a replacement rover is placed only with the replacement rule, before the Rover 1s are reprogrammed")
		}
		for i := 0; i < 2*n; i += 2 {
			if !s.emptyProgram(i) {
				return states.Bad("rover %d reprogrammed before the replacement rovers are placed", i)
			}
		}
		for i := 1; i < 2*n; i += 2 {
			if s.rovers[i].Status == Racing && !s.complete(i) {
				return states.Bad("rover %d: a Rover 2 waiting to execute has a card on every phase", i)
			}
		}
	}
	if !s.locate() {
		return states.Bad("stage %s with no rover to place", stageNames[s.stage])
	}
	if s.stage == stageFace && (s.pending < 0 || s.occupant(s.pending) >= 0) {
		return states.Bad("stage face needs a free pending start hex")
	}
	return nil
}

// checkProgramming checks the programme stage: replacements placed, and
// every racing rover programmed up to the one programming now.
func (s *State) checkProgramming() error {
	g, n := s.g, s.g.players
	if !s.initial && s.moon == 0 && g.replacement {
		for seat := 0; seat < n; seat++ {
			if s.needsReplacement(seat) {
				return states.Bad("seat %d lost both rovers but has no replacement", seat)
			}
		}
	}
	if !s.locate() {
		return states.Bad("stage program with nothing left to program")
	}
	mask := s.groupMask()
	for i := 0; i < 2*n; i++ {
		if s.rovers[i].Status != Racing {
			continue
		}
		inGroup := mask&(1<<(i%2)) != 0
		r := &s.rovers[i]
		switch {
		case !inGroup || i < int(s.target):
			if !s.complete(i) {
				return states.Bad("rover %d should have a card on every phase", i)
			}
		case i > int(s.target):
			if !s.emptyProgram(i) {
				return states.Bad("rover %d is programmed out of turn", i)
			}
		default:
			for p := s.phase; p < MaxPhases; p++ {
				if r.Program[p] != NoCard {
					return states.Bad("rover %d: phase %d programmed before phase %d", i, p+1, s.phase+1)
				}
			}
		}
	}
	return nil
}
