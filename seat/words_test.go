package seat

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestSeatViewLabelsAndResult: a seat view labels each legal move
// (engine.ActionLabel, parallel to legal) and, at the end, says the result
// in a sentence for its seat. Through both transports.
func TestSeatViewLabelsAndResult(t *testing.T) {
	for _, c := range clients(t, NewService(Limits{}, nil)) {
		t.Run(c.name(), func(t *testing.T) {
			id := "words-" + c.name()
			must[View](t, c, "start", "", map[string]any{"session": id, "game": "tictactoe", "seed": 1,
				"seats": []string{"human", "heuristic"}})
			for {
				v, _ := getSeat(t, c, id, 0)
				if v.Terminal {
					if len(v.Labels) != 0 || len(v.Legal) != 0 {
						t.Errorf("moves at the end: %v %v", v.Legal, v.Labels)
					}
					if !strings.Contains(v.Result, "lost") && !strings.Contains(v.Result, "draw") {
						t.Errorf("result %q: p0 playing the first free square neither lost nor drew", v.Result)
					}
					break
				}
				if v.Result != "" {
					t.Errorf("a result during the game: %q", v.Result)
				}
				if len(v.Labels) != len(v.Legal) || len(v.Legal) == 0 {
					t.Fatalf("labels %v for legal %v", v.Labels, v.Legal)
				}
				for i, l := range v.Labels {
					if l == "" {
						t.Errorf("move %s has no label", v.Legal[i].Name)
					}
				}
				must[SeatView](t, c, "move", id, map[string]any{"action": v.Legal[0].Action, "seat": 0, "seat_view": true, "ai": true})
			}
		})
	}
}

// TestResultOfEveryGame: every game's end says its result for each seat
// and for a spectator (no seat: the whole view, /web/whole), as the
// seat view and the page show it. Random games, two seeds.
func TestResultOfEveryGame(t *testing.T) {
	for _, spec := range engine.Games() {
		g, err := engine.Load(spec.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(2) {
			rng := rand.New(rand.NewPCG(seed, 1))
			s := g.NewInitialState()
			for !s.IsTerminal() {
				if s.CurrentPlayer() == engine.Chance {
					s.Apply(engine.SampleOutcome(s.ChanceOutcomes(nil), rng.Float64()))
					continue
				}
				legal := s.LegalActions(nil)
				s.Apply(legal[rng.IntN(len(legal))])
			}
			for p := engine.Terminal; int(p) < g.NumPlayers(); p++ {
				if p == engine.Chance {
					continue
				}
				if r := engine.Result(s, p); r == "" {
					t.Errorf("%s seed %d: no result for %v", spec.Name, seed, p)
				} else if seed == 0 && p == engine.Terminal {
					t.Logf("%s: %s", spec.Name, r)
				}
			}
		}
	}
}
