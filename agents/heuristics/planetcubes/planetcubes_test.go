package planetcubes_test

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/agents"
	hpc "github.com/moongym/moongym/agents/heuristics/planetcubes"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	pc "github.com/moongym/moongym/engine/planetcubes"
)

// position decodes a two-team state with Red to act; cubes are "R1@F:2l"
// (team and slot, planet, lives, weapon - s l).
func position(t *testing.T, g *pc.Game, cubes string) *pc.State {
	t.Helper()
	type cube struct {
		Slot   int    `json:"slot"`
		Planet string `json:"planet"`
		Lives  int    `json:"lives"`
		Weapon string `json:"weapon"`
	}
	teams := []map[string]any{{"team": "R", "score": 0}, {"team": "B", "score": 0}}
	lists := [2][]cube{{}, {}}
	for _, c := range strings.Fields(cubes) {
		name, rest, _ := strings.Cut(c, "@")
		planet, spec, _ := strings.Cut(rest, ":")
		team := strings.IndexByte("RB", name[0])
		lists[team] = append(lists[team], cube{Slot: int(name[1] - '0'), Planet: planet, Lives: int(spec[0] - '0'),
			Weapon: map[byte]string{'-': "none", 's': "short", 'l': "long"}[spec[1]]})
	}
	teams[0]["cubes"], teams[1]["cubes"] = lists[0], lists[1]
	data, _ := json.Marshal(map[string]any{"round": 1, "first": 0, "turn": 0, "actions_left": 2, "selected": 0,
		"attacking": false, "over": false, "truncated": false, "teams": teams})
	s, err := g.DecodeState(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return s.(*pc.State)
}

// turn lets the heuristic play Red's whole turn and returns what it played.
func turn(t *testing.T, g *pc.Game, s *pc.State) []string {
	t.Helper()
	a, err := agents.New(g, "heuristic", 1)
	if err != nil {
		t.Fatal(err)
	}
	var played []string
	for s.CurrentPlayer() == 0 && s.Round() == 1 {
		act, err := a.Act(s)
		if err != nil {
			t.Fatal(err)
		}
		played = append(played, s.ActionString(act))
		if err := engine.ApplyChecked(s, act); err != nil {
			t.Fatal(err)
		}
	}
	return played
}

func TestSensibleMoves(t *testing.T) {
	g, err := pc.NewGame(nil)
	if err != nil {
		t.Fatal(err)
	}
	planet := func(s *pc.State, team, slot int) string {
		p, ok := s.Piece(team, slot)
		if !ok {
			return "-"
		}
		return g.Board().Planets[p.Planet].Name
	}
	cases := []struct {
		name  string
		cubes string
		check func(s *pc.State) bool
	}{
		{"attacks a cube it can destroy", "R1@F:2l B1@F:1s B2@S4:1-",
			func(s *pc.State) bool { _, ok := s.Piece(1, 0); return !ok }},
		{"takes a free moon", "R1@C1:2s B1@S4:1-",
			func(s *pc.State) bool { p := planet(s, 0, 0); return p == "F" || p == "H1" || p == "H6" }},
		{"arms an unarmed cube on Planet Weaponry", "R1@W1:2- B1@S4:1- B2@C1:1-",
			func(s *pc.State) bool { p, _ := s.Piece(0, 0); return p.Weapon != pc.NoWeapon }},
		{"adds a life to a threatened cube", "R1@L1:1- B1@F:2l",
			func(s *pc.State) bool { p, _ := s.Piece(0, 0); return p.Lives == 2 }},
		{"attacks from the moon it holds without leaving it", "R1@F:2l B1@S4:1- B2@C1:1-",
			func(s *pc.State) bool { _, hit := s.Piece(1, 1); return planet(s, 0, 0) == "F" && !hit }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, g, c.cubes)
			played := turn(t, g, s)
			if !c.check(s) {
				t.Errorf("played %v\n%s", played, s)
			}
		})
	}
}

