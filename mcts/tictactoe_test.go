package mcts

import (
	"flag"
	"fmt"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
)

// minimax is the exact value of a tic-tac-toe state for seat 0.
func minimax(s engine.State, memo map[string]float64) float64 {
	if s.IsTerminal() {
		return s.Returns(nil)[0]
	}
	key := s.String()
	if v, ok := memo[key]; ok {
		return v
	}
	best := 0.0
	for i, a := range s.LegalActions(nil) {
		c := s.Clone()
		c.Apply(a)
		v := minimax(c, memo)
		if s.CurrentPlayer() == 1 {
			v = -v
		}
		if i == 0 || v > best {
			best = v
		}
	}
	if s.CurrentPlayer() == 1 {
		best = -best
	}
	memo[key] = best
	return best
}

// neverLoses plays every line against the search playing seat me: at the
// search's turns it takes the search's move, at the opponent's turns it
// tries every move. It returns the number of search positions met and the
// first losing line, if any. Search moves are memoised by position.
func neverLoses(t *testing.T, newSearch func() *Search, me engine.Player) (int, string) {
	t.Helper()
	memo := map[string]engine.Action{}
	exact := map[string]float64{}
	var walk func(s engine.State, line string) string
	walk = func(s engine.State, line string) string {
		if s.IsTerminal() {
			if s.Returns(nil)[me] < 0 {
				return line
			}
			return ""
		}
		if s.CurrentPlayer() == me {
			key := s.String()
			a, ok := memo[key]
			if !ok {
				r, err := newSearch().Run(s)
				if err != nil {
					t.Fatal(err)
				}
				a = r.Action
				memo[key] = a
				// The search's move must keep the game-theoretic value.
				c := s.Clone()
				c.Apply(a)
				// A theoretical draw must not become a theoretical loss.
				sign := 1 - 2*float64(me)
				if v, w := sign*minimax(c, exact), sign*minimax(s, exact); v < 0 && w >= 0 {
					return fmt.Sprintf("%s %s (now lost)", line, s.ActionString(a))
				}
			}
			c := s.Clone()
			c.Apply(a)
			return walk(c, line+" "+s.ActionString(a))
		}
		for _, a := range s.LegalActions(nil) {
			c := s.Clone()
			c.Apply(a)
			if bad := walk(c, line+" "+s.ActionString(a)); bad != "" {
				return bad
			}
		}
		return ""
	}
	bad := walk(tictactoe.Game{}.NewInitialState(), "")
	return len(memo), bad
}

// The budgets below passed for each of the seeds 1..40 (go test -run
// TicTacToeNeverLoses -ttt-seed N). PUCT at 800 simulations passed seeds
// 1..20 too, but chose a losing reply to a corner opening in 12 of 800
// seeded searches (1200 and 1600: none), so the agent's default is 1600.
var (
	puctSims = flag.Int("ttt-puct-sims", 1600, "PUCT simulations for TestTicTacToeNeverLoses")
	uctSims  = flag.Int("ttt-uct-sims", 2000, "UCT simulations for TestTicTacToeNeverLoses")
)
var (
	seed     = flag.Int("ttt-seed", 1, "seed for TestTicTacToeNeverLoses")
	rollouts = flag.Int("ttt-rollouts", 2, "rollouts per leaf for TestTicTacToeNeverLoses")
)

func TestTicTacToeNeverLoses(t *testing.T) {
	g := tictactoe.Game{}
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"uct", Config{Sims: *uctSims, CPUCT: 1.4, UCT: true, Seed: uint64(*seed)}},
		{"puct", Config{Sims: *puctSims, CPUCT: 1.4, Seed: uint64(*seed)}},
	} {
		for _, me := range []engine.Player{0, 1} {
			t.Run(fmt.Sprintf("%s/seat%d", tc.name, me), func(t *testing.T) {
				n, bad := neverLoses(t, func() *Search {
					ev := NewRolloutEvaluator(g, uint64(*seed)+6)
					ev.Rollouts = *rollouts
					s, err := New(g, ev, tc.cfg)
					if err != nil {
						t.Fatal(err)
					}
					return s
				}, me)
				if bad != "" {
					t.Errorf("search loses or drops value on line%s", bad)
				}
				t.Logf("%d search positions checked", n)
			})
		}
	}
}
