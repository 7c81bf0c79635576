package netagent_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// The configurations a user chooses among, by game: the cross product of
// the parameters that change what the game is (players; welcome-moon's
// adventure, and ASTRA's level in its solo game; walking-moon's rules and
// edition; lunar-rally's scenario map; march-mars's edition and
// difficulty), every other parameter (optional rules, round limits, data
// files) at its default. The table of the built-in models lists each, with
// a model or without one.
var configurationAxes = map[string][][]string{
	"lunar-rally":  {ints("players", 2, 4), {"scenario=green", "scenario=blue", "scenario=red", "scenario=yellow"}},
	"march-mars":   {ints("players", 2, 5), {"edition=en", "edition=es"}, {"difficulty=normal", "difficulty=baby", "difficulty=sergeant", "difficulty=exterminator"}},
	"planet-cubes": {ints("players", 2, 6)},
	"walking-moon": {ints("players", 2, 5), {"rules=basic", "rules=advanced"}, {"edition=en", "edition=es"}},
	"welcome-moon": {ints("adventure", 1, 8), ints("players", 1, 6)},
}

// ints is the axis "name=lo" .. "name=hi".
func ints(name string, lo, hi int) []string {
	var out []string
	for v := lo; v <= hi; v++ {
		out = append(out, name+"="+strconv.Itoa(v))
	}
	return out
}

// configurations lists game's configurations (configurationAxes; a game
// without axes has one, its defaults) as the parameters Load resolves them
// to, in the axes' order. welcome-moon's solo game (players=1) adds ASTRA's
// eight levels.
func configurations(t *testing.T, game string) []engine.Params {
	t.Helper()
	combos := []string{""}
	for _, axis := range configurationAxes[game] {
		var next []string
		for _, c := range combos {
			for _, v := range axis {
				next = append(next, strings.TrimPrefix(c+","+v, ","))
			}
		}
		combos = next
	}
	if game == "welcome-moon" {
		var next []string
		for _, c := range combos {
			if !strings.HasSuffix(c, ",players=1") {
				next = append(next, c)
				continue
			}
			for _, v := range ints("astra", 1, 8) {
				next = append(next, c+","+v)
			}
		}
		combos = next
	}
	out := make([]engine.Params, 0, len(combos))
	for _, c := range combos {
		p, err := engine.ParseParams(c)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.Load(game, p)
		if err != nil {
			t.Fatalf("%s %s: %v", game, c, err)
		}
		out = append(out, g.Params())
	}
	return out
}

// TestConfigurations: the enumeration holds what the table counts on —
// every combination loads, none twice, and the games' defaults are among
// them.
func TestConfigurations(t *testing.T) {
	for _, game := range engine.Names() {
		seen := map[string]bool{}
		configs := configurations(t, game)
		for _, p := range configs {
			if seen[p.String()] {
				t.Errorf("%s: %s twice", game, p)
			}
			seen[p.String()] = true
		}
		g, err := engine.Load(game, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !seen[g.Params().String()] {
			t.Errorf("%s: the defaults %s are not among its configurations", game, g.Params())
		}
	}
	if n := len(configurations(t, "welcome-moon")); n != 8*5+8*8 {
		t.Errorf("welcome-moon: %d configurations, want 104 (8 adventures of 2-6 players, and solo at 8 ASTRA levels)", n)
	}
}
