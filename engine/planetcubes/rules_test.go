package planetcubes_test

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/planetcubes"
)

// Rule: each team has 20 cubes and a point track at 0; one cube starts on
// the team's Starting planet; the first player is drawn at random (a
// chance node) or fixed by the "first" parameter.
func TestSetup(t *testing.T) {
	for n := 2; n <= 6; n++ {
		g := mustGame(t, engine.Params{"players": itoa(n)})
		s := g.NewInitialState().(*planetcubes.State)
		if s.CurrentPlayer() != engine.Chance {
			t.Fatalf("%d players: current %s, want chance", n, s.CurrentPlayer())
		}
		out := s.ChanceOutcomes(nil)
		if len(out) != n {
			t.Fatalf("%d players: %d outcomes", n, len(out))
		}
		for _, o := range out {
			if math.Abs(o.Prob-1/float64(n)) > 1e-12 {
				t.Errorf("%d players: outcome %v not uniform", n, o)
			}
		}
		for team := 0; team < n; team++ {
			if got, want := cube(s, team, 1), g.Board().Planets[g.StartOf(team)].Name+":1-"; got != want {
				t.Errorf("%d players: team %d cube 1 = %s, want %s", n, team, got, want)
			}
			if s.NumPieces(team) != 1 || s.Supply(team) != 19 || s.Score(team) != 0 {
				t.Errorf("%d players: team %d pieces %d supply %d score %d", n, team, s.NumPieces(team), s.Supply(team), s.Score(team))
			}
		}
		play(t, s, "first "+string(planetcubes.TeamLetter(n-1)))
		if s.CurrentPlayer() != engine.Player(n-1) || s.ActionsLeft() != 2 || s.First() != n-1 {
			t.Errorf("%d players: after the draw current %s, left %d, first %d", n, s.CurrentPlayer(), s.ActionsLeft(), s.First())
		}
	}
	g := mustGame(t, engine.Params{"players": "3", "first": "2"})
	if p := g.NewInitialState().CurrentPlayer(); p != 2 {
		t.Errorf("first=2: current player %s", p)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Rule: the game goes clockwise (seat order) from the first player; a
// round ends after the last player; teams with no cube in play are skipped.
func TestTurnOrderClockwise(t *testing.T) {
	g := mustGame(t, engine.Params{"players": "3"})
	s := build(t, g, pos{first: "B", turn: "B", cubes: "R1@L1:1- B1@L3:1- G1@L5:1-"})
	var seen []engine.Player
	for range 4 {
		seen = append(seen, s.CurrentPlayer())
		play(t, s, "end")
	}
	if !slices.Equal(seen, []engine.Player{1, 2, 0, 1}) {
		t.Errorf("turn order %v, want [p1 p2 p0 p1]", seen)
	}
	if s.Round() != 2 {
		t.Errorf("round %d after a full cycle, want 2", s.Round())
	}

	// Green has no cube in play: Blue is followed by Red.
	s = build(t, g, pos{first: "B", turn: "B", cubes: "R1@L1:1- B1@L3:1-"})
	play(t, s, "end")
	if s.CurrentPlayer() != 0 {
		t.Errorf("after Blue, %s to act; want p0 (Green has no cube)", s.CurrentPlayer())
	}
	// Red is last in the round: ending its turn ends the round even though
	// the first player's successor (Green) is skipped.
	play(t, s, "end")
	if s.Round() != 2 || s.CurrentPlayer() != 1 {
		t.Errorf("round %d, current %s; want round 2, p1", s.Round(), s.CurrentPlayer())
	}
}

// Rule: each player performs two actions per turn (round); "end" gives up
// the rest.
func TestTwoActionsPerTurn(t *testing.T) {
	g := mustGame(t, nil)
	s := build(t, g, pos{cubes: "R1@S1:1- B1@S4:1-"})
	play(t, s, "R1", "move L1")
	if s.CurrentPlayer() != 0 || s.ActionsLeft() != 1 {
		t.Fatalf("after one action: current %s, left %d", s.CurrentPlayer(), s.ActionsLeft())
	}
	play(t, s, "R1", "move C1")
	if s.CurrentPlayer() != 1 || s.ActionsLeft() != 2 {
		t.Fatalf("after two actions: current %s, left %d", s.CurrentPlayer(), s.ActionsLeft())
	}
	if got := cube(s, 0, 1); got != "C1:1-" {
		t.Errorf("R1 = %s, want C1:1- (a cube may move twice)", got)
	}
	play(t, s, "end")
	if s.CurrentPlayer() != 0 {
		t.Errorf("end: current %s, want p0", s.CurrentPlayer())
	}
}

// Rule: a cube moves to a linked planet (an orbit with no planet between),
// never into a Starting planet.
func TestMove(t *testing.T) {
	g := mustGame(t, nil)
	cases := []struct {
		at   string
		want []string
	}{
		{"S1", []string{"move L1", "move W1"}},                                 // Start is linked with Life-up and Weaponry only
		{"L1", []string{"move C1"}},                                            // not back into S1
		{"W1", []string{"move C1"}},                                            // not back into S1
		{"H1", []string{"move C1", "move C2"}},                                 // between two sectors
		{"C1", []string{"move L1", "move W1", "move H1", "move H6", "move F"}}, // the sector's hub
		{"F", []string{"move C1", "move C2", "move C3", "move C4", "move C5", "move C6"}},
		{"C5", []string{"move H4", "move L5", "move W5", "move H5", "move F"}}, // into Life-up of an unused sector
	}
	for _, c := range cases {
		t.Run(c.at, func(t *testing.T) {
			s := build(t, g, pos{cubes: "R1@" + c.at + ":1- B1@S4:1-"})
			play(t, s, "R1")
			var got []string
			for _, name := range legalNames(s) {
				if strings.HasPrefix(name, "move ") {
					got = append(got, name)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("legal %v, want %v", got, c.want)
			}
		})
	}
	// Moving onto a planet with enemy cubes is allowed.
	s := build(t, g, pos{cubes: "R1@C1:1- B1@F:1l"})
	play(t, s, "R1", "move F")
	if got := cube(s, 0, 1); got != "F:1-" {
		t.Errorf("R1 = %s, want F:1-", got)
	}
}

func TestSelectNamesTheTeamsCubes(t *testing.T) {
	g := mustGame(t, nil)
	s := build(t, g, pos{turn: "B", cubes: "R1@L1:1- B1@F:1- B4@H2:2s"})
	if got, want := legalNames(s), []string{"end", "B1", "B4"}; !slices.Equal(got, want) {
		t.Errorf("legal %v, want %v", got, want)
	}
}

// Rule: activate the benefit of the cube's planet (Cube, Life-up,
// Weaponry), only if no enemy cube is there, not twice by the same cube in
// a round, within the supply of 20 cubes.
func TestActivate(t *testing.T) {
	g := mustGame(t, nil)
	full := "R1@L1:2- R2@L1:2- R3@L1:2- R4@L1:2- R5@L1:2- R6@L1:2- R7@L1:2- R8@L1:2- R9@L1:2- R10@C1:1- R11@W1:1-"
	cases := []struct {
		name   string
		cubes  string
		script []string // played before the check
		legal  bool     // whether "activate" is then legal for the selected cube
		check  func(s *planetcubes.State) string
	}{
		{name: "planet cube gives a cube on the Starting planet", cubes: "R1@C1:1- B1@S4:1-", script: []string{"R1"}, legal: true,
			check: func(s *planetcubes.State) string {
				play(t, s, "activate")
				return cube(s, 0, 1) + " " + cube(s, 0, 2) + " supply " + itoa(s.Supply(0)%10)
			}},
		{name: "new cube takes the lowest free slot", cubes: "R1@C1:1- R3@F:1- B1@S4:1-", script: []string{"R1"}, legal: true,
			check: func(s *planetcubes.State) string { play(t, s, "activate"); return cube(s, 0, 2) }},
		{name: "life-up adds a life", cubes: "R1@L1:1s B1@S4:1-", script: []string{"R1"}, legal: true,
			check: func(s *planetcubes.State) string {
				play(t, s, "activate")
				return cube(s, 0, 1) + " supply " + itoa(s.Supply(0)%10)
			}},
		{name: "life-up stops at 2 lives", cubes: "R1@L1:2- B1@S4:1-", script: []string{"R1"}, legal: false},
		{name: "weaponry: none to short", cubes: "R1@W1:1- B1@S4:1-", script: []string{"R1"}, legal: true,
			check: func(s *planetcubes.State) string { play(t, s, "activate"); return cube(s, 0, 1) }},
		{name: "weaponry: short to long", cubes: "R1@W1:2s B1@S4:1-", script: []string{"R1"}, legal: true,
			check: func(s *planetcubes.State) string { play(t, s, "activate"); return cube(s, 0, 1) }},
		{name: "weaponry: nothing beyond long", cubes: "R1@W1:1l B1@S4:1-", script: []string{"R1"}, legal: false},
		{name: "no benefit on a moon", cubes: "R1@H1:1- B1@S4:1-", script: []string{"R1"}, legal: false},
		{name: "no benefit on the Full Moon", cubes: "R1@F:1- B1@S4:1-", script: []string{"R1"}, legal: false},
		{name: "no benefit on the Starting planet", cubes: "R1@S1:1- B1@S4:1-", script: []string{"R1"}, legal: false},
		{name: "an enemy cube on the planet blocks", cubes: "R1@W1:1- B1@W1:1-", script: []string{"R1"}, legal: false},
		{name: "an enemy cube elsewhere does not", cubes: "R1@W1:1- B1@C1:1-", script: []string{"R1"}, legal: true},
		{name: "a friendly cube does not block", cubes: "R1@W1:1- R2@W1:1- B1@S4:1-", script: []string{"R1"}, legal: true},
		{name: "not twice by the same cube in a round", cubes: "R1@W1:1- B1@S4:1-", script: []string{"R1", "activate", "R1"}, legal: false},
		{name: "another cube may activate", cubes: "R1@W1:1- R2@W1:1- B1@S4:1-", script: []string{"R1", "activate", "R2"}, legal: true},
		{name: "next round the cube may activate again", cubes: "R1@W1:1- B1@S4:1-", script: []string{"R1", "activate", "end", "end", "R1"}, legal: true},
		{name: "no new cube when all 20 are in play", cubes: full, script: []string{"R10"}, legal: false},
		{name: "no life when all 20 are in play", cubes: full + " B1@S4:1-", script: []string{"R1"}, legal: false},
		{name: "a weapon needs no cube", cubes: full, script: []string{"R11"}, legal: true},
	}
	want := map[string]string{
		"planet cube gives a cube on the Starting planet": "C1:1-* S1:1- supply 8",
		"new cube takes the lowest free slot":             "S1:1-",
		"life-up adds a life":                             "L1:2s* supply 8",
		"weaponry: none to short":                         "W1:1s*",
		"weaponry: short to long":                         "W1:2l*",
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := build(t, g, pos{cubes: c.cubes})
			play(t, s, c.script...)
			if got := hasLegal(s, "activate"); got != c.legal {
				t.Fatalf("activate legal = %v, want %v\n%s", got, c.legal, s)
			}
			if c.check != nil {
				if got := c.check(s); got != want[c.name] {
					t.Errorf("got %q, want %q", got, want[c.name])
				}
			}
		})
	}
}

// Rule: a cube with a weapon attacks a cube of another team: short range on
// the same planet, long range on the same or a linked planet; nobody
// attacks a cube on a Starting planet; a cube attacks once a round; a hit
// takes a life, and a cube with one life leaves the game.
func TestAttack(t *testing.T) {
	g := mustGame(t, nil)
	cases := []struct {
		name    string
		cubes   string
		script  []string // played before the check, from Red's select step
		targets []string // legal targets of R1's attack; nil: "attack" is not legal
	}{
		{"no weapon, no attack", "R1@H1:2- B1@H1:1-", []string{"R1"}, nil},
		{"short range hits the same planet", "R1@H1:1s B1@H1:1-", []string{"R1"}, []string{"hit B1"}},
		{"short range does not reach a linked planet", "R1@C1:1s B1@H1:1-", []string{"R1"}, nil},
		{"long range hits the same planet", "R1@H1:1l B1@H1:1-", []string{"R1"}, []string{"hit B1"}},
		{"long range hits a linked planet", "R1@C1:1l B1@H1:1- B2@F:2s B3@L2:1-", []string{"R1"}, []string{"hit B1", "hit B2"}},
		{"long range does not reach two orbits away", "R1@W1:1l B1@H1:1-", []string{"R1"}, nil},
		{"no attack on a Starting planet", "R1@L4:1l B1@S4:1-", []string{"R1"}, nil},
		{"own cubes are not targets", "R1@H1:1s R2@H1:1- B1@S4:1-", []string{"R1"}, nil},
		{"once a round per cube", "R1@H1:1s B1@H1:2-", []string{"R1", "attack", "hit B1", "R1"}, nil},
		{"another cube may attack", "R1@H1:1s R2@H1:1s B1@H1:2-", []string{"R1", "attack", "hit B1", "R2"}, []string{"hit B1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := build(t, g, pos{cubes: c.cubes})
			play(t, s, c.script...)
			if !hasLegal(s, "attack") {
				if c.targets != nil {
					t.Fatalf("attack not legal, want targets %v\n%s", c.targets, s)
				}
				return
			}
			if c.targets == nil {
				t.Fatalf("attack legal, want not\n%s", s)
			}
			play(t, s, "attack")
			if got := hitNames(s); !slices.Equal(got, c.targets) {
				t.Errorf("targets %v, want %v", got, c.targets)
			}
		})
	}
}

func TestHit(t *testing.T) {
	g := mustGame(t, nil)
	// Two lives: the target loses one (a cube back to the supply).
	s := build(t, g, pos{cubes: "R1@H1:1s B1@H1:2l B2@F:1-"})
	play(t, s, "R1", "attack", "hit B1")
	if got := cube(s, 1, 1); got != "H1:1l" || s.Supply(1) != 18 {
		t.Errorf("B1 = %s, supply %d; want H1:1l, 18", got, s.Supply(1))
	}
	if got := cube(s, 0, 1); got != "H1:1s!" {
		t.Errorf("attacker R1 = %s, want H1:1s!", got)
	}
	// One life: the cube leaves the game and returns to the supply.
	s = build(t, g, pos{cubes: "R1@H1:1s B1@H1:1l B2@F:1-"})
	play(t, s, "R1", "attack", "hit B1")
	if got := cube(s, 1, 1); got != "-" || s.Supply(1) != 19 || s.NumPieces(1) != 1 {
		t.Errorf("B1 = %s, supply %d, pieces %d; want removed, 19, 1", got, s.Supply(1), s.NumPieces(1))
	}
	// The last cube of a team: the team is out of the turn order.
	s = build(t, g, pos{cubes: "R1@H1:1s B1@H1:1-"})
	play(t, s, "R1", "attack", "hit B1", "end")
	if s.CurrentPlayer() != 0 || s.Round() != 2 {
		t.Errorf("after Blue lost its last cube: current %s, round %d; want p0, 2", s.CurrentPlayer(), s.Round())
	}
	// Targets are encoded relative to the attacker: with 3 teams, Green
	// attacking Red is "the team 1 seat after", Blue "2 seats after".
	g3 := mustGame(t, engine.Params{"players": "3"})
	s = build(t, g3, pos{first: "G", turn: "G", cubes: "R2@F:1- B1@F:1- G1@F:1s"})
	play(t, s, "G1", "attack")
	var got []engine.Action
	for _, a := range s.LegalActions(nil) {
		if kind, _, _ := g3.DecodeAction(a); kind == planetcubes.KindTarget {
			got = append(got, a)
		}
	}
	want := []engine.Action{g3.TargetAction(1, 1), g3.TargetAction(2, 0)}
	if !slices.Equal(got, want) || !slices.Equal(hitNames(s), []string{"hit R2", "hit B1"}) {
		t.Errorf("targets %v %v, want %v [hit R2 hit B1]", got, hitNames(s), want)
	}
}

// Rule: at the end of each round the moons score: Half Moon 2, Full Moon 4
// points; a moon shared by several teams gives each half; several cubes of
// one team score once.
func TestMoonScoring(t *testing.T) {
	cases := []struct {
		name    string
		players int
		cubes   string
		want    []int
	}{
		{"alone on a Half Moon", 2, "R1@H1:1- B1@S4:1-", []int{2, 0}},
		{"alone on the Full Moon", 2, "R1@F:1- B1@S4:1-", []int{4, 0}},
		{"shared Half Moon", 2, "R1@H1:1- B1@H1:2l", []int{1, 1}},
		{"shared Full Moon", 2, "R1@F:1- B1@F:1-", []int{2, 2}},
		{"three teams share the Full Moon", 3, "R1@F:1- B1@F:1- G1@F:1-", []int{2, 2, 2}},
		{"several cubes of a team score once", 2, "R1@H1:1- R2@H1:1- R3@F:1- R4@F:2- B1@S4:1-", []int{6, 0}},
		{"shared by one team's two cubes and another's one", 2, "R1@F:1- R2@F:1- B1@F:1-", []int{2, 2}},
		{"every moon", 2, "R1@H1:1- R2@H2:1- R3@H3:1- R4@H4:1- R5@H5:1- R6@H6:1- R7@F:1- B1@S4:1-", []int{16, 0}},
		{"other planets score nothing", 2, "R1@L1:1- R2@W1:1- R3@C1:1- B1@S4:1-", []int{0, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, engine.Params{"players": itoa(c.players)})
			s := build(t, g, pos{cubes: c.cubes})
			play(t, s, "end")
			for range c.players - 2 {
				play(t, s, "end")
			}
			if got := s.Scores(nil); !equalInts(got, make([]int, c.players)) {
				t.Fatalf("scores %v before the end of the round", got)
			}
			play(t, s, "end")
			if got := s.Scores(nil); !equalInts(got, c.want) {
				t.Errorf("scores %v, want %v", got, c.want)
			}
			if s.Round() != 2 {
				t.Errorf("round %d, want 2", s.Round())
			}
		})
	}
}

