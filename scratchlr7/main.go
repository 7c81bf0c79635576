package main

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/moongym/moongym/agents"
	_ "github.com/moongym/moongym/agents/all"
	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	lr "github.com/moongym/moongym/engine/lunarrally"
)

func main() {
	g, err := engine.Load("lunar-rally", engine.Params{"players": "2"})
	if err != nil {
		panic(err)
	}
	fmt.Println("maxpath-ish rows cols", g.(*lr.Game).Board().Rows(), g.(*lr.Game).Board().Cols())
	var ms []float64
	draws := 0
	for i := 0; i < 300; i++ {
		a, _ := agents.New(g, "heuristic", uint64(2*i+1))
		b, _ := agents.New(g, "heuristic", uint64(2*i+2))
		_, s, err := agents.PlayGame(g, []agents.Agent{a, b}, rand.New(rand.NewPCG(uint64(i), 7)))
		if err != nil {
			panic(err)
		}
		st := s.(*lr.State).Standing(nil)
		r := s.Returns(nil)
		if r[0] == 0 {
			draws++
			continue
		}
		m := st[0] - st[1]
		if r[0] < 0 {
			m = -m
		}
		ms = append(ms, m)
	}
	sort.Float64s(ms)
	n := len(ms)
	fmt.Println("draws", draws, "n", n, "winner margin quantiles 10/25/50/75/90:", ms[n/10], ms[n/4], ms[n/2], ms[3*n/4], ms[9*n/10], "min", ms[0], "max", ms[n-1])
}
