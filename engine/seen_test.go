package engine_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
)

// secretGame is tic-tac-toe whose marks are secret: a seat other than the
// one marking is told "a secret mark" by Hidden.
type secretGame struct{ tictactoe.Game }

func (secretGame) NewInitialState() engine.State {
	return &secretState{tictactoe.Game{}.NewInitialState().(*tictactoe.State)}
}

type secretState struct{ *tictactoe.State }

func (s *secretState) Clone() engine.State {
	return &secretState{s.State.Clone().(*tictactoe.State)}
}

func (s *secretState) CurrentPlayerFor(p engine.Player) engine.Player {
	if cur := s.CurrentPlayer(); cur >= 0 && p != cur {
		return engine.Hidden
	}
	return s.CurrentPlayer()
}

func (s *secretState) StringFor(p engine.Player) string { return "secret marks" }

func (s *secretState) ActionStringFor(p engine.Player, a engine.Action) string {
	if p != s.CurrentPlayer() {
		return "a secret mark"
	}
	return s.ActionString(a)
}

func (s *secretState) Effects(after engine.State) []string {
	return s.State.Effects(after.(*secretState).State)
}

func TestPlayerStringHidden(t *testing.T) {
	if got := engine.Hidden.String(); got != "others" {
		t.Errorf("Hidden is %q", got)
	}
}

func TestCurrentPlayerFor(t *testing.T) {
	plain := tictactoe.Game{}.NewInitialState()
	if got := engine.CurrentPlayerFor(plain, 1); got != 0 {
		t.Errorf("a game without ToMoveViewer: %s, want p0", got)
	}
	secret := secretGame{}.NewInitialState()
	if got := engine.CurrentPlayerFor(secret, 1); got != engine.Hidden {
		t.Errorf("a ToMoveViewer: %s, want others", got)
	}
	if got := engine.CurrentPlayerFor(secret, 0); got != 0 {
		t.Errorf("the seat to act: %s, want p0", got)
	}
}

// TestHistoryFor: each seat sees its own marks and one entry per run of the
// other's (its own labelled in its words, the others' by their secret name);
// a spectator, to whom every mark is secret, sees nothing while the
// run goes on, then one entry with every effect.
func TestHistoryFor(t *testing.T) {
	g := secretGame{}
	win := []engine.Action{4, 1, 0, 2, 8} // X: b2, a1, c3 wins
	h, s, err := engine.HistoryFor(g, win[:4], 0)
	if err != nil {
		t.Fatal(err)
	}
	if s.CurrentPlayer() != 0 {
		t.Fatalf("final state: %s to act", s.CurrentPlayer())
	}
	want := []engine.SeenMove{
		{Player: 0, Name: "b2", Label: "X in row 2, column 2 (centre)", Action: 4, Known: true, Events: []string{"p0: b2", "X marks b2"}, First: 0, Actions: 1},
		{Player: engine.Hidden, Name: "a secret mark", Label: "a secret mark", Events: []string{"others: a secret mark", "O marks b1"}, First: 1, Actions: 1},
		{Player: 0, Name: "a1", Label: "X in row 1, column 1", Action: 0, Known: true, Events: []string{"p0: a1", "X marks a1"}, First: 2, Actions: 1},
		{Player: engine.Hidden, Name: "a secret mark", Label: "a secret mark", Events: []string{"others: a secret mark", "O marks c1"}, First: 3, Actions: 1},
	}
	if !slices.EqualFunc(h, want, seenEqual) {
		t.Errorf("p0's history:\n%+v\nwant\n%+v", h, want)
	}
	// A spectator during the game: the run goes on, nothing is shown.
	if h, _, err := engine.HistoryFor(g, win[:4], 9); err != nil || len(h) != 0 {
		t.Errorf("a spectator is shown %+v, %v during the run", h, err)
	}
	h, _, err = engine.HistoryFor(g, win, 9)
	if err != nil {
		t.Fatal(err)
	}
	want = []engine.SeenMove{{Player: engine.Hidden, Name: "a secret mark", Label: "a secret mark", Events: []string{"others: a secret mark",
		"X marks b2", "O marks b1", "X marks a1", "O marks c1", "X marks c3", "X completes a line and wins"}, First: 0, Actions: 5}}
	if !slices.EqualFunc(h, want, seenEqual) {
		t.Errorf("the spectator's history at the end:\n%+v\nwant\n%+v", h, want)
	}
	if _, _, err := engine.HistoryFor(g, []engine.Action{4, 4}, 0); !errors.Is(err, engine.ErrBadRecord) || !errors.Is(err, engine.ErrIllegalAction) {
		t.Errorf("an illegal action: %v", err)
	}
}

func seenEqual(a, b engine.SeenMove) bool {
	return a.Player == b.Player && a.Name == b.Name && a.Label == b.Label && a.Action == b.Action && a.Known == b.Known &&
		slices.Equal(a.Events, b.Events) && a.First == b.First && a.Actions == b.Actions
}
