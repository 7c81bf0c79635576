package training

import (
	"fmt"
	"slices"

	"github.com/moongym/moongym/engine"
)

// Recipe is how to train one configuration of a game from nothing, as the
// built-in models were trained: a warm start by imitation (of the game's
// heuristic or its expert player), then self-play, each with the settings
// that worked. A game registers a RecipeFunc under its name (in init), and
// "moongym train" follows the recipe of the configuration it trains unless
// told not to; flags still override every setting.
type Recipe struct {
	// Imitation is the warm start: the games of the heuristic (or the
	// expert, Imitation.Expert) learned from before any self-play; nil for
	// none. Its Seed and margins are the run's.
	Imitation *ImitateConfig
	// DAgger are imitation rounds after the first, each following the
	// network of the round before (see DAggerRound); none for most games.
	DAgger []DAggerRound
	// Settings are the run's training settings, as --train takes them
	// ("name=value,..."): the network, the learner (the imitation's too),
	// self-play, search and evaluation.
	Settings string
	// SelfPlay are settings changed when self-play begins, after the
	// imitation (a Retune: e.g. a lower learning rate, Gumbel search); ""
	// for none.
	SelfPlay string
	// Iterations is how many self-play iterations the shipped model had
	// after its imitation (0: the imitation alone): a guide for
	// --iterations, not a limit.
	Iterations int64
	// Source is where the recipe was measured: the script that made the
	// built-in model and the page with its tournaments.
	Source string
	// Mix is the mix of configurations the recipe's imitation plays, as
	// --mix takes it ("players=3|4|5|6"; nil for none: the run's own
	// configuration only). A recipe with a mix has no self-play
	// (Iterations 0): self-play over a mix is not built.
	Mix []string
	// Play is the az agent's options the recipe's model was measured
	// with, as a spec writes them ("sims=100,gumbel=1"); "" where it was
	// measured as the other models of its game are.
	Play string
	// Measured is false for a configuration without a built-in model that
	// borrows the recipe of a neighbour (another adventure, the other
	// rules): it has not been measured as it stands.
	Measured bool
}

// RecipeFunc gives the recipe for a game's parameters (defaults filled
// in); ok is false for a configuration it has none for.
type RecipeFunc func(p engine.Params) (r Recipe, ok bool)

// recipes are the registered recipes by game name, filled in init.
var recipes = map[string]RecipeFunc{}

// RegisterRecipe registers the recipe of a game; a second registration of
// the same name panics (a programming error).
func RegisterRecipe(game string, f RecipeFunc) {
	if _, dup := recipes[game]; dup {
		panic(fmt.Sprintf("training: recipe of %s registered twice", game))
	}
	recipes[game] = f
}

// RecipeFor is the recipe of g's configuration; ok is false where the game
// has none (self-play from random weights is then the way).
func RecipeFor(g engine.Game) (Recipe, bool) {
	f, ok := recipes[g.Spec().Name]
	if !ok {
		return Recipe{}, false
	}
	return f(g.Params())
}

// RecipeGames lists the games with a registered recipe, sorted.
func RecipeGames() []string {
	var names []string
	for n := range recipes {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Config is the recipe's settings over base (the defaults with the run's
// seed), then over are the caller's settings on top (flags override the
// recipe).
func (r Recipe) Config(base Config, over string) (Config, error) {
	cfg, err := ParseConfig(r.Settings, base)
	if err != nil {
		return Config{}, fmt.Errorf("the recipe's settings: %w", err)
	}
	return ParseConfig(over, cfg)
}

// ImitationFor is the recipe's imitation for a run of cfg: its seed and
// its margins are the run's. ok is false when the recipe has none.
func (r Recipe) ImitationFor(cfg Config) (ImitateConfig, bool) {
	if r.Imitation == nil {
		return ImitateConfig{}, false
	}
	ic := *r.Imitation
	ic.Seed = cfg.Seed
	ic.Margin, ic.MarginScale, ic.MarginAhead = cfg.Margin, cfg.MarginScale, cfg.MarginAhead
	return ic, true
}
