package marchmars

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine/jumping"
)

//go:embed mars.txt
var defaultData string

// ErrBadData is wrapped by errors about a terrain data file.
var ErrBadData = errors.New("bad march-mars data")

// Limits of the data format.
const (
	maxWidth  = jumping.MaxSize
	maxHeight = jumping.MaxSize
	maxLZ     = 5
	maxCards  = 16
	numSlots  = 4 // martian cards on the full board
)

// Alien colours, by the hits that kill one.
const (
	yellow = iota
	blueAlien
	red
	numAlienColours
)

var alienNames = [numAlienColours]string{"yellow", "blue", "red"}

// MarsCard is one designed terrain card. The hidden box is a circle with
// the jumping.Marked flag.
type MarsCard struct {
	ID    int
	Name  string
	Cells jumping.Grid // Cells[col][level]
}

// Data is the designed material: terrain, dice, bag.
type Data struct {
	jumping.Material // width, height, plain, dice
	LZ               int
	Bag              [numAlienColours]int8
	Cards            []MarsCard
}

// ParseData reads and validates the format documented in mars.txt. Errors
// wrap ErrBadData and name the line.
func ParseData(text string) (*Data, error) {
	d := &Data{}
	sc := bufio.NewScanner(strings.NewReader(text))
	line := 0
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w: line %d: %s", ErrBadData, line, fmt.Sprintf(format, args...))
	}
	var cur *MarsCard
	var rows []string
	seenBag := false
	finish := func() error {
		if cur == nil {
			return nil
		}
		g, err := jumping.ParseGrid(rows, d.Width, d.Height)
		if err != nil {
			return fail("card %d: %v", cur.ID, err)
		}
		for c := 0; c < d.Width; c++ {
			for l := 0; l < d.Height; l++ {
				if g[c][l]&jumping.Marked == 0 {
					continue
				}
				if g[c][l]&jumping.Kind != jumping.Circle {
					return fail("card %d: only a circle can be the hidden box", cur.ID)
				}
				if l+1 >= d.Height || g[c][l+1]&jumping.Kind != jumping.Rock {
					return fail("card %d: the hidden box must be in a tunnel", cur.ID)
				}
			}
		}
		cur.Cells = g
		d.Cards = append(d.Cards, *cur)
		cur, rows = nil, nil
		return nil
	}
	for sc.Scan() {
		line++
		raw := strings.TrimSpace(sc.Text())
		inRows := cur != nil && len(rows) < d.Height
		if raw == "" || (!inRows && strings.HasPrefix(raw, "#")) {
			continue
		}
		f := strings.Fields(raw)
		if inRows {
			if len(f) != 1 {
				return nil, fail("card %d: a row is one word of cells", cur.ID)
			}
			rows = append(rows, f[0])
			continue
		}
		if err := finish(); err != nil {
			return nil, err
		}
		if ok, err := d.Statement(f, jumping.Sizes{MinWidth: 2, MinHeight: 3}); ok {
			if err != nil {
				return nil, fail("%v", err)
			}
			continue
		}
		switch f[0] {
		case "lz":
			n, err := jumping.ParseNumber(f, 1, maxLZ)
			if err != nil {
				return nil, fail("%v", err)
			}
			d.LZ = n
		case "bag":
			for _, w := range f[1:] {
				k, v, ok := strings.Cut(w, "=")
				n, err := strconv.Atoi(v)
				if !ok || err != nil || n < 0 || n > 60 {
					return nil, fail("%q: want colour=0..60", w)
				}
				c := -1
				for i, name := range alienNames {
					if name == k {
						c = i
					}
				}
				if c < 0 {
					return nil, fail("unknown alien colour %q", k)
				}
				d.Bag[c] = int8(n)
			}
			seenBag = true
		case "card":
			if d.Width == 0 || d.Height == 0 {
				return nil, fail("card before width and height")
			}
			if len(f) < 2 {
				return nil, fail("card wants an id")
			}
			id, err := strconv.Atoi(f[1])
			if err != nil || id < 1 || id > 99 {
				return nil, fail("card id %q: want 1..99", f[1])
			}
			for _, c := range d.Cards {
				if c.ID == id {
					return nil, fail("card id %d given twice", id)
				}
			}
			if len(d.Cards) >= maxCards {
				return nil, fail("more than %d cards", maxCards)
			}
			cur = &MarsCard{ID: id, Name: strings.Join(f[2:], " ")}
		default:
			return nil, fail("unknown statement %q", f[0])
		}
	}
	line++
	if err := finish(); err != nil {
		return nil, err
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadData, err)
	}
	if err := d.Check(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadData, err)
	}
	switch {
	case d.LZ == 0:
		return nil, fmt.Errorf("%w: lz is required", ErrBadData)
	case len(d.Cards) < numSlots:
		return nil, fmt.Errorf("%w: %d martian cards, want at least %d", ErrBadData, len(d.Cards), numSlots)
	case !seenBag || int(d.Bag[yellow])+int(d.Bag[blueAlien])+int(d.Bag[red]) < 12:
		return nil, fmt.Errorf("%w: the bag needs at least 12 aliens", ErrBadData)
	}
	return d, nil
}
