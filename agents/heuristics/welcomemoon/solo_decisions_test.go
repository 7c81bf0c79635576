package welcomemoon_test

import (
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/agents"
	hw "github.com/moongym/moongym/agents/heuristics/welcomemoon"
	"github.com/moongym/moongym/engine"
	wm "github.com/moongym/moongym/engine/welcomemoon"
)

// kindOf names a solo decision by its legal moves: "pick" for choosing a
// combination, "modifier" for a change of the number, else the name of the
// first and of the last legal move with digits dropped.
func kindOf(s engine.State, legal []engine.Action) string {
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

// soloGame plays one solo game with seed `game`: decide(kind) says which
// agent chooses each decision. It returns the player's score and ASTRA's.
func soloGame(g engine.Game, game int, h, b agents.Agent, useB func(kind string) bool, visit func(s engine.State, legal []engine.Action, kind string, a engine.Action)) (float64, float64) {
	rng := rand.New(rand.NewPCG(11, uint64(game)+2000000))
	s := g.NewInitialState()
	var out []engine.Outcome
	var legal []engine.Action
	for !s.IsTerminal() {
		p := s.CurrentPlayer()
		if p == engine.Chance {
			out = s.ChanceOutcomes(out)
			s.Apply(engine.SampleOutcome(out, rng.Float64()))
			continue
		}
		legal = s.LegalActions(legal)
		if len(legal) == 1 {
			s.Apply(legal[0])
			continue
		}
		k := kindOf(s, legal)
		ag := h
		if useB != nil && useB(k) {
			ag = b
		}
		a, _ := ag.Act(s)
		if visit != nil {
			visit(s, legal, k, a)
		}
		s.Apply(a)
	}
	ws := s.(*wm.State)
	return float64(ws.Score(0)), ws.OpponentScore()
}

// TestMeasureSolo measures, for the solo game of adventure WM_ADV against
// ASTRA level 1, what an imitation of the heuristic faces and where the
// network of WM_MODEL loses: on WM_SOLO games of the heuristic (no random
// moves), per kind of decision, how many there are, their legal moves, how
// often a second heuristic (another seed) and the network choose the
// heuristic's move; then hybrids on WM_HYBRID games each (0: none): the
// network deciding one kind of decision and the heuristic the rest, with
// the mean score and wins against ASTRA, next to the heuristic alone and
// the network alone. docs/benchmarks/learning.md, "welcome-moon, solo".
// Run with WM_SOLO=40 WM_ADV=2 WM_MODEL=run/latest.safetensors go test
// -run TestMeasureSolo -v.
func TestMeasureSolo(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("WM_SOLO"))
	if games == 0 {
		t.Skip("set WM_SOLO (and WM_ADV, WM_MODEL) to run the measurement")
	}
	adv, _ := strconv.Atoi(os.Getenv("WM_ADV"))
	hyb, _ := strconv.Atoi(os.Getenv("WM_HYBRID"))
	g, err := wm.New(max(1, adv), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	net := func() agents.Agent {
		m := os.Getenv("WM_MODEL")
		if m == "" {
			return hw.New(99991)
		}
		b, err := agents.New(g, "net:model="+m, 1)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}()
	type stat struct {
		n, agreeH, agreeN int
		legal, look       float64
	}
	kinds := map[string]*stat{}
	var sum float64
	for game := 0; game < games; game++ {
		h, h2 := hw.New(uint64(game)*2+1), hw.New(uint64(game)*2+2)
		sc, _ := soloGame(g, game, h, nil, nil, func(s engine.State, legal []engine.Action, k string, a engine.Action) {
			st := kinds[k]
			if st == nil {
				st = &stat{}
				kinds[k] = st
			}
			st.n++
			st.legal += float64(len(legal))
			if b, _ := h2.Act(s); b == a {
				st.agreeH++
			}
			if b, _ := net.Act(s); b == a {
				st.agreeN++
			}
			if adv >= 2 && adv <= 4 {
				obs := make([]float32, engine.ObservationSize(g))
				s.Observe(s.CurrentPlayer(), obs)
				best, nb := obs[len(obs)-g.NumActions():], 0
				for _, v := range best {
					if v == 1 {
						nb++
					}
				}
				if best[a] == 1 {
					st.look += 1 / float64(nb)
				}
			}
		})
		sum += sc
	}
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return kinds[names[i]].n > kinds[names[j]].n })
	t.Logf("adventure %d, %d games of the heuristic, mean score %.1f", adv, games, sum/float64(games))
	for _, k := range names {
		st := kinds[k]
		n := float64(st.n)
		t.Logf("%-32s per game %6.2f  legal %5.1f  agree: heuristic %.3f  network %.3f  lookahead mark %.3f", k, n/float64(games), st.legal/n, float64(st.agreeH)/n, float64(st.agreeN)/n, st.look/n)
	}
	if hyb == 0 {
		return
	}
	run := func(label string, use func(string) bool) {
		var s, w float64
		for game := 0; game < hyb; game++ {
			sc, as := soloGame(g, game, hw.New(uint64(game)*2+1), net, use, nil)
			s += sc
			if sc > as {
				w++
			}
		}
		t.Logf("hybrid %-32s mean score %6.2f  wins %.3f", label, s/float64(hyb), w/float64(hyb))
	}
	run("heuristic alone", nil)
	run("network alone", func(string) bool { return true })
	for _, k := range names {
		if kinds[k].n >= games/4 {
			run("network on "+k, func(x string) bool { return x == k })
		}
	}
}
