package welcomemoon

import (
	"errors"
	"testing"

	"github.com/moongym/moongym/engine"
)

// sheetCase changes seat 0's sheet into one the rules cannot reach.
type sheetCase struct {
	name string
	mut  func(sh *sheet)
}

// checkRejects: s decodes; every case applied to seat 0's sheet of s is
// refused with ErrBadState.
func checkRejects(t *testing.T, g *Game, s *State, cases []sheetCase) {
	t.Helper()
	good, _ := s.MarshalJSON()
	if _, err := g.DecodeState(good); err != nil {
		t.Fatalf("good state rejected: %v", err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := *s
			c.mut(&b.sh[0])
			b.syncPub()
			data, _ := b.MarshalJSON()
			if _, err := g.DecodeState(data); !errors.Is(err, engine.ErrBadState) {
				t.Errorf("got %v", err)
			}
		})
	}
}
