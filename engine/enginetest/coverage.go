package enginetest

import (
	"fmt"

	"github.com/moongym/moongym/engine"
)

// Configs are the configurations the suite plays for a game: its
// TestConfigs, or the defaults when it lists none.
func Configs(spec engine.Spec) []engine.Params {
	if len(spec.TestConfigs) == 0 {
		return []engine.Params{{}}
	}
	return spec.TestConfigs
}

// CheckCoverage reports whether a game's test configurations load and cover
// every player count from MinPlayers to MaxPlayers and every choice of every
// enum and bool parameter.
func CheckCoverage(spec engine.Spec) error {
	players := map[int]bool{}
	values := map[string]map[string]bool{}
	for _, cfg := range Configs(spec) {
		g, err := engine.Load(spec.Name, cfg)
		if err != nil {
			return fmt.Errorf("%s: test config %v does not load: %w", spec.Name, cfg, err)
		}
		players[g.NumPlayers()] = true
		for k, v := range g.Params() {
			if values[k] == nil {
				values[k] = map[string]bool{}
			}
			values[k][v] = true
		}
	}
	for n := spec.MinPlayers; n <= spec.MaxPlayers; n++ {
		if !players[n] {
			return fmt.Errorf("%s: no test config has %d players", spec.Name, n)
		}
	}
	for _, ps := range spec.Params {
		want := ps.Choices
		if ps.Kind == engine.BoolParam {
			want = []string{"false", "true"}
		}
		for _, c := range want {
			if !values[ps.Name][c] {
				return fmt.Errorf("%s: no test config has %s=%s", spec.Name, ps.Name, c)
			}
		}
	}
	if spec.MinPlayers < 1 || spec.MaxPlayers < spec.MinPlayers {
		return fmt.Errorf("%s: players %d..%d", spec.Name, spec.MinPlayers, spec.MaxPlayers)
	}
	return nil
}