func equalInts(f []float64, want []int) bool {
	if len(f) != len(want) {
		return false
	}
	for i := range f {
		if f[i] != float64(want[i]) {
			return false
		}
	}
	return true
}

// Rule: the first to 64 points wins; if several reach it in the same round
// the higher score wins; on a draw the game goes on until there is a
// leader. The round limit truncates the game: the leaders share the win.
func TestGoal(t *testing.T) {
	cases := []struct {
		name    string
		params  engine.Params
		round   int
		scores  []int
		cubes   string
		over    bool
		trunc   bool
		returns []float64
	}{
		{"reaching 64 wins", nil, 20, []int{62, 10}, "R1@H1:1- B1@S4:1-", true, false, []float64{1, -1}},
		{"63 does not", nil, 20, []int{61, 10}, "R1@H1:1- B1@S4:1-", false, false, []float64{0, 0}},
		{"both reach it: the higher wins", nil, 20, []int{62, 62}, "R1@F:1- B1@H4:1-", true, false, []float64{1, -1}},
		{"both reach it: the higher wins even if second to reach", nil, 20, []int{60, 63}, "R1@F:1- R2@H1:1- B1@S4:1-", true, false, []float64{1, -1}},
		{"a draw goes on", nil, 20, []int{62, 62}, "R1@H1:1- B1@H4:1-", false, false, []float64{0, 0}},
		{"a draw goes on even at 64+", nil, 20, []int{70, 70}, "R1@L1:1- B1@S4:1-", false, false, []float64{0, 0}},
		{"a draw broken later ends it", nil, 20, []int{70, 70}, "R1@H1:1- B1@S4:1-", true, false, []float64{1, -1}},
		{"round limit: the leader wins", engine.Params{"rounds": "20"}, 20, []int{30, 10}, "R1@L1:1- B1@S4:1-", true, true, []float64{1, -1}},
		{"round limit: a tie shares", engine.Params{"rounds": "20"}, 20, []int{30, 30}, "R1@L1:1- B1@S4:1-", true, true, []float64{0, 0}},
		{"round limit, 3 teams, 2 leaders", engine.Params{"rounds": "20", "players": "3"}, 20, []int{30, 30, 5}, "R1@L1:1- B1@S3:1- G1@S5:1-", true, true, []float64{0.25, 0.25, -0.5}},
		{"3 teams, a sole winner", engine.Params{"players": "3"}, 20, []int{62, 30, 5}, "R1@H1:1- B1@S3:1- G1@S5:1-", true, false, []float64{1, -0.5, -0.5}},
		{"a lower goal", engine.Params{"goal": "10"}, 3, []int{8, 0}, "R1@H1:1- B1@S4:1-", true, false, []float64{1, -1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, c.params)
			s := build(t, g, pos{round: c.round, scores: c.scores, cubes: c.cubes})
			for range g.NumPlayers() {
				play(t, s, "end")
			}
			if s.IsTerminal() != c.over || s.Truncated() != c.trunc {
				t.Fatalf("over %v truncated %v, want %v %v\n%s", s.IsTerminal(), s.Truncated(), c.over, c.trunc, s)
			}
			if got := s.Returns(nil); !slices.EqualFunc(got, c.returns, func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }) {
				t.Errorf("returns %v, want %v", got, c.returns)
			}
			if c.over && s.CurrentPlayer() != engine.Terminal {
				t.Errorf("current %s at the end", s.CurrentPlayer())
			}
			if !c.over && s.Round() != c.round+1 {
				t.Errorf("round %d, want %d", s.Round(), c.round+1)
			}
		})
	}
}

