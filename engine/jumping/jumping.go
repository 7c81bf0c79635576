// Package jumping holds the movement rules that Walking on the Moon and March
// on Mars share: terrain cells in columns and levels, the three colours of
// jump dice and their faces, jumps that go straight, climb or descend, falls
// and crashes. A fix to a jump here is a fix in both games.
//
// A track is a row of columns, each a stack of levels (level 0 at the
// bottom). A Terrain gives the cell at a column and level; a jump of value v
// moves v columns in direction dx, each advance straight or (per bit of a
// path mask) diagonal, one level up for a black die or down for a white one.
package jumping

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Cell codes: the low two bits are the kind, Marked is a flag a game gives
// its own meaning (a Sputnik on the Moon, the hidden box on Mars).
const (
	Air    uint8 = 0
	Rock   uint8 = 1
	Circle uint8 = 2 // a safe box
	Hazard uint8 = 3 // a box without circle: landing there crashes
	Kind   uint8 = 3 // mask of the kind bits
	Marked uint8 = 4
)

// Die colours.
const (
	Blue  = iota // straight on
	Black        // may climb on any advance
	White        // must descend on at least one advance
	NumColours
)

// ColourNames name the colours.
var ColourNames = [NumColours]string{"blue", "black", "white"}

// NumFaces is the number of face codes: value v (1..4) is v-1, with the
// skull v+3.
const NumFaces = 8

// FaceValue is the number of a face code (1..4).
func FaceValue(f int8) int { return int(f&3) + 1 }

// FaceSkull reports whether a face carries the skull.
func FaceSkull(f int8) bool { return f >= 4 }

// FaceName writes a face: its value, then x for the skull.
func FaceName(f int8) string {
	s := strconv.Itoa(FaceValue(f))
	if FaceSkull(f) {
		s += "x"
	}
	return s
}

// ErrBadFace is wrapped by ParseFace's errors.
var ErrBadFace = errors.New("bad die face")

// ParseFace reads FaceName's form: 1..4, optionally followed by x.
func ParseFace(s string) (int8, error) {
	skull := strings.HasSuffix(s, "x")
	v, err := strconv.Atoi(strings.TrimSuffix(s, "x"))
	if err != nil || v < 1 || v > 4 {
		return 0, fmt.Errorf("%w %q: want 1..4, optionally followed by x", ErrBadFace, s)
	}
	code := int8(v - 1)
	if skull {
		code += 4
	}
	return code, nil
}

// Terrain is a track: Cell is the cell at column x, level l, rock outside
// the track's ends and below level 0, air above its top.
type Terrain interface {
	Cell(x, l int) uint8
}

// Climb is the level change of a diagonal advance for a die colour.
func Climb(col int) int {
	switch col {
	case Black:
		return 1
	case White:
		return -1
	}
	return 0
}

// PathMasks is the range of legal path masks of a die: blue goes straight,
// black may climb on any advance, white must descend on at least one.
func PathMasks(col int, face int8) (lo, hi int) {
	v := FaceValue(face)
	switch col {
	case Blue:
		return 0, 0
	case Black:
		return 0, 1<<v - 1
	}
	return 1, 1<<v - 1
}

// Path walks v advances from (x, l) in direction dx (+1 or -1): bit i of
// mask turns advance i into a diagonal of dl levels. It stops before rock
// (hit), or on column goal (reached; -1 for none). It returns where the
// pawn stops moving and the Marked cells it passed (the last one included
// unless it stopped on goal).
func Path[T Terrain](t T, x, l, v, dx, dl, mask, goal int) (nx, nl int, hit, reached bool, marks int) {
	for i := 0; i < v; i++ {
		ll := l
		if mask>>i&1 == 1 {
			ll += dl
		}
		xx := x + dx
		c := t.Cell(xx, ll)
		if c&Kind == Rock {
			return x, l, true, false, marks
		}
		x, l = xx, ll
		if xx == goal {
			return x, l, false, true, marks
		}
		if c&Marked != 0 {
			marks++
		}
	}
	return x, l, false, false, marks
}

// Fall drops from (x, l) to the box below it.
func Fall[T Terrain](t T, x, l, height int) int {
	for l > 0 && t.Cell(x, l)&Kind == Air {
		l--
	}
	if l >= height {
		l = height - 1
		for l > 0 && t.Cell(x, l)&Kind == Air {
			l--
		}
	}
	return l
}

// Landing is where a jump ends.
type Landing struct {
	X, L    int
	Crash   bool // skull, rock, air or a hazardous box
	Reached bool // stopped on the goal column
	Hit     bool // stopped before rock
	Marks   int  // Marked cells passed, the box fallen onto included
}

