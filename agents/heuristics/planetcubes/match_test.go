package planetcubes_test

import (
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/agents"
	hpc "github.com/moongym/moongym/agents/heuristics/planetcubes"
	"github.com/moongym/moongym/engine"
	pc "github.com/moongym/moongym/engine/planetcubes"
)

var tune = flag.Bool("tune", false, "play weight variants against the default heuristic (slow; prints win rates)")

// match plays games of g between agent A (made by a) and agent B (made by
// b), A in seat (game mod n), B in the other seats, and returns A's
// score: 1 a win, 1/k a k-way shared win, else 0, summed.
func match(t testing.TB, g *pc.Game, games int, a, b func(seed uint64) agents.Agent) float64 {
	t.Helper()
	n := g.NumPlayers()
	total := 0.0
	for i := 0; i < games; i++ {
		seats := make([]agents.Agent, n)
		me := i % n
		for s := range seats {
			if s == me {
				seats[s] = a(uint64(i))
			} else {
				seats[s] = b(uint64(1000*i + s))
			}
		}
		_, st, err := agents.PlayGame(g, seats, rand.New(rand.NewPCG(uint64(i), 5)))
		if err != nil {
			t.Fatal(err)
		}
		r := st.Returns(nil)
		if r[me] > 0 || (r[me] == 0 && allZero(r)) {
			k := 0
			for _, v := range r {
				if v == r[me] {
					k++
				}
			}
			total += 1 / float64(k)
		}
	}
	return total
}

func allZero(r []float64) bool {
	for _, v := range r {
		if v != 0 {
			return false
		}
	}
	return true
}

// wilson is the 95% Wilson interval of a proportion.
func wilson(wins float64, n int) (lo, hi float64) {
	const z = 1.96
	p := wins / float64(n)
	d := 1 + z*z/float64(n)
	c := (p + z*z/(2*float64(n))) / d
	h := z * math.Sqrt(p*(1-p)/float64(n)+z*z/(4*float64(n)*float64(n))) / d
	return c - h, c + h
}

func TestTuneWeights(t *testing.T) {
	if !*tune {
		t.Skip("run with -tune")
	}
	g, err := pc.NewGame(engine.Params{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	base := hpc.DefaultWeights()
	variants := map[string]func(w *hpc.Weights){
		"crowd 0":      func(w *hpc.Weights) { w.Crowd = 0 },
		"income 0.5":   func(w *hpc.Weights) { w.Income = 0.5 },
		"income 2":     func(w *hpc.Weights) { w.Income = 2 },
		"threat 1.2":   func(w *hpc.Weights) { w.Threat = 1.2 },
		"distance 0.4": func(w *hpc.Weights) { w.Distance = 0.4 },
	}
	const games = 200
	for name, f := range variants {
		w := base
		f(&w)
		score := match(t, g, games,
			func(seed uint64) agents.Agent { return hpc.NewWithWeights(g, seed, w) },
			func(seed uint64) agents.Agent { return hpc.NewWithWeights(g, seed, base) })
		lo, hi := wilson(score, games)
		t.Logf("%-14s vs default: %.3f [%.3f, %.3f]", name, score/games, lo, hi)
	}
}
