package main

import (
	"encoding/json"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/env"
)

// gameEntry describes a registered game for the catalog.
type gameEntry struct {
	engine.Spec
	// TestConfigs are the configurations the Go conformance suite plays,
	// with defaults filled in.
	TestConfigs []engine.Params `json:"test_configs"`
}

// catalog is the JSON that mg_catalog returns: every game and agent.
func catalog() (string, error) {
	var out struct {
		Games  []gameEntry   `json:"games"`
		Agents []agents.Info `json:"agents"`
	}
	for _, spec := range engine.Games() {
		e := gameEntry{Spec: spec}
		for _, cfg := range enginetest.Configs(spec) {
			g, err := engine.Load(spec.Name, cfg)
			if err != nil {
				return "", err
			}
			e.TestConfigs = append(e.TestConfigs, g.Params())
		}
		out.Games = append(out.Games, e)
	}
	out.Agents = agents.Registered()
	b, err := json.Marshal(out)
	return string(b), err
}

// gameInfo is what an environment's Python side needs to build its spaces.
type gameInfo struct {
	Name          string        `json:"name"`
	Title         string        `json:"title"`
	Params        engine.Params `json:"params"`
	NumPlayers    int           `json:"num_players"`
	NumActions    int           `json:"num_actions"`
	Shape         []int         `json:"shape"`
	Low           float64       `json:"low"`
	High          float64       `json:"high"`
	Bounded       bool          `json:"bounded"`
	MaxGameLength int           `json:"max_game_length"`
	MinUtility    float64       `json:"min_utility"`
	MaxUtility    float64       `json:"max_utility"`
	Seat          int           `json:"seat"`
	Opponents     []string      `json:"opponents"`
	NumRewards    int           `json:"num_rewards"`
	// SeatSections is [per seat, sections, global] where the observation
	// is one section per seat, the observer's first, then a global one
	// (engine.ObservationSeats; what a model's seat view reads), absent
	// otherwise.
	SeatSections []int `json:"seat_sections,omitempty"`
	// SeatSlots is the number of seat slots where the observation keeps a
	// fixed number of them, the observer's first, absent seats zero
	// (engine.ObservationSlots; what a model's seat view reads), absent
	// otherwise.
	SeatSlots int `json:"seat_slots,omitempty"`
}

// info describes a slot's game and configuration as JSON.
func (s *slot) info() (string, error) {
	box := env.ObservationSpace(s.game)
	_, bounded := s.game.(engine.ObservationBounder)
	i := gameInfo{
		Name:          s.game.Spec().Name,
		Title:         s.game.Spec().Title,
		Params:        s.game.Params(),
		NumPlayers:    s.game.NumPlayers(),
		NumActions:    s.game.NumActions(),
		Shape:         box.Shape,
		Bounded:       bounded,
		MaxGameLength: s.game.MaxGameLength(),
		MinUtility:    s.game.MinUtility(),
		MaxUtility:    s.game.MaxUtility(),
		Seat:          s.cfg.seat,
		Opponents:     s.opponentNames(),
		NumRewards:    s.numRewards(),
	}
	if bounded {
		i.Low, i.High = float64(box.Low), float64(box.High)
	}
	if per, sec, glob, ok := engine.ObservationSeats(s.game); ok {
		i.SeatSections = []int{per, sec, glob}
	}
	if slots, ok := engine.ObservationSlots(s.game); ok {
		i.SeatSlots = slots
	}
	b, err := json.Marshal(i)
	return string(b), err
}
