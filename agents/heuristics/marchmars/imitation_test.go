package marchmars_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/engine"
	mm "github.com/moongym/moongym/engine/marchmars"
)

// The imitation diagnosis of docs/benchmarks/learning.md ("march-mars: why
// the recipe is what it is"): how a network trained by "moongym imitate" agrees
// with the heuristic team per kind of decision, what each kind of decision
// costs the team when the network takes it (team win rate of hybrids), and
// what its value head says. It only runs with a model:
//
//	go test ./agents/heuristics/marchmars -run TestImitationDiagnosis -v -args -diagnose=MODEL [-players=N]
var (
	diagnose     = flag.String("diagnose", "", "model file of an imitation run to diagnose")
	diagPlayers  = flag.String("players", "2", "marines of the diagnosed game")
	diagGames    = flag.Int("diaggames", 200, "games of each hybrid")
	diagAgreeing = flag.Int("agreegames", 100, "heuristic games of the agreement count")
)

// teamMember decides the kinds of decisions listed in netKinds ("all": every
// kind) with the network, the rest with the heuristic.
type teamMember struct {
	net, heur agents.Agent
	netKinds  []string
}

func (m teamMember) Act(s engine.State) (engine.Action, error) {
	if k, _ := s.(*mm.State).Pending(); slices.Contains(m.netKinds, "all") || slices.Contains(m.netKinds, k) {
		return m.net.Act(s)
	}
	return m.heur.Act(s)
}

// teamGame plays game i with every marine deciding by decide; chance by a
// seed of i.
func teamGame(g engine.Game, i int, decide func(engine.State) engine.Action) engine.State {
	rng := rand.New(rand.NewPCG(uint64(i), 11))
	s := g.NewInitialState()
	for !s.IsTerminal() {
		if s.CurrentPlayer() == engine.Chance {
			s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
			continue
		}
		s.Apply(decide(s))
	}
	return s
}

func TestImitationDiagnosis(t *testing.T) {
	if *diagnose == "" {
		t.Skip("needs -args -diagnose=MODEL")
	}
	g := engine.MustLoad(mm.Name, engine.Params{"players": *diagPlayers})
	net, err := agents.New(g, "net:model="+*diagnose, 1)
	if err != nil {
		t.Fatal(err)
	}
	heur, err := agents.New(g, "heuristic", 1)
	if err != nil {
		t.Fatal(err)
	}
	must := func(a engine.Action, err error) engine.Action {
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	// agreement per kind on the heuristic team's games (its choices are
	// deterministic: a second heuristic would agree on every one)
	type count struct{ n, legal, agree int }
	kinds := map[string]*count{}
	var values [2][2]float64 // [won][sum, n] of the value head, turns 1-4
	for i := 0; i < *diagAgreeing; i++ {
		var vs []float32
		end := teamGame(g, 1_000_000+i, func(s engine.State) engine.Action {
			k, _ := s.(*mm.State).Pending()
			legal := s.LegalActions(nil)
			a := must(heur.Act(s))
			if len(legal) > 1 {
				c := kinds[k]
				if c == nil {
					c = &count{}
					kinds[k] = c
				}
				c.n++
				c.legal += len(legal)
				if must(net.Act(s)) == a {
					c.agree++
				}
			}
			if s.(*mm.State).Turn() <= 4 {
				v, err := net.(*netagent.Net).Values(s)
				if err != nil {
					t.Fatal(err)
				}
				vs = append(vs, v[0])
			}
			return a
		}).(*mm.State)
		w := 0
		if end.Won() {
			w = 1
		}
		for _, v := range vs {
			values[w][0] += float64(v)
			values[w][1]++
		}
	}
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return kinds[names[i]].n > kinds[names[j]].n })
	t.Logf("agreement with the heuristic team on its own games (%d games, forced moves left out):", *diagAgreeing)
	for _, k := range names {
		c := kinds[k]
		t.Logf("  %-12s %6.1f a game, %4.1f legal: %.3f", k, float64(c.n)/float64(*diagAgreeing), float64(c.legal)/float64(c.n), float64(c.agree)/float64(c.n))
	}
	for w, name := range []string{"lost", "won"} {
		if values[w][1] > 0 {
			t.Logf("value head in turns 1-4 of the games the heuristic team %s: mean %.3f (%d positions)", name, values[w][0]/values[w][1], int(values[w][1]))
		}
	}
	// hybrids: the whole team takes one kind of decision by the network
	for _, ks := range []string{"none", "all", "program", "choose", "hit", "ability", "continue pick place teleport drone beacon aim jet multi-shot level tele-land"} {
		member := teamMember{net: net, heur: heur, netKinds: strings.Fields(ks)}
		won := 0
		for i := 0; i < *diagGames; i++ {
			if teamGame(g, i, func(s engine.State) engine.Action { return must(member.Act(s)) }).(*mm.State).Won() {
				won++
			}
		}
		t.Logf("network deciding %q, the heuristic the rest: team win rate %s", ks, fmt.Sprintf("%.3f (%d games)", float64(won)/float64(*diagGames), *diagGames))
	}
}
