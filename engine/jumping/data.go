package jumping

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"

	"github.com/moongym/moongym/engine"
)

// ErrBadLine is wrapped by the errors of the statement parsers below (the
// games wrap them again in their own data errors, with the line).
var ErrBadLine = errors.New("bad data line")

// Material is what the jumping games' data files share: the size of the
// track and the faces of the dice. Games embed it in their Data.
type Material struct {
	Width, Height, Plain int
	Dice                 [NumColours][6]int8
	seenDice             [NumColours]bool
}

// Sizes are the ranges a game allows for the width and height statements.
type Sizes struct{ MinWidth, MinHeight int }

// Statement reads f if it is one of the shared statements:
//
//	width W      columns of every card (MinWidth..8)
//	height H     levels of the track (MinHeight..8)
//	plain P      the level of the plain (checked by Check)
//	dice COLOUR F F F F F F   six faces: 1..4, a trailing x marks the skull
//
// It reports whether it was one.
func (m *Material) Statement(f []string, sz Sizes) (bool, error) {
	switch f[0] {
	case "width", "height", "plain":
		lo, hi := sz.MinWidth, MaxSize
		switch f[0] {
		case "height":
			lo = sz.MinHeight
		case "plain":
			lo, hi = math.MinInt, math.MaxInt
		}
		n, err := parseNumber(f, lo, hi)
		if err != nil {
			return true, err
		}
		switch f[0] {
		case "width":
			m.Width = n
		case "height":
			m.Height = n
		default:
			m.Plain = n
		}
	case "dice":
		c, faces, err := parseDice(f)
		if err != nil {
			return true, err
		}
		m.Dice[c], m.seenDice[c] = faces, true
	default:
		return false, nil
	}
	return true, nil
}

// Check reports what the shared statements lack at the end of a file:
// width and height, a plain below the top level, a dice line per colour.
func (m *Material) Check() error {
	switch {
	case m.Width == 0 || m.Height == 0:
		return fmt.Errorf("%w: width and height are required", ErrBadLine)
	case m.Plain < 0 || m.Plain >= m.Height-1:
		return fmt.Errorf("%w: plain %d outside 0..%d", ErrBadLine, m.Plain, m.Height-2)
	}
	for c := range m.seenDice {
		if !m.seenDice[c] {
			return fmt.Errorf("%w: no dice line for %s", ErrBadLine, ColourNames[c])
		}
	}
	return nil
}

// ParseNumber reads a statement "NAME N" with N in lo..hi.
func ParseNumber(f []string, lo, hi int) (int, error) { return parseNumber(f, lo, hi) }

func parseNumber(f []string, lo, hi int) (int, error) {
	if len(f) != 2 {
		return 0, fmt.Errorf("%w: %s wants one number", ErrBadLine, f[0])
	}
	n, err := strconv.Atoi(f[1])
	if err != nil {
		return 0, fmt.Errorf("%w: %s: %v", ErrBadLine, f[0], err)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("%w: %s %d outside %d..%d", ErrBadLine, f[0], n, lo, hi)
	}
	return n, nil
}

// parseDice reads a statement "dice COLOUR F F F F F F".
func parseDice(f []string) (int, [6]int8, error) {
	var faces [6]int8
	if len(f) != 8 {
		return 0, faces, fmt.Errorf("%w: dice wants a colour and 6 faces", ErrBadLine)
	}
	c := -1
	for i, n := range ColourNames {
		if n == f[1] {
			c = i
		}
	}
	if c < 0 {
		return 0, faces, fmt.Errorf("%w: unknown colour %q", ErrBadLine, f[1])
	}
	for i := range faces {
		code, err := ParseFace(f[2+i])
		if err != nil {
			return 0, faces, fmt.Errorf("%w: %w", ErrBadLine, err)
		}
		faces[i] = code
	}
	return c, faces, nil
}

// MustParse parses a game's built-in data at init (a failure is a bug of
// the embedded file).
func MustParse[D any](game, text string, parse func(string) (*D, error)) *D {
	d, err := parse(text)
	if err != nil {
		panic(game + ": built-in data: " + err.Error())
	}
	return d
}

// ReadData is the data of the "data" parameter: builtin when file is
// empty, else the file parsed; errors wrap engine.ErrBadParam.
func ReadData[D any](file string, builtin *D, parse func(string) (*D, error)) (*D, error) {
	if file == "" {
		return builtin, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("%w: data: %w", engine.ErrBadParam, err)
	}
	d, err := parse(string(b))
	if err != nil {
		return nil, fmt.Errorf("%w: data %s: %w", engine.ErrBadParam, file, err)
	}
	return d, nil
}

// Loader makes a game's registry constructor: it reads the data parameter
// (ReadData) and builds the game with it.
func Loader[D any, G engine.Game](builtin *D, parse func(string) (*D, error), build func(engine.Params, *D) (G, error)) func(engine.Params) (engine.Game, error) {
	return func(p engine.Params) (engine.Game, error) {
		d, err := ReadData(p["data"], builtin, parse)
		if err != nil {
			return nil, err
		}
		g, err := build(p, d)
		if err != nil {
			return nil, err
		}
		return g, nil
	}
}
