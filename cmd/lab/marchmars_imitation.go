package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/engine"
	mm "github.com/moongym/moongym/engine/marchmars"
)

// marchMarsImitation is the imitation diagnosis of
// docs/benchmarks/learning.md ("march-mars: why the recipe is what it
// is"): how a network trained by "moongym imitate" agrees with the
// heuristic team per kind of decision, what each kind of decision costs the
// team when the network takes it (team win rate of hybrids), and what its
// value head says.
func marchMarsImitation(fs *flag.FlagSet, args []string, out io.Writer) error {
	model := fs.String("model", "", "model file of an imitation run to diagnose, or builtin (required)")
	players := fs.String("players", "2", "marines of the diagnosed game")
	games := fs.Int("games", 200, "games of each hybrid")
	agreeGames := fs.Int("agreegames", 100, "heuristic games of the agreement count")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *model == "" {
		return errors.New("-model is required: a model file made by moongym imitate, or builtin")
	}
	if err := atLeast("games", *games, 1); err != nil {
		return err
	}
	if err := atLeast("agreegames", *agreeGames, 1); err != nil {
		return err
	}
	g, err := engine.Load(mm.Name, engine.Params{"players": *players})
	if err != nil {
		return err
	}
	net, err := newNet(g, *model)
	if err != nil {
		return err
	}
	nt, ok := net.(*netagent.Net)
	if !ok {
		return fmt.Errorf("the model's agent is a %T, not a network", net)
	}
	heur, err := agents.New(g, "heuristic", 1)
	if err != nil {
		return fmt.Errorf("the heuristic: %w", err)
	}
	p := &printer{w: out}
	if err := mmAgreement(p, g, nt, heur, *agreeGames); err != nil {
		return err
	}
	// hybrids: the whole team takes one kind of decision by the network
	for _, ks := range []string{"none", "all", "program", "choose", "hit", "ability", "continue pick place teleport drone beacon aim jet multi-shot level tele-land"} {
		netKinds := strings.Fields(ks)
		member := &hybrid{net: net, heur: heur, useNet: func(s engine.State) bool {
			k, _ := s.(*mm.State).Pending()
			return slices.Contains(netKinds, "all") || slices.Contains(netKinds, k)
		}}
		won := 0
		for i := 0; i < *games; i++ {
			s, err := mmTeamGame(g, i, func(s engine.State, _ engine.Player, _ []engine.Action) (engine.Action, error) { return member.Act(s) })
			if err != nil {
				return fmt.Errorf("network deciding %q, game %d: %w", ks, i, err)
			}
			if s.(*mm.State).Won() {
				won++
			}
		}
		p.line("network deciding %q, the heuristic the rest: team win rate %.3f (%d games)", ks, float64(won)/float64(*games), *games)
	}
	return p.done()
}

// mmTeamGame plays game i with every marine's move (forced ones too) the
// one decide returns; chance by a seed of i.
func mmTeamGame(g engine.Game, i int, decide decider) (engine.State, error) {
	return playOut(g, rand.New(rand.NewPCG(uint64(i), 11)), true, decide)
}

// mmAgreement writes how often the network chooses the heuristic team's
// move per kind of decision on the team's own games (its choices are
// deterministic: a second heuristic would agree on every one), and the
// network's mean value in turns 1-4 of the games the team lost and won.
func mmAgreement(p *printer, g engine.Game, net *netagent.Net, heur agents.Agent, games int) error {
	type count struct{ n, legal, agree int }
	kinds := map[string]*count{}
	var values [2][2]float64 // [won][sum, n] of the value head, turns 1-4
	for i := 0; i < games; i++ {
		var vs []float32
		end, err := mmTeamGame(g, 1_000_000+i, func(s engine.State, _ engine.Player, legal []engine.Action) (engine.Action, error) {
			k, _ := s.(*mm.State).Pending()
			a, err := heur.Act(s)
			if err != nil {
				return 0, fmt.Errorf("the heuristic: %w", err)
			}
			if len(legal) > 1 {
				c := kinds[k]
				if c == nil {
					c = &count{}
					kinds[k] = c
				}
				c.n++
				c.legal += len(legal)
				b, err := net.Act(s)
				if err != nil {
					return 0, fmt.Errorf("the network: %w", err)
				}
				if b == a {
					c.agree++
				}
			}
			if s.(*mm.State).Turn() <= 4 {
				v, err := net.Values(s)
				if err != nil {
					return 0, fmt.Errorf("the network's values: %w", err)
				}
				vs = append(vs, v[0])
			}
			return a, nil
		})
		if err != nil {
			return fmt.Errorf("agreement, game %d: %w", i, err)
		}
		w := 0
		if end.(*mm.State).Won() {
			w = 1
		}
		for _, v := range vs {
			values[w][0] += float64(v)
			values[w][1]++
		}
	}
	names := sortedKeys(kinds)
	byCountThenName(names, func(k string) int { return kinds[k].n })
	p.line("agreement with the heuristic team on its own games (%d games, forced moves left out):", games)
	for _, k := range names {
		c := kinds[k]
		p.line("  %-12s %6.1f a game, %4.1f legal: %.3f", k, float64(c.n)/float64(games), float64(c.legal)/float64(c.n), float64(c.agree)/float64(c.n))
	}
	for w, name := range []string{"lost", "won"} {
		if values[w][1] > 0 {
			p.line("value head in turns 1-4 of the games the heuristic team %s: mean %.3f (%d positions)", name, values[w][0]/values[w][1], int(values[w][1]))
		}
	}
	return nil
}
