package welcomemoon

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// toDecide plays the first chance outcomes of a 3-player game on adventure 1
// until p0 chooses.
func toDecide(t *testing.T) *State {
	t.Helper()
	s := testGame(t, 1, 3, 1).NewInitialState().(*State)
	for s.phase != phDecide {
		s.Apply(s.LegalActions(nil)[0])
	}
	return s
}

// afterP0 lets p0 take its turn starting with the k-th legal pick (the
// first legal action everywhere else), stopping when p1 is to choose.
func afterP0(t *testing.T, s *State, k int) *State {
	t.Helper()
	s = s.Clone().(*State)
	legal := s.LegalActions(nil)
	s.Apply(legal[min(k, len(legal)-1)])
	for s.phase == phDecide && s.cur == 0 {
		s.Apply(s.LegalActions(nil)[0])
	}
	if s.phase != phDecide || s.cur != 1 {
		t.Fatalf("p1 is not choosing:\n%s", s)
	}
	return s
}

func lastLine(s string) string { return s[strings.LastIndexByte(s, '\n')+1:] }

func TestStringForShowsOwnChoices(t *testing.T) {
	s := afterP0(t, toDecide(t), 0)
	cases := []struct {
		name   string
		viewer engine.Player
		want   []string
		last   string
	}{
		{"p0 sees its sheet with this turn's choice", 0,
			[]string{"--- p0: score", "--- p1 (as at the start of the turn)", "--- p2 (as at the start of the turn)"},
			hiddenTurn},
		{"p1, to act, sees p0's sheet as at the start", 1,
			[]string{"--- p0 (as at the start of the turn)", "--- p1: score", "--- p2 (as at the start of the turn)"},
			"p1 to play: pick a combination"},
		{"p2 sees neither p0's choice nor who chooses now", 2,
			[]string{"--- p0 (as at the start of the turn)", "--- p1 (as at the start of the turn)", "--- p2: score"},
			hiddenTurn},
		{"a spectator sees every sheet as at the start", 9,
			[]string{"--- p0 (as at the start of the turn)", "--- p1 (as at the start of the turn)", "--- p2 (as at the start of the turn)"},
			hiddenTurn},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := s.StringFor(c.viewer)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("StringFor(%d) lacks %q:\n%s", c.viewer, w, got)
				}
			}
			if l := lastLine(got); l != c.last {
				t.Errorf("StringFor(%d) ends %q, want %q", c.viewer, l, c.last)
			}
		})
	}
}

func TestActionStringFor(t *testing.T) {
	flip := testGame(t, 1, 3, 1).NewInitialState().(*State)
	for flip.nextMission() >= 0 {
		flip.Apply(flip.LegalActions(nil)[0])
	}
	deciding := toDecide(t)
	pick := deciding.LegalActions(nil)[0]
	cases := []struct {
		name   string
		s      *State
		viewer engine.Player
		action engine.Action
		want   string
	}{
		{"a card flip is public", flip, 1, flip.LegalActions(nil)[0], flip.ActionString(flip.LegalActions(nil)[0])},
		{"p0's pick seen by p0", deciding, 0, pick, deciding.ActionString(pick)},
		{"p0's pick seen by p1", deciding, 1, pick, hiddenChoice},
		{"p0's pick seen by p2", deciding, 2, pick, hiddenChoice},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.s.ActionStringFor(c.viewer, c.action); got != c.want {
				t.Errorf("ActionStringFor(%d, %s) = %q, want %q", c.viewer, c.s.ActionString(c.action), got, c.want)
			}
		})
	}
	if !strings.HasPrefix(flip.ActionString(flip.LegalActions(nil)[0]), "flip ") {
		t.Errorf("not a card flip: %s", flip.ActionString(flip.LegalActions(nil)[0]))
	}
}

// TestViewDoesNotLeak: two games that differ only in p0's choice this turn
// look the same to p1 and p2 (drawing and every name of p0's choices), and
// differ for p0.
func TestViewDoesNotLeak(t *testing.T) {
	start := toDecide(t)
	a, b := afterP0(t, start, 0), afterP0(t, start, 20)
	for _, p := range []engine.Player{1, 2} {
		if a.StringFor(p) != b.StringFor(p) {
			t.Errorf("p%d can tell p0's choices apart:\n%s\n---\n%s", p, a.StringFor(p), b.StringFor(p))
		}
		seen := map[string]bool{}
		for _, act := range start.LegalActions(nil) {
			seen[start.ActionStringFor(p, act)] = true
		}
		if len(seen) != 1 {
			t.Errorf("p%d is told what p0 picks: %v", p, seen)
		}
	}
	if a.StringFor(0) == b.StringFor(0) {
		t.Errorf("p0 cannot see its own choice")
	}
}

