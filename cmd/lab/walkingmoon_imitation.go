package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/engine"
	wkm "github.com/moongym/moongym/engine/walkingmoon"
	"github.com/moongym/moongym/training/imitation"
)

// walkingMoonImitation is the imitation diagnosis of
// docs/benchmarks/learning.md ("walking-moon: why the recipe is what it
// is"), advanced rules with 2 players: how a network trained by "moongym
// imitate" agrees with the heuristic per kind of decision, what each kind
// costs it against the heuristic, and how well its value head predicts
// results on the imitation's own games and on fresh ones.
func walkingMoonImitation(fs *flag.FlagSet, args []string, out io.Writer) error {
	d := &wkmDiagnosis{}
	fs.StringVar(&d.model, "model", "", "model file of an imitation run to diagnose (advanced rules, 2 players), or builtin (required)")
	parts := fs.String("parts", "agree,hybrid,value", "measurements, comma-separated: agree, hybrid, value (the value head alone takes a minute, all three much longer)")
	fs.IntVar(&d.games, "games", 40, "games of the agreement count, on fresh games and on the imitation's")
	fs.IntVar(&d.hybridGames, "hybridgames", 80, "games of each hybrid")
	fs.IntVar(&d.valueGames, "valuegames", 20, "games of the value head, on fresh games and on the imitation's")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if d.model == "" {
		return errors.New("-model is required: a model file made by moongym imitate, or builtin")
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"games", d.games}, {"hybridgames", d.hybridGames}, {"valuegames", d.valueGames}} {
		if err := atLeast(f.name, f.v, 1); err != nil {
			return err
		}
	}
	measure := map[string]func(p *printer) error{"agree": d.agreement, "hybrid": d.hybrids, "value": d.valueHead}
	chosen := map[string]bool{}
	for _, part := range strings.Split(*parts, ",") {
		part = strings.TrimSpace(part)
		if measure[part] == nil {
			return fmt.Errorf("-parts: unknown measurement %q (agree, hybrid, value)", part)
		}
		chosen[part] = true
	}
	if err := d.load(); err != nil {
		return err
	}
	p := &printer{w: out}
	for _, part := range []string{"agree", "hybrid", "value"} {
		if chosen[part] {
			if err := measure[part](p); err != nil {
				return fmt.Errorf("%s: %w", part, err)
			}
		}
	}
	return p.done()
}

// wkmDiagnosis is walkingMoonImitation's game, heuristic and network, and
// its numbers of games.
type wkmDiagnosis struct {
	model                          string
	games, hybridGames, valueGames int
	g                              engine.Game
	h                              agents.Heuristic
	net                            *netagent.Net
}

// load loads the game, the heuristic and the network.
func (d *wkmDiagnosis) load() error {
	var err error
	if d.g, err = engine.Load(wkm.Name, engine.Params{"players": "2", "rules": "advanced"}); err != nil {
		return err
	}
	if d.h, err = agents.HeuristicFor(wkm.Name); err != nil {
		return err
	}
	d.net, err = d.newNet()
	return err
}

// newNet loads the network anew.
func (d *wkmDiagnosis) newNet() (*netagent.Net, error) {
	a, err := newNet(d.g, d.model)
	if err != nil {
		return nil, err
	}
	nt, ok := a.(*netagent.Net)
	if !ok {
		return nil, fmt.Errorf("the model's agent is a %T, not a network", a)
	}
	return nt, nil
}

// seats are the heuristic agents of game i and its chance draws: with the
// imitation's seeds (imitation=true, as training.HeuristicGames draws them)
// or others.
func (d *wkmDiagnosis) seats(i int, imitated bool) ([]agents.Agent, *rand.Rand, error) {
	seed, rng := uint64(1000+i), rand.New(rand.NewPCG(7, uint64(i)))
	if imitated {
		rng = rand.New(rand.NewPCG(1, uint64(i)))
	}
	seats := make([]agents.Agent, d.g.NumPlayers())
	for p := range seats {
		s := seed*10 + uint64(p)
		if imitated {
			s = imitation.Seeds{Seed: 1, Game: i}.Seat(p) // as imitation seat p of game i
		}
		var err error
		if seats[p], err = d.h.New(d.g, s); err != nil {
			return nil, nil, fmt.Errorf("the heuristic of seat %d: %w", p, err)
		}
	}
	return seats, rng, nil
}

