package welcomemoon

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/engine"
)

// quarterIndex is the index of the quarter named name in a.
func quarterIndex(t *testing.T, a *a3Layout, name string) int {
	t.Helper()
	for qi := range a.quarters {
		if a.quarters[qi].name == name {
			return qi
		}
	}
	t.Fatalf("no quarter %s", name)
	return -1
}

// xs writes an X on each of p's buildings ids (1-based).
func xs(s *State, p int, ids ...int) {
	m := map[int]int{}
	for _, id := range ids {
		m[id] = -1
	}
	write(s, p, m)
}

// TestExpertValueOnlyA3WithOthers: ExpertValue is TurnValue at every
// decision of seeded random games, for every seat, in every adventure but
// Adventure 3, and in Adventure 3 solo; with other seats in Adventure 3 it
// differs.
func TestExpertValueOnlyA3WithOthers(t *testing.T) {
	w := DefaultExpertWeights()
	for adv := 1; adv <= 8; adv++ {
		for _, players := range []int{1, 2} {
			g := testGame(t, adv, players, 1)
			differ := 0
			lookPlay(g, 2, func(s *State, p engine.Player, legal []engine.Action, rng *rand.Rand) engine.Action {
				for q := 0; q < players; q++ {
					if s.ExpertValue(q, &w) != s.TurnValue(q) {
						differ++
					}
				}
				return legal[rng.IntN(len(legal))]
			})
			if want := adv == 3 && players > 1; (differ > 0) != want {
				t.Errorf("adventure %d, %d players: ExpertValue differs from TurnValue %d times", adv, players, differ)
			}
		}
	}
}

// TestQuarterWays: an open quarter on its way is worth its bonus x
// (built/8)^2, the bonus 15 when p leads the race by enough, 5 + 10 x the
// chance of winning it otherwise (0.5 + Race x the lead), 5 once the race is
// lost, nothing once complete.
func TestQuarterWays(t *testing.T) {
	g := testGame(t, 3, 2, 1)
	a := g.lay.a3
	tl := quarterIndex(t, a, "TL")
	for _, c := range []struct {
		name       string
		mine, them []int
		crossed    bool // the race is lost: the 15 crossed on p's sheet
		circled    bool // complete: the 15 circled
		want       float64
	}{
		{"nothing built", nil, nil, false, false, 0},
		{"half, far ahead", []int{3, 4, 5, 9}, nil, false, false, 15 * 0.25},
		{"half, level", []int{3, 4, 5, 9}, []int{3, 4, 5, 9}, false, false, 10 * 0.25},
		{"half, two behind", []int{3, 4, 5, 9}, []int{3, 4, 5, 9, 10, 11}, false, false, (5 + 10*0.2) * 0.25},
		{"half, race lost", []int{3, 4, 5, 9}, nil, true, false, 5 * 0.25},
		{"seven of eight, ahead by 4", []int{3, 4, 5, 9, 10, 11, 15}, []int{3, 4, 5}, false, false, 15 * 49.0 / 64},
		{"complete", []int{3, 4, 5, 9, 10, 11, 15, 16}, nil, false, true, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 8, 10}, [3]int8{actRobot, actPlant, actWater})
			xs(s, 0, c.mine...)
			xs(s, 1, c.them...)
			if c.crossed {
				s.sh[0].cross.set(a.quarters[tl].high)
			}
			if c.circled {
				s.sh[0].circ.set(a.quarters[tl].high)
			}
			if got := a.quarterWays(s, 0, 0.15); math.Abs(got-c.want) > 1e-9 {
				t.Errorf("quarterWays %v, want %v", got, c.want)
			}
		})
	}
}

