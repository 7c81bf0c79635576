package lunarrally

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

func TestActionLabels(t *testing.T) {
	g, err := engine.Load(Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := enginetest.Chance
	enginetest.CheckLabels(t, g, []enginetest.LabelCase{
		{Moves: nil, Action: "p0-first", Want: "p0 (Blue) goes first"},
		{Moves: []string{c}, Action: "", Want: "place Blue Rover 1 on start a2"},
		{Moves: []string{c, ""}, Action: "", Want: "face east"},
		{Moves: []string{c, "", "", "", "", "", "", "", ""}, Action: "fwd", Want: "Blue Rover 1, phase 1: Forward 1"},
		{Moves: []string{c, "", "", "", "", "", "", "", ""}, Action: "laser", Want: "Blue Rover 1, phase 1: Fire Laser"},
		{Moves: []string{c, "", "", "", "", "", "", "", "", "fwd"}, Action: "right", Want: "Blue Rover 1, phase 2: Turn Right"},
	})
}

func TestResults(t *testing.T) {
	g, err := engine.Load(Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckResults(t, g, []enginetest.ResultCase{
		{Seed: 1, Want: []string{"A draw: nobody finished within 40 turns.", "A draw: nobody finished within 40 turns."}},
		{Seed: 2, Want: []string{"A draw: nobody finished within 40 turns.", "A draw: nobody finished within 40 turns."}},
		{Seed: 3, Want: []string{"A draw: nobody finished within 40 turns.", "A draw: nobody finished within 40 turns."}},
	})
}

// TestResultOfAFinish: the race won by one seat, and by two.
func TestResultOfAFinish(t *testing.T) {
	g, err := engine.Load(Name, engine.Params{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState().(*State)
	s.stage, s.end, s.turn = stageOver, endFinish, 7
	cases := []struct {
		winners uint8
		want    [4]string // p0, p1, p2, a spectator
	}{
		{2, [4]string{"You lost: p1 (Green) reached the finish line on turn 7.", "You won: your rover reached the finish line on turn 7.",
			"You lost: p1 (Green) reached the finish line on turn 7.", "p1 (Green) won, reaching the finish line on turn 7."}},
		{5, [4]string{"You shared the win with p2 (Red), reaching the finish line on turn 7.", "You lost: p0 (Blue) and p2 (Red) reached the finish line on turn 7.",
			"You shared the win with p0 (Blue), reaching the finish line on turn 7.", "p0 (Blue) and p2 (Red) won, reaching the finish line on turn 7."}},
	}
	for _, c := range cases {
		s.winners = c.winners
		for p, want := range c.want {
			if p == 3 {
				p = -1
			}
			if got := s.Result(engine.Player(p)); got != want {
				t.Errorf("winners %b, p%d: %q, want %q", c.winners, p, got, want)
			}
		}
	}
}
