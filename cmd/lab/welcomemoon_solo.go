package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/moongym/moongym/agents"
	hw "github.com/moongym/moongym/agents/heuristics/welcomemoon"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/welcomemoon"
)

// welcomeMoonSolo measures, for the solo game of a welcome-moon adventure
// against ASTRA level 1, what an imitation of the heuristic faces and where
// the network of -model loses (docs/benchmarks/learning.md, "welcome-moon,
// solo"): on games of the heuristic (no random moves), per kind of
// decision, how many there are, their legal moves, how often a second
// heuristic (another seed) and the network choose the heuristic's move and
// how often a uniform draw among the observation's lookahead marks does
// (adventures 2 to 4); then, on -hybrid games each, hybrids: the network
// deciding one kind of decision and the heuristic the rest, with the mean
// score and wins against ASTRA, next to the heuristic alone and the network
// alone. Without -model a heuristic of another seed stands for the network.
func welcomeMoonSolo(fs *flag.FlagSet, args []string, out io.Writer) error {
	games := fs.Int("games", 40, "games of the heuristic")
	adv := fs.Int("adventure", 1, "the adventure")
	model := fs.String("model", "", "the network (.safetensors file, or builtin; default a heuristic of another seed)")
	hyb := fs.Int("hybrid", 0, "games of each hybrid (0: no hybrids)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := atLeast("games", *games, 1); err != nil {
		return err
	}
	if err := atLeast("hybrid", *hyb, 0); err != nil {
		return err
	}
	g, err := wm.New(*adv, 1, 1)
	if err != nil {
		return fmt.Errorf("adventure %d, solo: %w", *adv, err)
	}
	var net agents.Agent = hw.New(99991)
	if *model != "" {
		if net, err = newNet(g, *model); err != nil {
			return err
		}
	}
	kinds, mean, err := wmSoloKinds(g, *adv, *games, net)
	if err != nil {
		return err
	}
	names := sortedKeys(kinds)
	byCountThenName(names, func(k string) int { return kinds[k].n })
	p := &printer{w: out}
	p.line("adventure %d, %d games of the heuristic, mean score %.1f", *adv, *games, mean)
	for _, k := range names {
		st := kinds[k]
		n := float64(st.n)
		p.line("%-32s per game %6.2f  legal %5.1f  agree: heuristic %.3f  network %.3f  lookahead mark %.3f", k, n/float64(*games), st.legal/n, float64(st.agreeH)/n, float64(st.agreeN)/n, st.look/n)
	}
	if *hyb == 0 {
		return p.done()
	}
	playHybrid := func(label string, use func(string) bool) error {
		var s, w float64
		for game := 0; game < *hyb; game++ {
			sc, as, err := wmSoloGame(g, game, hw.New(uint64(game)*2+1), net, use, nil)
			if err != nil {
				return fmt.Errorf("hybrid %s, game %d: %w", label, game, err)
			}
			s += sc
			if sc > as {
				w++
			}
		}
		p.line("hybrid %-32s mean score %6.2f  wins %.3f", label, s/float64(*hyb), w/float64(*hyb))
		return nil
	}
	if err := playHybrid("heuristic alone", nil); err != nil {
		return err
	}
	if err := playHybrid("network alone", func(string) bool { return true }); err != nil {
		return err
	}
	for _, k := range names {
		if kinds[k].n >= *games/4 {
			if err := playHybrid("network on "+k, func(x string) bool { return x == k }); err != nil {
				return err
			}
		}
	}
	return p.done()
}

// wmSoloKind counts one kind of solo decision: how many, their legal
// moves, the agreement of a second heuristic and of the network with the
// heuristic, and the lookahead mark's.
type wmSoloKind struct {
	n, agreeH, agreeN int
	legal, look       float64
}

