package seat

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

// Level is an opponent a front end may offer for one configuration of a
// game, by name ("easy: heuristic"), with the agent spec that plays it.
// The levels of a configuration come weakest first; those the
// configuration lacks (no expert for the game, no built-in model for
// these parameters, an agent the server does not offer) are listed too,
// not Available, with the reason in Why, so that a lobby can say so.
type Level struct {
	// Name is the level's name for people: "easy: heuristic".
	Name string `json:"name"`
	// Spec is the agent spec that plays it: a start's seat.
	Spec string `json:"spec"`
	// Available tells whether Spec can play this configuration here.
	Available bool `json:"available"`
	// Why says why not, when not Available.
	Why string `json:"why,omitempty"`
	// Default marks the one level a lobby should offer first: the
	// strongest Available level that answers within a second on a 2-core
	// machine (docs/web.md, "Opponent levels").
	Default bool `json:"default,omitempty"`
}

// levelSims is, per game, the az search budget of the strongest level:
// the largest of 50, 100, 200, ... simulations (doubling) whose longest
// reply to a person stayed under a second on a 2-core machine, measured
// by TestMeasureLevels (-levels.measure; the default configuration,
// walking-moon's with rules=advanced) at a load average of 2 to 3 (the
// machine shared); docs/web.md "Opponent levels" has the figures, and
// those of a run at load 6 to 10, 3 to 8 times slower. Tic-tac-toe's tree
// is so small that any budget answers at once. A game not listed gets
// defaultLevelSims.
var levelSims = map[string]int{
	"tictactoe":    800,
	"planet-cubes": 3200,
	"lunar-rally":  200,
	"walking-moon": 800,
	"welcome-moon": 3200,
	"march-mars":   800,
}

const defaultLevelSims = 100

// LevelSpec is the agent spec of the strongest level of a game: the
// built-in network with the search budget that answers within a second.
func LevelSpec(game string) string {
	sims, ok := levelSims[game]
	if !ok {
		sims = defaultLevelSims
	}
	return fmt.Sprintf("az:model=%s,sims=%d", models.Builtin, sims)
}

// builtins is the games and configurations of the built-in models, read
// once from their metadata.
var builtins = sync.OnceValues(func() ([]models.BuiltinModel, error) { return models.BuiltinModels() })

// builtinFor tells whether a built-in model plays g's configuration, and
// if not, why not.
func builtinFor(g engine.Game) (bool, string) {
	all, err := builtins()
	if err != nil {
		return false, "built-in models unavailable: " + err.Error()
	}
	name, params := g.Spec().Name, g.Params().String()
	var others []string
	for _, b := range all {
		if b.Game != name {
			continue
		}
		if b.Params.String() == params {
			return true, ""
		}
		others = append(others, apartFromDefaults(g.Spec(), b.Params))
	}
	if len(others) == 0 {
		return false, "no built-in model for " + name
	}
	return false, fmt.Sprintf("no built-in model for this configuration of %s (built-in: %s)", name, strings.Join(others, "; "))
}

// apartFromDefaults says the parameters of p that differ from spec's
// defaults, k=v,k=v ("the defaults" when none does).
func apartFromDefaults(spec engine.Spec, p engine.Params) string {
	return cmp.Or(p.ApartFrom(spec), "the defaults")
}

// levelKinds are the kinds of agent a level may be, with what a person
// is told of each.
var levelKinds = map[string]string{
	"random":    "random moves",
	"heuristic": "heuristic",
	"expert":    "expert (the heuristic, looking ahead)",
	"net":       "learned network",
	"az":        "learned + search",
}

// levelNames name the levels weakest first.
var levelNames = []string{"beginner", "easy", "medium", "strong", "strongest"}

// levelOrder is, per game, the kinds of its levels weakest first where it
// differs from defaultLevelOrder, from the strength measured
// (docs/benchmarks/learning.md): at March on Mars the expert team wins
// 0.193 [0.170, 0.219] of its 4-marine games, the team of
// az:model=builtin,sims=400 0.127 [0.117, 0.138] (and the network at the
// budget that answers within a second is weaker still: at 100 simulations
// of the PUCT root the 2-marine team stays under the heuristic team; the
// Gumbel root lifts it to 0.116 there, docs/training.md, unmeasured at
// the level's budget).
var levelOrder = map[string][]string{
	"march-mars": {"random", "heuristic", "net", "az", "expert"},
}

var defaultLevelOrder = []string{"random", "heuristic", "expert", "net", "az"}

// Levels lists the opponent levels of g's configuration, weakest first,
// with the default marked: by default "beginner: random moves", "easy:
// heuristic", "medium: expert ...", "strong: learned network" (net with the
// built-in model) and "strongest: learned + search" (az with the built-in
// model, at the game's budget that answers within a second); levelOrder
// reorders them where a game's measured strengths differ. A level the
// configuration or the server lacks is listed with Available false and
// the reason. The default is the strongest available level.
func (sv *Service) Levels(g engine.Game) []Level {
	name := g.Spec().Name
	order, ok := levelOrder[name]
	if !ok {
		order = defaultLevelOrder
	}
	specs := map[string]string{
		"random": "random", "heuristic": "heuristic", "expert": "expert",
		"net": "net:model=" + models.Builtin, "az": LevelSpec(name),
	}
	if sims := levelSims[name]; sims > sv.limits.MaxSims && sv.limits.MaxSims > 0 {
		specs["az"] = fmt.Sprintf("az:model=%s,sims=%d", models.Builtin, sv.limits.MaxSims) // --max-sims
	}
	levels := make([]Level, len(order))
	for i, kind := range order {
		levels[i] = Level{Name: levelNames[i] + ": " + levelKinds[kind], Spec: specs[kind]}
	}
	model, noModel := builtinFor(g)
	for i := range levels {
		l := &levels[i]
		kind, _, _ := strings.Cut(l.Spec, ":")
		switch {
		case !sv.allowed(kind):
			l.Why = "this server does not offer " + kind
		case usesModel(l.Spec) && !model:
			l.Why = noModel
		default:
			if err := sv.limits.CheckAgent(l.Spec); err != nil {
				l.Why = err.Error()
				break
			}
			if !usesModel(l.Spec) {
				// Hand-written agents are cheap to make: try.
				if _, err := agents.New(g, l.Spec, 0); err != nil {
					switch {
					case errors.Is(err, agents.ErrNoHeuristic):
						l.Why = "no heuristic for " + name
					case errors.Is(err, agents.ErrNoExpert):
						l.Why = "no expert player for " + name
					default:
						l.Why = err.Error()
					}
					break
				}
			}
			l.Available = true
		}
	}
	for i := len(levels) - 1; i >= 0; i-- {
		if levels[i].Available {
			levels[i].Default = true
			break
		}
	}
	return levels
}
