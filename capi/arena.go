package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/seeds"
)

// arenaConfig is what mg_arena plays: the game, the entrants (agent specs,
// "@H" for the Python policy of handle H) with their names, and the
// arena's settings (arena.Config).
type arenaConfig struct {
	game, params string
	entrants     []string
	names        []string
	games        int
	seed         uint64
	opening      int
	parallel     int
}

// arenaGame is one game of the tournament as mg_arena reports it.
type arenaGame struct {
	Index   int       `json:"index"`
	Seed    uint64    `json:"seed"`
	Seats   []int     `json:"seats"`
	Returns []float64 `json:"returns"`
	Scores  []float64 `json:"scores"`
	// Actions are the game's actions, chance outcomes included, as its
	// record holds them.
	Actions []engine.Action `json:"actions"`
}

// arenaResult is mg_arena's JSON: the report arena.Summarize makes (what
// "moongym arena --json" writes) and every game.
type arenaResult struct {
	Report *arena.Report `json:"report"`
	Games  []arenaGame   `json:"games"`
}

// runArena plays the tournament with package arena (arena.Run with
// entrants, arena.Summarize): the same seating, seeds, games and
// statistics (the 95% Wilson intervals of the win rates included) as
// "moongym arena" for the same agents and seed. A Python policy's agent is
// made for every game and seat with the seed the arena gives, and tells
// the policy that seed and the game's index.
func runArena(c arenaConfig) (string, error) {
	p, err := engine.ParseParams(c.params)
	if err != nil {
		return "", err
	}
	g, err := loadGame(c.game, p)
	if err != nil {
		return "", err
	}
	if len(c.names) != len(c.entrants) {
		return "", fmt.Errorf("%w: %d names for %d entrants", errBadArgument, len(c.names), len(c.entrants))
	}
	pols, err := resolvePolicies(c.entrants, g)
	if err != nil {
		return "", err
	}
	if c.games < 1 || c.games > 1<<24 {
		return "", fmt.Errorf("%w: %d games (want 1..%d)", errBadArgument, c.games, 1<<24)
	}
	var gameOf map[uint64]int64
	ents := make([]arena.Entrant, len(c.entrants))
	for i, spec := range c.entrants {
		if pol := pols[i]; pol != nil {
			if gameOf == nil {
				gameOf = agentSeedGames(c.seed, c.games, g.NumPlayers())
			}
			ents[i] = arena.Entrant{Name: c.names[i], New: func(seed uint64) (agents.Agent, error) {
				gi, ok := gameOf[seed]
				if !ok {
					gi = -1
				}
				return pol.agent(seed, gi), nil
			}}
			continue
		}
		ent := arena.SpecEntrant(g, spec)
		ent.Name = c.names[i]
		newAgent := ent.New
		ent.New = func(seed uint64) (agents.Agent, error) {
			a, err := newAgent(seed)
			return a, agentError(err)
		}
		ents[i] = ent
	}
	cfg := arena.Config{Game: g, Entrants: ents, Games: c.games, Seed: c.seed, Opening: c.opening, Parallel: c.parallel}
	results, err := arena.Run(context.Background(), cfg)
	if err != nil {
		return "", err
	}
	rep, err := arena.Summarize(g, c.names, c.seed, results)
	if err != nil {
		return "", err
	}
	rep.Opening = c.opening
	out := arenaResult{Report: rep, Games: make([]arenaGame, len(results))}
	for i, r := range results {
		out.Games[i] = arenaGame{Index: r.Index, Seed: r.Seed, Seats: r.Seats, Returns: r.Returns, Scores: r.Scores}
		if r.Record != nil {
			out.Games[i].Actions = r.Record.Actions
		}
	}
	b, err := json.Marshal(out)
	return string(b), err
}

// agentSeedGames maps the seed the arena gives the agent of every seat of
// every game to the game's index: game i's seed is arena.GameSeed(seed,
// i), and seat j's agent gets seeds.Mix(game seed + j + 1) (arena's
// playOne; TestArenaAgentSeeds checks the two agree).
func agentSeedGames(seed uint64, games, seats int) map[uint64]int64 {
	m := make(map[uint64]int64, games*seats)
	for i := 0; i < games; i++ {
		gs := arena.GameSeed(seed, i)
		for j := 0; j < seats; j++ {
			m[seeds.Mix(gs+uint64(j)+1)] = int64(i)
		}
	}
	return m
}

// splitLines cuts a C list argument, one entry a line (empty lines
// dropped, spaces trimmed).
func splitLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}
