package welcomemoon

import "testing"

// TestA1TieBreakCountsCircledErrors: "In case of a tie, the player with the
// least System Error boxes crossed off is the winner." In Adventure 1 a
// System Error box is circled when the error is taken and crossed off only
// when rockets pay it, so the engine counts the circled boxes, paid or not,
// as the System Errors used (docs/rules/welcome-moon.md, interpretation 18).
func TestA1TieBreakCountsCircledErrors(t *testing.T) {
	g := testGame(t, 1, 2, 1)
	for _, c := range []struct {
		name            string
		errors, rockets [2]int
		score           int
		wantP0          float64
	}{
		// 12 rockets: 45; 15 rockets and 3 outstanding errors: 60 - 15. No
		// box is crossed off on either sheet: the literal reading ties.
		{"outstanding circled errors count", [2]int{0, 3}, [2]int{12, 15}, 45, 1},
		// 31 rockets: 150; the 32nd rocket pays the only error: 150.
		{"paid errors count", [2]int{1, 0}, [2]int{32, 31}, 150, -1},
		{"equal errors tie", [2]int{1, 1}, [2]int{32, 32}, 150, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := g.NewInitialState().(*State)
			for p := 0; p < 2; p++ {
				for range c.errors[p] {
					s.markError(p)
				}
				g.lay.a1.crossRockets(s, p, c.rockets[p])
				if got := s.Score(p); got != c.score {
					t.Fatalf("p%d scores %d, want %d", p, got, c.score)
				}
			}
			s.phase = phOver
			if r := s.Returns(nil); r[0] != c.wantP0 || r[1] != -c.wantP0 {
				t.Errorf("returns %v, want p0 %v", r, c.wantP0)
			}
		})
	}
}
