package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/welcomemoon"
)

// welcomeMoonMeasure prints the welcome-moon heuristic's record against
// random per adventure (2 players, seats rotated) and solo against ASTRA,
// with a 95% interval of its score rate (a tie counts half); the tables of
// docs/rules/welcome-moon.md.
func welcomeMoonMeasure(fs *flag.FlagSet, args []string, out io.Writer) error {
	games := fs.Int("games", 200, "games per adventure and player count")
	adv := fs.Int("adventure", 0, "the one adventure to measure (0: every implemented one)")
	level := fs.Int("level", 1, "ASTRA's level in the solo games")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := atLeast("games", *games, 1); err != nil {
		return err
	}
	hi := wmAdventures()
	lo := 1
	if *adv != 0 {
		if *adv < 1 || *adv > hi {
			return fmt.Errorf("-adventure %d: implemented are 1 to %d", *adv, hi)
		}
		lo, hi = *adv, *adv
	}
	p := &printer{w: out}
	for a := lo; a <= hi; a++ {
		for _, players := range []int{2, 1} {
			g, err := wm.New(a, players, *level)
			if err != nil {
				return fmt.Errorf("adventure %d, %d players, level %d: %w", a, players, *level, err)
			}
			r, err := wmAgainstRandom(g, *games)
			if err != nil {
				return fmt.Errorf("adventure %d, %d players: %w", a, players, err)
			}
			rate := (float64(r.w) + 0.5*float64(r.d)) / float64(*games)
			other := "random"
			if players == 1 {
				other = "ASTRA " + strconv.Itoa(*level)
			}
			p.line("adventure %d players %d: heuristic %d-%d-%d (score rate %.3f +- %.3f), mean score heuristic %.1f, %s %.1f",
				a, players, r.w, r.l, r.d, rate, normal95(rate, *games), r.hs, other, r.rs)
		}
	}
	return p.done()
}

// wmAdventures is the highest adventure welcome-moon advertises.
func wmAdventures() int {
	hi := 0
	for _, ps := range (&wm.Game{}).Spec().Params {
		if ps.Name == "adventure" {
			hi = ps.Max
		}
	}
	return hi
}

// wmRecord is the heuristic's wins, losses, ties and mean scores (its own
// and the other side's: the random seat after it, or ASTRA solo).
type wmRecord struct {
	w, l, d int
	hs, rs  float64
}

// wmAgainstRandom plays games of g, the heuristic against random with seats
// rotated (agent seeds 1000 i + seat, chance agents.NewRNG(i) in game i).
func wmAgainstRandom(g engine.Game, games int) (wmRecord, error) {
	var r wmRecord
	n := g.NumPlayers()
	spec := func(spec string) seatMaker {
		return func(i, p int) (agents.Agent, error) { return agents.New(g, spec, uint64(1000*i+p)) }
	}
	rng := func(i int) *rand.Rand { return agents.NewRNG(uint64(i)) }
	err := rotated(g, games, spec("heuristic"), spec("random"), rng, func(s engine.State, me int) {
		ret, sc := s.Returns(nil), s.Scores(nil)
		r.hs += sc[me]
		if n == 1 {
			r.rs += float64(s.(*wm.State).AstraScore())
		} else {
			r.rs += sc[(me+1)%n]
		}
		switch {
		case ret[me] > 0:
			r.w++
		case ret[me] < 0:
			r.l++
		default:
			r.d++
		}
	})
	r.hs /= float64(games)
	r.rs /= float64(games)
	return r, err
}
