package enginetest

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// checkPicture checks, on one state in sixteen (pictures cost as much as
// the rest of checkState), that a game's pictures are
// well-formed XML with a root <svg> that has a viewBox, whole and for one
// seat drawn at random, and that its events are non-empty for some legal action.
func checkPicture(t *testing.T, g engine.Game, s engine.State, rng *rand.Rand) {
	t.Helper()
	if _, ok := s.(engine.Picturer); !ok || rng.IntN(16) != 0 {
		return
	}
	svg, _ := engine.SVG(s)
	if err := CheckSVG(svg); err != nil {
		t.Errorf("SVG: %v", err)
	}
	q := rng.IntN(g.NumPlayers()) // one seat's picture, for time
	if svg, _ := engine.SVGFor(s, engine.Player(q)); CheckSVG(svg) != nil {
		t.Errorf("SVGFor(p%d): %v", q, CheckSVG(svg))
	}
	if legal := s.LegalActions(nil); len(legal) > 0 {
		a := legal[rng.IntN(len(legal))]
		c := s.Clone()
		c.Apply(a)
		if ev := engine.Events(s, a, c); len(ev) == 0 || ev[0] == "" {
			t.Errorf("Events(%s) = %q: empty", s.ActionString(a), ev)
		}
	}
}

// ErrBadSVG is what CheckSVG's errors wrap.
var ErrBadSVG = errors.New("bad SVG")

// CheckSVG reports whether svg is a well-formed XML document whose root is
// an <svg> element with a viewBox.
func CheckSVG(svg []byte) error {
	d := xml.NewDecoder(bytes.NewReader(svg))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return errors.Join(ErrBadSVG, err)
		}
		if st, ok := tok.(xml.StartElement); ok && root == "" {
			root = st.Name.Local
			vb := ""
			for _, a := range st.Attr {
				if a.Name.Local == "viewBox" {
					vb = a.Value
				}
			}
			if root != "svg" || len(strings.Fields(vb)) != 4 {
				return errors.Join(ErrBadSVG, errors.New("root is not an <svg> with a viewBox"))
			}
		}
	}
	if root == "" {
		return errors.Join(ErrBadSVG, errors.New("empty document"))
	}
	return nil
}
