package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/moongym/moongym/engine"
)

// ErrTrailingData is DecodeStrict's error when the data goes on after the
// JSON value.
var ErrTrailingData = errors.New("data after the value")

// DecodeStrict decodes exactly one JSON value from data into v: a field v
// does not have is an error, and so is anything but white space after the
// value (ErrTrailingData).
func DecodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return ErrTrailingData
	}
	return nil
}

// States is a game's name as the prefix of its bad-state errors.
type States string

// Bad is an error wrapping engine.ErrBadState: "bad state: GAME: message".
func (g States) Bad(format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", engine.ErrBadState, string(g), fmt.Sprintf(format, args...))
}

// Decode is DecodeStrict with its error wrapped as a bad state of the game.
func (g States) Decode(data []byte, v any) error {
	switch err := DecodeStrict(data, v); {
	case errors.Is(err, ErrTrailingData):
		return g.Bad("data after the state")
	case err != nil:
		return fmt.Errorf("%w: %s: %w", engine.ErrBadState, string(g), err)
	}
	return nil
}

// Index is the position of name in names, the value of an enumeration
// written by its name; a name not in the list is a bad state of the game
// naming what was read and the names allowed.
func Index[T Integer](g States, names []string, name, what string) (T, error) {
	if k := slices.Index(names, name); k >= 0 {
		return T(k), nil
	}
	return 0, g.Bad("%s %q is not one of %q", what, name, names)
}

// Integer is the integer kinds In takes.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32
}

// In reports whether lo <= v <= hi.
func In[T Integer](v T, lo, hi int) bool {
	return int(v) >= lo && int(v) <= hi
}