// Land resolves a jump of die colour col and face from (x, l) in direction
// dx with a path mask: a skull, a hit on rock, ending in the air (the pawn
// falls to the box below) or on a hazardous box is a crash. Reaching goal
// ends the jump there (a crash if that cell is air); height is the track's.
func Land[T Terrain](t T, x, l, col int, face int8, mask, dx, goal, height int) Landing {
	nx, nl, hit, reached, marks := Path(t, x, l, FaceValue(face), dx, Climb(col), mask, goal)
	ld := Landing{X: nx, L: nl, Crash: FaceSkull(face) || hit, Reached: reached, Hit: hit, Marks: marks}
	if reached {
		if t.Cell(nx, nl)&Kind == Air {
			ld.Crash = true
		}
		return ld
	}
	switch t.Cell(nx, nl) & Kind {
	case Air:
		ld.Crash = true
		ld.L = Fall(t, nx, nl, height)
		if t.Cell(nx, ld.L)&Marked != 0 {
			ld.Marks++
		}
	case Hazard:
		ld.Crash = true
	}
	return ld
}

// BestCircle is the circle of column x nearest to level l (the higher on a
// tie), or -1.
func BestCircle[T Terrain](t T, x, l, height int) int {
	best, bd := -1, 1<<10
	for k := height - 1; k >= 0; k-- {
		if t.Cell(x, k)&Kind != Circle {
			continue
		}
		d := k - l
		if d < 0 {
			d = -d
		}
		if d < bd {
			best, bd = k, d
		}
	}
	return best
}

// MaxSize bounds the width and height of a card grid.
const MaxSize = 8

// Grid is a terrain card: Cells[col][level].
type Grid [MaxSize][MaxSize]uint8

// ErrBadGrid is wrapped by ParseGrid's errors.
var ErrBadGrid = errors.New("bad terrain grid")

// ParseGrid reads a card drawn as rows of cells, the top level first:
//
//	#  rock           .  air            *  air, marked
//	o  circle (safe)  O  circle, marked
//	x  hazardous box  X  hazardous box, marked
//
// and checks it: a box stands on rock or on level 0, air never stands on
// rock, the top level is never rock, and there is at least one circle.
func ParseGrid(rows []string, width, height int) (Grid, error) {
	var g Grid
	if width < 1 || width > MaxSize || height < 2 || height > MaxSize || len(rows) != height {
		return g, fmt.Errorf("%w: %d rows of a %dx%d card", ErrBadGrid, len(rows), width, height)
	}
	for r, row := range rows {
		if len(row) != width {
			return g, fmt.Errorf("%w: row %d has %d cells, want %d", ErrBadGrid, r+1, len(row), width)
		}
		lvl := height - 1 - r
		for c := 0; c < width; c++ {
			var v uint8
			switch row[c] {
			case '#':
				v = Rock
			case '.':
				v = Air
			case '*':
				v = Air | Marked
			case 'o':
				v = Circle
			case 'O':
				v = Circle | Marked
			case 'x':
				v = Hazard
			case 'X':
				v = Hazard | Marked
			default:
				return g, fmt.Errorf("%w: cell %q is not one of # . * o O x X", ErrBadGrid, row[c])
			}
			g[c][lvl] = v
		}
	}
	circles := 0
	for c := 0; c < width; c++ {
		for l := 0; l < height; l++ {
			k := g[c][l] & Kind
			below := Rock
			if l > 0 {
				below = g[c][l-1] & Kind
			}
			switch {
			case k == Rock && l == height-1:
				return g, fmt.Errorf("%w: column %d: the top level is rock", ErrBadGrid, c+1)
			case (k == Circle || k == Hazard) && below != Rock:
				return g, fmt.Errorf("%w: column %d level %d: a box must stand on rock", ErrBadGrid, c+1, l)
			case k == Air && below == Rock:
				return g, fmt.Errorf("%w: column %d level %d: air on rock must be a box", ErrBadGrid, c+1, l)
			}
			if k == Circle {
				circles++
			}
		}
	}
	if circles == 0 {
		return g, fmt.Errorf("%w: no circle", ErrBadGrid)
	}
	return g, nil
}

// ProgramKeys lists the next die a player may put on its programme of up to
// three jumps (or actions), as keys 3*jump+colour appended to dst plus
// base: dice go in canonical order (jump, then colour, never skipping a
// jump) so that every programme is reached one way only, and only where the
// remaining dice still fit. avail is what is left of each colour, rest the
// dice still to place after this one, lastKey the last key placed (-1
// none), jumps the jumps begun.
func ProgramKeys(avail [NumColours]int, rest, lastKey, jumps int, base int32, dst []int32) []int32 {
	for j := 0; j < 3; j++ {
		if j > jumps {
			break
		}
		for c := 0; c < NumColours; c++ {
			key := j*3 + c
			if key < lastKey || avail[c] <= 0 {
				continue
			}
			room := 0
			for c2 := 0; c2 < NumColours; c2++ {
				n := avail[c2]
				if c2 == c {
					n--
				}
				if j < 2 || c2 >= c {
					room += n
				}
			}
			if room >= rest {
				dst = append(dst, base+int32(key))
			}
		}
	}
	return dst
}

// HasFace reports whether a die with these faces shows face f.
func HasFace(faces [6]int8, f int8) bool {
	for _, x := range faces {
		if x == f {
			return true
		}
	}
	return false
}

// FirstOf reports whether die i of a roll is the first with its colour and
// face (the others are the same choice).
func FirstOf(cols, faces []int8, i int) bool {
	for j := 0; j < i; j++ {
		if cols[j] == cols[i] && faces[j] == faces[i] {
			return false
		}
	}
	return true
}
