package arena

import (
	"fmt"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// Entrant is a tournament player that need not be an agent spec: a name
// for reports and records, and a constructor called once per game with
// that game's seed for the seat (so an in-memory network can play in a
// tournament). New is called from several goroutines at once when games
// are played in parallel; the agents it returns are used by one goroutine
// each.
type Entrant struct {
	Name string
	New  func(seed uint64) (agents.Agent, error)
}

// SpecEntrant is the entrant of an agent spec: it makes agents.New(g,
// spec, seed), exactly what a tournament of specs does.
func SpecEntrant(g engine.Game, spec string) Entrant {
	return Entrant{Name: spec, New: func(seed uint64) (agents.Agent, error) { return agents.New(g, spec, seed) }}
}

// SpecEntrants are the entrants of specs, in order.
func SpecEntrants(g engine.Game, specs []string) []Entrant {
	out := make([]Entrant, len(specs))
	for i, s := range specs {
		out[i] = SpecEntrant(g, s)
	}
	return out
}

// Names are the entrants' names, in order (what Summarize takes).
func Names(entrants []Entrant) []string {
	out := make([]string, len(entrants))
	for i, e := range entrants {
		out[i] = e.Name
	}
	return out
}

// entrants resolves the configuration's players: Agents as specs, or
// Entrants; not both.
func (c Config) entrants() ([]Entrant, error) {
	if len(c.Agents) > 0 && len(c.Entrants) > 0 {
		return nil, fmt.Errorf("%w: give Agents or Entrants, not both", ErrBadConfig)
	}
	if len(c.Entrants) > 0 {
		for i, e := range c.Entrants {
			if e.New == nil {
				return nil, fmt.Errorf("%w: entrant %d (%q) has no constructor", ErrBadConfig, i, e.Name)
			}
		}
		return c.Entrants, nil
	}
	return SpecEntrants(c.Game, c.Agents), nil
}
