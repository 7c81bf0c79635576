package enginetest

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
)

// checkViewer checks a game's engine.PlayerViewer, if it has one, at state
// s: what seat q is shown must not reveal what q cannot observe.
//   - StringFor(q) and CurrentPlayerFor(q) are unchanged by Resample(q);
//   - two legal actions that lead to states q observes and is drawn
//     (StringFor) identically are named identically by ActionStringFor(q, ·),
//     and told identically by EventsFor(q, ...) when the game logs events,
//     for every q that is not the player to act (where the drawings differ,
//     q may know which it was);
//   - SVGFor(q), when the game draws pictures, is unchanged by Resample(q)
//     (for one seat q, on one check in four).
func checkViewer(t *testing.T, g engine.Game, s engine.State, rng *rand.Rand) {
	t.Helper()
	v, ok := s.(engine.PlayerViewer)
	if !ok || s.IsTerminal() {
		return
	}
	// The check costs a clone and NumPlayers observations per legal action:
	// run it on one state in four (chosen by the seeded rng) and at most 32
	// actions spread over the legal list.
	if rng.IntN(4) != 0 {
		return
	}
	all := s.LegalActions(nil)
	legal := all
	if len(all) > 32 {
		legal = make([]engine.Action, 0, 32)
		for i := 0; i < 32; i++ {
			legal = append(legal, all[i*len(all)/32])
		}
	}
	// Pictures are costly: one seat's, on one viewer check in four.
	pictureSeat := -1
	if rng.IntN(4) == 0 {
		pictureSeat = rng.IntN(g.NumPlayers())
	}
	after := make([][][]float32, len(legal)) // [action][seat] observation after it
	states := make([]engine.State, len(legal))
	for i, a := range legal {
		c := s.Clone()
		c.Apply(a)
		states[i] = c
		after[i] = make([][]float32, g.NumPlayers())
		for q := range after[i] {
			after[i][q] = observe(g, c, engine.Player(q))
		}
	}
	// drawing(i, q) is StringFor(q) after legal[i], drawn once when asked.
	drawings := map[[2]int]string{}
	drawing := func(i int, q engine.Player) string {
		k := [2]int{i, int(q)}
		d, ok := drawings[k]
		if !ok {
			d = engine.StringFor(states[i], q)
			drawings[k] = d
		}
		return d
	}
	for q := 0; q < g.NumPlayers(); q++ {
		pq := engine.Player(q)
		drawn := v.StringFor(pq)
		resampled := s.Resample(pq, rng)
		if r, ok := resampled.(engine.PlayerViewer); ok && r.StringFor(pq) != drawn {
			t.Errorf("StringFor(p%d) changed under Resample(p%d): the drawing shows what p%d cannot know", q, q, q)
		}
		if was, now := engine.CurrentPlayerFor(s, pq), engine.CurrentPlayerFor(resampled, pq); was != now {
			t.Errorf("CurrentPlayerFor(p%d) changed under Resample(p%d): %s, then %s: the player to act shown to p%d tells what it cannot know", q, q, was, now, q)
		}
		if q == pictureSeat {
			pic, _ := engine.SVGFor(s, pq)
			if again, _ := engine.SVGFor(resampled, pq); !bytes.Equal(pic, again) {
				t.Errorf("SVGFor(p%d) changed under Resample(p%d): the picture shows what p%d cannot know", q, q, q)
			}
		}
		if pq == s.CurrentPlayer() {
			continue
		}
		for i := range legal {
			for j := i + 1; j < len(legal); j++ {
				if !slices.Equal(after[i][q], after[j][q]) {
					continue
				}
				// (the drawings, costly, only when the names or the events differ)
				ni, nj := v.ActionStringFor(pq, legal[i]), v.ActionStringFor(pq, legal[j])
				if ni != nj && drawing(i, pq) == drawing(j, pq) {
					t.Errorf("p%d cannot tell %s from %s by observation, but ActionStringFor names them %q and %q",
						q, s.ActionString(legal[i]), s.ActionString(legal[j]), ni, nj)
					return
				}
				// EventsFor is the ActionStringFor just compared, then the
				// effects: compare those.
				el, ok := s.(engine.EventLogger)
				if !ok {
					continue
				}
				if ei, ej := el.Effects(states[i]), el.Effects(states[j]); !slices.Equal(ei, ej) && drawing(i, pq) == drawing(j, pq) {
					t.Errorf("p%d cannot tell %s from %s by observation, but Effects tells %q and %q",
						q, s.ActionString(legal[i]), s.ActionString(legal[j]), ei, ej)
					return
				}
			}
		}
	}
}