// TestMissionProgress: each Adventure 3 mission's progress read from its
// condition, and 1 exactly when it is met.
func TestMissionProgress(t *testing.T) {
	g := testGame(t, 3, 2, 1)
	a := g.lay.a3
	sp := func(id int) int8 { return int8(id - 1) }
	circle := func(ids ...int16) func(s *State) {
		return func(s *State) {
			for _, id := range ids {
				s.sh[0].circ.set(id)
			}
		}
	}
	plants := plantIDs(a)
	for _, c := range []struct {
		card int
		name string
		set  func(s *State)
		want float64
	}{
		{76, "empty sheet", nil, 0},
		{76, "row R1 built: a fifth of the 3 best columns", func(s *State) { xs(s, 0, 6, 12, 17, 22, 28) }, 0.2},
		{76, "columns C1, C3, C4 built", func(s *State) { xs(s, 0, 1, 2, 3, 4, 5, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21) }, 1},
		{77, "row R1 built", func(s *State) { xs(s, 0, 6, 12, 17, 22, 28) }, 1.0 / 3},
		{78, "empty sheet: 9 tunnels from the observatory", nil, 0.1},
		{78, "the top row's tunnel to the observatory and its neighbour built", circleTunnels(a, [][2]int8{{26, nodeObs}, {25, 26}}), 0.3},
		{79, "the top-left quarter's antennas", circle(a.antennaAt[sp(3)][0], a.antennaAt[sp(11)][0], a.antennaAt[sp(15)][0]), 0.5},
		{80, "5 plants", circle(plants[:5]...), 0.5},
		{80, "10 plants", circle(plants[:10]...), 1},
		{81, "both tanks of the top-left quarter", circle(a.tankAt[sp(5)], a.tankAt[sp(15)]), 0.5},
		{81, "one tank", circle(a.tankAt[sp(5)]), 0.25},
	} {
		t.Run(fmt.Sprintf("%d %s", c.card, c.name), func(t *testing.T) {
			s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 8, 10}, [3]int8{actRobot, actPlant, actWater})
			if c.set != nil {
				c.set(s)
			}
			got := a.missionProgress(s, 0, c.card)
			if math.Abs(got-c.want) > 1e-9 {
				t.Errorf("progress %v, want %v", got, c.want)
			}
			if met := a.missionMet(s, 0, c.card); met != (got == 1) {
				t.Errorf("met %v with progress %v", met, got)
			}
		})
	}
}

// plantIDs are the plants of every greenhouse, quarter by quarter.
func plantIDs(a *a3Layout) []int16 {
	var ids []int16
	for qi := range a.quarters {
		for _, gh := range a.quarters[qi].greenhouses {
			ids = append(ids, gh...)
		}
	}
	return ids
}

// circleTunnels builds (crosses) the tunnels between the given grid nodes
// on seat 0's sheet.
func circleTunnels(a *a3Layout, ends [][2]int8) func(s *State) {
	return func(s *State) {
		for _, e := range ends {
			for i, t := range a.tunnels {
				if (t[0] == e[0] && t[1] == e[1]) || (t[0] == e[1] && t[1] == e[0]) {
					s.sh[0].cross.set(a.tunnelID[i])
				}
			}
		}
	}
}

// TestMissionWays: an open mission counts its reward x progress^2 (the
// first's, or the later one's once taken); one met and chosen this turn
// counts whole, apart; one accomplished counts nothing more.
func TestMissionWays(t *testing.T) {
	g := testGame(t, 3, 2, 1)
	a := g.lay.a3
	l := g.lay
	// stack C, card 80 (10 plants): the second card of stack C when 81 is the first
	k := 2
	idx := int8(0)
	if l.missions[k][0].card != 80 {
		idx = 1
	}
	m := l.missions[k][idx]
	if m.card != 80 {
		t.Fatalf("stack C holds %d and %d", l.missions[k][0].card, l.missions[k][1].card)
	}
	plants := plantIDs(a)
	for _, c := range []struct {
		name          string
		plants        int
		taken, wanted bool
		done          bool
		ways, chosen  float64
	}{
		{"half way", 5, false, false, false, float64(m.first) * 0.25, 0},
		{"half way, first reward taken", 5, true, false, false, float64(m.later) * 0.25, 0},
		{"met, not chosen", 10, false, false, false, float64(m.first), 0},
		{"met and chosen", 10, false, true, false, 0, float64(m.first)},
		{"accomplished", 10, false, false, true, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newTurn(t, g, [3]int8{0, 0, idx}, [3]int{5, 8, 10}, [3]int8{actRobot, actPlant, actWater})
			for _, id := range plants[:c.plants] {
				s.sh[0].circ.set(id)
			}
			if c.taken {
				s.mtaken |= 1 << k
			}
			if c.wanted {
				s.sh[0].mwant |= 1 << k
			}
			if c.done {
				s.sh[0].mdone |= 1 << k
			}
			// the other stacks' missions count too (their progress on this sheet)
			ways, chosen := a.missionWays(s, 0)
			other := 0.0
			for j := 0; j < 2; j++ {
				mj := l.missions[j][0]
				f := a.missionProgress(s, 0, mj.card)
				other += float64(mj.first) * f * f
			}
			if math.Abs(ways-other-c.ways) > 1e-9 || chosen != c.chosen {
				t.Errorf("ways %v (other missions %v), chosen %v; want %v and %v", ways, other, chosen, c.ways+other, c.chosen)
			}
		})
	}
}

