package lunarrally

import (
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// openMap is a rows x cols map with the start line in the first column, the
// finish line in the last, and the given terrain at named cells.
func openMap(rows, cols int, extra map[string]byte) string {
	var sb strings.Builder
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			ch := byte('.')
			switch c {
			case 0:
				ch = 'S'
			case cols - 1:
				ch = 'F'
			}
			if e, ok := extra[string(rune('a'+c))+strconv.Itoa(r+1)]; ok {
				ch = e
			}
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte(ch)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// rig is a state in the middle of a game on a test map: every rover
// destroyed until put on the board, nothing to program.
func rig(t testing.TB, players int, mapText string, params ...string) *State {
	t.Helper()
	b, err := ParseScenario("test", []byte(mapText))
	if err != nil {
		t.Fatal(err)
	}
	p := engine.Params{"players": strconv.Itoa(players)}
	for i := 0; i+1 < len(params); i += 2 {
		p[params[i]] = params[i+1]
	}
	g, err := New(b, p)
	if err != nil {
		t.Fatal(err)
	}
	s := &State{g: g}
	s.reset()
	s.stage, s.initial = stageProgram, false
	for i := range s.rovers {
		s.rovers[i].Status, s.rovers[i].Phases = Destroyed, 1
	}
	return s
}

// cell reads a cell name.
func (s *State) cell(t testing.TB, name string) int16 {
	t.Helper()
	c, ok := s.g.board.ParseCell(name)
	if !ok {
		t.Fatalf("no cell %q", name)
	}
	return int16(c)
}

// put places rover i, armed and fully equipped, with a program.
func (s *State) put(t testing.TB, i int, at string, heading int, cards ...Card) *Rover {
	t.Helper()
	s.place(i, s.cell(t, at), int8(heading))
	r := &s.rovers[i]
	r.Armed = true
	copy(r.Program[:], cards)
	return r
}

// walk is the cell reached from a cell by steps in the given directions.
func (s *State) walk(t *testing.T, from string, dirs ...int) string {
	t.Helper()
	c := int(s.cell(t, from))
	for _, d := range dirs {
		c = s.g.board.Neighbor(c, d)
		if c < 0 {
			t.Fatalf("walk from %s %v leaves the board", from, dirs)
		}
	}
	return s.g.board.CellName(c)
}

func (s *State) hex(i int) string { return s.g.board.CellName(int(s.rovers[i].Pos)) }

// damageTaken counts shields and phases lost by rover i from full.
func (s *State) damageTaken(i int) int {
	r := &s.rovers[i]
	if r.Status == Destroyed {
		return 99
	}
	return int(MaxShields[i%2]-r.Shields) + int(MaxPhases-r.Phases)
}

func bit(is ...int) uint8 {
	var m uint8
	for _, i := range is {
		m |= 1 << i
	}
	return m
}
