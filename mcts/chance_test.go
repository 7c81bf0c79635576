package mcts

import (
	"fmt"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts/internal/testgames"
)

// expectimax is the exact value of s for seat 0 of a two-player zero-sum
// game with chance nodes.
func expectimax(s engine.State, memo map[string]float64) float64 {
	if s.IsTerminal() {
		return s.Returns(nil)[0]
	}
	key := s.String()
	if v, ok := memo[key]; ok {
		return v
	}
	var v float64
	if s.CurrentPlayer() == engine.Chance {
		for _, o := range s.ChanceOutcomes(nil) {
			c := s.Clone()
			c.Apply(o.Action)
			v += o.Prob * expectimax(c, memo)
		}
	} else {
		v = actionValues(s, memo)[0]
		for _, x := range actionValues(s, memo) {
			v = max(v, x)
		}
		if s.CurrentPlayer() == 1 {
			v = -v
		}
	}
	memo[key] = v
	return v
}

// actionValues is the exact value of each legal action for the player to move.
func actionValues(s engine.State, memo map[string]float64) []float64 {
	var out []float64
	for _, a := range s.LegalActions(nil) {
		c := s.Clone()
		c.Apply(a)
		v := expectimax(c, memo)
		if s.CurrentPlayer() == 1 {
			v = -v
		}
		out = append(out, v)
	}
	return out
}

// TestDiceRaceExpectimax checks that the search picks the move with the best
// expected value in every dice-race position where that move is better than
// the others by at least 0.05, for both seats.
func TestDiceRaceExpectimax(t *testing.T) {
	g := testgames.DiceRace{Goal: 8, MaxTurns: 12}
	memo := map[string]float64{}
	checked := clearDiceRaceMoves(g, memo, 0.1, func(name string, st engine.State, best int, vals []float64) {
		s, err := New(g, NewRolloutEvaluator(g, 3), Config{Sims: 10000, CPUCT: 1.4, UCT: true, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Run(st)
		if err != nil {
			t.Fatal(err)
		}
		if int(r.Action) != best {
			t.Errorf("%s: search plays %s, expectimax %s (values %.3f, visits %.2f)", name, st.ActionString(r.Action), st.ActionString(engine.Action(best)), vals, r.Visits)
		}
	})
	t.Logf("%d positions checked", checked)
	if checked < 20 {
		t.Errorf("only %d positions with a clear best move", checked)
	}
}

// clearDiceRaceMoves calls check for every dice-race position (turns 2-11,
// both seats) whose best move by expectimax beats the others by at least
// minGap, and returns how many there were.
func clearDiceRaceMoves(g testgames.DiceRace, memo map[string]float64, minGap float64, check func(name string, st engine.State, best int, vals []float64)) int {
	checked := 0
	for turns := 2; turns < 12; turns++ {
		for p0 := 0; p0 < 8; p0++ {
			for p1 := 0; p1 < 8; p1++ {
				st := g.NewState(p0, p1, engine.Player(turns%2), turns)
				vals := actionValues(st, memo)
				best, gap := 0, 2.0
				for a, v := range vals {
					if v > vals[best] {
						best = a
					}
				}
				for a, v := range vals {
					if a != best {
						gap = min(gap, vals[best]-v)
					}
				}
				if gap < minGap {
					continue
				}
				checked++
				check(fmt.Sprintf("%d-%d/p%d/turn%d", p0, p1, turns%2, turns), st, best, vals)
			}
		}
	}
	return checked
}
