package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/moongym/moongym/agents"
	hpc "github.com/moongym/moongym/agents/heuristics/planetcubes"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	pc "github.com/moongym/moongym/engine/planetcubes"
)

// planetCubesTune plays variants of the planet-cubes heuristic's weights
// against the default weights (docs/rules/planet-cubes.md, "the
// heuristic") and writes each variant's score rate (a k-way shared win
// counts 1/k) with its 95% Wilson interval.
func planetCubesTune(fs *flag.FlagSet, args []string, out io.Writer) error {
	games := fs.Int("games", 200, "games of each variant, the variant's seat rotated")
	players := fs.String("players", "2", "teams of the game")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := atLeast("games", *games, 1); err != nil {
		return err
	}
	g, err := pc.NewGame(engine.Params{"players": *players})
	if err != nil {
		return fmt.Errorf("planet-cubes: %w", err)
	}
	base := hpc.DefaultWeights()
	variants := []struct {
		name string
		set  func(w *hpc.Weights)
	}{
		{"crowd 0", func(w *hpc.Weights) { w.Crowd = 0 }},
		{"income 0.5", func(w *hpc.Weights) { w.Income = 0.5 }},
		{"income 2", func(w *hpc.Weights) { w.Income = 2 }},
		{"threat 1.2", func(w *hpc.Weights) { w.Threat = 1.2 }},
		{"distance 0.4", func(w *hpc.Weights) { w.Distance = 0.4 }},
	}
	p := &printer{w: out}
	for _, v := range variants {
		w := base
		v.set(&w)
		weighted := func(w hpc.Weights, seed func(i, p int) uint64) seatMaker {
			return func(i, p int) (agents.Agent, error) { return hpc.NewWithWeights(g, seed(i, p), w), nil }
		}
		score := 0.0
		err := rotated(g, *games,
			weighted(w, func(i, _ int) uint64 { return uint64(i) }),
			weighted(base, func(i, p int) uint64 { return uint64(1000*i + p) }),
			func(i int) *rand.Rand { return rand.New(rand.NewPCG(uint64(i), 5)) },
			func(s engine.State, me int) { score += sharedWin(s.Returns(nil), me) })
		if err != nil {
			return fmt.Errorf("%s: %w", v.name, err)
		}
		rate := score / float64(*games)
		lo, hi := arena.Wilson(rate, *games)
		p.line("%-14s vs default: %.3f [%.3f, %.3f]", v.name, rate, lo, hi)
	}
	return p.done()
}

// sharedWin is seat me's share of a win: 1 for a win alone, 1/k for a win
// shared by k seats (all returns zero counts as shared by all), else 0.
func sharedWin(r []float64, me int) float64 {
	allZero := true
	for _, v := range r {
		allZero = allZero && v == 0
	}
	if r[me] <= 0 && !(r[me] == 0 && allZero) {
		return 0
	}
	k := 0
	for _, v := range r {
		if v == r[me] {
			k++
		}
	}
	return 1 / float64(k)
}
