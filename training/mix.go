package training

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

// A mix is the configurations of a game that one network learns from at
// once (ImitateConfig.Mix, Trainer.SetMix): configurations of the same
// game whose observations, actions and seats have the same shapes, only
// their parameters differing (Welcome to the Moon's ASTRA levels, Lunar
// Rally's scenarios), or with more seats where the network reads them
// through the seat view (models.Shapes.Reads: Welcome to the Moon's player
// counts, whose observation has a section per seat; their positions are
// recorded through it, mixGames.view). An imitation over a mix plays game number i
// (imitation.Seeds.Game) in configuration i mod n, in the mix's order,
// and learns from the positions of every game together. The first
// configuration is the game's own (the run's parameters, the model's
// Params); the model files of a run over a mix list the others as the
// configurations the network plays (models.Model.Covers).
//
// Its text lists the configurations' parameters as engine.Params.String
// writes them (every default filled in), separated by mixSep; "" is the
// game's own configuration alone, as is a mix of one.
const mixSep = ";"

// mixGames are the games of an imitation's configurations: game number
// `game` is played in of(game). A mix of one game is the game alone.
type mixGames []engine.Game

// of is the game that game number `game` is played in: the configuration
// game mod len(m).
func (m mixGames) of(game int) engine.Game {
	n := len(m)
	return m[((game%n)+n)%n]
}

// view is how the network of the mix's first configuration reads the
// observations of game number `game`'s configuration
// (models.Shapes.Projection): nil where its shapes are the first's, the
// seat view's projection where it has more seats.
func (m mixGames) view(game int) func(full, dst []float32) {
	proj, _ := models.ShapesOf(m[0]).Projection(m.of(game)) // loadMix checked that it reads it
	return proj
}

// MixText is the text of the mix of configs over g (ImitateConfig.Mix,
// Trainer.SetMix): each a configuration of g's game (parameters, defaults
// filled in by loading it), the first g's own. A mix of one configuration
// is "" (g alone). A configuration that does not load, has other shapes
// than g (observation, actions, seats) that g's network does not read
// through a seat view, is given twice, or whose
// parameters cannot be written in a mix's text is an error wrapping
// ErrBadImitation.
func MixText(g engine.Game, configs []engine.Params) (string, error) {
	texts := make([]string, len(configs))
	for i, p := range configs {
		c, err := engine.Load(g.Spec().Name, p)
		if err != nil {
			return "", fmt.Errorf("%w: mix configuration %d (%s): %w", ErrBadImitation, i+1, p, err)
		}
		texts[i] = c.Params().String()
	}
	if len(texts) <= 1 {
		if len(texts) == 1 && texts[0] != g.Params().String() {
			return "", fmt.Errorf("%w: the mix's first configuration %s is not the game's own (%s)", ErrBadImitation, texts[0], g.Params())
		}
		return "", nil
	}
	text := strings.Join(texts, mixSep)
	if _, err := loadMix(g, text); err != nil {
		return "", err
	}
	return text, nil
}

// mixParams reads a mix's text: the parameters of its configurations, in
// order (none for "").
func mixParams(text string) ([]engine.Params, error) {
	if text == "" {
		return nil, nil
	}
	parts := strings.Split(text, mixSep)
	out := make([]engine.Params, len(parts))
	for i, s := range parts {
		p, err := engine.ParseParams(s)
		if err != nil {
			return nil, fmt.Errorf("%w: mix configuration %d: %w", ErrBadImitation, i+1, err)
		}
		out[i] = p
	}
	return out, nil
}

// loadMix loads the games of the mix text over g: g itself for the first
// configuration (which must be g's own) and for "", the others loaded and
// checked to have g's shapes and to appear once (errors wrapping
// ErrBadImitation).
func loadMix(g engine.Game, text string) (mixGames, error) {
	params, err := mixParams(text)
	if err != nil || len(params) == 0 {
		return mixGames{g}, err
	}
	own := g.Params().String()
	if params[0].String() != own {
		return nil, fmt.Errorf("%w: the mix's first configuration %s is not the game's own (%s)", ErrBadImitation, params[0], own)
	}
	games := mixGames{g}
	seen := []string{own}
	for i, p := range params[1:] {
		c, err := loadMixConfig(g, p, i+2)
		if err != nil {
			return nil, err
		}
		s := c.Params().String()
		if slices.Contains(seen, s) {
			return nil, fmt.Errorf("%w: mix configuration %d (%s) is given twice", ErrBadImitation, i+2, s)
		}
		seen = append(seen, s)
		games = append(games, c)
	}
	return games, nil
}

