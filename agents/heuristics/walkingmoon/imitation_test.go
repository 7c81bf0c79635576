package walkingmoon_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/walkingmoon"
)

// The imitation diagnosis of docs/benchmarks/learning.md ("walking-moon: why
// the recipe is what it is"): how a network trained by "moongym imitate" agrees
// with the heuristic per kind of decision, what each kind costs it against
// the heuristic, and how well its value head predicts results on the
// imitation's own games and on fresh ones. It only runs with a model:
//
//	go test ./agents/heuristics/walkingmoon -run TestImitationDiagnosis -v -args -diagnose=runs/walking-moon-p2/latest.safetensors
var diagnose = flag.String("diagnose", "", "model file of an imitation run to diagnose (advanced rules, 2 players)")

// diagParts picks the measurements (agree, hybrid, value): the value head
// alone takes a minute, all three much longer.
var diagParts = flag.String("diagparts", "agree,hybrid,value", "measurements of -diagnose: agree, hybrid, value (comma-separated)")

// diagGames is the number of games of each measurement.
const diagGames = 40

// hybrid lets the network decide the kinds of decisions in kinds, the heuristic the rest.
type hybrid struct {
	net, heur agents.Agent
	kinds     string
}

func (h *hybrid) Act(s engine.State) (engine.Action, error) {
	if k, _ := s.(*wm.State).Pending(); h.kinds == "all" || strings.Contains(h.kinds, k) {
		return h.net.Act(s)
	}
	return h.heur.Act(s)
}

// heuristicSeats are the heuristic agents of game i: with the imitation's
// seeds (imitation=true, as training.HeuristicGames draws them) or others.
func heuristicSeats(t *testing.T, g engine.Game, i int, imitation bool) ([]agents.Agent, *rand.Rand) {
	h, err := agents.HeuristicFor(wm.Name)
	if err != nil {
		t.Fatal(err)
	}
	seed, rng := uint64(1000+i), rand.New(rand.NewPCG(7, uint64(i)))
	if imitation {
		rng = rand.New(rand.NewPCG(1, uint64(i)))
	}
	seats := make([]agents.Agent, g.NumPlayers())
	for p := range seats {
		s := seed*10 + uint64(p)
		if imitation {
			s = 1 ^ (uint64(i)*0x9e3779b97f4a7c15 + uint64(p) + 1)
		}
		if seats[p], err = h.New(g, s); err != nil {
			t.Fatal(err)
		}
	}
	return seats, rng
}

// playDecisions plays a game of g to its end: chance outcomes drawn from
// rng, forced moves made, every other move the one decide returns.
func playDecisions(g engine.Game, rng *rand.Rand, decide func(s engine.State, p engine.Player, legal []engine.Action) engine.Action) engine.State {
	s := g.NewInitialState()
	for !s.IsTerminal() {
		p := s.CurrentPlayer()
		if p == engine.Chance {
			s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
			continue
		}
		legal := s.LegalActions(nil)
		if len(legal) == 1 {
			s.Apply(legal[0])
			continue
		}
		s.Apply(decide(s, p, legal))
	}
	return s
}

