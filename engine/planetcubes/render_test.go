package planetcubes_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/planetcubes"
)

// TestDrawingListsEmptySectors: with fewer teams than sectors the drawing
// says which sectors no team starts in (and no cube is in); with every
// sector taken it says nothing of the kind.
func TestDrawingListsEmptySectors(t *testing.T) {
	for players, want := range map[int]string{
		2: "empty sectors (no team starts there, no cube in them; their planets are open to all): S2 S3 S5 S6\n",
		3: "empty sectors (no team starts there, no cube in them; their planets are open to all): S2 S4 S6\n",
		5: "empty sectors (no team starts there, no cube in them; their planets are open to all): S6\n",
		6: "",
	} {
		g := engine.MustLoad(planetcubes.Name, engine.Params{"players": strconv.Itoa(players)})
		text := g.NewInitialState().String()
		if got := strings.Contains(text, "empty sectors"); got != (want != "") || !strings.Contains(text, want) {
			t.Errorf("%d players: want %q in\n%s", players, want, text)
		}
	}
}

// TestDrawingIsCompact: the board is one line per sector in play (a
// team's, or one a cube is in) and one of the planets between sectors, not
// a line per planet with its orbits (30 lines more at every decision):
// with two teams and a third sector in play the whole drawing is 11 lines
// (it was 41), every cube is drawn once,
// on its planet, and a sector no team uses gets its line once a cube is in
// it.
func TestDrawingIsCompact(t *testing.T) {
	g := mustGame(t, engine.Params{"players": "2"})
	s := build(t, g, pos{cubes: "R1@S1:1- R2@C1:2s R3@F:1l B1@L4:1- B2@W2:2-"})
	text := s.String()
	lines := strings.Split(text, "\n")
	if len(lines) > 11 {
		t.Errorf("%d lines, want at most 11:\n%s", len(lines), text)
	}
	for _, want := range []string{
		"  S1 Red   S1[R1:1-] | L1 W1 | C1[R2:2s]\n",
		"  S4 Blue  S4 | L4[B1:1-] W4 | C4\n",
		"  S2       S2 | L2 W2[B2:2-] | C2\n",
		"  between  H1 H2 H3 H4 H5 H6 F[R3:1l]\n",
		": S3 S5 S6\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("drawing lacks %q:\n%s", want, text)
		}
	}
	if n := len(regexp.MustCompile(`[RB]\d:`).FindAllString(text, -1)); n != 5+1 { // and the legend's R3:2l*!
		t.Errorf("%d cubes drawn, want 5:\n%s", n, text)
	}
}

// TestDrawingOtherBoards: a board whose planet names do not start with
// their kind's letter gets the kinds marked; planets as near to two
// Starting planets are between sectors.
func TestDrawingOtherBoards(t *testing.T) {
	small := `{"name":"small","planets":[{"name":"S1","kind":"start"},{"name":"Arms","kind":"weaponry"},
		{"name":"Moon","kind":"fullmoon"},{"name":"Base","kind":"start"},{"name":"Doc","kind":"lifeup"}],
		"orbits":[["S1","Arms"],["Arms","Moon"],["Base","Doc"],["Doc","Moon"]],"seats":{"2":["S1","Base"]}}`
	path := filepath.Join(t.TempDir(), "small.json")
	if err := os.WriteFile(path, []byte(small), 0o644); err != nil {
		t.Fatal(err)
	}
	g := engine.MustLoad(planetcubes.Name, engine.Params{"board": path})
	text := g.NewInitialState().String()
	for _, want := range []string{
		"  S1 Red     S1(S)[R1:1-] | Arms(W)\n",
		"  Base Blue  Base(S)[B1:1-] | Doc(L)\n",
		"  between    Moon(F)\n",
		"(S) start, (C) cube, (L) life-up",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("drawing lacks %q:\n%s", want, text)
		}
	}
}

// TestMoveHelp: the game explains its move names and lists every orbit of
// its board, which the drawing no longer does.
func TestMoveHelp(t *testing.T) {
	help := mustGame(t, nil).MoveHelp()
	for _, want := range []string{"move L4", "activate", "hit B2", "back", "end",
		"C1 Planet Cube     -> L1 W1 H1 H6 F\n", "F  Full Moon       -> C1 C2 C3 C4 C5 C6\n"} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q:\n%s", want, help)
		}
	}
}
