package seat

import (
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

// TestResultSentence: the sentence made from returns and scores where a
// game has none of its own.
func TestResultSentence(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	s, err := engine.ReplayActions(g, []engine.Action{0, 3, 1, 4, 2}) // X: a1 b1 c1
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[engine.Player]string{0: "won", 1: "lost", -1: "p0 won"} {
		if got := ResultSentence(s, p); !strings.Contains(strings.ToLower(got), want) {
			t.Errorf("seat %d: %q, want %q in it", p, got, want)
		}
	}
	if got := ResultSentence(g.NewInitialState(), 0); got != "" {
		t.Errorf("a result before the end: %q", got)
	}
	for _, c := range []struct {
		scores []float64
		want   string
	}{{[]float64{0, 0}, ""}, {[]float64{0, 64}, "64-0"}, {[]float64{12, 9, 3}, "p0 12, p1 9, p2 3"}} {
		if got := scoreText(c.scores); got != c.want {
			t.Errorf("scoreText(%v) = %q, want %q", c.scores, got, c.want)
		}
	}
}