// loadMixConfig loads p, configuration number n (from 1) of a mix over g,
// as a game of g's shapes (or one g's network reads through a seat view)
// whose parameters its text writes back as they are.
func loadMixConfig(g engine.Game, p engine.Params, n int) (engine.Game, error) {
	c, err := engine.Load(g.Spec().Name, p)
	if err != nil {
		return nil, fmt.Errorf("%w: mix configuration %d (%s): %w", ErrBadImitation, n, p, err)
	}
	switch {
	case models.ShapesOf(g).Reads(c) != nil:
		return nil, fmt.Errorf("%w: mix configuration %d (%s) has observations %v, %d actions and %d seats, the game's own (%s) %v, %d and %d: one network cannot learn both (it reads other seat counts only through the seat view: more seats than its own, each a section of its own)",
			ErrBadImitation, n, c.Params(), c.ObservationShape(), c.NumActions(), c.NumPlayers(), g.Params(), g.ObservationShape(), g.NumActions(), g.NumPlayers())
	case c.Params().String() != p.String() || strings.Contains(p.String(), mixSep):
		return nil, fmt.Errorf("%w: mix configuration %d (%s) cannot be written in a mix (a value with %q, or parameters its game changes)", ErrBadImitation, n, p, mixSep)
	}
	return c, nil
}

// imitationGames are the games of cfg's imitation of g: those of its mix
// (cfg.Mix), or g alone.
func imitationGames(g engine.Game, cfg ImitateConfig) (mixGames, error) {
	return loadMix(g, cfg.Mix)
}

// imitationGame is the game that game number `game` of cfg's imitation of
// g is played in (its mix's configuration game mod n), loading that one
// configuration only.
func imitationGame(g engine.Game, cfg ImitateConfig, game int) (engine.Game, error) {
	params, err := mixParams(cfg.Mix)
	if err != nil || len(params) <= 1 {
		return g, err
	}
	n := len(params)
	k := ((game % n) + n) % n
	if params[0].String() != g.Params().String() {
		return nil, fmt.Errorf("%w: the mix's first configuration %s is not the game's own (%s)", ErrBadImitation, params[0], g.Params())
	}
	if k == 0 {
		return g, nil
	}
	return loadMixConfig(g, params[k], k+1)
}

// mixDescription is the mix's configurations for a provenance line, each
// by the parameters in which some configuration differs from the first
// ("astra=1; astra=2"); "" for no mix.
func mixDescription(text string) string {
	params, err := mixParams(text)
	if err != nil || len(params) <= 1 {
		return ""
	}
	var keys []string
	for _, p := range params[1:] {
		for k, v := range p {
			if params[0][k] != v && !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	parts := make([]string, len(params))
	for i, p := range params {
		kv := make([]string, len(keys))
		for j, k := range keys {
			kv[j] = k + "=" + p[k]
		}
		parts[i] = strings.Join(kv, ",")
	}
	return strings.Join(parts, "; ")
}

// errMixSelfPlay: a run over a mix was asked to self-play.
var errMixSelfPlay = errors.New("self-play over a mix of configurations is not built: a run over a mix learns by imitation only (its recipe's imitation, moongym imitate)")

// mixCovers are the configurations of the mix text over g but the first
// (g's own): a run's model files list them as the network's Covers.
func mixCovers(g engine.Game, text string) ([]engine.Params, error) {
	games, err := loadMix(g, text)
	if err != nil || len(games) <= 1 {
		return nil, err
	}
	covers := make([]engine.Params, 0, len(games)-1)
	for _, c := range games[1:] {
		covers = append(covers, c.Params().Clone())
	}
	return covers, nil
}

// Mix is the text of the run's mix of configurations (MixText; "": the
// game's own alone).
func (t *Trainer) Mix() string { return t.ck.Mix }

// SetMix makes the run learn from the mix of configurations text
// (MixText over the run's game; "" or a mix of one: the game's own
// alone): its imitations play their games in the mix's configurations
// (ImitateConfig.Mix), and its model files list the configurations but
// the first as the network's Covers. It is kept in the checkpoint, so a
// resumed run goes on with it. A run over a mix takes no self-play
// iteration (Step refuses). A mix that does not load over the game is an
// error wrapping ErrBadImitation; a run that has begun learning (or
// imitating) takes no new mix (ErrBadConfig).
func (t *Trainer) SetMix(text string) error {
	games, err := loadMix(t.Game, text)
	if err != nil {
		return err
	}
	if len(games) <= 1 {
		text = ""
	}
	if text == t.ck.Mix {
		return nil
	}
	if t.ck.Pending != nil || t.ck.Imitation != "" || len(t.ck.Rounds) > 0 || t.ck.Steps > 0 || t.ck.Iteration > 0 {
		return fmt.Errorf("%w: the run in %s has begun learning with another mix (%q): a run keeps its mix", ErrBadConfig, t.Dir, t.ck.Mix)
	}
	covers, err := mixCovers(t.Game, text)
	if err != nil {
		return err
	}
	t.ck.Mix, t.covers = text, covers
	return nil
}

// imitationMix is cfg with the run's mix: cfg.Mix, when empty, is the
// run's; one given must be the run's, or becomes it when the run can
// still take one (SetMix).
func (t *Trainer) imitationMix(cfg ImitateConfig) (ImitateConfig, error) {
	if cfg.Mix != "" {
		games, err := loadMix(t.Game, cfg.Mix)
		if err != nil {
			return cfg, err
		}
		if len(games) > 1 && cfg.Mix != t.ck.Mix {
			if err := t.SetMix(cfg.Mix); err != nil {
				return cfg, fmt.Errorf("%w: the imitation's mix is not the run's: %w", ErrBadImitation, err)
			}
		}
	}
	cfg.Mix = t.ck.Mix
	return cfg, nil
}