// The heuristic's decisions are its own: the same seed, the same game.
func TestDeterministic(t *testing.T) {
	g, err := pc.NewGame(engine.Params{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	play := func() []engine.Action {
		seats := []agents.Agent{hpc.New(g, 1), hpc.New(g, 2), agents.NewRandom(3)}
		rec, _, err := agents.PlayGame(g, seats, rand.New(rand.NewPCG(4, 4)))
		if err != nil {
			t.Fatal(err)
		}
		return rec.Actions
	}
	a, b := play(), play()
	if len(a) != len(b) {
		t.Fatalf("games of %d and %d actions", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("games differ at action %d", i)
		}
	}
}

// A short match against random (the full measurement is in
// docs/rules/planet-cubes.md, made with moongym arena).
func TestBeatsRandom(t *testing.T) {
	g, err := pc.NewGame(engine.Params{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	const games = 20
	score := match(t, g, games,
		func(seed uint64) agents.Agent { return hpc.New(g, seed) },
		func(seed uint64) agents.Agent { return agents.NewRandom(seed) })
	if lo, _ := arena.Wilson(score/games, games); lo < 0.6 {
		t.Errorf("heuristic scored %.1f of %d against random (interval low end %.2f)", score, games, lo)
	}
}

// match plays games of g between agent A (made by a) and agent B (made by
// b), A in seat (game mod n), B in the other seats, and returns A's
// score: 1 a win, 1/k a k-way shared win, else 0, summed.
func match(t testing.TB, g *pc.Game, games int, a, b func(seed uint64) agents.Agent) float64 {
	t.Helper()
	n := g.NumPlayers()
	total := 0.0
	for i := 0; i < games; i++ {
		seats := make([]agents.Agent, n)
		me := i % n
		for s := range seats {
			if s == me {
				seats[s] = a(uint64(i))
			} else {
				seats[s] = b(uint64(1000*i + s))
			}
		}
		_, st, err := agents.PlayGame(g, seats, rand.New(rand.NewPCG(uint64(i), 5)))
		if err != nil {
			t.Fatal(err)
		}
		r := st.Returns(nil)
		if r[me] > 0 || (r[me] == 0 && allZero(r)) {
			k := 0
			for _, v := range r {
				if v == r[me] {
					k++
				}
			}
			total += 1 / float64(k)
		}
	}
	return total
}

func allZero(r []float64) bool {
	for _, v := range r {
		if v != 0 {
			return false
		}
	}
	return true
}

func TestEvaluate(t *testing.T) {
	g, err := pc.NewGame(nil)
	if err != nil {
		t.Fatal(err)
	}
	h, err := agents.HeuristicFor(pc.Name)
	if err != nil {
		t.Fatal(err)
	}
	ahead := position(t, g, "R1@F:2l R2@H1:2l B1@S4:1-")
	v := h.Evaluate(ahead, nil)
	if len(v) != 2 || !(v[0] > 0 && v[1] < 0) || v[0] >= 1 || v[1] <= -1 {
		t.Errorf("Evaluate of a Red advantage = %v", v)
	}
	if hpc.Value(ahead, 0) <= hpc.Value(ahead, 1) {
		t.Errorf("Value: Red %v, Blue %v", hpc.Value(ahead, 0), hpc.Value(ahead, 1))
	}
}

// Copies of the heuristic do not settle into a standing draw (for example
// a shared Full Moon) until the round limit: their games end by the goal.
func TestMirrorGamesEndByTheGoal(t *testing.T) {
	for _, c := range []struct{ players, games int }{{2, 4}, {3, 3}, {4, 2}, {6, 1}} {
		g, err := pc.NewGame(engine.Params{"players": strconv.Itoa(c.players)})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < c.games; i++ {
			seats := make([]agents.Agent, c.players)
			for s := range seats {
				seats[s] = hpc.New(g, uint64(10*i+s))
			}
			_, st, err := agents.PlayGame(g, seats, rand.New(rand.NewPCG(uint64(i), 6)))
			if err != nil {
				t.Fatal(err)
			}
			if s := st.(*pc.State); s.Truncated() {
				t.Errorf("%d players, game %d: truncated at round %d with scores %v", c.players, i, s.Round(), s.Scores(nil))
			}
		}
	}
}
