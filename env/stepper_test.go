package env_test

import (
	"errors"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/env"
)

// TestStepperSteps: a Stepper plays every registered game without
// allocating of its own after the first steps, refuses an illegal action
// with nothing changed, and refuses a step before Reset and after the end.
func TestStepperSteps(t *testing.T) {
	for _, spec := range engine.Games() {
		t.Run(spec.Name, func(t *testing.T) {
			g, err := engine.Load(spec.Name, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := env.NewStepper(g, 40)
			rewards := make([]float64, g.NumPlayers())
			if _, _, err := s.Step(0, rewards); !errors.Is(err, env.ErrNotStarted) {
				t.Fatalf("Step before Reset: %v", err)
			}
			s.Reset(3)
			legal := make([]engine.Action, 0, g.NumActions())
			for !s.Done() {
				before, _ := s.State().MarshalJSON()
				if _, _, err := s.Step(engine.Action(g.NumActions()), rewards); !errors.Is(err, engine.ErrIllegalAction) {
					t.Fatalf("an action out of range: %v", err)
				}
				if after, _ := s.State().MarshalJSON(); string(after) != string(before) {
					t.Fatalf("a refused action changed the state")
				}
				step := func() {
					if s.Done() {
						return
					}
					legal = s.State().LegalActions(legal)
					if _, _, err := s.Step(legal[s.Steps()%len(legal)], rewards); err != nil {
						t.Fatal(err)
					}
				}
				if n := testing.AllocsPerRun(1, step); n != 0 {
					t.Fatalf("a step allocates %v times after %d steps", n, s.Steps())
				}
			}
			if _, _, err := s.Step(0, rewards); !errors.Is(err, env.ErrEpisodeOver) || !errors.Is(err, env.ErrNotReset) {
				t.Fatalf("Step after the end: %v", err)
			}
		})
	}
}
