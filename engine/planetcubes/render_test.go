package planetcubes_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/planetcubes"
)

// TestDrawingListsEmptySectors: with fewer teams than sectors the drawing
// says which sectors no team starts in; with every sector taken it says
// nothing of the kind.
func TestDrawingListsEmptySectors(t *testing.T) {
	for players, want := range map[int]string{
		2: "empty sectors (no team starts there; their planets are open to all): S2 S3 S5 S6\n",
		3: "empty sectors (no team starts there; their planets are open to all): S2 S4 S6\n",
		5: "empty sectors (no team starts there; their planets are open to all): S6\n",
		6: "",
	} {
		g := engine.MustLoad(planetcubes.Name, engine.Params{"players": strconv.Itoa(players)})
		text := g.NewInitialState().String()
		if got := strings.Contains(text, "empty sectors"); got != (want != "") || !strings.Contains(text, want) {
			t.Errorf("%d players: want %q in\n%s", players, want, text)
		}
	}
}
