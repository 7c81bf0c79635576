package welcomemoon_test

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/moongym/moongym/agents"
	_ "github.com/moongym/moongym/agents/heuristics/welcomemoon"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/welcomemoon"
)

// match plays games heuristic vs random with seats rotated and returns the
// heuristic's wins, losses, ties and mean scores (heuristic, random).
func match(t testing.TB, g engine.Game, games int) (w, l, d int, hs, rs float64) {
	t.Helper()
	n := g.NumPlayers()
	for i := 0; i < games; i++ {
		seats := make([]agents.Agent, n)
		hseat := i % n
		for p := range seats {
			spec := "random"
			if p == hseat {
				spec = "heuristic"
			}
			a, err := agents.New(g, spec, uint64(1000*i+p))
			if err != nil {
				t.Fatal(err)
			}
			seats[p] = a
		}
		_, s, err := agents.PlayGame(g, seats, agents.NewRNG(uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		r := s.Returns(nil)
		sc := s.Scores(nil)
		hs += sc[hseat]
		if n == 1 {
			rs += float64(s.(*wm.State).AstraScore())
		} else {
			rs += sc[(hseat+1)%n]
		}
		switch {
		case r[hseat] > 0:
			w++
		case r[hseat] < 0:
			l++
		default:
			d++
		}
	}
	return w, l, d, hs / float64(games), rs / float64(games)
}

// TestMeasure prints the heuristic's record against random per adventure
// (2 players, seats rotated) and solo against ASTRA level 1, with a 95%
// interval of the win rate. Run with WM_GAMES=200 go test -run TestMeasure -v;
// WM_ADV=5 measures one adventure (default: every implemented one), WM_LEVEL=8
// plays ASTRA at that level (default 1).
func TestMeasure(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("WM_GAMES"))
	if games == 0 {
		t.Skip("set WM_GAMES to run the measurement")
	}
	lo, hi := 1, 0
	for _, ps := range (&wm.Game{}).Spec().Params {
		if ps.Name == "adventure" {
			hi = ps.Max
		}
	}
	if a, err := strconv.Atoi(os.Getenv("WM_ADV")); err == nil {
		lo, hi = a, a
	}
	level := 1
	if l, err := strconv.Atoi(os.Getenv("WM_LEVEL")); err == nil {
		level = l
	}
	for adv := lo; adv <= hi; adv++ {
		for _, players := range []int{2, 1} {
			g, err := wm.New(adv, players, level)
			if err != nil {
				t.Fatal(err)
			}
			w, l, d, hs, rs := match(t, g, games)
			p := (float64(w) + 0.5*float64(d)) / float64(games)
			ci := 1.96 * math.Sqrt(p*(1-p)/float64(games))
			other := "random"
			if players == 1 {
				other = "ASTRA " + strconv.Itoa(level)
			}
			fmt.Printf("adventure %d players %d: heuristic %d-%d-%d (score rate %.3f +- %.3f), mean score heuristic %.1f, %s %.1f\n",
				adv, players, w, l, d, p, ci, hs, other, rs)
		}
	}
}

// TestBeatsRandom: on every advertised adventure the heuristic wins at
// least 5 of 6 seeded 2-player games against random (it wins 95-99% of
// them in TestMeasure's 200).
func TestBeatsRandom(t *testing.T) {
	hi := 0
	for _, ps := range (&wm.Game{}).Spec().Params {
		if ps.Name == "adventure" {
			hi = ps.Max
		}
	}
	for adv := 1; adv <= hi; adv++ {
		g, err := wm.New(adv, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		if w, l, d, hs, rs := match(t, g, 6); w < 5 {
			t.Errorf("adventure %d: heuristic %d-%d-%d against random, mean scores %.1f / %.1f", adv, w, l, d, hs, rs)
		}
	}
}