// seenBy is all that seat p is shown after actions from g's initial state:
// the history as engine.HistoryFor tells it (each entry's mover, name,
// action id when known, events), the player to act (CurrentPlayerFor), the
// drawing, the picture, and its legal actions when it is to act.
func seenBy(t *testing.T, g *Game, actions []engine.Action, p engine.Player) string {
	t.Helper()
	h, st, err := engine.HistoryFor(g, actions, p)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, m := range h {
		fmt.Fprintf(&b, "%s: %s known=%v %q\n", m.Player, m.Name, m.Known, m.Events[1:])
	}
	toMove := engine.CurrentPlayerFor(st, p)
	fmt.Fprintf(&b, "to act: %s\n%s\n", toMove, engine.StringFor(st, p))
	svg, _ := engine.SVGFor(st, p)
	b.Write(svg)
	if toMove == p {
		fmt.Fprintf(&b, "\nlegal %v", st.LegalActions(nil))
	}
	return b.String()
}

// turnOf plays seat cur's whole turn from s at random (seed), returning its
// actions.
func turnOf(s *State, seed uint64) []engine.Action {
	s = s.Clone().(*State)
	rng := engineRNG(seed)
	cur := s.cur
	var out []engine.Action
	for s.phase == phDecide && s.cur == cur {
		legal := s.LegalActions(nil)
		a := legal[rng.IntN(len(legal))]
		out = append(out, a)
		s.Apply(a)
	}
	return out
}

// TestSecretChoiceKindHidden: a seat whose choice needs more decisions than
// another's (an Astronaut modifier, an effect's target, a mission question)
// keeps acting where the other would hand over. Two games in which p0 takes
// such choices, one needing fewer decisions than the other, must look the
// same to p1 and p2 at every point of p0's turn and when p1 is to choose
// (history, player to act, drawing, picture, legal actions), for every
// adventure: the issue was that the player to act, and the history's moves,
// told them which kind of choice p0 made.
func TestSecretChoiceKindHidden(t *testing.T) {
	for adv := 1; adv <= 8; adv++ {
		t.Run(fmt.Sprintf("adventure%d", adv), func(t *testing.T) {
			g := testGame(t, adv, 3, 1)
			s := g.NewInitialState().(*State)
			rng := engineRNG(uint64(adv))
			var start, short, long []engine.Action
			// the first turn in which p0 can take turns of two lengths
			for long == nil {
				if s.IsTerminal() {
					t.Fatal("every turn of p0 took one number of decisions")
				}
				if s.phase == phDecide && s.cur == 0 && s.sub == subChoose && !s.ctx.setup {
					short = turnOf(s, 0)
					for seed := uint64(1); seed < 100 && long == nil; seed++ {
						switch c := turnOf(s, seed); {
						case len(c) > len(short):
							long = c
						case len(c) < len(short):
							short, long = c, short
						}
					}
					if long != nil {
						break
					}
				}
				var a engine.Action
				if s.CurrentPlayer() == engine.Chance {
					a = engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64())
				} else {
					legal := s.LegalActions(nil)
					a = legal[rng.IntN(len(legal))]
				}
				start = append(start, a)
				s.Apply(a)
			}
			at := func(turn []engine.Action, k int) []engine.Action {
				return append(slices.Clone(start), turn[:k]...)
			}
			for _, p := range []engine.Player{1, 2} {
				before := seenBy(t, g, start, p)
				// while p0 chooses, nothing changes for p
				for _, turn := range [][]engine.Action{short, long} {
					for k := 1; k < len(turn); k++ {
						if got := seenBy(t, g, at(turn, k), p); got != before {
							t.Fatalf("p%d sees p0's turn go on after %d of its %d decisions:\n%s\n--- before p0 chose:\n%s", p, k, len(turn), got, before)
						}
					}
				}
				// when p0 is done (p1 to choose), both games look the same
				a, b := seenBy(t, g, at(short, len(short)), p), seenBy(t, g, at(long, len(long)), p)
				if a != b {
					t.Errorf("p%d tells a turn of p0 of %d decisions from one of %d:\n%s\n--- and:\n%s", p, len(short), len(long), a, b)
				}
				if p == 1 && a == before {
					t.Errorf("p1 is not told that it is its turn:\n%s", a)
				}
				if p == 2 && a != before {
					// p1 chooses now: for p2 the others' choices go on
					t.Errorf("p2 is told that p0 has chosen:\n%s\n--- before p0 chose:\n%s", a, before)
				}
				st, err := engine.ReplayActions(g, at(short, 1))
				if err != nil {
					t.Fatal(err)
				}
				if got := engine.CurrentPlayerFor(st, p); got != engine.Hidden {
					t.Errorf("p%d is told %s is to act while p0 chooses, want %s", p, got, engine.Hidden)
				}
			}
			if seenBy(t, g, at(short, len(short)), 0) == seenBy(t, g, at(long, len(long)), 0) {
				t.Errorf("p0 does not see its own choices")
			}
		})
	}
}

