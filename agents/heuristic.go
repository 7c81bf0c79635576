package agents

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/moongym/moongym/engine"
)

// Heuristic is a game's hand-written knowledge. Each game's heuristic package
// registers one with RegisterHeuristic; the "heuristic" agent spec uses it.
type Heuristic struct {
	// New makes the game's heuristic agent (required).
	New func(g engine.Game, seed uint64) (Agent, error)
	// Evaluate scores s for every seat, higher is better, ideally within
	// [g.MinUtility(), g.MaxUtility()] (optional: greedy agents and search
	// leaves use it).
	Evaluate func(s engine.State, dst []float64) []float64
	// Expert makes a stronger, slower hand-written player where the game
	// has one (optional): an imitation can learn from it instead of New's
	// player (moongym imitate --expert), and the "expert" agent plays it.
	Expert func(g engine.Game, seed uint64) (Agent, error)
}

// ErrNoExpert: the game's heuristic has no expert player.
var ErrNoExpert = errors.New("no expert player for this game")

// ExpertFor finds a game's expert player (Heuristic.Expert); the error
// lists the games that have one.
func ExpertFor(game string) (func(g engine.Game, seed uint64) (Agent, error), error) {
	heuristics.RLock()
	defer heuristics.RUnlock()
	if h, ok := heuristics.m[game]; ok && h.Expert != nil {
		return h.Expert, nil
	}
	var names []string
	for n, h := range heuristics.m {
		if h.Expert != nil {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return nil, fmt.Errorf("%w: %s (games with one: %s)", ErrNoExpert, game, strings.Join(names, ", "))
}

var heuristics = struct {
	sync.RWMutex
	m map[string]Heuristic
}{m: map[string]Heuristic{}}

// RegisterHeuristic adds a game's heuristic, by game name. Call it from init().
func RegisterHeuristic(game string, h Heuristic) {
	if h.New == nil {
		panic("agents: RegisterHeuristic with nil New")
	}
	heuristics.Lock()
	defer heuristics.Unlock()
	if _, dup := heuristics.m[game]; dup {
		panic("agents: RegisterHeuristic called twice for " + game)
	}
	heuristics.m[game] = h
}

// HeuristicFor finds a game's heuristic; the error lists the games that have one.
func HeuristicFor(game string) (Heuristic, error) {
	heuristics.RLock()
	defer heuristics.RUnlock()
	h, ok := heuristics.m[game]
	if !ok {
		names := make([]string, 0, len(heuristics.m))
		for n := range heuristics.m {
			names = append(names, n)
		}
		sort.Strings(names)
		return Heuristic{}, fmt.Errorf("%w: %s (games with one: %s)", ErrNoHeuristic, game, strings.Join(names, ", "))
	}
	return h, nil
}

func init() {
	newHeuristic := func(game string) (func(engine.Game, uint64) (Agent, error), error) {
		h, err := HeuristicFor(game)
		return h.New, err
	}
	registerHandWritten("heuristic", "the game's hand-written heuristic player", newHeuristic)
	registerHandWritten("expert", "the game's stronger, slower hand-written player, where it has one (lunar-rally: the heuristic previewing against its guess of the other players' programs; welcome-moon: the heuristic also valuing the Adventure 3 races on their way; march-mars: the heuristic team trying each programmed die, result and hit by rollouts of the rest of the turn)", ExpertFor)
}

// registerHandWritten registers an agent spec that plays the player find
// gives for the game, seeded with the spec's seed.
func registerHandWritten(name, doc string, find func(game string) (func(engine.Game, uint64) (Agent, error), error)) {
	Register(Info{
		Name:    name,
		Doc:     doc,
		Options: []Option{{Name: "seed", Default: "", Doc: "random seed for tie-breaks (default: the one the caller gives)"}},
		New: func(ctx Context) (Agent, error) {
			mk, err := find(ctx.Game.Spec().Name)
			if err != nil {
				return nil, err
			}
			return mk(ctx.Game, ctx.Seed)
		},
	})
}
