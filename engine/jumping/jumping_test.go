package jumping

import (
	"errors"
	"testing"
)

// strip is a test track: one grid, rock outside it.
type strip struct {
	g    Grid
	w, h int
}

func (s strip) Cell(x, l int) uint8 {
	if x < 0 || x >= s.w || l < 0 {
		return Rock
	}
	if l >= s.h {
		return Air
	}
	return s.g[x][l]
}

func mustStrip(t *testing.T, rows ...string) strip {
	t.Helper()
	g, err := ParseGrid(rows, len(rows[0]), len(rows))
	if err != nil {
		t.Fatal(err)
	}
	return strip{g, len(rows[0]), len(rows)}
}

func TestLand(t *testing.T) {
	s := mustStrip(t,
		"......",
		"..o...",
		"oO#xoo",
		"######",
	)
	face := func(v int, skull bool) int8 {
		f := int8(v - 1)
		if skull {
			f += 4
		}
		return f
	}
	cases := []struct {
		name      string
		x, l, col int
		f         int8
		mask, dx  int
		want      Landing
	}{
		{"blue 1 onto a marked circle", 0, 1, Blue, face(1, false), 0, 1, Landing{X: 1, L: 1, Marks: 1}},
		{"blue 2 hits rock", 0, 1, Blue, face(2, false), 0, 1, Landing{X: 1, L: 1, Crash: true, Hit: true, Marks: 1}},
		{"black climbs onto the hill", 1, 1, Black, face(1, false), 1, 1, Landing{X: 2, L: 2}},
		{"white descends, lands hazard", 2, 2, White, face(1, false), 1, 1, Landing{X: 3, L: 1, Crash: true}},
		{"backwards off the hill into air falls", 2, 2, Blue, face(1, false), 0, -1, Landing{X: 1, L: 1, Crash: true, Marks: 1}},
		{"skull crashes on a circle", 0, 1, Black, face(1, true), 0, 1, Landing{X: 1, L: 1, Crash: true, Marks: 1}},
	}
	for _, c := range cases {
		got := Land(s, c.x, c.l, c.col, c.f, c.mask, c.dx, -1, s.h)
		if got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
	if got := Land(s, 3, 1, Blue, face(2, false), 0, 1, 4, s.h); !got.Reached || got.X != 4 {
		t.Errorf("goal: got %+v", got)
	}
}

func TestPathMasksAndFaces(t *testing.T) {
	if lo, hi := PathMasks(Blue, 2); lo != 0 || hi != 0 {
		t.Errorf("blue: %d..%d", lo, hi)
	}
	if lo, hi := PathMasks(Black, 1); lo != 0 || hi != 3 {
		t.Errorf("black 2: %d..%d", lo, hi)
	}
	if lo, hi := PathMasks(White, 2); lo != 1 || hi != 7 {
		t.Errorf("white 3: %d..%d", lo, hi)
	}
	for f := int8(0); f < NumFaces; f++ {
		g, err := ParseFace(FaceName(f))
		if err != nil || g != f {
			t.Errorf("face %d: %v %v", f, g, err)
		}
	}
	if _, err := ParseFace("5"); !errors.Is(err, ErrBadFace) {
		t.Errorf("face 5: %v", err)
	}
}

func TestParseGridRejects(t *testing.T) {
	bad := map[string][]string{
		"top rock":     {"#.", "##"},
		"box on air":   {"o.", ".o"},
		"air on rock":  {"..", "#o"},
		"no circle":    {"..", "xx"},
		"unknown cell": {"..", "oq"},
		"short row":    {"..", "o"},
	}
	for name, rows := range bad {
		if _, err := ParseGrid(rows, 2, 2); !errors.Is(err, ErrBadGrid) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestBestCircleAndFall(t *testing.T) {
	s := mustStrip(t,
		"o.",
		"#.",
		"o.",
		"#o",
	)
	if got := BestCircle(s, 0, 2, s.h); got != 3 {
		t.Errorf("best circle: %d", got)
	}
	if got := Fall(s, 1, 3, s.h); got != 0 {
		t.Errorf("fall: %d", got)
	}
}