// agreement writes, per kind of decision, how often the network and a
// second heuristic (whose agreement bounds what any imitation can reach)
// choose the heuristic's move, on fresh games and on the imitation's own
// (10% random moves, as imitate plays them).
func (d *wkmDiagnosis) agreement(p *printer) error {
	for _, imitation := range []bool{false, true} {
		type count struct{ n, legal, net, heur int }
		kinds := map[string]*count{}
		for i := 0; i < d.games; i++ {
			seats, rng, err := d.seats(i, imitation)
			if err != nil {
				return err
			}
			other, _, err := d.seats(i+d.games, false)
			if err != nil {
				return err
			}
			_, err = playOut(d.g, rng, false, func(s engine.State, pl engine.Player, legal []engine.Action) (engine.Action, error) {
				k, _ := s.(*wkm.State).Pending()
				a, err := seats[pl].Act(s)
				if err != nil {
					return 0, fmt.Errorf("the heuristic: %w", err)
				}
				c := kinds[k]
				if c == nil {
					c = &count{}
					kinds[k] = c
				}
				c.n++
				c.legal += len(legal)
				if agree, err := sameMove(d.net, s, a); err != nil {
					return 0, fmt.Errorf("the network: %w", err)
				} else if agree {
					c.net++
				}
				if agree, err := sameMove(other[pl], s, a); err != nil {
					return 0, fmt.Errorf("the second heuristic: %w", err)
				} else if agree {
					c.heur++
				}
				if rng.Float64() < 0.1 {
					a = legal[rng.IntN(len(legal))]
				}
				return a, nil
			})
			if err != nil {
				return fmt.Errorf("game %d: %w", i, err)
			}
		}
		p.line("agreement with the heuristic (imitation's games: %v), %d games:", imitation, d.games)
		for _, k := range sortedKeys(kinds) {
			c := kinds[k]
			n := float64(c.n)
			p.line("  %-16s %6.1f a game, %.1f legal: network %.3f, another heuristic %.3f",
				k, n/float64(d.games), float64(c.legal)/n, float64(c.net)/n, float64(c.heur)/n)
		}
	}
	return nil
}

// sameMove reports whether a chooses move a in s.
func sameMove(ag agents.Agent, s engine.State, a engine.Action) (bool, error) {
	b, err := ag.Act(s)
	return b == a, err
}

// hybrids writes the win rate against the heuristic of hybrids: the network
// deciding some kinds of decision, the heuristic the rest, after 4 random
// opening decisions.
func (d *wkmDiagnosis) hybrids(p *printer) error {
	for _, kinds := range []string{"none", "all", "program", "choose", "continue", "prompt keep rob colour spend exchange free-advance no-instructions"} {
		wins := 0.0
		for i := 0; i < d.hybridGames; i++ {
			seats, rng, err := d.seats(i, false)
			if err != nil {
				return err
			}
			net, err := d.newNet()
			if err != nil {
				return err
			}
			me := i % 2
			seats[me] = &hybrid{net: net, heur: seats[me], useNet: func(s engine.State) bool {
				k, _ := s.(*wkm.State).Pending()
				return kinds == "all" || strings.Contains(kinds, k)
			}}
			dec := 0
			s, err := playOut(d.g, rng, true, func(s engine.State, pl engine.Player, legal []engine.Action) (engine.Action, error) {
				a := legal[rng.IntN(len(legal))]
				if dec++; dec > 4 {
					return seats[pl].Act(s)
				}
				return a, nil
			})
			if err != nil {
				return fmt.Errorf("network deciding %q, game %d: %w", kinds, i, err)
			}
			if r := s.Returns(nil)[me]; r > 0 {
				wins++
			} else if r == 0 {
				wins += 0.5
			}
		}
		p.line("network deciding %q, the heuristic the rest: win rate %.3f against the heuristic (%d games, 4 random opening decisions)", kinds, wins/float64(d.hybridGames), d.hybridGames)
	}
	return nil
}

// valueHead writes the value head's squared error against the results and
// how often its sign is right, by rounds, on fresh games and on the
// imitation's own.
func (d *wkmDiagnosis) valueHead(p *printer) error {
	for _, imitation := range []bool{false, true} {
		var se, right, n [3]float64
		for i := 0; i < d.valueGames; i++ {
			seats, rng, err := d.seats(i, imitation)
			if err != nil {
				return err
			}
			type at struct {
				p      engine.Player
				v      float32
				bucket int
			}
			var seen []at
			s, err := playOut(d.g, rng, false, func(s engine.State, pl engine.Player, legal []engine.Action) (engine.Action, error) {
				v, err := d.net.Values(s)
				if err != nil {
					return 0, fmt.Errorf("the network's values: %w", err)
				}
				seen = append(seen, at{pl, v[pl], min(s.(*wkm.State).Round()/5, 2)})
				a, err := seats[pl].Act(s)
				if err != nil {
					return 0, fmt.Errorf("the heuristic: %w", err)
				}
				if imitation && rng.Float64() < 0.1 {
					a = legal[rng.IntN(len(legal))]
				}
				return a, nil
			})
			if err != nil {
				return fmt.Errorf("game %d: %w", i, err)
			}
			r := s.Returns(nil)
			for _, x := range seen {
				e := float64(x.v) - r[x.p]
				se[x.bucket] += e * e
				if (x.v > 0) == (r[x.p] > 0) {
					right[x.bucket]++
				}
				n[x.bucket]++
			}
		}
		var line []string
		for b := range n {
			if n[b] > 0 {
				line = append(line, fmt.Sprintf("rounds %s: mse %.3f, sign right %.3f (%d positions)",
					[]string{"0-4", "5-9", "10+"}[b], se[b]/n[b], right[b]/n[b], int(n[b])))
			}
		}
		p.line("value head against the results (imitation's games: %v), %d games: %s", imitation, d.valueGames, strings.Join(line, "; "))
	}
	return nil
}