// wmSoloKinds plays games of the heuristic and counts its decisions by
// kind; it returns them and the heuristic's mean score.
func wmSoloKinds(g *wm.Game, adv, games int, net agents.Agent) (map[string]*wmSoloKind, float64, error) {
	kinds := map[string]*wmSoloKind{}
	var sum float64
	for game := 0; game < games; game++ {
		h, h2 := hw.New(uint64(game)*2+1), hw.New(uint64(game)*2+2)
		sc, _, err := wmSoloGame(g, game, h, nil, nil, func(s engine.State, legal []engine.Action, k string, a engine.Action) error {
			st := kinds[k]
			if st == nil {
				st = &wmSoloKind{}
				kinds[k] = st
			}
			st.n++
			st.legal += float64(len(legal))
			b, err := h2.Act(s)
			if err != nil {
				return fmt.Errorf("the second heuristic: %w", err)
			}
			if b == a {
				st.agreeH++
			}
			if b, err = net.Act(s); err != nil {
				return fmt.Errorf("the network: %w", err)
			}
			if b == a {
				st.agreeN++
			}
			if adv >= 2 && adv <= 4 {
				st.look += wmLookahead(g, s, a)
			}
			return nil
		})
		if err != nil {
			return nil, 0, fmt.Errorf("game %d: %w", game, err)
		}
		sum += sc
	}
	return kinds, sum / float64(games), nil
}

// wmLookahead is the chance that a uniform draw among the moves the
// observation's lookahead marks in s is a.
func wmLookahead(g *wm.Game, s engine.State, a engine.Action) float64 {
	obs := make([]float32, engine.ObservationSize(g))
	s.Observe(s.CurrentPlayer(), obs)
	best, nb := obs[len(obs)-g.NumActions():], 0
	for _, v := range best {
		if v == 1 {
			nb++
		}
	}
	if best[a] == 1 {
		return 1 / float64(nb)
	}
	return 0
}

// wmSoloGame plays the solo game number game of g: useB(kind) says which
// agent, h or b, chooses each decision (h alone when useB is nil), and
// visit (if not nil) sees each decision. It returns the player's score and
// ASTRA's.
func wmSoloGame(g engine.Game, game int, h, b agents.Agent, useB func(kind string) bool, visit func(s engine.State, legal []engine.Action, kind string, a engine.Action) error) (float64, float64, error) {
	rng := rand.New(rand.NewPCG(11, uint64(game)+2000000))
	s, err := playOut(g, rng, false, func(s engine.State, _ engine.Player, legal []engine.Action) (engine.Action, error) {
		k := wmSoloKindOf(s, legal)
		ag := h
		if useB != nil && useB(k) {
			ag = b
		}
		a, err := ag.Act(s)
		if err != nil {
			return 0, err
		}
		if visit != nil {
			err = visit(s, legal, k, a)
		}
		return a, err
	})
	if err != nil {
		return 0, 0, err
	}
	ws := s.(*wm.State)
	return float64(ws.Score(0)), ws.OpponentScore(), nil
}

// wmSoloKindOf names a solo decision by its legal moves: "pick" for choosing a
// combination, "modifier" for a change of the number, else the name of the
// first and of the last legal move with digits dropped.
func wmSoloKindOf(s engine.State, legal []engine.Action) string {
	if legal[0] < 42 {
		return "pick"
	}
	strip := func(a engine.Action) string {
		n := s.ActionString(a)
		if i := strings.IndexAny(n, " ["); i > 0 && !strings.HasPrefix(n, "astra-gets") {
			n = n[i+1:]
		}
		n = strings.TrimRight(strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return -1
			}
			return r
		}, n), "-+ ")
		if i := strings.IndexByte(n, ' '); i > 0 {
			n = n[:i]
		}
		return n
	}
	f, l := strip(legal[0]), strip(legal[len(legal)-1])
	if f == "" && l == "" {
		return "modifier" // "-2" ... "+2"
	}
	if f == l {
		return f
	}
	return f + "|" + l
}