// The used-action marks last until the end of the round, for every team.
func TestFlagsLastTheRound(t *testing.T) {
	g := mustGame(t, engine.Params{"players": "2"})
	s := build(t, g, pos{cubes: "R1@W1:1s R2@H1:1s B1@H1:2-"})
	play(t, s, "R1", "activate", "R2", "attack", "hit B1")
	if got := cube(s, 0, 1) + " " + cube(s, 0, 2); got != "W1:1l* H1:1s!" {
		t.Fatalf("after Red's turn: %s", got)
	}
	if !strings.Contains(s.String(), "R1:1l*") || !strings.Contains(s.String(), "R2:1s!") {
		t.Errorf("String does not show the marks:\n%s", s)
	}
	play(t, s, "end")
	if got := cube(s, 0, 1) + " " + cube(s, 0, 2); got != "W1:1l H1:1s" {
		t.Errorf("after the round: %s", got)
	}
}

// Selecting a cube or declaring an attack commits to nothing the rules do
// not: until the last decision of an action, "end" ends the turn and
// "back" takes the last decision back, at most Backs times a turn.
func TestBack(t *testing.T) {
	g := mustGame(t, engine.Params{"backs": "2"})
	const cubes = "R1@H1:1s R2@W1:1- B1@H1:1-"
	t.Run("unselect", func(t *testing.T) {
		s := build(t, g, pos{cubes: cubes})
		before := *s
		play(t, s, "R1")
		if !hasLegal(s, "end") || !hasLegal(s, "back") {
			t.Fatalf("after selecting: legal %v, want end and back among them", legalNames(s))
		}
		play(t, s, "back")
		if s.Selected() != -1 || s.ActionsLeft() != 2 || s.BacksLeft() != 1 {
			t.Fatalf("after back: selected %d, left %d, backs left %d; want -1, 2, 1", s.Selected(), s.ActionsLeft(), s.BacksLeft())
		}
		if got, want := legalNames(s), legalNames(&before); !slices.Equal(got, want) {
			t.Errorf("after back: legal %v, want %v as before the selection", got, want)
		}
		play(t, s, "R2", "activate") // another cube acts instead
		if got := cube(s, 0, 1) + " " + cube(s, 0, 2); got != "H1:1s W1:1s*" {
			t.Errorf("cubes %s, want R1 untouched and R2 armed", got)
		}
	})
	t.Run("cancel an attack", func(t *testing.T) {
		s := build(t, g, pos{cubes: cubes})
		play(t, s, "R1", "attack", "back")
		if s.Selected() != 0 || s.Targeting() {
			t.Fatalf("after back from the target: selected %d, targeting %v; want R1 selected, choosing what it does", s.Selected(), s.Targeting())
		}
		play(t, s, "move C1")
		if got := cube(s, 0, 1) + " " + cube(s, 1, 1); got != "C1:1s H1:1-" || s.ActionsLeft() != 1 {
			t.Errorf("cubes %s, left %d; want R1 moved, B1 unhurt, one action left", got, s.ActionsLeft())
		}
	})
	t.Run("at most Backs a turn", func(t *testing.T) {
		s := build(t, g, pos{cubes: cubes})
		play(t, s, "R1", "back", "R1", "attack", "back")
		if hasLegal(s, "back") || s.BacksLeft() != 0 {
			t.Fatalf("back legal after 2 of 2: %v", legalNames(s))
		}
		play(t, s, "move C1", "R2")
		if hasLegal(s, "back") {
			t.Errorf("back legal in the second action after 2 of 2")
		}
		play(t, s, "end", "B1") // a new turn has its own backs
		if !hasLegal(s, "back") {
			t.Errorf("Blue cannot take back: %v", legalNames(s))
		}
	})
	t.Run("end with a cube selected", func(t *testing.T) {
		for _, script := range [][]string{{"R1"}, {"R1", "attack"}} {
			s := build(t, g, pos{cubes: cubes})
			play(t, s, script...)
			play(t, s, "end")
			if s.CurrentPlayer() != 1 || cube(s, 0, 1) != "H1:1s" || cube(s, 1, 1) != "H1:1-" {
				t.Errorf("%v end: current %s, R1 %s, B1 %s; want Blue to act and nothing changed", script, s.CurrentPlayer(), cube(s, 0, 1), cube(s, 1, 1))
			}
		}
	})
	t.Run("backs=0", func(t *testing.T) {
		g0 := mustGame(t, engine.Params{"backs": "0"})
		s := build(t, g0, pos{cubes: cubes})
		play(t, s, "R1")
		if hasLegal(s, "back") {
			t.Errorf("back legal with backs=0")
		}
		play(t, s, "attack")
		if hasLegal(s, "back") || !hasLegal(s, "end") {
			t.Errorf("backs=0, choosing a target: legal %v", legalNames(s))
		}
	})
}

