package enginetest

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// historyCourses is the number of courses of the game played from a state
// by checkHistories; historySteps bounds each course (per seat).
const (
	historyCourses = 6
	historySteps   = 12
)

// told is what a seat is shown of a state, besides the history: the player
// to act as it is told (CurrentPlayerFor), the drawing (StringFor), its
// legal actions when it is to act, and (on some checks) the picture
// (SVGFor).
type told struct {
	toMove engine.Player
	text   string
	legal  []engine.Action
	svg    []byte
	// where it was seen: the course and the actions from the check's start
	course int
	moves  []string
}

// checkHistories checks, from state s, what a seat p is told as the game goes
// on. p is told the history as engine.AppendSeen and engine.Told tell it (the
// mover as p may know it, the names of ActionStringFor, the events of
// EventsFor, a run of hidden seats' secret moves as one entry, shown when the
// run ends; another seat's move is never labelled in its mover's words),
// and at every state it is shown the state (told: the player to act, the
// drawing, its legal actions, the picture). After a move that tells
// p something (a new entry with the action's full name, or events beyond the
// name) what p is shown may change in any way: the move may reveal what was
// secret. After a move that tells p nothing (a vague name without events, or
// a secret move that joins the entry before it) what p is shown must be what
// every course of the game that told p the same shows it: otherwise it tells
// p something about the moves it may not know (which secret choice another
// seat made, by who acts next or by how the drawing changes). It plays
// historyCourses courses from s: chance outcomes and p's own decisions drawn
// from generators every course shares (so courses that p cannot tell apart
// draw alike), the other seats' decisions from one generator per course. A
// course stops when it has been told what no earlier course was. It runs for
// games with more than one seat that hide something from a seat (a
// PlayerViewer or a ToMoveViewer).
func checkHistories(t *testing.T, g engine.Game, s engine.State, rng *rand.Rand) {
	t.Helper()
	n := g.NumPlayers()
	_, viewer := s.(engine.PlayerViewer)
	_, mover := s.(engine.ToMoveViewer)
	if n < 2 || s.IsTerminal() || (!viewer && !mover) {
		return
	}
	p := engine.Player(rng.IntN(n))
	pictures := rng.IntN(4) == 0 // pictures are costly: on one check in four
	chanceSeed, ownSeed := rng.Uint64(), rng.Uint64()
	seen := map[string]told{}
	for course := 0; course < historyCourses; course++ {
		chanceRNG := rand.New(rand.NewPCG(chanceSeed, 1))
		ownRNG := rand.New(rand.NewPCG(ownSeed, 2))
		otherRNG := rand.New(rand.NewPCG(rng.Uint64(), 3))
		c := s.Clone()
		var h []engine.SeenMove
		var moves, learned []string
		for step := 0; ; step++ {
			now := tell(c, p, pictures)
			now.course, now.moves = course, moves
			key := historyKey(engine.Told(h, c, p)) + "\nlearned " + strings.Join(learned, " ")
			if before, ok := seen[key]; ok {
				if what := differs(before, now); what != "" {
					t.Errorf("p%d is told the same in two courses of the game, then a move tells it nothing, but %s\n"+
						"the history told to p%d from the check's start: %s\n"+
						"course %d, its actions: %s\ncourse %d, its actions: %s",
						p, what, p, historyKey(engine.Told(h, c, p)), before.course, strings.Join(before.moves, ", "), now.course, strings.Join(now.moves, ", "))
					return
				}
			} else {
				if course > 0 {
					break // told what no earlier course was: nothing more to compare
				}
				seen[key] = now
			}
			if c.IsTerminal() || step >= historySteps*n {
				break
			}
			var a engine.Action
			switch cur := c.CurrentPlayer(); {
			case cur == engine.Chance:
				a = engine.SampleOutcome(c.ChanceOutcomes(nil), chanceRNG.Float64())
			case cur == p:
				legal := c.LegalActions(nil)
				a = legal[ownRNG.IntN(len(legal))]
			default:
				legal := c.LegalActions(nil)
				a = legal[otherRNG.IntN(len(legal))]
			}
			before := c.Clone()
			moves = append(slices.Clip(moves), c.CurrentPlayer().String()+": "+c.ActionString(a))
			c.Apply(a)
			entries, events := len(h), 0
			if entries > 0 {
				events = len(h[entries-1].Events)
			}
			h = engine.AppendSeen(h, p, before, a, c)
			last := h[len(h)-1]
			// A label in the mover's words is for the mover: any other
			// seat reads the name as it may know it (a label may name the
			// mover's own card, its secret choice).
			if last.Player != p && last.Label != last.Name {
				t.Errorf("p%d is told %s's move %q as the label %q (actions: %s)", p, last.Player, last.Name, last.Label, strings.Join(moves, ", "))
				return
			}
			if (len(h) > entries && (last.Known || len(last.Events) > 1)) || (len(h) == entries && len(last.Events) > events) {
				// the move told p something: what p is shown now is learned
				learned = append(slices.Clip(learned), tell(c, p, pictures).hash())
			}
		}
	}
}

// tell is what seat p is shown of s (not where it was seen).
func tell(s engine.State, p engine.Player, pictures bool) told {
	w := told{toMove: engine.CurrentPlayerFor(s, p), text: engine.StringFor(s, p)}
	if w.toMove == p {
		w.legal = s.LegalActions(nil)
	}
	if pictures {
		w.svg, _ = engine.SVGFor(s, p)
	}
	return w
}

// hash sums up what a seat is shown.
func (w told) hash() string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\x00%s\x00%v\x00", w.toMove, w.text, w.legal)
	h.Write(w.svg)
	return strconv.FormatUint(h.Sum64(), 36)
}

// differs says how what a seat is shown differs, or "" when it does not.
func differs(a, b told) string {
	switch {
	case a.toMove != b.toMove:
		return fmt.Sprintf("the player to act it is told differs (CurrentPlayerFor): %s, then %s", a.toMove, b.toMove)
	case a.text != b.text:
		return fmt.Sprintf("the drawing differs (StringFor):\n%s\n--- then:\n%s", a.text, b.text)
	case !slices.Equal(a.legal, b.legal):
		return fmt.Sprintf("its legal actions differ: %v, then %v", a.legal, b.legal)
	case !bytes.Equal(a.svg, b.svg):
		return "the picture differs (SVGFor)"
	}
	return ""
}

// historyKey writes a told history: each entry's mover, name and events.
func historyKey(h []engine.SeenMove) string {
	var b strings.Builder
	for i, m := range h {
		if i > 0 {
			b.WriteString(" | ")
		}
		fmt.Fprintf(&b, "%s: %s %q", m.Player, m.Name, m.Events[1:])
	}
	return b.String()
}
