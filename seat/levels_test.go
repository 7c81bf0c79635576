package seat

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

var measureLevels = flag.String("levels.measure", "", "TestMeasureLevels: time the replies of these agent specs (';'-separated; \"all\": the hand-written levels, net, and az at 50..800 sims) in every game's default configuration")

// TestMeasureLevels times how long agents take to answer a person in
// every game's default configuration: seat 0 plays as the heuristic (the
// "person", not timed), every other seat the agent; a reply is every
// decision the agents make between two of seat 0's (chance drawn from a
// seeded stream, untimed), as the server plays them in one move request.
// Two games, at most 15 replies each; it prints the mean, the 90th
// percentile and the longest reply, and the number of decisions. levelSims
// comes from it:
//
//	go test ./seat -run TestMeasureLevels -levels.measure all -v -timeout 60m
func TestMeasureLevels(t *testing.T) {
	if *measureLevels == "" {
		t.Skip("-levels.measure not given")
	}
	specs := strings.Split(*measureLevels, ";")
	if *measureLevels == "all" {
		specs = []string{"heuristic", "expert", "net:model=builtin"}
		for _, n := range []int{50, 100, 200, 400, 800} {
			specs = append(specs, fmt.Sprintf("az:model=builtin,sims=%d", n))
		}
	}
	games := engine.Games()
	if only := os.Getenv("LEVELS_GAMES"); only != "" {
		games = slices.DeleteFunc(games, func(s engine.Spec) bool { return !slices.Contains(strings.Split(only, ","), s.Name) })
	}
	// LEVELS_PARAMS=GAME:k=v,k=v;... measures GAME in that configuration
	// (walking-moon's built-in models play rules=advanced).
	params := map[string]engine.Params{}
	for _, gp := range strings.Split(os.Getenv("LEVELS_PARAMS"), ";") {
		name, kvs, ok := strings.Cut(gp, ":")
		if !ok {
			continue
		}
		params[name] = engine.Params{}
		for _, kv := range strings.Split(kvs, ",") {
			k, v, _ := strings.Cut(kv, "=")
			params[name][k] = v
		}
	}
	for _, spec := range games {
		if strings.HasPrefix(spec.Name, "seat-test-") {
			continue
		}
		g, err := engine.Load(spec.Name, params[spec.Name])
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range specs {
			times, decisions, err := timeReplies(g, a)
			if err != nil {
				t.Logf("%-13s %-28s %v", spec.Name, a, err)
				continue
			}
			slices.Sort(times)
			var sum time.Duration
			for _, d := range times {
				sum += d
			}
			mean := sum / time.Duration(len(times))
			p90 := times[len(times)*9/10]
			t.Logf("%-13s %-28s replies %3d (%3d decisions)  mean %7.1f ms  p90 %7.1f ms  max %7.1f ms", spec.Name, a, len(times), decisions,
				ms(mean), ms(p90), ms(times[len(times)-1]))
			if p90 > 2*time.Second {
				break // larger budgets only take longer
			}
		}
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// timeReplies plays two games of g, seat 0 the heuristic and the others
// spec, and times the agents' replies (at most 15 a game).
func timeReplies(g engine.Game, spec string) (times []time.Duration, decisions int, err error) {
	for game := range 2 {
		seats := make([]agents.Agent, g.NumPlayers())
		for i := range seats {
			as := spec
			if i == 0 {
				as = "heuristic"
			}
			a, err := agents.New(g, as, uint64(100*game+i))
			if err != nil {
				return nil, 0, err
			}
			seats[i] = a
		}
		rng := rand.New(rand.NewPCG(uint64(game), 7))
		s := g.NewInitialState()
		var reply time.Duration
		replying := false
		for n := 0; !s.IsTerminal() && n < 15; {
			p := s.CurrentPlayer()
			if p == engine.Chance {
				s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
				continue
			}
			if p == 0 && replying {
				times = append(times, reply)
				reply, replying = 0, false
				n++
			}
			start := time.Now()
			a, err := seats[p].Act(s)
			if err != nil {
				return nil, 0, err
			}
			if p != 0 {
				reply += time.Since(start)
				replying = true
				decisions++
			}
			s.Apply(a)
		}
		if replying {
			times = append(times, reply)
		}
	}
	return times, decisions, nil
}

// TestLevels checks the levels of a few configurations: what each game
// lacks is said, and the default is the strongest available.
func TestLevels(t *testing.T) {
	sv := NewService(Limits{}, nil)
	cases := []struct {
		game   string
		params engine.Params
		want   map[string]bool // spec kind -> available
		def    string          // the default's kind
		why    string          // a reason given
	}{
		{"tictactoe", nil, map[string]bool{"random": true, "heuristic": true, "expert": false, "net": true, "az": true}, "az", "no expert player for tictactoe"},
		{"lunar-rally", nil, map[string]bool{"random": true, "heuristic": true, "expert": true, "net": true, "az": true}, "az", ""},
		{"lunar-rally", engine.Params{"scenario": "blue"}, map[string]bool{"random": true, "heuristic": true, "expert": true, "net": false, "az": false}, "expert", "no built-in model for this configuration of lunar-rally"},
		{"march-mars", nil, map[string]bool{"random": true, "heuristic": true, "expert": true, "net": true, "az": true}, "expert", ""},
		{"planet-cubes", engine.Params{"goal": "32"}, map[string]bool{"random": true, "heuristic": true, "expert": false, "net": false, "az": false}, "heuristic", "built-in: "},
	}
	for _, c := range cases {
		g, err := sv.load(c.game, c.params)
		if err != nil {
			t.Fatal(err)
		}
		levels := sv.Levels(g)
		got := map[string]bool{}
		def, why := "", ""
		for _, l := range levels {
			kind, _, _ := strings.Cut(l.Spec, ":")
			got[kind] = l.Available
			if l.Default {
				if def != "" {
					t.Errorf("%s %v: two defaults", c.game, c.params)
				}
				def = kind
			}
			if l.Available != (l.Why == "") {
				t.Errorf("%s %v: level %s available %v, why %q", c.game, c.params, l.Name, l.Available, l.Why)
			}
			why += l.Why + "\n"
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s %v: available %v, want %v", c.game, c.params, got, c.want)
		}
		if def != c.def {
			t.Errorf("%s %v: default %s, want %s", c.game, c.params, def, c.def)
		}
		if !strings.Contains(why, c.why) {
			t.Errorf("%s %v: reasons %q lack %q", c.game, c.params, why, c.why)
		}
	}
	// A server with a smaller --max-sims gets a smaller search.
	sv = NewService(Limits{MaxSims: 50}, nil)
	g, _ := sv.load("tictactoe", nil)
	if l := sv.Levels(g); l[len(l)-1].Spec != "az:model=builtin,sims=50" || !l[len(l)-1].Available {
		t.Errorf("--max-sims 50: %+v", l[len(l)-1])
	}
	// An agent the server does not offer is no level.
	sv = NewService(Limits{Agents: []string{"random", "heuristic"}}, nil)
	g, _ = sv.load("tictactoe", nil)
	for _, l := range sv.Levels(g) {
		if l.Available != (l.Spec == "random" || l.Spec == "heuristic") {
			t.Errorf("--agents random,heuristic: %s available %v (%s)", l.Spec, l.Available, l.Why)
		}
		if l.Default && l.Spec != "heuristic" {
			t.Errorf("--agents random,heuristic: default %s", l.Spec)
		}
	}
}
