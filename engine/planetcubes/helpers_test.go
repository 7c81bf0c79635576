package planetcubes_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/planetcubes"
)

// mustGame loads the game with params (nil: defaults).
func mustGame(tb testing.TB, params engine.Params) *planetcubes.Game {
	tb.Helper()
	g, err := planetcubes.NewGame(params)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// pos is a hand-written position. cubes lists cubes as "R1@L1:2l*!" (team
// letter and slot, planet, lives, weapon - s l, * activated, ! attacked).
type pos struct {
	round  int    // 0: 1
	first  string // team letter; "": R
	turn   string // team letter; "": R
	left   int    // 0: 2
	scores []int
	cubes  string
}

// jsonOf writes the position in the documented JSON form.
func (p pos) jsonOf(g *planetcubes.Game) string {
	seat := func(letter string) int {
		if letter == "" {
			return 0
		}
		return strings.IndexByte("RBGYPO", letter[0])
	}
	type cube struct {
		Slot      int    `json:"slot"`
		Planet    string `json:"planet"`
		Lives     int    `json:"lives"`
		Weapon    string `json:"weapon"`
		Activated bool   `json:"activated,omitempty"`
		Attacked  bool   `json:"attacked,omitempty"`
	}
	type team struct {
		Team  string `json:"team"`
		Score int    `json:"score"`
		Cubes []cube `json:"cubes"`
	}
	teams := make([]team, g.NumPlayers())
	for t := range teams {
		teams[t] = team{Team: string("RBGYPO"[t]), Cubes: []cube{}}
		if t < len(p.scores) {
			teams[t].Score = p.scores[t]
		}
	}
	for _, c := range strings.Fields(p.cubes) {
		name, rest, _ := strings.Cut(c, "@")
		planet, spec, _ := strings.Cut(rest, ":")
		t := strings.IndexByte("RBGYPO", name[0])
		slot, _ := strconv.Atoi(name[1:])
		w := map[byte]string{'-': "none", 's': "short", 'l': "long"}[spec[1]]
		teams[t].Cubes = append(teams[t].Cubes, cube{Slot: slot, Planet: planet, Lives: int(spec[0] - '0'), Weapon: w,
			Activated: strings.Contains(spec, "*"), Attacked: strings.Contains(spec, "!")})
	}
	round, left := max(p.round, 1), p.left
	if left == 0 {
		left = 2
	}
	j := map[string]any{"round": round, "first": seat(p.first), "turn": seat(p.turn), "actions_left": left,
		"selected": 0, "attacking": false, "over": false, "truncated": false, "teams": teams}
	data, err := json.Marshal(j)
	if err != nil {
		panic(err)
	}
	return string(data)
}

// build decodes the position (so DecodeState validates it).
func build(t *testing.T, g *planetcubes.Game, p pos) *planetcubes.State {
	t.Helper()
	s, err := g.DecodeState([]byte(p.jsonOf(g)))
	if err != nil {
		t.Fatalf("position does not decode: %v\n%s", err, p.jsonOf(g))
	}
	return s.(*planetcubes.State)
}

// play applies actions by name; each must be legal.
func play(t *testing.T, s engine.State, names ...string) {
	t.Helper()
	for _, name := range names {
		a, err := engine.ParseAction(s, name)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, s)
		}
		s.Apply(a)
	}
}

// legalNames lists the names of the legal actions.
func legalNames(s engine.State) []string {
	var out []string
	for _, a := range s.LegalActions(nil) {
		out = append(out, s.ActionString(a))
	}
	return out
}

// hitNames lists the names of the legal targets ("hit B1").
func hitNames(s engine.State) []string {
	var out []string
	for _, name := range legalNames(s) {
		if strings.HasPrefix(name, "hit ") {
			out = append(out, name)
		}
	}
	return out
}

// hasLegal reports whether an action of that name is legal.
func hasLegal(s engine.State, name string) bool {
	return slices.Contains(legalNames(s), name)
}

// cube describes a cube as "L1:2l*" or "-" when the slot is empty.
func cube(s *planetcubes.State, team, slot int) string {
	p, ok := s.Piece(team, slot-1)
	if !ok {
		return "-"
	}
	out := fmt.Sprintf("%s:%d%c", s.Game().(*planetcubes.Game).Board().Planets[p.Planet].Name, p.Lives, "-sl"[p.Weapon])
	if p.Activated {
		out += "*"
	}
	if p.Attacked {
		out += "!"
	}
	return out
}
