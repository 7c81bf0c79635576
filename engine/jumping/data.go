package jumping

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/safefile"
)

// ErrBadLine is wrapped by the errors of the statement parsers below (the
// games wrap them again in their own data errors, with the line). They
// describe a bad value, never quote it: a data file may be any file a user
// names (ReadData).
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
		return fmt.Errorf("%w: plain must be in 0..%d (one below the height at most)", ErrBadLine, m.Height-2)
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
		return 0, fmt.Errorf("%w: %s wants a whole number", ErrBadLine, f[0])
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("%w: %s must be in %s", ErrBadLine, f[0], span(lo, hi))
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
		return 0, faces, fmt.Errorf("%w: dice: unknown colour, want one of %s", ErrBadLine, strings.Join(ColourNames[:], ", "))
	}
	for i := range faces {
		code, err := ParseFace(f[2+i])
		if err != nil {
			return 0, faces, fmt.Errorf("%w: dice %s: face %d: %w: want 1..4, optionally followed by x", ErrBadLine, ColourNames[c], i+1, ErrBadFace)
		}
		faces[i] = code
	}
	return c, faces, nil
}

// span writes lo..hi, leaving out an end that is no bound.
func span(lo, hi int) string {
	switch {
	case lo == math.MinInt && hi == math.MaxInt:
		return "any whole number"
	case hi == math.MaxInt:
		return fmt.Sprintf("%d or more", lo)
	}
	return fmt.Sprintf("%d..%d", lo, hi)
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
// empty, else the file parsed; errors wrap engine.ErrBadParam. The file
// must be a regular file of at most safefile.DataLimit bytes (1 MiB;
// errors.Is safefile.ErrNotRegular, safefile.ErrTooLarge), and a parse
// error's message is cleared of the file's text (safefile.Redact): the
// name may come from a client of the seat server, and the message goes
// back to it.
func ReadData[D any](files fs.FS, file string, builtin *D, parse func(string) (*D, error)) (*D, error) {
	if file == "" {
		return builtin, nil
	}
	b, err := safefile.ReadFS(files, file, safefile.DataLimit)
	if err != nil {
		return nil, fmt.Errorf("%w: data: %w", engine.ErrBadParam, err)
	}
	d, err := parse(string(b))
	if err != nil {
		return nil, fmt.Errorf("%w: data %s: %w", engine.ErrBadParam, file, safefile.Redact(err, b))
	}
	return d, nil
}

// Loader makes a game's registry constructor: it reads the data parameter
// (ReadData) and builds the game with it.
func Loader[D any, G engine.Game](builtin *D, parse func(string) (*D, error), build func(engine.Params, *D) (G, error)) engine.NewGameFunc {
	return func(p engine.Params, files fs.FS) (engine.Game, error) {
		d, err := ReadData(files, p["data"], builtin, parse)
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
