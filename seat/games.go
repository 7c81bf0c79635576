package seat

import (
	"slices"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// GameInfo is a game's spec (parameters with their docs) and the sizes of
// its spaces in one configuration.
type GameInfo struct {
	engine.Spec
	Spaces Spaces `json:"spaces"`
	// Levels are the opponents to offer for this configuration, weakest
	// first, the default marked (Service.Levels); in the answer of game
	// only, not of games.
	Levels []Level `json:"levels,omitempty"`
}

// Spaces are the sizes of a configured game, what an RL front end needs.
type Spaces struct {
	// Params is the configuration (defaults filled in) the sizes are for.
	Params            engine.Params `json:"params"`
	Players           int           `json:"players"`
	NumActions        int           `json:"num_actions"`
	MaxChanceOutcomes int           `json:"max_chance_outcomes"`
	ObservationShape  []int         `json:"observation_shape"`
	MaxGameLength     int           `json:"max_game_length"`
	MinUtility        float64       `json:"min_utility"`
	MaxUtility        float64       `json:"max_utility"`
}

func spacesOf(g engine.Game) Spaces {
	return Spaces{
		Params:            g.Params(),
		Players:           g.NumPlayers(),
		NumActions:        g.NumActions(),
		MaxChanceOutcomes: g.MaxChanceOutcomes(),
		ObservationShape:  g.ObservationShape(),
		MaxGameLength:     g.MaxGameLength(),
		MinUtility:        g.MinUtility(),
		MaxUtility:        g.MaxUtility(),
	}
}

// Games describes every registered game in its default configuration.
func (sv *Service) Games() ([]GameInfo, error) {
	out := []GameInfo{}
	for _, spec := range engine.Games() {
		g, err := sv.load(spec.Name, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, GameInfo{Spec: g.Spec(), Spaces: spacesOf(g)})
	}
	return out, nil
}

// Game describes one game in the configuration the request gives.
func (sv *Service) Game(r GameRequest) (GameInfo, error) {
	g, err := sv.load(r.Game, engine.Params(r.Params))
	if err != nil {
		return GameInfo{}, err
	}
	return GameInfo{Spec: g.Spec(), Spaces: spacesOf(g), Levels: sv.Levels(g)}, nil
}

// Agents lists the agents the service offers, with their options.
func (sv *Service) Agents() []agents.Info {
	out := []agents.Info{}
	for _, info := range agents.Registered() {
		if sv.allowed(info.Name) {
			out = append(out, info)
		}
	}
	return out
}

func (sv *Service) allowed(name string) bool {
	if len(sv.limits.Agents) == 0 {
		return true
	}
	return slices.Contains(sv.limits.Agents, name)
}