// TestAstroRace: the astronaut race is 10 x the logistic of the lead + 0.5,
// rising with each marker of p's and falling with each of the best other
// sheet's.
func TestAstroRace(t *testing.T) {
	g := testGame(t, 3, 3, 1)
	a := g.lay.a3
	for _, c := range []struct{ mine, second, third int }{{0, 0, 0}, {2, 1, 0}, {1, 3, 2}, {4, 0, 4}} {
		s := newTurn(t, g, [3]int8{0, 0, 0}, [3]int{5, 8, 10}, [3]int8{actRobot, actPlant, actWater})
		for p, n := range []int{c.mine, c.second, c.third} {
			for _, id := range a.astro[:n] {
				s.sh[p].cross.set(id)
			}
		}
		lead := float64(c.mine - max(c.second, c.third))
		want := 10 / (1 + math.Exp(-(lead + 0.5)))
		if got := a.astroRace(s, 0); math.Abs(got-want) > 1e-9 {
			t.Errorf("markers %v: %v, want %v", c, got, want)
		}
	}
}

// TestLookaheadRatesByExpert: in Adventure 3 with other seats the block's
// best marks are the moves whose rest of turn the expert's value rates best
// (played on the observer's view), and at some decisions of seeded random
// games they are not the heuristic's best moves: the block is the expert's
// rating, not the heuristic's.
func TestLookaheadRatesByExpert(t *testing.T) {
	g := testGame(t, 3, 2, 1)
	obs := make([]float32, engine.ObservationSize(g))
	w := DefaultExpertWeights()
	var view State
	differ, decisions := 0, 0
	for seed := uint64(0); seed < 3; seed++ {
		lookPlay(g, seed, func(s *State, p engine.Player, legal []engine.Action, rng *rand.Rand) engine.Action {
			s.Observe(p, obs)
			best := obs[len(obs)-numAction:]
			v := s.lookView(p, &view)
			rate := func(w *ExpertWeights) map[engine.Action]bool {
				vals := make([]float64, len(legal))
				top := math.Inf(-1)
				for i, a := range legal {
					c := *v
					c.Apply(a)
					c.FinishTurnBy(p, s.Turn(), nil, w)
					vals[i] = c.value(int(p), w)
					top = max(top, vals[i])
				}
				set := map[engine.Action]bool{}
				for i, a := range legal {
					if vals[i] >= top-1e-9 {
						set[a] = true
					}
				}
				return set
			}
			expert, heuristic := rate(&w), rate(nil)
			for _, a := range legal {
				if (best[a] == 1) != expert[a] {
					t.Fatalf("turn %d %s: best mark %v, the expert's best %v", s.turn, s.ActionString(a), best[a], expert[a])
				}
				if expert[a] != heuristic[a] {
					differ++
					break
				}
			}
			decisions++
			return legal[rng.IntN(len(legal))]
		})
	}
	t.Logf("%d of %d decisions: the expert's best moves are not the heuristic's", differ, decisions)
	if differ == 0 {
		t.Error("the expert rates every decision as the heuristic does")
	}
}