func TestImitationDiagnosis(t *testing.T) {
	if *diagnose == "" {
		t.Skip("needs -args -diagnose=MODEL")
	}
	g := engine.MustLoad(wm.Name, engine.Params{"players": "2", "rules": "advanced"})
	newNet := func() *netagent.Net {
		a, err := agents.New(g, "net:model="+*diagnose, 1)
		if err != nil {
			t.Fatal(err)
		}
		return a.(*netagent.Net)
	}
	net := newNet()
	part := func(name string) bool { return strings.Contains(*diagParts, name) }
	// agreement per kind, on fresh and on the imitation's own games (10%
	// random moves, as imitate plays them); a second heuristic's agreement
	// bounds what any imitation can reach
	for _, imitation := range []bool{false, true} {
		if !part("agree") {
			break
		}
		type count struct{ n, legal, net, heur int }
		kinds := map[string]*count{}
		for i := 0; i < diagGames; i++ {
			seats, rng := heuristicSeats(t, g, i, imitation)
			other, _ := heuristicSeats(t, g, i+diagGames, false)
			playDecisions(g, rng, func(s engine.State, p engine.Player, legal []engine.Action) engine.Action {
				k, _ := s.(*wm.State).Pending()
				a, err := seats[p].Act(s)
				if err != nil {
					t.Fatal(err)
				}
				c := kinds[k]
				if c == nil {
					c = &count{}
					kinds[k] = c
				}
				c.n++
				c.legal += len(legal)
				if b, _ := net.Act(s); b == a {
					c.net++
				}
				if b, _ := other[p].Act(s); b == a {
					c.heur++
				}
				if rng.Float64() < 0.1 {
					a = legal[rng.IntN(len(legal))]
				}
				return a
			})
		}
		names := make([]string, 0, len(kinds))
		for k := range kinds {
			names = append(names, k)
		}
		sort.Strings(names)
		t.Logf("agreement with the heuristic (imitation's games: %v), %d games:", imitation, diagGames)
		for _, k := range names {
			c := kinds[k]
			t.Logf("  %-16s %6.1f a game, %.1f legal: network %.3f, another heuristic %.3f",
				k, float64(c.n)/diagGames, float64(c.legal)/float64(c.n), float64(c.net)/float64(c.n), float64(c.heur)/float64(c.n))
		}
	}
	// hybrids against the heuristic
	for _, kinds := range []string{"none", "all", "program", "choose", "continue", "prompt keep rob colour spend exchange free-advance no-instructions"} {
		if !part("hybrid") {
			break
		}
		wins := 0.0
		for i := 0; i < 2*diagGames; i++ {
			seats, rng := heuristicSeats(t, g, i, false)
			me := i % 2
			seats[me] = &hybrid{net: newNet(), heur: seats[me], kinds: kinds}
			s := g.NewInitialState()
			for dec := 0; !s.IsTerminal(); {
				p := s.CurrentPlayer()
				if p == engine.Chance {
					s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
					continue
				}
				legal := s.LegalActions(nil)
				a := legal[rng.IntN(len(legal))]
				if dec >= 4 {
					var err error
					if a, err = seats[p].Act(s); err != nil {
						t.Fatal(err)
					}
				}
				dec++
				s.Apply(a)
			}
			if r := s.Returns(nil)[me]; r > 0 {
				wins++
			} else if r == 0 {
				wins += 0.5
			}
		}
		t.Logf("network deciding %q, the heuristic the rest: win rate %.3f against the heuristic (%d games, 4 random opening decisions)", kinds, wins/float64(2*diagGames), 2*diagGames)
	}
	// the value head against the results
	for _, imitation := range []bool{false, true} {
		if !part("value") {
			break
		}
		var se, right, n [3]float64
		for i := 0; i < diagGames/2; i++ {
			seats, rng := heuristicSeats(t, g, i, imitation)
			type at struct {
				p      engine.Player
				v      float32
				bucket int
			}
			var seen []at
			s := playDecisions(g, rng, func(s engine.State, p engine.Player, legal []engine.Action) engine.Action {
				v, err := net.Values(s)
				if err != nil {
					t.Fatal(err)
				}
				seen = append(seen, at{p, v[p], min(s.(*wm.State).Round()/5, 2)})
				a, err := seats[p].Act(s)
				if err != nil {
					t.Fatal(err)
				}
				if imitation && rng.Float64() < 0.1 {
					a = legal[rng.IntN(len(legal))]
				}
				return a
			})
			r := s.Returns(nil)
			for _, x := range seen {
				d := float64(x.v) - r[x.p]
				se[x.bucket] += d * d
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
		t.Logf("value head against the results (imitation's games: %v), %d games: %s", imitation, diagGames/2, strings.Join(line, "; "))
	}
}