// A player who takes back every decision it can still ends its turns: the
// longest games stay within MaxGameLength.
func TestBacksKeepGamesFinite(t *testing.T) {
	for _, backs := range []string{"0", "3", "20"} {
		g := mustGame(t, engine.Params{"players": "3", "rounds": "4", "first": "0", "backs": backs})
		s := g.NewInitialState()
		n := 0
		for ; !s.IsTerminal() && n <= g.MaxGameLength(); n++ {
			legal := s.LegalActions(nil)
			// Prefer back, then attack, then anything but end: the longest turns.
			a := legal[len(legal)-1]
			for _, b := range legal {
				if kind, _, _ := g.DecodeAction(b); kind == planetcubes.KindBack || kind == planetcubes.KindAttack {
					a = b
					break
				}
			}
			s.Apply(a)
		}
		if !s.IsTerminal() || n > g.MaxGameLength() {
			t.Errorf("backs=%s: %d actions, over %v, MaxGameLength %d", backs, n, s.IsTerminal(), g.MaxGameLength())
		}
	}
}

// String tells a person the points, what the moons will bring, and what to
// do next.
func TestString(t *testing.T) {
	g := mustGame(t, nil)
	s := build(t, g, pos{scores: []int{3, 5}, round: 3, cubes: "R1@H1:1s R2@F:2- B1@F:1l B3@H1:1-"})
	for _, c := range []struct {
		script []string
		want   []string
	}{
		{nil, []string{"> R Red      3 points (+3 at round end),  3 cubes in play, supply 17  (first player)",
			"  B Blue     5 points (+3 at round end),  2 cubes in play, supply 18",
			"  between  H1[R1:1s B3:1-] H2 H3 H4 H5 H6 F[R2:2- B1:1l]",
			"Red to act, 2 action(s) left: choose a cube to act with, or end the turn"}},
		{[]string{"R2"}, []string{"cube R2 selected: move it, activate its planet or attack (back: 4 left this turn)"}},
		{[]string{"back", "R1", "attack", "back", "attack"}, []string{"cube R1 attacks: choose the cube to hit (back: 2 left this turn)"}},
	} {
		play(t, s, c.script...)
		for _, line := range c.want {
			if !strings.Contains(s.String(), line+"\n") && !strings.HasSuffix(s.String(), line) {
				t.Errorf("after %v String lacks %q:\n%s", c.script, line, s)
			}
		}
	}
}
