package enginetest

import (
	"fmt"
	"slices"
	"strconv"

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
	return CheckCoverageOf(spec, Configs(spec))
}

// CheckCoverageOf is CheckCoverage of a list of configurations of the game
// (a sample of its test configurations, say).
func CheckCoverageOf(spec engine.Spec, cfgs []engine.Params) error {
	players := map[int]bool{}
	values := map[string]map[string]bool{}
	for _, cfg := range cfgs {
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

// SampleConfigs is the sample of a game's test configurations that the
// default run plays (RunGame without the exhaustive run, testfull.On): a
// fixed subset, chosen greedily, in which every value that some test
// configuration gives a parameter (its resolved parameters, defaults
// filled: every player count, enum and bool choice, but also each
// adventure, scenario, round limit...) appears at least once. It passes
// CheckCoverageOf whenever the whole list passes CheckCoverage. Each step
// takes the configuration that adds the most values not yet in the sample,
// the first in the list's order on a tie, or with fromEnd the last: the two
// orders give two samples that differ where the list allows, so that
// engine/all's run and a game's own run play different configurations.
// The configurations keep their order in the list; one that does not load
// is left to CheckCoverage to report.
func SampleConfigs(spec engine.Spec, fromEnd bool) []engine.Params {
	cfgs := Configs(spec)
	features := make([][]string, len(cfgs))
	for i, cfg := range cfgs {
		g, err := engine.Load(spec.Name, cfg)
		if err != nil {
			continue
		}
		features[i] = append(features[i], "players "+strconv.Itoa(g.NumPlayers()))
		for k, v := range g.Params() {
			features[i] = append(features[i], k+"="+v)
		}
	}
	order := make([]int, len(cfgs))
	for i := range order {
		order[i] = i
	}
	if fromEnd {
		slices.Reverse(order)
	}
	covered := map[string]bool{}
	var picked []int
	for {
		best, gain := -1, 0
		for _, i := range order {
			n := 0
			for _, f := range features[i] {
				if !covered[f] {
					n++
				}
			}
			if n > gain {
				best, gain = i, n
			}
		}
		if best < 0 {
			break
		}
		picked = append(picked, best)
		for _, f := range features[best] {
			covered[f] = true
		}
	}
	slices.Sort(picked)
	sample := make([]engine.Params, len(picked))
	for k, i := range picked {
		sample[k] = cfgs[i]
	}
	return sample
}
