package main

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/training"
)

// maxMix is the most configurations a --mix cross product may have.
const maxMix = 1024

// mixUsage is the help of the --mix flag of train and imitate.
const mixUsage = `learn one network over several configurations: NAME=V1|V2|... (repeatable, or NAME=...,NAME2=... in one), the cross product of the values over --params, game i of the imitation played in configuration i mod n; the first is the run's own (imitation only)`

// mixConfigs are the configurations of --mix over the --params base: the
// cross product of the values of every name, in the order given (the
// first name's values varying slowest), each over base. None without
// --mix. A value that is not NAME=V1|V2|..., a name given twice, an empty
// or repeated value is an error.
func mixConfigs(base string, mix []string) ([]engine.Params, error) {
	if len(mix) == 0 {
		return nil, nil
	}
	p, err := engine.ParseParams(base)
	if err != nil {
		return nil, err
	}
	var names []string
	var values [][]string
	for _, flag := range mix {
		if strings.TrimSpace(flag) == "" {
			return nil, errors.New("--mix \"\": want NAME=V1|V2|...")
		}
		for _, item := range strings.Split(flag, ",") {
			name, list, ok := strings.Cut(item, "=")
			name = strings.TrimSpace(name)
			if !ok || name == "" {
				return nil, fmt.Errorf("--mix %q: %q is not NAME=V1|V2|...", flag, item)
			}
			if slices.Contains(names, name) {
				return nil, fmt.Errorf("--mix %q: %s is given twice", flag, name)
			}
			var vs []string
			for _, v := range strings.Split(list, "|") {
				v = strings.TrimSpace(v)
				switch {
				case v == "":
					return nil, fmt.Errorf("--mix %q: an empty value of %s", flag, name)
				case slices.Contains(vs, v):
					return nil, fmt.Errorf("--mix %q: %s=%s is given twice", flag, name, v)
				case strings.Contains(v, ";"):
					return nil, fmt.Errorf("--mix %q: %s=%s: a value cannot hold ';'", flag, name, v)
				}
				vs = append(vs, v)
			}
			names, values = append(names, name), append(values, vs)
		}
	}
	n := 1
	for _, vs := range values {
		if n *= len(vs); n > maxMix {
			return nil, fmt.Errorf("--mix: more than %d configurations", maxMix)
		}
	}
	out := make([]engine.Params, n)
	for i := range out {
		c := maps.Clone(p)
		k := i
		for j := len(names) - 1; j >= 0; j-- {
			c[names[j]] = values[j][k%len(values[j])]
			k /= len(values[j])
		}
		out[i] = c
	}
	return out, nil
}

// loadMixGame loads the game of a new run: with --mix, its first
// configuration, and the text of the mix (training.MixText; "" for a mix
// of one configuration or none); without, the --params configuration.
func loadMixGame(name, params string, mix []string) (engine.Game, string, error) {
	configs, err := mixConfigs(params, mix)
	if err != nil || len(configs) == 0 {
		if err != nil {
			return nil, "", err
		}
		g, err := loadGame(name, params)
		return g, "", err
	}
	g, err := engine.Load(name, configs[0])
	if err != nil {
		return nil, "", fmt.Errorf("--mix: %w", err)
	}
	text, err := training.MixText(g, configs)
	if err != nil {
		return nil, "", fmt.Errorf("--mix: %w", err)
	}
	return g, text, nil
}

// refuseMixSelfPlay refuses a train command over a mix (mix not "") that
// would go on to self-play: without the recipe, with --iterations, or
// with a recipe that self-plays.
func refuseMixSelfPlay(cmd *cobra.Command, rec *training.Recipe, mix string) error {
	if mix == "" {
		return nil
	}
	if rec == nil || cmd.Flags().Changed("iterations") || rec.Iterations > 0 {
		return errors.New("--mix: self-play over a mix of configurations is not built: a run over a mix learns by imitation only, so train it with a recipe that does not self-play (its imitation alone, without --iterations) or with moongym imitate")
	}
	return nil
}
