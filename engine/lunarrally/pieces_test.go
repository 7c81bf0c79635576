package lunarrally

import (
	"slices"
	"testing"
)

// The box's terrain pieces, as hex offsets in cube coordinates around an
// anchor hex: craters of 7 (a hex and its six neighbours), 6 (the same less
// one), 3 (a triangle) and 1; fine dust of 6 (two rows of three, the lower
// one shifted half a hex) and 3 (a triangle). A piece may lie turned any of
// the six ways, or face down.
type piece struct {
	size  int
	count int // how many the box holds
	cells []cube
}

var (
	east      = cube{1, -1, 0}
	northEast = cube{1, 0, -1}
	southWest = cube{-1, 0, 1}
)

func (a cube) add(b cube) cube { return cube{a.x + b.x, a.y + b.y, a.z + b.z} }

func ring() []cube {
	out := []cube{east}
	for len(out) < 6 {
		out = append(out, out[len(out)-1].rotateRight())
	}
	return out
}

var (
	craterPieces = []piece{
		{7, 2, append([]cube{{}}, ring()...)},
		{6, 2, append([]cube{{}}, ring()[:5]...)},
		{3, 2, []cube{{}, east, northEast}},
		{1, 2, []cube{{}}},
	}
	dustPieces = []piece{
		{6, 3, []cube{{}, east, east.add(east), southWest, southWest.add(east), southWest.add(east).add(east)}},
		{3, 3, []cube{{}, east, northEast}},
	}
)

// orientations lists a piece's cells turned each of the six ways and
// mirrored (the mirror swaps y and z).
func orientations(cells []cube) [][]cube {
	var out [][]cube
	for _, mirror := range []bool{false, true} {
		cur := slices.Clone(cells)
		if mirror {
			for i, c := range cur {
				cur[i] = cube{c.x, c.z, c.y}
			}
		}
		for range 6 {
			out = append(out, slices.Clone(cur))
			for i := range cur {
				cur[i] = cur[i].rotateRight()
			}
		}
	}
	return out
}

// coverByPieces reports whether the hexes of terrain t on board b are
// exactly covered by non-overlapping pieces, each kind used at most as
// often as the box holds it, and returns the sizes used.
func coverByPieces(b *Board, t Terrain, pieces []piece) ([]int, bool) {
	byCube := map[cube]int{}
	var todo []int
	for i := 0; i < b.Cells(); i++ {
		if b.cells[i] == t {
			byCube[b.cubes[i]] = i
			todo = append(todo, i)
		}
	}
	covered := map[int]bool{}
	left := make([]int, len(pieces))
	for k, p := range pieces {
		left[k] = p.count
	}
	var used []int
	var solve func() bool
	solve = func() bool {
		first := -1
		for _, i := range todo {
			if !covered[i] {
				first = i
				break
			}
		}
		if first < 0 {
			return true
		}
		for k, p := range pieces {
			if left[k] == 0 {
				continue
			}
			for _, shape := range orientations(p.cells) {
				// Anchor the shape so that one of its cells lands on first.
				for _, pin := range shape {
					origin := b.cubes[first].sub(pin)
					var cells []int
					for _, c := range shape {
						i, ok := byCube[origin.add(c)]
						if !ok || covered[i] {
							cells = nil
							break
						}
						cells = append(cells, i)
					}
					if cells == nil {
						continue
					}
					for _, i := range cells {
						covered[i] = true
					}
					left[k]--
					used = append(used, p.size)
					if solve() {
						return true
					}
					used = used[:len(used)-1]
					left[k]++
					for _, i := range cells {
						covered[i] = false
					}
				}
			}
		}
		return false
	}
	return used, solve()
}

// TestScenariosUseTheBoxPieces checks that the craters and the fine dust of
// every built-in scenario are laid out from the pieces in the box.
func TestScenariosUseTheBoxPieces(t *testing.T) {
	for _, name := range Scenarios {
		b, err := LoadScenario(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			what   string
			t      Terrain
			pieces []piece
		}{{"craters", Crater, craterPieces}, {"fine dust", Dust, dustPieces}} {
			used, ok := coverByPieces(b, c.t, c.pieces)
			if !ok {
				t.Errorf("%s: the %s are not made of the box's pieces", name, c.what)
				continue
			}
			t.Logf("%s %s: pieces of %v hexes", name, c.what, used)
		}
	}
	// A straight line of 4 crater hexes is no set of pieces (two 1-hex
	// craters and triangles cannot make it); a triangle and a hex are.
	b, err := ParseScenario("line", []byte("S . . . . . F\n S X X X X . F\nS . . . . . F\n S . . . . . F\n"))
	if err != nil {
		t.Fatal(err)
	}
	if used, ok := coverByPieces(b, Crater, craterPieces); ok {
		t.Errorf("a line of 4 crater hexes covered by pieces of %v", used)
	}
	b, err = ParseScenario("triangle", []byte("S . . . . . F\n S X X . X . F\nS . X . . . F\n S . . . . . F\n"))
	if err != nil {
		t.Fatal(err)
	}
	if used, ok := coverByPieces(b, Crater, craterPieces); !ok || !slices.Equal(used, []int{3, 1}) {
		t.Errorf("a triangle and a hex: pieces %v, %v", used, ok)
	}
}
