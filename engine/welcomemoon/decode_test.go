package welcomemoon

import (
	"os"
	"strconv"
	"testing"

	"github.com/moongym/moongym/engine/enginetest"
)

// TestDecodeAcceptsPlayedStates: every state of seeded random games, solo
// and multiplayer, of every adventure decodes (the checks of DecodeState
// never reject a state the rules can reach). WM_DECODE_GAMES raises the
// number of games.
func TestDecodeAcceptsPlayedStates(t *testing.T) {
	games := 2
	if n, err := strconv.Atoi(os.Getenv("WM_DECODE_GAMES")); err == nil {
		games = n
	}
	for adv := 1; adv <= implemented; adv++ {
		for _, players := range []int{1, 2, 4} {
			g := testGame(t, adv, players, 1+(adv*players)%8)
			for i := range games {
				rec, _ := enginetest.RandomRecord(g, uint64(1000*i+10*adv+players))
				s := g.NewInitialState()
				for _, a := range rec.Actions {
					data, err := s.MarshalJSON()
					if err != nil {
						t.Fatal(err)
					}
					if _, err := g.DecodeState(data); err != nil {
						t.Fatalf("adventure %d, %d players, game %d: %v\n%s", adv, players, i, err, s)
					}
					s.Apply(a)
				}
			}
		}
	}
}

// TestDecodeRejectsA4: the mine and the factories must agree (a factory
// slot for every extracted resource, nothing more).
func TestDecodeRejectsA4(t *testing.T) {
	g := testGame(t, 4, 2, 1)
	s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 6, 7}, [3]int8{actPlant, actEnergy, actRobot})
	write(s, 0, map[int]int{1: 1, 13: 2})
	s.sh[0].circ.set(158)
	s.sh[0].circ.set(160)
	do(t, s, "5 Plant [c1]", "space-25") // column 1 extracted: 2 pearls, 1 ruby, 1 plant
	s.syncPub()
	checkRejects(t, g, s, []sheetCase{
		{"a pearl slot more than extracted", func(sh *sheet) { sh.circ.set(119) }},
		{"a ruby slot fewer than extracted", func(sh *sheet) { sh.circ = clearMark(sh.circ, 131) }},
		{"a slot with no extraction at all", func(sh *sheet) { sh.circ.set(93) }},
		{"an extracted resource that was never circled", func(sh *sheet) { sh.cross.set(159) }},
		{"a resource crossed in a column not extracted", func(sh *sheet) { sh.circ.set(163); sh.cross.set(163); sh.num[1] = 3 }},
		{"a circled resource left in an extracted column", func(sh *sheet) { sh.circ.set(159) }},
		{"a mineral circled on an empty space", func(sh *sheet) { sh.circ.set(163) }},
		{"a mineral not circled on a filled space", func(sh *sheet) { sh.num[1] = 3 }},
		{"a plant symbol circled between empty spaces", func(sh *sheet) { sh.circ.set(167) }},
		{"a Planning marker without an X", func(sh *sheet) { sh.cross.set(212) }},
		{"a secondary factory done without its bonus slots", func(sh *sheet) {
			sh.cross.set(79)
			sh.cross.set(63)
			sh.cross.set(147)
			sh.cross.set(148)
		}},
	})
}

func clearMark(m marks, id int16) marks {
	m[id>>6] &^= 1 << (id & 63)
	return m
}