// TestCurrentPlayerFor: while the players choose, the seat choosing is told
// it is to act and every other viewer (seats and spectators) is told
// engine.Hidden; card flips, ASTRA's cards, the A6 phase 5 and the end are
// public (CurrentPlayer for everyone). Over random games of every adventure
// with 1 to 4 seats.
func TestCurrentPlayerFor(t *testing.T) {
	for adv := 1; adv <= 8; adv++ {
		for players := 1; players <= 4; players++ {
			g := testGame(t, adv, players, 1)
			s := g.NewInitialState().(*State)
			rng := engineRNG(uint64(10*adv + players))
			for {
				cur := s.CurrentPlayer()
				for p := engine.Player(0); p <= engine.Player(players); p++ { // players: a spectator
					want := cur
					if s.phase == phDecide && p != cur {
						want = engine.Hidden
					}
					if got := s.CurrentPlayerFor(p); got != want {
						t.Fatalf("adventure %d, %d players: CurrentPlayerFor(p%d) = %s in phase %d with %s to act, want %s", adv, players, p, got, s.phase, cur, want)
					}
				}
				if s.IsTerminal() {
					break
				}
				if cur == engine.Chance {
					s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
					continue
				}
				legal := s.LegalActions(nil)
				s.Apply(legal[rng.IntN(len(legal))])
			}
		}
	}
}

// TestHistoryMergesSecretChoices: a seat is told another seat's turn as one
// entry "others: a secret choice", shown once the others' run of choices
// ends (its own turn, or the end of the turn with the scores), never one
// entry per decision.
func TestHistoryMergesSecretChoices(t *testing.T) {
	g := testGame(t, 2, 3, 1)
	s := g.NewInitialState().(*State)
	rng := engineRNG(7)
	var actions []engine.Action
	for s.turn < 3 && !s.IsTerminal() {
		var a engine.Action
		if s.CurrentPlayer() == engine.Chance {
			a = engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64())
		} else {
			legal := s.LegalActions(nil)
			a = legal[rng.IntN(len(legal))]
		}
		actions = append(actions, a)
		s.Apply(a)
	}
	for _, p := range []engine.Player{0, 1, 2} {
		h, _, err := engine.HistoryFor(g, actions, p)
		if err != nil {
			t.Fatal(err)
		}
		// per turn: the flips, then p's own moves and one entry for the
		// others before p (none for p0) and one after p (none for p2)
		hidden, own := 0, 0
		for _, m := range h {
			switch m.Player {
			case engine.Hidden:
				hidden++
				if m.Name != hiddenChoice || m.Known || m.Events[0] != "others: "+hiddenChoice {
					t.Errorf("p%d: a hidden entry %+v", p, m)
				}
			case p:
				own++
			}
		}
		wantHidden := 3 * 2 // three turns, two runs of the others each
		if p == 0 || p == 2 {
			wantHidden = 3
		}
		if hidden != wantHidden {
			t.Errorf("p%d is told %d runs of the others' choices in 3 turns, want %d:\n%+v", p, hidden, wantHidden, h)
		}
		if own < 3*2 {
			t.Errorf("p%d sees %d of its own moves in 3 turns", p, own)
		}
	}
}
