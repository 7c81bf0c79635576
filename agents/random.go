package agents

import (
	"fmt"
	"math/rand/v2"

	"github.com/moongym/moongym/engine"
)

func init() {
	Register(Info{
		Name:    "random",
		Doc:     "picks a legal action uniformly at random",
		Options: []Option{{Name: "seed", Default: "", Doc: "random seed (default: the one the caller gives)"}},
		New: func(ctx Context) (Agent, error) {
			return NewRandom(ctx.Seed), nil
		},
	})
}

// Random picks uniformly among the legal actions.
type Random struct {
	rng   *rand.Rand
	legal []engine.Action
}

// NewRandom makes a random agent with its own seeded generator.
func NewRandom(seed uint64) *Random {
	return &Random{rng: NewRNG(seed)}
}

// NewRNG is the seeded generator agents use.
func NewRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6167656e74)) }

// Act picks a legal action uniformly.
func (r *Random) Act(s engine.State) (engine.Action, error) {
	if err := CheckToAct(s); err != nil {
		return 0, err
	}
	r.legal = s.LegalActions(r.legal)
	return r.legal[r.rng.IntN(len(r.legal))], nil
}

// Policy is uniform over the legal actions.
func (r *Random) Policy(s engine.State) ([]ActionProb, error) {
	if err := CheckToAct(s); err != nil {
		return nil, err
	}
	legal := s.LegalActions(nil)
	out := make([]ActionProb, len(legal))
	for i, a := range legal {
		out[i] = ActionProb{a, 1 / float64(len(legal))}
	}
	return out, nil
}

// CheckToAct returns an error wrapping ErrNotToAct unless a seat is to act in s.
func CheckToAct(s engine.State) error {
	if p := s.CurrentPlayer(); p < 0 {
		return fmt.Errorf("%w: current player is %s", ErrNotToAct, p)
	}
	return nil
}
