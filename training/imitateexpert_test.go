package training

import (
	"errors"
	"slices"
	"testing"

	"github.com/moongym/moongym/agents"
	lrh "github.com/moongym/moongym/agents/heuristics/lunarrally"
	"github.com/moongym/moongym/engine"
	lr "github.com/moongym/moongym/engine/lunarrally"
	"github.com/moongym/moongym/engine/tictactoe"
)

// TestImitateExpert: with Expert the games are played and labelled by the
// game's expert player, move for move, not by its heuristic; a game without
// an expert is refused with both sentinels.
func TestImitateExpert(t *testing.T) {
	if _, err := imitated(tictactoe.Game{}, ImitateConfig{Expert: true}); !errors.Is(err, ErrBadImitation) || !errors.Is(err, agents.ErrNoExpert) {
		t.Errorf("tictactoe has no expert: %v, want ErrBadImitation and agents.ErrNoExpert", err)
	}
	g := engine.MustLoad(lr.Name, nil)
	cfg := ImitateConfig{Games: 1, Smooth: 0.1, Epochs: 1, Seed: 3}
	const game = 0
	base, err := recorder(t, g, cfg).Play(game)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Expert = true
	if _, err := imitated(g, cfg); err != nil {
		t.Fatal(err)
	}
	rec, err := recorder(t, g, cfg).Play(game)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(base.Actions, rec.Actions) {
		t.Fatal("the expert's game is the heuristic's")
	}
	// Replay: every decision is what the expert, seeded as the recorder
	// seeds its seats (imitation.Seeds.Seat), plays, and it is the label.
	seats := make([]agents.Agent, g.NumPlayers())
	for p := range seats {
		seats[p] = lrh.NewExpert(cfg.Seed ^ (uint64(game)*0x9e3779b97f4a7c15 + uint64(p) + 1))
	}
	s := g.NewInitialState()
	var legal []engine.Action
	d := 0
	for _, a := range rec.Actions {
		if p := s.CurrentPlayer(); p != engine.Chance {
			if legal = s.LegalActions(legal); len(legal) > 1 {
				want, err := seats[p].Act(s)
				if err != nil {
					t.Fatal(err)
				}
				if a != want || rec.Asked[d] != want {
					t.Fatalf("decision %d: played %d, labelled %d, the expert plays %d", d, a, rec.Asked[d], want)
				}
				d++
			}
		}
		s.Apply(a)
	}
	if d != len(rec.Asked) || d == 0 {
		t.Errorf("%d decisions replayed, %d labels", d, len(rec.Asked))
	}
}
